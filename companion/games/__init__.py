"""One package per game: state, commands, planners and scoring. Pure Python."""
