"""Review a played game: every decision graded by the points it loses, by the expert's evaluation.

For each decision (draw, take, reshuffle, meld, lay-off, joker swap, discard)
the expert bot's evaluation (``expert.py``) is run from the deciding seat's
observation, what it could know then, never the hidden cards: the moves worth
considering and the move played are each played out in the same sampled
deals, and each one's average outcome for the seat's side is its value in
points (the hand score difference). The **loss** of the move played is the
best value less its value, never below 0. The verdict follows from the loss:

============  ==============================  ===========================================
verdict       loss (points)                   meaning
============  ==============================  ===========================================
agree         below :data:`AGREE` (1)         the best move, or as good within the noise
acceptable    below :data:`ACCEPTABLE` (3)    a small cost: about a card or two
questionable  below :data:`BLUNDER` (10)      worth looking at again
blunder       10 or more                      a missed way out, a hand given away
============  ==============================  ===========================================

A move the sources recommend as a habit is not called a mistake for being one:
holding a finished meld back for a turn or two, once the player has opened (000,
strategy: an opponent racing to go out cannot see it coming; before the first
meld it only delays the opening, a mistake by 002 and 000) is at most ``acceptable`` unless its
loss reaches :data:`HOLD_BACK_LIMIT` (6 points, twice the acceptable bound: the
opponents the playouts imagine cannot be fooled by what the habit hides), a
real loss in that position, and the reason then says what made it costly.

The words say what the better move achieves: going out (with the score it
would have made, read from the log's real hands "as it turned out"), putting
points safely on the table, or what a take brings. A decision with one legal
move is not graded. The evaluation samples deals and plays them out, so a
loss is an estimate: the same log and budget always give the same verdicts,
but a loss under :data:`AGREE` says nothing either way.

:func:`mistakes` picks the decisions of one seat worth learning from, worst
first, for the play table's "learn from my mistakes".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..errors import IllegalMoveError
from ..events import Discarded, Drew, JokerSwapped, LaidOff, Melded, Took
from ..hand_end import hand_end_input
from ..reducer import Replay
from ..scoring import HandInput, HandScore
from ..state import GameState
from .going_out import go_out_plan
from .expert import REVIEW_DEALS, Tally, candidates, evaluate
from .moves import Move, Option, Options, is_move, move_json, move_key
from .observation import Observation, observe
from .options import options
from .rollout import step
from .rule_text import first_meld_relief

AGREE = 1.0
ACCEPTABLE = 3.0
BLUNDER = 10.0
HOLD_BACK_LIMIT = 6.0
VERDICTS = ("agree", "acceptable", "questionable", "blunder")
HABIT = "holding a finished meld back"


@dataclass(frozen=True)
class Verdict:
    """The judgement of one decision: ``loss`` points against ``better`` by the expert's evaluation."""

    seq: int
    seat: int
    played: Move
    verdict: str
    better: Move | None
    why: str
    loss: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "seat": self.seat, "played": move_json(self.played), "verdict": self.verdict,
                "loss": self.loss, "better": move_json(self.better) if self.better is not None else None,
                "why": self.why}

    def note(self) -> str:
        """The text of the ``annotated`` event written by ``review --append``."""
        return f"{self.verdict} ({self.loss:g} points): {self.why}" if self.loss else f"{self.verdict}: {self.why}"

    @property
    def severity(self) -> int:
        """0 agree, 1 acceptable, 2 questionable, 3 blunder."""
        return VERDICTS.index(self.verdict)


def grade(loss: float) -> str:
    """The verdict for a loss in points (see the module's table)."""
    if loss < AGREE:
        return "agree"
    if loss < ACCEPTABLE:
        return "acceptable"
    return "questionable" if loss < BLUNDER else "blunder"


