"""Build the hand-written sample games in ``sample_games/``.

Each game is written as the moves that matter (what each seat draws, takes,
melds, lays off, swaps and discards) plus the cards each seat is dealt. Every
valid log is replayed through the reducer before it is saved, so a sample game
can never be illegal; every broken log is replayed too and must fail at exactly
the seq, with exactly the phrase, recorded for it in ``broken/EXPECTED.json``.

Run: ``PYTHONPATH=. python3 tools/make_sample_games.py`` (writes into
``sample_games/``). ``tests/test_sample_games.py`` imports :func:`build_all`,
writes into a temporary folder and checks the result is byte for byte the
committed files, so edit the games here, never the ``.jsonl`` files.

Seats are numbered in turn order; the player after the dealer plays first; at
four players seats 0+2 and 1+3 are partners. Card values used in the score
comments: 3-6 = 0.5, 7-K = 1, A = 1.5 (classic) or 1 (Jawaker, ERAM, Kroot),
2 = 2, joker = 4 (000 Scoring, 004 Jawaker 4, 002 card point values, 003).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from banakil_replay.cards import Card, full_deck, parse_cards
from banakil_replay.events import FORMAT, EventError
from banakil_replay.reducer import ReplayError, replay
from banakil_replay.rules import get_ruleset

OUT = Path(__file__).resolve().parent.parent / "sample_games"


def _filler_key(c: Card) -> tuple[int, ...]:
    # Automatic filler avoids wilds, threes and aces, and spreads ranks, so a filled-up
    # hand holds few ready-made melds and few points.
    return (int(c.is_wild), int(c.rank in (3, 14)), c.rank % 3, "CDHS".find(c.suit), c.rank)


class Scenario:
    """A match under construction: deals with required cards, then events."""

    def __init__(self, rules: str, players: list[str], options: dict[str, Any] | None = None) -> None:
        self.rules = get_ruleset(rules, options)
        self.events: list[dict[str, Any]] = [{"type": "match_started", "format": FORMAT, "rules": rules,
                                              "players": players}]
        if options:
            self.events[0]["options"] = options
        self.n = len(players)

    @property
    def last(self) -> int:
        """The seq of the most recent event."""
        return len(self.events) - 1

    def deal(self, hand: int, dealer: int, required: list[str] | list[list[str]], upcard: str | None = None,
             reserve: str = "", filler_from: str = "", check: bool = True) -> None:
        """Deal ``required`` cards per seat, topping hands up with filler.

        ``required`` holds one string (or list) of card codes per seat. ``reserve``
        lists cards that must stay in the stock (drawn later); filler comes from
        ``filler_from`` when given, else from the deck's leftovers, naturals other
        than threes and aces first. ``check=False`` lets a broken log over-deal a card.
        """
        first = (dealer + 1) % self.n
        sizes = [19 if (self.rules.opening == "starter_19" and s == first) else 18 for s in range(self.n)]
        hands = [list(parse_cards(r)) for r in required]
        for s, h in enumerate(hands):
            if len(h) > sizes[s]:
                raise ValueError(f"seat {s} is dealt {len(h)} cards; a hand holds {sizes[s]}")
        used = Counter(c for h in hands for c in h)
        if upcard:
            used.update(parse_cards([upcard]))
        used.update(parse_cards(reserve))
        deck = full_deck()
        over = [c.code for c in used if used[c] > deck[c]]
        if over and check:
            raise ValueError(f"over-used card(s): {' '.join(over)}")
        pool = deck - used
        candidates = parse_cards(filler_from) if filler_from else sorted(pool.elements(), key=_filler_key)
        spare = [c for c in candidates if pool[c] > 0]
        for s in range(self.n):
            while len(hands[s]) < sizes[s]:
                c = spare.pop(0)
                if pool[c] <= 0:
                    continue
                pool[c] -= 1
                hands[s].append(c)
        ev: dict[str, Any] = {"type": "hand_started", "hand": hand, "dealer": dealer,
                              "hands": [[c.code for c in h] for h in hands]}
        if upcard:
            ev["upcard"] = upcard
        self.events.append(ev)

    def add(self, type_: str, **fields: Any) -> int:
        """Append one event; returns its seq."""
        self.events.append({"type": type_, **fields})
        return self.last

    def note(self, at: int, text: str, author: str = "") -> int:
        """An ``annotated`` event about the event at seq ``at``."""
        fields: dict[str, Any] = {"at": at, "text": text}
        if author:
            fields["author"] = author
        return self.add("annotated", **fields)

    def turn(self, seat: int, draw: str | int | list[str] | None, *plays: tuple[Any, ...],
             discard: str | None = None) -> int:
        """One turn; returns the seq of its last event.

        ``draw``: a stock card (code), take N from the pile (int), take the named top
        cards of the pile (list, bottom first), or nothing (the 19-card starter).
        ``plays``: ("meld", "cards"[, "arrangement"]), ("layoff", meld_id, "cards"[, "arrangement"]),
        ("swap", meld_id, "card").
        """
        if isinstance(draw, str):
            self.add("drew", seat=seat, card=draw)
        elif isinstance(draw, int):
            self.add("took", seat=seat, count=draw)
        elif isinstance(draw, list):
            self.add("took", seat=seat, count=len(draw), cards=draw)
        for play in plays:
            kind, *rest = play
            if kind == "meld":
                ev: dict[str, Any] = {"seat": seat, "cards": rest[0].split()}
                if len(rest) > 1:
                    ev["arrangement"] = rest[1].split()
                self.add("melded", **ev)
            elif kind == "layoff":
                ev = {"seat": seat, "meld": rest[0], "cards": rest[1].split()}
                if len(rest) > 2:
                    ev["arrangement"] = rest[2].split()
                self.add("laid_off", **ev)
            elif kind == "swap":
                self.add("joker_swapped", seat=seat, meld=rest[0], card=rest[1])
            else:
                raise ValueError(f"unknown play {kind!r}")
        if discard:
            self.add("discarded", seat=seat, card=discard)
        return self.last

    def numbered(self) -> list[dict[str, Any]]:
        return [{"seq": i, **e} for i, e in enumerate(self.events)]

    def write(self, name: str, folder: Path = OUT) -> list[dict[str, Any]]:
        events = self.numbered()
        replay(events)  # raises if the scenario is not a legal game
        _write_jsonl(folder / f"{name}.jsonl", events)
        return events

    def write_broken(self, name: str, folder: Path, contains: str, *,
                     mutate: Callable[[list[dict[str, Any]]], None] | None = None,
                     seq: int | None = None) -> dict[str, Any]:
        """Write a log that must fail; returns its EXPECTED.json entry.

        The failure is expected at the last event unless ``seq`` says otherwise;
        ``mutate`` edits the numbered events (for a seq gap or an unknown type).
        """
        events = self.numbered()
        if mutate:
            mutate(events)
        want = self.last if seq is None else seq
        err = _rejection(events)
        if err is None:
            raise AssertionError(f"broken log {name} replays cleanly")
        if err.seq != want or contains not in str(err):
            raise AssertionError(f"broken log {name}: expected seq {want} with {contains!r}, got {err}")
        _write_jsonl(folder / f"{name}.jsonl", events)
        return {"seq": want, "contains": contains}


def _rejection(events: list[dict[str, Any]]) -> ReplayError | EventError | None:
    try:
        replay(json.loads(json.dumps(events)))
    except (ReplayError, EventError) as e:
        return e
    return None


def _write_jsonl(path: Path, events: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for e in events:
            f.write(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n")


# ====================================================================== valid games
def dana_ravi() -> Scenario:
    """000's worked hand played out: Dana 37, Ravi 3 (two players, race to 150)."""
    g = Scenario("classic", ["Dana", "Ravi"])
    dana = "3H 4H 5H 6H 7H 8H 10S JS QS KS AC AD AH 3C 3D 5D 9C KH"
    ravi = "5C 6C 7C 8C 9C 10C AC AD KD QS 9S 7S 6S 4D 4S 2C 6D 10D"
    g.deal(1, dealer=1, required=[dana.split(), ravi.split()], upcard="8D", reserve="9H JC AS AS 3S")
    g.turn(0, "9H", ("meld", "3H 4H 5H 6H 7H 8H 9H"), discard="5D")
    g.turn(1, "JC", ("meld", "5C 6C 7C 8C 9C 10C JC"), discard="6D")
    g.turn(0, "AS", ("meld", "10S JS QS KS AS"), ("meld", "AC AD AH"), discard="9C")
    g.turn(1, "AS", ("meld", "AC AD AS"), discard="10D")
    g.turn(0, "3S", ("meld", "3C 3D 3S"), discard="KH")
    return g


