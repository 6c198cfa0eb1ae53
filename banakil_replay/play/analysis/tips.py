"""The sources' tips, each as a pair of habits an experiment can play against each other.

Every piece of advice on play in the rule sources is listed here, in the
project's words, with the file it comes from. A tip that can be played gets
two :class:`~.habits.HabitBot` settings: ``habit`` plays as the tip says,
``without`` breaks it in one way and is otherwise the same bot; where the
plain heuristic bot already follows the tip, one arm is the plain bot (empty
settings). ``runs`` lists the rule sets and player counts the tip is about
(a tip from a source is tried under that source's rules, at two and at four
players where both the rules and the tip allow: 002's ERAM is played by four,
so ``open-early`` is also tried under classic, which has the same flat -20;
feeding a partner needs four). A tip that cannot be played says why in
``untestable``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..bots.selfplay import Bot, HeuristicBot
from .habits import HabitBot
from ...i18n import N_, _


@dataclass(frozen=True)
class Tip:
    """One tip: ``id``, the ``source`` file and section, what it says (``says``), the two arms' habit
    settings, the (rules, players) pairs it is tried at, and why it cannot be tried, if it cannot."""

    id: str
    source: str
    says: str
    habit: dict[str, Any] = field(default_factory=dict)
    without: dict[str, Any] = field(default_factory=dict)
    runs: tuple[tuple[str, int], ...] = ()
    untestable: str = ""

    def says_said(self) -> str:
        """What the tip says, in the reader's language (:attr:`says` is the catalog's English)."""
        return _(self.says)

    def untestable_said(self) -> str:
        """Why the tip cannot be played, in the reader's language ("" when it can)."""
        return _(self.untestable) if self.untestable else ""

    @property
    def testable(self) -> bool:
        return not self.untestable

    def arm(self, which: str) -> Callable[[], Bot]:
        """A maker of the ``habit`` or ``without`` arm's bot (the plain bot itself when it has no settings,
        so that the runner can see an arm that is its own opponent)."""
        settings = self.habit if which == "habit" else self.without
        if not settings:
            return HeuristicBot
        return lambda: HabitBot(name=f"{self.id}-{which}", **settings)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "source": self.source, "says": self.says, "habit": self.habit,
                "without": self.without, "runs": [{"rules": r, "players": n} for r, n in self.runs],
                "untestable": self.untestable or None}


TIPS: tuple[Tip, ...] = (
    Tip("hold-set", "000, Don't meld everything you can",
        N_("Wait a turn before laying a finished set of threes or aces, so the others cannot read your hand "
           "from the table."),
        habit={"hold_sets": 1}, runs=(("classic", 2), ("classic", 4))),
    Tip("hold-meld", "000, Don't meld everything you can; Do you have to meld something every turn?",
        N_("Hold back any finished meld for a turn rather than laying it the moment it is complete."),
        habit={"hold_melds": 1}, runs=(("classic", 2), ("classic", 4))),
    Tip("read-pile", "000, Read the discard pile like an open hand; 003, Strategy tips",
        N_("Weigh what the discard pile offers (what fits your melds, what would be dead weight) instead of "
           "always drawing blind from the stock."),
        without={"pile": "never"}, runs=(("classic", 2), ("classic", 4), ("kroot", 2))),
    Tip("count-pickup", "002, Common beginner mistakes; 003, Strategy tips",
        N_("Before reaching deep into the pile, count everything that comes with the card you want: cards "
           "you find no use for stay in hand and are charged against you."),
        without={"pile": "greedy"}, runs=(("kroot", 2), ("eram", 4))),
    Tip("guard-jokers", "000, Guard your jokers; 003, Strategy tips",
        N_("Put a joker into a meld early, even a modest one, rather than saving it for a bigger meld: a "
           "joker still in hand when the hand ends is a 4-point loss."),
        without={"keep_jokers": True}, runs=(("classic", 2), ("classic", 4), ("kroot", 2))),
    Tip("small-opening", "000, Don't let a weak hand sit at minus 20",
        N_("Open with a cheap meld rather than wait for a rich one: once anything is laid you are charged "
           "for the cards in hand instead of the flat penalty for never melding."),
        without={"min_opening": 6.0}, runs=(("classic", 2), ("classic", 4))),
    Tip("open-early", "002, Common beginner mistakes",
        N_("Do not put off your first meld: a player who never opens takes the flat -20."),
        without={"open_from_turn": 4}, runs=(("classic", 2), ("eram", 4))),
    Tip("feed-partner", "000, In partnership, build towards your partner's strength; 003, Strategy tips",
        N_("Once you have melded, add your cards to your partner's melds too, not only to your own."),
        without={"feed_partner": False}, runs=(("classic", 4), ("kroot", 4))),
    Tip("no-wrong-pairs", "003, Strategy tips",
        N_("Do not save pairs of a rank other than threes and aces: no other rank makes a set, so such "
           "cards are only useful in runs."),
        without={"keep_pairs": True}, runs=(("kroot", 2), ("kroot", 4))),
    Tip("cold-hand", "003, Strategy tips; 000, Scoring (dhamoon)",
        N_("Think twice before keeping every card back to go out in a single turn: that pays a large fixed "
           "score, but all the cards still held are charged to you when another player ends the hand "
           "first. The experiment plays ordinary melding (the tip's side) against keeping everything back."),
        without={"cold": True}, runs=(("kroot", 2), ("kroot", 4), ("classic", 2))),
    Tip("adding-is-not-opening", "002, Common beginner mistakes",
        N_("Adding cards to melds already on the table is not an opening; only a meld of your own is."),
        untestable=N_("a misreading of the scoring rule, not a way of playing: the engine scores by the rule "
                      "whatever a player believes, and the bots always open with a meld of their own")),
    Tip("sets-of-any-rank", "002, Common beginner mistakes; 003, Melds",
        N_("Only threes and aces make sets; no other rank does."),
        untestable=N_("a rule, not a habit: the reducer refuses a set of any other rank, so no legal policy "
                      "can make the mistake (the playable half, not saving such pairs, is no-wrong-pairs)")),
    Tip("pile-as-record", "000, Read the discard pile like an open hand",
        N_("A card refused again and again near the bottom of the pile is either dead or quietly wanted by "
           "someone."),
        untestable=N_("an inference about the opponents' hands; the bots do not model what others hold, so "
                      "there is no habit to switch (the playable half is read-pile)")),
    Tip("004-none", "004",
        N_("The Persian article states the rules and scores worked examples; it gives no advice on play."),
        untestable=N_("no tip to test")),
)

BY_ID: dict[str, Tip] = {t.id: t for t in TIPS}


def get_tip(tip_id: str) -> Tip:
    """The tip named ``tip_id``; a ValueError naming the known ones otherwise."""
    tip = BY_ID.get(tip_id.strip().lower())
    if tip is None:
        raise ValueError(_("unknown tip {tip}; known: {known}").format(
            tip=repr(tip_id), known=", ".join(t.id for t in TIPS if t.testable)))
    if not tip.testable:
        raise ValueError(_("tip {tip} cannot be played: {why}").format(tip=repr(tip.id), why=tip.untestable_said()))
    return tip


__all__ = ["BY_ID", "TIPS", "Tip", "get_tip"]
