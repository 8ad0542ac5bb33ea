"""A teacher's lesson file is read without touching the package, and refused with what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlib.lesson_files import LessonFileError, load_lessons

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "my_lessons.py"


def test_the_guides_example_file_loads_and_every_lesson_solves() -> None:
    lessons = load_lessons(EXAMPLE, "napoletana")
    assert [lesson.id for lesson in lessons] == ["siege-row", "keep-your-cards"]
    assert lessons[0].success.says == "the 10♦ is in Red's siege row"


def test_a_lesson_that_cannot_be_played_is_refused_with_its_problem(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text(EXAMPLE.read_text().replace('solution=("play 10D siege",)', 'solution=("play 10D front",)'))
    with pytest.raises(
        LessonFileError, match=r"broken.py: lesson siege-row: solution move 'play 10D front' is refused"
    ):
        load_lessons(broken, "napoletana")


def test_a_file_without_lessons_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LessonFileError, match="no such file"):
        load_lessons(tmp_path / "missing.py", "napoletana")
    (tmp_path / "empty.py").write_text("LESSON = []\n")
    with pytest.raises(LessonFileError, match="defines no LESSONS"):
        load_lessons(tmp_path / "empty.py", "napoletana")
    (tmp_path / "odd.py").write_text("LESSONS = ['rows']\n")
    with pytest.raises(LessonFileError, match="not a Lesson: 'rows'"):
        load_lessons(tmp_path / "odd.py", "napoletana")
