"""A score sheet for a real table: hands recorded by their inputs, in a log, and the sheet they add up to.

Many tables only want the scoring done right (source 000's rules were written for a
score-sheet app). A sheet is an event log like any other: ``match_started`` (format
1.2), then one ``hand_recorded`` event per hand, holding the ``score`` command's
input (who went out, and per seat the points or cards melded and held), and a
``hand_struck`` event for a hand taken back (:func:`strike_hand`).

* :func:`new_sheet` creates one; it never overwrites a file.
* :func:`add_hand` appends one hand, but only after the reducer has folded the log
  and the new event and accepted them: a refused hand (:class:`SheetRefused`) leaves
  the file byte for byte as it was.
* :func:`sheet_of` reads any replayed log as a sheet (hands played out and hands
  recorded by their result count as well): per hand the scores, what the sheet
  enters (with 000's negative carry when the rules ask for it), the running totals,
  the target and the winner. :func:`sheet_text` lays it out for a terminal.

The ``sheet`` command and the notebook's ``SheetWidget`` are views of this module.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..errors import BanakilError, MalformedEventError, MalformedInputError, render
from ..events import FORMAT_LATEST, MAX_NAME, EventError, HandRecorded, HandScored, parse_event
from ..endings import ALL_AT_ONCE, STOCK_OUT, WENT_OUT, hand_ends
from ..i18n import _, language, pgettext
from ..reducer import Replay, ReplayError, apply
from ..rules import get_ruleset
from ..scoring import Line, Number, match_status, tidy
from ..seats import sides_of
from ..state import GameState
from .load import load_replay, start_log, utf8_text
from .store import append_event

__all__ = ["Sheet", "SheetHand", "SheetRefused", "add_hand", "new_sheet", "open_sheet", "sheet_of", "sheet_text",
           "strike_hand"]


class SheetRefused(MalformedInputError):
    """A hand or a sheet that is refused, in a sentence; nothing was written."""


@dataclass(frozen=True)
class SheetHand:
    """One line of the sheet: a hand as scored, as entered and the totals after it."""

    hand: int  # the hand's number (a dead hand is a deal too)
    seq: int  # the event that ended it
    ended: str  # how, in the words of endings.ENDINGS
    went_out: int | None
    seats: tuple[Number, ...] | None  # each seat's own score, when the hand was scored seat by seat
    scores: tuple[Number, ...]  # per side
    entered: tuple[Number, ...]  # per side, as the sheet enters it (differs only under the carry)
    totals: tuple[Number, ...]  # per side, after this hand
    working: tuple[Line, ...]  # the hand's working, said when read (so a sheet built once reads in any language)
    struck: bool = False  # taken back by a hand_struck event: shown, entered as 0 for every side

    @property
    def explain(self) -> tuple[str, ...]:
        """The working, line by line, in the reader's language."""
        return tuple(ln.said() for ln in self.working)

    def to_json(self) -> dict[str, Any]:
        with language("en"):  # JSON is data: the same bytes whatever language the reader chose
            explain = list(self.explain)
        return {"hand": self.hand, "seq": self.seq, "ended": self.ended, "went_out": self.went_out,
                "seats": None if self.seats is None else list(self.seats), "scores": list(self.scores),
                "entered": list(self.entered), "totals": list(self.totals), "explain": explain,
                "struck": self.struck}


