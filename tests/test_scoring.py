"""Hand scoring and match sheets under every rule set (sources cited per test)."""

from __future__ import annotations

import pytest

from banakil_replay.errors import MalformedInputError
from banakil_replay.rules import get_ruleset
from banakil_replay.scoring import (
    HandInput, match_status, match_status_of, round_in_favour, score_hand, sheet_entries,
)

H = HandInput.from_values


@pytest.mark.parametrize("x, expected", [(36.5, 37), (-5.5, -5), (-13.5, -13), (44.5, 45), (3.0, 3),
                                         (-2.5, -2), (2.5, 3), (0.0, 0)])
def test_round_in_favour(x: float, expected: int) -> None:
    # 000 (Scoring) and 004: positive halves round up, negative halves drop; 003: 2.5 in hand costs 2
    assert round_in_favour(x) == expected


def test_two_players_going_out_and_hand() -> None:
    # 004 example 1: A 24.5 melded and out; B 6 melded, 11.5 in hand
    hs = score_hand(get_ruleset("classic"), H(2, went_out=0, seats=[(24.5, 0), (6, 11.5)]))
    assert hs.seats == [44.5, -5.5] and hs.sides == [45, -5]


def test_never_melded_is_flat_minus_20_whatever_the_hand() -> None:
    a = score_hand(get_ruleset("classic"), H(3, went_out=1, seats=[(0, 3), (10, 0), (0, 40)]))
    assert a.seats[0] == a.seats[2] == -20


def test_dhamoon_two_players_holds_whatever_others_melded() -> None:
    # 004 example 3: A out all at once; B had melded 12 -> A still 40
    hs = score_hand(get_ruleset("classic"), H(2, went_out=0, all_at_once=True, seats=[(22, 0), (12, 9)]))
    assert hs.sides == [40, 3]


def test_dhamoon_partnership_needs_other_three_unmelded() -> None:
    r = get_ruleset("classic")
    nobody = H(4, went_out=1, all_at_once=True, seats=[(0, 5), (20, 0), (0, 5), (0, 5)])
    partner = H(4, went_out=1, all_at_once=True, seats=[(0, 5), (20, 0), (0, 5), (3, 5)])
    assert score_hand(r, nobody).seats[1] == 40
    assert score_hand(r, partner).seats[1] == 40.0 and score_hand(r, partner).sides[1] == 40
    partner2 = H(4, went_out=1, all_at_once=True, seats=[(0, 5), (25, 0), (0, 5), (3, 5)])
    assert score_hand(r, partner2).seats[1] == 45  # melded + 20, not the flat 40


def test_partnership_out_goer_vs_sum() -> None:
    # 004 example 5 standard and variant
    hand = H(4, went_out=2, all_at_once=True, seats=[(0, 10), (3.5, 16), (25, 0), (10.5, 9)])
    assert score_hand(get_ruleset("classic"), hand).sides == [45, 9]
    assert score_hand(get_ruleset("classic-sum"), hand).sides == [25, -11]


def test_kroot_laid_cards_example() -> None:
    # 003: partner goes out having laid 24, you laid 9; opponents hold 2.5 and 4.5
    hs = score_hand(get_ruleset("kroot"), H(4, went_out=0, seats=[(24, 0), (0, 2.5), (9, 5), (3, 4.5)]))
    assert hs.sides == [53, -6]


def test_kroot_cold_hand_is_a_minimum() -> None:
    k = get_ruleset("kroot")
    small = H(4, went_out=0, all_at_once=True, seats=[(10, 0), (1, 3), (0, 4), (0, 5)])
    assert score_hand(k, small).sides == [51, 0]
    none = H(4, went_out=0, all_at_once=True, seats=[(10, 0), (0, 3), (0, 4), (0, 5)])
    assert score_hand(k, none).sides == [102, 0]
    big = H(4, went_out=0, all_at_once=True, seats=[(60, 0), (0, 3), (50, 4), (0, 5)])
    assert score_hand(k, big).sides == [130, 0]


