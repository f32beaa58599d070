"""The import contracts of pyproject.toml ([tool.importlinter]) hold: core <- games <- store <-
ui | web <- cli (the terminal and the web pages never import each other), the games
independent of each other, the UI and the web pages using a game only through its package's
public names (issue 15, Import contracts in CI; issue 22)."""

from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).parents[1]


def test_import_contracts_hold(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    code = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "broken" not in out.split("Contracts:")[-1].replace("0 broken", "")
