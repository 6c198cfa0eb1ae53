"""A simple random legal player, used by the property tests of the reducer.

It proposes moves from cheap candidate lists and keeps only those the
reducer's own ``verify_*`` functions accept, so every log it writes must
replay. Deals and draws come from a seeded shuffle and are recorded in the log.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from banakil_replay.play.bots.selfplay import deal_event
from banakil_replay.cards import Card
from banakil_replay.errors import IllegalMoveError
from banakil_replay.events import FORMAT, parse_event
from banakil_replay.limits import may_discard
from banakil_replay.reducer import apply
from banakil_replay.state import GameState


def meld_candidates(hand: tuple[Card, ...]) -> list[list[Card]]:
    """Likely 3-card melds: consecutive naturals of a suit, a gap filled by a wild, sets of 3s/aces."""
    out: list[list[Card]] = []
    by_suit: dict[str, set[int]] = defaultdict(set)
    for c in hand:
        if c.is_natural:
            by_suit[c.suit].add(c.rank)
    wilds = [c for c in hand if c.is_wild]
    for suit, ranks in by_suit.items():
        for r in ranks:
            if r + 1 in ranks and r + 2 in ranks:
                out.append([Card(r, suit), Card(r + 1, suit), Card(r + 2, suit)])
            for w in wilds[:2]:
                if r + 2 in ranks:
                    out.append([Card(r, suit), w, Card(r + 2, suit)])
                if r + 1 in ranks:
                    out.append([Card(r, suit), Card(r + 1, suit), w])
    for rank in (3, 14):
        suits = sorted({c.suit for c in hand if c.rank == rank})
        if len(suits) >= 3:
            out.append([Card(rank, s) for s in suits[:3]])
    return out


def _try(state: GameState, event: dict[str, Any]) -> GameState | None:
    try:
        return apply(state, parse_event({"seq": state.seq + 1, **event}))
    except IllegalMoveError:
        return None


def random_game(rules_name: str, players: int, seed: int, max_hands: int = 1,
                max_steps: int = 3000, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    state = GameState()

    def push(event: dict[str, Any]) -> None:
        nonlocal state
        new = apply(state, parse_event({"seq": state.seq + 1, **event}))
        log.append({"seq": state.seq + 1, **event})
        state = new

    push({"type": "match_started", "format": FORMAT, "rules": rules_name,
          "players": [f"P{i}" for i in range(players)], **({"options": options} if options else {})})
    steps = 0
    while not state.match_over and state.hand_no < max_hands and steps < max_steps:
        push(deal_event(rules_name, players, state.hand_no + 1, rng))
        while state.in_hand and steps < max_steps:
            steps += 1
            seat = state.turn
            if state.phase == "draw":
                if state.stock_count == 0:
                    if _try(state, {"type": "reshuffled"}) is not None:
                        pile = list(state.discard[:-1])
                        rng.shuffle(pile)
                        push({"type": "reshuffled", "stock": [c.code for c in pile]})
                        continue
                if state.discard and (rng.random() < 0.25 or state.stock_count == 0):
                    counts = list(range(1, min(4, len(state.discard)) + 1))
                    rng.shuffle(counts)
                    # a take that would leave only cards that may not be discarded is refused
                    took = next((k for k in counts if _try(state, {"type": "took", "seat": seat, "count": k})), None)
                    if took is not None:
                        push({"type": "took", "seat": seat, "count": took})
                        continue
                push({"type": "drew", "seat": seat})
                continue
            # meld phase: a few melds, lay-offs and joker swaps, then a discard
            for cards in rng.sample(meld_candidates(state.hands[seat]), k=min(3, len(meld_candidates(state.hands[seat])))):
                nxt = _try(state, {"type": "melded", "seat": seat, "cards": [c.code for c in cards]})
                if nxt is not None and (nxt.phase == "over" or _has_discard(nxt, seat)):
                    push({"type": "melded", "seat": seat, "cards": [c.code for c in cards]})
                    if not state.in_hand:
                        break
            if not state.in_hand:
                break
            for m in rng.sample(list(state.melds), k=min(4, len(state.melds))):
                for c in list(dict.fromkeys(state.hands[seat])):
                    kind = "joker_swapped" if (c.is_natural and any(x.is_joker for x in m.cards)
                                               and rng.random() < 0.5) else "laid_off"
                    event = ({"type": kind, "seat": seat, "meld": m.id, "card": c.code} if kind == "joker_swapped"
                             else {"type": kind, "seat": seat, "meld": m.id, "cards": [c.code]})
                    nxt = _try(state, event)
                    if nxt is not None and (nxt.phase == "over" or _has_discard(nxt, seat)):
                        push(event)
                        break
                if not state.in_hand:
                    break
            if not state.in_hand:
                break
            choices = [c for c in state.hands[seat] if _try(state, {"type": "discarded", "seat": seat,
                                                                     "card": c.code}) is not None]
            push({"type": "discarded", "seat": seat, "card": rng.choice(choices).code})
    return log


def _has_discard(state: GameState, seat: int) -> bool:
    return any(may_discard(state.this_turn, c) for c in state.hands[seat])
