"""companion: a terminal table companion for board games."""

__version__ = "0.1.0"
