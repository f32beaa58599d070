"""The wheel carries the players' guides (issue 13): `companion docs` works outside the checkout."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

from companion.docs import GUIDES

ROOT = Path(__file__).resolve().parents[1]


def test_a_wheel_outside_the_checkout_shows_the_docs(tmp_path):
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(ROOT), "-w", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = tmp_path.glob("table_companion-*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        zf.extractall(site)
    assert "companion/_docs/unicornus-knights.md" in names and "companion/_docs/guide.md" in names
    for guide in GUIDES.values():  # the Japanese guides ship beside the English ones
        assert f"companion/_docs/ja/{guide}" in names
    assert any(n.endswith("licenses/LICENSE") for n in names)
    # the phones' pages: our own stylesheet and script, served from the package (issue 22)
    assert {"companion/web/static/page.js", "companion/web/static/page.css"} <= set(names)
    code = (
        "import companion.docs as d, sys; print(d.docs_dir()); sys.argv[1:] = ['docs', 'unicornus']"
    )
    code += "; from companion.cli import main; main(sys.argv[1:])"
    env = {**os.environ, "PYTHONPATH": str(site)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert out.returncode == 0, out.stderr
    where, _, text = out.stdout.partition("\n")
    assert Path(where) == site / "companion" / "_docs"
    assert text.startswith("# Unicornus Knights")
    db = str(tmp_path / "saves.db")
    code = "import sys; from companion.cli import main; main(sys.argv[1:])"
    out = subprocess.run(
        [sys.executable, "-c", code, "--db", db, "--lang", "ja", "docs", "magical-friends"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("# Magical Friends（マジカルフレンズ）")