# --- classic, four players in two partnerships -------------------------------------
NADIA = "3H 4H 5H 6H 7H 6S 7S JK 9S 2S AC AD AH 9H JC QC KC 4D"
OMAR = "3C 3S 3H 5D 7C 10C 5S 8S KS 7D 9D JH KH QS 9S 5C 6H QC"
LAYLA = "6D 10S 8H 4C 6C 8C 4S 6S JS 5H QH 10C KC 7H AS 9D QD QS"
SAMI = "JD QD KD 4C 8S 10H 3C 4H 8D 6C 9H AS 7S JS 9C QH 7C KS"


def _classic_4p_deal() -> Scenario:
    g = Scenario("classic", ["Nadia", "Omar", "Layla", "Sami"])
    g.deal(1, dealer=3, required=[NADIA, OMAR, LAYLA, SAMI], upcard="3D", reserve="9C 10D KH 10H")
    return g


def classic_4p_partnership() -> Scenario:
    """Classic, 4 players: partner lay-offs, a joker swap with free wild movement, a deep take.

    Seats: 0 Nadia and 2 Layla (side 0) against 1 Omar and 3 Sami (side 1); the
    dealer is seat 3, so Nadia plays first. Melds are numbered 1, 2, ... in the
    order they are created.

    - Nadia draws 9C, melds 3H-7H (meld 1), 6S 7S JK(=8S) 9S 2S(=10S) (meld 2) and
      AC AD AH (meld 3), and discards 4D.
    - Omar draws 10D, melds 3C 3S 3H (meld 4) and discards 5D: the pile is 3D 4D 5D.
    - Layla takes all three pile cards (you may take several, 000 Play) and melds
      3D 4D 5D 6D (meld 5). Having melded something of her own she may now reach into
      her partner's area (000 Play, 004): she lays 8H off on meld 1 and swaps her 10S
      for the joker of meld 2. That is the classic "valid result" swap, not the exact
      card: the joker stood for 8S, the 10S takes the top place and the 2S moves down
      to stand for 8S (wilds move freely, 004). She lays the joker off on her own
      meld 5, where it stands for 7D, and discards KC.
    - Sami draws KH, melds JD QD KD (meld 6) and discards 9C.
    - Nadia draws 10H, lays 9H 10H off on meld 1, melds JC QC KC (meld 7) and goes out
      by discarding 9C (she had melded on an earlier turn, so no dhamoon).

    Scores, worked by hand (classic: meld area, 000 Scoring; partnership, 000):

    - Nadia's meld area (the 8H her partner added counts as hers):
      meld 1 3H..10H = 4 x 0.5 + 4 x 1 = 6; meld 2 6S 7S 2S 9S 10S = 0.5 + 1 + 2 + 1 + 1 = 5.5;
      meld 3 AC AD AH = 3 x 1.5 = 4.5; meld 7 JC QC KC = 3. 19 melded, nothing in hand,
      +20 for going out: 39.
    - Layla: meld 5 3D 4D 5D 6D JK = 2 + 4 = 6. Hand 4C 6C 4S 6S 5H (2.5) + 8C JS QH 10C
      7H 9D QD QS (8) + AS (1.5) = 12. Score 6 - 12 = -6.
    - Omar: meld 4 = 1.5. Hand 5S 5C 6H (1.5) + 7C 10C 8S KS 7D 9D JH KH QS 9S QC 10D (12)
      = 13.5. Score -12.
    - Sami: meld 6 = 3. Hand 4C 3C 4H 6C (2) + 8S 10H 8D 9H 7S JS QH 7C KS KH (10) + AS
      (1.5) = 13.5. Score -10.5.
    - Side 0 banks the out-goer's score: 39.
    - Side 1 adds its two and takes off the out-goer's partner: -12 + -10.5 - (-6) = -16.5,
      rounded in its favour to -16.
    """
    g = _classic_4p_deal()
    _classic_4p_nadia_1(g)
    _classic_4p_omar_1(g)
    g.turn(2, ["3D", "4D", "5D"], ("meld", "3D 4D 5D 6D"), ("layoff", 1, "8H"), ("swap", 2, "10S"),
           ("layoff", 5, "JK"), discard="KC")
    g.turn(3, "KH", ("meld", "JD QD KD"), discard="9C")
    g.turn(0, "10H", ("layoff", 1, "9H 10H"), ("meld", "JC QC KC"), discard="9C")
    return g


