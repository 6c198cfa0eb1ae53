"""``banakil-replay sheet``: a score sheet for a real table, checked against the sources' worked examples.

Hands go in through ``sheet add`` in real processes and come out through ``sheet show --json``;
a refused hand must leave the file byte for byte as it was.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from banakil_replay import events
from banakil_replay.cli.main import main
from banakil_replay.examples import check_example, load_examples
from banakil_replay.log.sheet import SheetRefused, add_hand, new_sheet, open_sheet, sheet_text
from banakil_replay.log.store import read_events
from banakil_replay.rules import get_ruleset
from banakil_replay.scoring import HandInput, score_hand, tidy

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = {ex["id"]: ex for ex in load_examples()}
HAND_EXAMPLES = [ex for ex in EXAMPLES.values() if ex.get("kind", "hand") == "hand"]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


def sheet(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """One ``banakil-replay sheet ...`` process."""
    return subprocess.run([sys.executable, "-m", "banakil_replay", "sheet", *args], input=stdin,
                          capture_output=True, text=True, env=env(), check=False, timeout=120)


def show(path: Path) -> dict[str, Any]:
    done = sheet("show", str(path), "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def add(path: Path, hand: Any, *flags: str) -> subprocess.CompletedProcess[str]:
    return sheet("add", str(path), "-", *flags, stdin=json.dumps(hand))


def names(n: int, ex: dict[str, Any] | None = None) -> list[str]:
    given = (ex or {}).get("seat_names")
    return list(given) if given else ["Ann", "Bob", "Cyd", "Dov"][:n]


def new(path: Path, rules: str, players: list[str], *extra: str) -> None:
    done = sheet("new", str(path), "--rules", rules, "--players", ",".join(players), *extra)
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------------------ worked examples
@pytest.mark.parametrize("ex", HAND_EXAMPLES, ids=lambda ex: ex["id"])
def test_every_worked_hand_through_the_sheet(ex: dict[str, Any], tmp_path: Path) -> None:
    rules = get_ruleset(ex["rules"], ex.get("options"))
    data = ex["input"]
    path = tmp_path / "sheet.jsonl"
    n = data["players"]
    assert new_sheet(path, ex["rules"], names(n, ex), options=ex.get("options")).hands == ()
    done = add(path, {k: v for k, v in data.items() if k != "players"})  # the sheet knows its players
    assert done.returncode == 0, done.stderr
    shown = show(path)
    (hand,) = shown["hands"]
    expected = score_hand(rules, HandInput.from_json(data, rules))  # the score command's own answer
    assert hand["scores"] == [tidy(s) for s in expected.sides]
    assert hand["seats"] == [tidy(p) for p in expected.seats]
    assert shown["totals"] == hand["totals"] == hand["entered"] == hand["scores"]
    assert shown["winner"] is None and shown["target"] == rules.target(n)
    if check_example(ex).verdict == "match":  # the source's own figures (a source slip is reported elsewhere)
        figures = {**{f"sides[{i}]": s for i, s in enumerate(hand["scores"])},
                   **{f"players[{i}]": p for i, p in enumerate(hand["seats"])}}
        for address, value in ex["stated"].items():
            assert figures[address] == value, address


def test_dana_and_ravi_from_000(tmp_path: Path) -> None:
    ex = EXAMPLES["000-dana-ravi"]
    path = tmp_path / "dana.jsonl"
    new(path, "classic", ["Dana", "Ravi"])
    done = add(path, ex["input"])  # card lists, and "players" given: it is the sheet's
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("hand 1 added: Dana 37, Ravi 3.")
    shown = show(path)
    assert shown["sides"] == ["Dana", "Ravi"]
    assert shown["hands"][0]["scores"] == [ex["stated"]["sides[0]"], ex["stated"]["sides[1]"]] == [37, 3]
    assert shown["hands"][0]["ended"] == "went out" and shown["hands"][0]["went_out"] == 0
    assert shown["totals"] == [37, 3] and shown["winner"] is None and shown["target"] == 150


def test_000_sheet_carry_enters_minus_20_then_26_as_0_then_6(tmp_path: Path) -> None:
    ex = EXAMPLES["000-sheet-carry"]
    assert ex["options"] == {"sheet_carry": True}
    path = tmp_path / "carry.jsonl"
    new(path, "classic", ["Dana", "Ravi"], "--carry")
    # Dana never melds while Ravi goes out; then Dana goes out with 6 melded: -20, then 6 + 20 = 26
    hands = [{"went_out": 1, "seats": [{"melded": 0, "in_hand": 9}, {"melded": 21, "in_hand": 0}]},
             {"went_out": 0, "seats": [{"melded": 6, "in_hand": 0}, {"melded": 12, "in_hand": 4}]}]
    for hand in hands:
        assert add(path, hand).returncode == 0
    shown = show(path)
    assert shown["sheet_carry"] is True
    assert [h["scores"][0] for h in shown["hands"]] == ex["input"]["scores"] == [-20, 26]
    assert [h["entered"][0] for h in shown["hands"]] == [ex["stated"]["entered[0]"], ex["stated"]["entered[1]"]]
    assert [h["totals"][0] for h in shown["hands"]] == [0, 6]
    assert shown["carried"] == [0, 0]
    text = sheet("show", str(path)).stdout
    assert "-20 (enters 0)" in text and "26 (enters 6)" in text


def test_without_the_carry_a_negative_hand_counts_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "plain.jsonl"
    new_sheet(path, "classic", ["Dana", "Ravi"])
    add_hand(path, {"went_out": 1, "seats": [{"melded": 0, "in_hand": 9}, {"melded": 21, "in_hand": 0}]})
    _, shown = open_sheet(path)
    assert shown.totals == (-20, 41) and shown.hands[0].entered == (-20, 41)


def test_kroot_partnership_53_and_minus_6_from_003(tmp_path: Path) -> None:
    ex = EXAMPLES["003-team-53"]
    path = tmp_path / "kroot.jsonl"
    new(path, "kroot", ["Sara", "Omar", "Lina", "Sami"])
    assert add(path, ex["input"]).returncode == 0
    shown = show(path)
    assert shown["sides"] == ["Sara & Lina", "Omar & Sami"] and shown["target"] == 222
    assert shown["hands"][0]["scores"] == [ex["stated"]["sides[0]"], ex["stated"]["sides[1]"]] == [53, -6]


def test_004_examples_on_one_sheet_add_up(tmp_path: Path) -> None:
    path = tmp_path / "004.jsonl"
    new(path, "classic", ["A", "B"])
    ids = ["004-ex1-standard", "004-ex2-standard", "004-ex3-standard"]
    for i in ids:
        assert add(path, EXAMPLES[i]["input"]).returncode == 0
    shown = show(path)
    stated = [[EXAMPLES[i]["stated"][f"sides[{s}]"] for s in (0, 1)] for i in ids]
    assert [h["scores"] for h in shown["hands"]] == stated == [[45, -5], [-20, 40], [40, 3]]
    assert [h["totals"] for h in shown["hands"]] == [[45, -5], [25, 35], [65, 38]]
    assert [h["ended"] for h in shown["hands"]] == ["went out", "all at once", "all at once"]


# ------------------------------------------------------------------ the end of a match
def test_the_winner_and_no_hand_after_it(tmp_path: Path) -> None:
    path = tmp_path / "won.jsonl"
    new(path, "classic", ["Dana", "Ravi"])
    big = {"went_out": 0, "all_at_once": True, "seats": [{"melded": 30, "in_hand": 0}, {"melded": 5, "in_hand": 9}]}
    for k in range(3):  # the same hand four times over: a table that means it says --again
        assert add(path, big, *(["--again"] if k else [])).returncode == 0
        assert show(path)["winner"] is None  # a dhamoon is 40: 160 passes 150 only at the fourth
    done = add(path, big, "--again")
    assert done.returncode == 0 and "Dana won the match" in done.stdout
    shown = show(path)
    assert shown["winner"] == 0 and shown["over"] is True and shown["totals"] == [160, -16]
    before = path.read_bytes()
    refused = add(path, big, "--again")
    assert refused.returncode == 2 and refused.stdout == ""
    assert "the match is over" in refused.stderr and "Dana won the match" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert path.read_bytes() == before


# ------------------------------------------------------------------ refusals
TWO_SEATS = [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]
BAD_HANDS = {
    "not JSON": '{"went_out": 0,',
    "not an object": "[1, 2]",
    "NaN": '{"went_out": 0, "seats": [{"melded": NaN, "in_hand": 0}, {"melded": 1, "in_hand": 0}]}',
    "too large": '{"went_out": 0, "seats": [{"melded": 1e400, "in_hand": 0}, {"melded": 1, "in_hand": 0}]}',
    "a seat short": json.dumps({"went_out": 0, "seats": TWO_SEATS[:1]}),
    "no such seat": json.dumps({"went_out": 2, "seats": TWO_SEATS}),
    "other table": json.dumps({"players": 3, "went_out": 0, "seats": TWO_SEATS + TWO_SEATS[:1]}),
    "bad card": json.dumps({"went_out": 0, "seats": [{"melded_cards": ["3H", "ZZ"]}, TWO_SEATS[1]]}),
    "all at once, nobody out": json.dumps({"went_out": None, "all_at_once": True, "seats": TWO_SEATS}),
    "melded is text": json.dumps({"went_out": 0, "seats": [{"melded": "lots", "in_hand": 0}, TWO_SEATS[1]]}),
    "went_out is a boolean": json.dumps({"went_out": True, "seats": TWO_SEATS}),
}


@pytest.mark.parametrize("text", list(BAD_HANDS.values()), ids=list(BAD_HANDS))
def test_a_bad_hand_is_refused_and_the_file_is_unchanged(text: str, tmp_path: Path) -> None:
    path = tmp_path / "sheet.jsonl"
    new_sheet(path, "classic", ["Dana", "Ravi"])
    add_hand(path, {"went_out": 0, "seats": TWO_SEATS})
    before = path.read_bytes()
    for done in (sheet("add", str(path), text), sheet("add", str(path), "-", stdin=text)):
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.startswith("banakil-replay sheet: ") and "Traceback" not in done.stderr
        assert path.read_bytes() == before


def test_refusals_name_the_field_and_the_rule(tmp_path: Path) -> None:
    path = tmp_path / "sheet.jsonl"
    new_sheet(path, "classic", ["Dana", "Ravi"])
    with pytest.raises(SheetRefused, match=r"hand 1 not added: seats\[1\]\.in_hand must be a number .*"
                                           r"\[hand recorded by its inputs: docs/event-log.md\]"):
        add_hand(path, {"went_out": 0, "seats": [TWO_SEATS[0], {"melded": 1, "in_hand": [3]}]})
    with pytest.raises(SheetRefused, match="'players' is 4, but the table has 2 players"):
        add_hand(path, {"players": 4, "went_out": 0, "seats": TWO_SEATS * 2})


def test_new_refuses_what_it_cannot_start(tmp_path: Path) -> None:
    path = tmp_path / "sheet.jsonl"
    for args, words in ((["--players", "Dana"], "2, 3 or 4 players, not 1"),
                        (["--players", "Dana,,Ravi"], "player 2's name"),
                        (["--rules", "jawaker", "--players", "Dana,Ravi"], "played by 4 players, not 2"),
                        (["--rules", "nope", "--players", "Dana,Ravi"], "unknown rule set 'nope'")):
        done = sheet("new", str(path), *args)
        assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr, done.stderr
        assert not path.exists()
    new(path, "classic", ["Dana", "Ravi"])
    before = path.read_bytes()
    again = sheet("new", str(path), "--players", "Sam,Tom")
    assert again.returncode == 2 and "exists" in again.stderr and path.read_bytes() == before


def test_show_and_add_refuse_what_is_not_a_sheet(tmp_path: Path) -> None:
    missing = sheet("show", str(tmp_path / "nope.jsonl"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    broken = tmp_path / "broken.jsonl"
    new_sheet(broken, "classic", ["Dana", "Ravi"])
    with broken.open("a", encoding="utf-8") as f:  # written by hand, past the reducer
        f.write(json.dumps({"seq": 1, "type": "hand_recorded", "input": {"went_out": 9, "seats": TWO_SEATS}}) + "\n")
    for done in (sheet("show", str(broken)), add(broken, {"went_out": 0, "seats": TWO_SEATS})):
        assert done.returncode == 2 and "seq 1: 'went_out' seat 9 is not a seat of 2 players" in done.stderr
        assert "Traceback" not in done.stderr


# ------------------------------------------------------------------ a log like any other
def test_a_sheet_is_a_valid_log_of_format_1_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sheet.jsonl"
    new_sheet(path, "kroot", ["Sara", "Omar", "Lina", "Sami"], carry=True)
    add_hand(path, EXAMPLES["003-team-53"]["input"])
    add_hand(path, EXAMPLES["003-cold-51"]["input"])
    lines = read_events(path)
    assert lines[0]["format"] == "banakil-replay/1.2" == events.FORMAT_LATEST
    assert lines[0]["options"] == {"sheet_carry": True}
    assert [e["type"] for e in lines] == ["match_started", "hand_recorded", "hand_recorded"]
    validator = jsonschema.Draft202012Validator(events.json_schema())
    for line in lines:
        validator.validate(line)
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr() == ("", "")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(path.read_text(encoding="utf-8") + json.dumps(
        {"seq": 3, "type": "hand_recorded", "input": {"went_out": 0, "seats": []}}) + "\n", encoding="utf-8")
    assert main(["validate", str(bad)]) == 1
    assert capsys.readouterr().out == (f"{bad}: seq 3: hand_recorded: 4 players but 0 seats given "
                                       "[hand recorded by its inputs: docs/event-log.md]\n")


def test_hands_played_out_and_results_show_on_a_sheet_too(tmp_path: Path) -> None:
    game = ROOT / "sample_games" / "classic_annotated.jsonl"
    rp, shown = open_sheet(game)
    assert [h.ended for h in shown.hands][:2] == ["went out", "result only"]
    assert shown.totals == tuple(tidy(t) for t in rp.final.totals)
    assert shown.hands[-1].totals == shown.totals
    assert shown.hands[1].seats is None  # a result-only hand has no seat scores
    text = sheet_text(shown)
    assert text.splitlines()[0].startswith("Score sheet: ") and shown.standing() in text


def test_the_format_document_has_a_section_for_every_event_type() -> None:
    doc = (ROOT / "docs" / "event-log.md").read_text(encoding="utf-8")
    assert all(f"\n### {t}\n" in doc for t in events.EVENT_TYPES)  # tests/test_spec_doc.py checks their tables
    assert "| 1.1 | `hand_recorded`" in doc


def test_the_readme_session_is_what_the_commands_print(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import re
    import shlex

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("### Score sheets\n\n```console\n", 1)[1].split("```", 1)[0]
    steps = re.findall(r"^\$ (?:echo '([^']*)' \| )?banakil-replay (sheet [^\n]*)\n((?:[^$\n][^\n]*\n)*)",
                       block, flags=re.M)
    assert [shlex.split(s[1])[1] for s in steps] == ["new", "add", "add", "show"]
    monkeypatch.chdir(tmp_path)
    for stdin, command, output in steps:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        assert main(shlex.split(command)) == 0
        assert capsys.readouterr().out == output, command


def test_a_hand_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "sheet.jsonl"
    new_sheet(path, "classic", ["Dana", "Ravi"])
    before = path.read_bytes()
    done = subprocess.run([sys.executable, "-m", "banakil_replay", "sheet", "add", str(path), "-"],
                          input=b'{"went_out": 0, "seats": ["\xff"]}', capture_output=True, env=env(), timeout=120,
                          check=False)
    assert done.returncode == 2 and b"is not UTF-8 text" in done.stderr and b"Traceback" not in done.stderr
    assert path.read_bytes() == before


def test_a_hand_sent_twice_is_refused_not_counted_twice(tmp_path: Path) -> None:
    path = tmp_path / "evening.jsonl"
    new(path, "classic", ["Dana", "Ravi"])
    hand = {"went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]}
    first = sheet("add", str(path), json.dumps(hand), "--hand", "1")
    assert first.returncode == 0, first.stderr
    assert read_events(path)[-1]["hand"] == 1  # every recorded hand says which it is
    before = path.read_bytes()
    again = sheet("add", str(path), json.dumps(hand), "--hand", "1")  # a retry: the first one did land
    assert again.returncode == 2 and "hand 1 is already on the sheet: the next is hand 2" in again.stderr
    ahead = sheet("add", str(path), json.dumps(hand), "--hand", "5")
    assert ahead.returncode == 2 and "hand 5 cannot come yet" in ahead.stderr
    assert path.read_bytes() == before and [h["hand"] for h in show(path)["hands"]] == [1]
    with pytest.raises(SheetRefused, match="already on the sheet"):
        add_hand(path, hand, hand=1)


@pytest.mark.parametrize("number, phrase", [(1, "hand 1 is already in this log"), (3, "expected hand 2, got hand 3")])
def test_the_reducer_refuses_a_recorded_hand_out_of_order(number: int, phrase: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A writer other than the sheet command is held to the number too, when it gives one."""
    path = tmp_path / "evening.jsonl"
    new(path, "classic", ["Dana", "Ravi"])
    hand = {"went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]}
    assert add(path, hand).returncode == 0
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"seq": 2, "type": "hand_recorded", "hand": number, "input": hand}) + "\n")
    assert main(["validate", str(path)]) == 1
    assert phrase in capsys.readouterr().out