def test_jawaker_cold_hand_101_or_102_by_option() -> None:
    hand = H(4, went_out=3, all_at_once=True, seats=[(0, 3), (0, 4), (0, 5), (30, 0)])
    assert score_hand(get_ruleset("jawaker"), hand).sides == [0, 101]  # 004 Jawaker 5
    alt = get_ruleset("jawaker", {"cold_hand_values": [51, 102]})  # 000's figure
    assert score_hand(alt, hand).sides == [0, 102]


def test_eram_scores_each_player_and_keeps_halves() -> None:
    e = get_ruleset("eram")
    hs = score_hand(e, H(4, went_out=2, seats=[(14, 3.5), (0, 9), (3, 0, False), (5, 1)]))
    # seat 2 finished by adding only: 0 (002); seat 1 never opened: -20; no rounding
    assert hs.seats == [10.5, -20, 0, 4] and hs.sides == [10.5, -16]


def test_eram_dead_hand_scored_without_bonus_classic_dead_unscored() -> None:
    seats = [(14, 3.5), (2, 9), (3, 1), (5, 1)]
    assert score_hand(get_ruleset("eram"), H(4, went_out=None, seats=seats)).sides == [12.5, -3]
    dead = score_hand(get_ruleset("classic"), H(4, went_out=None, seats=seats))
    assert dead.dead and dead.sides == [0, 0]


def test_bad_inputs_name_the_field() -> None:
    r = get_ruleset("classic")
    with pytest.raises(MalformedInputError, match=r"seats\[1\].in_hand"):
        HandInput.from_json({"players": 2, "went_out": 0, "seats": [{"melded": 1, "in_hand": 0},
                                                                     {"melded": 1, "in_hand": "x"}]}, r)
    with pytest.raises(MalformedInputError, match="seats\\[0\\].melded_cards.*ZZ"):
        HandInput.from_json({"players": 2, "went_out": 0, "seats": [{"melded_cards": ["ZZ"]}, {}]}, r)
    with pytest.raises(MalformedInputError, match="3 players but 2 seats"):
        H(3, went_out=0, seats=[(1, 0), (1, 0)])
    with pytest.raises(MalformedInputError, match="played by 4 players"):
        score_hand(get_ruleset("eram"), H(2, went_out=0, seats=[(1, 0), (1, 0)]))


def test_sheet_carry() -> None:
    # 000: -20 then 26 is entered as 0 then 6; a larger shortfall carries on
    assert sheet_entries([-20, 26]) == ([0, 6], 0)
    assert sheet_entries([-20, 5, 30]) == ([0, 0, 15], 0)
    st = match_status(get_ruleset("classic", {"sheet_carry": True}), 2, [[-20, 3], [26, 4]])
    assert st.entered == ((0, 3), (6, 4)) and st.totals == (6, 7)


def test_match_end_first_to_reach_and_ties() -> None:
    c = get_ruleset("classic")
    assert match_status(c, 2, [[100, 20], [49, 10]]).over is False
    st = match_status(c, 2, [[100, 20], [50, 10]])
    assert st.over and st.winner == 0
    tie = match_status(c, 2, [[150, 150]])
    assert not tie.over and tie.tiebreak
    with pytest.raises(MalformedInputError, match="after the match had ended"):
        match_status(c, 2, [[200, 0], [1, 1]])


def test_eram_gap_tiebreak() -> None:
    e = get_ruleset("eram")
    assert match_status(e, 4, [[205, 150]]).winner == 0  # only one team past 202
    close = match_status(e, 4, [[205, 203]])
    assert close.tiebreak and not close.over  # both past 202, gap 2: tie-break deal
    still = match_status(e, 4, [[205, 203], [0, 3]])
    assert still.tiebreak and not still.over  # 205 v 206: gap 1
    done = match_status(e, 4, [[205, 203], [0, 3], [10, 0]])
    assert done.over and done.winner == 0  # 215 v 206: gap 9 > 5