# ------------------------------------------------------------------ words
def describe(event: Move, pretty: bool = False) -> str:
    """A short plain description of a decision event: cards by their codes as the log writes them
    (``KH``), or with ``pretty`` as people read them (``K♥``)."""
    cards = _shown if pretty else _codes
    if isinstance(event, Drew):
        return "drew" + (f" {cards([event.card])}" if event.card else " from the stock")
    if isinstance(event, Took):
        # top first, as the options name them
        return f"took {event.count} from the pile" + (f" ({cards(event.cards[::-1])})" if event.cards else "")
    if isinstance(event, Melded):
        return f"melded {cards(event.cards)}"
    if isinstance(event, LaidOff):
        return f"laid off {cards(event.cards)} on meld #{event.meld}"
    if isinstance(event, JokerSwapped):
        return f"swapped {cards([event.card])} for the joker in meld #{event.meld}"
    if isinstance(event, Discarded):
        return f"discarded {cards([event.card])}"
    return "reshuffled the pile into a new stock"


def _codes(cards: Sequence[Any]) -> str:
    return " ".join(c.code for c in cards)


def _shown(cards: Sequence[Any]) -> str:
    return " ".join(c.symbol for c in cards)


def _name(state: GameState, seat: int) -> str:
    return state.players[seat] if seat < len(state.players) and state.players[seat] else f"seat {seat}"


def _others(state: GameState, seat: int) -> list[int]:
    return [j for j in range(state.n) if state.side(j) != state.side(seat)]


def _pts(x: float) -> str:
    return f"{x:g}" if x == int(x) else f"{x:.1f}"


def points(x: float) -> str:
    """``1 point``, ``7.5 points``: a number of points in words."""
    return f"{_pts(x)} point" if x == 1 else f"{_pts(x)} points"


def going_out_words(before: GameState, seat: int, plan: Sequence[Move]) -> str:
    """What going out by ``plan`` would have scored, on the log's real hands."""
    s = before
    for ev in plan:
        s = step(s, ev)
    rules, score = s.rules, s.hand_score
    if rules is None or score is None:
        return "you could have gone out"
    mine = s.side(seat)
    others = _others(s, seat)
    held = their_part(s, hand_end_input(s), score, others)
    theirs = sorted({s.side(j) for j in others})
    sides = " and ".join(f"{_pts(float(score.sides[t]))}" for t in theirs)
    if s.all_at_once and rules.all_at_once == "flat" and score.players[seat] == rules.all_at_once_value:
        how = f"a flat {_pts(rules.all_at_once_value)} for going out all at once"
    elif s.all_at_once and rules.all_at_once == "team_minimum":
        how = "a cold hand, going out all at once"
    else:
        how = f"+{_pts(rules.going_out_bonus)} for going out"
    return (f"you could have gone out: {how}, and {held} (your side {_pts(float(score.sides[mine]))} "
            f"against {sides}, as the cards turned out)")


def their_part(state: GameState, hand: HandInput, score: HandScore, others: Sequence[int]) -> str:
    """What the hand cost the other side, from how the rule set in force scored each of them.

    Built from the scorer's own input and basis: after a cold hand the opponents score 0 (004
    Jawaker, 003), a player who melded nothing takes the flat score (000, 004, 002), and only a
    player whose hand was counted is charged what he holds.
    """
    rules = state.rules
    assert rules is not None
    names = [_name(state, j) for j in others]
    if score.cold_hand:
        return f"{' and '.join(names)} score{'s' if len(others) == 1 else ''} 0, as after any cold hand"
    parts = []
    for j, name in zip(others, names):
        basis = score.basis[j] if j < len(score.basis) else "counted"
        held = hand.seats[j].in_hand
        if basis == "never_melded":
            parts.append(f"{name} melded nothing and takes the flat {_pts(rules.never_melded)}")
        elif basis == "no_turn":
            parts.append(f"{name} never had a turn and scores 0")
        elif basis in ("counted", "held"):
            parts.append(f"{name} is charged the {points(held)} left in hand")
        else:
            parts.append(f"{name} scores {_pts(score.players[j])}")
    return " and ".join(parts)


def _holds_back(before: GameState, played: Move, best: Option) -> bool:
    """Did the move played end the turn (a discard) with the better meld's cards kept in hand?"""
    if not isinstance(best.event, Melded) or not isinstance(played, Discarded):
        return False
    rest = list(before.hands[played.seat])
    rest.remove(played.card)
    for c in best.event.cards:
        if c not in rest:
            return False
        rest.remove(c)
    return True