def _classic_4p_nadia_1(g: Scenario) -> None:
    g.turn(0, "9C", ("meld", "3H 4H 5H 6H 7H"), ("meld", "6S 7S JK 9S 2S"), ("meld", "AC AD AH"),
           discard="4D")


def _classic_4p_omar_1(g: Scenario) -> None:
    g.turn(1, "10D", ("meld", "3C 3S 3H"), discard="5D")


# --- Jawaker (004, last section) -----------------------------------------------------
SAMIR = "9D 2H JD 3C 2D 5C 6S 7S JK 5S 8S 4S 7C 10C 4D 6D 8H JH KH"
HALA_1 = "3H 4H 5H 6H 7H 8H 9H 10C JC QC KC AC AD AH AS 3D 3H 3S"
ZIAD = "QS KS AS 10D 4C"  # topped up with filler
HALA_2 = "3S 4S 5S 6S 7S 8S 9C 10C JC QC KC AC AD AH AS 3C 3D 3H 7D"


def _jawaker_deal_1() -> Scenario:
    g = Scenario("jawaker", ["Samir", "Hala", "Ziad", "Noor"])
    g.deal(1, dealer=3, required=[SAMIR, HALA_1, ZIAD, ""], reserve="KD QC 9H 4H QH")
    return g


def _jawaker_samir_1(g: Scenario) -> None:
    # the 19-card starter: no draw; 2H stands for 10D, 2D for 4C, the joker for 8S
    g.turn(0, None, ("meld", "9D 2H JD"), ("meld", "3C 2D 5C"), ("meld", "6S 7S JK"), discard="JH")


