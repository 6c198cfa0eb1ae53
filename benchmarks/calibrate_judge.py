"""Calibrate the review's judge against games played out to the end of the hand.

Run: ``PYTHONPATH=. python3 benchmarks/calibrate_judge.py [--out FILE] [--k 100] [--policy heuristic]
[--cache FILE]`` (the defaults take a few minutes on one core; see ``--help`` for larger runs).

The judge predicts, for a decision, the points the move played loses against its best move: it
plays each move in deals sampled from the deciding seat's observation until the seat's next turn
is over, then scores the position with the fitted estimate ``expert.leaf_values``. Two judges can
be asked: ``--judge review`` (the default, ``review.judge``'s two stages: the leader chosen among
the candidates in a few deals, its loss against the move played measured in fresh deals; rebuilt
here from ``judge.py``'s public parts, with the review's seeds, so that the line of the move played
that the estimate kept is known) or ``--judge playouts`` (``review.playouts``: every candidate in
the same deals, the loss the best average less the move's, ``Playouts.fair``'s line for a meld;
``--raw`` without it).

This script checks the prediction the slow way. Where the judge's best move is not the move
played, both lines (the recommended move, and the move played, with the discard the judge gave
it) are played out **to the end of the hand** in the same ``--k`` deals, sampled from the deciding
seat's observation (``Observation.sample``: the unseen cards dealt again, consistently with what
the seat knew), every seat then played by ``--policy``: ``heuristic`` (``bots.HeuristicBot`` on every
seat, the default: the bot the expert plays against, and not the policy the judge imagines),
``rollout`` (``rollout.play_out`` to the hand's end: the judge's own policy, which isolates the
leaf estimate and the horizon), or ``rollout-seat`` / ``heuristic-seat`` (that policy for the
deciding seat, the other for the rest: the seat's own play told from its opponents').
``--also-policy`` plays the same lines out with other policies too, reported beside. The
played-out difference is the deciding side's hand score less the others' (their mean at three
players), recommended line minus played line, paired by deal: its mean and a 95% interval (normal,
from the paired differences). The stock order is part of the deal, so both lines draw the same
cards, though a line that takes from the pile soon draws other cards than its rival.

Positions: by default every decision of the first two hands of a classic two-player HeuristicBot
self-play match (``play_match("classic", 2, make_bots("heuristic", 2, 5), seed=5, max_hands=2)``),
plus Dana's run in ``sample_games/classic_dana_ravi.jsonl`` (seq 3). ``--match-seeds`` takes other
matches, ``--logs FILE...`` logs instead (e.g. ``sample_games/selfplay/classic_2p.jsonl``),
``--hands N`` the hands read from each, ``--max-positions N`` the decisions judged (evenly spread),
``--played melded`` only decisions of that type, ``--only 'hold the meld' --min-loss 1`` plays out
only the positions where the judge says to hold a meld the player laid, at a loss of 1 or more.

The report: sign agreement (among positions whose played-out interval excludes 0, the share where
the recommended line really is better), mean error (predicted loss less played-out difference,
with a 95% interval over positions), the held-meld positions (the judge says hold a meld the
player laid, or lay one the player held) and the list of positions where judge and play disagree,
with the kinds of move involved. JSON to ``--out``, a short text to stdout, progress on stderr.
Deterministic given ``--seed`` (and the code): the judge's deals are the review's own (they depend
on the log, the position and ``--judge-seed``), the played-out deals on ``--seed``.

``--cache FILE`` keeps the verdicts (per position, judge and version of the code they depend on)
and the played-out scores of every line (per position, policy, seed and ``--k``), so a run after a
change to the judge plays out only the lines it has not met before; ``--positions-from`` takes the
positions of earlier runs (``--out`` files), e.g. the held-meld positions a long scan found.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Sequence, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout without installing

from banakil_replay.events import (Discarded, Drew, Event, JokerSwapped, LaidOff, Melded, Reshuffled,  # noqa: E402
                                   Took, event_to_json, parse_event)
from banakil_replay.play.analysis import review as review_mod  # noqa: E402
from banakil_replay.play.bots.selfplay import HeuristicBot, as_recorded, decide, make_bots, play_match  # noqa: E402
from banakil_replay.errors import IllegalMoveError  # noqa: E402
from banakil_replay.play.bots.expert import Deals, Tally, outcome  # noqa: E402
from banakil_replay.play.search.going_out import go_out_plan  # noqa: E402
from banakil_replay.play.bots.expert import REVIEW_DEALS  # noqa: E402
from banakil_replay.play.analysis.judge import MAX_DEALS, SELECT_DEALS, candidate_moves, estimate, select  # noqa: E402
from banakil_replay.play.bots.expert import play as expert_play  # noqa: E402
from banakil_replay.play.moves import Move, Option, is_move, move_key  # noqa: E402
from banakil_replay.play.observation import Observation, observe  # noqa: E402
from banakil_replay.play.coach.options import options  # noqa: E402
from banakil_replay.play.bots.rollout import draw_move, finish_turn, play_out, step  # noqa: E402
from banakil_replay.reducer import Replay, replay  # noqa: E402
from banakil_replay.state import GameState  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DANA = (str(ROOT / "sample_games" / "classic_dana_ravi.jsonl"), 3)
MAX_EVENTS = 3_000  # a hand this long is a loop: scored as it stands (it never happens in classic)
Z = 1.96


# ------------------------------------------------------------------ positions
@lru_cache(maxsize=64)
def load(source: str) -> Replay:
    """A source is a log file, or ``selfplay:RULES:PLAYERS:SEED:HANDS`` (a HeuristicBot match)."""
    if source.startswith("selfplay:"):
        _, rules, players, seed, hands = source.split(":")
        log = play_match(rules, int(players), make_bots("heuristic", int(players), int(seed)), seed=int(seed),
                         max_hands=int(hands))
        return replay(log)
    return replay([json.loads(line) for line in Path(source).read_text(encoding="utf-8").splitlines() if line.strip()])


def decisions(source: str, hands: int | None, kinds: Sequence[str] = ()) -> list[int]:
    """The decisions of the first ``hands`` hands (all with None), of the event types ``kinds`` (all if empty)."""
    rp = load(source)
    return [i for i, e in enumerate(rp.events)
            if i > 0 and is_move(e) and (hands is None or rp.states[i - 1].hand_no <= hands)
            and (not kinds or e.type in kinds)]


def spread(items: list[Any], n: int | None) -> list[Any]:
    """At most ``n`` of ``items``, evenly spread (all of them when ``n`` is None)."""
    if n is None or n >= len(items):
        return items
    return [items[round(k * (len(items) - 1) / max(n - 1, 1))] for k in range(n)] if n > 0 else []


# ------------------------------------------------------------------ move kinds
def meld_shape(ev: Melded) -> str:
    """``run of 7``, ``set of 3``: a set's naturals share one rank."""
    kind = "set" if len({c.rank for c in ev.cards if c.is_natural}) == 1 else "run"
    return f"{kind} of {len(ev.cards)}"