IMPOSSIBLE_HANDS = {
    "200 aces of spades": ({"went_out": 0, "seats": [{"melded_cards": ["AS"] * 200, "in_hand_cards": []},
                                                     {"melded_cards": [], "in_hand_cards": ["3C"]}]}, "named 200 times"),
    "three jokers": ({"went_out": 0, "seats": [{"melded_cards": ["JK", "JK", "5H", "6H"], "in_hand_cards": []},
                                               {"melded_cards": [], "in_hand_cards": ["JK"]}]}, "named 3 times"),
    "cards held by the seat that went out": ({"went_out": 0, "seats": [
        {"melded_cards": ["5H", "6H", "7H"], "in_hand_cards": ["KS"]},
        {"melded_cards": [], "in_hand_cards": ["3C"]}]}, "seats[0] went out, so it holds no cards"),
    "points held by the seat that went out": ({"went_out": 1, "seats": [{"melded": 10, "in_hand": 2},
                                                                        {"melded": 12, "in_hand": 3}]},
                                              "seats[1] went out"),
    "more points than the deck": ({"went_out": 0, "seats": [{"melded": 900, "in_hand": 0},
                                                            {"melded": 10, "in_hand": 5}]}, "worth 108"),
}


@pytest.mark.parametrize("what", sorted(IMPOSSIBLE_HANDS))
def test_a_hand_the_deck_cannot_hold_is_refused_by_score_and_sheet(
        what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand, needle = IMPOSSIBLE_HANDS[what]
    text = json.dumps(hand)
    (tmp_path / "hand.json").write_text(json.dumps({**hand, "players": 2}), encoding="utf-8")
    assert main(["score", str(tmp_path / "hand.json")]) == 2
    assert needle in capsys.readouterr().err
    path = tmp_path / "s.jsonl"
    assert main(["sheet", "new", str(path), "--players", "Dana,Ravi"]) == 0
    before = path.read_bytes()
    assert main(["sheet", "add", str(path), text]) == 2
    err = capsys.readouterr().err
    assert needle in err and "The sheet is unchanged" in err and "Traceback" not in err, err
    assert path.read_bytes() == before


def test_the_same_hand_sent_twice_is_refused_unless_confirmed(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.jsonl"
    assert main(["sheet", "new", str(path), "--players", "Dana,Ravi"]) == 0
    hand = '{"went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]}'
    assert main(["sheet", "add", str(path), hand]) == 0
    before = path.read_bytes()
    # the same hand, even written another way (players given, keys reordered), is the same hand
    same = '{"seats": [{"melded": 16.5, "in_hand": 0}, {"in_hand": 7.5, "melded": 10.5}], "players": 2, "went_out": 0}'
    for text in (hand, same):
        assert main(["sheet", "add", str(path), text]) == 2
        err = capsys.readouterr().err
        assert "exactly hand 1 again" in err and "--again" in err and "The sheet is unchanged" in err, err
        assert path.read_bytes() == before
    assert main(["sheet", "add", str(path), hand, "--again"]) == 0
    assert main(["sheet", "add", str(path), hand, "--hand", "3"]) == 0  # a numbered hand is never a repeat
    assert [h["hand"] for h in open_sheet(path)[1].to_json()["hands"]] == [1, 2, 3]


def test_a_hand_struck_stays_on_the_sheet_and_counts_for_nobody(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.jsonl"
    assert main(["sheet", "new", str(path), "--players", "Dana,Ravi", "--carry"]) == 0
    hand = '{"went_out": 0, "seats": [{"melded": 16.5, "in_hand": 0}, {"melded": 10.5, "in_hand": 7.5}]}'
    assert main(["sheet", "add", str(path), hand]) == 0
    assert main(["sheet", "add", str(path), hand, "--again"]) == 0
    before = path.read_bytes()
    assert main(["sheet", "strike", str(path), "2", "--reason", "sent twice"]) == 0
    assert "hand 2 struck" in capsys.readouterr().out
    assert path.read_bytes().startswith(before)  # append-only: the hand's own line is still there
    last = read_events(path)[-1]
    assert last["type"] == "hand_struck" and last["hand"] == 2 and last["reason"] == "sent twice"
    shown = open_sheet(path)[1]
    assert [h.struck for h in shown.hands] == [False, True]
    assert shown.totals == (37, 3) and shown.hands[1].totals == (37, 3) and shown.hands[1].scores == (37, 3)
    assert "struck 37" in sheet_text(shown)
    assert main(["validate", str(path)]) == 0
    for n, needle in ((2, "struck already"), (3, "no finished hand 3"), (0, "at least 1")):
        after = path.read_bytes()
        assert main(["sheet", "strike", str(path), str(n)]) == 2
        err = capsys.readouterr().err
        assert needle in err and "The sheet is unchanged" in err and "Traceback" not in err, err
        assert path.read_bytes() == after
    # the next hand is numbered on, and the same hand again is no longer a repeat of a counted hand
    assert main(["sheet", "add", str(path), hand]) == 0
    assert [h.hand for h in open_sheet(path)[1].hands] == [1, 2, 3] and open_sheet(path)[1].totals == (74, 6)
