"""The names of the settings the app keeps (in the store's settings table)."""

LANGUAGE = "language"  # "en" or "ja"
TIES = "ties"  # who decides where the rules say "the players choose":
TIES_ASK = "ask"  # the table, every time
TIES_AUTO = "auto"  # the app picks, and the pick is logged
THEME = "theme"  # the name of the Textual theme picked last
