"""Records (issue 11): every demo game played to its end headless (``companion demo GAME
--autoplay``), then History, Stats, the exports and the import checked against what the
store holds: the stored outcome's facts against the final state, the figures against the
outcomes, the BG Stats link decoded field by field, a game round-tripped into a fresh
database."""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from statistics import mean
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.cli import main
from companion.core import codec
from companion.core.i18n import set_language, tr
from companion.store import Store
from companion.store import session as session_module
from companion.store.exchange import export_game
from companion.store.records import stats
from tests.tiny_game import TINY, Add, TinyState

GAMES = ("unicornus", "insurrection", "magical-friends")
SEEDS = (1, 2)
FIXTURE = Path(__file__).parent / "fixtures" / "pre_flow_saves.db"


# one process runs the module: its games are played once
pytestmark = pytest.mark.xdist_group("records")


@pytest.fixture(scope="module")
def played(tmp_path_factory, demo_games):
    """One database with two whole autoplayed demo games of each game (a copy of
    tests/conftest.py's ``demo_games``: seeds 1 and 2)."""
    db = tmp_path_factory.mktemp("records") / "games.db"
    shutil.copy(demo_games, db)
    return db


def out_of(capsys, argv) -> str:
    capsys.readouterr()
    assert main(argv) == 0
    return capsys.readouterr().out


def test_history_lists_every_finished_game_with_its_table(played):
    with Store.open(played) as store:
        infos = store.list_games()
        assert len(infos) == len(GAMES) * len(SEEDS)
        for info in infos:
            session = store.open_game(info.id)
            assert info.finished and info.outcome == session.outcome
            assert info.outcome.round == session.outcome.round and info.outcome.round >= 1
            assert info.played_seconds > 0  # the steps were made while it was open
            assert info.played_seconds <= session_module.PLAY_GAP_CAP * info.steps
            state = session.state
            if info.game_key == "insurrection":
                assert info.players == state.players
            elif info.game_key == "magical-friends":
                assert [(s.name, s.colour) for s in info.seats] == [
                    (w.name, w.colour) for w in state.wizards
                ]
            else:  # the demo names no players: one seat per seat of the state, its characters
                assert len(info.seats) == state.players
                names = {h.id: h.name[0] for h in state.heroes}
                assert [s.role for s in info.seats] == [
                    ", ".join(names[c] for c in chars) for chars in state.seats
                ]


def test_the_stored_facts_are_the_final_states(played):
    """What Stats reads (the outcome's facts) says what the final state says (§2, §7, §8)."""
    with Store.open(played) as store:
        for info in store.list_games():
            state = store.open_game(info.id).state
            facts = info.outcome.facts
            if info.game_key == "unicornus":
                assert facts["princess"]["id"] == state.heroes[0].id
                assert facts["players"] == state.players
                assert facts["ending"] == state.outcome
            elif info.game_key == "insurrection":
                assert facts["ending"] == state.outcome
                kept = {p: (v or {}).get("id") for p, v in facts["leaders"].items()}
                assert kept == dict(state.kept_leaders) and len(kept) == len(state.players)
                assert all(state.catalog.is_leader(c) for c in kept.values())
            else:
                tavern = [len(state.in_tavern(i)) for i in range(len(state.wizards))]
                assert [w["tavern"] for w in facts["wizards"]] == list(state.tally.tavern_friends)
                assert [w["trophies"] for w in facts["wizards"]] == list(state.tally.trophies)
                assert all(t >= 0 for t in tavern)


