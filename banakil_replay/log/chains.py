"""Tamper evidence: the hash that chains each event to the one before it, and its check
(see :mod:`.store`, "Tamper evidence"). No file is opened here."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Iterable, Mapping

from ..i18n import _
from .lines import _HEX64_RE, ChainError, _brief, _is_int, _json_kind

# --------------------------------------------------------------------- chain


def canonical_json(obj: object) -> str:
    """The canonical JSON used for chain hashing: sorted keys, compact, raw Unicode.

    Keys sort by code point (Python string order), and floats use Python's
    shortest round-trip ``repr``. Implementations in other languages must match both.
    """
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def chain_hash(previous: str, event: Mapping[str, Any]) -> str:
    """``sha256(previous + canonical_json(event without "chain"))`` as lowercase hex."""
    body = {key: value for key, value in event.items() if key != "chain"}
    # surrogatepass: a JSON "\\ud800" escape is legal and parses to a lone
    # surrogate. The hash must still be defined for it.
    data = (previous + canonical_json(body)).encode("utf-8", "surrogatepass")
    return hashlib.sha256(data).hexdigest()


class _ChainCheck:
    """Incremental chain verification, shared by the reader and verify_chain."""

    def __init__(self) -> None:
        self.head: str | None = None  # chain of the previous event, None if it had none

    def check(self, event: Mapping[str, Any]) -> str | None:
        """The reason this event breaks the chain, or None. Advances on success."""
        if "chain" not in event:
            if self.head is not None:
                return _('no "chain" field, but the previous event is chained '
                         "(once a log is chained every later event must be)")
            return None
        value = event["chain"]
        if not isinstance(value, str) or _HEX64_RE.fullmatch(value) is None:
            return _('"chain" must be 64 lowercase hex digits, not {value}').format(value=_brief(value))
        try:
            expected = chain_hash(self.head or "", event)
        except (TypeError, ValueError) as exc:
            return _("event cannot be hashed: {why}").format(why=exc)
        if value != expected:
            return _("chain mismatch: this event, or an earlier one, was changed after it was written (stored "
                     "{stored}..., computed {computed}...)").format(stored=value[:12], computed=expected[:12])
        self.head = value
        return None


def verify_chain(events: Iterable[Mapping[str, Any]]) -> str | None:
    """Check the tamper-evidence chain wherever it is present.

    Returns the chain head (the last event's ``chain``, or None if the last
    event is unchained). Store that head elsewhere to detect truncation.
    Raises :class:`ChainError` whose ``seq`` is the first event that fails.
    """
    checker = _ChainCheck()
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise ChainError(f"event #{index} is {_json_kind(event)}, not an object")
        seq = event.get("seq")
        reason = checker.check(event)
        if reason is not None:
            raise ChainError(reason, seq=seq if _is_int(seq) else None)
    return checker.head

