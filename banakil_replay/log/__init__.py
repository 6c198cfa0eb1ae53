"""The log at rest: reading, appending and repairing log files, loading a game, the hands table,
notes and their sidecars, archives of many logs."""
