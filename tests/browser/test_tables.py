"""Classmates at one shared table, in Voilà and Chromium, with the table service beside it as `make run` starts it
(issue 35): the teacher opens a table in the lobby; two learners' pages take its seats; a move clicked on one page
reaches the other and the projector, which the whole room reads (the board in the window, the code to join, nobody
called "you"); a reloaded page takes its seat again; the two play the game to its end (at_tables.py); then the
teacher runs the room: a rematch, a closed page read as away within seconds, a seat freed and taken again, the table
ended. axe-core finds nothing on the lobby, a seat's page and the projector, and none of them asks anything of a
server but ours."""

from __future__ import annotations

import re
import time

import pytest
from at_tables import Log, on_the_wall, play_to_the_end
from harness import axe_violations, render_url, screen, voila_shown, wait_for
from playwright.sync_api import Browser, Page, expect
from running_service import KEY, Running

from cardlib.core.i18n import _, speaking

pytestmark = pytest.mark.browser

SEAT_READY = ".cg-table .cg-button, .cg-table [data-selectable='true']"
# A closed page's seat reads as away in the lobby within this: its kernel shut down with the page (about a second),
# then the lobby's next look at the tables (every 2 s)
AWAY_WITHIN_MS = 6_000


def no_violations(page: Page) -> None:
    violations = axe_violations(page)
    assert not violations, violations


def test_two_learners_play_a_table_the_teacher_opened_to_its_end_with_a_projector_and_a_reload(
    page: Page, browser: Browser, voila_url: str, tables_service: Running
) -> None:
    outside: list[list[str]] = []  # each page's requests that would leave 127.0.0.1: none may (the lobby's: conftest)
    lobby = page
    # the teacher's own link, as make run prints it: the key after "#", never sent to a server, gone once read
    lobby.goto(render_url(voila_url, f"lobby.ipynb#key={KEY}"), wait_until="commit")
    voila_shown(lobby)
    lobby.get_by_role("button", name="Open a table").click()
    assert KEY not in lobby.url
    opened_text = lobby.get_by_text(re.compile(r"Table [A-Z]{5} is open"))
    expect(opened_text).to_be_visible()
    code = re.search(r"Table ([A-Z]{5})", opened_text.inner_text()).group(1)
    expect(lobby.locator(".cg-lobby-table").first).to_contain_text(code)
    no_violations(lobby)

    queries = (f"table={code}", f"table={code}", f"watch={code}")
    red, black, projector = (screen(browser, voila_url, f"table.ipynb?{query}", outside) for query in queries)
    for shown in (red, black, projector):
        voila_shown(shown)
    red.get_by_role("button", name="Sit as Red").click()
    wait_for(red, SEAT_READY)
    black.get_by_role("button", name="Sit as Black").click()
    wait_for(black, ".cg-table")
    expect(projector.locator(".cg-table")).to_be_visible()
    expect(red.locator(".cg-seats")).to_contain_text("Black: a classmate, here.")

    red.locator('.cg-table .cg-button[data-button="keep"]').click()
    expect(black.get_by_text("Red keeps its hand.").first).to_be_visible()
    expect(projector.locator(".cg-seats")).to_contain_text("Waiting for Black.")
    expect(red.locator(".cg-seats")).to_contain_text("Waiting for Black.")
    on_the_wall(projector, code)
    expect(red).to_have_url(re.compile(r"[?&]key="))  # the seat is in the page's address: a reload takes it again
    no_violations(red)
    no_violations(projector)

    black.reload(wait_until="commit")  # the same seat comes back, its turn and all
    voila_shown(black)
    wait_for(black, SEAT_READY)
    expect(black.locator(".cg-seats")).to_contain_text("Black: you.")
    black.locator('.cg-table .cg-button[data-button="keep"]').click()
    expect(red.get_by_text("Black keeps its hand.").first).to_be_visible()

    # and on to the end, every move clicked on its seat's page
    play_to_the_end("napoletana", Log(tables_service, code), {"red": red, "black": black}, projector, reload_at=None)
    runs_the_room(lobby, red, black, projector, voila_url, code)
    for other in (red, black, projector):
        other.context.close()
    assert not any(outside), outside


def runs_the_room(lobby: Page, red: Page, black: Page, projector: Page, voila_url: str, played: str) -> None:
    """The teacher runs the room from the lobby, with the pages of the game just over: a rematch; a learner closes
    her page and the lobby says she is away within seconds; a seat freed (its page is told) and taken again; the
    table ended once the teacher says yes, the seat's page and a projector in French told at once. ``played``: the
    code of the table whose game is over."""
    # (the table just played: other tests' tables may be over in the same lobby)
    played_row = lobby.locator(".cg-lobby-table", has_text=f", table {played}")
    played_row.get_by_role("button", name="Rematch, every seat moved on by one").click()
    opened_text = lobby.get_by_text(re.compile(r"Table [A-Z]{5} is open for the rematch"))
    expect(opened_text).to_be_visible()
    code = re.search(r"Table ([A-Z]{5})", opened_text.inner_text()).group(1)
    row = lobby.locator(".cg-lobby-table", has_text=f", table {code}")  # (not the old one's "Rematched at table")
    expect(red.locator(".cg-seats")).to_contain_text("Black: you.")  # each page followed, a seat on
    expect(black.locator(".cg-seats")).to_contain_text("Red: you.")
    expect(row.locator(".cg-seats")).to_contain_text("Red: a classmate, here.")

    black.close(run_before_unload=True)  # as a learner closes her tab: Voilà shuts her page's kernel down
    closed = time.monotonic()
    expect(row.locator(".cg-seats")).to_contain_text("Red: a classmate, away.", timeout=AWAY_WITHIN_MS)
    print(f"the lobby said the closed page's seat was away {time.monotonic() - closed:.1f} s after it closed")

    row.get_by_role("button", name="Free Black's seat").click()  # red's page sits at Black now
    freed = "Your teacher freed your seat: to play on, type the table's code again and choose a free seat."
    expect(red.locator(".cg-table")).to_contain_text(freed)
    expect(row.locator(".cg-seats")).to_contain_text("Black: a free seat.")
    # a reload opens the seats to choose from: another learner takes the freed one (the address follows the page's
    # news a moment later)
    expect(red).not_to_have_url(re.compile(r"[?&]key="))
    red.reload(wait_until="commit")
    projector.goto(render_url(voila_url, f"table.ipynb?watch={code}&lang=fr"), wait_until="commit")
    voila_shown(red)
    red.get_by_role("button", name="Sit as Black").click()
    wait_for(red, ".cg-table")
    voila_shown(projector)
    expect(projector.locator(".cg-seats")).to_be_visible()

    row.get_by_role("button", name="End this table").dblclick()  # a double click asks, and answers nothing
    yes = row.get_by_role("button", name=f"Yes, end table {code}")
    expect(yes).to_be_visible()
    expect(red.locator(".cg-seats")).not_to_contain_text("ended")
    no_violations(lobby)  # the lobby with its question, its tables' codes and their QR codes
    yes.click()
    ended = "Your teacher ended this table: the game stops here."
    expect(red.locator(".cg-table")).to_contain_text(ended)  # the board takes no move and says why
    with speaking("fr"):
        expect(projector.locator(".cg-seats")).to_contain_text(_(ended))
    expect(row).to_contain_text("You ended this table: its code lets nobody in any more.")
