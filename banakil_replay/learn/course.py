"""The exercises of a course: every kind, its hand-picked items and its self-play items, by seed.

:func:`exercises` yields exercises of the kinds asked for in turn (one of each kind, then the
next of each), each kind alternating between the sources' examples (shuffled by the seed) and
positions from seeded self-play, which never run out. An exercise's id is known before its
position is dealt, so items already done are skipped without playing their hand. The same rule
set, kinds and seed always give the same exercises in the same order. With ``lesson=N`` only
exercises within the topics lessons 1 to N teach are given (:mod:`.topics`), and ``first`` puts
one exercise (the one a lesson's text asks) before the rest.

>>> from ..rules import get_ruleset
>>> first = next(exercises(get_ruleset("classic"), ["is-meld"], seed=0))
>>> first.kind, first.check(first.answer_text()).right
('is-meld', True)
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain, count
from typing import Any, Callable, Iterable, Iterator, NamedTuple, Sequence

from ..cards import parse_cards
from ..events import Discarded
from ..errors import MalformedInputError
from ..i18n import N_, _
from ..melds import analyze_meld
from ..play.search.candidates import meld_candidates
from ..hand_end import seat_inputs
from ..reducer import Replay
from ..rules import Ruleset, get_ruleset
from ..scoring import HandInput, Number, match_status
from ..seats import sides_of
from ..state import GameState
from ..play.seeds import lesson_seed
from .meld_exercises import IsMeld, LayOff, MakeMeld
from .model import Exercise
from .topics import LESSONS, taught_by, topics_of
from .positions import LAY_OFF_EXAMPLES, MAKE_MELD_EXAMPLES, MELD_EXAMPLES, played_hand, players_for, \
    self_play_origin, worked_examples, worked_origin
from .score_exercises import MatchWinner, ScoreHand
from .turn_exercises import Discard, TakePile

AnyExercise = Exercise[Any]  # exercises of every answer type, side by side
Dealer = Callable[[], Replay]
ATTEMPTS = 4  # self-play hands tried for one item before it is left out (a hand may lack the position)
GIVE_UP = 25  # self-play items in a row left out before a kind is taken to have no more to give


class Kind(NamedTuple):
    """One kind of exercise: its name, its title, its hand-picked items and how to find one in play."""

    name: str
    title: str
    picked: Callable[[Ruleset], list[AnyExercise]]
    from_play: Callable[[Ruleset, random.Random, Dealer, str], AnyExercise | None]


def _origin(state: GameState) -> str:
    return self_play_origin(state.rules.name if state.rules else "?", state.n, state.seq)


def _in_play(rp: Replay) -> list[GameState]:
    return [s for s in rp.states if s.in_hand]


# ------------------------------------------------------------------- melds
def _picked_is_meld(rules: Ruleset) -> list[AnyExercise]:
    return [IsMeld(f"is-meld/{rules.name}/{p.cards.replace(' ', '-')}", rules, p.origin, parse_cards(p.cards))
            for p in MELD_EXAMPLES]


def _play_is_meld(rules: Ruleset, rng: random.Random, deal: Dealer, id: str) -> AnyExercise | None:
    rp = deal()
    state = rng.choice(_in_play(rp))
    hand = state.hands[state.turn]
    candidates = meld_candidates(hand, rules)
    if not candidates:
        return None
    cards = list(rng.choice(candidates))
    others = list((Counter(hand) - Counter(cards)).elements())
    if others and rng.random() < 0.6:  # one card changed: sometimes still a meld, often not
        cards[rng.randrange(len(cards))] = rng.choice(others)
    return IsMeld(id, rules, _origin(state), tuple(cards))


def _picked_make_meld(rules: Ruleset) -> list[AnyExercise]:
    return [MakeMeld(f"make-meld/{rules.name}/{p.cards.replace(' ', '-')}", rules, p.origin, parse_cards(p.cards))
            for p in MAKE_MELD_EXAMPLES]


def _play_make_meld(rules: Ruleset, rng: random.Random, deal: Dealer, id: str) -> AnyExercise | None:
    rp = deal()
    state = rng.choice(_in_play(rp))
    hand = state.hands[state.turn]
    legal = [m for m in meld_candidates(hand, rules) if analyze_meld(m, rules).valid]
    if not legal:
        return None
    meld = rng.choice(legal)
    rest = list((Counter(hand) - Counter(meld)).elements())
    cards = list(meld) + rng.sample(rest, min(len(rest), rng.randint(3, 5)))
    rng.shuffle(cards)
    return MakeMeld(id, rules, _origin(state), tuple(cards))


def _picked_lay_off(rules: Ruleset) -> list[AnyExercise]:
    out: list[AnyExercise] = []
    for p in LAY_OFF_EXAMPLES:
        check = analyze_meld(parse_cards(p.meld), rules)
        if check.meld is not None:  # the source's meld is a meld under these rules (all are, today)
            out.append(LayOff(f"lay-off/{rules.name}/{p.meld.replace(' ', '-')}", rules, p.origin, check.meld,
                              parse_cards(p.hand)))
    return out


def _play_lay_off(rules: Ruleset, rng: random.Random, deal: Dealer, id: str) -> AnyExercise | None:
    rp = deal()
    pairs = [(s, m) for s in _in_play(rp) if s.phase == "meld" for m in s.melds if m.owner == s.turn]
    if not pairs:
        return None
    want_fit = rng.random() < 0.75  # mostly a position where something fits
    rng.shuffle(pairs)
    chosen = pairs[0]
    for state, table in pairs[:12]:
        ex = LayOff(id, rules, _origin(state), table.meld, state.hands[state.turn])
        if bool(ex.fitting()) == want_fit:
            return ex
    state, table = chosen
    return LayOff(id, rules, _origin(state), table.meld, state.hands[state.turn])


# -------------------------------------------------------------- a turn in play
def _play_discard(rules: Ruleset, rng: random.Random, deal: Dealer, id: str) -> AnyExercise | None:
    rp = deal()
    before = [rp.states[i] for i in range(len(rp.states) - 1)
              if isinstance(rp.events[i + 1], Discarded) and rp.states[i].phase == "meld"]
    took = [s for s in before if s.this_turn.took_count]
    pool = took if took and rng.random() < 0.7 else before  # mostly a turn that took from the pile
    if not pool:
        return None
    state = rng.choice(pool)
    return Discard(id, rules, _origin(state), state)


def _play_take(rules: Ruleset, rng: random.Random, deal: Dealer, id: str) -> AnyExercise | None:
    rp = deal()
    may = [s for s in _in_play(rp) if s.phase == "draw" and len(s.discard) >= 2]
    may_not = [s for s in _in_play(rp) if s.phase == "meld" and s.discard]  # already drawn (or the starter)
    pool = may_not if may_not and rng.random() < 0.25 else may
    if not pool:
        return None
    state = rng.choice(pool)
    depth = rng.randint(1, min(len(state.discard), 6))
    return TakePile(id, rules, _origin(state), state, state.discard[-depth])


# ------------------------------------------------------------------- scores
def _picked_score(rules: Ruleset) -> list[AnyExercise]:
    out: list[AnyExercise] = []
    for ex in worked_examples(rules):
        hand = HandInput.from_json(ex["input"], rules)
        origin = worked_origin(ex["source"], ex["section"])
        for side in range(len(sides_of(hand.n))):
            out.append(ScoreHand(f"score-hand/{rules.name}/{ex['id']}/{side}", rules, origin, hand, side,
                                 tuple(ex.get("seat_names", ()))))
    return out


def _play_score(rules: Ruleset, rng: random.Random, deal: Dealer, id: str) -> AnyExercise | None:
    rp = deal()
    end = rp.final
    if end.hand_score is None or end.hand_score.dead:
        return None
    hand = HandInput(end.n, end.went_out, end.all_at_once, seat_inputs(end, rules))
    return ScoreHand(id, rules, _origin(end), hand, rng.randrange(len(sides_of(end.n))))


def _hand_row(rng: random.Random, n_sides: int, halves: bool) -> list[Number]:
    """One hand's side scores, as hands go: one side went out and did well, the others less so."""
    out = rng.randrange(n_sides)
    row: list[Number] = [rng.randint(20, 65) if s == out else rng.randint(-20, 12) for s in range(n_sides)]
    return [v + rng.choice((0, 0.5)) if halves else v for v in row]


