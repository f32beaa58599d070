import re
from pathlib import Path

from companion.core.i18n import LANGUAGES, Msg, load_tables, set_language, tr

ROOT = Path(__file__).resolve().parents[2]


def test_every_key_has_every_language():
    missing = [
        (key, lang)
        for key, entry in load_tables().items()
        for lang in LANGUAGES
        if not entry.get(lang)
    ]
    assert missing == []


def test_placeholders_agree_between_languages():
    for key, entry in load_tables().items():
        fields = {lang: set(re.findall(r"{(\w+)", text)) for lang, text in entry.items()}
        assert fields["en"] == fields["ja"], key


def test_every_key_used_in_code_exists():
    """Message keys written as literals in the code exist in the locale files."""
    tables = load_tables()
    pattern = re.compile(r"""(?:Msg|msg|tr|RuleError|_t)\(\s*["']([a-z_\-]+\.[\w.\-]*\w)["']""")
    used = set()
    for path in (ROOT / "companion").rglob("*.py"):
        used |= {(m, path.name) for m in pattern.findall(path.read_text(encoding="utf-8"))}
    missing = sorted(f"{key} ({name})" for key, name in used if key not in tables)
    assert missing == []


def test_translate_and_nested_and_language_switch():
    try:
        set_language("ja")
        text = tr(
            Msg("core.catalog.error", {"file": "f", "entry": "e", "field": "x", "problem": "p"})
        )
        assert "項目" in text
    finally:
        set_language("en")
    assert tr("no.such.key") == "⟨no.such.key⟩"


def test_catalog_names_as_parameters_follow_the_language():
    """Catalogs carry both names; a log line shows the one of the reader's language."""
    line = Msg("ui.undo.done", {"step": {"en": "Goblin", "ja": "ゴブリン"}})
    assert tr(line, "en") == "Undone: Goblin"
    assert "ゴブリン" in tr(line, "ja")


def test_plural_forms(tmp_path):
    """One token, two tokens: the entry names the counted parameter."""
    from companion.core.i18n import add_locale_dir

    (tmp_path / "plural_test.toml").write_text(
        '["tokens"]\nplural = "n"\nen = "{n} tokens"\nen_one = "{n} token"\nja = "{n}個"\n',
        encoding="utf-8",
    )
    add_locale_dir(tmp_path)
    assert tr(Msg("plural_test.tokens", {"n": 1}), "en") == "1 token"
    assert tr(Msg("plural_test.tokens", {"n": 2}), "en") == "2 tokens"
    assert tr(Msg("plural_test.tokens", {"n": 1}), "ja") == "1個"


def test_a_locale_file_is_read_through_a_json_copy_made_again_on_any_change(tmp_path, monkeypatch):
    """Start-up (issue 13): a domain is read from a JSON copy in the cache folder; a changed,
    damaged or unwritable copy falls back to the TOML file, which stays the source."""
    import os

    from companion.core import i18n

    cache = tmp_path / "cache"
    monkeypatch.setattr(i18n, "_cache_dir", lambda: cache)
    source = tmp_path / "words.toml"
    source.write_text('["hello"]\nen = "Hello"\nja = "こんにちは"\n', encoding="utf-8")
    assert i18n._read_domain(source) == {"hello": {"en": "Hello", "ja": "こんにちは"}}
    [copy] = cache.iterdir()
    assert copy.name.startswith("words-") and copy.suffix == ".json"

    # the copy is what is read while the file is unchanged
    data = copy.read_text(encoding="utf-8").replace("Hello", "Hello from the copy")
    copy.write_text(data, encoding="utf-8")
    assert i18n._read_domain(source)["hello"]["en"] == "Hello from the copy"

    # a changed file: read again, and the copy made again
    source.write_text('["hello"]\nen = "Hi there"\nja = "やあ"\n', encoding="utf-8")
    os.utime(source, ns=(1, 1))  # even a change at an older time counts
    assert i18n._read_domain(source)["hello"]["en"] == "Hi there"
    assert "Hi there" in copy.read_text(encoding="utf-8")

    copy.write_text("{not json", encoding="utf-8")  # damaged: the file again, copy mended
    assert i18n._read_domain(source)["hello"]["en"] == "Hi there"
    assert "Hi there" in copy.read_text(encoding="utf-8")

    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setattr(i18n, "_cache_dir", lambda: blocked / "locales")
    assert i18n._read_domain(source)["hello"]["en"] == "Hi there"  # no copy: only slower


def test_the_players_words_cite_no_section_of_the_spec():
    """Issue 23: player screens cited the spec's sections ("(§5.2)", "Ruling §3") and called
    it the spec ("仕様のRuling"): the rules summary is the developers', not the players'."""
    cited = [
        (key, lang, entry[lang])
        for key, entry in load_tables().items()
        for lang in LANGUAGES
        if re.search(r"§|\bspec\b|spec.s|仕様", entry.get(lang, ""))
    ]
    assert cited == []


def test_japanese_words_name_the_games_in_japanese():
    """ "Magical Friendsの新しいゲーム": the games have Japanese names (ui.game.*)."""
    english = [
        (key, entry["ja"])
        for key, entry in load_tables().items()
        if re.search(r"Magical Friends|Unicornus Knights|Insurrection", entry.get("ja", ""))
    ]
    assert english == []


def test_a_count_of_one_reads_singular_in_the_lines_a_table_reads_most():
    """The corruption check after every march, a remove or a scout, the picker's tally, the
    battle helper's strength: "1 marks", "1 strength tokens" read wrong (tester's report)."""
    from companion.core.i18n import msg

    one = {
        "insurrection.log.check.safe": "1 mark face up",
        "insurrection.log.check.kept": "1 mark face up",
        "insurrection.log.remove": "1 mark face up",
        "insurrection.log.scout": "1 mark face up",
        "insurrection.flow.pick.tally_after": "→ 1 mark",
        "unicornus_forms.battle.hero_line": "1 strength token,",
    }
    params = {"tally": 1, "at": 10, "card": "c", "hero": "h", "tokens": 1, "life": 2, "max": 3}
    for key, words in one.items():
        assert words in tr(msg(key, **params)), key
        more = tr(msg(key, **{**params, "tally": 2, "tokens": 2}))
        assert (
            words.replace("1 mark", "2 marks").replace("1 strength token", "2 strength tokens")
            in more
        )