def test_stats_figures_follow_from_the_stored_outcomes(played, capsys):
    con = sqlite3.connect(played)
    rows = [
        (key, json.loads(outcome))
        for key, outcome in con.execute("SELECT game_key, outcome FROM games ORDER BY id")
    ]
    con.close()
    figures = stats(Store.open(played).list_games())
    uk = [o for k, o in rows if k == "unicornus"]
    fig = figures["games"]["unicornus"]
    assert fig["games"] == len(uk) and fig["won"] == sum(o["result"] == "won" for o in uk)
    by_princess = {}
    for o in uk:
        t = by_princess.setdefault(o["facts"]["princess"]["id"], [0, 0])
        t[0] += 1
        t[1] += o["result"] == "won"
    assert {k: [v["played"], v["won"]] for k, v in fig["by_princess"].items()} == by_princess
    rounds = sorted(o["round"] for o in uk if o["result"] == "lost")
    assert sum(fig["lost_in_round"].values()) == len(rounds)
    assert all(str(r) in fig["lost_in_round"] for r in rounds)

    ins = [o for k, o in rows if k == "insurrection"]
    fig = figures["games"]["insurrection"]
    winning = [s for o in ins for p, s in o["scores"] if p in o["winners"]]
    assert fig["average_winning_score"] == round(mean(winning), 2)
    assert sum(fig["scores"].values()) == sum(len(o["scores"]) for o in ins)
    assert fig["endings"]["evil"] == sum(o["facts"]["ending"] == "evil" for o in ins)
    assert fig["endings"]["good"] + fig["endings"]["evil"] == len(ins)
    picks = [v["id"] for o in ins for v in o["facts"]["leaders"].values()]
    assert sum(t["played"] for t in fig["leaders"].values()) == len(picks)
    wins = [v["id"] for o in ins for p, v in o["facts"]["leaders"].items() if p in o["winners"]]
    assert sum(t["won"] for t in fig["leaders"].values()) == len(wins)

    mf = [o for k, o in rows if k == "magical-friends"]
    fig = figures["games"]["magical-friends"]
    tavern = [w["tavern"] for o in mf for w in o["facts"]["wizards"]]
    assert fig["average_tavern"] == round(mean(tavern), 2)
    assert sum(fig["finished_in_round"].values()) == len(mf)

    ann = figures["players"]["Ann"]  # Insurrection's demo table
    assert ann["played"] == len(ins)
    assert ann["won"] == sum("Ann" in o["winners"] for o in ins)

    # the command line says the same
    assert json.loads(out_of(capsys, ["--db", str(played), "stats", "--json"])) == figures
    one = json.loads(out_of(capsys, ["--db", str(played), "stats", "insurrection", "--json"]))
    assert one["games"] == {"insurrection": figures["games"]["insurrection"]}
    text = out_of(capsys, ["--db", str(played), "stats"])
    assert "Princess of the Storm" in text and "Evil won" in text


def test_export_csv_has_a_row_per_player(played, capsys):
    with Store.open(played) as store:
        info = next(i for i in store.list_games() if i.game_key == "magical-friends")
    rows = list(csv.DictReader(io.StringIO(out_of(capsys, ["--db", str(played), "export",
                                                           str(info.id), "--format", "csv"]))))  # fmt: skip
    assert [r["player"] for r in rows] == list(info.players)
    scores = dict(info.outcome.scores)
    for r in rows:
        assert int(r["score"]) == scores[r["player"]]
        assert (r["winner"] == "yes") == (r["player"] in info.outcome.winners)
        assert r["rounds"] == str(info.outcome.round) and r["game"] == "magical-friends"


def decode(link: str) -> dict:
    parts = urlsplit(link.strip())
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https",
        "app.bgstatsapp.com",
        "/createPlay.html",
    )
    (data,) = parse_qs(parts.query)["data"]
    return json.loads(data)


@pytest.mark.parametrize("key", GAMES)
def test_the_bgstats_link_carries_the_play(played, capsys, key):
    with Store.open(played) as store:
        info = next(i for i in store.list_games() if i.game_key == key)
    link = out_of(capsys, ["--db", str(played), "export", str(info.id), "--format", "bgstats"])
    play = decode(link)
    assert play["sourceName"] == "companion" and play["sourcePlayId"]
    assert play["playDate"] == info.created.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
    assert play["game"]["name"] == tr(f"ui.game.{key}")
    assert "bggId" not in play["game"]  # not known unless the user gives it
    assert [p["name"] for p in play["players"]] == list(info.players)
    scores = dict(info.outcome.scores)
    for p in play["players"]:
        assert p.get("score") == scores.get(p["name"])
        won = p["name"] in info.outcome.winners or (
            key == "unicornus" and info.outcome.result == "won"
        )
        assert p["winner"] is won
    assert play["game"].get("cooperative", False) is (key == "unicornus")  # false: left out
    assert play["game"].get("noPoints", False) is (key == "unicornus")
    given = decode(
        out_of(
            capsys,
            [
                "--db",
                str(played),
                "export",
                str(info.id),
                "--format",
                "bgstats",
                "--bgg-id",
                "12345",
            ],
        )  # fmt: skip
    )
    assert given["game"]["bggId"] == 12345
    in_ja = decode(
        out_of(
            capsys,
            ["--db", str(played), "--lang", "ja", "export", str(info.id), "--format", "bgstats"],
        )  # fmt: skip
    )
    set_language("en")
    assert in_ja["game"]["name"] == play["game"]["name"]  # the box's name, in any language


