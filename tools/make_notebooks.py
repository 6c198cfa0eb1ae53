"""Write the course's lessons (notebooks/NN_*.ipynb) from the cell lists below (outputs stay empty).

Keeping notebook sources here makes diffs readable; run
``python tools/make_notebooks.py`` after editing and commit both. The Arabic course
(notebooks/ar/) is made from these same cells: ``python tools/make_notebooks.py --lang ar``
(tools/course_i18n.py says how, and how a translator finishes what a change left untranslated).

Every lesson has the same five parts, as headings: "What you will learn", "The rule"
(each rule of the game is stated in one lesson only, in the terms of docs/how-to-play.md),
"Live example" (computed by the engine), "Exercise" and "What you learned"; the last
cell links the next lesson. tests/test_notebooks.py runs every lesson and checks this
on the executed, static output. A lesson's exercise is its task in words, more of the same
kind in the engine-checked exercise widget (``ExerciseWidget``: answers judged and explained
by the rules engine), and the task's answer worked by the engine for a static page.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's package, run from anywhere
from banakil_replay.learn.glossary import glossary_markdown  # noqa: E402
from lesson_playing_well import PLAYING_WELL  # noqa: E402  (lesson 11, kept in its own file; tools/ is on the path)
from cells import code, md  # noqa: E402
from course_i18n import localize_cells, merge, po_path, translations  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
GLOSSARY = NOTEBOOKS.parent / "docs" / "glossary.md"
GUIDE = "../docs/how-to-play.md"


def guide(section: str, words: str = "the guide") -> str:
    """A link to a section of docs/how-to-play.md (relative, so it works on GitHub and in JupyterLab)."""
    return f"[{words}]({GUIDE}#{section})"


SETUP = code("""
from banakil_replay import setup_notebook, show
setup_notebook()  # cards drawn as cards, whole tables, charts drawn offline
""")

def exercise(kinds: list[str] | None, task: str, rules: str = "classic", *, lesson: int, first: str = "",
             prelude: str = "") -> list[dict]:
    """The lesson's exercise: the task in words, then (with ``kinds``) the engine-checked exercise widget,
    which asks that same task first (``first``: a source example's id, or an expression for an exercise
    built from the lesson's game), then more of its kind on lessons 1 to ``lesson`` only."""
    cells = [md(f"""
## Exercise

{task.strip()}
""" + ("" if not kinds else f"""
The box below asks it with the cards and checks your answer with the rules engine: type, then Enter
or *Check* (*Hint* nudges, *Retry* clears, *Next* asks another). The questions after the first are
of the same kind, and only on what lessons 1 to {lesson} have taught. It runs in JupyterLab or
Voila; on a page that cannot run it you see the question as a picture, its answer folded away
under *The answer*.
"""))]
    if kinds:
        start = f",\n               first={first}" if first else ""
        cells.append(code(f"""
{prelude.strip()}
from banakil_replay import ExerciseWidget
ExerciseWidget(rules={rules!r}, kinds={kinds!r}, seed=1, lesson={lesson}{start})
"""))
    return cells


def worked(source: str, intro: str = "") -> list[dict]:
    """The exercise's answer, worked by the engine and folded away on the page (``answer()``)."""
    head = (intro.strip() + "\n\n") if intro.strip() else ""
    body = "\n".join(("    " + line) if line else "" for line in source.strip("\n").splitlines())
    return [md(head + "**The answer, worked by the engine** (folded away: decide first, then open it):"),
            code("from banakil_replay import answer\nwith answer():  # printed under a click-to-open fold\n" + body)]


# ------------------------------------------------------------------ lesson 1
FIRST_HAND = [
    md(f"""
# Lesson 1 · Your first hand, in 15 minutes

Welcome. This course teaches Banakil, a rummy game from the Levant, one thing at a time. Every
lesson has the same parts: what you will learn, the rule in a few sentences, a live example
computed by the rules engine, an exercise, and what you learned. Read it as a page, or run it
(in JupyterLab: *Run ▸ Run All Cells*) to step through the games yourself.

## What you will learn

- what you are trying to do in a hand of Banakil;
- the shape of a turn, and what a meld is, in one sentence each;
- how a real hand goes from the deal to the score: Dana and Ravi's hand, the worked example of
  source 000.

**The sources.** Every rule names the short name of the text it comes from:

- **000**: table rules in English, written for the SquareScores score-sheet app, with a fully
  worked two-player hand (Dana and Ravi's);
- **004**: a Persian article with the full classic rules, many examples, worked scores, and the
  rules of the Jawaker online game;
- **002**: the rules of the ERAM CARDS app;
- **003**: the rules of the Kroot app.

A **rule set** is one way of playing the game, as one source tells it. **Classic** is the table
rules of 000 and 004; lessons 1 to 7 teach them and say where the apps (Jawaker, ERAM, Kroot)
differ, and lesson 8 sets all five rule sets side by side. [How to play Banakil]({GUIDE}) says
everything in words, with the sources of every rule, and [the glossary](../docs/glossary.md)
defines every word the course uses.
"""),
    SETUP,
    md(f"""
## The rule

The game in a few lines. Each line names its sources in brackets, and where the apps play
differently the line says how:

1. At the table two, three or four people play; four play as two partnerships, partners facing
   each other [000, 004]. The apps differ: Jawaker and ERAM are played by four, Kroot by four or
   two [004 (Jawaker), 002, 003] (lesson 8).
2. Each hand, everyone gets 18 cards, and the rest forms the face-down **stock**
   [000, 004, 002, 003]. At the table one more card is turned face up to start the **discard
   pile** [000, 004]. The apps turn no card up: the first player gets a 19th card instead, skips
   his first draw, and his first discard starts the pile [004 (Jawaker), 002, 003] (lesson 3).
3. On your turn you **draw** a card, may lay down **melds** face up in front of you, and
   **discard** one card. A meld is a **run** (three or more cards of one suit in order) or a
   **set** (three or four 3s, or three or four aces). Every 2 and both jokers are **wild**
   [000, 004, 002, 003].
4. The hand ends when someone has no cards left: that player **goes out** [000, 004, 002, 003].
5. At the table each player then scores the cards he melded minus the cards still in his hand,
   and the player who went out adds a bonus [000, 004]; Jawaker and ERAM count the same way
   [004 (Jawaker), 002] (lesson 7 says whom a card added to a partner's meld counts for). Kroot does not: the side that went out scores 20 plus every card its
   players laid, and each player of the other side loses what he still holds [003] (lesson 7).
   A **side** is one player, or a partnership of two at four players [000, 004, 002, 003].
6. Hands are played until a side's running total reaches the **target** [000, 004, 002, 003]: at
   the table 150 for two players, 203 for three, 303 for four [000, 004]; 222 in Jawaker and
   Kroot, 202 in ERAM [004 (Jawaker), 003, 002] (lesson 10).

A few words the pictures below use, each taught in its own lesson: at the table a player who
**melded nothing** in a hand takes a **flat −20** instead of counting his cards [000, 004]
(lesson 6); going out **all at once** means laying the whole hand in one turn with nothing melded
before [000, 004, 003] (lessons 6 and 8); a player's **meld area** is his melds with whatever his
partner added to them [000, 004] (lesson 7); **banking** a match means writing its result down
once a side has reached the target [000] (lesson 10).

Each lesson that follows teaches one of these steps in full. More in
{guide("the-game-in-a-few-lines", "the guide's summary")}.
"""),
    md("""
## Live example

Dana and Ravi play under the classic rules. The game is stored as a log of events (the deal,
every draw, meld and discard), and the engine rebuilds the table after each one. Here is the
table just after the deal: Ravi dealt, so Dana, on his right, plays first. Both hands are shown
face up so you can follow.
"""),
    code("""
from banakil_replay import load_replay
dana_ravi = load_replay("../sample_games/classic_dana_ravi.jsonl")
show(dana_ravi.at(1))  # the table after event 1, the deal
"""),
    md("""
Dana's first turn: she draws 9♥ from the stock, lays the run 3♥ to 9♥, and discards 5♦.
"""),
    code("""
from banakil_replay import event_text
for seq in (2, 3, 4):
    print(seq, event_text(dana_ravi.events[seq], dana_ravi.at(seq)))
show(dana_ravi.at(4))
"""),
    md("""
Turns alternate until, at event 17, Dana discards her last card: she goes out and the hand is
over. Every card she laid counts for her, plus a bonus for going out; Ravi's melds count for him
and the cards left in his hand count against him. Each card's points are under it. Dana's 36.5
counts as 37: a half point counts in the scorer's favour (lesson 6 says exactly how).
"""),
    code("""
from banakil_replay import show_score
show_score(dana_ravi.final)
"""),
    md("""
Step through the whole hand yourself with the buttons or the slider (a still picture of it shows
on a page that cannot run it). The panel *Options at this moment* lists the legal moves of the
player to act, best first, and the moves that are not allowed, with the reason; the still picture
shows the best eight (lesson 3 reads a whole list). Its rule lines run ahead of this lesson: each
one taught later says so, and names its lesson.
"""),
    code("""
from banakil_replay import ReplayStepper
ReplayStepper(dana_ravi, start=2, lesson=1)  # opens after Dana's first draw; lesson=1 marks later lessons' rules
"""),
    *exercise(['score-hand'], """
**Ravi's score.** At the end of the hand Ravi (seat 1) has melded a club run 5♣ to J♣ and three
aces, and still holds K♦ Q♠ 9♠ 7♠ 6♠ 4♦ 4♠ 2♣. What does he score? (The cards' points are in the
picture above: 3 to 6 half a point, 7 to K one point, an ace 1½, a 2 two points.)
""", lesson=1, first="'score-hand/classic/000-dana-ravi/1'"),
    *worked("""
from banakil_replay import get_ruleset, parse_cards
classic = get_ruleset("classic")
melded = sum(classic.value(c) for c in parse_cards("5C 6C 7C 8C 9C 10C JC AC AD AS"))
held = sum(classic.value(c) for c in parse_cards("KD QS 9S 7S 6S 4D 4S 2C"))
print(f"Ravi: {melded:g} melded - {held:g} in hand = {melded - held:g}")
print("The engine's working:", dana_ravi.final.hand_score.explain[1])
"""),
    md("""
## What you learned

- A hand is: deal 18 each (the apps give the first player a 19th), then turns of draw, meld,
  discard, until someone goes out.
- Melds are runs in one suit or sets of 3s or aces; 2s and jokers are wild.
- At the table a hand scores what you melded minus what you still hold, and going out pays a
  bonus; Kroot scores the side that went out on every card it laid (lesson 7).
- Sources are cited by short name: 000, 004 (classic, and Jawaker), 002 (ERAM), 003 (Kroot).
"""),
]

# ------------------------------------------------------------------ lesson 2
CARDS_AND_MELDS = [
    md("""
# Lesson 2 · Cards and melds

## What you will learn

- the 106 cards, which are wild, and what each is worth;
- what makes a run and what makes a set;
- how many wild cards a meld may hold, and the groups that look like melds but are not.
"""),
    SETUP,
    md(f"""
## The rule

**The cards.** The game uses 106 cards: two ordinary 52-card packs and two jokers, so every card
of the pack appears twice [000, 004, 002, 003]. The eight 2s and the two jokers are **wild**: they stand in for a card you
are missing. The 3s up to the aces are **natural** cards and play as themselves. A 2 is never a
natural card, so it cannot extend a run below the 3 [000, 004, 003].

**What cards are worth** (counted only at the end of a hand) [000, 004, 002]: 3 to 6 are worth ½
point each, 7 to K one point, an ace 1½ (1 in the Jawaker and ERAM apps; Kroot gives no value,
and the engine counts 1 there too), a 2 two points and a joker four, whatever card they stand
for.

**Runs.** A run is three or more cards of one suit in unbroken order. The order is
3 4 5 6 7 8 9 10 J Q K A: the 3 is the lowest card and the ace the highest, so the longest run is 3 to ace, twelve cards
[000, 004, 003].

**Sets.** A set is three or four cards of the same rank, all of different suits, and only two ranks make
sets: **threes** and **aces** [000, 004, 002, 003]. A joker in a set stands for the set's rank (a three, or an ace) in a suit the set lacks, and not for one suit in particular: in `A♥ A♠ JK` it may be A♣ or A♦
[004].

**Wild cards in melds.** A run holds at most one 2 and at most one joker (one of each is fine).
A set may hold a joker but never a 2, and at most one joker; it never has more than four cards. A meld is never made of wild cards
alone: it holds at least one natural card [000, 004, 002, 003].

**ERAM only:** the ace may also play low, so A-2-3 is a run there; a run never wraps round
(K-A-2 is not a run) [002]. A run there may therefore cover thirteen places, ace to K or 2 to ace
(a 2 standing in the 2's place); the engine never lets one ace count low and high in the same
run.

More in {guide("the-cards-and-what-they-are-worth", "the guide: the cards")} and
{guide("melds", "the guide: melds")}.
"""),
    md("""
## Live example

A gold border marks a wild card. The whole of one suit, then the wild cards:
"""),
    code("""
show("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
"""),
    code("""
show("2C 2D 2H 2S JK")
"""),
    md("What the engine counts for each kind of card, under the classic rules and the apps':"),
    code("""
import pandas as pd
from banakil_replay import get_ruleset, parse_cards, full_deck
classic, jawaker = get_ruleset("classic"), get_ruleset("jawaker")
print(sum(full_deck().values()), "cards in the deck")
pd.DataFrame([{"card": c.symbol, "classic": classic.value(c), "Jawaker, ERAM": jawaker.value(c)}
              for c in parse_cards("3H 6H 7S KD AC 2C JK")]).set_index("card")
"""),
    md("""
The engine checks a group of cards and lays it out; under each wild you see the card it stands
for. `K♠ A♠ 2♠` is a run: the 2 goes to the left, as Q♠.
"""),
    code("""
from banakil_replay import analyze_meld
analyze_meld("KS AS 2S".split(), classic)
"""),
    md("Groups that are melds, and groups that are not, each with the engine's reason:"),
    code("""
groups = ["7H 8H 9H", "10C JK 2H", "AH AS JK", "AD 2D 3D", "7D 2S 9D 2D JD", "KC KH KS",
          "3C 3H 3H", "AH AS 2D", "3D 3S JK JK", "AC AH AS AD JK", "5H 6H 7C", "7H 8H"]
rows = []
for cards in groups:
    check = analyze_meld(cards.split(), classic)
    rows.append({"cards": " ".join(c.symbol for c in parse_cards(cards)),
                 "verdict": check.meld.describe() if check.valid else "not a meld: " + check.reason})
pd.DataFrame(rows)
"""),
    md("""
Under the ERAM app's rules the ace may play low, so the same A♦ 2♦ 3♦ is a run there:
"""),
    code("""
show(analyze_meld("AD 2D 3D".split(), get_ruleset("eram")))
"""),
    md("""
**Try it yourself.** Click cards (or type codes such as `KS AS 2S`) and pick a rule set: the
checker says at once whether the cards make a meld, how they lie, what each wild stands for, or
exactly why not.
"""),
    code("""
from banakil_replay import MeldChecker
MeldChecker(cards="10C JK 2H")
"""),
    *exercise(['is-meld', 'make-meld'], """
**Meld or not?** Is `2♣ 5♦ 6♦` a meld under the classic rules, and if it is, what does the 2 stand
for? Then the same for `Q♦ K♦ A♦`, `3♠ 3♦ 2♥`, `J♥ Q♥ K♥ A♥ 2♥`, `2♣ JK 5♦` and `A♣ A♠ A♠`.
""", lesson=2, first="'is-meld/classic/2C-5D-6D'"),
    *worked("""
for cards in ["2C 5D 6D", "QD KD AD", "3S 3D 2H", "JH QH KH AH 2H", "2C JK 5D", "AC AS AS"]:
    check = analyze_meld(cards.split(), classic)
    print(f"{cards:16}", "yes:" if check.valid else "no: ", check.meld.describe() if check.valid else check.reason)
"""),
    md("""
## What you learned

- 106 cards; every 2 and both jokers are wild; 3 to ace are natural.
- Points: 3-6 ½, 7-K 1, ace 1½ (1 in the apps), 2 two, joker four.
- A run is 3+ cards of one suit in order, 3 low and ace high, so 3 to ace is twelve cards (ERAM:
  ace low too, so up to thirteen); a set is 3 or 4 threes or aces of different suits.
- At most one 2 and one joker in a run; a joker but never a 2 in a set; always one natural card.
"""),
]

# ------------------------------------------------------------------ lesson 3
A_TURN = [
    md("""
# Lesson 3 · A turn

## What you will learn

- the three steps of every turn, and their order;
- who plays first, and which way play goes;
- how a hand starts at the table, and in the apps;
- how to read the engine's list of options: every legal move, and every tempting move that is
  not allowed, with the rule that forbids it;
- how to play a hand yourself at the play table, with a coach beside you.
"""),
    SETUP,
    md(f"""
## The rule

Every turn has three steps: **draw**, then optionally **meld**, then **discard**
[000, 004, 002, 003].

1. **Draw.** Take the top card of the stock (nobody else sees it), or take from the discard pile
   (lesson 4 says how).
2. **Meld** (optional). Now you may, as often as you like and in any order: lay a new meld face up in front
   of you, add cards to a meld on the table, or take a joker back out of one (lesson 5). You never
   have to meld, and a first meld has no minimum value [000, 003].
3. **Discard.** If you still hold cards, put exactly one card face up on the discard pile. That
   ends your turn.

**Direction.** Play, and the deal, go to the right (counter-clockwise), and the player on the
dealer's right plays first [000, 004, 003]. The deal passes one seat to the right after every hand,
so whoever played first deals the next [002, 003; at the table, the custom of 000 and 004].

**How a hand starts.** At the table, everyone gets 18 cards and one more card is turned face up to
start the discard pile; the stock then holds 69 cards at two players, 51 at three, 33 at four
[000, 004]. In the Jawaker, ERAM and Kroot apps no card is turned up: the first player, the
**starter**, gets a 19th card, does not draw on the first turn, and his first discard starts the
pile [004 (Jawaker), 002, 003].

More in {guide("a-turn-step-by-step", "the guide: a turn, step by step")} and
{guide("seats-dealer-and-the-deal", "seats, dealer and the deal")}.
"""),
    md("""
## Live example

Dana's first turn, in events: she draws, lays a run, discards, and the turn passes to Ravi.
"""),
    code("""
from banakil_replay import load_replay, events_frame
dana_ravi = load_replay("../sample_games/classic_dana_ravi.jsonl")
events_frame(dana_ravi).loc[1:5, ["player", "description", "phase", "to_play", "stock", "pile"]]
"""),
    md("""
At the start of her turn Dana may only draw: from the stock, or the top card of the pile (8♦,
turned up after the deal). The engine lists her options, best first (each option's note in brackets says why the engine
ranks it where it does; "deadwood" there means cards in your hand that fit no meld yet and so
count against you if the hand ends). A rule line that a later lesson teaches says so, and names
that lesson:
"""),
    code("""
from banakil_replay import show_options
show_options(dana_ravi.at(1), lesson=3)  # lesson=3: a rule taught later is marked as a preview
"""),
    md("""
Once she has drawn, she may lay any of these twenty melds (the engine's best first) or discard
any card; nothing forces her to meld.
"""),
    code("""
show_options(dana_ravi.at(2), kinds=["meld"], lesson=3)
"""),
    md("""
A move out of order is refused, with the rule it breaks. Here Dana tries to lay her run before
drawing:
"""),
    code("""
from banakil_replay import read_events, fold, ReplayError
events = read_events("../sample_games/classic_dana_ravi.jsonl")
too_early = {"seq": 2, "type": "melded", "seat": 0, "cards": ["3H", "4H", "5H", "6H", "7H", "8H"]}
try:
    fold(events[:2] + [too_early])
except ReplayError as refusal:
    print("refused:", refusal)
"""),
    md("""
In the apps the first player starts with 19 cards and no draw. In the Jawaker sample, Samir melds
straight away:
"""),
    code("""
jawaker = load_replay("../sample_games/jawaker_hand.jsonl")
events_frame(jawaker).loc[1:6, ["player", "description", "to_play", "stock", "pile"]]
"""),
    md("""
**Play a hand yourself.** The table below deals you (Player, seat 0) a hand against a bot under
the classic rules; the bot's hand is face down, with its card count. Click cards in your hand to
select them, then a move: **Draw** (or **Take** from the pile, lesson 4), **Meld selected** if you
like, and **Discard selected** to end your turn. A move out of order, or cards that are not a
meld, are refused with the rule they break, and nothing changes. **Coach** lists your options
ranked, with the moves not allowed and why; **Play the coach's move** plays its first choice.
The coach ranks quickly, by rules of thumb. **Ask the expert** takes a moment longer: it deals the
cards you cannot see at random many times, plays each sensible move out a turn ahead, and names
the move that did best on average (it plays nothing; the choice stays yours). After every move a line in words says what you and the bot did; when the hand ends, the score
card by card and the running totals.

Every move is saved to a log as it is made. `PlayTable(log="my_game.jsonl", resume=True)` keeps
the game in a file of your own and continues it the next time; `players=4` seats a bot partner
opposite you; `humans=[0, 1]` seats two people at one screen, each seeing only their own hand.
"""),
    code("""
from banakil_replay import PlayTable
PlayTable(rules="classic", players=2, seed=3, coach=True, lesson=3)  # a new game, saved to a temporary file
"""),
    *exercise(['discard'], """
**What may Dana discard?** Dana has drawn 9♥ from the stock and laid her run 3♥ to 9♥. Which of her
cards may she not discard now?
""", lesson=3, first='Discard(\'discard/lesson-3\', get_ruleset(\'classic\'), "Dana and Ravi\'s hand, after event 3", dana_ravi.at(3))', prelude="""
from banakil_replay import get_ruleset
from banakil_replay.learn.turn_exercises import Discard
"""),
    *worked("""
print("Dana may discard any card: she drew from the stock, and only cards taken from the pile",
      "can be barred (lesson 4).")
from itertools import permutations
moves = events[2:5]  # drew, melded, discarded
for order in permutations(moves):
    renumbered = [{**ev, "seq": 2 + i} for i, ev in enumerate(order)]
    try:
        fold(events[:2] + renumbered)
        verdict = "accepted"
    except ReplayError as refusal:
        verdict = f"refused: {refusal}"
    print(" -> ".join(ev["type"] for ev in order), "|", verdict)
""", """
**A second question.** Dana's first turn was three events: she drew 9♥, laid the run 3♥ to 9♥, and
discarded 5♦. Of the six orders these three moves could come in, which does the engine accept?
"""),
    md("""
**Your first game.** You know enough to play a whole hand. Two ways to sit down at a table:

- **In a terminal:** `banakil-replay play --log my_game.jsonl` deals you (seat 0) a classic hand
  against a bot. The table is printed as text, with your cards face up, the pile written top card
  last and the bot's cards counted, not shown. Type one command a line: `draw`, or `take 2` to
  take the top two cards of the pile; `meld 7H 8H 9H` to lay a meld; `discard KD` to end your
  turn. Cards are typed as rank then suit: `7H` is 7♥, `10S` (or `TS`) is 10♠, `AC` is A♣, `JK` a
  joker. Three commands help while you learn: **`help`** lists every command, **`options`** lists
  every legal move now (and the moves not allowed, with the rule), and **`hint`** names the move
  the expert would play, and why (the same judge that grades your games afterwards). When you
  draw, the table tells you the card you drew. `quit` stops; the log keeps the game, and
  `banakil-replay play --log my_game.jsonl --resume` continues it.
- **In this notebook:** the play table above is the same game with buttons. *Coach* is its
  `options`: every legal move, ranked by a quick rule of thumb, and the moves not allowed; *Play
  the coach's move* plays the first of them. *Ask the expert* is the `hint`.

A move that breaks a rule is refused with the rule it breaks, and nothing changes: you cannot
spoil the game by trying. Lesson 4 teaches taking from the pile, lesson 5 adding to melds, and
lesson 6 how the hand is scored when someone goes out.
"""),
    md("""
## What you learned

- A turn is draw, then meld if you want, then one discard; the discard ends the turn.
- Play goes to the right; the player on the dealer's right starts.
- At the table one card is turned up to start the pile; in the apps the first player gets 19
  cards and skips the first draw.
- The engine lists every legal move, and refuses a move out of order with the rule's name.
- At the play table, or in a terminal with `banakil-replay play`, you play whole hands against the
  bots, every move checked and saved as you go; `help`, `options` and `hint` help you learn.
"""),
]

# ------------------------------------------------------------------ lesson 4
DISCARD_PILE = [
    md("""
# Lesson 4 · The discard pile

## What you will learn

- how to take cards from the discard pile instead of the stock;
- why you may take more than one card, and which ones come with it;
- which card you may not throw back the same turn, at the table and in the Kroot app, and why
  its twin may not go back either.
"""),
    SETUP,
    md(f"""
## The rule

**Taking from the pile.** The pile is spread so that every card in it can be seen [004, 003]. Instead
of drawing from the stock you may take the top card of the pile, or reach down to any card in it:
then you take that card and **every card above it** as well [000, 004, 002, 003].

**How this course writes the pile: from the bottom up, its top card last**, as every table the
engine draws does: if the pile is 3 9 5 K A (the A on top) and you want the 5, you take 5 K A
[002]. That is the 5 and the two cards above it. Nothing else limits
it: you may take from the pile on your very first turn, a wild card on top may be taken, and the
cards you take may stay in your hand [000, 004, 003].

**What you may not throw back.**

- **Classic:** if you took only the top card of the pile, you **may not throw that same card
  straight back** [000, 004], nor the other copy of it if you hold one. The deck has two of every
  card, and throwing back the twin would leave the pile and your hand exactly as they were: a turn
  that changes nothing, which is what the rule is there to prevent. The twin is the engine's reading.
  The sources speak only of "that same card". If you took two or more cards, you may discard the one
  that was on top [004]: the pile's top card is then as before, but you have kept the cards
  that lay under it.
- **Kroot:** no card taken from the pile this turn may be discarded this turn, however many you
  took, nor a copy of one [003; the copy is the engine's reading, as above].
- **Jawaker and ERAM:** their sources do not say; the engine applies the classic rule.

Because you must end your turn with a discard, the engine also refuses a meld that would leave
you holding only cards you may not discard: lay the taken cards first instead
[000, 004, 003].

More in {guide("1-draw", "the guide: draw")} and {guide("3-discard", "the guide: discard")}.
"""),
    md("""
## Live example

Ravi's first turn. The pile holds 8♦ (turned up after the deal) under 5♦ (Dana's discard). He may
draw from the stock, take 5♦ alone, or take both cards: to reach 8♦ he must take 5♦ too.
"""),
    code("""
from banakil_replay import load_replay, show_options
dana_ravi = load_replay("../sample_games/classic_dana_ravi.jsonl")
show(dana_ravi.at(4))
"""),
    code("""
show_options(dana_ravi.at(4))
"""),
    md("""
In another game, Bilal takes the lone top card 4♣. Now every card in his hand may be discarded
except 4♣; the engine says why:
"""),
    code("""
amal_bilal = load_replay("../sample_games/classic_annotated.jsonl")
from banakil_replay import event_text
print(event_text(amal_bilal.events[9], amal_bilal.at(9)))
show_options(amal_bilal.at(9), kinds=["discard"])
"""),
    md("""
Bilal holds no second 4♣. Had Ravi, in Dana's game, held the other 5♦ himself (the deck has two
of each), taking Dana's 5♦ alone would bar both copies: throwing back either one would leave the
pile and his hand as they were. The same deal with one of Ravi's cards changed to 5♦:
"""),
    code("""
from banakil_replay import fold, read_events, options
events = read_events("../sample_games/classic_dana_ravi.jsonl")[:5]  # up to Dana's discard of 5♦
deal = dict(events[1], hands=[list(hand) for hand in events[1]["hands"]])
deal["hands"][1][deal["hands"][1].index("4S")] = "5D"  # Ravi holds the other 5♦ instead of 4♠
twin = fold([events[0], deal, *events[2:], {"seq": 5, "type": "took", "seat": 1, "count": 1}])
print("Ravi holds", sum(card.code == "5D" for card in twin.hands[1]), "copies of 5♦ after taking one")
for refused in options(twin).not_allowed:
    if refused.event.type == "discarded":
        print("Not allowed:", refused.why)
"""),
    md("""
With four players, Layla reaches three cards down for 3♦: she takes 3♦ and the two cards above
it, 4♦ and 5♦, and melds them at once. The pile before and after:
"""),
    code("""
four = load_replay("../sample_games/classic_4p_partnership.jsonl")
for seq in (9, 10):
    state = four.at(seq)
    print(f"after event {seq}: pile (top card last):", " ".join(c.symbol for c in state.discard) or "empty",
          f"| Layla holds {len(state.hands[2])} cards")
print(event_text(four.events[10], four.at(10)))
"""),
    md("""
Under the Kroot app's rules no taken card goes back. Karim takes the top two cards, 4♠ and 9♦;
neither may be discarded this turn:
"""),
    code("""
kroot = load_replay("../sample_games/kroot_hand.jsonl")
print(event_text(kroot.events[9], kroot.at(9)))
show_options(kroot.at(9), kinds=["discard"])
"""),
    *exercise(['take-pile', 'discard'], """
**Reaching into the pile.** Ravi wants the 8♦ that lies under Dana's 5♦. How many cards does he take
to get it? May he then throw the 5♦ straight back? And if he took only the 5♦?
""", lesson=4, first='TakePile(\'take-pile/lesson-4\', get_ruleset(\'classic\'), "Dana and Ravi\'s hand, after event 4", dana_ravi.at(4), parse_card(\'8D\'))', prelude="""
from banakil_replay import get_ruleset, parse_card
from banakil_replay.learn.turn_exercises import TakePile
"""),
    *worked("""
pile = dana_ravi.at(4).discard  # top card last (events: Dana's game up to her discard of 5♦)
for count in (2, 1):
    state = fold(events + [{"seq": 5, "type": "took", "seat": 1, "count": count}])
    refused = [n.why for n in options(state).not_allowed if n.event.type == "discarded"]
    print(f"Ravi takes {' '.join(c.symbol for c in pile[-count:])} (top card last):",
          "; ".join(refused) or "he may discard any card, 5♦ included")
"""),
    md("""
## What you learned

- Instead of drawing you may take from the pile: the card you want and every card above it.
- Classic: a card taken alone may not be thrown straight back, nor its twin; with two or more
  taken, the top one may go back. Kroot: no taken card, nor a copy of one, may go back that turn.
- The engine refuses a meld that would leave you with no card you may discard.
"""),
]

# ------------------------------------------------------------------ lesson 5
ADDING_AND_SWAPPING = [
    md("""
# Lesson 5 · Adding to melds and swapping a joker

## What you will learn

- whose melds you may add cards to: your own, your partner's, never an opponent's;
- how wild cards may move when a card is added, under each rule set;
- how to take a joker back out of a meld.
"""),
    SETUP,
    md(f"""
## The rule

**Adding to melds** (laying off). After drawing you may add cards to melds on the table
[000, 004, 002, 003]:

- to **your own** melds, always;
- to **your partner's** melds: under the classic rules only once you have laid at least one meld
  of your own, this turn or earlier [000, 004]; under ERAM and Kroot at any time [002, 003];
  you never start a new meld in your partner's area [004];
- to an **opponent's** melds: never, not a card, not a swap [000, 004, 002, 003].

The limits of lesson 2 hold as a meld grows, and a run is never split into smaller runs
[000, 004]. One exception to the length: a run of eleven naturals and a 2 may still take the
missing twelfth natural, the 2 staying as a thirteenth card (classic and Jawaker) [004].
The 13th card is the 2 itself, and it stands for no card: the run holds all twelve naturals, 3 to ace, and the 2 lies at its high end, after the
ace: 004 does not say where, and after the ace is the engine's reading.

**Wild cards that move.** When you add a natural card to a run:

- **Classic:** any 2 or joker in the run may move to another place, as long as the run stays
  valid [004].
- **Jawaker:** a wild card's place is fixed when it is laid. The one move a 2 makes: when someone lays
  the natural card it stands for, the 2 goes to the low end of the run, or to the high end if the
  run contains a 3 [004 (Jawaker)].
- **ERAM:** a 2 may move; a joker is fixed [002].
- **Kroot:** a joker is fixed; when you lay the card a 2 stands for, the 2 slides to an open end,
  and if neither end has room the card cannot go in [003].

**Swapping a joker.** If a joker lies in your own meld, or your partner's (classic: once you have
a meld of your own), you may put a natural card from your hand in its place and take the joker
into your hand [000, 004, 002, 003]. Classic: any natural card that leaves a valid meld, the wild
cards moving to make it fit [004]. Jawaker, ERAM, Kroot: only the exact card the joker stands for
[004 (Jawaker), 002, 003]. A 2 is never taken back out of a meld [004, 003].

More in {guide("adding-to-melds", "the guide: adding to melds")} and
{guide("swapping-a-joker", "swapping a joker")}.
"""),
    md("""
## Live example

The run `2♣ 5♦ 6♦` (the 2 standing for 4♦) and four cards you might add. Under the classic rules
the 2 moves to make room for 8♦; under Jawaker and Kroot it may not:
"""),
    code("""
import pandas as pd
from banakil_replay import analyze_meld, verify_lay_off, get_ruleset, IllegalMoveError, RULESETS
def added(meld_cards, card, rules):
    meld = analyze_meld(meld_cards.split(), get_ruleset("classic")).meld
    try:
        return verify_lay_off(meld, [card], get_ruleset(rules)).describe()
    except IllegalMoveError as refusal:
        return "no: " + str(refusal).split(": ", 1)[1]
pd.DataFrame({rules: {f"+ {card}": added("2C 5D 6D", card, rules) for card in ["3D", "4D", "7D", "8D"]}
              for rules in ["classic", "jawaker", "eram", "kroot"]})
"""),
    md("""
In the four-player game, Nadia (seat 0) and Layla (seat 2) are partners against Omar and Sami.
Before Layla has a meld of her own, Nadia's melds are out of her reach, and Omar's always are:
"""),
    code("""
from banakil_replay import load_replay, show_options
four = load_replay("../sample_games/classic_4p_partnership.jsonl")
show_options(four.at(10), kinds=["lay_off", "joker_swap"])
"""),
    md("""
Layla lays 3♦ 4♦ 5♦ 6♦ of her own first. Now she adds 8♥ to Nadia's heart run, puts 10♠ in the
place of the joker in Nadia's spade run (the 2 moves over to stand for 8♠, as the classic rules
allow), and adds the joker she took back to her own run:
"""),
    code("""
from banakil_replay import event_text
for seq in range(11, 15):
    print(seq, event_text(four.events[seq], four.at(seq)))
show(four.at(14))
"""),
    *exercise(['lay-off'], """
**What fits?** Your meld is `7♥ 8♥ 9♥` and you hold 6♥ 10♥ 2♠ JK 5♥ 7♣. Which of these cards could
you add to it, each card on its own, under the classic rules?
""", lesson=5, first="'lay-off/classic/7H-8H-9H'"),
    *worked("""
from banakil_replay import parse_cards, verify_joker_swap
hearts = analyze_meld("7H 8H 9H".split(), get_ruleset("classic")).meld
for card in parse_cards("6H 10H 2S JK 5H 7C"):
    try:
        print(f"{card.symbol:4} yes, the run becomes", verify_lay_off(hearts, [card], get_ruleset("classic")).describe())
    except IllegalMoveError as refusal:
        print(f"{card.symbol:4} no:", str(refusal).split(": ", 1)[1])
print()
nadias_run = four.at(4).melds[1].meld
print("Nadia's run:", nadias_run.describe())
for rules in ["classic", "jawaker"]:
    for card in ["5S", "8S", "10S", "JS"]:
        try:
            print(f"{rules:8} {card:4} yes, the run becomes", verify_joker_swap(nadias_run, card, get_ruleset(rules)).describe())
        except IllegalMoveError as refusal:
            print(f"{rules:8} {card:4} no:", str(refusal).split(": ", 1)[1])
""", """
**A second question.** In Nadia's run `6♠ 7♠ JK 9♠ 2♠` (the joker stands for 8♠, the 2 for 10♠),
which of 5♠, 8♠, 10♠ and J♠ may take the joker's place under the classic rules, and which under
Jawaker?
"""),
    md("""
## What you learned

- Add to your own melds any time, to your partner's (classic: after a meld of your own), never
  to an opponent's.
- Classic wild cards move freely; Jawaker's are fixed (a 2 goes to an end when its card comes);
  ERAM moves only the 2; Kroot slides the 2 to an open end.
- Swap a joker out for a natural card: classic, any card that keeps the meld valid; the apps,
  only the exact card. A 2 never comes back out.
"""),
]

# ------------------------------------------------------------------ lesson 6
GOING_OUT_AND_SCORING = [
    md("""
# Lesson 6 · Going out, and scoring a hand

## What you will learn

- the two ways to go out, and the one way Kroot allows;
- going out all at once: the dhamoon;
- how a hand is scored: melds, hand, the bonus, the never-melded penalty, rounding;
- what happens when the stock runs out.
"""),
    SETUP,
    md(f"""
## The rule

**Going out.** The hand ends the moment a player has no cards left, in one of two ways
[000, 004, 002]:

1. lay down all your cards but one, then discard the last one; or
2. lay down every card, leaving nothing to discard (the only turn that ends without a discard).

Kroot allows only the first way [003].

**Scoring a player (classic)** [000, 004]:

- your score is the points of your meld area **minus** the points still in your hand (it may be
  negative);
- if you went out, add **+20** for going out;
- if you **never melded**, your hand is not counted: you score a flat **−20**.

**Dhamoon.** Going out all at once, laying your whole hand in one turn with nothing laid before,
scores a flat **40** instead of melds plus 20 [000, 004]. At two or three players the 40 stands
no matter what the others laid down; at four it needs all three other players to have no meld on the table,
or the hand is scored the ordinary way [000, 004]. **The 40 is neither a bonus nor a cap: it replaces the score.** The player scores exactly 40: his
melds' points and the 20 for going out are not counted, whatever they come to [000]. A 21-point
hand laid at once scores 40, not 41; a 22-point hand scores 40, not 42 [004].

**Two, three or four players.** With two or three players every player is his own side and
scores exactly as above; the dead hand, the dhamoon and the target work the same, only the target
is higher with more players (150, 203, 303) [000, 004]. Four players score as two partnerships:
lesson 7.

**Rounding.** Half points are rounded in the scorer's favour: up when positive, toward zero when
negative (44.5 → 45, −5.5 → −5), once per side [000, 004]. Kroot rounds each player; ERAM keeps
the halves [003, 002].

**When the stock runs out.** Sometimes nobody goes out: the last card of the stock is drawn, and
after that player's discard everyone still holds cards [000, 004, 003]. The hand is **dead** and
nobody scores it [000, 004, 003]. The cards are gathered and the next dealer deals a new hand [000]. ERAM instead turns the pile, all but its top card, into a new
stock, at most twice a hand; when the stock runs out a third time the hand is over, but it is
still scored as usual, without anyone's 20 for going out [002]. The engine ends an ERAM hand the same way when the pile
holds nothing below its top card to make a new stock (say someone took the whole pile): 002 does
not say, and otherwise the hand could never end.

More in {guide("going-out", "the guide: going out")}, {guide("dhamoon", "dhamoon")},
{guide("scoring-a-hand", "scoring a hand")} and {guide("a-dead-hand", "a dead hand")}.
"""),
    md("""
## Live example

Dana's last turn: she draws 3♠, lays the set of threes, and discards her last card, K♥.
"""),
    code("""
from banakil_replay import load_replay, event_text
dana_ravi = load_replay("../sample_games/classic_dana_ravi.jsonl")
for seq in (15, 16, 17):
    print(seq, event_text(dana_ravi.events[seq], dana_ravi.at(seq)))
"""),
    md("""
Her melds count for her, plus 20; Ravi's melds count for him, and the cards left
in his hand count against him. Each card's points are under it, then the arithmetic:
"""),
    code("""
from banakil_replay import show_score, card_points_frame
end = dana_ravi.final
show_score(end)
"""),
    code("""
card_points_frame(end).groupby(["player", "where"]).points.sum().unstack(fill_value=0)  # Dana holds nothing: 0, not blank
"""),
    md("""
The engine scores a hand from a few facts: who went out, and what each player melded and held.
004's dhamoon example: B lays a 21-point hand in one turn while A never melded; then A lays 22
points at once although B has 12 melded and 9 in hand.
"""),
    code("""
from banakil_replay import HandInput, score_hand, get_ruleset
classic = get_ruleset("classic")
# each seat: (points melded, points in hand) or (melded, in hand, whether it ever melded)
b_all_at_once = HandInput.from_values(2, went_out=1, all_at_once=True, seats=[(0, 9, False), (21, 0)])
a_all_at_once = HandInput.from_values(2, went_out=0, all_at_once=True, seats=[(22, 0), (12, 9)])
for hand in (b_all_at_once, a_all_at_once):
    result = score_hand(classic, hand)
    print(result.sides, "|", " ".join(result.explain))
"""),
    md("""
A dead hand: Dana and Ravi's deal again, but this time both only draw and throw the card back
until the stock is empty (a log built here, event by event):
"""),
    code("""
from collections import Counter
from banakil_replay import read_events, replay, full_deck, parse_cards
events = read_events("../sample_games/classic_dana_ravi.jsonl")[:2]  # the match start and the deal
deal = events[1]
dealt = Counter(c for hand in deal["hands"] for c in parse_cards(hand)) + Counter(parse_cards([deal["upcard"]]))
deal["stock"] = [c.code for c in sorted((full_deck() - dealt).elements())]  # the stock's order, top first
for i, card in enumerate(deal["stock"]):
    events += [{"seq": len(events), "type": "drew", "seat": i % 2},
               {"seq": len(events) + 1, "type": "discarded", "seat": i % 2, "card": card}]
dead = replay(events)
print(len(events), "events; stock left:", dead.final.stock_count)
print(event_text(dead.events[-1], dead.final))
print(dead.final.hand_score.explain[0])
"""),
    md("""
With three players each player is his own side. Here seat 1 goes out with 18.5 melded; seat 0 has
12 melded and 6.5 in hand; seat 2 never melded:
"""),
    code("""
from banakil_replay import HandInput, score_hand, get_ruleset
three = score_hand(get_ruleset("classic"), HandInput.from_values(3, went_out=1, seats=[(12, 6.5), (18.5, 0), (0, 14)]))
print("\\n".join(three.explain))
print("sides (rounded):", three.sides)
"""),
    md("""
**At a real table.** Played with real cards, a game can still be scored by the engine: a score
sheet records each hand by the facts above (what each player melded and still holds, who went
out) and adds the hands up towards the match target (how 000's paper sheet writes a negative
hand is in lesson 10). Here Dana and Ravi's hand goes on a new sheet. In a running notebook, type the next hands into the boxes (points such as `16.5`, or cards
such as `3H 4H 5H`) and press *Add hand*: a hand the rules cannot score is refused with the
reason, and the sheet stays as it was. In a terminal the same sheet is `banakil-replay sheet new`,
`sheet add` and `sheet show`.
"""),
    code("""
import tempfile
from pathlib import Path
from banakil_replay import SheetWidget
sheet = SheetWidget(Path(tempfile.mkdtemp()) / "evening.jsonl", "classic", ["Dana", "Ravi"])
sheet.melded[0].value = "16.5"                                  # Dana's meld area; she went out
sheet.melded[1].value, sheet.in_hand[1].value = "10.5", "7.5"   # Ravi's melds, and what he holds
sheet.went_out.value = 0
sheet.add_button.click()
sheet
"""),
    *exercise(['score-hand'], """
**004's rounding example.** A (seat 0) goes out with 24.5 points melded; B (seat 1) has 6 melded
and 11.5 in hand. What does A score? What does B score, and what would B score had he never melded?
""", lesson=6, first="'score-hand/classic/004-ex1-standard/0'"),
    *worked("""
for seats in ([(24.5, 0), (6, 11.5)], [(24.5, 0), (0, 11.5, False)]):
    result = score_hand(classic, HandInput.from_values(2, went_out=0, seats=seats))
    print("A, B:", result.sides)
    for line in result.explain:
        print("   ", line)
"""),
    md("""
## What you learned

- You go out by melding all but one card and discarding it, or (not in Kroot) by melding every card.
- Score = meld area − hand, +20 for going out; never melded: a flat −20.
- A dhamoon (all at once, nothing laid before) scores a flat 40; at four players only if nobody
  else has melded.
- Halves round in the scorer's favour; a stock that runs out makes a dead hand (ERAM reshuffles).
- A score sheet (`SheetWidget`, or `banakil-replay sheet`) scores a real table's hands from the same
  facts and keeps the running totals.
"""),
]

# ------------------------------------------------------------------ lesson 7
PARTNERSHIPS = [
    md("""
# Lesson 7 · Partnerships

## What you will learn

- how four players sit and take turns as two sides;
- how a side's score is made from its two players' scores, under each rule set;
- whom a card added to your partner's meld counts for.
"""),
    SETUP,
    md(f"""
## The rule

With four players, partners sit opposite each other, so turns alternate between the sides
(seats 0 and 2 against 1 and 3) [000, 004, 002, 003]. Each partner keeps his own meld area [004];
lesson 5 said whose melds you may add to.

**Classic side scores.** Score each player as in lesson 6. Under the classic rules the side that went
out scores **only the score of the player who went out**. The other side adds its two players' scores and then
**subtracts** the score of the partner of the player who went out [000, 004]. So a partner who did well helps
even though he did not go out, and if that partner never melded, his −20 becomes +20 for the
opponents [000, 004]. The **summed** variant (`classic-sum`) has each side add its two players'
scores, whoever went out [000, 004].

**ERAM** scores each player on the cards he laid himself and adds the partners together; only
the player who went out gets the 20, and one who went out only by adding to melds, never melding
one of his own, scores 0 [002].

**Kroot** scores the side that went out **20 plus every card its two players laid** this hand;
each player of the other side loses the value of the cards in his hand [003].

**Whose points.** Under the classic rules a card you add to your partner's meld becomes part of
your partner's meld area and scores for your partner; under ERAM and Kroot each card counts for whoever laid it
[000, 004, 002, 003].

More in {guide("partnerships", "the guide: partnerships")} and
{guide("four-players-partnerships", "four players")}.
"""),
    md("""
## Live example

Nadia went out; Layla is her partner; Omar and Sami are the other side. The classic score, card
by card:
"""),
    code("""
from banakil_replay import load_replay, show_score, card_points_frame
end = load_replay("../sample_games/classic_4p_partnership.jsonl").final
show_score(end)
"""),
    md("""
The same hand scored under the Kroot rules: the side that went out scores 20 and every card it
laid; the other side loses what it holds. (Only the score is recomputed from the table as it
ended; the play is not re-checked, and Kroot would not have allowed every move of this classic
hand, such as swapping a joker for a card it does not stand for.)
"""),
    code("""
show_score(end, "kroot")
"""),
    md("""
Who is credited with the cards on the table depends on the rule set: classic counts a player's
meld area (with the cards his partner added), Kroot the cards he laid himself. Layla added 8♥
and 10♠ to Nadia's melds:
"""),
    code("""
import pandas as pd
pd.DataFrame({rules: card_points_frame(end, rules).query("where == 'melded'").groupby("player").points.sum()
              for rules in ("classic", "kroot")})
"""),
    md("""
Under the ERAM rules each player counts the cards he laid himself, and halves are kept. In the
ERAM sample Lina goes out only by adding cards to Yara's melds, never melding one of her own,
so she scores 0:
"""),
    code("""
show_score(load_replay("../sample_games/eram_hand.jsonl").final)
"""),
    *exercise(['score-hand'], """
**004's partnership example.** North (seat 0) and South (seat 2) play East (seat 1) and West
(seat 3), so side 0 is North-South and side 1 East-West. East and West have both melded when South
lays his whole 25-point hand at once; North never melded. East has 3.5 melded and 16 in hand, West
10.5 melded and 9 in hand. What does North-South score under the classic rules? And what does each
side score, classic and summed?
""", lesson=7, first="'score-hand/classic/004-ex5-standard/0'"),
    *worked("""
from banakil_replay import HandInput, score_hand, get_ruleset
# seats numbered as in 004's example: North 0, East 1, South 2, West 3 (North and South are partners)
hand = HandInput.from_values(4, went_out=2, all_at_once=True,
                             seats=[(0, 0, False), (3.5, 16), (25, 0), (10.5, 9)])
for rules in ("classic", "classic-sum"):
    result = score_hand(get_ruleset(rules), hand)
    print(f"{rules}: North-South {result.sides[0]}, East-West {result.sides[1]}")
    for line in result.explain:
        print("   ", line)
"""),
    md("""
## What you learned

- Four players are two sides, partners opposite; turns alternate between the sides.
- Classic: the side that went out scores only the score of the player who went out; the other
  side adds its two and subtracts the partner of the player who went out. Summed (classic-sum, ERAM): each side adds both.
- Kroot: the winning side scores 20 plus every card it laid; the losers lose their hands.
- A card added to a partner's meld counts for the partner (classic) or for whoever laid it
  (ERAM, Kroot).
"""),
]

# ------------------------------------------------------------------ lesson 8
RULE_SETS = [
    md("""
# Lesson 8 · The rule sets side by side

## What you will learn

- the five rule sets the engine knows, and the handful of rules on which they differ;
- what going out all at once scores under each rule set: the cold hand of the Jawaker and Kroot
  apps;
- what the same hands score under each rule set;
- how the engine checks itself against every worked example of the sources.
"""),
    SETUP,
    md(f"""
## The rule

The engine knows five rule sets: **classic** (000 + 004), **classic-sum** (classic with summed
partnership scores), **jawaker** (004's last section), **eram** (002) and **kroot** (003). Lessons
2 to 7 stated each difference where its rule belongs; the table below gathers them. One rule is
left to say here:

**Going out all at once** (laying your whole hand in one turn, having laid nothing before) is
scored differently by each rule set:

- **Classic:** the dhamoon, a flat 40 for the player instead of his melds plus 20; at four players
  only while none of the other three has melded (lesson 6) [000, 004].
- **Jawaker, the cold hand:** the player's side scores 51 if the opponents had melded, 101 if they
  had not, and the opponents score nothing [004 (Jawaker)]. 000's short summary of the Jawaker
  rules says 102 instead of 101; the engine's Jawaker follows 004, the fuller account, so it
  scores 101. (In the table of worked examples below, 000's own 102 is checked by setting the
  value to 102.)
- **Kroot, the cold hand:** the side gets a floor of 51 when the opponents have cards on the
  table this hand, and of 102 when they have none, and keeps its ordinary total when that is
  higher; the opponents score 0 [003].
- **ERAM:** no special score; the hand is scored like any other [002].

So only Jawaker and Kroot score it for the side rather than the player. "Nothing laid before"
means by the player who goes out, as 000's dhamoon and 003's cold hand both word it. 004's
Jawaker section does not say whether a partner's melds count, and the engine reads it the same
way: a Jawaker cold hand scores 51 or 101 even when the partner had melded. (The classic dhamoon
adds its own condition at four players, as above.)

**Run length.** In the table, the longest run is 13 for ERAM and 12 for the others. That is
lesson 2's ace: elsewhere it plays high only, so the longest run is 3 to ace, twelve cards; ERAM's
ace also plays low, so a run there may cover thirteen places, ace to K or 2 to ace [002].
("May a 2 stay as a 13th card?" is lesson 5's exception: a run of eleven naturals and a 2 may
still take the missing twelfth natural, the 2 staying as a thirteenth card [004].)

More in {guide("how-the-rule-sets-differ", "the guide: how the rule sets differ")} and
{guide("where-the-sources-disagree-or-slip", "where the sources disagree")}.
"""),
    md("""
## Live example

Every rule on which the five rule sets differ, each asked as a question and answered in words
for each rule set (lessons 2 to 7 say where each comes from):
"""),
    code("""
from banakil_replay.notebook.rules_words import rules_in_words
rules_in_words()
"""),
    md("""
Each played-out hand of the four-player sample games, scored again under every rule set from the
same facts (who went out, what each seat laid, what each still held). The play itself is not
re-checked under the other rules.
"""),
    code("""
from banakil_replay import load_games, rescore_frame
games, problems = load_games("../sample_games")
four_player = {name: rp for name, rp in games.items() if rp.final.n == 4}
rescored = rescore_frame(four_player)
rescored.pivot_table(index=["game", "hand"], columns="rules", values=["side_0", "side_1"])
"""),
    md("Running totals of the Jawaker sample (two cold hands) under each rule set:"),
    code("""
from banakil_replay import totals_chart, points_chart, cold_hands_chart
totals_chart(rescored[rescored.game == "jawaker_hand.jsonl"], title="Jawaker sample, rescored")
"""),
    md("The four-player sample games played one after another as one evening (the Jawaker sample has two "
       "hands, so the evening has five), under each rule set:"),
    code("""
totals_chart(rescored, across_games=True, title="The four-player samples as one evening")
"""),
    code("""
points_chart(rescored)
"""),
    md("""
The Jawaker sample's two hands laid all at once, scored under each rule set. Jawaker and Kroot
score both as cold hands. Classic scores the second as a dhamoon (a flat 40), but the first the
ordinary way, since other players had melded. ERAM, which has no special score, scores both the
ordinary way:
"""),
    code("""
cold_hands_chart(rescored, title="A hand laid all at once: the going-out side's score")
"""),
    md("""
**Checked against the sources.** Every worked example of the four sources is stored as data and
recomputed by the engine. The verdict is `match`, or `source slip` when one number in the source
is a typo (the explanation names it), or `mismatch` (which would be an engine bug).
"""),
    code("""
from banakil_replay import examples_frame
examples = examples_frame()
examples = examples[examples.id != "000-sheet-carry"]  # the score sheet's example belongs to lesson 10
examples[["source", "case", "stated", "computed", "verdict"]]
"""),
    code("""
for row in examples[examples.verdict == "source slip"].itertuples():
    print(f"{row.source}, {row.case}\\n  {row.explanation}\\n")
"""),
    *exercise(['is-meld'], """
**One run, five rule sets.** Is `A♦ 2♦ 3♦` a meld under the ERAM rules? Under which other rule sets
is it a run? And what does a side score when one of its players goes out all at once while the
opponents have melded nothing?
""", rules='eram', lesson=8, first="'is-meld/eram/AD-2D-3D'"),
    *worked("""
from banakil_replay import RULESETS, analyze_meld, HandInput, score_hand
# seat 0 lays a 25-point hand at once; nobody else melded (each holds 10 points)
cold = HandInput.from_values(4, went_out=0, all_at_once=True,
                             seats=[(25, 0), (0, 10, False), (0, 10, False), (0, 10, False)])
def scored_as(rs):
    if rs.all_at_once == "flat":
        return f"dhamoon: a flat {rs.all_at_once_value:g} for the player"
    if rs.all_at_once == "team_minimum":
        value = "/".join(f"{v:g}" for v in rs.cold_hand_values)
        return f"cold hand: {'at least ' if rs.cold_hand_at_least else ''}{value} for the side"
    return "no special score: an ordinary hand"
for name, rs in RULESETS.items():
    meld = "a run" if analyze_meld("AD 2D 3D".split(), rs).valid else "not a meld"
    print(f"{name:12} A♦ 2♦ 3♦ is {meld}; all at once: {scored_as(rs)}; "
          f"sides' scores (going-out side first): {score_hand(rs, cold).sides}")
"""),
    md("""
## What you learned

- Five rule sets, one engine: classic, classic-sum, jawaker, eram, kroot; the table shows every
  difference with its sources.
- All at once: classic, a flat 40 for the player (the dhamoon); Jawaker, 51 or 101 for the side
  (000 says 102); Kroot, at least 51 or 102 for the side; ERAM, nothing special. Under Jawaker and
  Kroot the opponents score 0.
- ERAM's low ace lets a run cover thirteen places; elsewhere 3 to ace is twelve.
- The same hand can score very differently; every worked example of the sources is recomputed,
  and the two slips in 004 are explained.
"""),
]

# ------------------------------------------------------------------ lesson 9
REPLAY_AND_ANNOTATE = [
    md("""
# Lesson 9 · Replaying and annotating a real game

## What you will learn

- how a game is stored as a log of events, and rebuilt from it;
- how to step through a game, see one player's view, and quiz yourself on each decision;
- how to write notes on moments of a game, and review a player's decisions.
"""),
    SETUP,
    md(f"""
## The rule

A game is its log: one event per line (the deal, every draw, meld and discard), written once and
never changed; notes are appended as events of their own. Nothing about the table is stored:
every state is rebuilt by folding the events, one at a time, into the state before, with the
same checks that list the options. So an event that breaks a rule of lessons 2 to 8 is refused,
naming the event, the rule and its source, and a log either replays completely or says exactly
where it stops. The format is described in [the event-log format](../docs/event-log.md).
"""),
    md("""
## Live example

Read the log, look at one event, and fold the first three (the match start, the deal and Dana's
first draw):
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
`load_replay` folds the whole log and keeps the state after every event, which is what the
stepper shows. Step with the buttons or the slider; the options panel lists what the player to act
may do, and why other moves are not allowed.
"""),
    code("""
from banakil_replay import ReplayStepper, load_replay, events_frame
dana_ravi = load_replay("../sample_games/classic_dana_ravi.jsonl")
ReplayStepper(dana_ravi, start=2)  # the state folded above: Dana has drawn
"""),
    md("Every event in words, as a table:"),
    code("""
events_frame(dana_ravi)
"""),
    md("""
**One seat's view.** Choose a view to see the table as one player does: the other hands are face
down, with only their card counts.
"""),
    code("""
ReplayStepper("../sample_games/classic_4p_partnership.jsonl", seat_view=0, start=4)  # Nadia's first melds
"""),
    md("A single moment can be drawn without the widget too (here after Layla's turn, from Nadia's seat):"),
    code("""
four = load_replay("../sample_games/classic_4p_partnership.jsonl")
show(four.at(15), seat_view=0)
"""),
    md("""
**A log that breaks a rule.** In this broken log Bilal throws back the lone card he took from the
pile (lesson 4). The replay stops there and says why:
"""),
    code("""
from banakil_replay import UnreadableLogError, ReplayError
try:
    load_replay("../sample_games/broken/discard_lone_top_card.jsonl")
except (UnreadableLogError, ReplayError) as refusal:
    print(refusal)
"""),
    md("""
**Notes.** Notes are stored as `annotated` events appended to the game log (nothing already
written changes). This works on a temporary copy of a sample game.
"""),
    code("""
import shutil, tempfile
from pathlib import Path
from banakil_replay import Annotator
work = Path(tempfile.mkdtemp())
game = Path(shutil.copy("../sample_games/classic_dana_ravi.jsonl", work / "dana_ravi.jsonl"))
notes = Annotator(game, author="coach")
notes.stepper.go(3)
notes.add("A long run early tells Ravi a lot about Dana's hand.")
notes
"""),
    code("""
print(notes.export("md").read_text())
"""),
    md("""
**Review one seat's play.** Every decision Dana made is graded in points. For each one the
engine looks at the game from Dana's chair only (her hand, the table, the pile, the card counts,
never Ravi's cards or the stock's order), deals the cards she could not see at random 24 times,
and plays her move and the other sensible moves out in those same deals. The `loss` column is
how many points her move gave up against the best of them, on average: under 1 point is `agree`,
1 to 3 `acceptable`, 3 to 10 `questionable`, 10 or more a `blunder` (such as missing a chance to
go out). The deals are random, so a loss is an estimate: a prompt to look again, not a proof.
"""),
    code("""
from banakil_replay import review, review_frame
review_frame(review(dana_ravi, seat=0), dana_ravi)
"""),
    *exercise(None, """
Play Dana's hand yourself: in quiz mode the next move stays hidden at every decision. Pick the
move you would make, press **Reveal**, and compare with the move played and the ranked options.
(On a page that cannot run it, the static version follows the stepper's picture.)
""", lesson=9),
    code("""
ReplayStepper(dana_ravi, quiz=True, start=8)
"""),
    md("""
The static version: at event 8 Dana has just drawn A♠. What would you play? The move made, and
the engine's best options ranked:
"""),
    code("""
from banakil_replay import event_text, show_options
print("Played:", event_text(dana_ravi.events[9], dana_ravi.at(9)))
show_options(dana_ravi.at(8), chosen=dana_ravi.events[9], kinds=["meld", "lay_off"])
"""),
    md("""
## What you learned

- A game is a log of events; every table is rebuilt by folding them, and an illegal event is
  refused with its rule.
- The stepper shows any moment, from any seat's view, with the options and their reasons; quiz
  mode hides the move made until you answer.
- Notes go into the log; a review grades each decision by the points it loses.
"""),
]

# ------------------------------------------------------------------ lesson 10
MANY_GAMES = [
    md("""
# Lesson 10 · Many games: matches and analytics

## What you will learn

- how hands add up to a match, and when a match ends under each rule set;
- how 000's score sheet writes down a hand that comes out negative;
- how to replay folders of games at once and chart them;
- how to make a chart of your own.
"""),
    SETUP,
    md(f"""
## The rule

**The match.** Players agree a target before they start; each hand's score is added to a running
total, which may go negative [004], and the match ends when a side reaches the target
[000, 004, 002, 003]. Targets: classic 150 at two players, 203 at three, 303 at four [000, 004];
Jawaker 222 [004 (Jawaker), 000]; ERAM 202 [002]; Kroot 222, 150 one against one [003].

- **Classic, Jawaker and Kroot:** the match ends after the hand in which a side first reaches or
  passes the target, and the highest total wins, even when two sides got there in the same hand.
  000 and 004 say the match ends the first time a total reaches the target; 003 says it ends after
  the hand in which a team reaches it, the higher total winning. A total changes only when a
  hand is scored, so these are one rule [000, 004, 003]. If the top two totals are equal
  banakil-replay plays on (the sources do not say).
- **ERAM:** a team that alone reaches 202 wins; when both reach it, the higher wins only with a
  lead of more than 5, and otherwise tie-break hands are played until the lead exceeds 5 [002].

**Banking** the match means writing its result down for good; once a target is reached any
player may bank it [000]. After that its hands are final.

**The score sheet's carry.** 000 was written for a score-sheet app that takes only whole numbers
from 0 up. So on that sheet a hand that comes out negative is written as **0**, and its shortfall
is carried: it is taken off the next hand (or hands) that player or side scores above 0, before
that number is written. 000's example: a hand at −20, then a hand worth 26, are written as 0,
then 6 [000]. Nothing is lost: the sheet's total, less the shortfall still carried, is the plain
running total. The engine keeps plain totals; asked to (the example below), it scores the
sheet's way.

More in {guide("the-match-and-its-target", "the guide: the match and its target")} and
{guide("variants-and-table-customs", "the guide: variants")}.
"""),
    md("""
## Live example

000's score sheet, worked by the engine: one side's hands of −20 and 26, then hands of −20 and 5,
written the plain way and the sheet's way (`carried` is the shortfall still to come off):
"""),
    code("""
from banakil_replay import match_status, get_ruleset
plain, sheet = get_ruleset("classic"), get_ruleset("classic", {"sheet_carry": True})
for hands_scored in ([(-20, 37), (26, 3)], [(-20, 37), (5, 3)]):
    kept, written = match_status(plain, 2, hands_scored), match_status(sheet, 2, hands_scored)
    scores = ", then ".join(f"{h[0]:g}" for h in hands_scored)
    entered = ", then ".join(f"{row[0]:g}" for row in written.entered)
    print(f"scores {scores}: written as {entered}; sheet total {written.totals[0]:g}, "
          f"carried {written.carried[0]:g}; plain total {kept.totals[0]:g}")
"""),
    md("""

Point `FOLDERS` at any folders of game logs: the hand-made sample games and the matches the bots
played against themselves (`sample_games/selfplay`), or your own. Every log is replayed; a log
that fails is listed with its reason, not silently skipped.
"""),
    code("""
from banakil_replay import load_games, matches_frame, hands_frame
FOLDERS = ["../sample_games", "../sample_games/selfplay"]
games, problems = load_games(FOLDERS)
print(len(games), "games;", len(problems), "could not be replayed:", problems)
"""),
    code("""
matches_frame(games)[["game", "rules", "players", "hands", "target", "over", "winner", "total_0", "total_1"]]
"""),
    md("""
The hands table has one row per hand: who went out (`out_player`) and what each side scored
(`side_0`, `side_1`). Its `ended` column says how the hand ended: **went out**, **all at once**,
**stock ran out** (a dead hand, lesson 6), or **result only**: a hand whose log holds only its
score, written down from a paper score sheet, say, and not its cards, so it counts in the match
but has no play to show or score again.
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
dead = hands[hands.ended == "stock ran out"]
print(f"{len(dead)} of these {len(hands)} hands ended with the stock empty.")
if len(dead):  # stock_chart draws the share per rule set; with no dead hand it would be an empty chart
    display(stock_chart(hands))
"""),
    code("""
points_chart(hands[hands.ended != "result only"])
"""),
    code("""
totals_chart(hands[hands.game.str.startswith("selfplay/")], title="Self-played matches")
"""),
    md("""
A chart of your own is a few lines of altair: choose the rows, a mark, and which column goes on
which axis. Here every hand is a dot, the two sides' scores against each other, coloured by how
the hand ended. Change the columns or the mark and run the cell again.
"""),
    code("""
import altair as alt
from banakil_replay.notebook.charts import ending_colour
two_sides = hands[hands.side_1.notna()]
alt.Chart(two_sides, title="Side 0 against side 1, hand by hand").mark_circle(size=60).encode(
    x=alt.X("side_0:Q", title="side 0's score"),
    y=alt.Y("side_1:Q", title="side 1's score"),
    color=ending_colour(),  # the endings chart's colours: alt.Color("ended:N", ...) with its scale
    tooltip=["game:N", "rules:N", "hand:O", "side_0:Q", "side_1:Q"],
).properties(width=320, height=260)
"""),
    *exercise(['match-winner'], """
**Who has won?** Two players play classic (target 150) and score, hand by hand, 60-10, 45-50 and
30-95. Has the match ended, and who wins? And under ERAM's rule, with four players, if both sides
reach 202 in the same hand at 204 and 207?
""", lesson=10, first="MatchWinner('match-winner/lesson-10', get_ruleset('classic'), 'the question above', 2, ((60, 10), (45, 50), (30, 95)))", prelude="""
from banakil_replay import get_ruleset
from banakil_replay.learn.score_exercises import MatchWinner
"""),
    *worked("""
from banakil_replay import match_status, get_ruleset
hands_played = [(60, 10), (45, 50), (30, 95)]
for n in range(1, len(hands_played) + 1):
    status = match_status(get_ruleset("classic"), 2, hands_played[:n])
    winner = "nobody yet" if status.winner is None else f"side {status.winner}"
    print(f"after hand {n}: totals {status.totals}, over: {status.over}, winner: {winner}")
eram = match_status(get_ruleset("eram"), 4, [(204, 207)])
print("ERAM 204 to 207:", "over" if eram.over else "not over", "| tie-break hands:", eram.tiebreak)
"""),
    md("""
## What you learned

- Hands add up to a match; the target and the way a match ends depend on the rule set.
- On 000's score sheet a negative hand is written as 0 and its shortfall comes off the next
  positive hands (−20 then 26 is written 0 then 6).
- `load_games` replays whole folders; the hands and matches tables feed short charts you can copy.

**For developers** (not needed to play): notes kept in a file of their own beside a log that must
stay untouched, and replaying archives of thousands of games at once, are in the
[README](../README.md) (its sections *Game logs* and *Archives*).

The full rules, with every source, are in [How to play Banakil](../docs/how-to-play.md).
The last lesson tests the sources' advice on playing well.
"""),
]

LESSONS: list[tuple[str, str, list[dict]]] = [
    ("01_first_hand", "Your first hand", FIRST_HAND),
    ("02_cards_and_melds", "Cards and melds", CARDS_AND_MELDS),
    ("03_a_turn", "A turn", A_TURN),
    ("04_the_discard_pile", "The discard pile", DISCARD_PILE),
    ("05_adding_and_swapping", "Adding to melds and swapping a joker", ADDING_AND_SWAPPING),
    ("06_going_out_and_scoring", "Going out, and scoring a hand", GOING_OUT_AND_SCORING),
    ("07_partnerships", "Partnerships", PARTNERSHIPS),
    ("08_rule_sets", "The rule sets side by side", RULE_SETS),
    ("09_replay_and_annotate", "Replaying and annotating a real game", REPLAY_AND_ANNOTATE),
    ("10_many_games", "Many games: matches and analytics", MANY_GAMES),
    ("11_playing_well", "Playing well: the sources' tips, tested", PLAYING_WELL),
]


GLOSSARY_LINK = "Every word of the course is in [the glossary](../docs/glossary.md), with the lesson that defines it."


def next_link(i: int) -> dict | None:
    """The closing cell that links lesson ``i`` to the next one and to the glossary (the last lesson closes itself)."""
    if i + 1 >= len(LESSONS):
        return None
    name, title, _ = LESSONS[i + 1]
    return md(f"{GLOSSARY_LINK}\n\n**Next:** [Lesson {i + 2} · {title}]({name}.ipynb)")


def write(name: str, cells: list[dict], folder: Path = NOTEBOOKS) -> None:
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
    (folder / f"{name}.ipynb").write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def lesson_cells(i: int) -> list[dict]:
    """Lesson ``i``'s cells in English, the closing link to the next one included."""
    name, _, cells = LESSONS[i]
    link = next_link(i)
    return cells + ([link] if link else [])


def twins(lang: str) -> dict[str, list[dict]]:
    """The lessons in ``lang`` whose every markdown cell the lessons catalog translates, by name (a
    lesson with any cell untranslated is left out, never written half English)."""
    table = translations("lessons", lang)
    done = {name for i, (name, _, _) in enumerate(LESSONS)
            if all(c["source"] in table for c in lesson_cells(i) if c["cell_type"] == "markdown")}
    out = {}
    for i, (name, _, _) in enumerate(LESSONS):
        if name in done:
            out[name] = localize_cells(lesson_cells(i), lang, table, done)[0]
    return out


def main_lang(lang: str) -> None:
    """The lessons catalog of ``lang`` brought in step with the English, and every translated lesson written
    to notebooks/<lang>/ (a lesson no longer translated in full is removed, not left stale)."""
    messages = [(c["source"], f"notebooks/{name}") for i, (name, _, _) in enumerate(LESSONS)
                for c in lesson_cells(i) if c["cell_type"] == "markdown"]
    total, todo = merge("lessons", lang, messages)
    folder = NOTEBOOKS / lang
    folder.mkdir(exist_ok=True)
    made = twins(lang)
    for old in folder.glob("*.ipynb"):
        if old.stem not in made:
            old.unlink()
    for name, cells in made.items():
        write(name, cells, folder)
    print(f"{po_path('lessons', lang)}: {total} entries, {todo} to translate; "
          f"{len(made)} of {len(LESSONS)} lessons written to {folder}")


def main() -> None:
    if "--lang" in sys.argv:
        lang = sys.argv[sys.argv.index("--lang") + 1]
        if lang != "en":
            main_lang(lang)
            return
    NOTEBOOKS.mkdir(exist_ok=True)
    wanted = {f"{name}.ipynb" for name, _, _ in LESSONS}
    for old in NOTEBOOKS.glob("*.ipynb"):  # a lesson renamed or removed leaves no stale copy
        if old.name not in wanted:
            old.unlink()
    for i, (name, _, _) in enumerate(LESSONS):
        write(name, lesson_cells(i))
    GLOSSARY.write_text(glossary_markdown(), encoding="utf-8")


if __name__ == "__main__":
    main()