def sheet(rules: Ruleset, players: int, rng: random.Random) -> tuple[tuple[Number, ...], ...]:
    """A score sheet up to some point of a match: to its end, cut short, or with two sides passing
    the target in the same hand (the case where the rule sets' ends differ)."""
    target, n_sides = rules.target(players), len(sides_of(players))
    halves = rules.rounding == "none"
    plan = rng.choice(("to the end", "cut short", "both pass"))
    cut = rng.randint(2, 9)
    rows: list[list[Number]] = []
    totals: Sequence[Number] = [0] * n_sides
    while len(rows) < 40:
        lead = sorted(range(n_sides), key=lambda s: -totals[s])[:2]
        if plan == "both pass" and all(totals[s] >= target - 60 for s in lead):
            gap = rng.choice((0, 2, 5, 6, 9, 15))
            top = target + gap + rng.randint(0, 10)
            row: list[Number] = [rng.randint(-20, 5) for _ in range(n_sides)]
            row[lead[0]], row[lead[1]] = top - totals[lead[0]], top - gap - totals[lead[1]]
            rows.append(row)
            break
        row = _hand_row(rng, n_sides, halves)
        status = match_status(rules, players, rows + [row])
        if plan == "cut short" and len(rows) >= cut and not status.over:
            break
        if plan == "cut short" and status.over and len(rows) >= 2:
            break  # stop before the hand that ends it
        rows.append(row)
        totals = status.totals
        if status.over:
            break
    return tuple(tuple(r) for r in rows)


