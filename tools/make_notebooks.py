"""Write the tutorial notebooks from the cell lists below (outputs stay empty).

Keeping notebook sources here makes diffs readable; run
``python tools/make_notebooks.py`` after editing and commit both.
"""

from __future__ import annotations

import json
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text.strip("\n")}


def code(text: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
            "source": text.strip("\n")}


SETUP = code("""
from banakil_replay import setup_notebook, show
setup_notebook()  # charts drawn offline as SVG; cards, melds and states drawn as cards
""")

START_HERE = [
    md("""
# Start here: cards, wilds, runs and sets

Banakil is played with 106 cards: two ordinary packs and two jokers. Every **2** and both
**jokers** are wild; 3 up to ace are natural cards. Rules cite their sources by short name:
`000` English table rules written for the SquareScores score sheet, `004` a Persian article with the
classic rules and the Jawaker app's rules, `002` the ERAM CARDS app, `003` the Kroot app (the
project's README says more about each).
"""),
    SETUP,
    code("""
from banakil_replay import parse_cards, analyze_meld, get_ruleset, RULESETS, full_deck, point_value
deck = full_deck()
print(sum(deck.values()), "cards;", "rule sets:", ", ".join(RULESETS))
"""),
    md("""
## The cards

Hearts and diamonds are red, clubs and spades black. A gold border marks a wild card: every 2
and the joker. Points count at the end of a hand: 3-6 half a point, 7-K one, an ace 1.5 (1 in the
apps), a 2 two points and a joker four.
"""),
    code("""
show("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
"""),
    code("""
show("2C 2D 2H 2S JK")
"""),
    code("""
{card.symbol: point_value(card) for card in parse_cards("3H 7S KD AC 2C JK")}
"""),
    md("""
## Melds

A **run** is three or more cards of one suit in order (3 lowest, ace highest); a **set** is three or
four 3s or aces of different suits. A meld holds at most one 2 and one joker, and at least one
natural card. Under each wild you see the card it stands for.
"""),
    code("""
classic = get_ruleset("classic")
analyze_meld("KS AS 2S".split(), classic)  # engine objects draw themselves after setup_notebook()
"""),
    code("""
for cards in ["7H 8H 9H", "KS AS 2S", "10C JK 2H", "AD 2D 3D", "3C 3H 3H", "AH AS JK"]:
    check = analyze_meld(cards.split(), classic)
    print(f"{cards:12} ->", check.meld.describe() if check.valid else "not a meld: " + check.reason)
"""),
    md("""
## Try it yourself

Click cards (or type codes such as `KS AS 2S`) and pick a rule set: the checker says whether the
cards make a meld, how they lie, what each wild stands for, or exactly why not.
"""),
    code("""
from banakil_replay import MeldChecker
MeldChecker(cards="10C JK 2H")
"""),
    md("""
## Rule sets differ

The ERAM app lets an ace play low, so A-2-3 is a run there.
"""),
    code("""
show(analyze_meld("AD 2D 3D".split(), get_ruleset("eram")))
"""),
]

REPLAY_A_HAND = [
    md("""
# Replay a hand

A game is stored as a log of events: the deal, every draw, meld and discard. Replaying the log
rebuilds the table after every event. Step through Dana and Ravi's hand (the worked example of
source `000`) with the buttons or the slider; the options panel lists what the player to act may
do, and why other moves are not allowed.
"""),
    SETUP,
    md("""
## A game is its log

Nothing about the table is stored: every state is rebuilt from the log by folding its events,
one at a time, into the state before (a pure function: same events, same state). Read the log,
look at one event, and fold the first three (the match start, the deal and Dana's first draw):
"""),
    code("""
from banakil_replay import read_events, fold
events = read_events("../sample_games/classic_dana_ravi.jsonl")  # one event per line of the file
print(events[2])
state = fold(events[:3])
print(f"{state.phase} phase, {state.players[state.turn]} to play, {state.stock_count} cards in the stock")
show(state)
"""),
    md("""
## Step through the hand

`load_replay` folds the whole log and keeps the state after every event, which is what the
stepper shows:
"""),
    code("""
from banakil_replay import ReplayStepper, load_replay, events_frame
dana_ravi = load_replay("../sample_games/classic_dana_ravi.jsonl")
ReplayStepper(dana_ravi)
"""),
    md("Every event in words, as a table:"),
    code("""
events_frame(dana_ravi)
"""),
    md("""
## Four players, one seat's view

At four players partners sit opposite (seats 0 and 2 against 1 and 3). Choose a view to see the
table as one player does: the other hands are face down, with only their card counts.
"""),
    code("""
ReplayStepper("../sample_games/classic_4p_partnership.jsonl", seat_view=0)
"""),
    md("A single moment can be drawn without the widget too (here after the first meld):"),
    code("""
four = load_replay("../sample_games/classic_4p_partnership.jsonl")
show(four.at(4), seat_view=0)
"""),
    md("""
## Quiz

In quiz mode the next move stays hidden at every decision. Pick the move you would make, press
**Reveal**, and compare with the move played and the ranked options.
"""),
    code("""
ReplayStepper(dana_ravi, quiz=True, start=1)
"""),
]

