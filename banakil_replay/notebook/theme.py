"""Every colour the notebook pages and widgets use, by what it means.

One home, so a page, a widget and a chart say "valid" or "your turn" in the same
colour, and a change of palette is one edit. ``tests/test_theme.py`` keeps hex
colours out of the other notebook modules.
"""

from __future__ import annotations

__all__ = ["BLACK", "TEXT", "TEXT_SOFT", "MUTED", "QUIET", "FAINT", "FAINTER", "RED", "GREEN", "AMBER", "FOCUS",
           "LINE", "WHITE", "CARD_EDGE", "PICKED", "JOKER_FACE", "JOKER_COLOUR", "WILD_BORDER", "CARD_BACK_EDGE",
           "CARD_BACK_DARK", "CARD_BACK_LIGHT", "ENDING_PALETTE"]

# text, darkest first: greys step down as a line matters less to the reader
BLACK = "#1f2328"  # black cards (clubs, spades)
TEXT = "#333"  # status lines and notes
TEXT_SOFT = "#444"  # labels and explanations beside the cards
MUTED = "#555"  # captions and secondary lines
QUIET = "#666"  # asides: rules cited, hints in brackets, still-picture notes
FAINT = "#777"  # what is empty or can be skipped
FAINTER = "#888"  # where an exercise comes from

# meaning
RED = "#c0392b"  # red cards, refusals and errors
GREEN = "#1e7e34"  # valid, right, the move made, the winner
AMBER = "#b35900"  # not wrong, but not the best: a costly move, a quiz miss
FOCUS = "#3b82f6"  # the seat to play, the cards picked
LINE = "#ddd"  # borders and table rules that should not draw the eye

# cards
WHITE = "#fff"  # a card's face
CARD_EDGE = "#8a8f98"  # a plain card's border
PICKED = "#cfe2ff"  # a card picked on the move pad
JOKER_FACE = "#f4ecf7"  # a joker's face, so it stands out in a hand
JOKER_COLOUR = "#6c3483"  # a joker's label
WILD_BORDER = "#d4a017"  # the gold border of a wild card (a joker or a 2)
CARD_BACK_EDGE = "#5b6b8c"  # a face-down card's border
CARD_BACK_DARK, CARD_BACK_LIGHT = "#3b5998", "#6d84b4"  # the stripes of a face-down card

# charts: the four ways a hand ends, in Vega's category10 order, the dead hand grey
ENDING_PALETTE = ("#4c78a8", "#f58518", "#e45756", "#9d9d9d")
