"""Review a played game: every decision compared with the ranked options at that moment.

For each decision (draw, take, reshuffle, meld, lay-off, joker swap, discard)
the options at the state just before it are ranked by ``hints.py`` and the move
played is found among them. The verdict is

- ``agree``: the move is the top-ranked one, scores as well, or only changes
  the order (the top-ranked meld or lay-off is still open after it);
- ``acceptable``: its score is within ``margin`` points of the best;
- ``questionable``: worse than that; ``better`` names the top option and
  ``why`` says in words what it would have done.

The hints are a teaching heuristic, so a verdict is a prompt to look again,
not a proof of a mistake. Partnerships: a lay-off on the partner's meld gets
the hints' bonus for feeding the partner, and the verdict says so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from msgspec import structs  # events are msgspec Structs
from typing import Any, Sequence

from ..events import Discarded, Drew, Event, JokerSwapped, LaidOff, Melded, Took
from .hints import PARTNER_FEED, rank_options
from .moves import Move, Option, Options, is_move, move_json
from .options import options
from ..reducer import Replay
from ..state import GameState

MARGIN = 1.0  # points of hint score: about one card's worth of deadwood
TABLE_MOVES = ("meld", "lay_off", "joker_swap")


@dataclass(frozen=True)
class Verdict:
    """The judgement of one decision."""

    seq: int
    seat: int
    played: Move
    verdict: str
    better: Move | None
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "seat": self.seat, "played": move_json(self.played), "verdict": self.verdict,
                "better": move_json(self.better) if self.better is not None else None, "why": self.why}

    def note(self) -> str:
        """The text of the ``annotated`` event written by ``review --append``."""
        return f"{self.verdict}: {self.why}"


# ------------------------------------------------------------------ matching
def find_played(opts: Options, played: Move) -> Option | None:
    """The listed option that is the move played, if the options list it (see options.move_key:
    a draw matches whatever card it brought, a take matches by count, every 2 plays alike)."""
    return opts.find(played)


def _unlisted(state: GameState, played: Move, goes_out: bool) -> Option:
    """Score a legal move the options leave out (a wild where the natural was held, a multi-card lay-off)."""
    if isinstance(played, LaidOff) and len(played.cards) > 1:
        parts = [rank_options(state, [Option(structs.replace(played, cards=(c,)), "", "")])[0]
                 for c in played.cards]
        score = 100.0 if goes_out else sum(p.score for p in parts)
        why = "it ends the hand with you out" if goes_out else "; ".join(p.why_rank for p in parts)
        return Option(played, "", "", None, score, why, goes_out)
    return rank_options(state, [Option(played, "", "", goes_out=goes_out)])[0]


def _still_open(state_after: GameState, best: Option) -> bool:
    """Is the top-ranked table move still available after the move played?"""
    if not state_after.in_hand or state_after.turn != getattr(best.event, "seat", None):
        return False
    return find_played(options(state_after, rank=False), best.event) is not None


# ------------------------------------------------------------------ words
def describe(event: Move) -> str:
    """A short plain description of a decision event."""
    if isinstance(event, Drew):
        return "drew" + (f" {event.card.code}" if event.card else " from the stock")
    if isinstance(event, Took):
        return f"took {event.count} from the pile" + (f" ({_codes(event.cards)})" if event.cards else "")
    if isinstance(event, Melded):
        return f"melded {_codes(event.cards)}"
    if isinstance(event, LaidOff):
        return f"laid off {_codes(event.cards)} on meld #{event.meld}"
    if isinstance(event, JokerSwapped):
        return f"swapped {event.card.code} for the joker in meld #{event.meld}"
    if isinstance(event, Discarded):
        return f"discarded {event.card.code}"
    return "reshuffled the pile into a new stock"


def _codes(cards: Sequence[Any]) -> str:
    return " ".join(c.code for c in cards)


def _partner_note(state: GameState, seat: int, event: Move, whose: str) -> str:
    if not isinstance(event, LaidOff):
        return ""
    meld = state.meld_by_id(event.meld)
    if meld is None or meld.owner == seat:
        return ""
    return (f" {whose} feeds the partner's meld #{meld.id} "
            f"(the hints count a {PARTNER_FEED:g}-point bonus for that).")


def _why(state: GameState, seat: int, verdict: str, played: Option, best: Option, order_only: bool) -> str:
    mine = played.why_rank or "no reason given"
    if verdict == "agree":
        if order_only:
            text = (f"fine: the top-ranked move ({describe(best.event)}) is still open after this one, "
                    f"so only the order differs; this move: {mine}.")
        else:
            text = f"the top-ranked move: {mine}."
    else:
        gap = best.score - played.score
        text = (f"{'close to' if verdict == 'acceptable' else 'worse than'} the top option by {gap:g}: "
                f"{best.explain} Why: {best.why_rank}. What was played: {mine}.")
    return text + _partner_note(state, seat, played.event, "This move") \
        + ("" if verdict == "agree" else _partner_note(state, seat, best.event, "The better move"))


# ------------------------------------------------------------------ review
def judge(before: GameState, after: GameState, event: Event, margin: float = MARGIN) -> Verdict:
    """The verdict on one decision ``event`` made at ``before`` (``after`` is the state it led to)."""
    if not is_move(event):
        raise ValueError(f"seq {event.seq}: a {event.type} event is not a decision to judge")
    played_ev = event
    seat = getattr(played_ev, "seat", before.turn)
    opts = options(before)
    played = find_played(opts, played_ev)
    goes_out = not after.in_hand and after.went_out == seat
    if played is None:
        played = _unlisted(before, played_ev, goes_out)
    else:
        played = replace(played, event=played_ev)
    best = opts.best() or played
    order_only = False
    if played.rank == 1 or played.score >= best.score:
        verdict = "agree"
    elif played.kind in TABLE_MOVES and best.kind in TABLE_MOVES and _still_open(after, best):
        verdict, order_only = "agree", True
    elif best.score - played.score <= margin:
        verdict = "acceptable"
    else:
        verdict = "questionable"
    better = None if verdict == "agree" else best.event
    return Verdict(event.seq, seat, played_ev, verdict, better,
                   _why(before, seat, verdict, played, best, order_only))


def review(rp: Replay, seat: int | None = None, margin: float = MARGIN) -> list[Verdict]:
    """Verdicts on every decision of ``seat`` (or of every seat) in a replayed log."""
    out = []
    for i, event in enumerate(rp.events):
        if not is_move(event) or i == 0:
            continue
        before, after = rp.states[i - 1], rp.states[i]
        who = getattr(event, "seat", before.turn)
        if seat is not None and who != seat:
            continue
        out.append(judge(before, after, event, margin))
    return out


def format_verdicts(verdicts: Sequence[Verdict], players: Sequence[str] = ()) -> str:
    """A readable list: one header line per decision, the reason indented below."""
    lines = []
    for v in verdicts:
        name = f" ({players[v.seat]})" if v.seat < len(players) else ""
        lines.append(f"seq {v.seq:4}  seat {v.seat}{name}: {describe(v.played)} -> {v.verdict}")
        lines.append(f"      {v.why}")
    counts = {k: sum(v.verdict == k for v in verdicts) for k in ("agree", "acceptable", "questionable")}
    lines.append(", ".join(f"{n} {k}" for k, n in counts.items()) + f" of {len(verdicts)} decisions")
    return "\n".join(lines)


def verdict_events(verdicts: Sequence[Verdict], author: str = "reviewer") -> list[dict[str, Any]]:
    """``annotated`` events (without seq: the store assigns it) carrying the verdicts."""
    return [{"type": "annotated", "at": v.seq, "text": v.note(), "author": author} for v in verdicts]
