"""The play table driven from Python: card clicks, move buttons, refusals, the bots' replies, hand and
match ends, resuming, hot-seat, the coach, the review and the mistakes drill."""

from __future__ import annotations

import html
import json
import re
import subprocess
from collections import Counter
import sys
from pathlib import Path
from typing import Any

import pytest

from banakil_replay import PlayTable
from banakil_replay.errors import BanakilError, IllegalMoveError, MalformedInputError
from banakil_replay.events import Discarded, Melded
from banakil_replay.log.load import load_replay
from banakil_replay.notebook.movepad import hand_order
from banakil_replay.play.coach.options import options
from banakil_replay.play.analysis.review import review
from banakil_replay.reducer import ReplayError, apply
from banakil_replay.rules import RULESETS

ROOT = Path(__file__).resolve().parent.parent


def table(tmp_path: Path, name: str = "game.jsonl", **kw: Any) -> PlayTable:
    return PlayTable(tmp_path / name, **kw)


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def cards_in(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def play_until_hand_ends(t: PlayTable, bad: bool = False) -> int:
    """Click until a hand ends: the coach's move, or (``bad``) draw and throw the first card."""
    clicks = 0
    while t.last_hand is None and not t.session.over:
        if not bad:
            t.coach_move_button.click()
        elif t.state.phase == "draw":
            t.pad.move_buttons["draw"].click()
        else:
            t.pad.card_buttons[0].click()
            t.pad.move_buttons["discard"].click()
        clicks += 1
        assert clicks < 400, "the hand did not end"
    return clicks


def validates(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banakil_replay", "validate", str(path)], capture_output=True,
                          text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


# ------------------------------------------------------------------ the seat's view
def test_start_shows_one_seat_with_the_others_face_down(tmp_path: Path) -> None:
    t = table(tmp_path, seed=3)
    state = t.state
    assert t.session.waiting_for == 0 and state.phase == "draw"
    assert [b.description for b in t.pad.card_buttons] == [
        "JK" if c.is_joker else c.symbol for c in hand_order(state.hands[0])]
    assert len(t.pad.card_buttons) == 18
    # the bot's hand is backs and a count; no card of it is drawn, the pile's top card is
    assert 'data-seat="1"' in t.table.value and "18 cards, face down" in t.table.value
    assert cards_in(t.table.value) == [c.code for c in state.discard]
    assert set(t.pad.move_buttons) >= {"draw", "take 1"} and "discard" not in t.pad.move_buttons
    assert [e["type"] for e in lines(t.path)] == ["match_started", "hand_started"]
    assert "A new match begins" in t.news.value and "Player plays first" in t.news.value
    assert str(t.path) in t.head.value and "Player (seat 0) to play: draw" in t.head.value


def test_select_by_click_then_discard_and_the_bot_replies(tmp_path: Path) -> None:
    t = table(tmp_path, seed=3)
    assert t.press("draw") and t.state.phase == "meld"
    assert set(t.pad.move_buttons) >= {"meld", "discard"} and "draw" not in t.pad.move_buttons
    first = t.pad.cards[0]
    t.pad.card_buttons[0].click()
    assert t.pad.selected_cards() == [first] and "banakil-selected" in t.pad.card_buttons[0]._dom_classes
    t.pad.card_buttons[1].click()
    t.pad.card_buttons[1].click()  # a second click unselects
    assert t.pad.selected_cards() == [first] and cards_in(t.pad.picked.value) == [first.code]
    held = t.state.hands[0].count(first)
    before = len(lines(t.path))
    t.pad.move_buttons["discard"].click()
    written = lines(t.path)[before:]
    assert written[0] == {**written[0], "type": "discarded", "seat": 0, "card": first.code}
    assert t.state.hands[0].count(first) == held - 1 and t.session.waiting_for == 0
    assert all(e["seat"] == 1 for e in written[1:] if "seat" in e)  # then the bot, until it is our turn
    assert len(t.lines) == len(written), "one line in words per event"
    assert t.lines[0] == f"Player discards {first.symbol}, ending the turn."
    assert all(line.startswith("Bot 1 ") for line in t.lines[1:] if "dealt" not in line)
    draws = [line for line in t.lines if " draws " in line]
    assert all(line == "Bot 1 draws a card from the stock." for line in draws), "a bot's card drawn stays unseen"


def test_an_illegal_move_shows_the_reducers_reason_and_changes_nothing(tmp_path: Path) -> None:
    t = table(tmp_path, seed=3)
    t.press("draw")
    two = [c.code for c in t.pad.cards[:2]]
    t.select(*two)
    log_before, state_before = t.path.read_bytes(), t.state
    with pytest.raises(ReplayError) as refused:  # what the reducer says about this very move
        apply(state_before, Melded(state_before.seq + 1, 0, tuple(t.pad.selected_cards())))
    assert not t.press("meld")
    err = t.last_refusal
    assert isinstance(err, IllegalMoveError) and err.rule is refused.value.rule and err.rule is not None
    assert refused.value.reason in t.message.value and "Not allowed" in t.message.value
    assert f"rule: {err.rule.title}; {err.source}" in t.message.value and err.source
    assert t.path.read_bytes() == log_before and t.state is state_before
    assert [c.code for c in t.pad.selected_cards()] == two, "the selection stays for another try"
    t.pad.clear()
    assert not t.press("discard") and "select exactly one card" in t.message.value
    assert t.path.read_bytes() == log_before and t.errors.value == ""


def test_a_card_the_seat_does_not_hold_is_refused_by_the_reducer(tmp_path: Path) -> None:
    t = table(tmp_path, seed=3)
    t.press("draw")
    missing = next(c for c in t.state.hands[1] if c not in t.state.hands[0])
    before = t.path.read_bytes()
    assert not t.play(Discarded(t.state.seq + 1, 0, missing))
    assert f"does not hold {missing.symbol}" in t.message.value and t.path.read_bytes() == before
    assert not t.play("discard XX") and "Cannot do that" in t.message.value
    assert t.play(f"discard {t.state.hands[0][0].code}")


def test_late_clicks_mean_what_was_clicked(tmp_path: Path) -> None:
    t = table(tmp_path, seed=3)
    draw = t.pad.move_buttons["draw"]
    card = next(c for c in t.pad.cards if t.pad.cards.count(c) == 1)
    button = t.pad.card_buttons[t.pad.cards.index(card)]
    draw.click()
    seq = t.state.seq
    draw.click()  # a double click: the second arrives after the first was played; it is not played, and said
    assert t.state.seq == seq and t.errors.value == ""
    said = html.unescape(t.message.value)
    assert "banakil-moved-on" in said and f"the table had moved on to event {seq}: nothing was played" in said
    button.click()  # clicked in a hurry after Draw, on the button drawn before it: that card, for this step
    assert t.pad.selected_cards() == [card] and button in t.pad.card_buttons
    t.press("discard")
    assert card not in t.state.hands[0]
    button.click()  # the card is gone: a late click on its button selects nothing
    assert t.pad.selected == [] and t.errors.value == ""
    assert button not in t.pad.card_buttons
    coach = t.coach_move_button
    coach.click()
    seq = t.state.seq
    coach.click()  # a double click on the coach's move plays one move, and says why the second did nothing
    assert t.state.seq == seq and t.coach_move_button is not coach
    assert "“Play the coach's move” was for the position at event" in html.unescape(t.message.value)
    t.coach_move_button.click()  # the button drawn for this position plays, and the notice goes
    assert t.state.seq > seq and "banakil-moved-on" not in t.message.value


def test_no_failure_raises_into_the_notebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    t = table(tmp_path, seed=3)

    def broken(move: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(t.session, "play", broken)
    t.pad.move_buttons["draw"].click()
    assert "Something went wrong while playing your move" in t.errors.value
    assert isinstance(t.last_error, RuntimeError) and "Traceback" not in t.errors.value


# ------------------------------------------------------------------ coach
def test_the_coach_lists_ranked_options_and_moves_not_allowed(tmp_path: Path) -> None:
    t = table(tmp_path, seed=3)
    assert t.press("take 1")  # the card taken may not be thrown straight back: a move not allowed
    assert t.coach_panel.value == ""
    t.coach_button.click()
    opts = options(t.state)
    assert 'class="banakil-option"' in t.coach_panel.value and "#1 " in t.coach_panel.value
    assert opts.not_allowed, "this position has tempting moves that are not allowed"
    refused = opts.not_allowed[0]
    assert "Not allowed here" in t.coach_panel.value and "may not be thrown straight back" in refused.why
    assert html.escape(refused.why) in t.coach_panel.value and refused.rule is not None
    assert html.escape(refused.rule.title) in t.coach_panel.value
    best = opts.best()
    assert best is not None
    t.coach_move_button.click()
    assert lines(t.path)[t.state.seq - len(t.lines) + 1]["type"] == {
        "meld": "melded", "discard": "discarded", "lay_off": "laid_off", "joker_swap": "joker_swapped"}[best.kind]
    t.coach_button.click()
    assert t.coach_panel.value == "" and not t.coach_on


# ------------------------------------------------------------------ hand and match ends
def test_a_hand_end_shows_the_score_card_by_card_and_the_totals(tmp_path: Path) -> None:
    t = table(tmp_path, seed=1)
    play_until_hand_ends(t)
    end = t.last_hand
    assert end is not None and end.hand_no == 1 and t.state.hand_no == 2
    panel = t.hand_panel.value
    assert "Hand 1 is over" in panel and panel.count("banakil-seat-score") == 2
    assert "Totals after 1 hand:" in panel and all(f": {t:g}" in panel for t in end.totals)
    assert any("the hand is over" in line for line in t.lines), t.lines
    assert validates(t.path).returncode == 0


def test_a_match_ends_with_the_winner(tmp_path: Path) -> None:
    t = table(tmp_path, seed=0)
    while not t.session.over:
        t.coach_move()
    state = t.state
    assert state.match_over and state.winner is not None
    assert "The match is over" in t.hand_panel.value and "banakil-match-winner" in t.hand_panel.value
    assert "wins" in t.head.value and t.pad.card_buttons == [] and t.coach_move_button is None
    assert not t.press("draw") and "nothing to play now" in t.message.value
    proc = validates(t.path)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# ------------------------------------------------------------------ resuming
def test_an_unfinished_game_resumes_from_its_log(tmp_path: Path) -> None:
    t = table(tmp_path, seed=4)
    for _ in range(5):
        t.coach_move()
    while t.state.phase != "draw":  # stop where the bot has just moved
        t.coach_move()
    again = table(tmp_path, resume=True)
    assert again.state.seq == t.state.seq and again.state.hands == t.state.hands
    assert "Resumed the match" in again.message.value
    assert [b.description for b in again.pad.card_buttons] == [b.description for b in t.pad.card_buttons]
    assert again.lines == t.lines, "what happened since the last turn ended is told again"
    again.coach_move()
    assert validates(again.path).returncode == 0
    fresh = table(tmp_path, "new.jsonl", resume=True)
    assert "new match starts there" in fresh.message.value and fresh.state.hand_no == 1


def test_bad_arguments_are_refused_before_anything_is_shown(tmp_path: Path) -> None:
    table(tmp_path)
    with pytest.raises(MalformedInputError, match="already exists"):
        table(tmp_path)
    with pytest.raises(BanakilError, match="nope"):
        table(tmp_path, "x.jsonl", rules="nope")
    with pytest.raises(BanakilError):
        table(tmp_path, "y.jsonl", players=5)
    assert not (tmp_path / "x.jsonl").exists() and not (tmp_path / "y.jsonl").exists()


# ------------------------------------------------------------------ seats
def test_hot_seat_follows_the_person_to_act_behind_a_curtain(tmp_path: Path) -> None:
    t = table(tmp_path, humans=[0, 1], seed=2)
    assert t.hidden and t.pad.card_buttons == [] and "18 cards, face down" in t.table.value
    assert t.table.value.count("face down") == 2, "behind the curtain every hand is face down"
    assert not t.press("draw")
    t.curtain_button.click()
    assert not t.hidden and len(t.pad.card_buttons) == 18 and t.viewer == 0
    before = Counter(t.state.hands[0])
    t.press("draw")
    (drawn,) = (Counter(t.state.hands[0]) - before).elements()
    assert t.lines == [f"Player 0 draws {drawn.symbol} from the stock."], "the drawer's own view names the card"
    thrown = t.pad.cards[0]
    t.pad.card_buttons[0].click()
    t.press("discard")
    assert t.viewer == 1 and t.hidden and "I am Player 1" in t.curtain_button.description
    assert t.lines == [f"Player 0 discards {thrown.symbol}, ending the turn."]
    assert t.pad.card_buttons == [] and t.coach_move_button is None
    t.curtain_button.click()
    assert t.pad.cards == hand_order(t.state.hands[1]) and t.coach_move_button is not None


def test_at_four_the_partner_is_a_bot(tmp_path: Path) -> None:
    t = table(tmp_path, players=4, seed=6)
    assert t.session.humans == frozenset({0}) and t.state.players[2] == "Bot 2"
    assert "side 0 (Player &amp; Bot 2)" in t.head.value
    t.press("draw")
    t.pad.card_buttons[0].click()
    t.press("discard")
    seats = [e.get("seat") for e in lines(t.path)[3:]]
    assert {1, 2, 3} <= set(seats) and t.session.waiting_for == 0
    assert t.table.value.count("face down") == 3


@pytest.mark.parametrize("rules", sorted(RULESETS))
def test_every_rule_set_and_table_size(tmp_path: Path, rules: str) -> None:
    for n in RULESETS[rules].player_counts:
        t = table(tmp_path, f"{rules}-{n}.jsonl", rules=rules, players=n, seed=n)
        assert t.state.n == n and t.pad.card_buttons and t.pad.move_buttons
        for _ in range(6):
            t.coach_move_button.click()
        assert t.errors.value == "" and t.last_error is None
        assert validates(t.path).returncode == 0


# ------------------------------------------------------------------ after a hand
def test_review_and_learning_from_mistakes(tmp_path: Path) -> None:
    t = table(tmp_path, seed=5)
    t.review_button.click()
    assert "finish a hand first" in t.message.value and t.review_box.children == ()
    play_until_hand_ends(t, bad=True)
    t.review_button.click()
    stepper = t.review_view
    assert stepper is not None and stepper.widget in t.review_box.children
    assert not stepper.replay.final.in_hand and stepper.replay.final.hand_no == 1, "no spoiler of the hand in play"
    assert stepper.seat_view == 0

    t.mistakes_button.click()
    view = t.drill_view
    assert view is not None and view.widget in t.review_box.children
    rp = load_replay(t.path)
    marked = [v.seq for v in review(view.drill.replay, seat=0) if v.verdict in ("questionable", "blunder")]
    assert [s.seq for s in view.drill.stops] == marked and marked
    assert f"{len(review(view.drill.replay, seat=0))} decisions graded" in t.message.value  # said, not silent
    stop = view.drill.stop
    assert stop is not None and view.drill.stepper is not None and view.drill.stepper.next_hidden()
    played = rp.events[stop.seq]
    assert view.head.value.count("hidden") == 1 and str(stop.seq) in view.head.value
    assert "banakil-drill-played" not in view.feedback.value
    # an illegal try: the reducer's reason, nothing played
    log_before = t.path.read_bytes()
    if view.drill.state.phase == "meld":
        view.pad.card_buttons[0].click()
        view.pad.card_buttons[1].click()
        view.pad.move_buttons["meld"].click()
        assert "banakil-attempt-refused" in view.feedback.value and "rule:" in view.feedback.value
        view.pad.clear()
    best = view.drill.options().best()
    assert best is not None
    tried = view.attempt(best.event)
    assert tried.verdict() in ("top", "same") and "banakil-attempt" in view.feedback.value
    assert t.path.read_bytes() == log_before and view.drill.state == rp.states[stop.seq - 1]
    view.reveal_button.click()
    assert "You played" in view.feedback.value and view.drill.revealed
    assert getattr(played, "type") in lines(t.path)[stop.seq]["type"]
    if len(view.drill.stops) > 1:
        view.next_button.click()
        assert view.drill.index == 1 and view.feedback.value == "" and not view.drill.revealed


def test_the_display_carries_a_still_picture(tmp_path: Path) -> None:
    t = table(tmp_path, seed=3, coach=True)
    bundle = t._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    html = bundle["text/html"]
    assert "banakil-play-still" in html and "still picture" in html
    hand = [c.code for c in hand_order(t.state.hands[0])]
    assert all(code in cards_in(html) for code in hand), "the still picture shows the seat's hand"
    assert "banakil-coach" in html and "Options for Player" in bundle["text/plain"]


def test_the_drill_judges_tries_without_playing_them() -> None:
    from banakil_replay.play.analysis.drill import MistakeDrill
    from banakil_replay.play.analysis.review import AGREE

    rp = load_replay(ROOT / "sample_games" / "classic_dana_ravi.jsonl")
    drill = MistakeDrill(rp, [0], review(rp, seat=0))
    assert drill.stops and all(s.seat == 0 and s.verdict in ("questionable", "blunder") for s in drill.stops)
    # a stop where Dana has drawn, so that a discard is a move of the right phase
    index = next(i for i, s in enumerate(drill.stops) if rp.states[s.seq - 1].phase == "meld")
    stop = drill.go(index)
    assert stop is not None and drill.state is rp.states[stop.seq - 1] and not drill.revealed
    played = rp.events[stop.seq]
    again = drill.attempt(played)  # type: ignore[arg-type]
    assert again.verdict() == "same" and stop.verdict in again.words(stop)
    assert again.loss == again.game_loss and again.loss is not None and again.loss >= 3  # graded as the review did
    assert again.best_move is not None
    best = drill.attempt(again.best_move)
    assert best.verdict() == "top" and best.loss is not None and best.loss < AGREE and "best move" in best.words(stop)
    stranger = next(c for c in rp.states[stop.seq - 1].hands[1] if c not in drill.state.hands[0])
    refused = drill.attempt(Discarded(drill.state.seq + 1, 0, stranger))
    assert refused.verdict() == "refused" and refused.rule is not None and "does not hold" in refused.refusal
    assert len(drill.attempts) == 3 and drill.state is rp.states[stop.seq - 1]
    assert drill.reveal() == played and drill.revealed
    if index + 1 < len(drill.stops):
        assert drill.next() is not None and not drill.revealed and drill.attempts == []
    assert MistakeDrill(rp, [0], []).stop is None


def test_ask_the_expert_says_the_reviews_judge_pick(tmp_path: Path) -> None:
    t = table(tmp_path, seed=3)
    before = t.path.read_bytes()
    t.expert_button.click()
    advice = t.session.advice()
    assert advice is not None and "The expert would play: " in t.message.value
    assert html.escape(advice.words()) in t.message.value or advice.words() in html.unescape(t.message.value)
    assert t.path.read_bytes() == before  # asking plays nothing


def test_a_refusal_clears_on_the_next_action(tmp_path: Path) -> None:
    t = table(tmp_path, seed=3)
    t.press("draw")
    t.select(*[c.code for c in t.pad.cards[:2]])
    assert not t.press("meld") and "Not allowed" in t.message.value
    t.pad.card_buttons[0].click()  # the next click, whatever it is, is a new attempt
    assert t.message.value == "" and t.last_refusal is None
    t.pad.clear()
    assert not t.press("discard") and "Cannot do that" in t.message.value
    t.coach_button.click()
    assert "Cannot do that" not in t.message.value


def test_the_expert_says_it_is_thinking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    t = table(tmp_path, seed=3)
    seen: list[tuple[str, bool]] = []
    real = t.session.advice

    def slow(*a: Any, **k: Any) -> Any:  # what the page shows while the judge works
        seen.append((t.message.value, t.expert_button.disabled))
        return real(*a, **k)

    monkeypatch.setattr(t.session, "advice", slow)
    t.expert_button.click()
    assert len(seen) == 1 and "The expert is thinking" in seen[0][0] and seen[0][1]
    assert "The expert would play: " in t.message.value and not t.expert_button.disabled


def test_an_empty_table_says_none_yet_apart() -> None:
    from banakil_replay.events import parse_event
    from banakil_replay.notebook.movepad import seat_table_html
    from banakil_replay.state import GameState

    state = apply(GameState(), parse_event({"seq": 0, "type": "match_started", "format": "banakil-replay/1",
                                            "rules": "classic", "players": ["a", "b"]}))
    text = html.unescape(re.sub(r"<[^>]+>", "", seat_table_html(state, 0)))
    assert "Melds on the table: none yet" in text  # as the page reads it, with nothing between the tags