def test_the_working_names_the_players_when_it_knows_them() -> None:
    hand = H(4, went_out=2, all_at_once=True, seats=[(0, 10), (3.5, 16), (25, 0), (10.5, 9)])
    names = ["Dana", "Ravi", "Nadia", "Layla"]
    named = score_hand(get_ruleset("classic"), hand, names).explain
    assert "Ravi: 3.5 melded - 16 in hand = -12.5." in named
    assert any(line.startswith("Side 0 scores only Nadia's score") and "subtracts Dana's" in line for line in named)
    assert not any("Seat" in line or "seat " in line for line in named)
    plain = score_hand(get_ruleset("classic"), hand).explain
    assert "Seat 1: 3.5 melded - 16 in hand = -12.5." in plain and any("scores only seat 2's" in line for line in plain)


def test_a_replayed_hand_is_explained_with_the_players_names() -> None:
    from pathlib import Path

    from banakil_replay.log.load import load_replay

    final = load_replay(Path(__file__).resolve().parents[1] / "sample_games" / "classic_dana_ravi.jsonl").final
    assert final.hand_score is not None
    assert any(line.startswith("Dana") for line in final.hand_score.explain)
    assert not any(line.startswith("Seat") for line in final.hand_score.explain)


def test_a_hand_one_deck_cannot_hold_is_refused() -> None:
    from banakil_replay.errors import MalformedInputError as Refused
    data = {"players": 2, "went_out": 0, "seats": [{"melded_cards": ["AS"] * 200, "in_hand_cards": []},
                                                   {"melded_cards": ["JK", "JK"], "in_hand_cards": []}]}
    with pytest.raises(Refused, match=r"A♠ is named 200 times \(seats\[0\]: 200\); the deck holds 2"):
        HandInput.from_json(data, get_ruleset("classic"))
    data["seats"][0]["melded_cards"] = ["AS", "AS", "3H", "4H", "5H"]
    assert HandInput.from_json(data, get_ruleset("classic")).seats[1].melded == 8  # two of each: one deck holds them
    data["seats"][1]["in_hand_cards"] = ["JK"]
    with pytest.raises(Refused, match=r"is named 3 times \(seats\[1\]: 3\)"):
        HandInput.from_json(data, get_ruleset("classic"))


def test_a_deck_overflow_counts_seats_from_zero_as_everywhere() -> None:
    from banakil_replay.cards import parse_cards
    from banakil_replay.deck_holds import deck_overflow

    hands = [parse_cards("3H 3H"), parse_cards("3H 4H")]
    assert "(seat 0: 2, seat 1: 1)" in str(deck_overflow(hands))
    assert "(Dana: 2, seat 1: 1)" in str(deck_overflow(hands, ["Dana", ""]))  # a blank name: the seat's number


@pytest.mark.parametrize("log", ["sample_games/selfplay/classic_4p.jsonl", "sample_games/selfplay/eram_4p.jsonl",
                                 "conformance/valid/classic-sheet-struck.jsonl"])
def test_the_fold_carries_the_sheet_its_hands_give(log: str) -> None:
    """The status each state carries (what the next hand's end steps from) is the one its hands give, struck
    hands too, and its figures are the state's."""
    from pathlib import Path

    from banakil_replay import load_replay

    replay = load_replay(Path(__file__).resolve().parent.parent / log)
    ends = [s for s in replay.states if s.history]
    assert len({len(s.history) for s in ends}) > 2  # several hands' ends, so most statuses were stepped
    for s in ends:
        assert s.rules is not None and s.match == match_status(s.rules, s.n, s.history)
        assert (s.match.totals, s.match.over, s.match.winner) == (s.totals, s.match_over, s.winner)


def test_a_status_of_other_hands_is_not_stepped_from() -> None:
    c = get_ruleset("classic")
    other = match_status(c, 2, [(100, 0)])  # a status, but not of the hands before the last
    assert match_status_of(c, 2, other, [(37, 3), (20, 150)]) == match_status(c, 2, [(37, 3), (20, 150)])
    assert match_status_of(c, 2, None, [(37, 3)]) == match_status(c, 2, [(37, 3)])
