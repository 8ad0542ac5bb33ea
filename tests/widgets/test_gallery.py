"""The gallery: a card for every game in cardlib.games.GAMES, with its picture (or a tile if it has none yet), its
facts, and the Learn and Play links into its notebook."""

from __future__ import annotations

import base64
import itertools
import json
import re

import pytest

from cardlib.core import Event
from cardlib.core.i18n import as_is, languages
from cardlib.games import DESCRIPTORS, GAMES, describe
from cardlib.mastery import Mastery
from cardlib.session import LessonSession
from widgets import gallery as gallery_module
from widgets.gallery import gallery, picture_path
from widgets.layouts import layout
from widgets.mastery import Learner


def cards(html: str) -> dict[str, str]:
    return dict(re.findall(r"<article class='cg-game' data-game='([^']+)'>(.*?)</article>", html, re.S))


def test_every_game_has_a_card_with_learn_and_play_links_in_gamess_order() -> None:
    shown = cards(gallery().html)
    assert list(shown) == list(GAMES)
    for game_id, card in shown.items():
        assert GAMES[game_id] in card
        assert f"href='{game_id}.ipynb#learn'" in card and f"href='{game_id}.ipynb#play'" in card


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_described_game_shows_players_length_difficulty_and_origin(game_id: str) -> None:
    card = cards(gallery().html)[game_id]
    for key in ("players", "length", "difficulty", "origin"):
        assert DESCRIPTORS[game_id].gallery[key] in card.replace("&#x27;", "'"), key


def test_a_picture_is_embedded_and_a_game_without_one_gets_a_tile(monkeypatch, tmp_path) -> None:
    first = next(iter(GAMES))
    (tmp_path / f"board-{first}.jpg").write_bytes(b"\xff\xd8\xff\xe0 not really a jpeg")
    monkeypatch.setattr(gallery_module, "_STATIC", tmp_path)
    shown = cards(gallery().html)
    assert "src='data:image/jpeg;base64,/9j/" in shown[first]
    for game_id in list(GAMES)[1:]:
        assert "cg-no-picture" in shown[game_id] and GAMES[game_id][0] in shown[game_id]


def test_the_pictures_in_the_package_are_small_jpegs_one_per_language() -> None:
    for game_id, language in itertools.product(GAMES, languages()):
        path = picture_path(game_id, language)
        assert path.read_bytes()[:3] == b"\xff\xd8\xff" and path.stat().st_size < 120_000, path.name


def test_the_gallery_shows_the_boards_in_the_pages_language(page) -> None:
    page("lang=it")
    shown = gallery().html
    for game_id in GAMES:
        italian = base64.b64encode(picture_path(game_id, "it").read_bytes()).decode("ascii")
        assert italian in cards(shown)[game_id], game_id


def test_the_theme_toggle_is_labelled() -> None:
    widget = gallery()
    assert "cg-theme" in widget.html and widget.dark_label == "Dark theme" and widget.light_label == "Light theme"


# -- the learner's progress (widgets/mastery.py): read from the browser, shown per game, reset after asking ----------


def shown_progress(widget) -> dict:
    return json.loads(widget.progress)


def test_the_gallery_shows_nothing_of_the_progress_until_the_browser_gave_its_record() -> None:
    widget = gallery()
    assert shown_progress(widget) == {} and "cg-progress" in widget.html and "cg-yours" in widget.html


def test_a_lesson_done_on_a_games_page_shows_in_the_gallery_with_the_next_lesson_NAP_5_NAP_6() -> None:
    # the game's page: its learner hears the tutor's session (the hook), and its keeper writes the browser's record
    page = Learner()
    page.keeper.loaded = True
    lessons = describe("napoletana").lessons()
    session = LessonSession(layout("napoletana"), lessons[0])
    page.follow(session)
    session.try_move(session.state.game.parse_move(lessons[0].solution[0]))
    kept = page.keeper.record
    assert json.loads(kept)["games"]["napoletana"]["lessons"] == [lessons[0].id]

    widget = gallery()  # the gallery's page, later: the browser gives it the record it keeps
    widget.record, widget.loaded = kept, True
    shown = shown_progress(widget)
    card = shown["games"]["napoletana"]
    assert f"1 of {len(lessons)} lessons done" in card and "No rule mastered yet." in card
    assert f"href='napoletana.ipynb?lesson={lessons[1].id}#learn'" in card
    assert f"Next lesson: {lessons[1].title}" in card
    assert f"0 of {len(describe('njet').lessons())} lessons done" in shown["games"]["njet"]
    assert "kept in this browser only" in shown["yours"] and "cg-reset" in shown["yours"]