def holds(hand: Sequence[Any], discard: Move, meld: Move) -> bool:
    """Is ``discard`` a discard that keeps every card of the meld ``meld`` in hand?"""
    if not isinstance(discard, Discarded) or not isinstance(meld, Melded):
        return False
    rest = list(hand)
    for c in (discard.card, *meld.cards):
        if c not in rest:
            return False
        rest.remove(c)
    return True


def category(before: GameState, seat: int, played: Sequence[Move], best: Sequence[Move]) -> str:
    """The kinds of move the judge and the player chose between, in words."""
    hand = before.hands[seat]
    p, b = played[0], best[0]
    if isinstance(p, Melded) and any(holds(hand, ev, p) for ev in best if isinstance(ev, Discarded)):
        return f"hold the meld (played: melded a {meld_shape(p)}; judge: hold it)"
    if isinstance(b, Melded) and holds(hand, p, b):
        return f"lay the meld (played: held a {meld_shape(b)}; judge: meld it)"
    names = {Drew: "draw", Took: "take", Melded: "meld", LaidOff: "lay-off", JokerSwapped: "joker swap",
             Discarded: "discard", Reshuffled: "reshuffle"}
    return f"{names.get(type(p), p.type)} vs {names.get(type(b), b.type)}"


# ------------------------------------------------------------------ playing out
POLICIES = ("heuristic", "rollout", "rollout-seat", "heuristic-seat")


def finish(state: GameState, policy: str, rng: random.Random, seat: int = -1) -> GameState:
    """The hand played to its end by ``policy``: ``heuristic`` or ``rollout`` on every seat, or
    ``rollout-seat`` (the deciding ``seat`` by the rollout policy, the others by HeuristicBot) or
    ``heuristic-seat`` (the other way round), which tell the seat's own play from its opponents'."""
    if policy == "rollout":
        return play_out(state, rng)
    bot = HeuristicBot()
    n = 0
    while state.in_hand and n < MAX_EVENTS:
        fast = (state.turn == seat) == (policy == "rollout-seat") if policy != "heuristic" else False
        if fast:
            if state.phase == "draw":
                event: Event = draw_move(state)
                if isinstance(event, Reshuffled):
                    event = as_recorded(event, state, rng)
                state = step(state, event)
            else:
                state = finish_turn(state)
            n += 1
            continue
        event = decide(bot, observe(state, state.turn)).event
        if isinstance(event, Reshuffled):
            event = as_recorded(event, state, rng)
        state = step(state, event)
        n += 1
    return state


