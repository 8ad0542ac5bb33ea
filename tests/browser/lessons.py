"""A lesson played on a page as a learner plays it, in the page's language: the first lesson's first mistake a
learner can click, refused with its rule and its sentence, then the lesson finished. The clicks and what the board
must say are found by playing the same lesson in-process, so a new game or lesson needs nothing here. Used in Voilà
(test_languages.py) and on the static site (test_site.py), which then find the lesson done in the learner's record
the page keeps in its browser, and one game's in the gallery.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from cardlib.core import Move
from cardlib.core.i18n import _, speaking
from cardlib.games import GAMES, describe
from widgets.layouts import layout
from widgets.mastery import KEY
from widgets.tutor import Tutor

# The language each game's first lesson is walked in on the static site (test_site.py); Voilà's pages walk it in the
# other (test_languages.py). The same Python draws both faces, so together they cover every game in both languages.
ON_THE_SITE = {game_id: ("it", "fr")[index % 2] for index, game_id in enumerate(GAMES)}
IN_VOILA = {game_id: "fr" if lang == "it" else "it" for game_id, lang in ON_THE_SITE.items()}
# The game whose lesson done is then looked for in the gallery (a page more to open: one game is enough)
IN_THE_GALLERY = next(iter(GAMES))
# The learner's record as the browser keeps it (widgets/mastery.py), once it holds ``lesson`` of ``game``
KEPT_JS = """([key, game, lesson]) => {
  const text = localStorage.getItem(key);
  return text && JSON.parse(text).games?.[game]?.lessons?.includes(lesson) && text;
}"""


def clicks_for(scene: dict[str, Any], move: Move, game_id: str, seat: str) -> list[tuple[dict[str, Any], str]]:
    """What a learner clicks for ``move`` on a board showing ``scene``: each click's message to the kernel and the
    selector of what the page clicks."""
    clicks = []
    if move.card:
        zones = (zone for area in scene["areas"] for zone in area["zones"])
        zone = next(z["id"] for z in zones if any(card.get("id") == move.card for card in z["cards"]))
        clicks.append(({"kind": "card", "card": move.card, "zone": zone}, f'.cg-card[data-card="{move.card}"]'))
    where = layout(game_id).zone_id(move, seat)
    if where:
        clicks.append(({"kind": "zone", "zone": where}, f'.cg-zone[data-zone="{where}"]'))
    return clicks or [({"kind": "button", "id": str(move)}, f'.cg-button[data-button="{move}"]')]


def wrong_turn(game_id: str, lang: str) -> tuple[list[str], dict[str, Any], Tutor, int]:
    """The first of the first lesson's mistakes a learner can click (some are refused before they are a move: a card
    that cannot be used yet), played in-process in ``lang``: the page's clicks for the solution's moves before it
    and for the mistake, what the board then says, the tutor (back where the learner was before the mistake) and
    how many of the solution's moves it has played."""
    lesson, game = describe(game_id).lessons()[0], describe(game_id).game()
    for mistake in lesson.mistakes:
        tutor = Tutor(game_id, lang=lang)
        selectors = []
        for move in [*lesson.solution[: mistake.at], mistake.move]:
            for message, selector in clicks_for(tutor.board.table.scene, game.parse_move(move), game_id, lesson.seat):
                tutor.board.table.click(**message)
                selectors.append(selector)
        said = tutor.board.table.scene["flash"] or {}
        if said.get("rule") == mistake.rule and said.get("kind") == "error":
            return selectors, said, tutor, mistake.at
    raise AssertionError(f"no mistake of {game_id}'s first lesson can be clicked")


def finish_the_first_lesson_after_a_mistake(page: Page, game_id: str, lang: str) -> None:
    """On ``page``, open at ``game_id``'s lessons in ``lang``: click the first lesson's mistake, see it refused with
    its rule in the page's language, then click the rest of the lesson and see it finished."""
    lesson, game = describe(game_id).lessons()[0], describe(game_id).game()
    selectors, said, tutor, played = wrong_turn(game_id, lang)
    board = page.locator(".cg-table").first  # the lessons' board
    for selector in selectors:
        board.locator(selector).first.click()
        expect(board).to_have_attribute("aria-busy", "false")
    flash = board.locator(".cg-flash")
    expect(flash).to_have_attribute("data-rule", said["rule"])
    expect(flash.locator(".cg-flash-text")).to_have_text(said["text"])

    for move in lesson.solution[played:]:  # the rest of the lesson, the same clicks in-process and on the page
        for message, selector in clicks_for(tutor.board.table.scene, game.parse_move(move), game_id, lesson.seat):
            tutor.board.table.click(**message)
            board.locator(selector).first.click()
            expect(board).to_have_attribute("aria-busy", "false")
    assert tutor.board.table.scene["flash"] and tutor.board.table.scene["flash"]["kind"] == "success"
    expect(flash).to_have_attribute("data-kind", "success")
    expect(flash.locator(".cg-flash-text")).to_have_text(tutor.board.table.scene["flash"]["text"])


def kept_in_the_browser(page: Page, game_id: str) -> dict[str, Any]:
    """The learner's record ``page`` keeps in its browser, once it holds ``game_id``'s first lesson done (written
    just after the board's answer)."""
    first = describe(game_id).lessons()[0].id
    return json.loads(page.wait_for_function(KEPT_JS, arg=[KEY, game_id, first], timeout=10_000).json_value())


def the_gallery_shows_the_first_lesson_done(page: Page, address: str, game_id: str, lang: str) -> None:
    """The gallery at ``address`` (in ``lang``), opened in ``page``'s browser, reads the record it keeps: one of
    ``game_id``'s lessons done."""
    page.goto(address, wait_until="commit")
    with speaking(lang):
        done = _("{n} of {total} lessons done", n=1, total=len(describe(game_id).lessons()))
    expect(page.locator(f".cg-game[data-game='{game_id}'] .cg-progress")).to_contain_text(done)
