"""A whole game of each game at a shared table, played by clicking in Voilà and Chromium (issue 35): two learners'
pages take the table's people's seats (Njet!'s other two are the service's bots), a projector page watches, and one
page is reloaded in the middle of the game and plays on from its seat. Every move is clicked on the mover's own
board, as a learner does; every page follows the table to its end; then the projector shows every hand.

The test knows which clicks make a move by replaying the table's log from the service's database (the true state)
and trying clicks on a board of the seat's own making (plays.py): that board shows what the seat's page shows, its
world being the seat's view of the true state. The pages say which move they show: the seats' list carries the
table's version (widgets/sharing.py).

A click takes Playwright about 0.15 s, so a game of a hundred moves or more is a minute or more: `make test` plays
Napoletana and NesPanini (about 25 and 20 moves), `make long` the other three (Pattuglia's deal about 100 moves,
Njet!'s 448, Senza Nome's about 550)."""

from __future__ import annotations

import time

import pytest
from harness import axe_violations, screen, voila_shown
from plays import Step, clicks_for, press
from playwright.sync_api import Browser, Page, expect
from running_service import Running

from cardlib.core import State
from cardlib.games import describe
from tables.store import Store
from widgets.board import Board
from widgets.boards import layout

pytestmark = pytest.mark.browser

# Deals the easy bots finish in fewer moves than most.
DEALS = {"napoletana": 10, "nespanini": 2, "pattuglia": 22, "senza_nome": 23, "njet": 0}
LONG = {"pattuglia", "senza_nome", "njet"}  # hundreds of moves: minutes of clicking (`make long`)


class Log:
    """The table's true state, read from the service's database as its log grows (the test's eye, not a page's)."""

    def __init__(self, service: Running, code: str):
        self.store, self.code = Store(service.db), code
        (record,) = [record for record in self.store.tables() if record.code == code]
        self.state: State = describe(record.game).game().new(seed=record.seed, players=len(record.seats))
        self.played = 0

    def after(self, version: int, seconds: float = 60) -> State:
        """The state once the log holds more than ``version`` moves (a bot's turn, or a page's click on its way)."""
        deadline = time.monotonic() + seconds
        while self.played <= version:
            assert time.monotonic() < deadline, f"no move after version {version} in {seconds} s"
            time.sleep(0.01)
            for (move,) in self.store.db.execute(
                "SELECT move FROM moves WHERE code = ? AND version >= ? ORDER BY version", (self.code, self.played)
            ).fetchall():
                self.state = self.state.play(self.state.game.parse_move(move))
                self.played += 1
        return self.state


HANDS = ".cg-zone[data-kind='hand'] .cg-card"


def in_hands(game_id: str, state: State) -> list[str]:
    """Every card in a hand in ``state``, as a board shows them when it reveals them."""
    board = Board(layout(game_id), state, state.players[0])
    board.reveal = True
    board.redraw()
    zones = [zone for area in board.table.scene["areas"] for zone in area["zones"] if zone["kind"] == "hand"]
    return sorted(str(card.get("id", "")) for zone in zones for card in zone["cards"])


def showing(page: Page, version: int) -> None:
    """Wait until ``page`` has been told the table's move ``version``."""
    page.locator(f".cg-seats[data-version='{version}']").wait_for(state="attached")


@pytest.mark.parametrize("game_id", [pytest.param(game, marks=[pytest.mark.long] * (game in LONG)) for game in DEALS])
def test_two_learners_click_a_whole_game_at_a_table_with_a_projector_and_a_reload(
    browser: Browser, voila_url: str, tables_service: Running, game_id: str
) -> None:
    about = describe(game_id)
    players = about.player_counts[0]
    easy = about.bots()["easy"]
    kinds = ["person", "person"] + ["bot"] * (players - 2)
    status, opened = tables_service.http(
        "POST", "/tables", {"game": game_id, "seats": kinds, "strength": "easy", "seed": DEALS[game_id]}
    )
    assert status == 201, opened
    code = opened["code"]
    log = Log(tables_service, code)
    people = log.state.players[:2]
    outside: list[list[str]] = []  # each page's requests to other servers than ours: none may
    # the projector in the dark, as a darkened classroom has it
    projector = screen(browser, voila_url, f"table.ipynb?watch={code}", outside, color_scheme="dark")
    pages = {seat: screen(browser, voila_url, f"table.ipynb?table={code}", outside) for seat in people}
    for seat, page in pages.items():
        voila_shown(page)
        page.get_by_role("button", name=f"Sit as {log.state.game.seat_name(seat)}").click()
        showing(page, 0)
    voila_shown(projector)

    state, version, reloaded = log.state, 0, False
    while not state.is_over:
        mover = state.to_move
        if mover in pages:
            page = pages[mover]
            if not reloaded and version >= 8:  # in the middle of the game: the page comes back to its seat
                page.reload(wait_until="commit")
                voila_shown(page)
                reloaded = True
            showing(page, version)
            move = easy(seed=version).decide(state, mover).move
            press(page.locator(".cg-table"), Step(clicks_for(game_id, state, mover, move)))
        state, version = log.after(version), log.played  # (a bot's moves may come at once)
    assert reloaded

    assert state.result is not None
    for seat, page in pages.items():  # each told the end in its own voice
        showing(page, version)
        expect(page.locator(".cg-table")).to_contain_text(state.result.said_to(seat))
    showing(projector, version)  # the game over, every hand is face up on the projector, as the true state has it
    shown = projector.eval_on_selector_all(HANDS, "cards => cards.map((card) => card.dataset.card).sort()")
    assert shown == in_hands(game_id, state), shown
    for page in (next(iter(pages.values())), projector):
        violations = axe_violations(page)
        assert not violations, violations
    for page in (*pages.values(), projector):
        page.context.close()
    assert not any(outside), outside
