"""The language a page speaks (issue 19, widgets/language.py): ``lang=`` for an app in a notebook, ``?lang=`` for a
page, refused by name when the tutor does not speak it, and the gallery's switch and links. In the tests'
pseudo-language (tests/pseudo.py), every lesson and a whole game of each show no word of ours outside the markers."""

from __future__ import annotations

import itertools
import random

import pytest
from pseudo import html_words, leaks, scene_words, shown
from test_translated_play import ENGLISH

from cardlib.core import Move
from cardlib.core.i18n import PSEUDO, _, current_language, speaking
from cardlib.games import GAMES, describe
from widgets.app import GameApp
from widgets.gallery import gallery
from widgets.tutor import Tutor


def test_an_app_speaks_the_language_it_is_given():
    app = GameApp("njet", seed=1, bot_delay=0, lang="it")
    assert current_language() == "it"
    assert (
        app.board.table.scene["prompt"] != GameApp("njet", seed=1, bot_delay=0, lang="en").board.table.scene["prompt"]
    )


def test_a_language_the_tutor_does_not_speak_is_refused_by_name():
    with pytest.raises(ValueError, match="not 'de'"):
        Tutor("napoletana", lang="de")
    assert current_language() == "en"


def test_a_page_speaks_its_lang_and_an_unknown_one_leaves_english(page):
    page("lang=fr&theme=dark")
    Tutor("senza_nome")
    assert current_language() == "fr"
    page("lang=xx")
    Tutor("senza_nome", lang="en")
    Tutor("senza_nome")
    assert current_language() == "en"


def test_a_page_opened_without_lang_speaks_the_browsers_language_if_the_tutor_does(page, monkeypatch):
    # a learner following the teacher's seat link, which carries no language: her browser's, as it ranks them
    page("table=ABCDE")
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "de-CH, fr;q=0.8, it;q=0.9, en;q=0.5")
    Tutor("senza_nome")
    assert current_language() == "it"
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "de, en-GB;q=0.9")
    Tutor("senza_nome")
    assert current_language() == "en"
    # the address, then a class's TUTOR_LANG, come before the browser
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "fr-FR,fr;q=0.9")
    page("table=ABCDE&lang=it")
    Tutor("senza_nome")
    assert current_language() == "it"
    page("table=ABCDE")
    monkeypatch.setenv("TUTOR_LANG", "it")
    Tutor("senza_nome")
    assert current_language() == "it"
    monkeypatch.delenv("TUTOR_LANG")
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "fr;q=nonsense, fr-BE;q=0")  # nothing it can use
    Tutor("senza_nome", lang="en")
    Tutor("senza_nome")
    assert current_language() == "en"


def test_the_gallery_offers_every_language_and_its_links_carry_the_page_language(page):
    page("lang=it")
    shown = gallery().html
    assert "hreflang='fr'" in shown and "aria-current=true>Italiano" in shown
    assert "napoletana.ipynb?lang=it#play" in shown
    assert _("Play") in shown and _("Play") != "Play"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_in_the_pseudo_language_every_lesson_speaks_only_through_the_translations(game_id):
    """Each lesson's title, text, task and house rulings, its hint, the refusal of each of its mistakes and its
    success, as the tutor shows them: no word of ours outside the markers (the browser test reads the pages)."""
    game = describe(game_id).game()
    tutor = Tutor(game_id, lang=PSEUDO)
    texts: list[str] = []
    for index, lesson in enumerate(tutor.lessons):
        tutor.go(index)
        tutor.hint()
        texts += shown(tutor)
        for mistake in lesson.mistakes:
            tutor.restart()
            for move in [*lesson.solution[: mistake.at], mistake.move]:
                tutor.board.try_move(game.parse_move(move))
            texts += shown(tutor)
        tutor.show()
        assert tutor.lesson.success(tutor.session.state) and tutor.board.table.scene["flash"], lesson.id
        texts += shown(tutor)
    assert not leaks(texts), leaks(texts)


# every game in the pseudo-language (a word of ours outside the markers is a leak), and a real language in two
# games, whose board layouts say their own words (Njet!'s spaces, Napoletana's rows)
SPOKEN = [*((game_id, PSEUDO) for game_id in GAMES), ("napoletana", "it"), ("njet", "fr")]


@pytest.mark.parametrize(("game_id", "lang"), SPOKEN)
def test_a_whole_game_against_the_bots_speaks_only_the_pages_language(game_id, lang):
    """Every prompt, log line, refusal and hint of a seeded game the learner plays to its end against the bots, the
    end's reason, and the app's menus: in the pseudo-language no word of ours outside the markers; in Italian and
    French no English word of ours. The engines speak in messages: the board and the log say them as they show them,
    in the page's language."""
    app = GameApp(game_id, seed=3, bot_delay=0, lang=lang, options={"target": 1} if game_id == "pattuglia" else {})
    rng = random.Random(3)
    texts = [label for label, _value in app.strength.options + app.speed.options + app.players.options]
    for turn in itertools.count():
        if app.state.is_over:
            break
        assert turn < 400, "the game did not end"
        if turn % 25 == 0:
            app.hint()
            texts += scene_words(app.board.table.scene)
        app.board.try_move(Move("no such move"))
        texts += scene_words(app.board.table.scene)
        app.board.try_move(rng.choice(app.state.legal_moves()))
        texts += [*scene_words(app.board.table.scene), *html_words(app.log.value), *html_words(app.step.value)]
    if lang == PSEUDO:
        assert not leaks(texts), leaks(texts)
    else:
        english = sorted({f"{word!r} in {text!r}" for text in texts for word in ENGLISH.findall(text)})
        assert english == [], english[:5]
    end = app.state.result.said_to(app.seat)  # the end's reason, as the learner's seat reads it
    with speaking("en"):
        in_english = str(end)
    assert app.board.table.scene["prompt"] == str(end) != in_english
