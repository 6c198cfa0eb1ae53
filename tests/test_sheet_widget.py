"""The score sheet widget driven from Python: boxes, Add hand, the table, refusals, the still picture.

Expected figures come from the sources' worked examples and from the model the ``sheet``
command uses (``log.sheet``), so the widget is checked to show the engine's sheet.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

import banakil_replay
from banakil_replay.errors import BanakilError, MalformedInputError
from banakil_replay.examples import load_examples
from banakil_replay.log.sheet import open_sheet
from banakil_replay.notebook.sheet import NOBODY, SheetWidget, seat_entry, sheet_html

EXAMPLES = {ex["id"]: ex for ex in load_examples()}


def plain(panel: str) -> str:
    """A panel as it reads: tags gone, entities read back, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", panel)).split())


def fill(w: SheetWidget, seats: list[tuple[str, str]], went_out: int = 0, all_at_once: bool = False) -> bool:
    for (m, h), melded, in_hand in zip(seats, w.melded, w.in_hand):
        melded.value, in_hand.value = m, h
    w.went_out.value = went_out
    w.all_at_once.value = all_at_once
    before = len(w.sheet.hands)
    w.add_button.click()
    return len(w.sheet.hands) > before


def test_dana_and_ravi_by_points_then_by_cards(tmp_path: Path) -> None:
    path = tmp_path / "evening.jsonl"
    w = SheetWidget(path, "classic", ["Dana", "Ravi"])
    assert "No hands yet." in plain(w.sheet_panel.value)
    assert fill(w, [("16.5", "0"), ("10.5", "7.5")])
    assert "Hand 1 added: Dana 37, Ravi 3." in plain(w.message.value)
    assert [b.value for b in (*w.melded, *w.in_hand)] == ["", "", "", ""]  # cleared for the next hand
    cards = EXAMPLES["000-dana-ravi"]["input"]["seats"]
    assert fill(w, [(" ".join(s["melded_cards"]), " ".join(s["in_hand_cards"])) for s in cards])
    _, on_disk = open_sheet(path)  # the file holds what the widget shows
    assert on_disk == w.sheet
    assert [h.scores for h in on_disk.hands] == [(37, 3), (37, 3)]
    assert on_disk.totals == (74, 6)
    shown = plain(w.sheet_panel.value)
    assert "hand Dana total Ravi total 1 37 37 3 3 2 37 74 3 6" in shown
    assert "No winner yet (Dana 74, Ravi 6; 150 to win)." in shown


def test_the_carry_and_the_winner_then_no_more_hands(tmp_path: Path) -> None:
    w = SheetWidget(tmp_path / "s.jsonl", "classic", ["Dana", "Ravi"], carry=True)
    assert fill(w, [("0", "9"), ("21", "0")], went_out=1)  # Dana never melded: -20, entered as 0
    assert "-20 (enters 0)" in plain(w.sheet_panel.value)
    for _ in range(4):  # a dhamoon is 40 (the first pays off Dana's 20); Ravi's -4 enters as 0 each time
        assert fill(w, [("30", ""), ("5", "9")], went_out=0, all_at_once=True)
    assert (w.sheet.totals, w.sheet.carried, w.sheet.winner) == ((140, 41), (0, 16), None)
    assert "Still to come off: Ravi 16." in plain(w.sheet_panel.value)
    assert fill(w, [("30", ""), ("5", "9")], went_out=0, all_at_once=True)
    assert (w.sheet.totals, w.sheet.winner) == ((180, 41), 0)
    assert 'data-winner="0"' in w.sheet_panel.value
    assert "Dana won the match (Dana 180, Ravi 41; 150 to win)." in plain(w.sheet_panel.value)
    assert w.add_button.disabled and all(b.disabled for b in w.melded)
    before = (tmp_path / "s.jsonl").read_bytes()
    assert w.add() is False and "The match is over, so no hand is added" in plain(w.message.value)
    assert (tmp_path / "s.jsonl").read_bytes() == before


