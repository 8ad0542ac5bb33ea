"""The language a page speaks (issue 19, widgets/language.py): ``lang=`` for an app in a notebook, ``?lang=`` for a
page, refused by name when the tutor does not speak it, and the gallery's switch and links."""

from __future__ import annotations

import pytest

from cardlib.core.i18n import _, current_language
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


def test_the_gallery_offers_every_language_and_its_links_carry_the_page_language(page):
    page("lang=it")
    shown = gallery().html
    assert "hreflang='fr'" in shown and "aria-current=true>Italiano" in shown
    assert "napoletana.ipynb?lang=it#play" in shown
    assert _("Play") in shown and _("Play") != "Play"
