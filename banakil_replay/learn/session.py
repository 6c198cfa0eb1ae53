"""A learner's progress, kept in a small JSON file, and a session of questions with its running score.

:class:`LearnerProgress` is a frozen value: per kind, how many exercises were asked and how many
were answered right at the first try, and the ids of the exercises done (answered right, at any
try), which a later session skips. :func:`save_progress` writes it atomically (a temporary file
in the same folder, then a rename), so a crash leaves the old file or the new one, never half.

:class:`Session` walks a stream of exercises: answer (retry as often as you like; only the
first answer counts for the score), hint, skip. It prints nothing and reads nothing: the
``learn`` command and a notebook widget both drive it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard

from ..errors import MalformedInputError
from ..i18n import _
from .course import AnyExercise
from .model import Feedback

FORMAT = "banakil-learn-progress"
VERSION = 1


@dataclass(frozen=True)
class KindScore:
    asked: int = 0
    right: int = 0


@dataclass(frozen=True)
class LearnerProgress:
    """Per kind: asked and right at the first try; and the ids of the exercises done."""

    kinds: Mapping[str, KindScore] = field(default_factory=dict)
    done: frozenset[str] = frozenset()

    def answered(self, kind: str, first_try_right: bool) -> "LearnerProgress":
        """One more exercise of ``kind`` asked (its first answer right or not)."""
        old = self.kinds.get(kind, KindScore())
        kinds = {**self.kinds, kind: KindScore(old.asked + 1, old.right + first_try_right)}
        return replace(self, kinds=kinds)

    def finished(self, exercise_id: str) -> "LearnerProgress":
        return replace(self, done=self.done | {exercise_id})

    @property
    def asked(self) -> int:
        return sum(k.asked for k in self.kinds.values())

    @property
    def right(self) -> int:
        return sum(k.right for k in self.kinds.values())

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION,
                "kinds": {k: {"asked": s.asked, "right": s.right} for k, s in sorted(self.kinds.items())},
                "done": sorted(self.done)}

    @classmethod
    def from_json(cls, data: Any, where: str = "progress") -> "LearnerProgress":
        """Read :meth:`to_json`'s shape; anything else is :class:`MalformedInputError` naming the field."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MalformedInputError(_('{where}: not a learner\'s progress file (no "format": "{format}")').format(
                where=where, format=FORMAT))
        if data.get("version") != VERSION:
            raise MalformedInputError(_("{where}: progress version {found!r} is not {version}, the one this version "
                                        "reads").format(where=where, found=data.get("version"), version=VERSION))
        raw_kinds, raw_done = data.get("kinds"), data.get("done")
        if not isinstance(raw_kinds, dict):
            raise MalformedInputError(_('{where}: "kinds" must be an object of kind names').format(where=where))
        kinds = {}
        for name, score in raw_kinds.items():
            asked, right = (score.get("asked"), score.get("right")) if isinstance(score, dict) else (None, None)
            if not (_count(asked) and _count(right) and right <= asked):
                raise MalformedInputError(_('{where}: kinds.{name} must be {{"asked": n, "right": m}} with 0 <= m <= n')
                                          .format(where=where, name=name))
            kinds[str(name)] = KindScore(asked, right)
        if not isinstance(raw_done, list) or not all(isinstance(d, str) for d in raw_done):
            raise MalformedInputError(_('{where}: "done" must be a list of exercise ids').format(where=where))
        return cls(kinds, frozenset(raw_done))


def _count(x: Any) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def load_progress(path: str | os.PathLike[str]) -> LearnerProgress:
    """The progress saved at ``path``; a file that does not exist yet is a fresh start."""
    from ..log.inputs import decode_text, parse_json, read_file
    from ..log.load import utf8_text

    where = utf8_text(os.fspath(path))
    try:
        data = read_file(path)  # a FIFO, a device or a file past the cap is refused, never read whole
    except FileNotFoundError:
        return LearnerProgress()
    except OSError as e:
        raise MalformedInputError(_("cannot read {path}: {why}").format(path=where, why=e.strerror or e)) from None
    return LearnerProgress.from_json(parse_json(decode_text(data, where), where), where)


def save_progress(path: str | os.PathLike[str], progress: LearnerProgress) -> None:
    """Write ``progress`` to ``path`` atomically (:func:`~banakil_replay.log.store.replace_file`)."""
    from ..log.store import replace_file

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(progress.to_json(), f, ensure_ascii=False, indent=1)
            f.write("\n")

    try:
        replace_file(path, write)
    except OSError as e:
        raise MalformedInputError(_("cannot write {path}: {why}").format(path=os.fspath(path), why=e.strerror or e)) from None


class Session:
    """Exercises one at a time, with retries, hints, skips and the running score.

    ``progress`` holds everything so far (loaded, then this session's answers); ``score`` only
    this session's. An exercise counts as asked at its first answer, right when that first
    answer is right; it is done once answered right, at any try.
    """

    def __init__(self, stream: Iterable[AnyExercise], progress: LearnerProgress | None = None) -> None:
        self.progress = progress or LearnerProgress()
        self.score = LearnerProgress()
        self._stream: Iterator[AnyExercise] = iter(stream)
        self.current: AnyExercise | None = None
        self.tries = 0
        self.number = 0  # how many exercises this session has shown

    def next(self) -> AnyExercise | None:
        """The next exercise not yet done, or None when there are no more."""
        for ex in self._stream:
            if ex.id not in self.progress.done:
                self.current, self.tries = ex, 0
                self.number += 1
                return ex
        self.current = None
        return None

    def answer(self, text: str) -> Feedback:
        """Judge one line for the current exercise; :class:`MalformedInputError` (not a try) if unreadable."""
        ex = self._need()
        feedback = ex.check(text)
        if self.tries == 0:
            self.progress = self.progress.answered(ex.kind, feedback.right)
            self.score = self.score.answered(ex.kind, feedback.right)
        self.tries += 1
        if feedback.right:
            self.progress = self.progress.finished(ex.id)
            self.score = self.score.finished(ex.id)
        return feedback

    def hint(self) -> str:
        return self._need().hint()

    def skip(self) -> str:
        """The right answer in words; the exercise stays not done, so a later session asks it again."""
        return self._need().solution()

    def _need(self) -> AnyExercise:
        if self.current is None:
            raise MalformedInputError("there is no question to answer: call next() first")
        return self.current


__all__ = ["LearnerProgress", "KindScore", "load_progress", "save_progress", "Session", "FORMAT", "VERSION"]
