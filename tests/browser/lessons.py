"""A lesson played on a page as a learner plays it, in the page's language: the first lesson's first mistake a
learner can click, refused with its rule and its sentence, then the lesson finished. The clicks and what the board
must say are found by playing the same lesson in-process, so a new game or lesson needs nothing here. Used in Voilà
(test_languages.py) and on the static site (test_site.py).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from cardlib.core import Move
from cardlib.games import GAMES, describe
from widgets.layouts import layout
from widgets.tutor import Tutor

# The language each game's first lesson is walked in on the static site (test_site.py); Voilà's pages walk it in the
# other (test_languages.py). The same Python draws both faces, so together they cover every game in both languages.
ON_THE_SITE = {game_id: ("it", "fr")[index % 2] for index, game_id in enumerate(GAMES)}
IN_VOILA = {game_id: "fr" if lang == "it" else "it" for game_id, lang in ON_THE_SITE.items()}


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