def jawaker_hand() -> Scenario:
    """Jawaker: 19-card starter, wilds fixed at meld time, two cold hands (51, then 101).

    Seats: 0 Samir and 2 Ziad (side 0) against 1 Hala and 3 Noor (side 1).

    Hand 1 (dealer 3, so Samir is the starter):

    - Samir holds 19 cards and, as Jawaker rule 1 says, does not draw: he melds
      9D 2H JD (meld 1, the 2H stands for 10D), 3C 2D 5C (meld 2, the 2D stands for 4C)
      and 6S 7S JK (meld 3, the joker stands for 8S), then discards JH, which starts
      the pile.
    - Hala draws KD and throws it.
    - Ziad draws QC, melds QS KS AS (meld 4) and, having melded, adds to his partner's
      melds (Jawaker rule 3): 10D on meld 1 sends the 2H to the low end (2H=8D 9D 10D JD);
      4C on meld 2 sends the 2D to the high end because the run holds a 3
      (3C 4C 5C 2D=6C). He discards QC.
    - Noor draws 9H and throws it.
    - Samir draws 4H, adds 5S under meld 3 (the joker stays 8S: it is locked, rule 2),
      swaps the exact card 8S for the joker, lays the joker off on meld 1 as QD and
      discards 4H.
    - Hala draws QH and, with nothing melded before, lays her whole hand down at once
      (3H..9H, 10C..AC, AD AH AS, 3D 3H 3S) and goes out by discarding QH: a cold hand.
      The opponents had melded, so her side scores 51 and Samir's side 0 (rule 5).

    Hand 2 (dealer 0, so Hala is the starter with 19 cards): she melds 18 cards on her
    very first action and discards 7D. Nobody else has played, so the opponents have
    melded nothing: her side scores 101 (004 Jawaker rule 5; 000 says 102, see the rules
    digest, known conflict 2). Totals after two hands: side 0 0, side 1 51 + 101 = 152.
    """
    g = _jawaker_deal_1()
    _jawaker_samir_1(g)
    g.turn(1, "KD", discard="KD")
    g.turn(2, "QC", ("meld", "QS KS AS"), ("layoff", 1, "10D"), ("layoff", 2, "4C"), discard="QC")
    g.turn(3, "9H", discard="9H")
    g.turn(0, "4H", ("layoff", 3, "5S"), ("swap", 3, "8S"), ("layoff", 1, "JK"), discard="4H")
    g.turn(1, "QH", ("meld", "3H 4H 5H 6H 7H 8H 9H"), ("meld", "10C JC QC KC AC"), ("meld", "AD AH AS"),
           ("meld", "3D 3H 3S"), discard="QH")
    g.deal(2, dealer=0, required=["", HALA_2, "", ""])
    g.turn(1, None, ("meld", "3S 4S 5S 6S 7S 8S"), ("meld", "9C 10C JC QC KC AC"), ("meld", "AD AH AS"),
           ("meld", "3C 3D 3H"), discard="7D")
    return g


# --- ERAM CARDS (002) ------------------------------------------------------------------
YARA = "AD 2D 3D 5H 6H JK 8C 9C 10C 3S 3C 3H 4S 9S 6D QD 5S 7S KH"
FADI = "JS QS KS 4C 7D 10D 5C 8H 4H 6S 10S JD 9H 8D JH 6C QH 9C"
LINA = "4D 5D 6D 7D 8D 4H 8H 9H 10H 7H 5C 6C 7C JC QC KC AC 3D"


def _eram_deal() -> Scenario:
    g = Scenario("eram", ["Yara", "Fadi", "Lina", "Tarek"])
    g.deal(1, dealer=3, required=[YARA, FADI, LINA, ""], reserve="8S KD 5H QH 4C 9D")
    return g


def _eram_yara_1(g: Scenario) -> None:
    # the 19-card starter: an ace-low run A-2-3, a joker locked as 7H, clubs, threes
    g.turn(0, None, ("meld", "AD 2D 3D"), ("meld", "5H 6H JK"), ("meld", "8C 9C 10C"), ("meld", "3S 3C 3H"),
           discard="KH")


