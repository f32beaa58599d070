"""A TEST SHEET for the box form: fictional values, invented for the tests. They are NOT the
real Magical Friends box (its component numbers are not public; spec §7)."""

TURN_ORDER = "h"
FAIRY_DIE = "6"
# one code line per tile side, in the box's order (tile 1 A, 1 B, 2 A …)
SIDES = (
    ". p [s | .] .",
    ". w . [s | .] .",
    ". c[. . | . | . . .] .",
    ". l l .",
    ". h h .",
    ". [A B C | D E] .",
    ". f1 f2 f3,4 f5,6 .",
    ". . .",
)
# the box's Fairy row first (its name is in the box: alignment, copies, cost, wands), then
# new creatures: name, g/e/n, copies, cost, wands, ability (blank = as the row above)
FAIRY = ("n", "3", "1", "1")
CREATURES = (
    ("Test Troll", "e", "4", "2", "1", "slays one on its space"),
    ("Test Gnome", "g", "", "", "", "moves 1 more"),
    ("Test Newt", "n", "3", "1", "0", "poisons a neighbour"),
)
# artifacts 1–11: name, wands, effect (5 keeps the box's Scheming Dagger name and effect)
ARTIFACTS = tuple(
    ("", "0", "") if n == 5 else (f"Test Relic {n}", str(n % 3), "a wand" if n % 3 else "none")
    for n in range(1, 12)
)
SCORING = ("3", "2", "1", "1")
TIE_BREAK = "fts"
