"""Classmates at one shared table, in Voilà and Chromium, with the table service beside it as `make run` starts it
(issue 35): the teacher opens a table in the lobby; two learners' pages take its seats; a move clicked on one page
reaches the other and the projector, which the whole room reads (the board in the window, the code to join, nobody
called "you"); a reloaded page takes its seat again; the two play the game to its end (at_tables.py); axe-core finds
nothing on the lobby, a seat's page and the projector, and none of them asks anything of a server but ours."""

from __future__ import annotations

import re

import pytest
from at_tables import Log, on_the_wall, play_to_the_end
from harness import axe_violations, render_url, screen, voila_shown, wait_for
from playwright.sync_api import Browser, Page, expect
from running_service import KEY, Running

pytestmark = pytest.mark.browser

SEAT_READY = ".cg-table .cg-button, .cg-table [data-selectable='true']"


def no_violations(page: Page) -> None:
    violations = axe_violations(page)
    assert not violations, violations


def test_two_learners_play_a_table_the_teacher_opened_to_its_end_with_a_projector_and_a_reload(
    page: Page, browser: Browser, voila_url: str, tables_service: Running
) -> None:
    outside: list[list[str]] = []  # each page's requests that would leave 127.0.0.1: none may (the lobby's: conftest)
    lobby = page
    lobby.goto(render_url(voila_url, "lobby.ipynb"), wait_until="commit")
    voila_shown(lobby)
    key = lobby.get_by_label("Teacher's key")
    key.fill(KEY)
    key.press("Enter")
    lobby.get_by_role("button", name="Open a table").click()
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
    assert "key=" in red.url  # the seat is in the page's address: a reload takes it again
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
    for other in (red, black, projector):
        other.context.close()
    assert not any(outside), outside