def test_a_game_round_trips_through_export_and_import(played, tmp_path, capsys):
    fresh = tmp_path / "other.db"
    with Store.open(played) as store:
        infos = store.list_games()
    for info in infos:
        path = tmp_path / f"game{info.id}.json"
        out_of(capsys, ["--db", str(played), "export", str(info.id), "--out", str(path)])
        said = out_of(capsys, ["--db", str(fresh), "import-game", str(path)])
        assert "as game" in said
    with Store.open(played) as a, Store.open(fresh) as b:
        new = {(i.game_key, i.title): i for i in b.list_games()}
        for info in infos:
            twin = new[(info.game_key, info.title)]
            one, other = a.open_game(info.id), b.open_game(twin.id)
            game = one.game
            assert codec.dump(one.state, game.state_type) == codec.dump(
                other.state, game.state_type
            )
            assert one.history() == other.history() and one.cursor == other.cursor
            assert twin.outcome == info.outcome and twin.seats == info.seats
            assert twin.played_seconds == pytest.approx(info.played_seconds, abs=0.1)
            assert export_game(b, twin.id)["steps"] == export_game(a, info.id)["steps"]
    assert main(["--db", str(fresh), "verify", "--all"]) == 0


def test_a_bad_import_says_why_and_writes_nothing(played, tmp_path, capsys):
    with Store.open(played) as store:
        good = export_game(store, store.list_games()[0].id)
    broken = json.loads(json.dumps(good))
    broken["steps"][3]["command"] = broken["steps"][-1]["command"]  # out of turn
    tampered = json.loads(json.dumps(good))
    tampered["outcome"]["result"] = "nonsense"
    cases = {
        "not.json": "{ not json",
        "other.json": json.dumps({"hello": 1}),
        "broken.json": json.dumps(broken),
        "tampered.json": json.dumps(tampered),
        "unknown.json": json.dumps({**good, "game": "chess"}),
    }
    fresh = tmp_path / "fresh.db"
    for name, body in cases.items():
        path = tmp_path / name
        path.write_text(body, encoding="utf-8")
        capsys.readouterr()
        assert main(["--db", str(fresh), "import-game", str(path)]) == 2, name
        err = capsys.readouterr().err
        assert err.startswith("companion: ") and "Traceback" not in err, err
    with Store.open(fresh) as store:
        assert store.list_games() == []


def test_an_imported_game_shows_its_file_text_as_text(played, tmp_path, capsys):
    """House rule: text from a file reaches the screen as text. An export whose title, seat
    names and log lines carry terminal escapes is imported with them made visible."""
    with Store.open(played) as store:
        good = export_game(store, store.list_games()[0].id)
    evil = json.loads(json.dumps(good))
    evil["title"] = "Game \x1b]0;owned\x07 night"
    for seat in evil["players"] or []:
        seat["name"] += "\x1b[31m"
    path = tmp_path / "escapes.json"
    path.write_text(json.dumps(evil), encoding="utf-8")
    fresh = tmp_path / "escapes.db"
    out_of(capsys, ["--db", str(fresh), "import-game", str(path)])
    listed = out_of(capsys, ["--db", str(fresh), "list"])
    assert "\x1b" not in listed and "owned" in listed
    with Store.open(fresh) as store:
        (info,) = store.list_games()
        assert "\x1b" not in info.title and all("\x1b" not in s.name for s in info.seats)


def test_the_time_played_counts_gaps_up_to_the_cap(tmp_path, monkeypatch):
    clock = [datetime(2026, 1, 1, 20, 0, tzinfo=UTC)]
    monkeypatch.setattr(session_module, "now", lambda: clock[0])
    store = Store.open(tmp_path / "t.db", games={"tiny": TINY})
    session = store.new_game(TINY, TinyState(), "t")
    for gap in (timedelta(minutes=3), timedelta(hours=9), timedelta(seconds=30)):
        clock[0] += gap
        session.do(Add(1))
    (info,) = store.list_games()
    assert info.played_seconds == 3 * 60 + session_module.PLAY_GAP_CAP + 30
    store.close()
    clock[0] += timedelta(days=2)  # the app was closed: none of this counts
    with Store.open(tmp_path / "t.db", games={"tiny": TINY}) as again:
        session = again.open_game(info.id)
        clock[0] += timedelta(minutes=1)
        session.undo()
        (info,) = again.list_games()
    assert info.played_seconds == 3 * 60 + session_module.PLAY_GAP_CAP + 30 + 60


def test_the_roster_and_the_last_table_are_remembered(tmp_path):
    from companion.store.listing import Seat

    with Store.open(tmp_path / "r.db", games={"tiny": TINY}) as store:
        store.new_game(TINY, TinyState(), "a", players=[Seat("Ann", "red"), Seat("Ben")])
        store.new_game(TINY, TinyState(), "b", players=[Seat("Cleo"), Seat("Ann", "blue")])
        assert [s.name for s in store.last_table("tiny")] == ["Cleo", "Ann"]
        assert {s.name: s.colour for s in store.roster()} == {
            "Ann": "blue",
            "Ben": "",
            "Cleo": "",
        }
        assert store.last_table("other") == []