def _play_winner(rules: Ruleset, rng: random.Random, deal: Dealer, id: str) -> AnyExercise | None:
    players = rng.choice(rules.player_counts)
    rows = sheet(rules, players, rng)
    if not rows:
        return None
    return MatchWinner(id, rules, "a score sheet dealt from the seed", players, rows)


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("is-meld", N_("is it a meld?"), _picked_is_meld, _play_is_meld),
    Kind("make-meld", N_("make a meld"), _picked_make_meld, _play_make_meld),
    Kind("lay-off", N_("adding to a meld"), _picked_lay_off, _play_lay_off),
    Kind("discard", N_("what may you discard?"), lambda rules: [], _play_discard),
    Kind("take-pile", N_("taking from the pile"), lambda rules: [], _play_take),
    Kind("score-hand", N_("scoring a hand"), _picked_score, _play_score),
    Kind("match-winner", N_("who won the match?"), lambda rules: [], _play_winner),
)}


def hand_seed(seed: int, index: int, attempt: int) -> int:
    """The deal for self-play item ``index``: shared by every kind, so one played hand serves them all."""
    return lesson_seed("deal", seed, index, attempt)


Topics = frozenset[str] | None  # the topics a lesson has taught so far; None: every topic


def _within(ex: AnyExercise, allowed: Topics) -> bool:
    return allowed is None or topics_of(ex) <= allowed


def _from_play(kind: Kind, rules: Ruleset, seed: int, index: int, allowed: Topics = None) -> AnyExercise | None:
    id = f"{kind.name}/{rules.name}/play-{seed}-{index}"
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"{kind.name}/{rules.name}/{seed}/{index}/{attempt}")
        deal_seed = hand_seed(seed, index, attempt)
        ex = kind.from_play(rules, rng, lambda: played_hand(rules, deal_seed), id)
        if ex is not None and _within(ex, allowed):
            return ex
    return None


def _stream(kind: Kind, rules: Ruleset, seed: int, done: frozenset[str],
            allowed: Topics = None) -> Iterator[AnyExercise]:
    picked = [ex for ex in kind.picked(rules) if _within(ex, allowed)]
    random.Random(f"{kind.name}/{rules.name}/{seed}").shuffle(picked)
    misses = 0
    for index in count():
        # items done are left out where they stand, so progress never reorders what is left
        if index < len(picked) and picked[index].id not in done:
            yield picked[index]
        if f"{kind.name}/{rules.name}/play-{seed}-{index}" in done:
            continue
        ex = _from_play(kind, rules, seed, index, allowed)
        if ex is None:
            misses += 1
            if misses >= GIVE_UP and index >= len(picked):
                return
            continue
        misses = 0
        yield ex


def exercises(rules: str | Ruleset, kinds: str | Iterable[str] | None = None, seed: int = 0,
              done: Iterable[str] = (), lesson: int | None = None,
              first: str | AnyExercise | None = None) -> Iterator[AnyExercise]:
    """Exercises of these kinds (default: all) under ``rules``, one kind after another, without end.

    ``rules`` is a rule set or its name (``"classic"``), as ``ExerciseWidget`` takes it; ``kinds``
    one kind or several. ``done`` holds ids to leave out (the items a learner has already got right).
    ``lesson``: only exercises on what lessons 1 to ``lesson`` teach. ``first``: an exercise, or the
    id of one of the sources' examples, to ask before the others (a lesson's own question).
    """
    rules = get_ruleset(rules)  # an unknown name is refused here, naming the known ones
    names = list(KINDS) if kinds is None else [kinds] if isinstance(kinds, str) else list(kinds)
    unknown = [k for k in names if k not in KINDS]
    if unknown:
        raise MalformedInputError(_("unknown exercise kind {kind}; known: {kinds}").format(
            kind=repr(unknown[0]), kinds=", ".join(KINDS)))
    if lesson is not None and lesson not in LESSONS:
        raise MalformedInputError(_("there is no lesson {lesson}: the lessons are numbered {first} to {last}")
                                  .format(lesson=lesson, first=LESSONS[0], last=LESSONS[-1]))
    skip = frozenset(done)
    allowed = None if lesson is None else taught_by(lesson)
    rest = _in_turn([_stream(KINDS[k], rules, seed, skip, allowed) for k in names])
    if first is None:
        return rest
    head = first if isinstance(first, Exercise) else _picked_by_id(first, rules, names)
    if not _within(head, allowed):
        raise MalformedInputError(f"exercise {head.id!r} asks about {', '.join(sorted(topics_of(head)))}, "
                                  f"not all taught by lesson {lesson}")
    return chain([] if head.id in skip else [head], (ex for ex in rest if ex.id != head.id))


def _picked_by_id(id: str, rules: Ruleset, kinds: list[str]) -> AnyExercise:
    for name in kinds:
        for ex in KINDS[name].picked(rules):
            if ex.id == id:
                return ex
    raise MalformedInputError(f"no exercise {id!r} among the sources' examples of {', '.join(kinds)}")


def _in_turn(streams: list[Iterator[AnyExercise]]) -> Iterator[AnyExercise]:
    """One item of each stream in turn, dropping a stream when it runs out."""
    while streams:
        for stream in list(streams):
            ex = next(stream, None)
            if ex is None:
                streams.remove(stream)
            else:
                yield ex


__all__ = ["Kind", "KINDS", "exercises", "sheet", "hand_seed"]