@dataclass(frozen=True)
class Sheet:
    """The whole sheet: who plays under which rules, every hand, and where the match stands."""

    rules: str
    players: tuple[str, ...]
    sides: tuple[str, ...]  # a side's name: its player, or the partners joined by "&"
    target: int
    carry: bool  # negative hands enter as 0, their shortfall coming off later hands (000)
    hands: tuple[SheetHand, ...]
    totals: tuple[Number, ...]
    carried: tuple[Number, ...]  # shortfall not yet taken off, per side (always 0 without the carry)
    over: bool
    winner: int | None
    tiebreak: bool  # the top is tied, or too close under a tie-break rule: play on

    def heading(self) -> str:
        """Who plays under which rules, to what target, and whether negatives are carried."""
        players = pgettext("list separator", ", ").join(self.players)
        if self.carry:
            return _("{players}; {rules} rules, {target} to win; a negative hand enters as 0 and comes off later "
                     "hands (000)").format(players=players, rules=self.rules, target=self.target)
        return _("{players}; {rules} rules, {target} to win").format(players=players, rules=self.rules,
                                                                      target=self.target)

    def standing(self) -> str:
        """Where the match stands, in a sentence."""
        score = pgettext("list separator", ", ").join(_("{name} {score}").format(name=name, score=tidy(t))
                                                      for name, t in zip(self.sides, self.totals))
        if self.winner is not None:
            return _("{side} won the match ({score}; {target} to win).").format(
                side=self.sides[self.winner], score=score, target=self.target)
        if self.tiebreak:
            return _("No winner yet: the target is reached but the top is too close ({score}); play on.").format(
                score=score)
        return _("No winner yet ({score}; {target} to win).").format(score=score, target=self.target)

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "players": list(self.players), "sides": list(self.sides),
                "target": self.target, "sheet_carry": self.carry, "hands": [h.to_json() for h in self.hands],
                "totals": list(self.totals), "carried": list(self.carried), "over": self.over,
                "winner": self.winner, "tiebreak": self.tiebreak, "standing": self.standing()}


def _side_names(players: Sequence[str]) -> tuple[str, ...]:
    return tuple(" & ".join(players[s] for s in seats) for seats in sides_of(len(players)))


def sheet_of(rp: Replay) -> Sheet:
    """Any replayed log as a score sheet (see the module docstring)."""
    final = rp.final
    if final.rules is None:
        raise MalformedInputError(_("this log has no match_started event, so there is no sheet"))
    rules = final.rules
    status = match_status(rules, final.n, final.history)
    hands = []
    running = [0.0] * len(status.totals)  # recounted from what is entered: a struck hand adds nothing
    for k, end in enumerate(hand_ends(rp)):
        st = end.state
        assert st.hand_score is not None  # every hand end is scored
        score = st.hand_score
        ended, event = end.ended, rp.events[end.seq]
        if isinstance(event, HandRecorded):  # its input says how it ended, though no card was played
            ended = STOCK_OUT if st.went_out is None else ALL_AT_ONCE if st.all_at_once else WENT_OUT
        running = [t + e for t, e in zip(running, status.entered[k])]
        hands.append(SheetHand(
            st.hand_no, end.seq, ended, st.went_out,
            None if isinstance(event, HandScored) else tuple(tidy(p) for p in score.seats),
            tuple(tidy(s) for s in score.sides), tuple(tidy(e) for e in status.entered[k]),
            tuple(tidy(t) for t in running), tuple(score.working), st.hand_no in final.struck))
    return Sheet(rules.name, final.players, _side_names(final.players), status.target, rules.sheet_carry,
                 tuple(hands), tuple(tidy(t) for t in status.totals), tuple(tidy(c) for c in status.carried),
                 status.over, status.winner, status.tiebreak)


def _bare(err: BanakilError) -> str:
    """A refusal without the reducer's ``seq N: type:`` prefix, with its rule and source."""
    return render(err, seq=False, event_type=False)


