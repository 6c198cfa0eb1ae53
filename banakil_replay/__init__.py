"""banakil-replay: rules engine, event-log replay and tutorials for Banakil.

Layers, each depending only on those before it: ``cards`` -> ``rules`` ->
``melds`` -> ``scoring``. The rules core never imports an edge module
(display, widgets, CLI).
"""

from .cards import Card, parse_card, parse_cards
from .errors import AmbiguousInputError, BanakilError, IllegalMoveError, MalformedInputError
from .melds import Meld, analyze_meld, verify_joker_swap, verify_lay_off, verify_meld
from .rules import RULESETS, Ruleset, get_ruleset
from .scoring import HandInput, HandScore, match_status, score_hand

__all__ = [
    "Card", "parse_card", "parse_cards",
    "BanakilError", "MalformedInputError", "IllegalMoveError", "AmbiguousInputError",
    "Meld", "analyze_meld", "verify_meld", "verify_lay_off", "verify_joker_swap",
    "Ruleset", "RULESETS", "get_ruleset",
    "HandInput", "HandScore", "score_hand", "match_status",
]
__version__ = "0.1.0"