def eram_hand() -> Scenario:
    """ERAM: ace-low run, locked joker, partner lay-offs with no meld of one's own, per-player sums.

    Seats: 0 Yara and 2 Lina (side 0) against 1 Fadi and 3 Tarek (side 1). Dealer 3,
    so Yara starts with 19 cards and no draw (002 The deal).

    - Yara melds AD 2D 3D (meld 1: the ace plays low, 002 Types of melds), 5H 6H JK
      (meld 2, the joker locked as 7H), 8C 9C 10C (meld 3) and 3S 3C 3H (meld 4), and
      discards KH.
    - Fadi draws 8S, melds JS QS KS (meld 5), discards 8S.
    - Lina draws KD and, never having melded, adds to her partner's melds (002 Team melds
      sets no condition): 4D-8D on meld 1, 4H under meld 2 (the joker stays 7H) and 3D to
      meld 4. She discards KD.
    - Tarek draws 5H and throws it; Yara draws QH and throws it; Fadi draws 4C and
      throws it.
    - Lina draws 9D, puts the exact card 7H in the joker's place (002 FAQ) and takes the
      joker, lays 8H 9H 10H off on meld 2, 5C 6C 7C JC QC KC AC on meld 3 and 9D JK
      on meld 1 (the joker as 10D): her hand is empty, she goes out with no discard.

    Scores, worked by hand (002 Scoring: each player on his own, partners added, no
    rounding; credit is for the cards a player laid himself):

    - Yara opened: AD 2D 3D (1 + 2 + 0.5) + 5H 6H (1) + 8C 9C 10C (3) + 3S 3C 3H (1.5)
      = 9 laid (the joker she laid went back to Lina's hand and was laid again by Lina).
      Hand 4S 6D 5S (1.5) + 9S QD 7S (3) = 4.5. Score 9 - 4.5 = 4.5.
    - Lina finished without opening (she only added): 0 (-20 + 20).
    - Fadi opened: JS QS KS = 3. Hand 5C 4H 6S 6C 4C (2.5) + 7D 10D 8H 10S JD 9H 8D JH QH 9C
      (10) = 12.5. Score 3 - 12.5 = -9.5.
    - Tarek never opened: -20 (his hand is not counted).
    - Side 0: 4.5 + 0 = 4.5; side 1: -9.5 + -20 = -29.5, half points kept.
    """
    g = _eram_deal()
    _eram_yara_1(g)
    g.turn(1, "8S", ("meld", "JS QS KS"), discard="8S")
    g.turn(2, "KD", ("layoff", 1, "4D 5D 6D 7D 8D"), ("layoff", 2, "4H"), ("layoff", 4, "3D"), discard="KD")
    g.turn(3, "5H", discard="5H")
    g.turn(0, "QH", discard="QH")
    g.turn(1, "4C", discard="4C")
    g.turn(2, "9D", ("swap", 2, "7H"), ("layoff", 2, "8H 9H 10H"), ("layoff", 3, "5C 6C 7C JC QC KC AC"),
           ("layoff", 1, "9D JK"))
    return g


# --- Kroot (003) -------------------------------------------------------------------------
HADI = "5H 6H 2C 8H 8S 9S 10S JS QS AC AD AH KS AS 10C JC QC 7D 9D"
RANA = "3C 3D 3S 4S 7C 9C 4H 6D 10H KD 5S 7S JH 4C QD 6H 8H 9S"
KARIM = "8D 10D 7H 5D JD 3H 9H KH 4C 5C 6S 8C 10S QC 7S AS 4D JS"
MAYA = "5C 6C 7C 3H 4D 7D 10H 6D KC 9C JC 5S QS KD 4H JH QD 8S"


def _kroot_deal() -> Scenario:
    g = Scenario("kroot", ["Hadi", "Rana", "Karim", "Maya"])
    g.deal(1, dealer=3, required=[HADI, RANA, KARIM, MAYA], reserve="KC 8D KH")
    return g


def _kroot_to_karim(g: Scenario) -> None:
    # Hadi, the 19-card starter, melds without drawing; the 2C stands for 7H
    g.turn(0, None, ("meld", "5H 6H 2C 8H"), ("meld", "8S 9S 10S JS QS"), ("meld", "AC AD AH"), discard="9D")
    g.turn(1, "8D", ("meld", "3C 3D 3S"), discard="4S")


