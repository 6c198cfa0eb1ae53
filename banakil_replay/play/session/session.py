"""A game at the table: people and bots play a match, and the log is the game.

:class:`GameSession` starts a match (or resumes one from its log), deals each
hand from a seeded shuffle, plays a person's move through the reducer, lets the
bots move until a person is to act again, and deals the next hand when one
ends, until the match is won. Every event is appended to the log with the
store's crash-safe appender the moment it is made, and the state only moves on
once the event is on disk, so a process killed at any moment leaves a log that
:meth:`GameSession.resume` continues. The only I/O is that appender: no
printing, no widgets; the ``play`` command and a table widget sit on top.

Randomness is a pure function of the match seed, recorded in the log:
``match_started`` carries ``seed``; each ``hand_started`` carries the ``seed``
of the ``random.Random`` its deck was shuffled with (``bots.deal_hand``), and
its stock order; a reshuffle and a bot's choice draw from generators seeded by
the match seed and where the game stands. A resumed match therefore goes on
exactly as it would have without the interruption.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "game.jsonl")
>>> table = GameSession.start(path, "classic", 2, humans={0}, seed=3)
>>> table.waiting_for, table.state.phase, len(table.state.hands[0])
(0, 'draw', 18)
>>> _ = table.play(table.options().options[0].event)   # draw from the stock
>>> table.state.phase
'meld'
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from typing import Any, Collection, Mapping, Sequence

from ...errors import BanakilError, IllegalMoveError, MalformedEventError, MalformedInputError
from ...events import FORMAT, Event, HandStarted, MatchStarted, Reshuffled, event_to_json, parse_event
from ...log.lines import NotALogError
from ...log.load import UnreadableLogError, load_replay, start_log
from ...log.store import append_event, iter_events
from ...reducer import apply
from ...rulebook import Rule
from ...rules import get_ruleset
from ...state import GameState
from ..bots.selfplay import BOT_NAMES, MAX_EVENTS_PER_HAND, Bot, as_recorded, deal_hand, decide, make_bots
from ..bots.expert import PLAYOUTS, Tally
from ..search.going_out import go_out_plan
from ..coach.held import Finding, held_tip
from ..analysis.judge import Estimate, candidate_moves, judge_moves
from ..moves import Move, Option, Options, is_move
from ..observation import Observation, PublicRecord, observe, public_history
from ..coach.options import options
from ..analysis.review import describe, doing
from ...seats import seat_name
from ...i18n import _, pgettext
from ..seeds import derived_seed

#: the bots a session seats (every kind there is); each is the same kind at every seat, so a bot can be made
#: afresh for each move
SESSION_BOTS = BOT_NAMES


class LogUnwritable(BanakilError):
    """The log could not be written. Not a refusal of the move: the game is as the log says, and resumable."""


@dataclass(frozen=True)
class Advice:
    """The judge's pick (``move``), the candidates it weighed (best first; empty when the move was
    forced or a way out), its edge over the runner-up with that figure's error, and the hints' top
    option, for comparison. The review grades a move against the same judge (``judge.py``)."""

    move: Option
    tallies: tuple[Tally, ...]
    hint: Option | None
    edge: Estimate | None = None
    tip: Finding | None = None

    def words(self) -> str:
        """The pick in one sentence: what it does, and how it compares with the next best move; then the
        tip it follows, if that tip held when tested at this table (``held.held_tip``)."""
        move = self.move.explain.rstrip(".")
        if self.move.goes_out or self.edge is None:
            return move + "."
        other = doing(self.edge.other.option.event)
        tip = " " + _("{tip}.").format(tip=self.tip.sentence()) if self.tip else ""
        if self.edge.low >= 0.5:
            return _("{move}; about {points} points better than {other}, give or take {spread}.").format(
                move=move, points=f"{self.edge.mean:.1f}", other=other, spread=f"{self.edge.half_width:.1f}") + tip
        return _("{move}; {other} is about as good.").format(move=move, other=other) + tip


@dataclass(frozen=True)
class Happening:
    """One thing that happened while a person waited, in words; ``ended`` is the state when it ended a hand."""

    text: str
    ended: GameState | None = None


@dataclass
class GameSession:
    """One match in play, written to ``path`` as it goes. Make one with :meth:`start` or :meth:`resume`.

    ``state`` is the reducer's state after the last event in the log. ``humans``
    are the seats people play; the bots (``bots``, one of :data:`SESSION_BOTS`)
    play the others. ``happened`` lists what happened since a person last moved,
    in order: the bots' moves, hands ending (with the state at the end, so a view
    can show a hand's result after the next one is dealt) and new deals;
    ``last_moves`` is the same in words, one line each.
    """

    path: str
    state: GameState
    humans: frozenset[int]
    bots: str
    seed: int
    happened: tuple[Happening, ...] = ()
    _news: list[Happening] = field(default_factory=list, init=False, repr=False)
    # the hand in play as the table saw it: the bots decide from observations read from it
    _record: PublicRecord = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._record = PublicRecord(self.state.n)

    # ------------------------------------------------------------ making one
    @classmethod
    def start(cls, path: str | os.PathLike[str], rules: str, players: int | None = None, *,
              humans: Collection[int] = (0,),
              bots: str = "heuristic", seed: int = 0, overrides: Mapping[str, Any] | None = None,
              names: Sequence[str] | None = None) -> "GameSession":
        """A new match in a new log at ``path`` (never overwritten), dealt and played up to a person's turn.

        ``players`` defaults to the fewest the rule set allows.
        """
        name = os.fspath(path)
        ruleset = get_ruleset(rules, overrides)  # unknown rule set or knob: bad input, before any file exists
        players = ruleset.player_counts[0] if players is None else players
        ruleset.check_players(players)
        seats = _check_seats(humans, players)
        bots = _check_bots(bots)
        names = list(names) if names is not None else [
            f"human-{s}" if s in seats else f"{bots}-{s}" for s in range(players)]
        first = event_to_json(MatchStarted(seq=0, format=FORMAT, rules=ruleset.name, players=tuple(names),
                                           options=dict(overrides or {})))
        # extra fields of match_started (docs/event-log.md, "Fields the play table adds"): resume reads them back
        first.update(seed=seed, humans=sorted(seats), bots=bots)
        state = apply(GameState(), parse_event(first))  # the reducer checks it before the file exists
        start_log(name, first, exists=_("{file} already exists; resume it, or choose a new file"))
        session = cls(name, state, seats, bots, seed)
        session.advance()
        return session

    @classmethod
    def resume(cls, path: str | os.PathLike[str], *, humans: Collection[int] | None = None, bots: str | None = None,
               seed: int | None = None, rules: str | None = None, players: int | None = None) -> "GameSession":
        """The match in the log at ``path``, continued up to a person's turn (or its end).

        The seed, the people's seats and the bots are the ones ``match_started`` records
        (:func:`recorded_seating`); the arguments are used only for a log that records
        none (one written by another program). ``seed``, ``humans``, ``bots``, ``rules``
        and ``players``, when given, must agree with the log: nothing is played otherwise.
        """
        name = os.fspath(path)
        try:
            rp = load_replay(name)  # a torn last line is refused: `repair` moves it aside
        except UnreadableLogError:
            if not os.path.lexists(name):
                raise MalformedInputError(_("{log} does not exist; there is no match to resume").format(log=name)) from None
            raise
        except NotALogError:
            if os.path.isfile(name) and os.path.getsize(name) == 0:
                raise MalformedInputError(_("{log} is empty; there is no match to resume").format(log=name)) from None
            raise
        except (IllegalMoveError, MalformedEventError) as e:
            raise MalformedInputError(_("{log} does not replay, so it cannot be continued: {reason}").format(log=name, reason=e)) from None
        state = rp.final
        # match_started as written, with the fields the play table adds (the typed event has only the format's)
        first: Mapping[str, Any] = next(iter_events(name), {})
        recorded = first.get("seed")
        if isinstance(recorded, bool) or not isinstance(recorded, (int, type(None))):
            raise MalformedInputError(_("{log}: seq 0: field 'seed' must be a whole number, got {value}").format(log=name, value=repr(recorded)))
        if recorded is not None and seed is not None and seed != recorded:
            raise MalformedInputError(_("{log} was dealt with seed {recorded}, not {seed}").format(log=name, recorded=recorded, seed=seed))
        if rules is not None and state.rules is not None and get_ruleset(rules).name != state.rules.name:
            raise MalformedInputError(_("{log} is played under {recorded} rules, not {rules}").format(log=name, recorded=state.rules.name,
                                                                                          rules=rules))
        if players is not None and players != state.n:
            raise MalformedInputError(_("{log} is a match of {recorded} players, not {players}").format(log=name, recorded=state.n,
                                                                                           players=players))
        seats, kind = _resumed_seating(name, first, state.n, humans, bots)
        session = cls(name, state, seats, kind, recorded if recorded is not None else (seed or 0))
        session._record = public_history(rp.events, state.n)
        session.advance()
        return session

    # ------------------------------------------------------------ looking
    @property
    def waiting_for(self) -> int | None:
        """The person's seat to act now, or None (the match is over)."""
        return self.state.turn if self.state.in_hand and self.state.turn in self.humans else None

    @property
    def last_moves(self) -> tuple[str, ...]:
        return tuple(h.text for h in self.happened)

    @property
    def ended_hands(self) -> tuple[GameState, ...]:
        """The state at the end of each hand that ended since a person last moved."""
        return tuple(h.ended for h in self.happened if h.ended is not None)

    @property
    def over(self) -> bool:
        return self.state.match_over

    def options(self) -> Options:
        """The legal moves of the person to act, explained and ranked (none when nobody is waiting)."""
        seat = self.waiting_for
        if seat is None:
            return Options(None, "over", notes=(_("the match is over"),) if self.over else ())
        # from what the person may know, like the bots: the coach cannot give away a hidden card
        return options(self.observation(seat).stand_in())

    def advice(self, playouts: int = PLAYOUTS) -> Advice | None:
        """The judge's pick for the person to act (the judge the review grades with), with its edge over
        the next best move; None when nobody is waiting. Fixed by the log's seed and the position.
        ``playouts`` is kept for callers of the earlier signature: the judge sizes its own sample."""
        seat = self.waiting_for
        if seat is None:
            return None
        opts = self.options()
        obs = self.observation(seat)
        if len(opts.options) == 1:
            return Advice(opts.options[0], (), opts.best())
        plan = go_out_plan(obs.stand_in()) if obs.phase == "meld" else None
        out = opts.find(plan[0]) if plan else None
        if out is not None:
            return Advice(out, (), opts.best())
        got = judge_moves(obs, candidate_moves(opts), f"advice/{derived_seed(self.seed, 'advice', self.state.seq)}")
        return Advice(got.leader.option, got.selection, opts.best(), got.estimate,
                      held_tip(obs.stand_in(), got.leader.option))

    @property
    def public_record(self) -> PublicRecord:
        """The hand in play as the table saw it (what every seat's observation is read from)."""
        return self._record

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: its hand, the table, the pile, the counts and this hand's public moves."""
        return observe(self.state, seat, self._record)

    def name(self, seat: int) -> str:
        return seat_name(self.state.players, seat)

    # ------------------------------------------------------------ playing
    def play(self, move: Move) -> list[dict[str, Any]]:
        """Play a person's move, then the bots until a person is to act; the events as written.

        An illegal move raises the reducer's :class:`IllegalMoveError` (with its
        ``rule`` and ``source``) and changes nothing, in the log or here.
        """
        seat = getattr(move, "seat", self.state.turn)
        if self.waiting_for is None:
            raise Rule.HAND_IN_PLAY.no(_("no hand is in play: the match is over") if self.over
                                       else _("no person is to act now"))
        if seat not in self.humans:
            people = [str(p) for p in sorted(self.humans)]
            seats = people[0]
            for more in people[1:]:  # "0 or 2 or 3", each link the catalog's
                seats = _("{items} or {last}").format(items=seats, last=more)
            raise Rule.TURN_ORDER.no(_("seat {seat} is played by a bot; you play seat {seats}").format(
                seat=seat, seats=seats))
        self._news = []
        written = [self._push(move)]
        written += self._advance()
        return written

    def advance(self) -> list[dict[str, Any]]:
        """Deal and let the bots move until a person is to act or the match is won; the events as written."""
        self._news = []
        return self._advance()

    def _advance(self) -> list[dict[str, Any]]:
        written: list[dict[str, Any]] = []
        start = self.state.seq
        while not self.state.match_over:
            if not self.state.in_hand:
                start = self.state.seq
                deal, hand_seed = self._deal()
                written.append(self._push(deal, {"seed": hand_seed}))
            elif self.state.turn in self.humans:
                break
            else:
                if self.state.seq - start > MAX_EVENTS_PER_HAND:
                    raise RuntimeError(f"hand {self.state.hand_no} did not end after {MAX_EVENTS_PER_HAND} events")
                written.append(self._push(self._bot_move()))
        self.happened = tuple(self._news)
        return written

    def _deal(self) -> tuple[HandStarted, int]:
        """The next hand's deal, and the seed its deck was shuffled with (recorded beside it)."""
        rules = self.state.rules
        assert rules is not None
        hand = self.state.hand_no + 1
        hand_seed = derived_seed(self.seed, "deal", hand)
        return deal_hand(rules, self.state.n, hand, random.Random(hand_seed), self.state.seq + 1), hand_seed

    def _bot_move(self) -> Move:
        seat = self.state.turn
        bot: Bot = make_bots(self.bots, self.state.n, derived_seed(self.seed, "bot", self.state.seq))[seat]
        return decide(bot, self.observation(seat)).event

    def _push(self, event: Event, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Apply ``event`` with the reducer, append it (with ``extra`` fields) to the log, and only then
        move the state on."""
        before = self.state
        if isinstance(event, Reshuffled):
            # a reshuffle's new stock order comes from the match's seed and the hand's reshuffle count
            rng = random.Random(derived_seed(self.seed, "reshuffle", before.hand_no, before.reshuffles + 1))
            event = as_recorded(event, before, rng)
        after = apply(before, event)
        line = {**event_to_json(event), **(extra or {})}
        try:
            written = append_event(self.path, line)
        except (OSError, MalformedInputError) as e:  # gone, full, or torn by another writer
            raise LogUnwritable(_("cannot append to {log}: {reason}").format(log=self.path,
                                                                      reason=getattr(e, "strerror", None) or e)) from None
        self.state = after
        self._record.add(event)
        self._tell(before, event, after)
        return written

    def _tell(self, before: GameState, event: Event, after: GameState) -> None:
        if isinstance(event, HandStarted):
            self._news.append(Happening(_("hand {hand} dealt by {dealer}; {player} plays first").format(
                hand=event.hand, dealer=self.name(event.dealer), player=self.name(after.turn))))
        elif is_move(event) and before.turn not in self.humans:
            self._news.append(Happening(_("{player} {move}").format(player=self.name(before.turn),
                                                                    move=describe(event))))
        if before.in_hand and not after.in_hand:
            self._news.append(Happening(hand_result(after), after))


def hand_result(state: GameState) -> str:
    """One line on how a hand ended and where the match stands."""
    if state.went_out is not None:
        player = state.players[state.went_out]
        how = (_("{player} went out all at once") if state.all_at_once else _("{player} went out")).format(player=player)
    else:
        how = _("the stock ran out")
    comma = pgettext("list separator", ", ")
    sides = comma.join(f"{s:g}" for s in state.hand_score.sides) if state.hand_score else "-"
    totals = comma.join(f"{t:g}" for t in state.totals)
    text = _("hand {hand} over: {how}; hand scores {sides}; totals {totals}").format(
        hand=state.hand_no, how=how, sides=sides, totals=totals)
    if state.match_over and state.winner is not None:
        text = _("{line}; side {side} wins the match").format(line=text, side=state.winner)
    return text


def recorded_seating(first: Mapping[str, Any], players: int) -> tuple[frozenset[int] | None, str | None]:
    """The people's seats and the bots a log's ``match_started`` records, each None where it records none.

    A log written before the fields existed still names its players as the table named them
    (``human-0``, ``heuristic-1``), so the seating is read from the names when they all follow that form.
    """
    humans, bots = first.get("humans"), first.get("bots")
    if humans is None and bots is None:
        kinds = [str(n).rpartition("-") for n in first.get("players") or ()]
        if len(kinds) == players and all(k[2] == str(s) for s, k in enumerate(kinds)):
            people = frozenset(s for s, k in enumerate(kinds) if k[0] == "human")
            machines = {k[0] for k in kinds if k[0] != "human"}
            if len(machines) == 1 and machines <= set(SESSION_BOTS):
                return people, machines.pop()
            if not machines:
                return people, None
        return None, None
    if humans is not None and (not isinstance(humans, list) or
                               any(isinstance(h, bool) or not isinstance(h, int) for h in humans)):
        raise MalformedInputError(_("seq 0: field 'humans' must be a list of seat numbers, got {value}").format(value=f"{humans!r:.80}"))
    if bots is not None and not isinstance(bots, str):
        raise MalformedInputError(_("seq 0: field 'bots' must be a string, got {value}").format(value=f"{bots!r:.80}"))
    return (None if humans is None else _check_seats(humans, players)), (None if bots is None else _check_bots(bots))


def _resumed_seating(name: str, first: Mapping[str, Any], players: int, humans: Collection[int] | None,
                     bots: str | None) -> tuple[frozenset[int], str]:
    """Who plays which seat in a resumed match: the log's record; a flag that contradicts it is refused."""
    try:
        kept_seats, kept_bots = recorded_seating(first, players)
    except MalformedInputError as e:
        raise MalformedInputError(f"{name}: {e}") from None
    seats = None if humans is None else _check_seats(humans, players)
    kind = None if bots is None else _check_bots(bots)
    if seats is not None and kept_seats is not None and seats != kept_seats:
        raise MalformedInputError(_("{log} was played with people at seat(s) {recorded}, not {seats}; resume it without naming "
                                    "the seat, or as recorded").format(log=name, recorded=_seats(kept_seats),
                                                                       seats=_seats(seats)))
    if kind is not None and kept_bots is not None and kind != kept_bots:
        raise MalformedInputError(_("{log} was played against {recorded} bots, not {bots}; resume it without --bots, or as "
                                    "recorded").format(log=name, recorded=kept_bots, bots=kind))
    return (kept_seats if kept_seats is not None else seats if seats is not None else frozenset({0}),
            kept_bots or kind or "heuristic")


def _seats(seats: Collection[int]) -> str:
    return pgettext("list separator", ", ").join(map(str, sorted(seats))) or _("none")


def _check_seats(humans: Collection[int], players: int) -> frozenset[int]:
    bad = [s for s in humans if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players]
    if bad:
        raise MalformedInputError(_("seat {seat} is not a seat at a table of {players} (seats 0..{last})").format(
            seat=repr(bad[0]), players=players, last=players - 1))
    return frozenset(humans)


def _check_bots(kind: str) -> str:
    kind = kind.strip().lower()  # as selfplay reads bot names
    if kind not in SESSION_BOTS:
        raise MalformedInputError(_("unknown bots {bots}; known: {known}").format(bots=repr(kind), known=", ".join(SESSION_BOTS)))
    return kind


__all__ = ["Advice", "GameSession", "Happening", "LogUnwritable", "SESSION_BOTS", "derived_seed", "hand_result",
           "recorded_seating"]
