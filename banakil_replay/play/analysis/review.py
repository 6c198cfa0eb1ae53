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

Holding a finished meld back once the player has opened, which 000 advises, is graded
like any other move; where lesson 11's ``hold-meld`` run at that table did not hold, a verdict on
such a hold gives its figure, so the advice is never an excuse. Where the better move follows a tip
that did hold there, the verdict names it with its figure (``held.held_tip``, one template).
:data:`HOLD_BACK_LIMIT` (6 points) is kept for callers of the earlier grading.

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

from ...errors import IllegalMoveError
from ...events import Discarded, JokerSwapped, LaidOff, Melded
from ...reducer import Replay
from ...state import GameState
from ..search.going_out import go_out_plan
from ..bots.expert import REVIEW_DEALS, Tally, candidates, evaluate
from ..moves import Move, Option, Options, Said, article, in_english, is_move, move_json, move_key
from ..observation import Observation, observe
from ..coach.options import options
from ..bots.rollout import step
from .judge import MAX_DEALS, SELECT_DEALS, candidate_moves, estimate, select
from .parallel import judge_all
from ...i18n import N_, _, pgettext
# the words live in review_words; the names callers import from here stay importable from here
from .review_words import (VERDICT_COUNTS, Judged, _tip_note, as_good_words, best_words, better_move_words,
                           describe, doing, going_out_words, points, pts, resplit_words, their_part, verdict_word)

AGREE = 1.0
ACCEPTABLE = 3.0
BLUNDER = 10.0
HOLD_BACK_LIMIT = 6.0
VERDICTS = ("agree", "acceptable", "questionable", "blunder")


@dataclass(frozen=True)
class Verdict:
    """The judgement of one decision: ``loss`` points against ``better`` by the expert's evaluation."""

    seq: int
    seat: int
    played: Move
    verdict: str
    better: Move | None
    words: Said | str  # said when read, as :attr:`why`: the JSON and the notes keep English
    loss: float = 0.0
    spread: float = 0.0  # half the width of the loss's 95% interval, in points
    graded: bool = True  # False: a decision with one legal move, neither graded nor counted

    @property
    def why(self) -> str:
        return str(self.words)

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "seat": self.seat, "played": move_json(self.played), "verdict": self.verdict,
                "loss": self.loss, "interval": [round(max(0.0, self.loss - self.spread), 1),
                                                round(self.loss + self.spread, 1)],
                "better": move_json(self.better) if self.better is not None else None,
                "why": in_english(self.words)}

    def note(self) -> str:
        """The text of the ``annotated`` event written by ``review --append``: English, as a log holds it
        whatever language the review was read in."""
        why = in_english(self.words)
        return f"{self.verdict} ({self.loss:g} points): {why}" if self.loss else f"{self.verdict}: {why}"

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


def _keeps_way_out(state: GameState, move: Move) -> bool:
    """After ``move``, has the seat gone out, or can it still go out this turn?"""
    seat = state.turn
    new = step(state, move)
    if not new.in_hand:
        return new.went_out == seat
    return new.phase == "meld" and new.turn == seat and go_out_plan(new) is not None


def _key(ev: Move) -> tuple[Any, ...]:
    return move_key(ev)


# ------------------------------------------------------------------ judging
def _moves(opts: Options, played: Sequence[Move], plan: Sequence[Move] | None) -> list[Option]:
    """The moves to play out: the expert's candidates, the first step out if there is one, and the moves played.

    The move played is taken as the options list it (a draw without the card the log names: in a
    sampled deal the stock holds other cards); a legal move the options leave out (a multi-card
    lay-off, a wild played where the natural was held) is played out as it was made.
    """
    moves = candidates(opts)
    extra = [opts.find(m) or Option(m, Said(describe, (m,)), "") for m in played]
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
        raise ValueError(f"seq {event.seq}: {article(event.type)} {event.type} event is not "
                         "a decision to judge")
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
    before, seat, obs, stand_in, opts, plan = _position(rp, index)
    if len(opts.options) <= 1:
        return None
    seed = f"review/{event.seq}"
    tallies = evaluate(obs, _moves(opts, [event, *tries], plan), deals, seed=seed)
    return Playouts(before, seat, stand_in, plan, tallies, obs, deals, seed)


