"""The catalogue of the sources' tips: every tip is playable as a habit pair or says why not."""

from __future__ import annotations

import pytest

from banakil_replay.play.bots import HeuristicBot
from banakil_replay.play.habits import HabitBot
from banakil_replay.play.tips import TIPS, get_tip


def test_every_tip_is_playable_or_says_why_not() -> None:
    for tip in TIPS:
        assert tip.source[:3] in {"000", "002", "003", "004"}, tip.id
        if tip.testable:
            assert tip.habit != tip.without and tip.runs, tip.id
            assert get_tip(tip.id.upper()) is tip
        else:
            with pytest.raises(ValueError, match="cannot be played"):
                get_tip(tip.id)
    with pytest.raises(ValueError, match="unknown tip 'nope'; known: hold-set"):
        get_tip("nope")


def test_an_arm_without_settings_is_the_plain_bot_itself() -> None:
    tip = get_tip("guard-jokers")
    assert tip.arm("habit") is HeuristicBot  # the runner knows it need not play the plain bot against itself
    bot = tip.arm("without")()
    assert isinstance(bot, HabitBot) and bot.keep_jokers and bot is not tip.arm("without")()