# ------------------------------------------------------------------ writing
def new_sheet(path: str | os.PathLike[str], rules: str, players: Sequence[str], *, carry: bool = False,
              options: Mapping[str, Any] | None = None) -> Sheet:
    """Start a sheet at ``path`` for ``players`` (2 to 4 names, in turn order) under ``rules``.

    ``carry`` turns on the score sheet's negative carry (the ``sheet_carry`` knob, 000);
    ``options`` are other rule knobs. Everything is checked before the file is created,
    and an existing file is never overwritten (:class:`SheetRefused`).
    """
    names = [str(p).strip() for p in players]
    if not 2 <= len(names) <= 4:
        raise SheetRefused(_("a sheet is for 2, 3 or 4 players, not {count}").format(count=len(names)))
    for i, name in enumerate(names):
        if not name or len(name) > MAX_NAME:
            raise SheetRefused(_("player {number}'s name must be 1 to {limit} characters").format(number=i + 1,
                                                                                                limit=MAX_NAME))
    knobs = dict(options or {}, **({"sheet_carry": True} if carry else {}))
    first: dict[str, Any] = {"type": "match_started", "format": FORMAT_LATEST, "rules": get_ruleset(rules).name,
                             "players": names, **({"options": knobs} if knobs else {})}
    try:
        event = parse_event({"seq": 0, **first}, 0)
        state = apply(GameState(), event)  # an unknown knob or a player count the rules do not allow
    except (EventError, MalformedEventError, ReplayError) as e:
        raise SheetRefused(_bare(e)) from None
    start_log(path, first, exists=_("{file} exists: a new sheet never overwrites a file"), error=SheetRefused)
    return sheet_of(Replay((event,), (state,)))


def open_sheet(path: str | os.PathLike[str]) -> tuple[Replay, Sheet]:
    """The log at ``path``, replayed, and its sheet. A log that does not replay is refused with its reason."""
    try:
        rp = load_replay(path)
    except (MalformedEventError, ReplayError) as e:  # a sheet that breaks a rule cannot be added up: bad input
        raise SheetRefused(_("{file}: seq {seq}: {reason}").format(file=utf8_text(os.fspath(path)), seq=e.seq,
                                                                   reason=_bare(e))) from None
    return rp, sheet_of(rp)


def add_hand(path: str | os.PathLike[str], entry: Any, hand: int | None = None, *, again: bool = False) -> Sheet:
    """Append one hand, in the ``score`` command's input shape, and return the sheet with it.

    ``hand``, when given, is the number the caller means to add: if the sheet has moved on
    (the hand was added already, by a retry or another writer), it is refused, not counted twice.
    The event always records the hand's number.

    The log and the new event are folded first; only a hand the reducer accepts is
    written, so a refused one (:class:`SheetRefused`, naming the field and the rule)
    leaves the file unchanged. So is a hand after the match is won. ``players`` may be
    left out of ``entry`` (it is the sheet's).

    A hand that repeats the sheet's last hand exactly is refused unless ``again`` says the
    table really scored the same hand twice: without a number, a hand sent twice because
    the first send seemed lost would otherwise count twice.
    """
    rp, sheet = open_sheet(path)
    if sheet.over:
        raise SheetRefused(_("the match is over, so no hand is added: {standing} Start a new sheet for the next "
                             "match.").format(standing=sheet.standing()))
    if not isinstance(entry, Mapping):
        raise SheetRefused(_("a hand is a JSON object like the score command's input: {shape}").format(
            shape='{"went_out": seat or null, "seats": [{"melded": points, "in_hand": points}, ...]}'))
    seq, want = len(rp), rp.final.hand_no + 1
    if hand is not None and hand < 1:
        raise SheetRefused(_("hand numbers start at 1, not {hand}: the next is hand {next}. The sheet is "
                             "unchanged.").format(hand=hand, next=want))
    if hand is not None and hand != want:
        done = (_("hand {hand} is already on the sheet: the next is hand {next}. The sheet is unchanged.")
                if hand < want else _("hand {hand} cannot come yet: the next is hand {next}. The sheet is unchanged."))
        raise SheetRefused(done.format(hand=hand, next=want))
    # the hand's number makes a hand sent twice a refusal, not a double count
    raw = {"seq": seq, "type": "hand_recorded", "hand": want, "input": dict(entry)}
    try:
        event = parse_event(raw, seq)
        state = apply(rp.final, event)
    except (EventError, ReplayError) as e:
        raise SheetRefused(_("hand {hand} not added: {reason}. The sheet is unchanged.").format(
            hand=rp.final.hand_no + 1, reason=_bare(e))) from None
    if not again and hand is None and _repeats_last(rp, event):
        raise SheetRefused(_("hand {hand} not added: it is exactly hand {last} again (the same input). If the "
                             "table really scored the same hand twice, add it with --again; if hand "
                             "{last} was sent twice, it is already on the sheet. The sheet is unchanged.").format(
            hand=want, last=want - 1))
    # the seq is given, so nothing is written if another writer appended since the log was read
    append_event(path, raw)
    return sheet_of(Replay(rp.events + (event,), rp.states + (state,)))