def line_scores(obs: Observation, line: Sequence[Move], side: int, k: int, seed: str, policy: str) -> list[float]:
    """The side's hand score less the others', the line then ``policy`` to the hand's end, in each of ``k`` deals."""
    rng = random.Random(seed)
    out = []
    for _ in range(k):
        deal = obs.sample(rng)
        play_rng = random.Random(rng.getrandbits(64))
        s = deal
        for ev in line:
            s = step(s, ev)
        final = finish(s, policy, play_rng, obs.seat)
        ours, theirs, _ = outcome(final, side)
        out.append(ours - theirs)
    return out


def mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    if not xs:
        return 0.0, 0.0, 0.0
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, m, m
    half = Z * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


def line_key(line: Sequence[Move]) -> str:
    return json.dumps([list(map(str, move_key(ev))) for ev in line])


@dataclass(frozen=True)
class Job:
    source: str
    index: int
    judge: str  # "review" (review.judge's two stages) or "playouts" (review.playouts, Playouts.fair)
    deals: int  # the judge's: playouts' deals, or the review estimate's most fresh deals
    k: int
    policy: str
    seed: int
    raw: bool = False
    only: str = ""  # play out only positions whose category starts with this (others are left out)
    min_loss: float = 0.0  # ... and whose predicted loss is at least this
    fresh: int = 0  # fresh deals the judge's evaluation of the two lines is repeated in (0: not repeated)
    judge_seed: int = 0  # review.judge's seed
    also: tuple[str, ...] = ()  # other policies the two lines are played out with too (reported beside)
    lines: str = ""  # given lines to judge (JSON: seat, lines, and the row's words), instead of the judge's own


@dataclass
class Judged:
    """What the judge said at one decision, whichever judge it was."""

    obs: Observation
    before: GameState
    seat: int
    best_line: list[Move]
    played_line: list[Move]
    best: Tally
    mine: Tally
    loss: float  # predicted: best line less played line, in points
    low: float  # the low end of its interval (the loss itself for the playouts judge)
    raw_loss: float
    candidates: int
    deals: int


def by_playouts(rp: Replay, index: int, deals: int, raw: bool) -> Judged | None:
    """``review.playouts``: every candidate in the same ``deals`` deals; the loss is the best value
    less the move's (``Playouts.fair``'s line for a meld, unless ``raw``)."""
    event = review_mod.decision(rp, index)
    po = review_mod.playouts(rp, index, deals)
    if po is None:
        return None
    played_t = po.tally(event)
    best = po.best
    raw_loss = best.value - played_t.value
    mine = played_t
    if not raw:
        mine = po.fair(event)[1]
    loss = best.value - mine.value
    return Judged(po.obs, po.before, po.seat, [best.option.event, *best.then], [event, *mine.then], best, mine,
                  loss, loss, raw_loss, len(po.tallies), po.deals)


_keeps_way_out = review_mod._keeps_way_out  # the review's own tests, so the lines match its verdicts
_played_lines = review_mod._played_lines


def by_review(rp: Replay, index: int, deals: int, seed: int) -> Judged | None:
    """``review.judge``'s two stages, with its deals: the leader chosen among the candidates in
    ``judge.SELECT_DEALS`` deals, its edge over the move played measured in fresh deals (up to
    ``deals``). Rebuilt from ``judge.py``'s public parts to learn which line of the move played the
    estimate kept (the verdict does not say); ``--check-review`` compares the loss with ``review.judge``'s."""
    event = review_mod.decision(rp, index)
    before = rp.states[index - 1]
    seat = getattr(event, "seat", before.turn)
    obs = observe(before, seat, rp.events[:index])
    stand_in = obs.stand_in()
    opts = options(stand_in)
    if len(opts.options) <= 1:
        return None
    plan = go_out_plan(stand_in) if stand_in.phase == "meld" else None
    played = opts.find(event) or Option(event, review_mod.describe(event), "")
    way_out = [o for o in [opts.find(plan[0])] if o is not None] if plan else []
    key = f"review/{seed}/{event.seq}"
    moves = candidate_moves(opts, [played, *way_out])
    ranked = select(obs, moves, f"{key}/select", min(SELECT_DEALS, deals))
    leader = ranked[0].option
    if plan and way_out and not _keeps_way_out(stand_in, event):
        leader = way_out[0]
    mine_sel = next(t for t in ranked if move_key(t.option.event) == move_key(event))
    if move_key(leader.event) == move_key(event):
        return Judged(obs, before, seat, [event], [event], mine_sel, mine_sel, 0.0, 0.0, 0.0, len(moves), 0)
    est = estimate(obs, leader, _played_lines(stand_in, seat, played, leader), f"{key}/estimate", deals)
    best_sel = next(t for t in ranked if move_key(t.option.event) == move_key(leader.event))
    return Judged(obs, before, seat, [leader.event], [event, *est.other.then], est.better, est.other, est.mean,
                  est.low, best_sel.value - mine_sel.value, len(moves), est.n)


