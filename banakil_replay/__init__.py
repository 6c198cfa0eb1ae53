"""banakil-replay: rules engine, event-log replay and tutorials for Banakil.

Everything a notebook or a user calls is importable from here, so code never
depends on where a module lives:

>>> from banakil_replay import read_events, fold, replay, options
>>> events = read_events("sample_games/classic_dana_ravi.jsonl")
>>> fold(events[:2]).turn  # the state after the match start and the deal
0
>>> len(options(replay(events).at(1)).options) > 0
True

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
from .errors import BanakilError, IllegalMoveError, MalformedInputError
from .events import (
    Annotated, Discarded, Drew, Event, HandScored, HandStarted, JokerSwapped, LaidOff, MatchBanked, MatchStarted,
    Melded, Reshuffled, Took, event_to_json, parse_event,
)
from .log.load import UnreadableLogError, load_replay
from .log.store import append_event, create_log, read_events, read_log
from .melds import Meld, analyze_meld, verify_joker_swap, verify_lay_off, verify_meld
from .endings import ENDINGS, HandEnd, hand_ends
from .hand_end import hand_end_input
from .reducer import Replay, ReplayError, fold, replay
from .rules import RULESETS, Ruleset, get_ruleset
from .scoring import HandInput, HandScore, match_status, score_hand
from .state import GameState

if TYPE_CHECKING:  # the edges' names, imported on first use (see _LAZY); here for type checkers
    from .log import bulk
    from .log.annotations import AnnotatedGame, Note, Sidecar, SidecarMismatchError, export_notes, import_notes
    from .notebook.charts import cold_hands_chart, endings_chart, points_chart, stock_chart, totals_chart
    from .notebook.exercises import ExerciseWidget
    from .notebook.frames import (
        card_points_frame, events_frame, examples_frame, hands_frame, load_games, matches_frame, rescore_frame,
        review_frame, rules_frame, side_points,
    )
    from .notebook.narrate import event_text
    from .notebook.playtable import PlayTable
    from .notebook.setup import answer, setup_notebook, show, show_options, show_score
    from .notebook.sheet import SheetWidget
    from .notebook.widgets import Annotator, MeldChecker, ReplayStepper
    from .play.bots import HeuristicBot, RandomBot, play_match
    from .play.expert import ExpertBot
    from .play.moves import Option, Options
    from .play.observation import Observation, observe
    from .play.options import options
    from .play.review import review
    from .play.stepper import Stepper

__all__ = [
    # cards, errors, rule sets, melds, scoring
    "Card", "parse_card", "parse_cards", "full_deck", "point_value",
    "BanakilError", "MalformedInputError", "IllegalMoveError",
    "Ruleset", "RULESETS", "get_ruleset",
    "Meld", "analyze_meld", "verify_meld", "verify_lay_off", "verify_joker_swap",
    "HandInput", "HandScore", "score_hand", "match_status",
    # the log and its meaning
    "Event", "MatchStarted", "HandStarted", "Drew", "Took", "Melded", "LaidOff", "JokerSwapped", "Discarded",
    "Reshuffled", "HandScored", "Annotated", "MatchBanked", "parse_event", "event_to_json",
    "GameState", "Replay", "ReplayError", "replay", "fold", "HandEnd", "hand_ends", "ENDINGS", "hand_end_input",
    "read_events", "read_log", "append_event", "create_log", "load_replay", "UnreadableLogError",
    "Note", "Sidecar", "SidecarMismatchError", "AnnotatedGame", "export_notes", "import_notes", "bulk",
    # play
    "options", "Options", "Option", "review", "Stepper",
    "observe", "Observation", "HeuristicBot", "RandomBot", "ExpertBot", "play_match",
    # notebooks
    "setup_notebook", "show", "show_score", "show_options", "answer", "event_text",
    "load_games", "events_frame", "hands_frame", "matches_frame", "rescore_frame", "examples_frame", "rules_frame",
    "card_points_frame", "review_frame", "side_points",
    "totals_chart", "points_chart", "endings_chart", "cold_hands_chart", "stock_chart",
    "MeldChecker", "ReplayStepper", "Annotator", "ExerciseWidget", "SheetWidget", "PlayTable",
]
__version__ = "0.1.0"

# The edges (play, notes, notebook) are imported on first use: the command line and
# the rules core stay quick to load, and the widgets need ipywidgets.
_LAZY: dict[str, str] = {
    "bulk": "log.bulk",
    **dict.fromkeys(("AnnotatedGame", "Note", "Sidecar", "SidecarMismatchError", "export_notes", "import_notes"),
                    "log.annotations"),
    **dict.fromkeys(("cold_hands_chart", "endings_chart", "points_chart", "stock_chart", "totals_chart"),
                    "notebook.charts"),
    **dict.fromkeys(("card_points_frame", "events_frame", "examples_frame", "hands_frame", "load_games",
                     "matches_frame", "rescore_frame", "review_frame", "rules_frame", "side_points"),
                    "notebook.frames"),
    "event_text": "notebook.narrate",
    **dict.fromkeys(("setup_notebook", "show", "show_score", "show_options", "answer"), "notebook.setup"),
    **dict.fromkeys(("Annotator", "MeldChecker", "ReplayStepper"), "notebook.widgets"),
    "ExerciseWidget": "notebook.exercises",
    "SheetWidget": "notebook.sheet",
    "PlayTable": "notebook.playtable",
    **dict.fromkeys(("Option", "Options", "options"), "play.options"),
    "review": "play.review",
    **dict.fromkeys(("observe", "Observation"), "play.observation"),
    **dict.fromkeys(("HeuristicBot", "RandomBot", "play_match"), "play.bots"),
    "ExpertBot": "play.expert",
    "Stepper": "play.stepper",
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f".{_LAZY[name]}", __name__)
    value = module if name == "bulk" else getattr(module, name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
