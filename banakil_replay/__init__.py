"""banakil-replay: rules engine, event-log replay and tutorials for Banakil.

Everything a notebook or a user calls is importable from here, so code never
depends on where a module lives:

>>> from banakil_replay import read_events, fold, replay, options
>>> events = read_events("sample_games/classic_dana_ravi.jsonl")
>>> fold(events[:2]).turn  # the state after the match start and the deal
0
>>> len(options(replay(events).at(1)).options) > 0
True

``fold`` keeps the last state, ``replay`` every state, and ``apply`` adds one (typed)
event, refusing one the rules forbid with the rule and the seq it breaks at:

>>> from banakil_replay import apply, parse_event, ReplayError
>>> state = fold(events[:2])
>>> apply(state, parse_event(events[2], 2)).seq == replay(events[:3]).final.seq == 2
True
>>> try:
...     apply(state, parse_event(events[3], 3))
... except ReplayError as no:
...     print(no.seq, no.rule.id)
3 contiguous-seq

The layers, each depending only on those before it: the ground (``cards``,
``errors``, ``rules``), the rules of melds and scoring, the log's meaning
(``events``, ``state``, ``reducer``), then the edges: ``play/``, ``log/``,
``notebook/``, ``cli/``. The rules core never imports an edge. The edges' names
(options, notes, tables, charts, widgets, ``bulk``) are imported when first
asked for, so the command line and the core load quickly.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .cards import Card, full_deck, parse_card, parse_cards, point_value
from .errors import (
    BanakilError, IllegalMoveError, MalformedEventError, MalformedInputError, ReplayError, UnknownRulesetError, render,
)
from .events import (
    Annotated, Discarded, Drew, Event, HandRecorded, HandScored, HandStarted, HandStruck, JokerSwapped, LaidOff,
    MatchBanked, MatchStarted, Melded, Reshuffled, Took, event_to_json, parse_event,
)
from .log.load import UnreadableLogError, load_replay
from .log.store import append_event, create_log, read_events, read_log
from .melds import (
    Meld, analyze_meld, can_joker_swap, can_lay_off, can_meld, verify_joker_swap, verify_lay_off, verify_meld,
)
from .endings import ENDINGS, HandEnd, hand_ends
from .hand_end import hand_end_input
from .native import compiled
from .reducer import Replay, apply, fold, replay
from .rulebook import Rule
from .rules import RULESETS, Ruleset, get_ruleset
from .scoring import HandInput, HandScore, match_status, score_hand
from .state import GameState

if TYPE_CHECKING:  # the names of _LAZY, for type checkers; tests/test_public_face.py keeps the two the same
    from .log import bulk as bulk
    from .log.annotations import (
        AnnotatedGame as AnnotatedGame, Note as Note, Sidecar as Sidecar, SidecarMismatchError as SidecarMismatchError,
        export_notes as export_notes, import_notes as import_notes,
    )
    from .notebook.charts import (
        cold_hands_chart as cold_hands_chart, endings_chart as endings_chart, points_chart as points_chart,
        stock_chart as stock_chart, totals_chart as totals_chart,
    )
    from .notebook.exercises import ExerciseWidget as ExerciseWidget
    from .notebook.frames import (
        card_points_frame as card_points_frame, events_frame as events_frame, examples_frame as examples_frame,
        hands_frame as hands_frame, load_games as load_games, matches_frame as matches_frame,
        rescore_frame as rescore_frame, review_frame as review_frame, rules_frame as rules_frame,
        side_points as side_points,
    )
    from .notebook.narrate import event_text as event_text
    from .notebook.playtable import PlayTable as PlayTable
    from .notebook.setup import (
        answer as answer, setup_notebook as setup_notebook, show as show, show_options as show_options,
        show_score as show_score,
    )
    from .notebook.sheet import SheetWidget as SheetWidget
    from .notebook.widgets import Annotator as Annotator, MeldChecker as MeldChecker, ReplayStepper as ReplayStepper
    from .play.bots.selfplay import HeuristicBot as HeuristicBot, RandomBot as RandomBot, play_match as play_match
    from .play.bots.expert import ExpertBot as ExpertBot
    from .play.moves import Option as Option, Options as Options
    from .play.coach.options import options as options
    from .play.observation import Observation as Observation, observe as observe
    from .play.analysis.review import review as review
    from .play.analysis.stepper import Stepper as Stepper

# The edges (play, notes, notebook) are imported on first use: the command line and the rules
# core stay quick to load, and the widgets need ipywidgets. This is their one registry: the
# lazy import, __all__ and dir() all read it.
_LAZY_BY_MODULE: dict[str, tuple[str, ...]] = {
    "log.bulk": ("bulk",),
    "log.annotations": ("AnnotatedGame", "Note", "Sidecar", "SidecarMismatchError", "export_notes", "import_notes"),
    "play.coach.options": ("options",),
    "play.moves": ("Options", "Option"),
    "play.analysis.review": ("review",),
    "play.analysis.stepper": ("Stepper",),
    "play.observation": ("observe", "Observation"),
    "play.bots.selfplay": ("HeuristicBot", "RandomBot", "play_match"),
    "play.bots.expert": ("ExpertBot",),
    "notebook.setup": ("setup_notebook", "show", "show_score", "show_options", "answer"),
    "notebook.narrate": ("event_text",),
    "notebook.frames": ("load_games", "events_frame", "hands_frame", "matches_frame", "rescore_frame",
                        "examples_frame", "rules_frame", "card_points_frame", "review_frame", "side_points"),
    "notebook.charts": ("totals_chart", "points_chart", "endings_chart", "cold_hands_chart", "stock_chart"),
    "notebook.widgets": ("MeldChecker", "ReplayStepper", "Annotator"),
    "notebook.exercises": ("ExerciseWidget",),
    "notebook.sheet": ("SheetWidget",),
    "notebook.playtable": ("PlayTable",),
}
_LAZY: dict[str, str] = {name: module for module, names in _LAZY_BY_MODULE.items() for name in names}

__all__ = [
    # cards, errors, rule sets, the rulebook, melds (verify says why not, can says whether), scoring
    "Card", "parse_card", "parse_cards", "full_deck", "point_value",
    "BanakilError", "MalformedInputError", "UnknownRulesetError", "IllegalMoveError", "ReplayError",
    "MalformedEventError", "render",
    "Ruleset", "RULESETS", "get_ruleset", "Rule",
    "Meld", "analyze_meld", "verify_meld", "verify_lay_off", "verify_joker_swap", "can_meld", "can_lay_off",
    "can_joker_swap",
    "HandInput", "HandScore", "score_hand", "match_status",
    # the log and its meaning
    "Event", "MatchStarted", "HandStarted", "Drew", "Took", "Melded", "LaidOff", "JokerSwapped", "Discarded",
    "Reshuffled", "HandScored", "HandRecorded", "HandStruck", "Annotated", "MatchBanked", "parse_event",
    "event_to_json",
    "GameState", "Replay", "apply", "replay", "fold", "HandEnd", "hand_ends", "ENDINGS", "hand_end_input",
    "read_events", "read_log", "append_event", "create_log", "load_replay", "UnreadableLogError",
    # which path the install took: the compiled core's modules, or none (pure Python)
    "compiled",
]
__all__ += list(_LAZY)  # play, notes and notebooks
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f".{_LAZY[name]}", __name__)
    value = module if name == "bulk" else getattr(module, name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