@pytest.mark.parametrize("seats, went_out, words", [
    ([("3H 4H ZZ", ""), ("1", "2")], 0, "unknown card code 'ZZ'"),
    ([("3H 4H 5H", "2"), ("1", "2")], 0, "Dana: give what was melded and what is in hand both as points or both"),
    ([("1", "2"), ("1", "2000")], 0, "seats[1].in_hand must be a number from -1000 to 1000"),
    ([("1", "2"), ("1", "2")], NOBODY, "'all_at_once' needs a seat that went out"),
])
def test_a_refused_hand_is_a_sentence_and_the_file_is_unchanged(tmp_path: Path, seats: list[tuple[str, str]],
                                                                 went_out: int, words: str) -> None:
    path = tmp_path / "s.jsonl"
    w = SheetWidget(path, "classic", ["Dana", "Ravi"])
    before = path.read_bytes()
    assert not fill(w, seats, went_out, all_at_once=went_out == NOBODY)
    message = plain(w.message.value)
    assert words in message and message.startswith("Hand 1 not added: ") and "The sheet is unchanged." in message
    assert 'class="banakil-sheet-refused"' in w.message.value and w.last_error is None
    assert path.read_bytes() == before
    assert seats[0][0] == w.melded[0].value  # the boxes are kept, to be corrected


