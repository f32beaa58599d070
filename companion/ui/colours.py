"""The app's colours by what they mean, in the theme's variables only (issue 23).

Each is a style string for a Rich ``Text`` or Textual ``Content``. Rich cannot read a theme
variable: a ``Text`` styled with these reaches its widget through ``widgets.content``
(``as_text``, ``set_content``, ``themed``), which gives it to Textual as ``Content``, read
against the theme shown on every redraw. ``tests/ui/test_contrast.py`` holds them to 4.5:1
(words) and 3:1 (marks) on the dark and light themes and under NO_COLOR: of the theme's tinted
text colours only ``$text-primary`` and ``$text-error`` read as words on both themes
(``$text-warning`` and ``$text-success`` are 3.3:1 and 3.8:1 on the light one), so a warning
or a good outcome is a tinted background under the theme's text, and a colour never says
alone what the words or a mark do not.
"""

DANGER = "bold $text-error"  # the game is lost, a battle, a blow that kills
WARNING = "bold $foreground on $warning-muted"  # close to losing, a choice to check
GOOD = "$foreground on $success-muted"  # safe, a win
STRONG = "bold $text-primary"  # a name or number to find at a glance
MUTED = "$foreground 75%"  # what matters less: 4.5:1 on both themes (not $text-muted, "auto 60%":
# Content draws its "auto" at full strength, the muted words brighter than the others)
MARK_WARM = "$text-accent"  # a mark (★ ▲ ⚑), never words: 3:1 on both themes
MARK_GOOD = "$text-success"  # a mark (✓ ●), never words