SCORING_EXAMPLES = [
    md("""
# Scoring, checked against the sources

Every worked example in the rule sources is stored as data and recomputed by the engine. The
verdict is `match`, or `source slip` when one number in the source is a typo (the explanation
names it), or `mismatch` (which would be an engine bug).
"""),
    SETUP,
    code("""
from banakil_replay import examples_frame
examples = examples_frame()
examples.verdict.value_counts()
"""),
    code("""
examples[["source", "case", "stated", "computed", "verdict"]]
"""),
    md("## The slips, explained"),
    code("""
for row in examples[examples.verdict == "source slip"].itertuples():
    print(f"{row.source}, {row.case}:\\n  {row.explanation}\\n")
"""),
    md("""
## Dana and Ravi, card by card

Dana went out: her melds count for her, plus 20 for going out. Ravi's melds count for him and the
cards left in his hand count against him. Each card's points are under it.
"""),
    code("""
from banakil_replay import load_replay, show_score, card_points_frame
end = load_replay("../sample_games/classic_dana_ravi.jsonl").final
show_score(end)
"""),
    code("""
cards = card_points_frame(end)
cards.groupby(["player", "where"]).points.sum()
"""),
]

RULE_VARIANTS = [
    md("""
# One game, five rule sets

The presets differ in a handful of knobs (scoring above all). Here each played-out hand of the
four-player sample games is scored again under every preset, from the same hand-end facts: who
went out, what each seat laid, what each still held. The play itself is not re-checked under the
other rules.
"""),
    SETUP,
    code("""
from banakil_replay import rules_frame, load_games, rescore_frame, card_points_frame
rules_frame()
"""),
    code("""
games, problems = load_games("../sample_games")
four_player = {name: rp for name, rp in games.items() if rp.final.n == 4}
rescored = rescore_frame(four_player)
rescored.pivot_table(index=["game", "hand"], columns="rules", values=["side_0", "side_1"])
"""),
    md("""
What a seat is credited with depends on the rule set too: classic counts a seat's meld area
(its melds, with the cards its partner added), ERAM and Kroot the cards it laid itself.
"""),
    code("""
import pandas as pd
end = four_player["classic_4p_partnership.jsonl"].final
pd.DataFrame({rules: card_points_frame(end, rules).query("where == 'melded'").groupby("player").points.sum()
              for rules in ("classic", "kroot")})
"""),
    md("Running totals of the Jawaker sample (two cold hands) under each rule set:"),
    code("""
from banakil_replay import totals_chart, points_chart, cold_hands_chart
totals_chart(rescored[rescored.game == "jawaker_hand.jsonl"], title="Jawaker sample, rescored")
"""),
    md("The four sample hands played as one evening, under each rule set:"),
    code("""
totals_chart(rescored, across_games=True, title="Four hands as one evening")
"""),
    code("""
points_chart(rescored)
"""),
    md("""
A **cold hand** is going out all at once, with nothing laid before. Classic scores a flat 40 for
the player (when no one else has melded); Jawaker and Kroot give the side 51, or 101/102 when the
opponents melded nothing.
"""),
    code("""
cold_hands_chart(rescored)
"""),
    md("Two-player hands can only be rescored under the presets played by two:"),
    code("""
two_player = {name: rp for name, rp in games.items() if rp.final.n == 2}
rescore_frame(two_player)[["game", "hand", "rules", "side_0", "side_1"]]
"""),
]

