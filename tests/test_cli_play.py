"""``banakil-replay play``: the JSON line protocol and the text table, end to end through real processes."""

from __future__ import annotations

import json
import re
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, IO

import pytest

ROOT = Path(__file__).resolve().parent.parent
ANSWER_KEYS = {"ok", "error", "rule", "events", "hands_ended", "answer", "state", "options", "over"}


def command(log: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "banakil_replay", "play", "--log", str(log), *args]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


def validate(log: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "banakil_replay", "validate", str(log)],
                          capture_output=True, text=True, env=env(), check=False)


def run(log: Path, *args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(command(log, *args), input=data, capture_output=True, env=env(), check=False, timeout=120)


class Table:
    """A ``play --json`` process, spoken to one line at a time."""

    def __init__(self, log: Path, *args: str) -> None:
        self.proc = subprocess.Popen(command(log, "--json", *args), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env())
        self.first = self.read()

    def read(self) -> dict[str, Any]:
        out: IO[bytes] | None = self.proc.stdout
        assert out is not None
        line = out.readline()
        assert line, self.proc.stderr.read().decode() if self.proc.stderr else "no answer"
        answer: dict[str, Any] = json.loads(line)
        assert set(answer) == ANSWER_KEYS
        return answer

    def send(self, line: str | bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line.encode() if isinstance(line, str) else line) + b"\n")
        self.proc.stdin.flush()

    def ask(self, line: str | bytes) -> dict[str, Any]:
        self.send(line)
        return self.read()

    def close(self) -> tuple[int, str]:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        code = self.proc.wait(timeout=60)
        err = self.proc.stderr.read().decode() if self.proc.stderr else ""
        return code, err