def _excused_hold(before: GameState, played: Move, best: Option) -> bool:
    """Is the move a held-back meld that the habit excuses? Only once the seat has opened: before
    that, holding back delays the opening, which 002 lists as a beginner's mistake and 000 warns
    costs the flat score for melding nothing."""
    seat = getattr(played, "seat", before.turn)
    return bool(before.opened) and before.opened[seat] and _holds_back(before, played, best)


def _keeps_way_out(state: GameState, move: Move) -> bool:
    """After ``move``, has the seat gone out, or can it still go out this turn?"""
    seat = state.turn
    new = step(state, move)
    if not new.in_hand:
        return new.went_out == seat
    return new.phase == "meld" and new.turn == seat and go_out_plan(new) is not None


def _share(k: int, n: int) -> str:
    return f"{round(100 * k / n)}%" if n else "0%"


def _better_words(before: GameState, seat: int, best: Tally, played: Tally, plan: Sequence[Move] | None) -> str:
    ev = best.option.event
    if plan and _key(plan[0]) == _key(ev):
        return going_out_words(before, seat, plan)
    if isinstance(ev, Melded):
        rules = before.rules
        pts = sum(rules.value(c) for c in ev.cards) if rules else 0.0
        text = (f"melding {_shown(ev.cards)} now puts {points(pts)} on the table, where they can no "
                "longer count against you")
        relief = first_meld_relief(rules) if rules is not None and not before.opened[seat] else ""
        if relief:
            text += f", and as your first meld: {relief}"
        if played.they_out:
            text += (f"; in {_share(played.they_out, played.n)} of the playouts after your move another side went "
                     "out first")
        return text
    explain = best.option.explain.rstrip(".")
    return f"{explain[:1].lower()}{explain[1:]}; {_by_numbers(best, played)}"


def _by_numbers(best: Tally, played: Tally) -> str:
    """What the playouts (up to the seat's next turn) show the better move doing."""
    ours = (_share(best.we_out, best.n), _share(played.we_out, played.n))
    theirs = (_share(best.they_out, best.n), _share(played.they_out, played.n))
    if best.we_out - played.we_out >= 0.1 * best.n:
        return f"your side goes out first in {ours[0]} of the playouts, against {ours[1]} after your move"
    if played.they_out - best.they_out >= 0.1 * best.n:
        return f"another side goes out first in {theirs[0]} of the playouts, against {theirs[1]} after your move"
    return (f"on average the playouts leave your side {_standing(best.mean_points)}, "
            f"{_standing(played.mean_points)} after your move")


def _standing(diff: float) -> str:
    """A score difference in words (no minus sign, which reads like a rule's flat score)."""
    x = round(diff, 1)
    return "level with the others" if x == 0 else f"{points(abs(x))} {'ahead of' if x > 0 else 'behind'} the others"


def _key(ev: Move) -> tuple[Any, ...]:
    return move_key(ev)


def _partner_note(state: GameState, seat: int, event: Move) -> str:
    if not isinstance(event, LaidOff):
        return ""
    meld = state.meld_by_id(event.meld)
    if meld is None or meld.owner == seat:
        return ""
    return f" This move feeds the partner's meld #{meld.id}."


# ------------------------------------------------------------------ judging
def _moves(opts: Options, played: Sequence[Move], plan: Sequence[Move] | None) -> list[Option]:
    """The moves to play out: the expert's candidates, the first step out if there is one, and the moves played.

    The move played is taken as the options list it (a draw without the card the log names: in a
    sampled deal the stock holds other cards); a legal move the options leave out (a multi-card
    lay-off, a wild played where the natural was held) is played out as it was made.
    """
    moves = candidates(opts)
    extra = [opts.find(m) or Option(m, describe(m), "") for m in played]
    if plan:
        extra += [o for o in [opts.find(plan[0])] if o is not None]
    for o in extra:
        if all(_key(m.event) != _key(o.event) for m in moves):
            moves.append(o)
    return moves