def kroot_hand() -> Scenario:
    """Kroot: the banakil slides to the open end, a deep take, winners score what they laid.

    Seats: 0 Hadi and 2 Karim (side 0) against 1 Rana and 3 Maya (side 1). Dealer 3,
    so Hadi starts with 19 cards, skips the draw and his discard starts the ground
    (003 The deal, The opening).

    - Hadi melds 5H 6H 2C 8H (meld 1, the banakil 2C stands for 7H), 8S-QS (meld 2) and
      AC AD AH (meld 3), and discards 9D.
    - Rana draws 8D, melds 3C 3D 3S (meld 4) and discards 4S: the ground is 9D 4S.
    - Karim takes both ground cards, melds 8D 9D 10D (meld 5) and puts 7H into his
      partner's meld 1: the 7H takes the banakil's spot and the 2C slides to the open
      end as 9H (003 Moving a banakil: 5H 6H 7H 8H 2C). He may not throw back either
      card he took this turn (003 How a turn works), so he keeps 4S and discards QC.
    - Maya draws KH, melds 5C 6C 7C (meld 6) and discards 9C.
    - Hadi draws KC, lays KS AS off on meld 2, melds 10C JC QC KC (meld 7) and goes out
      by discarding his last card, 7D (003 Going out).

    Scores, worked by hand (003 Scoring: the winning side scores 20 + every card its two
    players laid this round; each loser loses the value of his own hand, rounded in his
    favour; aces count 1 here, see README):

    - Hadi laid 5H 6H 2C 8H (0.5 + 0.5 + 2 + 1 = 4) + 8S..QS (5) + AC AD AH (3) + KS AS (2)
      + 10C JC QC KC (4) = 18.
    - Karim laid 8D 9D 10D (3) + 7H (1) = 4.
    - Side 0: 20 + 18 + 4 = 42.
    - Rana holds 4H 6D 5S 4C 6H (2.5) + 7C 9C 10H KD 7S JH QD 8H 9S 8D (10) = 12.5: -12.5,
      rounded in his favour to -12.
    - Maya holds 3H 4D 6D 5S 4H (2.5) + 7D 10H KC JC QS KD JH QD 8S KH (10) = 12.5: -12.
    - Side 1: -12 + -12 = -24 (rounding the side total instead would give -25).
    """
    g = _kroot_deal()
    _kroot_to_karim(g)
    g.turn(2, ["9D", "4S"], ("meld", "8D 9D 10D"), ("layoff", 1, "7H"), discard="QC")
    g.turn(3, "KH", ("meld", "5C 6C 7C"), discard="9C")
    g.turn(0, "KC", ("layoff", 2, "KS AS"), ("meld", "10C JC QC KC"), discard="7D")
    return g


# --- classic, with annotations and a result-only hand --------------------------------------
AMAL = "3S 4S 5S 6S 7S 9S 8D 9D 10D JD AC AH AS JH QH KH 4C 10C"
BILAL = "3C 5C 7C 9C JC 4D 6D 8H 10H QS KS 4H JH 5D 7D 9H QC KD"

HOSTILE_TEXT = "Great run! <script>alert(1)</script> <img src=x onerror=alert(1)>"


def _amal_bilal_deal() -> Scenario:
    g = Scenario("classic", ["Amal", "Bilal"])
    g.deal(1, dealer=1, required=[AMAL, BILAL], upcard="6C", reserve="8S QD")
    return g


def _amal_1(g: Scenario) -> int:
    return g.turn(0, "8S", ("meld", "3S 4S 5S 6S 7S 8S 9S"), ("meld", "8D 9D 10D JD"), ("meld", "AC AH AS"),
                  discard="4C")


def classic_annotated() -> Scenario:
    """Classic, two players, with notes (one of them hostile HTML) and a result-only hand.

    - Amal (seat 0, dealer Bilal) draws 8S, melds 3S..9S (meld 1), 8D 9D 10D JD (meld 2)
      and AC AH AS (meld 3), and discards 4C.
    - Bilal takes the lone top card 4C, melds 3C 4C 5C (meld 4) and discards KD (he
      could not throw the 4C straight back, 000 Play).
    - Amal draws QD, lays it off on meld 2, melds JH QH KH (meld 5) and goes out by
      discarding 10C.
    - Hand 2 was played away from the app; only its result is logged (hand_scored).
    - Amal's total passes 150, so the match is over and banked.

    Scores, worked by hand (000 Scoring):

    - Amal: 3S..6S (2) + 7S 8S 9S (3) + 8D..QD (5) + AC AH AS (4.5) + JH QH KH (3) = 17.5
      melded, +20 for going out = 37.5, rounded in her favour to 38.
    - Bilal: 3C 4C 5C = 1.5 melded; hand 7C 9C JC 8H 10H QS KS JH 7D 9H QC (11) + 4D 6D 4H
      5D (2) = 13. 1.5 - 13 = -11.5, rounded in his favour to -11.
    - Hand 2 by result: 115 and 20. Totals 38 + 115 = 153 and -11 + 20 = 9; 153 passes
      the 150 target for two players, so Amal wins and the match is banked.
    """
    g = _amal_bilal_deal()
    g.note(0, "Club night, table 3. Race to 150; the sheet is kept in this log.", "host")
    melded = _amal_1(g) - 1
    g.note(melded - 2, HOSTILE_TEXT, "Bilal")
    took = g.turn(1, ["4C"], ("meld", "3C 4C 5C"), discard="KD") - 2
    g.note(took, "Bilal takes the lone top card, so he may not throw 4C straight back this turn.", "host")
    out = g.turn(0, "QD", ("layoff", 2, "QD"), ("meld", "JH QH KH"), discard="10C")
    g.note(out, "Amal goes out: 17.5 melded + 20 = 37.5, entered as 38. Bilal 1.5 - 13 = -11.5, entered as -11.",
           "host")
    scored = g.add("hand_scored", scores=[115, 20])
    g.note(scored, "Hand 2 was played on paper; only its result was entered.", "host")
    banked = g.add("match_banked")
    g.note(banked, "مبروك يا أمل! Amal wins 153 to 9 & banks the match. \"Quotes\" stay as typed.", "Bilal")
    return g


