"""The schema version of the save format (bump it with a step in ``migrations.py``)."""

SCHEMA_VERSION = 6
