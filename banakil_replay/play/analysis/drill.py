"""Learning from one's own mistakes: back to each decision the review marks, the move hidden, another try.

:class:`MistakeDrill` is the model behind the play table's "learn from my
mistakes": the review (:func:`~banakil_replay.play.analysis.review.review`) grades a
seat's decisions; each one graded ``questionable`` or ``blunder`` is a stop.
At a stop the position is the state just before the move made, seen from that
seat, and the move made stays hidden (a :class:`~banakil_replay.play.analysis.stepper.Stepper`
in quiz mode holds the position and that rule). The learner tries a move:
the reducer says whether it is legal (a refusal keeps its reason, rule and
source, and changes nothing), and the review's judge (``review.try_loss``:
the same best move, chosen in the same deals) says how many points it loses
against the best move, beside what the move made lost: the judge that chose
the stops grades the tries. No ipywidgets and no HTML: the play table draws it.

>>> from banakil_replay.log.load import load_replay
>>> from banakil_replay.play.analysis.review import review
>>> rp = load_replay("sample_games/classic_dana_ravi.jsonl")
>>> drill = MistakeDrill(rp, [0], review(rp, seat=0))
>>> len(drill.stops) == sum(v.verdict in MISTAKES for v in review(rp, seat=0))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ...errors import IllegalMoveError
from ...events import Event
from ...reducer import Replay, apply
from ...rulebook import Rule
from ...state import GameState
from ..moves import Move, Option, Options, article, is_move
from .judge import MAX_DEALS
from .review import AGREE, describe, points, try_loss, verdict_word
from ...i18n import _
from .stepper import Stepper, move_match

__all__ = ["MISTAKES", "Stop", "Attempt", "MistakeDrill"]

#: the verdicts a learner is sent back to (the review may grade in points; these are the bad grades)
MISTAKES = ("questionable", "blunder")


@dataclass(frozen=True)
class Stop:
    """A decision to try again: the event number of the move made, its seat, the verdict and why."""

    seq: int
    seat: int
    verdict: str
    why: str


@dataclass(frozen=True)
class Attempt:
    """The learner's try at a stop, judged: refused (with the reducer's reason), or ranked."""

    move: Move
    refusal: str = ""  # the reducer's reason, when the move is not allowed
    rule: Rule | None = None
    source: str = ""
    match: str | None = None  # move_match(try, the move made): "same", "part" or None
    rank: int | None = None  # the try's rank among the options (None: legal but not listed)
    game_rank: int | None = None  # the rank of the move made
    out_of: int = 0
    best: Option | None = None  # the hints' top option
    loss: float | None = None  # points the try loses against the judge's best move
    game_loss: float | None = None  # ... and the move made, against the same best move
    best_move: Move | None = None  # the judge's best move

    @property
    def legal(self) -> bool:
        return not self.refusal

    @property
    def top(self) -> bool:
        """The judge's best move, or as good within :data:`~.review.AGREE` points."""
        return self.legal and self.loss is not None and self.loss < AGREE

    def verdict(self) -> str:
        """``refused``, ``same`` (the move made again), ``top``, ``better`` (than the move made) or ``worse``
        (no better), by the points each loses against the best move."""
        if not self.legal:
            return "refused"
        if self.match == "same":
            return "same"
        if self.top:
            return "top"
        if self.loss is not None and self.game_loss is not None and self.loss < self.game_loss:
            return "better"
        return "worse"

    def words(self, stop: Stop) -> str:
        """The engine's feedback in one or two sentences."""
        kind = self.verdict()
        if kind == "refused":
            return _("Not allowed: {reason}. Nothing changed; try another move.").format(reason=self.refusal)
        best = (" " + _("The best move here: {move}.").format(move=describe(self.best_move, pretty=True))
                if self.best_move is not None else "")
        game = (_("the move made in the game loses about {points}").format(points=points(self.game_loss))
                if self.game_loss is not None else "")
        if kind == "same":
            return _("That is the move made in the game, which the review marked {verdict}: {why}").format(
                verdict=verdict_word(stop.verdict), why=stop.why)
        if kind == "top":
            return _("The best move here (or as good, within {points} point); {game}.").format(points=f"{AGREE:g}",
                                                                                                game=game)
        lost = _("it loses about {points} against the best move").format(points=points(self.loss or 0.0))
        if kind == "better":
            return _("Better than the game: {loss}, and {game}.").format(loss=lost, game=game) + best
        return _("No better than the move made: {loss}, and {game}.").format(loss=lost, game=game) + best