def test_a_failing_action_shows_a_sentence_not_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    w = SheetWidget(tmp_path / "s.jsonl", "classic", ["Dana", "Ravi"])

    def broken(*_: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("banakil_replay.notebook.sheet.add_hand", broken)
    fill(w, [("1", "2"), ("3", "4")])
    assert isinstance(w.last_error, RuntimeError)
    assert "Something went wrong while adding the hand: the score sheet failed unexpectedly" in plain(w.message.value)


def test_four_players_and_reopening(tmp_path: Path) -> None:
    path = tmp_path / "kroot.jsonl"
    ex = EXAMPLES["003-team-53"]["input"]
    w = SheetWidget(path, "kroot", ["Sara", "Omar", "Lina", "Sami"])
    assert [o[0] for o in w.went_out.options][-1] == "nobody: the stock ran out"
    seats = [(" ".join(s["melded_cards"]), " ".join(s["in_hand_cards"])) if "melded_cards" in s
             else (str(s["melded"]), str(s["in_hand"])) for s in ex["seats"]]
    assert fill(w, seats, went_out=ex["went_out"], all_at_once=ex.get("all_at_once", False))
    assert w.sheet.hands[0].scores == (53, -6)
    again = SheetWidget(path)  # an existing sheet opens as it is
    assert again.sheet == w.sheet and "Sara &amp; Lina" in again.sheet_panel.value
    with pytest.raises(BanakilError, match="is a sheet for Sara, Omar, Lina, Sami under kroot rules"):
        SheetWidget(path, "classic", ["Sara", "Omar"])
    with pytest.raises(BanakilError, match="cannot read"):
        SheetWidget(tmp_path / "missing.jsonl")


def test_seat_entry_reads_points_and_cards() -> None:
    assert seat_entry("16,5", "-2") == {"melded": 16.5, "in_hand": -2.0}
    assert seat_entry("", "") == {"melded": 0.0, "in_hand": 0.0}
    assert seat_entry("", "KH, QS 9d") == {"melded_cards": [], "in_hand_cards": ["KH", "QS", "9d"]}
    assert seat_entry("3H 4H 5H", "0") == {"melded_cards": ["3H", "4H", "5H"], "in_hand_cards": []}
    with pytest.raises(MalformedInputError, match="Ravi: give"):
        seat_entry("7", "KH", "Ravi")


def test_a_static_page_gets_a_still_picture(tmp_path: Path) -> None:
    w = SheetWidget(tmp_path / "s.jsonl", "classic", ["<b>Dana</b>", "Ravi"])
    fill(w, [("16.5", "0"), ("10.5", "7.5")])
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "A still picture of a score sheet" in bundle["text/html"]
    assert sheet_html(w.sheet) in bundle["text/html"] and "&lt;b&gt;Dana&lt;/b&gt;" in bundle["text/html"]
    assert "<b>Dana</b>" not in bundle["text/html"]
    assert bundle["text/plain"].splitlines()[-1] == "No winner yet (<b>Dana</b> 37, Ravi 3; 150 to win)."


def test_exported_lazily_from_the_package() -> None:
    assert banakil_replay.SheetWidget is SheetWidget


def test_a_recorded_hand_is_told_in_words(tmp_path: Path) -> None:
    from banakil_replay import event_text, load_replay
    from banakil_replay.log.sheet import add_hand, new_sheet

    path = tmp_path / "evening.jsonl"
    new_sheet(path, "classic", ["Dana", "Ravi"])
    add_hand(path, {"went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]})
    rp = load_replay(path)
    text = event_text(rp.events[-1], rp.final)  # the state right after it: the scores are known
    assert "recorded by what each seat melded and held: side 0 37, side 1 3." in text


def test_a_sheet_another_writer_moved_on_is_not_added_to_blindly(tmp_path: Path) -> None:
    """The boxes are for the hand the widget shows next; if that hand was added elsewhere
    (another kernel, the command line), the click is refused and the file keeps one copy."""
    from banakil_replay.log.sheet import add_hand

    path = tmp_path / "evening.jsonl"
    w = SheetWidget(path, "classic", ["Dana", "Ravi"])
    assert w.next_hand() == 1
    add_hand(path, {"went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]})
    before = path.read_bytes()
    fill(w, [("16.5", "0"), ("10.5", "7.5")])
    assert "Hand 1 is already on the sheet: the next is hand 2." in plain(w.message.value)
    assert path.read_bytes() == before
    # the widget now shows the sheet as it is, and the boxes, kept, go in as hand 2
    assert w.next_hand() == 2 and "the boxes are for hand 2" in plain(w.message.value)
    assert w.melded[0].value == "16.5" and w.add() and len(open_sheet(path)[1].hands) == 2


def test_a_double_click_adds_one_hand_and_an_empty_form_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    w = SheetWidget(path, "classic", ["Dana", "Ravi"])
    before = path.read_bytes()
    w.add_button.click()  # nothing typed: refused, not a hand of zeros
    assert len(w.sheet.hands) == 0 and path.read_bytes() == before
    assert "Hand 1 not added: the boxes for every seat are empty" in plain(w.message.value)
    w.melded[0].value, w.in_hand[0].value = "16.5", "0"
    w.add_button.click()  # one seat typed, the other forgotten
    assert len(w.sheet.hands) == 0 and "the boxes for Ravi are empty" in plain(w.message.value)
    w.melded[1].value, w.in_hand[1].value = "10.5", "7.5"
    w.add_button.click()
    w.add_button.click()  # the second click of a double click finds the boxes cleared
    assert [h.scores for h in w.sheet.hands] == [(37, 3)]
    assert open_sheet(path)[1].hands == w.sheet.hands
    shown = plain(w.message.value)
    assert shown.startswith("Hand 1 added: Dana 37, Ravi 3.") and "the second click added nothing" in shown
    assert 'class="banakil-sheet-added"' in w.message.value


@pytest.mark.parametrize("seats, words", [
    ([("3H 4H 5H", ""), ("", "3H 3H 3H 3H 3H 3H")], "3♥ is named 7 times (Dana: 1, Ravi: 6)"),
    ([("JK JK JK 5H", ""), ("", "9C")], "🃏 is named 3 times (Dana: 3)"),
])
def test_hands_the_deck_cannot_hold_are_refused(tmp_path: Path, seats: list[tuple[str, str]], words: str) -> None:
    path = tmp_path / "s.jsonl"
    w = SheetWidget(path, "classic", ["Dana", "Ravi"])
    before = path.read_bytes()
    assert not fill(w, seats)
    assert words in plain(w.message.value) and "the deck holds 2 of each card" in plain(w.message.value)
    assert path.read_bytes() == before and w.sheet.hands == ()
