"""Form fields: what the table types, and what is refused with a message (issue 2, ui)."""

import pytest

from companion.core.i18n import Msg
from companion.ui.dialogs import FormField, parse_field

DICE = FormField("dice", Msg("ui.form.ok"), kind="dice", count=3)
NUMBER = FormField("n", Msg("ui.form.ok"), minimum=0, maximum=10)


@pytest.mark.parametrize("text", ["3 5 6", "3,5,6", "356", " 3  5 6 "])
def test_dice_as_typed(text):
    assert parse_field(DICE, text) == (3, 5, 6)


@pytest.mark.parametrize(
    "text, words",
    [("3 5 7", "“7”"), ("0 1 2", "“0”"), ("a b c", "“a”"), ("3 5", "Expected 3"), ("", "fill")],
)
def test_bad_dice_say_why(text, words):
    with pytest.raises(ValueError) as exc:
        parse_field(DICE, text)
    assert words in str(exc.value)


@pytest.mark.parametrize(
    "text, words",
    [
        ("x", "not a whole number"),
        ("-1", "At least 0"),
        ("11", "At most 10"),
        ("2.5", "not a whole number"),
    ],
)
def test_bad_numbers_say_why(text, words):
    with pytest.raises(ValueError) as exc:
        parse_field(NUMBER, text)
    assert words in str(exc.value)
