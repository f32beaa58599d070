"""The engine decides, the screen shows and asks (issue 15): no screen compares a game's
phase; what happens next comes from the game's moment (``companion/games/<game>/flow.py``)."""

import ast
from pathlib import Path

UI = Path(__file__).parents[1] / "companion" / "ui"


def _phase_comparisons(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Attribute) and s.attr == "phase" for s in sides):
                found.append(f"{path.relative_to(UI.parent.parent)}:{node.lineno}")
    return found


def test_no_screen_compares_a_phase():
    found = [hit for path in sorted(UI.rglob("*.py")) for hit in _phase_comparisons(path)]
    assert found == []


def test_the_check_sees_a_phase_comparison(tmp_path, monkeypatch):
    monkeypatch.setattr("tests.test_ui_decides_nothing.UI", tmp_path / "companion" / "ui")
    sample = tmp_path / "companion" / "ui" / "sample.py"
    sample.parent.mkdir(parents=True)
    sample.write_text('if state.phase in ("empire", "princess"):\n    pass\n')
    assert _phase_comparisons(sample) == ["companion/ui/sample.py:1"]
