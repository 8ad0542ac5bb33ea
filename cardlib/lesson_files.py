"""A teacher's own lessons, in a Python file of their own: no need to edit the package.

The file defines ``LESSONS``, a list of ``Lesson`` (see cardlib/core/lessons.py and docs/teachers.md); it is read
with ``load_lessons(path, game_id)`` and every lesson is checked with ``problems`` before it is handed back, so a
lesson that cannot be played is refused with what is wrong, not found out in front of a class.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from .core.lessons import Lesson, problems
from .games import load


class LessonFileError(ValueError):
    """A lesson file that cannot be used; the message says which file and what is wrong."""


def load_lessons(path: str | Path, game_id: str) -> tuple[Lesson, ...]:
    path = Path(path)
    if not path.is_file():
        raise LessonFileError(f"{path}: no such file (a lesson file is a .py file that defines LESSONS)")
    spec = importlib.util.spec_from_file_location(f"lessons_of_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise LessonFileError(f"{path}: cannot be read as Python (a lesson file is a .py file that defines LESSONS)")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # a Python error in the file surfaces as itself, with its line
    lessons = getattr(module, "LESSONS", None)
    if not lessons:
        raise LessonFileError(f"{path}: defines no LESSONS (a list of Lesson)")
    strays = [repr(item)[:60] for item in lessons if not isinstance(item, Lesson)]
    if strays:
        raise LessonFileError(f"{path}: LESSONS holds something that is not a Lesson: {strays[0]}")
    game = load(game_id)
    found = [problem for lesson in lessons for problem in problems(lesson, game)]
    if found:
        raise LessonFileError(f"{path}: " + "; ".join(found))
    return tuple(lessons)
