"""Bulk replay into pandas/Parquet, on the local pool and on a Dask LocalCluster."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from banakil_replay.log import bulk
from banakil_replay.log.rows import HAND_COLUMNS
from banakil_replay.cli.main import main

from random_play import random_game  # type: ignore[import-not-found]

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("archive")
    for name in ("classic_dana_ravi", "classic_4p_partnership", "eram_hand", "kroot_hand"):
        shutil.copy(SAMPLES / f"{name}.jsonl", root / f"{name}.jsonl")
    for seed in range(70):  # more than one batch, so the pool really splits the work
        log = random_game(["classic", "kroot", "jawaker"][seed % 3], 4, seed)
        (root / "random").mkdir(exist_ok=True)
        with open(root / "random" / f"g{seed:03}.jsonl", "w", encoding="utf-8") as f:
            f.writelines(json.dumps(e) + "\n" for e in log)
    shutil.copy(SAMPLES / "broken" / "wrong_turn.jsonl", root / "zz_broken.jsonl")
    return root


def test_rows_of_one_log() -> None:
    hands, match = bulk.replay_rows(str(SAMPLES / "classic_dana_ravi.jsonl"))
    assert match["error"] is None and match["totals"] == [37, 3]
    assert [(h["side_0"], h["side_1"], h["side_2"]) for h in hands] == [(37, 3, None)]
    assert hands[0]["ended"] == "went out" and hands[0]["out_player"] == "Dana" and not hands[0]["dead"]


def test_local_pool_matches_serial(archive: Path) -> None:
    paths = bulk.find_logs(archive)
    assert len(paths) == 75
    serial = bulk.run(paths, workers=1, progress=False)
    pooled = bulk.run(paths, workers=2, progress=False)
    assert serial == pooled
    hands, matches = bulk.frames(*pooled)
    assert list(matches["file"]) == paths  # every game once, in file order
    assert matches["error"].notna().sum() == 1  # the broken log is reported, not dropped
    assert list(hands.columns) == list(HAND_COLUMNS)  # the notebook's hands table has the same shape


def test_dask_local_cluster_matches_local(archive: Path) -> None:
    import dask.distributed  # noqa: F401  (in the test extra: a missing install fails, never skips)

    paths = bulk.find_logs(archive)
    assert bulk.run(paths, engine="dask", workers=2, progress=False) == bulk.run(paths, workers=1, progress=False)


def test_cli_writes_parquet(archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.parquet"
    code = main(["bulk", str(archive / "random"), "--out", str(out)])
    assert code == 0 and "70 logs (0 failed" in capsys.readouterr().out
    hands = pd.read_parquet(out)
    matches = pd.read_parquet(tmp_path / "games.matches.parquet")
    assert len(matches) == 70 and matches["file"].is_unique and len(hands) >= 70
    code = main(["bulk", str(archive / "nothing-here"), "--out", str(out)])
    assert code == 2


def test_result_only_hand_counted_and_sidecars_skipped(tmp_path: Path) -> None:
    hands, _ = bulk.replay_rows(str(SAMPLES / "classic_annotated.jsonl"))
    assert [(h["hand"], h["ended"]) for h in hands] == [(1, "went out"), (2, "result only")]
    shutil.copy(SAMPLES / "classic_annotated.jsonl", tmp_path / "g.jsonl")
    (tmp_path / "g.notes.jsonl").write_text("{}\n", encoding="utf-8")
    assert bulk.find_logs(tmp_path) == [str(tmp_path / "g.jsonl")]