# ============================================================================ broken logs
def _broken(folder: Path) -> dict[str, dict[str, Any]]:
    """Write every deliberately broken log; returns the EXPECTED.json mapping."""
    out: dict[str, dict[str, Any]] = {}

    def put(name: str, g: Scenario, contains: str, **kw: Any) -> None:
        out[f"{name}.jsonl"] = g.write_broken(name, folder, contains, **kw)

    # 1. wrong turn: Bilal acts first although Amal (after the dealer) leads
    g = _amal_bilal_deal()
    g.add("drew", seat=1, card="8S")
    put("wrong_turn", g, "it is seat 0's turn, not seat 1's")

    # 2. meld before drawing
    g = _amal_bilal_deal()
    g.add("melded", seat=0, cards=["AC", "AH", "AS"])
    put("meld_before_drawing", g, "must draw before melding")

    # 3. invalid meld: a run with a hole and no wild to fill it
    g = _amal_bilal_deal()
    g.turn(0, "8S", ("meld", "3S 4S 6S"))
    put("invalid_meld", g, "1 gap in the run")

    # 4. lay-off on an opponent's meld (classic 4p: Omar into Nadia's spades)
    g = _classic_4p_deal()
    _classic_4p_nadia_1(g)
    g.turn(1, "10D", ("layoff", 2, "5S"))
    put("layoff_on_opponent_meld", g, "an opponent")

    # 5. partner lay-off before one's own meld (classic: 000 Play)
    g = _classic_4p_deal()
    _classic_4p_nadia_1(g)
    _classic_4p_omar_1(g)
    g.turn(2, ["3D", "4D", "5D"], ("layoff", 1, "8H"))
    put("partner_layoff_before_own_meld", g, "must meld something of his own")

    # 6. throwing back the lone top card just taken (000 Play)
    g = _amal_bilal_deal()
    _amal_1(g)
    g.turn(1, ["4C"], discard="4C")
    put("discard_lone_top_card", g, "taken alone from the top of the pile")

    # 7. a third copy of a natural dealt (Amal holds one 3S, Bilal is dealt two)
    g = Scenario("classic", ["Amal", "Bilal"])
    g.deal(1, dealer=1, required=[AMAL, BILAL.replace("3C 5C", "3S 3S")], upcard="6C", check=False)
    put("third_copy_dealt", g, "3 copies of 3♠ were dealt")

    # 8. drawing a card the stock cannot hold (both JH are in the players' hands)
    g = _amal_bilal_deal()
    g.add("drew", seat=0, card="JH")
    put("draw_card_not_in_stock", g, "cannot come from the stock")

    # 9. seq gap: the fourth event (seq 3, where the log goes wrong) is numbered 4
    g = _amal_bilal_deal()
    _amal_1(g)

    def gap(events: list[dict[str, Any]]) -> None:
        for e in events[3:]:
            e["seq"] += 1

    put("seq_gap", g, "without gaps", mutate=gap, seq=3)

    # 10. unknown event type
    g = _amal_bilal_deal()
    g.add("passed", seat=0)
    put("unknown_event_type", g, "unknown event type 'passed'")

    # 11. unknown format major version
    g = _amal_bilal_deal()

    def major(events: list[dict[str, Any]]) -> None:
        events[0]["format"] = "banakil-replay/9"

    put("unknown_format_major", g, "major version 9", mutate=major, seq=0)

    # 12. an annotation pointing forward
    g = _amal_bilal_deal()
    g.note(5, "Watch the next discard.", "host")
    put("annotation_points_forward", g, "refers to an earlier event")

    # 13. Jawaker: 4S under 6S 7S JK(=8S) would need the locked joker to become 5S (004 Jawaker 2)
    g = _jawaker_deal_1()
    g.turn(0, None, ("meld", "9D 2H JD"), ("meld", "3C 2D 5C"), ("meld", "6S 7S JK"), ("layoff", 3, "4S"))
    put("jawaker_layoff_moves_locked_joker", g, "the joker is locked as 8♠")

    # 14. Kroot: no card taken from the ground may be discarded that turn, even with two taken (003)
    g = _kroot_deal()
    _kroot_to_karim(g)
    g.turn(2, ["9D", "4S"], ("meld", "8D 9D 10D"), discard="4S")
    put("kroot_discard_taken_card", g, "was taken from the pile this turn")

    # 15. ERAM: the pile becomes a new stock only once the stock is empty (002)
    g = _eram_deal()
    _eram_yara_1(g)
    g.add("reshuffled")
    put("eram_reshuffle_with_stock", g, "the stock still holds")
    return out


