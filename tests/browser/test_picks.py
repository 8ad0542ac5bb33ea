"""Picking a card up does not wait for the network (issue 15): the page lights the places a card may go from the
scene it already has, so the learner sees them at once however far the kernel is; only the move goes to the
kernel. Shown by freezing the page's kernel: the places still light up, and the move is made once it wakes."""

from __future__ import annotations

import os
import signal

import pytest
from harness import kernel_pid, page_kernel_id
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_a_picked_up_card_lights_its_places_while_the_kernel_is_frozen(page: Page, voila_url: str, open_app) -> None:
    open_app(page, voila_url, "napoletana.ipynb")
    war = page.locator(".cg-table").last
    page.get_by_role("button", name="Keep this hand").last.click()
    expect(war.locator(".cg-prompt")).to_contain_text("Your turn")  # the war has begun, and the bots have played
    card = war.locator('.cg-card[data-zone="red.hand"][data-selectable="true"]').first
    pid = kernel_pid(None, page_kernel_id(page))
    assert pid, "no process for the page's kernel"

    os.kill(pid, signal.SIGSTOP)
    try:
        card.click()
        lit = war.locator('.cg-zone[data-target="true"]')
        expect(lit.first).to_be_visible(timeout=5_000)  # drawn by the page alone: the kernel cannot answer
        expect(war.locator('.cg-card[data-selected="true"]')).to_have_count(1)
        expect(lit.first).to_be_focused()  # and the learner is taken to the first place it may go
        lit.first.click()  # the move waits for the kernel, and is kept until it wakes
    finally:
        os.kill(pid, signal.SIGCONT)
    expect(war.locator(".cg-last")).to_contain_text("You place")
