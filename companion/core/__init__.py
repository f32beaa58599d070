"""Pure-Python foundations shared by every game: no UI or database imports here."""