def _played_lines(stand_in: GameState, seat: int, played: Option,
                  leader: Option) -> list[tuple[Option, tuple[Move, ...]]]:
    """The move played, and, when it leaves the turn going on (a meld, a lay-off, a swap) and the
    leader is a discard still open after it, the same move followed by that discard: after such a
    move the evaluation lets the fast policy choose the discard, which is not the player's choice."""
    lines: list[tuple[Option, tuple[Move, ...]]] = [(played, ())]
    then = leader.event
    if isinstance(played.event, (Melded, LaidOff, JokerSwapped)) and isinstance(then, Discarded):
        try:
            after = step(stand_in, played.event)
            if after.in_hand and after.turn == seat and after.phase == "meld":
                step(after, then)  # still allowed after the move? (the seat's own cards: so in every deal)
                lines.append((played, (then,)))
        except IllegalMoveError:
            pass
    return lines


def _position(rp: Replay, index: int) -> tuple[GameState, int, Observation, GameState, Options, list[Move] | None]:
    """The decision ``rp.events[index]`` as its seat saw it: the state before, the seat, its
    observation and stand-in state, the options there and the way out, if any."""
    event = decision(rp, index)
    before = rp.states[index - 1]
    seat = getattr(event, "seat", before.turn)
    obs = observe(before, seat, rp.events[:index])
    stand_in = obs.stand_in()
    plan = go_out_plan(stand_in) if stand_in.phase == "meld" else None
    return before, seat, obs, stand_in, options(stand_in), plan


def _leader(obs: Observation, opts: Options, extra: Sequence[Option], key: str, deals: int) -> Option:
    """The judge's best move at a decision: the same for the review and every try at it (same deals)."""
    return select(obs, candidate_moves(opts, extra), f"{key}/select", min(SELECT_DEALS, deals))[0].option


def try_loss(rp: Replay, index: int, move: Move, seed: int = 0, deals: int = MAX_DEALS) -> tuple[float, float, Move]:
    """What another legal ``move`` at the decision ``rp.events[index]`` loses against the judge's best
    move there (the one the review names), with its interval's half-width: (loss, spread, best move).

    The mistakes drill grades a learner's tries with it, so a try and the game's move are measured
    by the same judge, against the same best move.
    """
    event = decision(rp, index)
    _before, seat, obs, stand_in, opts, plan = _position(rp, index)
    tried = opts.find(move) or Option(move, Said(describe, (move,)), "")
    played = opts.find(event) or Option(event, Said(describe, (event,)), "")
    way_out = [o for o in [opts.find(plan[0])] if o is not None] if plan else []
    key = f"review/{seed}/{event.seq}"
    best = _leader(obs, opts, [played, tried, *way_out], key, deals)
    if _key(best.event) == _key(move):
        return 0.0, 0.0, best.event
    est = estimate(obs, best, _played_lines(stand_in, seat, tried, best), f"{key}/try/{_key(move)}", deals)
    return round(max(0.0, est.mean), 1), round(est.half_width, 1), best.event


def judge(rp: Replay, index: int, deals: int = MAX_DEALS, seed: int = 0) -> Verdict:
    """The verdict on the decision ``rp.events[index]``, from its seat's observation just before it.

    ``seed`` picks the sampled deals (the same seed, the same verdict); ``deals`` bounds the fresh
    deals of the loss's estimate: the judge stops sooner once the verdict is clear (``judge.py``).
    """
    event = decision(rp, index)
    before, seat, obs, stand_in, opts, plan = _position(rp, index)
    if len(opts.options) <= 1:
        return Verdict(event.seq, seat, event, "agree", None, Said(_, (N_("the only legal move."),)), graded=False)
    played = opts.find(event) or Option(event, Said(describe, (event,)), "")
    way_out = [o for o in [opts.find(plan[0])] if o is not None] if plan else []
    key = f"review/{seed}/{event.seq}"
    leader_pick = _leader(obs, opts, [played, *way_out], key, deals)
    missed_out = bool(plan) and not _keeps_way_out(stand_in, event)
    if missed_out and way_out:
        leader_pick = way_out[0]  # the way out was there and the move played gave it up: that is the move to name
    if _key(leader_pick.event) == _key(event):
        return Verdict(event.seq, seat, event, "agree", None, Said(best_words, (before, seat, event)))
    est = estimate(obs, leader_pick, _played_lines(stand_in, seat, played, leader_pick), f"{key}/estimate", deals)
    loss, spread = round(max(0.0, est.mean), 1), round(est.half_width, 1)
    verdict = grade(max(0.0, est.low))
    after = est.other.then[0] if est.other.then else None
    then = after if isinstance(after, Discarded) and _key(after) != _key(leader_pick.event) else None
    judged = Judged(before, seat, event, leader_pick, est.better, est.other, tuple(plan) if plan else None, then,
                     loss, spread, missed_out)
    if verdict == "agree":
        return Verdict(event.seq, seat, event, "agree", None, Said(as_good_words, (judged,)), loss, spread)
    return Verdict(event.seq, seat, event, verdict, leader_pick.event, Said(better_move_words, (judged,)),
                   loss, spread)