def test_protocol_end_to_end(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    table = Table(log, "--seed", "4")
    first = table.first
    assert first["ok"] and first["error"] is None and not first["over"]
    assert [e["type"] for e in first["events"][:2]] == ["match_started", "hand_started"]
    assert first["state"]["turn"] == 0 and isinstance(first["state"]["hands"][1], int)  # the bot's hand: a count
    assert all("stock" not in e and "seed" not in e for e in first["events"])  # the table's secrets stay hidden
    assert first["options"] and validate(log).returncode == 0
    answer = table.ask('{"type": "drew"}')
    assert answer["ok"] and [e["type"] for e in answer["events"]] == ["drew"]
    assert answer["events"][0]["seq"] == first["state"]["seq"] + 1 and answer["state"]["phase"] == "meld"
    assert validate(log).returncode == 0
    for refused in ['{"type": "drew"}', "discard 5Z", "discard KD" if "KD" not in answer["state"]["hands"][0]
                    else "discard 5Z", '{"type": "discarded", "card": "3C", "seq": 1}', "{not json", "dance",
                    '{"type": "discarded", "seat": 1, "card": "3C"}', b"\xff\xfe discard", "x" * 70_000]:
        before = log.read_bytes()
        no = table.ask(refused)
        assert no["ok"] is False and no["error"] and no["events"] == [] and log.read_bytes() == before
        assert no["state"] == answer["state"] and no["options"] == answer["options"]
    hint = table.ask("hint")
    assert hint["ok"] and hint["events"] == [] and hint["state"] == answer["state"]
    discard = next(o["event"] for o in answer["options"] if o["event"]["type"] == "discarded")
    played = table.ask(f"discard {discard['card']}")  # a text command in the same protocol
    assert played["ok"] and played["events"][0] == {"seq": answer["state"]["seq"] + 1, **discard}
    assert len(played["events"]) > 1 and all(e.get("seat") != 0 for e in played["events"][1:3])  # the bot moved
    assert played["state"]["turn"] == 0 and played["options"] and validate(log).returncode == 0
    logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert logged[-len(played["events"]):] == [e for e in played["events"]]
    code, err = table.close()
    assert code == 0 and err == ""


def test_a_whole_match_through_the_example_client(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    proc = subprocess.run([sys.executable, str(ROOT / "examples" / "play_client.py"), str(log), "--seed", "2"],
                          capture_output=True, text=True, env=env(), check=False, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("totals") and "winner: side" in proc.stdout and proc.stderr == ""
    assert validate(log).returncode == 0
    replayed = subprocess.run([sys.executable, "-m", "banakil_replay", "replay", "--json", str(log)],
                              capture_output=True, text=True, env=env(), check=True)
    assert json.loads(replayed.stdout)["winner"] is not None


def test_text_mode_with_piped_input(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    proc = run(log, "--seed", "4", stdin="help\nshow\nhint\ndraw\noptions\nfoo\ndiscard 9Z\ndraw\n\nquit\ndraw\n")
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode == 0 and err == ""
    assert "seat 0 human-0 (you)" in out and "18 cards, face down" in out and "stock: 69 cards" in out
    assert "discard CARD" in out and "hint: draw" in out  # help, and the hint names what to type
    assert "? unknown command 'foo'" in out and "'9Z'" in out
    assert "not allowed: seat 0 has already drawn this turn [one draw per turn" in out
    assert "stopped;" in out and out.count("discard ") > 3  # the options list, one command each
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    assert kinds == ["match_started", "hand_started", "drew"]  # quit stops reading: the last draw was not played
    assert "JK for a joker" in out and "10H (or TH)" in out  # help says how to type a card
    drawn = re.search(r"you drew (\S+)", out)  # the one who drew is told the card; the log does not name it
    assert drawn is not None and out.count("you drew") == 1 and drawn.group(1) in out.split("you drew")[1]


def test_text_mode_plays_on_after_the_bots(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    proc = run(log, "--seed", "4", "--rules", "kroot", stdin="draw\ndiscard 9S\ndraw\n")
    out = proc.stdout.decode()
    assert proc.returncode == 0 and proc.stderr == b""
    assert "heuristic-1 took" in out or "heuristic-1 drew" in out
    assert "your turn to meld, add, swap or discard" in out.split("heuristic-1 discarded")[-1]


@pytest.mark.parametrize("delay", [0.0, 0.02, 0.2])
def test_resume_after_sigkill(tmp_path: Path, delay: float) -> None:
    """Kill the process mid-game, at once or while the bots move; the log validates and --resume plays on."""
    log = tmp_path / "g.jsonl"
    table = Table(log, "--seed", "6", "--bots", "random")
    answer = table.first
    for _ in range(6):
        answer = table.ask(json.dumps(answer["options"][0]["event"]))
    table.send(json.dumps(answer["options"][-1]["event"]))  # and kill it before (or while) it answers
    time.sleep(delay)
    table.proc.send_signal(signal.SIGKILL)
    table.proc.wait(timeout=30)
    assert validate(log).returncode == 0
    kept = log.read_bytes()
    resumed = Table(log, "--resume")
    assert log.read_bytes().startswith(kept)
    assert [e["seq"] for e in resumed.first["events"]] == list(range(len(resumed.first["events"])))
    answer, hand = resumed.first, resumed.first["state"]["hand"]
    while answer["state"]["hand"] == hand and not answer["over"]:  # play until that hand is over
        answer = resumed.ask(json.dumps(answer["options"][0]["event"]))
        assert answer["ok"], answer["error"]
    code, err = resumed.close()
    assert code == 0 and err == "" and validate(log).returncode == 0
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    assert kinds.count("hand_started") >= 2 or answer["over"]


@pytest.mark.parametrize("args, make, needle", [
    ((), True, "already exists"),
    (("--resume",), False, "does not exist"),
    (("--rules", "chess"), False, "unknown rule set 'chess'"),
    (("--players", "9"), False, "not 9"),
    (("--rules", "eram", "--players", "2"), False, "not 2"),
    (("--seat", "3"), False, "seat 3"),
    (("--bots", "smart"), False, "unknown bots"),
    (("--seed", "x"), False, "invalid int"),
    (("--resume", "--rules", "kroot"), True, "classic rules, not kroot"),
    (("--resume", "--seed", "99"), True, "seed 0, not 99"),
])
def test_bad_arguments_exit_2_cleanly(tmp_path: Path, args: tuple[str, ...], make: bool, needle: str) -> None:
    log = tmp_path / "g.jsonl"
    if make:
        assert run(log, stdin="quit\n").returncode == 0
    before = log.read_bytes() if make else None
    proc = run(log, *args, stdin="draw\n")
    err = proc.stderr.decode()
    assert proc.returncode == 2 and needle in err and "Traceback" not in err and proc.stdout == b""
    assert (log.read_bytes() if log.exists() else None) == before  # nothing written, nothing created


def test_resume_refuses_a_torn_or_broken_log(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    assert run(log, stdin="").returncode == 0
    log.write_bytes(log.read_bytes() + b'{"seq": 9, "type": "dr')
    proc = run(log, "--resume")
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr and b"torn" in proc.stderr.lower()
    notlog = tmp_path / "notes.txt"
    notlog.write_text("hello\n")
    proc = run(notlog, "--resume", "--json")
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr and proc.stdout == b""


def test_no_traceback_on_wrong_input(tmp_path: Path) -> None:
    junk = b"\n".join([b"", b"   ", b"\xff\xfe", b"take -1", b"take 999", b"add", b"add x 7H", b"swap 1 JK JK",
                       b'{"type": "took", "count": 0}', b'{"type": "hand_started"}', b"null", b"[]", b"{}",
                       b'{"type": "melded", "cards": ["7H", "7H", "7H"]}', b"meld " + b"7H " * 200,
                       b"\x00\x01\x02", "discard 7\u2665".encode(), b"quit now", b"draw"]) + b"\n"
    for mode in ((), ("--json",)):
        log = tmp_path / f"g{len(mode)}.jsonl"
        proc = run(log, *mode, stdin=junk)
        assert proc.returncode == 0 and proc.stderr == b"", proc.stderr.decode()
        assert validate(log).returncode == 0
        kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
        assert kinds[-1] == "drew" and kinds.count("drew") == 1  # only the last line was a legal move
        if mode:
            answers = [json.loads(line) for line in proc.stdout.decode().splitlines()]
            assert len(answers) == 1 + junk.count(b"\n") and [a["ok"] for a in answers[1:]].count(True) == 1


def test_a_finished_match_is_over_at_once(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    table = Table(log, "--seed", "2")
    answer = table.first
    while not answer["over"]:
        answer = table.ask(json.dumps(answer["options"][0]["event"]))
    assert answer["options"] == [] and answer["state"]["winner"] is not None
    code, _ = table.close()
    assert code == 0
    again = run(log, "--resume", "--json", stdin="draw\n")
    answers = [json.loads(line) for line in again.stdout.decode().splitlines()]
    assert again.returncode == 0 and len(answers) == 1 and answers[0]["over"] is True  # nothing more is read
    text = run(log, "--resume", stdin="draw\n")
    assert text.returncode == 0 and b"the match is over" in text.stdout


def test_text_mode_plays_a_whole_match_from_piped_commands(tmp_path: Path) -> None:
    """The commands a session's first-option player made, typed into the text table, give the same log."""
    from banakil_replay.play.session.commands import command_for
    from banakil_replay.play.session.session import GameSession

    model = tmp_path / "model.jsonl"
    s = GameSession.start(model, "classic", 2, humans={0}, seed=2)
    typed = []
    while not s.over:
        move = s.options().options[0].event
        typed.append(command_for(move))
        s.play(move)
    log = tmp_path / "g.jsonl"
    proc = run(log, "--seed", "2", stdin="\n".join(typed) + "\n")
    out = proc.stdout.decode()
    assert proc.returncode == 0 and proc.stderr == b"" and "not allowed" not in out and "?" not in out
    assert log.read_bytes() == model.read_bytes()
    assert out.count(" at its end:") == s.state.hand_no and "the match is over" in out
    assert f"side {s.state.winner} wins the match" in out


def test_an_unwritable_log_ends_the_command(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    table = Table(log, "--seed", "4")
    log.unlink()  # the log is gone: a move cannot be recorded, so it is not played
    table.send('{"type": "drew"}')
    assert table.proc.stdout is not None and table.proc.stdout.readline() == b""
    code, err = table.close()
    assert code == 2 and "cannot append" in err and "Traceback" not in err


def test_ctrl_c_stops_like_quit(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    # a suite started in the background by a non-interactive shell inherits Ctrl-C ignored, and Python keeps
    # an ignored SIGINT ignored: give the table Ctrl-C as a terminal would
    proc = subprocess.Popen(command(log, "--seed", "4"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env(),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None and proc.stdout.readline()  # the table is shown: it waits for a line
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and b"--resume continues it" in err and b"Traceback" not in err
    assert validate(log).returncode == 0


def test_protocol_answers_what_a_client_had_to_guess(tmp_path: Path) -> None:
    """docs/play-protocol.md's answers: sorted options, the card drawn, the rule's id and title, help and
    hint in ``answer``, clear words for lines that are JSON but no event, hand ends with their scores."""
    log = tmp_path / "g.jsonl"
    table = Table(log, "--seed", "4")
    first = table.first
    ranks = [o["rank"] for o in first["options"]]
    assert ranks == sorted(ranks) == list(range(1, len(ranks) + 1))  # best first, each rank once
    assert first["answer"] is None and first["hands_ended"] == [] and first["rule"] is None
    helped = table.ask("help")
    assert helped["ok"] and {"command": "quit", "args": "",
                             "does": "stop playing (the log keeps the game; --resume continues it)"} in helped["answer"]
    hint = table.ask("hint")
    assert hint["answer"]["command"] in ("draw", "take 1") and hint["answer"]["words"]
    assert hint["answer"]["event"] in [o["event"] for o in first["options"]]
    for line, words in (("[1,2]", "this line is a JSON array, not an object"),
                        ('{"type": "drew"', "this line is not valid JSON: Expecting ',' delimiter (line 1, column 16)"),
                        ('{"type": "annotated", "text": "hi"}', "an annotated event is not a move")):
        no = table.ask(line)
        assert no["ok"] is False and no["error"].startswith(words) and no["rule"] is None, no["error"]
    drew = table.ask("draw")
    hand = drew["state"]["hands"][0]
    card = drew["events"][0]["card"]  # the drawer is told its card; the log leaves it to the stock
    assert card in hand and len(hand) == 19
    assert "card" not in json.loads(log.read_text().splitlines()[-1])
    refused = table.ask("discard KD" if "KD" not in hand else "discard 5S" if "5S" not in hand else "discard 6S")
    assert refused["rule"] == {"id": "cards-from-hand", "title": "cards come from the hand",
                               "source": refused["rule"]["source"]}
    assert "(rule cards-from-hand)" in refused["error"] and refused["rule"]["source"] in refused["error"]
    answer = refused
    ended: list[dict[str, Any]] = []
    while not ended and not answer["over"]:
        answer = table.ask(json.dumps(answer["options"][0]["event"]))
        ended = answer["hands_ended"]
    end = ended[0]
    assert end["hand"] == 1 and end["ended"] in ("went out", "all at once", "dead hand")
    assert len(end["seats"]) == len(end["held"]) == 2 and end["sides"] and end["explain"]
    assert end["totals"] == answer["state"]["totals"] or answer["state"]["hand"] == 1
    kinds = [e["type"] for e in answer["events"]]
    assert "hand_started" in kinds or answer["over"]  # the next hand is dealt in the same answer
    code, _ = table.close()
    assert code == 0


def test_bots_first_and_the_19_card_starter(tmp_path: Path) -> None:
    table = Table(tmp_path / "a.jsonl", "--seat", "1", "--seed", "4")  # the bot at seat 0 plays first
    first = table.first
    assert first["state"]["turn"] == 1 and any(e.get("seat") == 0 for e in first["events"][2:])
    table.close()
    eram = Table(tmp_path / "b.jsonl", "--rules", "eram", "--seed", "2")  # seat 0 starts, with 19 cards
    state = eram.first["state"]
    assert state["phase"] == "meld" and len(state["hands"][0]) == 19 and state["discard"] == []
    assert {o["event"]["type"] for o in eram.first["options"]} <= {"melded", "laid_off", "discarded"}
    eram.close()


def test_resume_takes_the_seat_and_the_bots_from_the_log(tmp_path: Path) -> None:
    """A game played at seat 1 against random bots and resumed with no flags goes on as it was: the person
    keeps seat 1 and random bots keep the others; a flag that says otherwise is refused, nothing written."""
    log = tmp_path / "g.jsonl"
    first = run(log, "--seat", "1", "--bots", "random", "--seed", "3", stdin="quit\n")
    assert first.returncode == 0, first.stderr
    start = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert start["humans"] == [1] and start["bots"] == "random" and start["seed"] == 3
    again = run(log, "--resume", stdin="quit\n")
    assert again.returncode == 0 and b"you play seat 1" in again.stdout, again.stdout[-300:]
    for flags, needle in ((("--seat", "0"), b"seat(s) 1, not 0"), (("--bots", "heuristic"), b"random bots, not heuristic")):
        before = log.read_bytes()
        refused = run(log, "--resume", *flags, stdin="quit\n")
        assert refused.returncode == 2 and needle in refused.stderr and b"Traceback" not in refused.stderr, refused.stderr
        assert log.read_bytes() == before
    same = run(log, "--resume", "--seat", "1", "--bots", "random", stdin="quit\n")
    assert same.returncode == 0 and b"you play seat 1" in same.stdout


def test_a_log_from_before_the_seating_was_recorded_resumes_by_its_players_names(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    assert run(log, "--seat", "1", "--bots", "random", stdin="quit\n").returncode == 0
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    start = json.loads(lines[0])
    del start["humans"], start["bots"]
    assert start["players"] == ["random-0", "human-1"]
    log.write_text(json.dumps(start, separators=(",", ":")) + "\n" + "".join(lines[1:]), encoding="utf-8")
    again = run(log, "--resume", stdin="quit\n")
    assert again.returncode == 0 and b"you play seat 1" in again.stdout, again.stderr
    assert run(log, "--resume", "--bots", "expert", stdin="quit\n").returncode == 2
