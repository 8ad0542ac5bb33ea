"""A preheated kernel's page, built once and said in the language of the page that takes it (widgets/language.py).

``make classroom`` runs each notebook before any page asks for it, in the pool's language; the page that takes the
kernel may ask for another. Its apps are then said again, not built again: every word a learner reads, each menu,
button, rule book and board, is what an app built in that language from the start shows.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

from cardlib import saves as save_format
from cardlib.core.i18n import PSEUDO, current_language
from cardlib.games import GAMES
from widgets import language, preheated, saves
from widgets.app import GameApp
from widgets.deckbuilder import DeckBuilder
from widgets.gallery import gallery
from widgets.page import introduction, section
from widgets.tabletop import Tabletop
from widgets.tutor import Tutor

# the traits that carry words, beside an HTML's or a Label's value
WORDED = ("description", "tooltip", "placeholder", "label", "tip", "name", "words", "_options_labels", "scene")
WORDED += ("html", "dark_label", "light_label", "close_label")


def in_a_preheated_kernel(monkeypatch) -> None:
    """The apps made next are in a kernel Voilà preheated: no page has taken it yet (``preheated.when_page`` waits;
    here the test says when a page arrives, with ``arrive``)."""
    monkeypatch.setattr(saves, "_taken", threading.Lock())
    monkeypatch.setattr(preheated, "_waiting", [])
    monkeypatch.setattr(preheated, "_listen", lambda: None)
    monkeypatch.setattr(language, "_said", [])
    monkeypatch.setattr(language, "_redraws", [])
    monkeypatch.delenv("QUERY_STRING", raising=False)


def arrive(monkeypatch, query: str) -> None:
    """A page takes the preheated kernel; Voilà hands its address over."""
    monkeypatch.setenv("QUERY_STRING", query)
    preheated._page_arrived()


def words(widget: w.Widget) -> list[tuple[str, str, Any]]:
    """Every word ``widget`` and the widgets inside it show, each with its widget's kind and trait, in order."""
    found = []
    for trait in widget.trait_names():
        if trait in WORDED or (trait == "value" and isinstance(widget, w.HTML | w.Label)):
            value = getattr(widget, trait)
            found.append((type(widget).__name__, trait, json.dumps(value, sort_keys=True, default=str)))
    for child in getattr(widget, "children", ()):
        found += words(child)
    return found


def boards() -> set[str]:
    """The model ids of every board the kernel holds open."""
    return {model_id for model_id, widget in _instances.items() if isinstance(widget, Tabletop)}


def options(game_id: str) -> dict[str, Any]:
    return {"target": 1} if game_id == "pattuglia" else {}


# every game in the pseudo-language (no word of ours left unsaid), Italian and French in one game each
ASKED = [*((game_id, PSEUDO) for game_id in GAMES), ("napoletana", "it"), ("nespanini", "fr")]


@pytest.mark.parametrize(("game_id", "lang"), ASKED)
def test_a_preheated_page_is_built_once_and_said_in_its_page_s_language_as_if_built_in_it(
    game_id: str, lang: str, monkeypatch
) -> None:
    in_a_preheated_kernel(monkeypatch)
    before = boards()
    intro, lessons = introduction(game_id), section(game_id, "lessons")
    tutor, app = Tutor(game_id), GameApp(game_id, seed=4, bot_delay=0, options=options(game_id))
    built = boards() - before
    assert current_language() == "en" and len(built) == 2, "one lesson board and one game board, in English"

    arrive(monkeypatch, f"lang={lang}")
    assert current_language() == lang
    assert boards() - before == built, "the same two boards, none built again"
    assert words(intro) == words(introduction(game_id, lang=lang))
    assert words(tutor.widget) == words(Tutor(game_id, lang=lang).widget)
    assert words(app.widget) == words(GameApp(game_id, seed=4, bot_delay=0, options=options(game_id), lang=lang).widget)
    language.set_language("en")
    assert words(lessons) != words(section(game_id, "lessons")), "the section was said again"


def test_the_gallery_and_the_deck_builder_are_said_in_their_page_s_language(monkeypatch) -> None:
    in_a_preheated_kernel(monkeypatch)
    shown, builder = gallery(), DeckBuilder()
    builder.family.value = "chevaliers"  # a filter chosen before the page came stays chosen
    arrive(monkeypatch, "lang=fr")
    assert words(shown) == words(gallery(lang="fr"))
    fresh = DeckBuilder()
    fresh.family.value = "chevaliers"
    assert words(builder.widget) == words(fresh.widget)
    assert builder.family.value == "chevaliers"


def test_a_page_in_the_pool_s_language_is_left_as_it_was_built(monkeypatch) -> None:
    monkeypatch.setenv("TUTOR_LANG", "fr")  # make classroom TUTOR_LANG=fr
    in_a_preheated_kernel(monkeypatch)
    app = GameApp("napoletana", seed=4, bot_delay=0)
    assert current_language() == "fr"
    said = words(app.widget)
    sent: list[str] = []
    monkeypatch.setattr(type(app.board.table.comm), "publish_msg", lambda comm, kind, **_: sent.append(kind))
    arrive(monkeypatch, "lang=fr")
    assert words(app.widget) == said and sent == [], "nothing said again, nothing sent"


def test_a_preheated_page_opens_its_share_link_in_its_language(monkeypatch) -> None:
    shared = GameApp("napoletana", seed=9, bot_delay=0)
    shared.board.try_move(shared.state.legal_moves()[0])
    code = save_format.link_code(shared.state, "red")
    in_a_preheated_kernel(monkeypatch)
    app = GameApp("napoletana", seed=4, bot_delay=0)
    arrive(monkeypatch, f"lang=it&position={code}")
    opened = GameApp("napoletana", position=save_format.saved_game(shared.state, "red"), bot_delay=0, lang="it")
    assert app.state.to_json() == shared.state.to_json()
    assert app.board.table.scene["areas"] == opened.board.table.scene["areas"]
    assert app.board.table.scene["words"] == opened.board.table.scene["words"]


def test_a_job_that_fails_when_the_page_comes_leaves_the_page_to_be_said(monkeypatch) -> None:
    in_a_preheated_kernel(monkeypatch)
    preheated.when_page(lambda: 1 / 0)
    intro = introduction("napoletana")
    arrive(monkeypatch, "lang=fr")
    assert words(intro) == words(introduction("napoletana", lang="fr"))
