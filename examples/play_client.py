"""A tiny program that plays Banakil through `banakil-replay play --json` (docs/play-protocol.md).

It plays its seat by always sending the first option offered, until the match
is won, and prints the final totals:

    python examples/play_client.py game.jsonl [--seed 3 --rules classic ...]
"""

import json
import subprocess
import sys


def play(log: str, *args: str) -> dict:
    command = [sys.executable, "-m", "banakil_replay", "play", "--json", "--log", log, *args]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          encoding="utf-8") as table:
        answer = json.loads(table.stdout.readline())  # the table speaks first
        while not answer["over"]:
            if not answer["ok"]:
                raise SystemExit(f"refused: {answer['error']}")
            move = answer["options"][0]["event"]  # an option's event is a move in the log's shape
            table.stdin.write(json.dumps(move) + "\n")
            table.stdin.flush()
            answer = json.loads(table.stdout.readline())  # one answer a line
        table.stdin.close()
    return answer


if __name__ == "__main__":
    final = play(*sys.argv[1:])
    print("totals", final["state"]["totals"], "winner: side", final["state"]["winner"])
