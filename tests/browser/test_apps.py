"""Every game app in Voilà and Chromium, the same checks for each game in cardlib.games.GAMES: the notebook renders,
the gallery's "Play" link lands on the app, a click that breaks a rule is refused with its ruling, a legal move by
clicking is played (and the bots answer), and no traceback reaches the page. In the dark theme, where axe-core
(every rule, every impact) finds nothing once the wrong click is refused; the light theme is checked the same way
by test_learner.py. Once the learner has cards to pick up again, each is a button named by the card, and axe-core's
label in name (WCAG 2.5.3) finds nothing.

Which clicks do that is found by plays.py, which deals the same seed in-process, so a new game needs nothing here.
"""

from __future__ import annotations

import pytest
from harness import (
    ERROR_MARKS,
    LABEL_IN_NAME,
    NOTEBOOKS,
    PLAY_READY,
    axe_violations,
    icons_drawn_in_font_awesome,
    render_url,
    wait_for,
)
from plays import deal, legal_then_refused, opening, press, until_a_card_to_pick
from playwright.sync_api import Page, expect

from cardlib.games import GAMES

pytestmark = pytest.mark.browser

SEED = 7


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_app_refuses_a_wrong_click_with_its_ruling_and_plays_a_right_one(
    page: Page, voila_url: str, game_id: str
) -> None:
    notebook = NOTEBOOKS / f"{game_id}.ipynb"
    assert notebook.is_file(), f"{game_id} is in GAMES but has no notebooks/{notebook.name}"
    steps = legal_then_refused(game_id, SEED)

    # two games are dark from the system's setting alone, as a page opened directly is (issue 33); the others ask
    by_system = game_id in ("njet", "pattuglia")
    if by_system:
        page.emulate_media(color_scheme="dark")
    theme = "" if by_system else "?theme=dark"
    page.goto(render_url(voila_url, f"{game_id}.ipynb{theme}#play"), wait_until="commit")
    wait_for(page, PLAY_READY)
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")
    app = page.locator(".cg-table").last  # the lessons' board comes first, the game app's last
    # The gallery's Play link lands on the app: its board is in view, the lessons' board (above it) is not.
    expect(app).to_be_in_viewport()
    expect(page.locator(".cg-table").first).not_to_be_in_viewport()
    deal(page, SEED)
    step_line = page.locator(".cg-step")
    bots_first = opening(game_id, SEED)
    if bots_first:  # a click while the bots still play would be ignored: wait for the learner's turn
        expect(step_line).to_have_text(f"Move {bots_first} of {bots_first}")

    for step in steps:
        press(app, step)
        if step.rule:
            expect(app.locator(".cg-flash")).to_have_attribute("data-rule", step.rule)
            expect(app.locator(".cg-flash")).to_have_attribute("data-kind", "error")
            violations = axe_violations(page)
            assert not violations, violations
        else:
            expect(step_line).to_have_text(f"Move {step.moves_after} of {step.moves_after}")
            expect(page.locator(".widget-html").get_by_text(step.said[0]).first).to_be_visible()

    # Cards to pick up, a button each, named by the card though its face draws other words ("6" in two corners,
    # "JOLLY", an effect text): label in name holds, in axe-core's reading of what is visible since 4.12
    more, card = until_a_card_to_pick(game_id, SEED, steps)
    if more:  # (Njet!'s stones, NesPanini's draw): the bots answer at once
        page.get_by_role("combobox", name="Bots", exact=True).last.select_option("fast")
    for step in more:
        press(app, step)
        expect(step_line).to_have_text(f"Move {step.moves_after} of {step.moves_after}")
    expect(app.get_by_role("button", name=card, exact=True).first).to_be_visible()
    violations = axe_violations(page, only=[LABEL_IN_NAME])
    assert not violations, violations

    text = page.inner_text("body")
    assert not [mark for mark in ERROR_MARKS if mark in text]
    assert "went wrong" not in text
    icons_drawn_in_font_awesome(page)  # from our own server: the page fixture fails on any request to another
