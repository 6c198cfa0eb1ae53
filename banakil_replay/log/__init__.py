"""The log at rest: reading, appending and repairing log files, notes sidecars, archives of many logs."""