def source_name(source: str) -> str:
    if source.startswith("selfplay:") or not Path(source).is_relative_to(ROOT):
        return source
    return str(Path(source).relative_to(ROOT))


CODE = ("play/bots/expert.py", "play/bots/rollout.py", "play/analysis/judge.py", "play/analysis/review.py", "play/search/solver.py", "play/search/going_out.py",
        "play/search/candidates.py", "play/coach/hints.py", "play/coach/options.py", "reducer.py", "melds.py", "state.py")


@lru_cache(maxsize=None)
def code_tag(parts: tuple[str, ...] = CODE) -> str:
    """A digest of the code a cached result depends on: a change to it makes the cache miss."""
    h = hashlib.sha1()
    for part in parts:
        h.update((ROOT / "banakil_replay" / part).read_bytes())
    return h.hexdigest()[:12]


def judge_row(job: Job) -> dict[str, Any] | None:
    """The judge's verdict at one decision, as a row of the report (None for a forced move)."""
    rp = load(job.source)
    event = review_mod.decision(rp, job.index)
    t0 = time.process_time()
    j = by_review(rp, job.index, job.deals, job.judge_seed) if job.judge == "review" else \
        by_playouts(rp, job.index, job.deals, job.raw)
    if j is None:
        return None
    best_line, played_line = j.best_line, j.played_line
    loss = max(j.loss, 0.0)  # the played line (with its discard) may beat the leader: the judge agrees
    same = line_key(played_line) == line_key(best_line) or j.best is j.mine or loss == 0.0
    return {
        "source": source_name(job.source), "index": job.index, "seq": event.seq, "seat": j.seat,
        "hand_no": j.before.hand_no,
        "played": " then ".join(review_mod.describe(e, True) for e in played_line),
        "recommended": " then ".join(review_mod.describe(e, True) for e in best_line),
        "played_kind": event.type, "recommended_kind": best_line[0].type,
        "category": "same move" if same else category(j.before, j.seat, played_line, best_line),
        "predicted_loss": round(loss, 3), "predicted_low": round(j.low, 3),
        "predicted_selection_loss": round(j.raw_loss, 3),
        "verdict": review_mod.grade(max(0.0, round(j.low, 1))),
        "judge": {"best": round(j.best.value, 3), "played": round(j.mine.value, 3), "deals": j.deals,
                  "candidates": j.candidates, "cpu_s": round(time.process_time() - t0, 2)},
        "lines": {"recommended": [event_to_json(e) for e in best_line],
                  "played": [event_to_json(e) for e in played_line]},
    }


def lines_row(job: Job) -> dict[str, Any]:
    """The judge's estimate of two given lines (``job.lines``: the recommended and the played, as JSON), as
    ``review.judge`` would measure the leader's edge: ``judge.estimate`` in its fresh deals. With
    ``--lines-from`` the lines of an earlier run are judged again after a change to the code, so the
    error is measured on the same two moves before and after."""
    row: dict[str, Any] = json.loads(job.lines)
    rp = load(job.source)
    event = review_mod.decision(rp, job.index)
    before = rp.states[job.index - 1]
    obs = observe(before, row["seat"], rp.events[:job.index])
    rec, played = _line(row, "recommended"), _line(row, "played")
    key = f"review/{job.judge_seed}/{event.seq}"
    t0 = time.process_time()
    est = estimate(obs, Option(rec[0], "", ""), [(Option(played[0], "", ""), tuple(played[1:]))], f"{key}/estimate",
                   job.deals)
    row.update({"predicted_loss": round(est.mean, 3), "predicted_low": round(est.low, 3),
                "verdict": review_mod.grade(max(0.0, round(est.low, 1))),
                "judge": {"best": round(est.better.value, 3), "played": round(est.other.value, 3), "deals": est.n,
                          "cpu_s": round(time.process_time() - t0, 2)}})
    return row


def _line(row: dict[str, Any], name: str) -> list[Move]:
    return [cast(Move, parse_event(e)) for e in row["lines"][name]]


