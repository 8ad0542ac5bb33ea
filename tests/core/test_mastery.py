"""A learner's record (cardlib/mastery.py): each game's rulings as taught in a lesson, applied in a game and refused,
what "mastered" means, the next lesson, and the record's JSON, which a browser may hand back damaged. The record hears
the learner through the sessions (cardlib/session.py), as a page's tutor and game app do."""

from __future__ import annotations

import json

from cardlib.core import Event
from cardlib.core.i18n import as_is, speaking
from cardlib.games import describe
from cardlib.mastery import VERSION, Mastery, from_json, read
from cardlib.match import Match
from cardlib.session import LessonSession, MatchSession
from widgets.layouts import layout

LESSONS = describe("napoletana").lessons()
BY_ID = {lesson.id: lesson for lesson in LESSONS}


def lesson_session(mastery: Mastery, lesson_id: str) -> LessonSession:
    session = LessonSession(layout("napoletana"), BY_ID[lesson_id])
    mastery.follow(session)
    return session


def play(session, text: str) -> bool:
    return bool(session.try_move(session.state.game.parse_move(text)))


def event(rule: str | None) -> Event:
    return Event("play", as_is("x"), rule=rule)


# -- what the record hears -------------------------------------------------------------------------------------


def test_a_lesson_solved_is_done_and_teaches_its_rulings_NAP_5_NAP_6() -> None:
    mastery = Mastery()
    session = lesson_session(mastery, "rows")
    assert play(session, "play 9H siege")
    record = mastery.games["napoletana"]
    assert record.lessons == ["rows"]
    assert {rule: met.taught for rule, met in record.rulings.items()} == {"NAP-5": 1, "NAP-6": 1}


def test_a_lesson_shown_is_not_done() -> None:
    mastery = Mastery()
    session = lesson_session(mastery, "rows")
    session.show_way()
    assert not mastery


def test_a_move_the_rules_refuse_in_a_lesson_is_refused_with_its_ruling_NAP_15() -> None:
    mastery = Mastery()
    session = lesson_session(mastery, "coins")
    assert not play(session, "play 5H front")  # a 5 is no agile card: refused by NAP-15
    assert mastery.games["napoletana"].rulings["NAP-15"].refused == 1
    assert mastery.games["napoletana"].lessons == []


def test_a_legal_move_the_lesson_judges_wrong_is_refused_with_the_lessons_ruling_NAP_17() -> None:
    mastery = Mastery()
    session = lesson_session(mastery, "coins")
    assert session.state.check(session.state.game.parse_move("pass"))  # legal, but gives the battle away
    play(session, "pass")
    assert mastery.games["napoletana"].rulings["NAP-17"].refused == 1


def test_the_learners_moves_in_a_game_apply_the_rulings_their_events_name_and_the_bots_do_not() -> None:
    mastery = Mastery()
    match = Match(describe("napoletana").game().new(seed=3), people=["red"])
    session = MatchSession(layout("napoletana"), match)
    heard: list[int] = []
    mastery.follow(session, lambda: heard.append(1))
    move = match.state.legal_moves()[0]
    named = {event.rule for event in match.state.play(move).events if event.rule}
    assert play(session, str(move)) and named
    record = mastery.games["napoletana"]
    assert {rule for rule, met in record.rulings.items() if met.applied} == named and heard == [1]
    while match.bot_to_move() is not None:
        before = record.to_json()
        session.advance(match.bot_move())  # the bots' moves are not the learner's
        assert record.to_json() == before


def test_a_ruling_named_twice_in_one_move_is_applied_once_and_an_event_naming_none_counts_for_nothing() -> None:
    mastery = Mastery()
    mastery.applied("napoletana", [event("NAP-7"), event("NAP-7"), event(None)])
    assert mastery.games["napoletana"].rulings["NAP-7"].applied == 1 and len(mastery.games["napoletana"].rulings) == 1


# -- mastered, and the next lesson ------------------------------------------------------------------------------


def test_mastered_is_used_right_twice_and_right_more_often_than_wrong_lately_NAP_8() -> None:
    mastery = Mastery()
    mastery.lesson_done("napoletana", BY_ID["armies"])  # NAP-8 taught once: not yet
    assert mastery.games["napoletana"].mastered() == []
    mastery.applied("napoletana", [event("NAP-8")])  # and applied once: mastered
    assert mastery.games["napoletana"].mastered() == ["NAP-8"]
    mastery.refused("napoletana", "NAP-8")
    mastery.refused("napoletana", "NAP-8")  # lately two right, two wrong: no longer
    assert mastery.games["napoletana"].mastered() == []
    mastery.applied("napoletana", [event("NAP-8")])
    assert mastery.games["napoletana"].mastered() == ["NAP-8"]