def review(rp: Replay, seat: int | None = None, deals: int = MAX_DEALS,
           progress: Callable[[int, int], None] | None = None, seed: int = 0, workers: int = 1) -> list[Verdict]:
    """Verdicts on every decision of ``seat`` (or of every seat) in a replayed log, but those with one
    legal move (nothing to judge); ``seed`` picks the sampled deals.

    A decision takes a fraction of a second, a whole match a minute or so of one core:
    ``progress(done, total)``, if given, is called before the first decision and after each one.
    With ``workers`` above 1 the decisions are judged in that many processes (``parallel.py``):
    the same verdicts, sooner on a machine with the cores.
    """
    decisions = [i for i, event in enumerate(rp.events)
                 if i > 0 and is_move(event) and (seat is None or getattr(event, "seat", rp.states[i - 1].turn) == seat)]
    count = 0

    def one_done() -> None:
        nonlocal count
        count += 1
        if progress is not None:
            progress(count, len(decisions))

    if progress is not None:
        progress(0, len(decisions))
    if workers > 1 and len(decisions) > 1:
        verdicts = judge_all(judge, rp, decisions, deals, seed, workers, one_done)
    else:
        verdicts = []
        for i in decisions:
            verdicts.append(judge(rp, i, deals, seed))
            one_done()
    return [v for v in verdicts if v.graded]


def mistakes(verdicts: Sequence[Verdict], seat: int | None = None, at_least: str = "questionable") -> list[Verdict]:
    """The decisions of ``seat`` (or everyone's) graded ``at_least`` this bad, the costliest first."""
    floor = VERDICTS.index(at_least)
    picked = [v for v in verdicts if v.severity >= floor and (seat is None or v.seat == seat)]
    return sorted(picked, key=lambda v: (-v.loss, v.seq))


def format_verdicts(verdicts: Sequence[Verdict], players: Sequence[str] = ()) -> str:
    """A readable list: one header line per decision, the reason indented below."""
    lines = []
    for v in verdicts:
        who = (_("seat {seat} ({player})").format(seat=v.seat, player=players[v.seat]) if v.seat < len(players) else
               _("seat {seat}").format(seat=v.seat))
        head = _("seq {seq}  {who}: {move} -> {verdict}").format(seq=f"{v.seq:4}", who=who, move=describe(v.played),
                                                                 verdict=verdict_word(v.verdict))
        if v.loss:
            head = _("{line} (loses about {points}, give or take {spread})").format(
                line=head, points=points(v.loss), spread=pts(v.spread))
        lines.append(head)
        lines.append(f"      {v.why}")
    counts = {k: sum(v.verdict == k for v in verdicts) for k in VERDICTS}
    total = sum(v.loss for v in verdicts)
    tally = pgettext("list separator", ", ").join(
        pgettext("verdict count", VERDICT_COUNTS[k]).format(count=n) for k, n in counts.items())
    lines.append(_("{tally} of {count} decisions; {points} points lost in all").format(
        tally=tally, count=len(verdicts), points=f"{total:.1f}"))
    return "\n".join(lines)


def verdict_events(verdicts: Sequence[Verdict], author: str = "reviewer") -> list[dict[str, Any]]:
    """``annotated`` events (without seq: the store assigns it) carrying the verdicts."""
    return [{"type": "annotated", "at": v.seq, "text": v.note(), "author": author} for v in verdicts]


__all__ = ["Verdict", "verdict_word", "doing", "points", "their_part", "resplit_words", "judge", "review", "mistakes", "grade", "format_verdicts", "verdict_events", "describe",
           "going_out_words", "AGREE", "ACCEPTABLE", "BLUNDER", "HOLD_BACK_LIMIT", "VERDICTS"]