# ============================================================================== building
#: name -> (builder, what it shows, expected result) for the README
GAMES: list[tuple[str, Callable[[], Scenario], str, str]] = [
    ("classic_dana_ravi", dana_ravi,
     "000's worked hand played out (classic, 2 players): two runs and two sets, out with a discard",
     "hand scores [37, 3] (36.5 rounds up to 37); totals [37, 3]"),
    ("classic_4p_partnership", classic_4p_partnership,
     "classic, 4 players: a three-card take, partner lay-offs after the partner's own meld, a joker "
     "swapped out of the partner's run with the 2 moving freely, out-goer partnership scoring",
     "hand scores [39, -16] (side 1: -12 - 10.5 + 6 = -16.5, rounded to -16)"),
    ("jawaker_hand", jawaker_hand,
     "Jawaker: 19-card starter with no draw, 2s sent to the low end / high end (rule 3), a locked joker "
     "with an exact-card swap, two cold hands",
     "hand 1 [0, 51] (opponents had melded), hand 2 [0, 101] (they had not); totals [0, 152]"),
    ("eram_hand", eram_hand,
     "ERAM: ace-low A-2-3 run, locked joker and exact swap, partner lay-offs with no meld of one's own, "
     "finisher who only added scores 0, no rounding",
     "hand scores [4.5, -29.5] (4.5 + 0 and -9.5 - 20); totals [4.5, -29.5]"),
    ("kroot_hand", kroot_hand,
     "Kroot: the banakil slides to the open end (5H 6H [2=7H] 8H + 7H), a two-card take with no taken "
     "card discarded, winners score 20 + cards laid, losers lose their hands rounded per player, "
     "out with a discard",
     "hand scores [42, -24] (20 + 18 + 4; -12.5 and -12.5 each rounded to -12)"),
    ("classic_annotated", classic_annotated,
     "classic, 2 players: six annotations (one with hostile HTML kept as plain text, one in Arabic), "
     "a result-only hand_scored, match_banked",
     "hand 1 [38, -11], hand 2 by result [115, 20]; totals [153, 9]; Amal wins"),
]


def _readme(expected: dict[str, dict[str, Any]]) -> str:
    lines = [
        "# Sample games",
        "",
        "Generated by `tools/make_sample_games.py` (do not edit by hand); `tests/test_sample_games.py` "
        "replays every log, checks card conservation at every state and regenerates the files byte for byte.",
        "Seats are in turn order (the player after the dealer first); at 4 players seats 0+2 are side 0 "
        "and 1+3 side 1. Scores are per side.",
        "",
        "## Valid games",
        "",
    ]
    for name, _, shows, result in GAMES:
        lines.append(f"- `{name}.jsonl`: {shows}. Expected: {result}.")
    lines += ["", "## Broken logs (`broken/`)", "",
              "Each must be rejected at the seq given in `broken/EXPECTED.json`, with the quoted phrase in "
              "the error message.", ""]
    for name, exp in expected.items():
        lines.append(f"- `{name}`: rejected at seq {exp['seq']}: \"{exp['contains']}\".")
    return "\n".join(lines) + "\n"


def build_all(folder: Path = OUT) -> list[Path]:
    """Write every sample game, broken log, EXPECTED.json and README.md into ``folder``."""
    written = []
    for name, build, _, _ in GAMES:
        build().write(name, folder)
        written.append(folder / f"{name}.jsonl")
    expected = _broken(folder / "broken")
    written += [folder / "broken" / name for name in expected]
    with open(folder / "broken" / "EXPECTED.json", "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(expected, ensure_ascii=False, indent=2) + "\n")
    with open(folder / "README.md", "w", encoding="utf-8", newline="\n") as f:
        f.write(_readme(expected))
    return written + [folder / "broken" / "EXPECTED.json", folder / "README.md"]


if __name__ == "__main__":
    for path in build_all():
        print(path.relative_to(OUT.parent))
