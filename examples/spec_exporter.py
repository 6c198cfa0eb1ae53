"""A club score keeper's exporter, written from docs/event-log.md alone (it imports nothing of banakil_replay).

The app keeps a game as players, a rule set, deals and turns in its own words; this writes a
banakil-replay/1.1 log. It checks what the specification says a writer must get right (card
codes, the deck, 18 or 19 cards, the upcard rule, meld numbers) and computes the chain by the
specification's canonical JSON, spelled out by hand as a program in another language would.
It wrote conformance/valid/handwritten-*.jsonl (tests/test_conformance.py checks it still does):

    python examples/spec_exporter.py OUT_DIR
"""

import hashlib
import json
import sys
from collections import Counter

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["C", "D", "H", "S"]
DECK = Counter({r + s: 2 for r in RANKS for s in SUITS} | {"JK": 2})  # "two of every card ... and two jokers"
STARTER_19 = {"jawaker", "eram", "kroot"}  # the presets table: opening = starter_19


def card(code):
    if code not in DECK:
        raise ValueError(f"not a canonical card code: {code}")
    return code


# ---------------------------------------------------------------- canonical JSON, by the document
def canon(value):
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)  # "Python's repr of a float"
    if isinstance(value, str):
        out = ['"']
        for ch in value:
            if ch == '"':
                out.append('\\"')
            elif ch == "\\":
                out.append("\\\\")
            elif ch in "\b\f\n\r\t":
                out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
            elif ord(ch) < 0x20:
                out.append(f"\\u{ord(ch):04x}")
            else:
                out.append(ch)
        out.append('"')
        return "".join(out)
    if isinstance(value, list):
        return "[" + ",".join(canon(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(canon(k) + ":" + canon(value[k]) for k in sorted(value)) + "}"
    raise TypeError(value)


def chain(previous, event):
    body = {k: v for k, v in event.items() if k != "chain"}
    return hashlib.sha256((previous + canon(body)).encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- the exporter
class Export:
    def __init__(self, rules, players, chained=False, extra=None):
        self.rules, self.n, self.chained = rules, len(players), chained
        self.events = []
        self.melds = 0  # "counting every seat's melds together", from 1 each hand
        self.emit("match_started", format="banakil-replay/1.1", rules=rules, players=players, **(extra or {}))

    def emit(self, type_, **fields):
        event = {"seq": len(self.events), "type": type_, **fields}
        if self.chained:
            event["chain"] = chain(self.events[-1]["chain"] if self.events else "", event)
        self.events.append(event)
        return event["seq"]

    def deal(self, hand, dealer, hands, upcard=None):
        starter = (dealer + 1) % self.n
        for seat, cards in enumerate(hands):
            want = 19 if self.rules in STARTER_19 and seat == starter else 18
            assert len(cards) == want, (seat, len(cards), want)
        seen = Counter(card(c) for h in hands for c in h) + Counter([upcard] if upcard else [])
        assert not seen - DECK, seen - DECK
        assert (upcard is None) == (self.rules in STARTER_19)
        self.melds = 0
        fields = {"hand": hand, "dealer": dealer, "hands": hands}
        if upcard:
            fields["upcard"] = upcard
        return self.emit("hand_started", **fields)

    def draw(self, seat, code, **extra):
        return self.emit("drew", seat=seat, card=card(code), **extra)

    def take(self, seat, cards=None, count=None):
        fields = {"seat": seat, "count": count if count is not None else len(cards)}
        if cards:
            fields["cards"] = [card(c) for c in cards]
        return self.emit("took", **fields)

    def meld(self, seat, cards, arrangement=None):
        self.melds += 1
        fields = {"seat": seat, "cards": [card(c) for c in cards]}
        if arrangement:
            fields["arrangement"] = arrangement
        self.emit("melded", **fields)
        return self.melds

    def lay_off(self, seat, meld, cards, whole_meld=None):
        fields = {"seat": seat, "meld": meld, "cards": [card(c) for c in cards]}
        if whole_meld:
            fields["arrangement"] = whole_meld
        return self.emit("laid_off", **fields)

    def discard(self, seat, code):
        return self.emit("discarded", seat=seat, card=card(code))

    def result_only(self, hand, scores):
        return self.emit("hand_scored", hand=hand, scores=scores)

    def note(self, at, text, author=None):
        return self.emit("annotated", at=at, text=text, **({"author": author} if author else {}))

    def text(self):
        return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in self.events)


def classic_3p():
    g = Export("classic", ["Amal", "Badr", "Carla"])
    g.deal(1, dealer=2, upcard="KD", hands=[
        "3H 4H 5H 6H 7H 8H AC AD AS 9S 10S JS 2C 4C 5C QH QS KC".split(),
        "3C 3D 3S 9D 10D JD QD 5S 6S 8S 7C 8C 9C KH KS 4D 6D JH".split(),
        "10H 9H JK 5D 7D 8D 4S 7S 10C JC QC AH 6C 2S 3D JS AS QC".split()])
    g.draw(0, "9H")
    hearts = g.meld(0, "3H 4H 5H 6H 7H 8H 9H".split())
    g.meld(0, ["AC", "AD", "AS"])
    g.discard(0, "KC")
    g.take(1, ["KC"])  # the lone top card: Badr may not throw it back this turn
    clubs = g.meld(1, ["7C", "8C", "9C"])
    g.discard(1, "JH")
    g.draw(2, "3C")
    g.meld(2, ["10C", "JC", "QC", "JK"], arrangement=["JK", "10C", "JC", "QC"])  # the joker as 9C
    g.discard(2, "3C")
    g.draw(0, "8S")
    spades = g.meld(0, ["9S", "10S", "JS", "2C"])  # a layout as given: the 2 stands for QS
    g.lay_off(0, spades, ["8S"])
    g.lay_off(0, spades, ["QS"], whole_meld=["2C", "8S", "9S", "10S", "JS", "QS"])  # the 2 goes down to 7S
    g.discard(0, "QH")
    g.draw(1, "6C")
    g.meld(1, ["3C", "3D", "3S"])
    g.lay_off(1, clubs, ["6C"])
    g.discard(1, "KC")  # taken last turn: no limit now
    g.draw(2, "2H")
    g.discard(2, "2H")
    g.take(0, ["2H"])
    g.meld(0, ["4C", "5C", "2H"])  # her last three cards: Amal goes out with no discard
    g.note(len(g.events) - 1, "Amal is out in four turns.", "scorer")  # at: a seq, not a meld number
    g.result_only(2, [200, 10, 20])  # hand 2 played on paper
    banked = g.emit("match_banked")
    g.note(banked, "Amal passes 203.")
    assert hearts == 1
    return g


def kroot_2p():
    g = Export("kroot", ["Hadi", "Rana"], chained=True, extra={"app": {"name": "ClubSheet", "table": 7}})
    g.deal(1, dealer=1, hands=[
        "5H 6H 7H 2C 8S 9S 10S JS AC AD AH 10C JC QC 4D 5D JK KS 9D".split(),
        "3C 3D 3H 4S 5S 6S 7D 8D 9C KC 4H 8H JH QH 5C 6C 10H KD".split()])
    g.meld(0, ["5H", "6H", "7H", "2C"])  # the starter does not draw: the 2 stands for 8H
    g.meld(0, ["8S", "9S", "10S", "JS"])
    g.discard(0, "9D")
    g.take(1, count=1)  # the card is not named: the count says which
    g.meld(1, ["7D", "8D", "9D"])
    g.meld(1, ["3C", "3D", "3H"])
    g.discard(1, "KC")
    g.take(0, ["KC"])
    g.meld(0, ["10C", "JC", "QC", "KC"])
    g.meld(0, ["AC", "AD", "AH"])
    g.discard(0, "KS")
    g.draw(1, "QS", ts="2024-05-02T21:03:00Z")
    g.meld(1, ["10H", "JH", "QH"])
    g.discard(1, "QS")
    g.draw(0, "9S")
    g.meld(0, ["4D", "5D", "JK"], arrangement=["JK", "4D", "5D"])  # the joker as 3D
    g.discard(0, "9S")  # Kroot: out only with a discard
    g.result_only(2, [150, 0])
    g.emit("match_banked")
    return g


if __name__ == "__main__":
    out = sys.argv[1]
    for name, game in (("handwritten-classic-3p", classic_3p()), ("handwritten-kroot-2p-chained", kroot_2p())):
        with open(f"{out}/{name}.jsonl", "w", encoding="utf-8", newline="\n") as f:
            f.write(game.text())
        print("wrote", name, len(game.events), "events")
