"""Lesson 11, Playing well: the sources' tips, put to the test by play (cells for make_notebooks.py).

Kept apart from ``make_notebooks.py`` so the course's other lessons and this one can change
independently; ``make_notebooks.LESSONS`` lists it last. The figures it charts are read from the
package (``banakil_replay/data/playing_well_results.json``, ``held.RESULTS``, where the coach reads them
too), made by ``benchmarks/run_tips.py`` (the command is in the file and in the README); a small
experiment is also played live when the lesson runs.
"""

from __future__ import annotations

from cells import code, md  # tools/ is on the path

RESULTS = "banakil_replay/data/playing_well_results.json"
GUIDE = "../docs/how-to-play.md"


PLAYING_WELL = [
    md("""
# Lesson 11 · Playing well: the sources' tips, tested

## What you will learn

- what the sources advise about playing well, beyond the rules;
- how such advice can be tested: two bots that differ in one habit, on the same deals;
- which tips held in the bots' games, which did not, and what a 95% interval says.
"""),
    code("""
from banakil_replay import setup_notebook, show
setup_notebook()  # cards drawn as cards, whole tables, charts drawn offline
"""),
    md("""
## The rule: what the sources advise

The rules say what you *may* do; three of the sources also say what you *should* do. In the
project's words:

- **Hold a finished set a turn** (`hold-set`) and **hold any finished meld a turn** (`hold-meld`):
  whatever you lay tells the others what you are collecting, so 000 suggests waiting a turn or
  two before laying a meld that is ready, a set of threes or aces most of all [000].
- **Read the discard pile** (`read-pile`): weigh what a pickup brings instead of always drawing
  blind [000, 003]; and **count a deep pickup** (`count-pickup`): every card above the one you
  want comes with it, and what you cannot lay counts against you [002, 003].
- **Guard your jokers** (`guard-jokers`): a joker still in hand when the hand ends is a 4-point
  loss, so put it into a meld early, even a modest one [000, 003].
- **Escape the flat −20** (`small-opening`): once anything is laid you are charged for the cards
  in hand instead of the flat −20, so make a cheap first meld rather than wait for a rich one
  [000]; **do not put off your first meld** (`open-early`) [002].
- **Build on your partner's melds** (`feed-partner`) once you have melded yourself [000, 003].
- **Do not keep pairs of the wrong rank** (`no-wrong-pairs`): only threes and aces make sets [003].
- **Weigh a cold hand carefully** (`cold-hand`): keeping every card back to go out in a single
  turn pays a large fixed score, but all the cards still held are charged to you when another
  player ends the hand first [003; 000's dhamoon]. Its experiment plays ordinary melding (the
  tip's side) against keeping every card back, so "held" below means melding as you go won.

Four pieces of advice cannot be played as a habit: believing that adding to a meld opens
(a misreading of the scoring rule) and sets of other ranks (illegal) [002], reading the
opponents' hands from the pile (the bots model no opponent) [000], and 004, which gives no advice
on play. `banakil-replay experiment --list` lists every tip with its source.

**How a tip is tested.** Two bots play: one with the habit, one without it, both otherwise the
course's heuristic bot. Each deal is played four times from the same shuffled deck: each bot once
on each side (the seats swapped), against the plain heuristic bot. The luck of the deal then
cancels out of the difference. The result is the **mean difference per hand** between the habit
and its absence, in points, from the habit side's view (its side's hand score minus the other
side's), with a **95% interval**: if the whole interval is above 0 the tip held, below 0 it did
not, and an interval around 0 means no clear effect at that size. The bots are not experts: a
result says how a habit works for a player who plays like them.
"""),
    md("""
## Live example

A small experiment played now (a few paired deals: the interval is wide; the larger runs below
narrow it). `run_experiment` takes a maker of each bot; `get_tip` gives a tip's pair:
"""),
    code("""
from banakil_replay.play.analysis.experiment import run_experiment
from banakil_replay.play.analysis.tips import get_tip, TIPS
tip = get_tip("guard-jokers")
small = run_experiment(tip.arm("habit"), tip.arm("without"), rules="kroot", players=2, hands=4, seed=0)
iv = small.interval
print(f"{tip.id}: {iv.n} paired hands, habit minus without {iv.mean:+.2f} points per hand "
      f"(95% interval {iv.low:+.2f} to {iv.high:+.2f}): {iv.verdict}")
"""),
    md(f"""
The larger runs' figures ship inside the package (`{RESULTS}`, where the coach reads them too), each
with the command that made it; the same command with the same seed always gives the same figures:
"""),
    code(f"""
import json
import pandas as pd
from banakil_replay.play.coach.held import RESULTS  # the figures' file, inside the package
rows = json.loads(RESULTS.read_text(encoding="utf-8"))
results = pd.DataFrame([{{k: r[k] for k in ("tip", "rules", "players", "hands", "mean", "low", "high", "verdict")}}
                        for r in rows])
results["what"] = results.tip + " (" + results.rules + ", " + results.players.astype(str) + "p)"
print("made by, for example:", rows[0]["command"])
results.drop(columns="what")  # the last line of a cell is what the page shows
"""),
    md("""
The chart: for each tip, the mean difference per hand (the dot) and its 95% interval (the line);
the grey rule is 0, no effect. Change `sort`, the colours or the size, as with any altair chart:
"""),
    code("""
import altair as alt
base = alt.Chart(results).encode(y=alt.Y("what:N", sort=list(results.what), title=None))
interval = base.mark_rule(strokeWidth=2).encode(
    x=alt.X("low:Q", title="habit minus without, points per hand (95% interval)"), x2="high:Q",
    color=alt.Color("verdict:N", scale=alt.Scale(domain=["helps", "hurts", "unclear"],
                                                 range=["#2a7f3f", "#b3322c", "#888888"])))
mean = base.mark_point(filled=True, size=60, color="black").encode(x="mean:Q", tooltip=["tip", "hands", "mean"])
zero = alt.Chart(pd.DataFrame({"x": [0]})).mark_rule(color="grey").encode(x="x:Q")
(zero + interval + mean).properties(width=420, title="The sources' tips, played")
"""),
    md("""
In words, computed from the same figures:
"""),
    code("""
by_tip = {t.id: t for t in TIPS}
for r in rows:
    said = {"helps": "held", "hurts": "did not hold: the habit lost points",
            "unclear": "unclear: no effect the runs could tell from zero"}[r["verdict"]]
    print(f"{r['tip']} [{by_tip[r['tip']].source.split(',')[0]}], {r['rules']} {r['players']}p: {said} "
          f"({r['mean']:+.2f} points per hand, {r['low']:+.2f} to {r['high']:+.2f}, {r['hands']} hands)")
"""),
    md("""
## Exercise

**Exercise:** pick a tip whose verdict above is *unclear* and play it on more deals, in a terminal:
`banakil-replay experiment TIP --hands 100` (`experiment --list` names the tips). Does its interval
leave 0 behind? The same seed always gives the same result, so a friend running the same command
gets your figures. (This lesson teaches no new rule, so it has no rule questions; lessons 1 to 10
each end with theirs.)
"""),
    md("""
Try your own habit: `HabitBot` (in `banakil_replay.play.analysis.habits`) has one setting per habit; pass two
makers to `run_experiment`, or run `banakil-replay experiment TIP --hands 100` for a tip of the
list (its games are written as ordinary logs you can replay).
"""),
    md(f"""
## What you learned

- Advice can be tested: two bots that differ in one habit play the same deals with the seats
  swapped, and the mean paired difference per hand, with its 95% interval, says whether the
  habit wins points.
- The table and the chart above say which of the sources' tips held in play, which did not, and
  under which rules; an interval around 0 is not proof that a habit does nothing, only that the
  runs could not tell.
- The results are the bots' results: a habit may work differently for a player who reads the
  table better than the heuristic bot does.

That is the whole course. The full rules, with every source, are in
[How to play Banakil]({GUIDE}); the course starts again at [Lesson 1](01_first_hand.ipynb).
"""),
]
