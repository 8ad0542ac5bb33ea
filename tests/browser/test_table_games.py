"""A whole game of each game at a shared table, played by clicking in Voilà and Chromium (issue 35): two learners'
pages take the table's people's seats (Njet!'s other two are the service's bots), a projector page watches in the
dark theme, and one page is reloaded in the middle of the game and plays on from its seat. Every move is clicked on
the mover's own board, as a learner does; every page follows the table to its end (at_tables.py). Napoletana's
whole game is test_tables.py's, from the teacher's lobby.

A click takes Playwright about 0.15 s, so a game of a hundred moves or more is a minute or more: `make test` plays
NesPanini (about 20 moves), `make long` the other three (Pattuglia's deal about 100 moves, Njet!'s 448, Senza
Nome's about 550)."""

from __future__ import annotations

import pytest
from at_tables import Log, play_to_the_end, showing
from harness import screen, voila_shown
from playwright.sync_api import Browser
from running_service import Running

from cardlib.games import describe

pytestmark = pytest.mark.browser

# Deals the easy bots finish in fewer moves than most.
DEALS = {"nespanini": 2, "pattuglia": 22, "senza_nome": 23, "njet": 0}
LONG = {"pattuglia", "senza_nome", "njet"}  # hundreds of moves: minutes of clicking (`make long`)


@pytest.mark.parametrize("game_id", [pytest.param(game, marks=[pytest.mark.long] * (game in LONG)) for game in DEALS])
def test_two_learners_click_a_whole_game_at_a_table_with_a_projector_and_a_reload(
    browser: Browser, voila_url: str, tables_service: Running, game_id: str
) -> None:
    players = describe(game_id).player_counts[0]
    kinds = ["person", "person"] + ["bot"] * (players - 2)
    status, opened = tables_service.http(
        "POST", "/tables", {"game": game_id, "seats": kinds, "strength": "easy", "seed": DEALS[game_id]}
    )
    assert status == 201, opened
    log = Log(tables_service, opened["code"])
    outside: list[list[str]] = []  # each page's requests to other servers than ours: none may
    # the projector in the dark, as a darkened classroom has it
    projector = screen(browser, voila_url, f"table.ipynb?watch={log.code}", outside, color_scheme="dark")
    pages = {
        seat: screen(browser, voila_url, f"table.ipynb?table={log.code}", outside) for seat in log.state.players[:2]
    }
    for seat, page in pages.items():
        voila_shown(page)
        page.get_by_role("button", name=f"Sit as {log.state.game.seat_name(seat)}").click()
        showing(page, 0)
    voila_shown(projector)
    play_to_the_end(game_id, log, pages, projector, reload_at=8)
    for page in (*pages.values(), projector):
        page.context.close()
    assert not any(outside), outside