def _repeats_last(rp: Replay, event: Any) -> bool:
    """Does ``event`` record the same hand, read the same way, as the last hand the log ended?"""
    from ..scoring import HandInput

    last = next((e for e in reversed(rp.events)
                 if e.type in ("hand_recorded", "hand_scored", "hand_started", "hand_struck")), None)
    if not isinstance(last, HandRecorded) or rp.final.rules is None:
        return False
    rules, n = rp.final.rules, rp.final.n
    return HandInput.from_json(last.input, rules, table=n) == HandInput.from_json(event.input, rules, table=n)


def strike_hand(path: str | os.PathLike[str], hand: int, reason: str = "") -> Sheet:
    """Take hand ``hand`` back by appending a ``hand_struck`` event (nothing is rewritten); the new sheet.

    The hand stays on the sheet, marked struck, and counts for nobody. A hand that is not on the
    sheet, one struck already, or any hand of a banked match is refused (:class:`SheetRefused`)
    and the file is left as it was.
    """
    rp, _sheet = open_sheet(path)  # "_" is the catalog here
    seq = len(rp)
    raw: dict[str, Any] = {"seq": seq, "type": "hand_struck", "hand": hand, **({"reason": reason} if reason else {})}
    try:
        event = parse_event(raw, seq)
        state = apply(rp.final, event)
    except (EventError, ReplayError) as e:
        raise SheetRefused(_("hand {hand} not struck: {reason}. The sheet is unchanged.").format(
            hand=hand, reason=_bare(e))) from None
    append_event(path, raw)
    return sheet_of(Replay(rp.events + (event,), rp.states + (state,)))


# ------------------------------------------------------------------ text
def _cell(score: Number, entered: Number) -> str:
    return f"{tidy(score)}" if score == entered else _("{score} (enters {entered})").format(score=tidy(score),
                                                                                            entered=tidy(entered))


def sheet_text(sheet: Sheet) -> str:
    """The sheet as a table for a terminal: per hand each side's score and running total, then the standing."""
    lines = [_("Score sheet: {heading}").format(heading=sheet.heading())]
    total = pgettext("sheet column", "total")
    rows = [[pgettext("sheet column", "hand"), *(c for name in sheet.sides for c in (name, total))]]
    for h in sheet.hands:
        # a struck hand keeps its line, its scores crossed out in words (a terminal has no strikethrough)
        cells = [_("struck {score}").format(score=tidy(s)) if h.struck else _cell(s, e)
                 for s, e in zip(h.scores, h.entered)]
        rows.append([str(h.hand), *(c for cell, t in zip(cells, h.totals) for c in (cell, str(t)))])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        lines.append("  ".join(c.rjust(w) for c, w in zip(r, widths)))
    if not sheet.hands:
        lines.append(_("(no hands yet)"))
    owed = [_("{name} {score}").format(name=name, score=c) for name, c in zip(sheet.sides, sheet.carried) if c]
    if owed:
        lines.append(_("still to come off: {owed}").format(owed=pgettext("list separator", ", ").join(owed)))
    lines.append(sheet.standing())
    return "\n".join(lines)