ANNOTATE = [
    md("""
# Annotate a game

Notes are stored as `annotated` events appended to the game log (nothing already written
changes), or in a sidecar file next to a log that must stay untouched. This notebook works on
temporary copies of a sample game.
"""),
    SETUP,
    code("""
import shutil, tempfile
from pathlib import Path
from banakil_replay import Annotator
work = Path(tempfile.mkdtemp())
game = Path(shutil.copy("../sample_games/classic_dana_ravi.jsonl", work / "dana_ravi.jsonl"))
notes = Annotator(game, author="coach")
notes
"""),
    md("Step to a moment and write a note in the box, or from code:"),
    code("""
notes.stepper.go(3)
notes.add("A long run early tells Ravi a lot about Dana's hand.")
notes.notes()
"""),
    code("""
print(notes.export("md").read_text())
"""),
    md("""
## Notes in a sidecar

With `sidecar=True` notes go to `<game>.notes.jsonl`, tied to the log's SHA-256: if the log
changes, the sidecar is refused, since its event numbers might point at other moments.
"""),
    code("""
golden = Path(shutil.copy("../sample_games/classic_4p_partnership.jsonl", work / "partnership.jsonl"))
side = Annotator(golden, sidecar=True, author="coach")
side.add("Layla may add to Nadia's melds only after melding her own.", at=10)
side.sidecar.path.name, side.notes()
"""),
    md("Export to CSV and import it back: the notes come back exactly."),
    code("""
from banakil_replay import import_notes
csv_file = side.export("csv")
import_notes(csv_file) == side.notes()
"""),
    code("""
from banakil_replay import Sidecar, SidecarMismatchError
with open(golden, "a", encoding="utf-8") as log:
    log.write('{"seq":23,"type":"annotated","at":1,"text":"changed"}\\n')
try:
    Sidecar.attach(golden)
except SidecarMismatchError as e:
    print("refused:", str(e)[:160], "...")
"""),
    md("""
## Review one seat's play

Every decision Dana made, compared with the ranked options at that moment. The ranking is a
teaching heuristic: a "questionable" verdict is a prompt to look again, not proof of a mistake.
"""),
    code("""
from banakil_replay import review, review_frame
verdicts = review(notes.replay, seat=0)
review_frame(verdicts, notes.replay)
"""),
]

MANY_GAMES = [
    md("""
# Many games at once

Point `FOLDERS` at any folders of game logs: the hand-made sample games and the matches the bots
played against themselves (`sample_games/selfplay`), or your own. Every log is replayed; a log
that fails is listed with its reason, not silently skipped.
"""),
    SETUP,
    code("""
from banakil_replay import load_games, matches_frame, hands_frame
FOLDERS = ["../sample_games", "../sample_games/selfplay"]
games, problems = load_games(FOLDERS)
print(len(games), "games;", len(problems), "could not be replayed:", problems)
"""),
    code("""
matches_frame(games)
"""),
    code("""
hands = hands_frame(games)
hands[["game", "rules", "hand", "ended", "out_player", "side_0", "side_1"]]
"""),
    md("""
Each chart is a short function in `banakil_replay/notebook/charts.py`, written to be read and
copied; they take any hands table.
"""),
    code("""
from banakil_replay import endings_chart, stock_chart, points_chart, totals_chart, cold_hands_chart
endings_chart(hands)
"""),
    code("""
stock_chart(hands)
"""),
    code("""
points_chart(hands[hands.ended != "result only"])
"""),
    code("""
totals_chart(hands[hands.game.str.startswith("selfplay/")], title="Self-played matches")
"""),
    code("""
cold_hands_chart(hands)
"""),
    md("""
A chart of your own is a few lines of altair: choose the rows, a mark, and which column goes on
which axis. Here every hand is a dot, the two sides' scores against each other, coloured by how
the hand ended. Change the columns or the mark and run the cell again.
"""),
    code("""
import altair as alt
two_sides = hands[hands.side_1.notna()]
alt.Chart(two_sides, title="Side 0 against side 1, hand by hand").mark_circle(size=60).encode(
    x=alt.X("side_0:Q", title="side 0's score"),
    y=alt.Y("side_1:Q", title="side 1's score"),
    color=alt.Color("ended:N", title="ended"),
    tooltip=["game:N", "rules:N", "hand:O", "side_0:Q", "side_1:Q"],
).properties(width=320, height=260)
"""),
    md("""
## Thousands of games

For a big archive, the bulk replay spreads the work over processes (or a Dask cluster) and
writes Parquet; see `docs/scaling.md`. Its tables chart the same way. It reads subfolders too,
so here the deliberately broken logs in `sample_games/broken/` show up as error rows.
"""),
    code("""
from banakil_replay import bulk
hand_rows, match_rows = bulk.run(bulk.find_logs(FOLDERS[0]), progress=None)
bulk_hands, bulk_matches = bulk.frames(hand_rows, match_rows)
print(len(bulk_matches), "logs,", bulk_matches.error.notna().sum(), "with errors")
endings_chart(bulk_hands, title="How hands end (bulk replay)")
"""),
]

NOTEBOOK_CELLS: dict[str, list[dict]] = {
    "01_start_here": START_HERE,
    "02_replay_a_hand": REPLAY_A_HAND,
    "03_scoring_examples": SCORING_EXAMPLES,
    "04_rule_variants": RULE_VARIANTS,
    "05_annotate": ANNOTATE,
    "06_many_games": MANY_GAMES,
}


def write(name: str, cells: list[dict]) -> None:
    cells = [dict(c) for c in cells]  # SETUP is shared between notebooks; ids differ per notebook
    nb = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    for i, cell in enumerate(cells):
        cell["id"] = f"{name.split('_')[0]}-{i}"
    (NOTEBOOKS / f"{name}.ipynb").write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    NOTEBOOKS.mkdir(exist_ok=True)
    for name, cells in NOTEBOOK_CELLS.items():
        write(name, cells)
