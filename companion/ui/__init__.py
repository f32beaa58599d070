"""The Textual user interface. Business logic stays in companion.core / companion.games."""