def test_a_lesson_done_after_the_browser_gave_its_record_is_kept_as_a_page_hears_it_NAP_5() -> None:
    """A page's cells hook the tutor's session before the page draws the keeper: the record the browser then gives,
    and one another tab writes later, must not leave the hook writing to a record nobody keeps."""
    earlier = Mastery()
    earlier.refused("napoletana", "NAP-13")
    page = Learner()
    lessons = describe("napoletana").lessons()
    session = LessonSession(layout("napoletana"), lessons[0])
    page.follow(session)  # the notebook's cell
    page.keeper.record, page.keeper.loaded = earlier.dumps(), True  # the page drew the keeper
    session.try_move(session.state.game.parse_move(lessons[0].solution[0]))
    kept = json.loads(page.keeper.record)["games"]["napoletana"]
    assert kept["lessons"] == [lessons[0].id] and kept["rulings"]["NAP-13"]["refused"] == 1, kept

    elsewhere = Mastery()  # another tab of the tutor wrote the record: this page takes it, and goes on hearing
    elsewhere.lesson_done("napoletana", lessons[1])
    page.keeper.record = elsewhere.dumps()
    session.restart()
    session.try_move(session.state.game.parse_move(lessons[0].solution[0]))
    assert json.loads(page.keeper.record)["games"]["napoletana"]["lessons"] == [lessons[1].id, lessons[0].id]


def test_the_next_lesson_is_the_one_whose_rule_was_refused_most_and_links_in_the_pages_language_NAP_13(page) -> None:
    page("lang=fr")
    mastery = Mastery()
    mastery.refused("napoletana", "NAP-13")
    widget = gallery()
    widget.record, widget.loaded = mastery.dumps(), True
    card = shown_progress(widget)["games"]["napoletana"]
    assert "href='napoletana.ipynb?lesson=healer&amp;lang=fr#learn'" in card
    assert "Prochaine leçon" in card


def test_mastered_rules_are_named_and_a_damaged_record_is_said_and_the_rest_shown_NAP_8() -> None:
    mastery = Mastery()
    mastery.lesson_done("napoletana", describe("napoletana").lessons()[4])  # armies: NAP-8
    mastery.applied("napoletana", [Event("play", as_is("x"), rule="NAP-8")])
    data = mastery.to_json()
    data["games"]["chess"] = {}
    widget = gallery()
    widget.record, widget.loaded = json.dumps(data), True
    shown = shown_progress(widget)
    assert "You have mastered 1 rule: NAP-8." in shown["games"]["napoletana"]
    assert "chess" in shown["yours"] and "cg-problem" in shown["yours"]
    assert "chess" not in widget.record  # what could not be read is no longer kept


def test_reset_forgets_the_record_in_the_browser_and_the_gallery_shows_it_empty() -> None:
    mastery = Mastery()
    mastery.lesson_done("napoletana", describe("napoletana").lessons()[0])
    widget = gallery()
    widget.record, widget.loaded = mastery.dumps(), True
    widget._handle_custom_msg({"do": "something else"}, [])
    assert widget.record == mastery.dumps()
    widget._handle_custom_msg({"do": "reset"}, [])
    assert widget.record == ""  # kept.js removes the browser's copy
    assert "0 of 12 lessons done" in shown_progress(widget)["games"]["napoletana"]


def test_the_tutor_and_the_game_app_tell_the_pages_learner_NAP_2_NAP_5(monkeypatch) -> None:
    """The hooks: a lesson solved in the tutor, and a move played and one refused in the game app, reach the page's
    record (what its keeper writes to the browser), each after the board's answer."""
    from widgets import mastery
    from widgets.app import GameApp
    from widgets.tutor import Tutor

    page = Learner()
    page.keeper.loaded = True
    monkeypatch.setattr(mastery, "_learner", page)
    tutor = Tutor("napoletana")
    for move in tutor.lesson.solution:
        tutor.board.try_move(tutor.session.state.game.parse_move(move))
    app = GameApp("napoletana", seed=5, bot_delay=0)
    card = app.state.sides["red"].hand[0]
    app.board.try_move(app.state.game.parse_move(f"play {card} front"))  # refused: first keep or change (NAP-2)
    app.board.try_move(app.state.game.parse_move("keep"))  # NAP-2 applied
    record = json.loads(page.keeper.record)["games"]["napoletana"]
    assert record["lessons"] == [tutor.lesson.id]
    assert record["rulings"]["NAP-2"]["refused"] == 1 and record["rulings"]["NAP-2"]["applied"] == 1, record