def test_an_imported_game_adds_its_players_to_the_roster(tmp_path):
    """Imported like a new game's table: each name joins the roster with its colour; a name
    played since (here, in this save) keeps its later colour and place."""
    from companion.store.exchange import import_game
    from companion.store.listing import Seat

    with Store.open(tmp_path / "a.db", games={"tiny": TINY}) as store:
        session = store.new_game(TINY, TinyState(), "a", players=[Seat("Ann", "red"), Seat("Ben")])
        session.do(Add(1))
        data = export_game(store, session.id)
    with Store.open(tmp_path / "empty.db", games={"tiny": TINY}) as store:
        import_game(store, data, "a.json")
        assert [(s.name, s.colour) for s in store.roster()] == [("Ann", "red"), ("Ben", "")]
        assert [s.name for s in store.last_table("tiny")] == ["Ann", "Ben"]
    with Store.open(tmp_path / "b.db", games={"tiny": TINY}) as store:
        store.new_game(TINY, TinyState(), "b", players=[Seat("Ann", "blue"), Seat("Cleo")])
        import_game(store, data, "a.json")  # a game played before this save's own
        assert {s.name: s.colour for s in store.roster()} == {
            "Ann": "blue",
            "Ben": "",
            "Cleo": "",
        }
        assert [s.name for s in store.roster()][-1] == "Ben"  # the oldest last


def test_old_saves_open_with_no_time_played(tmp_path):
    db = tmp_path / "old.db"
    shutil.copy(FIXTURE, db)
    with Store.open(db) as store:
        infos = store.list_games()
        assert infos and all(i.played_seconds == 0 and i.seats == () for i in infos)
        for info in infos:
            store.open_game(info.id)  # settles the outcome (with its facts) where finished
        assert stats(store.list_games())["games"].keys() == set(GAMES)


def test_an_outcome_stored_before_facts_still_verifies(played, tmp_path, capsys):
    """A schema-3 save kept its outcomes without facts: verify compares the rest."""
    db = tmp_path / "v3.db"
    shutil.copy(played, db)
    con = sqlite3.connect(db)
    for game_id, outcome in con.execute("SELECT id, outcome FROM games").fetchall():
        data = json.loads(outcome)
        data.pop("facts")
        con.execute("UPDATE games SET outcome = ? WHERE id = ?", (json.dumps(data), game_id))
    con.commit()
    con.close()
    assert main(["--db", str(db), "verify", "--all"]) == 0
    con = sqlite3.connect(db)
    game_id, outcome = con.execute("SELECT id, outcome FROM games LIMIT 1").fetchone()
    data = json.loads(outcome)
    data["result"] = "other"
    con.execute("UPDATE games SET outcome = ? WHERE id = ?", (json.dumps(data), game_id))
    con.commit()
    con.close()
    capsys.readouterr()
    assert main(["--db", str(db), "verify", str(game_id)]) == 1


def test_the_app_starts_with_the_saved_theme_and_language(tmp_path, monkeypatch):
    """The chosen theme was forgotten on restart: the command line now hands the saved one
    (and the language) to the app before its first frame."""
    import companion.ui.app as app_module

    db = tmp_path / "s.db"
    with Store.open(db) as store:
        store.set_setting("theme", "nord")
        store.set_setting("language", "ja")
    seen = {}

    class FakeApp:
        return_code = 0

        def run(self):
            pass

    def fake_create_app(**kwargs):
        seen.update(kwargs)
        return FakeApp()

    monkeypatch.setattr(app_module, "create_app", fake_create_app)
    assert main(["--db", str(db)]) == 0
    assert seen["theme"] == "nord" and seen["lang"] == "ja"
    set_language("en")


# -- a play as BG Stats and a group keep it (issue 24) ------------------------------------------


def copy_of(played, tmp_path) -> Path:
    db = tmp_path / "copy.db"
    shutil.copy(played, db)
    return db


