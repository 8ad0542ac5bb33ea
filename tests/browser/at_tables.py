"""Playing a shared table to its end from learners' pages in Chromium (test_tables.py, test_table_games.py).

The tests know which clicks make a move by replaying the table's log from the service's database (the true state)
and trying clicks on a board of the seat's own making (plays.py): that board shows what the seat's page shows, its
world being the seat's view of the true state. The pages say which move they show: the seats' list carries the
table's version (widgets/sharing.py)."""

from __future__ import annotations

import re
import time

from harness import axe_violations, voila_shown
from plays import Step, clicks_for, press
from playwright.sync_api import Page, expect
from running_service import Running

from cardlib.core import State
from cardlib.games import describe
from tables.store import Store
from widgets.board import Board
from widgets.layouts import layout


class Log:
    """The table's true state, read from the service's database as its log grows (the test's eye, not a page's)."""

    def __init__(self, service: Running, code: str):
        self.store, self.code = Store(service.db), code
        (record,) = [record for record in self.store.tables() if record.code == code]
        self.state: State = describe(record.game).game().new(seed=record.seed, players=len(record.seats))
        self.played = 0

    def now(self) -> State:
        """The state after every move logged so far."""
        for (move,) in self.store.db.execute(
            "SELECT move FROM moves WHERE code = ? AND version >= ? ORDER BY version", (self.code, self.played)
        ).fetchall():
            self.state = self.state.play(self.state.game.parse_move(move))
            self.played += 1
        return self.state

    def after(self, version: int, seconds: float = 60) -> State:
        """The state once the log holds more than ``version`` moves (a bot's turn, or a page's click on its way)."""
        deadline = time.monotonic() + seconds
        self.now()
        while self.played <= version:
            assert time.monotonic() < deadline, f"no move after version {version} in {seconds} s"
            time.sleep(0.01)
            self.now()
        return self.state


HANDS = ".cg-zone[data-kind='hand'] .cg-card"
# What a class reads on the wall: the smallest text in a window of each size (widgets/projector.py)
SMALLEST = {(1024, 768): 12, (1920, 1080): 16}
# Where the board ends in the window, and the smallest text drawn on the page (not a card's own picture, nor what a
# closed box hides)
ON_THE_WALL = """() => {
  const board = document.querySelector('.cg-table').getBoundingClientRect();
  let smallest = Infinity;
  for (const node of document.querySelectorAll('.cg-projector-page *')) {
    if (node.closest('svg') || node.closest('details:not([open]) > :not(summary)')) continue;
    if (![...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent.trim())) continue;
    if (!node.getClientRects().length || getComputedStyle(node).visibility === 'hidden') continue;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(node).fontSize));
  }
  return {top: board.top, bottom: board.bottom, smallest};
}"""
SEAT_WORDS = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


def on_the_wall(projector: Page, code: str) -> None:
    """The projector is the room's: in a 1024×768 window and a 1920×1080 one the whole board is in sight without a
    scroll and no text is smaller than the back of a class reads; the table's code is there to copy, and the page
    calls nobody "you"."""
    for (width, height), least in SMALLEST.items():
        projector.set_viewport_size({"width": width, "height": height})
        deadline = time.monotonic() + 10
        seen = projector.evaluate(ON_THE_WALL)
        while seen["bottom"] > height and time.monotonic() < deadline:  # (fitted to the window once it has resized)
            time.sleep(0.1)
            seen = projector.evaluate(ON_THE_WALL)
        assert seen["top"] >= 0 and seen["bottom"] <= height, (width, height, seen)
        assert seen["smallest"] >= least, (width, height, seen)
    projector.set_viewport_size({"width": 1024, "height": 768})
    expect(projector.locator(".cg-join-code")).to_have_text(code)
    said = projector.locator(".cg-projector-page").inner_text()
    assert not SEAT_WORDS.search(said), SEAT_WORDS.findall(said)


def in_hands(game_id: str, state: State) -> list[str]:
    """Every card in a hand in ``state``, as a board shows them when it reveals them."""
    board = Board.showing(layout(game_id), state, state.players[0])
    board.reveal = True
    board.redraw()
    zones = [zone for area in board.table.scene["areas"] for zone in area["zones"] if zone["kind"] == "hand"]
    return sorted(str(card.get("id", "")) for zone in zones for card in zone["cards"])


def showing(page: Page, version: int) -> None:
    """Wait until ``page`` has been told the table's move ``version``."""
    page.locator(f".cg-seats[data-version='{version}']").wait_for(state="attached")


def play_to_the_end(game_id: str, log: Log, pages: dict[str, Page], projector: Page, reload_at: int | None) -> None:
    """Click every move of the seats in ``pages`` (each seat's page) until the game is over, the easy bot's choice
    from the true state; a page is reloaded at move ``reload_at`` (None: none is) and plays on from its seat. Then
    every page says who won in its own voice, the projector shows every hand as the true state has it, and axe-core
    finds nothing on a seat's page and the projector."""
    easy = describe(game_id).bots()["easy"]
    state, reloaded = log.now(), reload_at is None
    version = log.played
    while not state.is_over:
        mover = state.to_move
        if mover in pages:
            page = pages[mover]
            if not reloaded and reload_at is not None and version >= reload_at:  # the page comes back to its seat
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
        expect(page.locator(".cg-table")).to_contain_text(str(state.result.said_to(seat)))
    showing(projector, version)  # the game over, every hand is face up on the projector, as the true state has it
    shown = projector.eval_on_selector_all(HANDS, "cards => cards.map((card) => card.dataset.card).sort()")
    assert shown == in_hands(game_id, state), shown
    # and who won, said for the room, the winners' places marked
    expect(projector.locator(".cg-table .cg-prompt")).to_have_text(str(state.result.reason))
    winners = projector.eval_on_selector_all(".cg-area.cg-winner", "areas => areas.map((area) => area.dataset.area)")
    assert sorted(winners) == sorted(state.result.winners), winners
    for page in (next(iter(pages.values())), projector):
        violations = axe_violations(page)
        assert not violations, violations
