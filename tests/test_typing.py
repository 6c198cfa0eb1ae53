"""The package type-checks under ``mypy --strict`` (configured in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# From a cold cache (a fresh clone, as in CI) mypy takes minutes; with pyproject's cache_dir a rerun takes seconds
@pytest.mark.slow
def test_mypy_strict() -> None:
    proc = subprocess.run([sys.executable, "-m", "mypy", "banakil_replay"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