@pytest.mark.parametrize("key", ("insurrection", "magical-friends"))
def test_each_players_points_by_category_are_kept_and_exported(played, capsys, key):
    """The record keeps what the scoring screen shows: each player's points by category (an
    Insurrection card, a Magical Friends tally line), adding up to the score; the CSV has a
    column per category."""
    with Store.open(played) as store:
        info = next(i for i in store.list_games() if i.game_key == key)
    for seat in info.table:
        rows = info.breakdown(seat)
        assert rows and sum(p for _, _, p in rows) == info.score(seat)
    body = out_of(capsys, ["--db", str(played), "export", str(info.id), "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(body)))
    for r, seat in zip(rows, info.table, strict=True):
        points = {k[len("points:") :]: v for k, v in r.items() if k.startswith("points:")}
        assert points and {k: int(v) for k, v in points.items() if v} == {
            k: p for k, _, p in info.breakdown(seat)
        }


def test_old_saves_read_with_an_empty_record(tmp_path):
    """A save from before records kept location, notes and start players reads with none."""
    db = tmp_path / "old.db"
    shutil.copy(FIXTURE, db)
    with Store.open(db) as store:
        for info in store.list_games():
            assert info.record.location == "" and info.record.notes == ""
            assert not info.record.edits and not any(s.start for s in info.table)


def test_editing_a_finished_play_is_logged_and_undone(played, tmp_path, capsys):
    """A wrong name, a forgotten player, the start player, the location and the notes are
    edited after the game; the edit is logged in the record, the scores follow the renamed
    seat, the exports carry it all, and undo puts the record back as it was."""
    from dataclasses import replace

    from companion.store.listing import Seat

    db = copy_of(played, tmp_path)
    with Store.open(db) as store:
        info = next(i for i in store.list_games() if i.game_key == "insurrection")
        first, *rest = info.table
        score = info.score(first)
        renamed = replace(first, name="Zoë", plays_as=first.in_game, start=True)
        lines = store.edit_record(
            info.id, [renamed, *rest, Seat("Forgotten")], "Café Meeple", "Rematch next week"
        )
        said = [tr(line) for line in lines]
        assert f"{first.name} renamed Zoë" in said and "Forgotten added" in said
        assert "Zoë marked as the start player" in said and "location: Café Meeple" in said
        edited = next(i for i in store.list_games() if i.id == info.id)
        assert edited.players == ("Zoë", *(s.name for s in rest), "Forgotten")
        assert edited.score(edited.table[0]) == score and edited.won(edited.table[0]) == (
            first.in_game in info.outcome.winners
        )
        assert edited.record.location == "Café Meeple" and len(edited.record.edits) == 1
        assert "Forgotten" in [s.name for s in store.roster()]
    rows = list(
        csv.DictReader(
            io.StringIO(
                out_of(capsys, ["--db", str(db), "export", str(info.id), "--format", "csv"])
            )
        )
    )
    assert [r["player"] for r in rows] == ["Zoë", *(s.name for s in rest), "Forgotten"]
    assert rows[0]["start"] == "yes" and rows[0]["score"] == str(score)
    assert rows[-1]["score"] == "" and rows[0]["location"] == "Café Meeple"
    assert rows[0]["notes"] == "Rematch next week"
    play = decode(out_of(capsys, ["--db", str(db), "export", str(info.id), "--format", "bgstats"]))
    assert play["location"] == "Café Meeple"
    assert [p["startPlayer"] for p in play["players"]] == [True] + [False] * (len(rows) - 1)
    assert play["players"][0]["score"] == score and "score" not in play["players"][-1]
    assert main(["--db", str(db), "verify", str(info.id)]) == 0  # the game itself is untouched
    with Store.open(db) as store:
        undone = store.undo_record_edit(info.id)
        assert [tr(line) for line in undone] == said
        back = next(i for i in store.list_games() if i.id == info.id)
        assert back.seats == info.seats and back.record.location == ""
        assert not back.record.edits and store.undo_record_edit(info.id) == ()


def test_the_bgstats_link_marks_the_start_player_and_duration(tmp_path, capsys):
    """The start player chosen at setup is kept in the record and marked in BG Stats; the
    duration is the time played."""
    from companion.games.registry import get_game
    from companion.store.listing import Seat

    db = tmp_path / "start.db"
    with Store.open(db) as store:
        game = get_game("insurrection")
        from companion.games.insurrection import EndPosition, load, quick_end

        pos = EndPosition("good", "fortress", 0, (), (("Ann", ("imp",)), ("Ben", ("wyrm",))))
        state = quick_end(load("demo"), pos)
        session = store.new_game(game, state, "t", "demo", [Seat("Ann"), Seat("Ben", start=True)])
        store.engine.dispose()
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET played_seconds = 1860")
    con.commit()
    con.close()
    play = decode(
        out_of(capsys, ["--db", str(db), "export", str(session.id), "--format", "bgstats"])
    )
    assert [p["startPlayer"] for p in play["players"]] == [False, True]
    assert play["durationMin"] == 31
    assert [p.get("score") for p in play["players"]] == [2, 7]
