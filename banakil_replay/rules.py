"""Rule sets: every rule knob as one documented field of a frozen ``Ruleset``.

Presets are registered by name (``classic``, ``classic-sum``, ``jawaker``,
``eram``, ``kroot``) and looked up with :func:`get_ruleset`. A variant is a preset
with a few fields replaced (:meth:`Ruleset.with_options`).

Sources are cited by short name (the README's "Rule sets" section says what each is):

* ``000`` = ``000_95178de05db411f4.txt`` (English table rules, SquareScores sheet)
* ``004`` = ``004_40956ddc6f9ecbd5.txt`` (Persian article: classic rules + Jawaker)
* ``002`` = ``002_fc10113b19e4e3d0.txt`` (ERAM CARDS app)
* ``003`` = ``003_4d4db3ec307aec7e.txt`` (Kroot app)

>>> get_ruleset("jawaker").ace_value
1.0
>>> get_ruleset("classic").target(3)
203
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
import typing
from typing import Any, Literal, Mapping

from .accepts import Accepts, Choice, short_repr, DistinctInts, Flag, Number, Pair, PairsByKey, Text
from .cards import Card, point_value
from .errors import MalformedInputError, UnknownRulesetError
from .i18n import NP_, _, ngettext, pgettext

SOURCE_FILES: dict[str, str] = {
    "000": "000_95178de05db411f4.txt",
    "002": "002_fc10113b19e4e3d0.txt",
    "003": "003_4d4db3ec307aec7e.txt",
    "004": "004_40956ddc6f9ecbd5.txt",
}

Opening = Literal["upcard", "starter_19"]
DiscardLimit = Literal["lone_top_card", "any_taken", "none"]
PartnerAccess = Literal["after_own_meld", "always", "never"]
TwoMovement = Literal["free", "slide_to_open_end", "low_or_high_end"]
JokerMovement = Literal["free", "locked"]
JokerSwap = Literal["valid_result", "exact_card"]
EmptyStock = Literal["dead_unscored", "reshuffle_then_scored"]
TeamScoring = Literal["out_goer", "sum", "laid_cards"]
MeldCredit = Literal["meld_area", "cards_laid"]
AllAtOnce = Literal["flat", "team_minimum", "none"]
Rounding = Literal["side_total", "per_player", "none"]
MatchEnd = Literal["first_to_reach", "gap_tiebreak"]


DealerOrder = Literal["next_seat", "any"]

# Wide enough for any table's house rules, narrow enough that nothing downstream overflows.
CARD_POINTS = Number(0, 10)


def knob(default: Any, doc: str, source: str, accepts: Accepts | None = None) -> Any:
    """A rule field with its explanation, the source files it rests on and what it accepts.

    ``accepts`` may be left out for a knob typed with a ``Literal``: its names are the choices.
    """
    if isinstance(default, (dict, list)):
        raise TypeError("use immutable defaults")
    return field(default=default, metadata={"doc": doc, "source": source, "accepts": accepts})


@dataclass(frozen=True)
class Ruleset:
    """One complete set of Banakil rules. Every field is one rule knob."""

    name: str = knob("custom", "Preset name this rule set derives from.", "")
    title: str = knob("Custom rules", "Human title.", "", Text())
    player_counts: tuple[int, ...] = knob(
        (2, 3, 4), "Numbers of players allowed; at 4, seats 0+2 and 1+3 are partners.",
        "000, 004 (2-4); 004 Jawaker, 002 (4 only); 003 (4, or 2 in 1v1)",
        DistinctInts(2, 4))
    opening: Opening = knob(
        "upcard",
        "'upcard': 18 cards each and one card turned up to start the pile; "
        "'starter_19': the first player gets 19 cards, skips the first draw and his discard starts the pile.",
        "000, 004 (deal: upcard); 004 Jawaker 1, 000 online version, 002, 003 (starter 19)")
    ace_low: bool = knob(
        False, "Whether an ace may play low (A-2-3); never wraps round (K-A-2).",
        "000, 004, 003 (high only); 002 (ace low allowed)", Flag())
    ace_value: float = knob(
        1.5, "Points of an ace.",
        "000, 004 (1.5); 004 Jawaker 4, 000 online version, 002 (1); 003 lists none, 1 is the project's choice "
        "(see README)", CARD_POINTS)
    discard_limit: DiscardLimit = knob(
        "lone_top_card",
        "Which cards taken from the pile may not be discarded that turn: 'lone_top_card' (only when "
        "exactly one card was taken), 'any_taken' (every card taken from the pile), 'none'.",
        "000, 004 (lone top card; 002 is silent, the classic rule kept); 003 (any taken card)")
    partner_melds: PartnerAccess = knob(
        "after_own_meld",
        "When a player may add to, or swap a joker out of, the partner's melds.",
        "000, 004 (after own meld); 002, 003 (no condition stated)")
    two_movement: TwoMovement = knob(
        "free",
        "How a 2 in a run may move when cards are added: 'free' to any valid position; "
        "'slide_to_open_end' only when its exact card is laid, sliding to an open end; "
        "'low_or_high_end' fixed at meld time, and when its exact card is laid it moves to the low end, "
        "or to the high end if the run holds a 3.",
        "000, 004 (free); 004 Jawaker 3 (low or high end); 002 (free); 003 (slide)")
    joker_movement: JokerMovement = knob(
        "free", "'free': a joker may move like a 2 in free mode; 'locked': it keeps the card it stands for.",
        "000, 004 (free); 004 Jawaker 2, 002, 003 (locked)")
    joker_swap: JokerSwap = knob(
        "valid_result",
        "Which natural card may take a joker's place: 'valid_result' any card leaving a valid meld "
        "(wilds may rearrange); 'exact_card' only the card the joker stands for (any missing suit in a set).",
        "004 (valid result; 000's FAQ names only the exact card); 004 Jawaker 2, 002, 003 (exact card)")
    max_run_length: int = knob(
        12, "Longest run in positions (3..A is 12; with ace low, A..K or 2..A is 13).",
        "000, 004, 003 (12); 002 (13: the ace plays low or high)",
        Number(3, 13, integer=True))
    thirteenth_card_two: bool = knob(
        True, "A run of 11 naturals and a 2 may take its last natural; the 2 stays as a 13th card.",
        "004 (runs); 003 (3 to Ace at most); 002 names none", Flag())
    go_out_without_discard: bool = knob(
        True, "A player may go out by melding his whole hand with no final discard.",
        "000 (Ending), 004 (ending), 002 (ending the deal); 003 (going out: lay all but one and discard it)", Flag())
    empty_stock: EmptyStock = knob(
        "dead_unscored",
        "'dead_unscored': the hand is dead and nobody scores; 'reshuffle_then_scored': the pile but its top "
        "card becomes the stock (max_reshuffles times), after that the hand ends and is scored without the +20.",
        "000, 004, 003 (dead); 002 (reshuffle twice)")
    max_reshuffles: int = knob(0, "How many times the pile may be turned into a new stock in one hand.",
                               "002 (twice); 000, 004, 003 (never)",
                               Number(0, 10, integer=True))
    team_scoring: TeamScoring = knob(
        "out_goer",
        "Partnership hand score: 'out_goer' (the out side takes the out-goer's score, the other side adds "
        "its two and subtracts the out-goer's partner's), 'sum' (each side adds its two), 'laid_cards' "
        "(Kroot: winners 20 + every card they laid, each loser minus his hand).",
        "000, 004 (out_goer; sum variant), 002 (sum), 003 (laid_cards)")
    meld_credit: MeldCredit = knob(
        "meld_area",
        "What a player is credited with: 'meld_area' (his melds plus cards his partner added to them) or "
        "'cards_laid' (the cards he laid himself, anywhere).",
        "000, 004 (meld area); 002, 003 (cards laid)")
    going_out_bonus: float = knob(20, "Bonus for emptying the hand.", "000, 004, 002, 003", Number(0, 1000))
    never_melded: float = knob(
        -20, "Flat score of a player who melded nothing (the hand is not counted).", "000, 004, 002",
        Number(-1000, 0))
    finished_without_opening: float | None = knob(
        None, "Score of a player who went out by adding cards only, never laying a meld of his own "
        "(None: no special case).", "002 (0); 000, 004, 003 (no such case)",
        Number(-1000, 1000, optional=True))
    all_at_once: AllAtOnce = knob(
        "flat",
        "Going out in one turn with nothing melded before: 'flat' (the player scores all_at_once_value "
        "instead of melds + bonus), 'team_minimum' (the side scores cold_hand_values, opponents 0), 'none'.",
        "000, 004 (dhamoon 40); 004 Jawaker 5, 000 online version, 003 (cold hand); 002 (none)")
    all_at_once_value: float = knob(40, "The flat dhamoon score.", "000, 004", Number(0, 1000))
    dhamoon_needs_others_unmelded: bool = knob(
        True, "At 4 players, a flat dhamoon holds only while none of the other three has melded.", "000, 004",
        Flag())
    cold_hand_values: tuple[float, float] = knob(
        (51, 102), "Side score for a cold hand: (opponents had melded, opponents had not).",
        "004 Jawaker 5 (51 / 101; 000's online version says 102); 003 (51 / 102); unused by 000, 004 (dhamoon), 002",
        Pair(Number(0, 1000)))
    cold_hand_at_least: bool = knob(
        False, "Cold-hand values are minimums: the side keeps its normal score when higher.",
        "003 (at least); 004 Jawaker 5 (exactly); unused by 000, 004 (dhamoon), 002", Flag())
    rounding: Rounding = knob(
        "side_total", "Half points rounded in the scorer's favour: per side total, per player, or kept.",
        "000, 004 (side total); 003 (per player); 002 (none)")
    targets: tuple[tuple[int, int], ...] = knob(
        ((2, 150), (3, 203), (4, 303)), "Target score per player count.",
        "000, 004 (150 / 203 / 303); 004 Jawaker 6, 000 online version (222); 002 (202); 003 (222, 150 in 1v1)",
        PairsByKey(Number(2, 4, integer=True), Number(1, 100_000, integer=True), "[[2, 150], [4, 222]]"))
    match_end: MatchEnd = knob(
        "first_to_reach",
        "'first_to_reach': ends after the first hand in which a total reaches the target (highest total "
        "wins, even if both sides passed it; a tie at the top plays on); 'gap_tiebreak': if both sides pass "
        "the target the higher wins only with a gap over tiebreak_gap, else play on.",
        "000 (Ending), 004, 003 (winning the match: after the round, the higher total wins); 002 (gap tiebreak)")
    tiebreak_gap: int = knob(5, "Gap needed to win when both sides pass the target.", "002",
                             Number(0, 1000, integer=True))
    sheet_carry: bool = knob(
        False, "Score-sheet mode: a negative hand is entered as 0 and its shortfall subtracted from the "
        "next positive hand(s).", "000 (SquareScores sheet)", Flag())
    dealer_order: DealerOrder = knob(
        "next_seat",
        "'next_seat': each deal passes to the next seat in turn order (the player on the dealer's right), "
        "a dead hand's fresh deal included, so seat d+1 deals after seat d; 'any': the log's dealer is "
        "not checked. The first hand's dealer is free (a cut decides it).",
        "000 (FAQ: the next dealer deals after a dead hand), 002 (the deal: the start passes to the next "
        "seat counter-clockwise), 003 (the deal: the dealer changes each round)")
    no_turn_scores_zero: bool = knob(
        False, "Variant: a player who never had a turn before somebody went out scores 0 instead of the "
        "never-melded penalty.", "000 (Variants: letting the earliest hands off), 004 (variants)", Flag())

    # ------------------------------------------------------------------ helpers
    def __hash__(self) -> int:
        # rule sets key the meld caches; hashing ~30 fields on every lookup showed in profiles
        try:
            return self.__dict__["_hash"]  # type: ignore[no-any-return]
        except KeyError:
            h = hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)))
            object.__setattr__(self, "_hash", h)
            return h

    def value(self, card: Card) -> float:
        """Points of one card under this rule set."""
        return point_value(card, self.ace_value)

    def target(self, players: int) -> int:
        self.check_players(players)
        for n, t in self.targets:
            if n == players:
                return t
        raise MalformedInputError(_("rule set {name} has no target for {players} players").format(
            name=repr(self.name), players=players))

    def check_players(self, players: int) -> None:
        if players not in self.player_counts:
            allowed = _(", ").join(map(str, self.player_counts))
            raise MalformedInputError(_("rule set {name} is played by {allowed} players, not {players}").format(
                name=repr(self.name), allowed=allowed, players=players))

    def cards_dealt(self, seat: int, first: int) -> int:
        """Cards dealt to ``seat`` when ``first`` plays first: 18 each, and a 19th for the starter under
        ``starter_19`` (000 deal, 004 Jawaker 1, 002, 003)."""
        return 19 if self.opening == "starter_19" and seat == first else 18

    @property
    def low_rank(self) -> int:
        """Lowest position a run may start at: 1 (ace low) or 3."""
        return 1 if self.ace_low else 3

    def with_options(self, options: Mapping[str, Any] | None) -> "Ruleset":
        """This rule set with some knobs replaced.

        Each value is checked against what its knob accepts; an unknown knob, a wrong type or an
        out-of-range value is refused with :class:`MalformedInputError` naming the knob, the value
        and what is allowed, and so is a combination that does not hold together.
        """
        if not options:
            return self
        if not isinstance(options, Mapping):
            raise MalformedInputError(_("rule options must be an object of knob names and values, got {value}").format(
                value=short_repr(options)))
        accepts = knob_accepts()
        changes: dict[str, Any] = {}
        for key, val in options.items():
            if key not in accepts:
                raise MalformedInputError(_("unknown rule option {key}; known: {known}").format(
                    key=short_repr(key), known=", ".join(sorted(accepts))))  # the knobs' names are data
            val = RETIRED_VALUES.get((key, val), val) if isinstance(val, str) else val
            try:
                changes[key] = accepts[key].parse(val)
            except ValueError as e:
                raise MalformedInputError(_("rule option {key} = {value} is not allowed: it takes {accepts}").format(
                    key=repr(key), value=short_repr(val), accepts=e)) from None
        new = dataclasses.replace(self, **changes)
        new._check_consistent()
        return new

    def _check_consistent(self) -> None:
        missing = [n for n in self.player_counts if n not in dict(self.targets)]
        if missing:
            have = _(", ").join(_("{count} players").format(count=n) for n, _t in self.targets)
            counts = str(missing[0])
            for n in missing[1:]:
                counts = _("{items} or {last}").format(items=counts, last=n)
            raise MalformedInputError(_("rule options: 'targets' has no target for {missing} players (it has one for "
                                        "{have}), but 'player_counts' allows them").format(missing=counts, have=have))

    @classmethod
    def knobs(cls) -> list[dataclasses.Field[Any]]:
        return [f for f in dataclasses.fields(cls) if f.name not in ("name", "title")]

    @classmethod
    def source_of(cls, knob_name: str) -> str:
        """The source files a knob rests on, as documented on its field."""
        return str(cls.__dataclass_fields__[knob_name].metadata["source"])

    @classmethod
    def knobs_and_title(cls) -> list[dataclasses.Field[Any]]:
        return [f for f in dataclasses.fields(cls) if f.name != "name"]


# Knob values a log may still name that now mean the same as another value. "after_round_higher"
# (Kroot, 003) behaved exactly as "first_to_reach" because hands are scored only at their end, so it
# was folded into it; a log that names it still replays, to the same result.
RETIRED_VALUES: dict[tuple[str, str], str] = {("match_end", "after_round_higher"): "first_to_reach"}

_ACCEPTS: dict[str, Accepts] = {}


def knob_accepts() -> dict[str, Accepts]:
    """What every overridable knob accepts, by name (``name`` is the preset's and is not a knob)."""
    if not _ACCEPTS:
        hints = typing.get_type_hints(Ruleset)
        for f in Ruleset.knobs_and_title():
            spec = f.metadata["accepts"]
            if spec is None:
                spec = Choice(typing.get_args(hints[f.name]))  # a Literal-typed knob: its names
            _ACCEPTS[f.name] = spec
    return _ACCEPTS


CLASSIC = Ruleset(name="classic", title=NP_("rule set title", "Classic table rules (000 + 004)"))

CLASSIC_SUM = dataclasses.replace(
    CLASSIC, name="classic-sum", title=NP_("rule set title", "Classic, partnership scores summed (000, 004 variant)"),
    team_scoring="sum")

JAWAKER = dataclasses.replace(
    CLASSIC, name="jawaker", title=NP_("rule set title", "Jawaker online rules (004, last section; 000)"),
    player_counts=(4,), opening="starter_19", ace_value=1.0,
    two_movement="low_or_high_end", joker_movement="locked", joker_swap="exact_card",
    all_at_once="team_minimum", cold_hand_values=(51, 101),
    targets=((4, 222),))

ERAM = dataclasses.replace(
    CLASSIC, name="eram", title=NP_("rule set title", "ERAM CARDS app (002)"),
    player_counts=(4,), opening="starter_19", ace_low=True, ace_value=1.0,
    partner_melds="always", two_movement="free", joker_movement="locked", joker_swap="exact_card",
    max_run_length=13, thirteenth_card_two=False,
    empty_stock="reshuffle_then_scored", max_reshuffles=2,
    team_scoring="sum", meld_credit="cards_laid", finished_without_opening=0,
    all_at_once="none", rounding="none", targets=((4, 202),), match_end="gap_tiebreak")

KROOT = dataclasses.replace(
    CLASSIC, name="kroot", title=NP_("rule set title", "Kroot app (003)"),
    player_counts=(2, 4), opening="starter_19", ace_value=1.0, discard_limit="any_taken",
    go_out_without_discard=False,
    partner_melds="always", two_movement="slide_to_open_end", joker_movement="locked",
    joker_swap="exact_card", thirteenth_card_two=False,
    team_scoring="laid_cards", meld_credit="cards_laid",
    all_at_once="team_minimum", cold_hand_values=(51, 102), cold_hand_at_least=True,
    rounding="per_player", targets=((2, 150), (4, 222)))

RULESETS: dict[str, Ruleset] = {r.name: r for r in (CLASSIC, CLASSIC_SUM, JAWAKER, ERAM, KROOT)}
DEFAULT_RULESET = "classic"


def get_ruleset(name: str | Ruleset, options: Mapping[str, Any] | None = None) -> Ruleset:
    """Look up a preset by name (case-insensitive), optionally with knob overrides."""
    if isinstance(name, Ruleset):
        return name.with_options(options)
    key = str(name).strip().lower().replace("_", "-")
    if key not in RULESETS:
        raise UnknownRulesetError(_("unknown rule set {name}; known: {known}").format(name=repr(name),
                                                                                     known=", ".join(RULESETS)))
    return RULESETS[key].with_options(options)


def differences(names: tuple[str, ...] = tuple(RULESETS)) -> list[dict[str, Any]]:
    """One row per knob on which the named presets differ: the values and the sources."""
    sets = [get_ruleset(n) for n in names]
    rows = []
    for f in Ruleset.knobs():
        values = [getattr(r, f.name) for r in sets]
        if any(v != values[0] for v in values):
            row: dict[str, Any] = {"knob": f.name}
            row.update({r.name: v for r, v in zip(sets, values)})
            row["source"] = f.metadata["source"]
            rows.append(row)
    return rows


def format_knob(v: Any) -> str:
    """A knob value as table text: (2, 150) pairs as '2p: 150', whole floats without '.0'."""
    if isinstance(v, tuple) and v and isinstance(v[0], tuple):
        return ", ".join(f"{a}p: {b}" for a, b in v)
    if isinstance(v, tuple):
        return ", ".join(format_knob(x) for x in v)
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


#: Every knob value the table prints, marked for the catalog: the engine's names stay in JSON and logs,
#: a reader sees them in his language (a test checks every value a knob's Literal allows is here).
KNOB_VALUES: tuple[str, ...] = (
    NP_("knob value", "upcard"), NP_("knob value", "starter_19"),
    NP_("knob value", "lone_top_card"), NP_("knob value", "any_taken"), NP_("knob value", "none"),
    NP_("knob value", "after_own_meld"), NP_("knob value", "always"), NP_("knob value", "never"),
    NP_("knob value", "free"), NP_("knob value", "slide_to_open_end"), NP_("knob value", "low_or_high_end"),
    NP_("knob value", "locked"), NP_("knob value", "valid_result"), NP_("knob value", "exact_card"),
    NP_("knob value", "dead_unscored"), NP_("knob value", "reshuffle_then_scored"),
    NP_("knob value", "out_goer"), NP_("knob value", "sum"), NP_("knob value", "laid_cards"),
    NP_("knob value", "meld_area"), NP_("knob value", "cards_laid"),
    NP_("knob value", "flat"), NP_("knob value", "team_minimum"),
    NP_("knob value", "side_total"), NP_("knob value", "per_player"),
    NP_("knob value", "first_to_reach"), NP_("knob value", "gap_tiebreak"),
    NP_("knob value", "next_seat"), NP_("knob value", "any"),
    NP_("knob value", "True"), NP_("knob value", "False"), NP_("knob value", "None"),
)


def knob_words(v: Any) -> str:
    """A knob value as the table says it in the reader's language (English: :func:`format_knob`'s text)."""
    if isinstance(v, tuple) and v and isinstance(v[0], tuple):
        return _(", ").join(ngettext("{players}p: {target}", "{players}p: {target}", a).format(players=a, target=b)
                            for a, b in v)
    if isinstance(v, tuple):
        return _(", ").join(knob_words(x) for x in v)
    if isinstance(v, (str, bool)) or v is None:
        return pgettext("knob value", str(v))
    return format_knob(v)


def differences_markdown(names: tuple[str, ...] = tuple(RULESETS)) -> str:
    """The knobs on which the presets differ, as a Markdown table (kept in the README; the `rules` command).

    Knob and preset names are the engine's, as typed (``--rules jawaker``); the rest is in the reader's language.
    """
    knob, sources = _("knob"), _("sources")
    lines = [f"| {knob} | " + " | ".join(names) + f" | {sources} |", "|" + "---|" * (len(names) + 2)]
    for row in differences(names):
        lines.append(f"| `{row['knob']}` | " + " | ".join(knob_words(row[n]) for n in names)
                     + f" | {_(row['source'])} |")
    return "\n".join(lines)