class MistakeDrill:
    """The stops of ``seats`` in a replayed game, and one try after another at the current stop.

    ``verdicts``: the review's verdicts (anything with ``seq`` and ``verdict``,
    and ``why`` if it has one, in any order); those graded as one of
    :data:`MISTAKES` on a move by one of ``seats`` become the stops, in the order played.
    """

    def __init__(self, replay: Replay, seats: Iterable[int], verdicts: Sequence[Any],
                 deals: int = MAX_DEALS) -> None:
        self.replay, self.deals = replay, deals
        wanted = set(seats)
        self.stops: list[Stop] = []
        for v in sorted(verdicts, key=lambda v: int(v.seq)):
            if not 0 < v.seq < len(replay):
                continue
            seat = getattr(replay.events[v.seq], "seat", None)  # who made the move, from the log itself
            if v.verdict in MISTAKES and seat in wanted:
                self.stops.append(Stop(int(v.seq), int(seat), str(v.verdict), str(getattr(v, "why", ""))))
        self.index = 0
        self.attempts: list[Attempt] = []
        self.stepper: Stepper | None = None
        self.go(0)

    # ------------------------------------------------------------ position
    @property
    def stop(self) -> Stop | None:
        return self.stops[self.index] if 0 <= self.index < len(self.stops) else None

    @property
    def state(self) -> GameState:
        """The position at the current stop: the state just before the move made."""
        assert self.stepper is not None, "no stop: check drill.stop first"
        return self.stepper.state

    @property
    def played(self) -> Event:
        """The move made at the current stop (hidden from the learner until revealed)."""
        return self.replay.events[self._stop().seq]

    @property
    def revealed(self) -> bool:
        return self.stepper is not None and self.stepper.revealed

    def go(self, index: int) -> Stop | None:
        """Go to stop ``index`` (clamped); the move made is hidden again and the tries start afresh."""
        self.index = min(max(index, 0), max(len(self.stops) - 1, 0))
        self.attempts = []
        stop = self.stop
        self.stepper = None if stop is None else Stepper(self.replay, seat_view=stop.seat, quiz=True,
                                                         start=stop.seq - 1)
        return stop

    def next(self) -> Stop | None:
        return self.go(self.index + 1) if self.index + 1 < len(self.stops) else None

    def options(self) -> Options:
        assert self.stepper is not None, "no stop: check drill.stop first"
        return self.stepper.options_here()

    def _stop(self) -> Stop:
        stop = self.stop
        if stop is None:
            raise IllegalMoveError(_("there is no decision to try again: the review marked none as a mistake"))
        return stop

    # ------------------------------------------------------------ trying
    def attempt(self, move: Move) -> Attempt:
        """Judge the learner's ``move`` at this stop; the position stays as it is, whatever the move."""
        self._stop()
        state = self.state
        if not is_move(move):
            raise IllegalMoveError((_("an {type} event is not a move") if article(move.type) == "an" else
                                    _("a {type} event is not a move")).format(type=move.type))
        try:
            apply(state, move)
        except IllegalMoveError as e:
            tried = Attempt(move, refusal=e.reason, rule=e.rule, source=e.source)
        else:
            opts = self.options()
            played = self.played
            mine, theirs = opts.find(move), opts.find(played)
            seq = self._stop().seq
            loss, _spread, best_move = try_loss(self.replay, seq, move, deals=self.deals)
            game_loss = try_loss(self.replay, seq, played, deals=self.deals)[0] if is_move(played) else None
            tried = Attempt(move, match=move_match(move, played), rank=mine.rank if mine else None,
                            game_rank=theirs.rank if theirs else None, out_of=len(opts.options),
                            best=opts.best(), loss=loss, game_loss=game_loss, best_move=best_move)
        self.attempts.append(tried)
        return tried

    def reveal(self) -> Event:
        """Show the move made at this stop (the stepper's quiz marks the answer revealed); returns it."""
        self._stop()
        assert self.stepper is not None
        opts = self.options()
        if opts.options and not self.stepper.revealed:
            # the quiz reveals beside a pick: the learner's last listed try, else the top option
            tried = next((opts.find(a.move) for a in reversed(self.attempts) if opts.find(a.move)), None)
            self.stepper.reveal(opts.options.index(tried) if tried is not None else 0)
        return self.played