def test_the_next_lesson_is_the_first_not_done_then_the_one_whose_ruling_was_refused_most_NAP_9_NAP_13() -> None:
    mastery = Mastery()
    assert mastery.summary("napoletana", LESSONS).next is LESSONS[0]
    mastery.lesson_done("napoletana", LESSONS[0])
    assert mastery.summary("napoletana", LESSONS).next is LESSONS[1]
    mastery.refused("napoletana", "NAP-9")
    mastery.refused("napoletana", "NAP-13")
    mastery.refused("napoletana", "NAP-13")
    assert mastery.summary("napoletana", LESSONS).next is BY_ID["healer"]  # NAP-13, refused most


def test_a_refused_ruling_once_mastered_sends_the_learner_back_no_more_and_all_done_is_no_next_lesson() -> None:
    mastery = Mastery()
    for lesson in LESSONS:
        mastery.lesson_done("napoletana", lesson)
    assert mastery.summary("napoletana", LESSONS).next is None
    mastery.applied("napoletana", [event("NAP-2")])  # taught and applied: mastered
    mastery.refused("napoletana", "NAP-2")  # once wrong after twice right: still mastered, nothing to go back to
    assert "NAP-2" in mastery.summary("napoletana", LESSONS).mastered
    summary = mastery.summary("napoletana", LESSONS)
    assert summary.next is None and (summary.done, summary.total) == (len(LESSONS), len(LESSONS))


def test_the_progress_a_teacher_is_told_is_the_lessons_done_and_the_rulings_mastered_only() -> None:
    mastery = Mastery()
    mastery.lesson_done("napoletana", BY_ID["armies"])
    mastery.applied("napoletana", [event("NAP-8")])
    mastery.refused("njet", "NJT-3")
    assert mastery.progress() == {
        "napoletana": {"lessons": ["armies"], "mastered": ["NAP-8"]},
        "njet": {"lessons": [], "mastered": []},
    }


def test_reset_forgets_everything() -> None:
    mastery = Mastery()
    mastery.lesson_done("napoletana", LESSONS[0])
    mastery.reset()
    assert not mastery and mastery.progress() == {} and mastery.summary("napoletana", LESSONS).next is LESSONS[0]


# -- the record's JSON ------------------------------------------------------------------------------------------


def test_the_record_round_trips_through_its_json() -> None:
    mastery = Mastery()
    mastery.lesson_done("napoletana", BY_ID["kings"])
    mastery.refused("napoletana", "NAP-10")
    mastery.applied("senza_nome", [event("SNO-2")])
    again, problems = read(mastery.dumps())
    assert problems == [] and again.to_json() == mastery.to_json() and again.to_json()["version"] == VERSION


def test_an_empty_or_broken_record_starts_again_and_says_why() -> None:
    assert read("")[0].to_json() == Mastery().to_json() and read("")[1] == []
    for text, said in [
        ("{not json", "not JSON"),
        ("[1, 2]", "holds no games"),
        (json.dumps({"version": 99, "games": {}}), "another version (99)"),
    ]:
        mastery, problems = read(text)
        assert not mastery and len(problems) == 1 and said in str(problems[0]), (text, problems)


def test_a_damaged_part_is_left_out_named_and_the_good_part_kept() -> None:
    good = {"taught": 1, "applied": 2, "refused": 0, "lately": "+++"}
    data = {
        "version": VERSION,
        "games": {
            "chess": {"lessons": []},
            "napoletana": {
                "lessons": ["rows", "no-such-lesson"],
                "rulings": {"NAP-5": good, "NAP-6": {"taught": -1}, "NAP-99": good, "NAP-7": {"lately": "+?"}},
            },
            "njet": "everything",
            "senza_nome": {"lessons": ["goal"], "rulings": {"SNO-2": good, "SNO-9": {"applied": True}}},
        },
    }
    mastery, problems = from_json(data)
    assert mastery.to_json()["games"] == {
        "napoletana": {"lessons": ["rows"], "rulings": {"NAP-5": good}},
        "senza_nome": {"lessons": ["goal"], "rulings": {"SNO-2": good}},
    }
    with speaking("en"):
        said = [str(problem) for problem in problems]
    assert any("chess" in line for line in said)
    assert any("lesson La partita Napoletana does not have (no-such-lesson)" in line for line in said)
    for rule in ("NAP-6", "NAP-99", "NAP-7", "SNO-9"):
        assert any(f"record of {rule}" in line for line in said), rule
    assert any("Njet!" in line for line in said)
    assert len(said) == 7, said
    with speaking("it"):
        assert all(str(problem) != line for problem, line in zip(problems, said, strict=True))