def decision(rp: Replay, index: int) -> Move:
    """The move ``rp.events[index]``; ``ValueError`` if that event is no one's decision."""
    event = rp.events[index]
    if not is_move(event) or index == 0:
        raise ValueError(f"seq {event.seq}: a {event.type} event is not a decision to judge")
    return event


@dataclass(frozen=True)
class Playouts:
    """One decision evaluated: the position (the seat's stand-in), its way out if any, and every move's tally."""

    before: GameState
    seat: int
    stand_in: GameState
    plan: list[Move] | None
    tallies: list[Tally]
    obs: Observation
    deals: int
    seed: str

    def tally(self, move: Move) -> Tally:
        return next(t for t in self.tallies if _key(t.option.event) == _key(move))

    @property
    def best(self) -> Tally:
        return max(self.tallies, key=lambda t: t.value)

    def loss(self, move: Move) -> float:
        """Points ``move`` loses against the best move (0 or more, to a tenth)."""
        return round(max(0.0, self.best.value - self.tally(move).value), 1)

    def fair(self, move: Move) -> tuple[float, Tally]:
        """The loss of ``move`` and the playouts it is measured by, fair to a move that leaves the turn
        going on (a meld, a lay-off, a swap).

        After such a move the playouts let the fast policy choose the discard, which is not the
        player's choice: when the best move is a discard still open after ``move``, ``move``
        followed by that discard is played out too, in the same deals, and the better of the two
        lines is the move's.
        """
        mine = self.tally(move)
        best = self.best
        then = best.option.event
        if mine is best or not isinstance(move, (Melded, LaidOff, JokerSwapped)) or not isinstance(then, Discarded):
            return self.loss(move), mine
        try:
            after = step(self.stand_in, move)
            if not after.in_hand or after.turn != self.seat or after.phase != "meld":
                return self.loss(move), mine
            step(after, then)  # still allowed after the move? (the seat's own cards: so in every deal)
        except IllegalMoveError:
            return self.loss(move), mine
        line = evaluate(self.obs, [], self.deals, seed=self.seed, lines=[(mine.option, (then,))])[0]
        if line.value <= mine.value:
            return self.loss(move), mine
        return round(max(0.0, best.value - line.value), 1), line


def playouts(rp: Replay, index: int, deals: int = REVIEW_DEALS, tries: Sequence[Move] = ()) -> Playouts | None:
    """The decision ``rp.events[index]`` evaluated from its seat's observation just before it, with
    ``tries`` (other legal moves, a learner's) played out in the same deals; None if it had one legal move.

    The deals depend on the log and ``index`` alone, so a move's value is the same whatever else is tried.
    """
    event = decision(rp, index)
    before = rp.states[index - 1]
    seat = getattr(event, "seat", before.turn)
    obs = observe(before, seat, rp.events[:index])
    stand_in = obs.stand_in()
    opts = options(stand_in)
    if len(opts.options) <= 1:
        return None
    plan = go_out_plan(stand_in) if stand_in.phase == "meld" else None
    seed = f"review/{event.seq}"
    tallies = evaluate(obs, _moves(opts, [event, *tries], plan), deals, seed=seed)
    return Playouts(before, seat, stand_in, plan, tallies, obs, deals, seed)