def judge_position(job: Job, cache: dict[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """One decision: the judge's verdict, and both lines played out (None for a forced move or a
    position left out). ``cache`` holds earlier verdicts and played-out lines; the new ones are returned."""
    new: dict[str, Any] = {}
    if job.lines:
        jkey = f"lines|{source_name(job.source)}|{job.index}|{job.deals}|{job.judge_seed}|{job.lines}|{code_tag()}"
    else:
        jkey = (f"judge|{source_name(job.source)}|{job.index}|{job.judge}|{job.deals}|{job.judge_seed}|{job.raw}|"
                f"{code_tag()}")
    if jkey not in cache:
        new[jkey] = lines_row(job) if job.lines else judge_row(job)
    # a copy: the row grows below, the verdict kept in the cache does not (nor one cached with what it grew)
    row = json.loads(json.dumps(cache[jkey] if jkey in cache else new[jkey]))
    for grown in ("played_out", "played_out_by", "error", "judge_fresh", "fresh_error"):
        if row is not None:
            row.pop(grown, None)
    if row is None:
        return None, new
    loss, same = row["predicted_loss"], row["category"] == "same move"
    if (job.only or job.min_loss > 0) and (same or not row["category"].startswith(job.only) or loss < job.min_loss):
        return None, new
    if same:
        row["played_out"] = {"n": 0, "mean": 0.0, "lo": 0.0, "hi": 0.0}
        row["error"] = round(loss, 3)
        return row, new
    rp = load(job.source)
    before = rp.states[job.index - 1]
    obs = observe(before, row["seat"], rp.events[:job.index])
    side = obs.side()
    best_line, played_line = _line(row, "recommended"), _line(row, "played")
    if job.fresh:
        # the judge's own evaluation (same horizon, same leaf) of the two lines in fresh deals: free of the
        # selection of the best among noisy candidates, so predicted - fresh is that selection's share of the error
        pool = Deals(obs, f"calibrate-fresh/{job.seed}/{row['source']}/{job.index}")
        fresh = []
        for i in range(job.fresh):
            a = Tally(Option(best_line[0], "", ""), then=tuple(best_line[1:]))
            b = Tally(Option(played_line[0], "", ""), then=tuple(played_line[1:]))
            for t in (a, b):
                expert_play(pool, t, i, i + 1, side, 0.0)
            fresh.append(a.value - b.value)
        fm, flo, fhi = mean_ci(fresh)
        row["judge_fresh"] = {"n": job.fresh, "mean": round(fm, 3), "lo": round(flo, 3), "hi": round(fhi, 3)}
    m = 0.0
    for policy in (job.policy, *job.also):
        scores = {}
        tag = "bots" if policy == "heuristic" else code_tag(("play/bots/rollout.py",))
        for name, line in (("recommended", best_line), ("played", played_line)):
            key = f"{row['source']}|{job.index}|{policy}|{job.k}|{job.seed}|{line_key(line)}|{tag}"
            if key not in cache:
                new[key] = line_scores(obs, line, side, job.k, f"{job.seed}/{row['source']}/{job.index}", policy)
            scores[name] = cache[key] if key in cache else new[key]
        diffs = [a - b for a, b in zip(scores["recommended"], scores["played"])]
        dm, lo, hi = mean_ci(diffs)
        result = {"n": len(diffs), "mean": round(dm, 3), "lo": round(lo, 3), "hi": round(hi, 3),
                  "sd": round(statistics.stdev(diffs), 3) if len(diffs) > 1 else 0.0,
                  "recommended": round(statistics.fmean(scores["recommended"]), 3),
                  "played": round(statistics.fmean(scores["played"]), 3)}
        if policy == job.policy:
            row["played_out"], m = result, dm
        else:
            row.setdefault("played_out_by", {})[policy] = result
    row["error"] = round(loss - m, 3)
    if job.fresh:
        row["fresh_error"] = round(row["judge_fresh"]["mean"] - m, 3)
    return row, new


def _work(args: tuple[Job, dict[str, Any]]) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    return judge_position(*args)


# ------------------------------------------------------------------ report
from bench_expert import wilson  # noqa: E402  (the same Wilson interval as the expert's win rate)


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    judged = [r for r in rows if r["category"] != "same move"]
    decided = [r for r in judged if r["played_out"]["lo"] > 0 or r["played_out"]["hi"] < 0]
    agree = [r for r in decided if r["played_out"]["lo"] > 0]
    lo, hi = wilson(len(agree), len(decided))
    graded = [r for r in decided if r["predicted_loss"] >= review_mod.AGREE]
    graded_agree = [r for r in graded if r["played_out"]["lo"] > 0]
    glo, ghi = wilson(len(graded_agree), len(graded))
    err = mean_ci([r["error"] for r in judged])
    err_all = mean_ci([r["error"] for r in rows])
    pred = [r["predicted_loss"] for r in judged]
    real = [r["played_out"]["mean"] for r in judged]
    fresh = [r for r in judged if "judge_fresh" in r]
    selection = mean_ci([r["predicted_loss"] - r["judge_fresh"]["mean"] for r in fresh])
    leaf = mean_ci([r["fresh_error"] for r in fresh])
    held = [r for r in judged if r["category"].startswith("hold the meld")]
    laid = [r for r in judged if r["category"].startswith("lay the meld")]

    def group(rs: list[dict[str, Any]]) -> dict[str, Any]:
        d = [r["played_out"]["mean"] for r in rs]
        return {"n": len(rs), "predicted": round(statistics.fmean([r["predicted_loss"] for r in rs]), 3) if rs else 0.0,
                "judge_fresh": round(statistics.fmean([r["judge_fresh"]["mean"] for r in rs]), 3)
                if rs and all("judge_fresh" in r for r in rs) else None,
                "played_out": [round(x, 3) for x in mean_ci(d)],
                "refuted": sum(r["played_out"]["hi"] < 0 for r in rs),
                "confirmed": sum(r["played_out"]["lo"] > 0 for r in rs)}

    others: dict[str, Any] = {}
    for r in judged:
        for policy, po in r.get("played_out_by", {}).items():
            others.setdefault(policy, []).append((r["predicted_loss"] - po["mean"], po["mean"] - r["played_out"]["mean"]))
    by_policy = {p: {"mean_error": [round(x, 3) for x in mean_ci([e for e, _ in v])],
                     "minus_primary": [round(x, 3) for x in mean_ci([d for _, d in v])]} for p, v in others.items()}
    disagree = [r for r in judged if r["played_out"]["hi"] < 0]
    overstated = [r for r in judged if r["played_out"]["hi"] >= 0 and r["played_out"]["hi"] < r["predicted_loss"]
                  and r["predicted_loss"] >= review_mod.ACCEPTABLE]
    kinds: dict[str, int] = {}
    for r in disagree:
        kinds[r["category"].split(" (")[0]] = kinds.get(r["category"].split(" (")[0], 0) + 1
    return {
        "positions": len(rows), "judge_differs": len(judged), "interval_excludes_0": len(decided),
        "sign_agreement": {"agree": len(agree), "of": len(decided),
                           "share": round(len(agree) / len(decided), 3) if decided else None,
                           "wilson95": [round(lo, 3), round(hi, 3)]},
        "sign_agreement_loss_at_least_1": {"agree": len(graded_agree), "of": len(graded),
                                           "wilson95": [round(glo, 3), round(ghi, 3)]},
        "mean_error_where_judge_differs": [round(x, 3) for x in err],
        "mean_error_all_positions": [round(x, 3) for x in err_all],
        "error_from_selection": [round(x, 3) for x in selection],
        "error_fresh_deals": [round(x, 3) for x in leaf],
        "mean_abs_error_where_judge_differs": round(statistics.fmean([abs(r["error"]) for r in judged]), 3) if judged else 0.0,
        "correlation": round(statistics.correlation(pred, real), 3) if len(judged) > 2 and len(set(pred)) > 1
        and len(set(real)) > 1 else None,
        "other_policies": by_policy,
        "hold_the_meld": group(held), "lay_the_meld": group(laid),
        "disagree": [{k: r[k] for k in ("source", "seq", "seat", "played", "recommended", "category",
                                        "predicted_loss", "played_out")} for r in disagree],
        "disagree_kinds": kinds,
        "overstated": [{k: r[k] for k in ("source", "seq", "played", "recommended", "category", "predicted_loss",
                                          "played_out")} for r in overstated],
    }


def text(summary: dict[str, Any], config: dict[str, Any]) -> str:
    s = summary
    sa = s["sign_agreement"]
    out = [f"{s['positions']} decisions judged ({config['judge']} judge, {config['deals']} deals); the judge's best move differs from "
           f"the one played in {s['judge_differs']}; played out to the hand's end ({config['policy']} on every seat, "
           f"{config['k']} deals each): the interval excludes 0 in {s['interval_excludes_0']}",
           f"sign agreement: {sa['agree']}/{sa['of']}" + (f" = {sa['share']:.0%} (95% {sa['wilson95'][0]:.0%}-"
                                                          f"{sa['wilson95'][1]:.0%})" if sa["of"] else ""),
           "  of which the judge's loss is 1 or more (not 'agree'): {}/{}".format(
               s["sign_agreement_loss_at_least_1"]["agree"], s["sign_agreement_loss_at_least_1"]["of"]),
           "mean error (predicted loss - played-out difference) where the judge differs: "
           "{:+.2f} (95% {:+.2f} to {:+.2f}); over all positions {:+.2f} ({:+.2f} to {:+.2f})".format(
               *s["mean_error_where_judge_differs"], *s["mean_error_all_positions"]),
           f"mean |error| {s['mean_abs_error_where_judge_differs']:.2f}; correlation of predicted and played out: "
           f"{s['correlation']}"]
    for policy, o in s.get("other_policies", {}).items():
        out.append("  played out by {} instead: mean error {:+.2f} ({:+.2f} to {:+.2f}); its played-out difference less "
                   "{}'s {:+.2f} ({:+.2f} to {:+.2f})".format(policy, *o["mean_error"], config["policy"], *o["minus_primary"]))
    if config.get("fresh"):
        out.append("  of which the choice of the best among noisy candidates (predicted - the same two lines judged in "
                   "fresh deals): {:+.2f} ({:+.2f} to {:+.2f}); the rest, horizon, leaf and policy (fresh - played out): "
                   "{:+.2f} ({:+.2f} to {:+.2f})".format(*s["error_from_selection"], *s["error_fresh_deals"]))
    for name, key in (("hold a meld the player laid", "hold_the_meld"), ("lay a meld the player held", "lay_the_meld")):
        g = s[key]
        if g["n"]:
            fresh = f" (in fresh deals {g['judge_fresh']:+.2f})" if g["judge_fresh"] is not None else ""
            out.append(f"judge says {name}: {g['n']} positions, predicted {g['predicted']:+.2f}{fresh}, played out "
                       f"{g['played_out'][0]:+.2f} ({g['played_out'][1]:+.2f} to {g['played_out'][2]:+.2f}); "
                       f"refuted {g['refuted']}, confirmed {g['confirmed']}")
    if s["disagree"]:
        out.append("judge and play disagree (the recommended line is worse, interval below 0):")
        for r in s["disagree"]:
            po = r["played_out"]
            out.append(f"  {r['source']} seq {r['seq']}: played {r['played']}; judge: {r['recommended']} "
                       f"(+{r['predicted_loss']:.1f}); played out {po['mean']:+.1f} ({po['lo']:+.1f} to {po['hi']:+.1f}) "
                       f"[{r['category']}]")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--logs", nargs="+", help="logs to take decisions from (default: a classic self-play match)")
    ap.add_argument("--match-seeds", type=int, nargs="+", default=[5],
                    help="self-play matches (classic, 2 players, HeuristicBot) to take decisions from (default 5)")
    ap.add_argument("--rules", default="classic")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--hands", type=int, default=2, help="hands of each log or match (default 2; 0: all)")
    ap.add_argument("--no-dana", action="store_true", help="leave out Dana's run (classic_dana_ravi.jsonl, seq 3)")
    ap.add_argument("--positions-from", type=Path, nargs="+", metavar="RESULTS",
                    help="the positions of earlier runs' --out files instead (e.g. to replay them after a change)")
    ap.add_argument("--lines-from", type=Path, nargs="+", metavar="RESULTS",
                    help="judge again the two lines of every played-out position of earlier runs' --out files "
                    "(the judge's estimate of those same moves, e.g. before and after a change to the code)")
    ap.add_argument("--max-positions", type=int, help="decisions judged, evenly spread (default: all)")
    ap.add_argument("--judge", choices=("review", "playouts"), default="review",
                    help="review: review.judge's two stages (the leader chosen in a few deals, its loss measured in "
                    "fresh ones; the default); playouts: review.playouts and Playouts.fair (every candidate in the "
                    "same deals, the loss the best average less the move's)")
    ap.add_argument("--deals", type=int, help=f"the judge's deals (default: review's most fresh deals, {MAX_DEALS}; "
                    f"playouts: {REVIEW_DEALS})")
    ap.add_argument("--judge-seed", type=int, default=0, help="review.judge's seed (default 0, the review's)")
    ap.add_argument("-k", "--k", type=int, default=100, help="deals each line is played out in (default 100)")
    ap.add_argument("--policy", choices=POLICIES, default="heuristic",
                    help="who plays every seat to the hand's end (default heuristic: HeuristicBot; rollout: the "
                    "judge's fast policy; rollout-seat / heuristic-seat: that one for the deciding seat, the other "
                    "for the rest)")
    ap.add_argument("--also-policy", nargs="+", default=[], choices=POLICIES,
                    help="also play both lines out with these policies, reported beside (in the same deals)")
    ap.add_argument("--raw", action="store_true", help="the raw loss (best - played), not Playouts.fair's")
    ap.add_argument("--played", nargs="+", default=[], metavar="TYPE",
                    help="judge only decisions of these event types (e.g. melded), before anything is played out")
    ap.add_argument("--only", default="", help="play out only positions whose category starts with this "
                    "(e.g. 'hold the meld'); the others are left out of the report")
    ap.add_argument("--min-loss", type=float, default=0.0, help="... and whose predicted loss is at least this")
    ap.add_argument("--fresh", type=int, help="fresh deals the judge's evaluation of both lines is repeated in, to "
                    "tell the selection of the best (noise) from the leaf and horizon (default: 100 with --judge "
                    "playouts, 0 with review, whose loss is measured in fresh deals already)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the played-out deals")
    ap.add_argument("--jobs", type=int, default=1, help="processes (the machine has 2 cores, shared)")
    ap.add_argument("--cache", type=Path, help="verdicts and played-out line scores kept here between runs (JSON; "
                    "a verdict is kept per version of the code it depends on)")
    ap.add_argument("--out", type=Path, help="write the results here (JSON)")
    args = ap.parse_args(argv)
    if args.deals is None:
        args.deals = MAX_DEALS if args.judge == "review" else REVIEW_DEALS
    if args.fresh is None:
        args.fresh = 100 if args.judge == "playouts" else 0

    hands = args.hands or None
    sources = list(args.logs) if args.logs else [f"selfplay:{args.rules}:{args.players}:{s}:{hands or 100}"
                                                 for s in args.match_seeds]
    positions = [(src, i) for src in sources for i in decisions(src, hands, args.played)]
    positions = spread(positions, args.max_positions)
    if not args.no_dana:
        positions.append(DANA)
    given: dict[tuple[str, int], str] = {}
    if args.lines_from:
        positions = []
        for path in args.lines_from:
            for r in json.loads(path.read_text(encoding="utf-8"))["positions"]:
                if r["category"] == "same move":
                    continue
                src = r["source"] if r["source"].startswith("selfplay:") else str(ROOT / r["source"])
                keep = ("source", "index", "seq", "seat", "hand_no", "played", "recommended", "played_kind",
                        "recommended_kind", "category", "lines")
                given[(src, r["index"])] = json.dumps({k: r[k] for k in keep}, ensure_ascii=False)
                positions.append((src, r["index"]))
    if args.positions_from:
        positions = []
        for path in args.positions_from:
            for r in json.loads(path.read_text(encoding="utf-8"))["positions"]:
                src = r["source"] if r["source"].startswith("selfplay:") else str(ROOT / r["source"])
                if (src, r["index"]) not in positions:
                    positions.append((src, r["index"]))
    cache: dict[str, Any] = {}
    if args.cache and args.cache.exists():
        cache = json.loads(args.cache.read_text(encoding="utf-8"))

    def save() -> None:
        if args.cache:
            args.cache.parent.mkdir(parents=True, exist_ok=True)
            args.cache.write_text(json.dumps(cache), encoding="utf-8")
    jobs = [Job(src, i, args.judge, args.deals, args.k, args.policy, args.seed, args.raw, args.only, args.min_loss,
                args.fresh, args.judge_seed, tuple(p for p in args.also_policy if p != args.policy),
                given.get((src, i), "")) for src, i in positions]
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()

    def results() -> Iterable[tuple[dict[str, Any] | None, dict[str, list[float]]]]:
        if args.jobs <= 1:
            for job in jobs:
                yield judge_position(job, cache)
            return
        with ProcessPoolExecutor(args.jobs) as pool:
            yield from pool.map(_work, [(job, {k: v for k, v in cache.items()
                                               if f"{source_name(job.source)}|{job.index}|" in k}) for job in jobs])

    for n, (row, new) in enumerate(results(), 1):
        cache.update(new)
        if new and n % 10 == 0:
            save()  # a long run stopped early keeps what it measured
        if row is not None:
            rows.append(row)
        differ = sum(r["category"] != "same move" for r in rows)
        print(f"\r{n}/{len(jobs)} positions, {differ} played out, {time.perf_counter() - start:.0f} s",
              end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    save()
    config = {"judge": args.judge, "judge_seed": args.judge_seed, "sources": sources, "hands": hands,
              "dana": not args.no_dana, "lines_from": [str(p) for p in args.lines_from or []], "deals": args.deals,
              "k": args.k, "policy": args.policy, "also_policy": args.also_policy, "fair": not args.raw,
              "seed": args.seed, "max_positions": args.max_positions, "played": args.played, "only": args.only,
              "min_loss": args.min_loss, "fresh": args.fresh, "seconds": round(time.perf_counter() - start, 1)}
    summary = summarise(rows)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"config": config, "summary": summary, "positions": rows}, indent=1,
                                       ensure_ascii=False), encoding="utf-8")
    print(text(summary, config))


if __name__ == "__main__":
    main()
