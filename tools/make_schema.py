"""Write the shipped JSON Schema of the event log from the event classes.

    PYTHONPATH=. python3 tools/make_schema.py

``banakil_replay/events.py`` is the one definition of the log format; the schema
file is generated from it, and tests/test_event_schema.py checks the shipped
file equals what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from banakil_replay.events import schema_text  # noqa: E402

SCHEMA = ROOT / "banakil_replay" / "event-log-v1.schema.json"


def main() -> None:
    SCHEMA.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {SCHEMA.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