def judge(rp: Replay, index: int, deals: int = REVIEW_DEALS) -> Verdict:
    """The verdict on the decision ``rp.events[index]``, from its seat's observation just before it."""
    event = decision(rp, index)
    po = playouts(rp, index, deals)
    if po is None:
        seat = getattr(event, "seat", rp.states[index - 1].turn)
        return Verdict(event.seq, seat, event, "agree", None, "the only legal move.")
    before, seat, stand_in, plan = po.before, po.seat, po.stand_in, po.plan
    best = po.best
    loss, mine = po.fair(event)
    after = mine.then[0] if mine.then else None
    then = f", even if you then discard {_shown([after.card])}" if isinstance(after, Discarded) else ""
    missed_out = bool(plan) and not _keeps_way_out(stand_in, mine.option.event)
    if plan and missed_out:
        # the way out was there and the move played gave it up: the better move to name is that way
        out = next((t for t in po.tallies if _key(t.option.event) == _key(plan[0])), best)
        best = out if out.value >= best.value - AGREE else best
    if best is mine or loss < AGREE:
        why = ("the best move by the playouts." if best is mine else
               f"as good as the best move by the playouts ({describe(best.option.event, True)}), within {AGREE:g} point"
               + (f", if you then discard {_shown([after.card])}." if isinstance(after, Discarded) else "."))
        return Verdict(event.seq, seat, event, "agree", None, why + _partner_note(before, seat, event), loss)
    verdict = grade(loss)
    words = _better_words(before, seat, best, mine, plan)
    if not missed_out and _excused_hold(before, event, best.option) and loss < HOLD_BACK_LIMIT:
        verdict = "acceptable"
        why = (f"{HABIT} is a habit the sources recommend (an opponent racing to go out cannot see it coming); "
               f"here it costs about {points(loss)} by the playouts: {words}.")
    else:
        why = f"{describe(best.option.event, True)} would have been better by about {points(loss)}{then}: {words}."
    return Verdict(event.seq, seat, event, verdict, best.option.event, why + _partner_note(before, seat, event), loss)


def review(rp: Replay, seat: int | None = None, deals: int = REVIEW_DEALS,
           progress: Callable[[int, int], None] | None = None) -> list[Verdict]:
    """Verdicts on every decision of ``seat`` (or of every seat) in a replayed log.

    A decision takes a fraction of a second, a whole match a minute or so: ``progress(done, total)``,
    if given, is called before the first decision and after each one.
    """
    decisions = [i for i, event in enumerate(rp.events)
                 if i > 0 and is_move(event) and (seat is None or getattr(event, "seat", rp.states[i - 1].turn) == seat)]
    out = []
    for k, i in enumerate(decisions):
        if progress is not None:
            progress(k, len(decisions))
        out.append(judge(rp, i, deals))
    if progress is not None:
        progress(len(decisions), len(decisions))
    return out


def mistakes(verdicts: Sequence[Verdict], seat: int | None = None, at_least: str = "questionable") -> list[Verdict]:
    """The decisions of ``seat`` (or everyone's) graded ``at_least`` this bad, the costliest first."""
    floor = VERDICTS.index(at_least)
    picked = [v for v in verdicts if v.severity >= floor and (seat is None or v.seat == seat)]
    return sorted(picked, key=lambda v: (-v.loss, v.seq))


def format_verdicts(verdicts: Sequence[Verdict], players: Sequence[str] = ()) -> str:
    """A readable list: one header line per decision, the reason indented below."""
    lines = []
    for v in verdicts:
        name = f" ({players[v.seat]})" if v.seat < len(players) else ""
        cost = f" (loses {points(v.loss)})" if v.loss else ""
        lines.append(f"seq {v.seq:4}  seat {v.seat}{name}: {describe(v.played)} -> {v.verdict}{cost}")
        lines.append(f"      {v.why}")
    counts = {k: sum(v.verdict == k for v in verdicts) for k in VERDICTS}
    total = sum(v.loss for v in verdicts)
    lines.append(", ".join(f"{n} {k}" for k, n in counts.items()) + f" of {len(verdicts)} decisions; "
                 f"{total:.1f} points lost in all")
    return "\n".join(lines)


def verdict_events(verdicts: Sequence[Verdict], author: str = "reviewer") -> list[dict[str, Any]]:
    """``annotated`` events (without seq: the store assigns it) carrying the verdicts."""
    return [{"type": "annotated", "at": v.seq, "text": v.note(), "author": author} for v in verdicts]


__all__ = ["Verdict", "judge", "review", "mistakes", "grade", "format_verdicts", "verdict_events", "describe",
           "going_out_words", "AGREE", "ACCEPTABLE", "BLUNDER", "HOLD_BACK_LIMIT", "VERDICTS"]
