// companion's page: the live view over one WebSocket; taps are sent back as they are.
// The server sends {"view": html} after every change (html it escaped), or {"refused": text}.
"use strict";
(function () {
  var ws = null, wait = 500, refused = false;
  var link = document.getElementById("link");
  var url = location.href.replace(/^http/, "ws").replace(/[?#].*$/, "").replace(/\/?$/, "/ws");

  function view() { return document.getElementById("view"); }
  function rev() { var v = view(); return v ? Number(v.dataset.rev) : -1; }

  function show(html) {
    var v = view();
    var tmp = document.createElement("div");
    tmp.innerHTML = html;
    v.replaceWith(tmp.firstElementChild);
  }

  function connect() {
    ws = new WebSocket(url);
    ws.onopen = function () { wait = 500; link.hidden = true; };
    ws.onmessage = function (event) {
      var data = JSON.parse(event.data);
      if (data.view !== undefined) { show(data.view); }
      document.body.dataset.live = "1";  // the game as the server has it now
      if (data.refused !== undefined) {  // revoked, or too many pages: the game is gone
        refused = true;
        var gone = document.createElement("p");
        gone.id = "view";
        gone.className = "gone";
        gone.setAttribute("role", "alert");
        gone.textContent = data.refused;
        view().replaceWith(gone);
        link.hidden = true;
      }
    };
    ws.onclose = function () {
      if (refused) { return; }
      link.textContent = link.dataset.lost;
      link.hidden = false;
      setTimeout(connect, wait);  // reconnects by itself; the server sends the game as it is
      wait = Math.min(wait * 2, 5000);
    };
  }

  function send(op, arg) {
    if (!ws || ws.readyState !== WebSocket.OPEN) { return; }
    ws.send(JSON.stringify({ op: op, arg: arg, rev: rev() }));
  }

  document.addEventListener("click", function (event) {
    var b = event.target.closest("button[data-op]");
    if (!b || b.disabled) { return; }
    event.preventDefault();
    send(b.dataset.op, b.dataset.arg === undefined ? null : JSON.parse(b.dataset.arg));
  });
  // a name typed into a form (the one thing not tapped) is kept as it changes
  document.addEventListener("change", function (event) {
    var input = event.target.closest("input[data-field]");
    if (!input) { return; }
    send("set", [input.dataset.where, input.dataset.field, input.value]);
  });
  connect();
})();
