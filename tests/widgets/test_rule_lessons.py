"""The lessons that make a beginner play a ruling no lesson taught before (LESSONS), each walked in the tutor as a
learner meets it, in English, Italian and French: the hint points at the solution's first move, each typical
mistake is refused with its ruling and the lesson's words and changes nothing, "Show me" solves it without counting
it, and the learner's own solution does; in Italian and French no English word of ours is left."""

from __future__ import annotations

from html import escape

import pytest
from pseudo import shown
from test_translated_play import ENGLISH

from cardlib.core.i18n import _
from widgets.tutor import Tutor

LESSONS = [
    ("napoletana", "starts"),  # NAP-3: who starts a battle
    ("senza_nome", "reshuffle"),  # SNO-8: the empty draw pile, and the race that is stuck
    ("nespanini", "deck"),  # NES-3, NES-4: the deck of 20 cards and the opening hand of 5
]


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
@pytest.mark.parametrize(("game_id", "lesson_id"), LESSONS)
def test_the_lesson_is_played_in_the_pages_language(game_id: str, lesson_id: str, lang: str) -> None:
    tutor = Tutor(game_id, lang=lang)
    tutor.go([lesson.id for lesson in tutor.lessons].index(lesson_id))
    lesson, game, start = tutor.lesson, tutor.game, tutor.session.state
    assert all(f"<span class='cg-rule-id'>{rule}</span>" in tutor.header.value for rule in lesson.rules)
    assert escape(_(lesson.title)) in tutor.header.value and escape(_(lesson.task)) in tutor.text.value
    read = shown(tutor)

    tutor.hint()
    first = game.parse_move(lesson.solution[0])
    assert (
        tutor.board.table.scene["flash"]["kind"] == "info"
        and str(start.label(first)) in tutor.board.table.scene["flash"]["text"]
    )
    read += shown(tutor)

    for mistake in lesson.mistakes:
        tutor.restart()
        for move in lesson.solution[: mistake.at]:
            tutor.board.try_move(game.parse_move(move))
        before = tutor.session.state.to_json()
        tutor.board.try_move(game.parse_move(mistake.move))
        said = tutor.board.table.scene["flash"]
        assert said["kind"] == "error" and said["rule"] == mistake.rule, mistake.move
        assert _(mistake.feedback) in said["text"] and tutor.session.state.to_json() == before, mistake.move
        read += shown(tutor)

    tutor.restart()
    tutor.show()
    assert lesson.success(tutor.session.state) and lesson.id not in tutor.done
    tutor.restart()
    for move in lesson.solution:
        tutor.board.try_move(game.parse_move(move))
    assert lesson.id in tutor.done and tutor.board.table.scene["flash"]["kind"] == "success"
    read += shown(tutor)

    if lang != "en":
        english = sorted({f"{word!r} in {text!r}" for text in read for word in ENGLISH.findall(text)})
        assert english == [], english[:5]
