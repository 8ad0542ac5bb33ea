"""The gallery: a card for every game in cardlib.games.GAMES, with its picture (or a tile if it has none yet), its
facts, and the Learn and Play links into its notebook."""

from __future__ import annotations

import base64
import itertools
import re

import pytest

from cardlib.core.i18n import languages
from cardlib.games import DESCRIPTORS, GAMES
from widgets import gallery as gallery_module
from widgets.gallery import gallery, picture_path


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
