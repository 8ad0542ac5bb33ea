"""What a learner meets on each game's page, measured in Chromium: the first lesson finished with the keyboard
alone; a refused click's message in the window at 1400×900 and 1024×768; at five sizes from a phone's to a desktop's,
the board scrolled from its top to its end, nothing the learner needs now under the docked hand and the prompt always
in sight; no board text under 12 px; every card of a face-up hand at least half uncovered, its name and value never
cut; no sideways scrolling and no label cut short at 390 px, hands in at most three lines of cards, totals not
covered; axe-core finds nothing, with the refusal on the board, also with Big cards on a projector, where both sides'
fields then fit at once; every hand shown face up to the teacher, Big cards still on, keeps at least two cards a line
on a tablet and a phone. One page per game (a fresh kernel): the lesson first, since keyboard focus starts at the top
of the page, then the game app, dealt from a seed whose clicks plays.py finds by playing the same deal in-process."""

from __future__ import annotations

import re
from typing import Any

import pytest
from harness import CUT_JS, PLAY_READY, axe_violations, render_url, wait_for
from plays import deal, legal_then_refused, opening, press
from playwright.sync_api import Locator, Page, expect

from cardlib.core import Move
from cardlib.games import GAMES, describe
from widgets.layouts import layout

pytestmark = pytest.mark.browser

SEED = 7
SIZES = {
    "desktop": (1400, 900),
    "laptop": (1280, 800),
    "projector": (1024, 768),
    "tablet": (768, 1024),
    "phone": (390, 844),
}
MAX_TABS = 80  # more than any board has places to stop at before its lesson's cards

# Every visible text on the boards: its size, and its text for the message.
SMALL_TEXT_JS = """(tables) => {
  const found = [];
  for (const table of tables) {
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const box = node.parentElement;
      if (!text || !box.getClientRects().length || getComputedStyle(box).visibility === "hidden") continue;
      const size = parseFloat(getComputedStyle(box).fontSize);
      if (size < 12) found.push(`${size}px: ${text.slice(0, 30)}`);
    }
  }
  return found;
}"""

# Each face-up card of a hand: the share of its width not covered by the next card on its line; and each rich
# face's name, value and effect text, whether they end inside the card (not cut off); each hand's cards and lines.
HANDS_JS = """(table) => {
  const covered = [], cut = [], lines = [], hands = [];
  for (const zone of table.querySelectorAll(".cg-zone-hand")) {
    const cards = [...zone.querySelectorAll(".cg-card:not(.cg-back)")];
    const boxes = cards.map((card) => card.querySelector(".cg-card-body").getBoundingClientRect());
    lines.push(new Set(cards.map((card) => card.offsetTop)).size); // where laid out, before a lift or a fan
    hands.push({ zone: zone.dataset.zone, cards: cards.length, lines: lines.at(-1) });
    boxes.forEach((box, i) => {
      const next = boxes[i + 1];
      if (next && Math.abs(next.top - box.top) < box.height / 2 && next.left < box.right) {
        const share = (next.left - box.left) / box.width;
        if (share < 0.5) covered.push(`${cards[i].dataset.card}: ${share.toFixed(2)}`);
      }
    });
  }
  for (const part of table.querySelectorAll(".cg-rich-title, .cg-rich-value, .cg-rich-text, .cg-rich-tag")) {
    if (!part.getClientRects().length) continue;
    const card = part.closest(".cg-card-body").getBoundingClientRect();
    const box = part.getBoundingClientRect();
    const overflows = part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1;
    const outside = box.bottom > card.bottom + 1 || box.right > card.right + 1;
    if (outside || overflows) cut.push(part.textContent.slice(0, 30));
  }
  return { covered, cut, lines: Math.max(0, ...lines), hands };
}"""

# Totals drawn over a card of their own zone.
COVERED_TOTALS_JS = """(table) => {
  const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const found = [];
  for (const total of table.querySelectorAll(".cg-total")) {
    const box = total.getBoundingClientRect();
    for (const card of total.closest(".cg-zone").querySelectorAll(".cg-card-body")) {
      if (hit(box, card.getBoundingClientRect())) found.push(total.closest(".cg-zone").dataset.zone);
    }
  }
  return found;
}"""

# Anything wider than the window: the page itself, or a board whose content is clipped at its right edge.
SIDEWAYS_JS = """() => {
  const wide = [];
  const width = document.documentElement.clientWidth;
  for (const node of document.querySelectorAll("body, body *")) {
    const style = getComputedStyle(node);
    if (node.scrollWidth > node.clientWidth + 1 && /(auto|scroll)/.test(style.overflowX)) wide.push(node.className);
  }
  for (const table of document.querySelectorAll(".cg-table")) {
    if (table.getBoundingClientRect().right > width + 1) wide.push("cg-table wider than the window");
  }
  return wide;
}"""


# What the dock hides that the learner needs now, the board scrolled from its top to its end a quarter of the window
# at a time, as a learner scrolls it: under the docked hand (and the piles that ride with it), a place lit up, a zone
# with a card to pick up in it, and, while no card can be picked up (Njet!'s blocking), every place a click goes to;
# and the prompt, unless it is all in the window, in its panel and on top.
UNDER_THE_DOCK_JS = """async (table) => {
  const frames = async (n) => { for (let i = 0; i < n; i++) await new Promise((done) => requestAnimationFrame(done)); };
  const box = (node) => node.getBoundingClientRect();
  const felt = table.querySelector(".cg-felt");
  const panel = table.querySelector(".cg-panel");
  const prompt = table.querySelector(".cg-prompt");
  const docked = (node) => node?.closest('.cg-zone[data-own="true"], .cg-own > .cg-area-body > .cg-area-side');
  const at = (x, y) => document.elementFromPoint(x, y);
  let scroller = table.parentElement;
  while (scroller && !(scroller.scrollHeight > scroller.clientHeight + 1
    && /(auto|scroll)/.test(getComputedStyle(scroller).overflowY))) scroller = scroller.parentElement;
  scroller = scroller || document.scrollingElement;
  const found = new Set();
  table.scrollIntoView({ block: "start" });
  for (let step = 0; step < 30; step++) {
    await frames(2); // the dock follows the scroll in the next frame
    const where = `with the board's top at ${Math.round(box(table).top)} px`;
    let needed = '.cg-zone[data-target="true"], .cg-zone:has(.cg-card[data-selectable="true"])';
    if (!felt.querySelector('.cg-card[data-selectable="true"]')) needed += ', .cg-zone[data-drop="true"]';
    for (const zone of table.classList.contains("cg-docked") ? felt.querySelectorAll(needed) : []) {
      if (docked(zone)) continue; // rides with the hand
      const b = box(zone);
      for (const x of [0.1, 0.5, 0.9]) for (const y of [0.1, 0.5, 0.9]) {
        const point = [b.left + x * b.width, b.top + y * b.height];
        if (point[1] > 0 && point[1] < innerHeight && docked(at(...point))) found.add(`${zone.dataset.zone} ${where}`);
      }
    }
    if (!prompt.hidden) {
      const b = box(prompt), p = box(panel);
      const inside = b.top >= Math.max(0, p.top) - 1 && b.bottom <= Math.min(innerHeight, p.bottom) + 1;
      const x = b.left + Math.min(b.width / 2, 20);
      const shown = [0.2, 0.8].every((y) => prompt.contains(at(x, b.top + y * b.height)));
      if (!inside || !shown) found.add(`the prompt ${where}`);
    }
    if (box(table).bottom <= innerHeight + 1) break;
    scroller.scrollBy(0, innerHeight / 4);
  }
  return [...found];
}"""


def _focused(page: Page) -> dict[str, Any]:
    return page.evaluate(
        """() => { const n = document.activeElement; return { card: n.dataset.card, zone: n.dataset.zone,
          button: n.dataset.button, target: n.dataset.target, selected: n.dataset.selected }; }"""
    )


def _tab_to(page: Page, selector: str) -> None:
    """Press Tab until the focus is on ``selector`` (inside the lesson's board)."""
    for _ in range(MAX_TABS):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}; focus is on {_focused(page)}")


def _keys_for(move: Move, game_id: str, seat: str) -> list[str]:
    """The elements a keyboard learner focuses and presses Enter on for ``move``, in order."""
    where = layout(game_id).zone_id(move, seat)
    keys = []
    if move.card:
        keys.append(f'.cg-card[data-card="{move.card}"][data-selectable="true"]')
    if where:
        keys.append(f'.cg-zone[data-zone="{where}"]')
    return keys or [f'.cg-button[data-button="{move}"]']


def _first_lesson_by_keyboard(page: Page, lesson_board: Locator, game_id: str) -> None:
    lesson = describe(game_id).lessons()[0]
    expect(lesson_board.locator(".cg-keys")).to_contain_text("Escape")  # the keys are written on the page
    for move in lesson.way_from(lesson.start()):
        keys = _keys_for(move, game_id, lesson.seat)
        if move.card and len(keys) == 2:
            # Escape puts a picked-up card back, and focus stays on it
            _tab_to(page, keys[0])
            page.keyboard.press("Enter")
            expect(lesson_board.locator(keys[0])).to_have_attribute("data-selected", "true")
            page.keyboard.press("Escape")
            expect(lesson_board.locator(keys[0])).to_have_attribute("data-selected", "false")
        for i, selector in enumerate(keys):
            _tab_to(page, selector)
            page.keyboard.press("Enter")
            if move.card and i == 0 and len(keys) == 2:
                # a picked-up card sends the focus to the first place it may go; Tab goes round those places
                expect(lesson_board.locator(keys[0])).to_have_attribute("data-selected", "true")
                page.wait_for_function("() => document.activeElement.matches('.cg-zone.cg-target, .cg-zone.cg-drop')")
        expect(lesson_board).to_have_attribute("aria-busy", "false")  # the learner reads the answer, then goes on
    expect(lesson_board.locator(".cg-flash")).to_have_attribute("data-kind", "success")
    # after the move the focus is on something visible, not lost on the page
    assert page.evaluate("() => document.activeElement !== document.body && !!document.activeElement.offsetParent")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_learner_can_read_reach_and_hear_every_part_of_the_page(page: Page, voila_url: str, game_id: str) -> None:
    steps = legal_then_refused(game_id, SEED)
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["desktop"], strict=True)))
    page.goto(render_url(voila_url, f"{game_id}.ipynb"), wait_until="commit")
    wait_for(page, PLAY_READY)
    # the boards by their names (the page may hold other tables, e.g. NesPanini's deck builder)
    lesson_board = page.locator(".cg-table[aria-label^='Lesson board']")
    app = page.locator(".cg-table[aria-label^='Game board']")

    _first_lesson_by_keyboard(page, lesson_board, game_id)

    deal(page, SEED)
    if bots_first := opening(game_id, SEED):
        expect(page.locator(".cg-step")).to_have_text(f"Move {bots_first} of {bots_first}")
    refusal = next(i for i, step in enumerate(steps) if step.rule)
    for step in steps[: refusal + 1]:
        press(app, step)
        if not step.rule:  # the move has landed (and the bots have answered) before the next click
            expect(page.locator(".cg-step")).to_have_text(f"Move {step.moves_after} of {step.moves_after}")
    flash = app.locator(".cg-flash")
    expect(flash).to_have_attribute("data-rule", steps[refusal].rule)
    # announced: the message is inside the board's live region
    assert app.locator(".cg-flash-region[aria-live='polite'] .cg-flash").count() == 1
    for size in ("desktop", "projector"):
        page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
        expect(flash).to_be_in_viewport(ratio=1)
    for size, (width, height) in SIZES.items():  # the game's board, the one with something to do now
        page.set_viewport_size({"width": width, "height": height})
        hidden = app.evaluate(UNDER_THE_DOCK_JS)
        assert hidden == [], f"{size}: {hidden}"

    page.set_viewport_size(dict(zip(("width", "height"), SIZES["desktop"], strict=True)))
    violations = axe_violations(page)
    assert not violations, violations

    tables = page.locator(".cg-table").element_handles()
    for size in ("desktop", "phone"):
        page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
        assert page.evaluate(SMALL_TEXT_JS, tables) == [], f"text under 12 px at {size}"
        for board in (lesson_board, app):
            hands = board.evaluate(HANDS_JS)
            assert hands["covered"] == [], f"{size}: face-up cards less than half in view: {hands['covered']}"
            assert hands["cut"] == [], f"{size}: names or texts cut: {hands['cut']}"
            if size == "phone":
                assert hands["lines"] <= 3, f"a hand takes {hands['lines']} lines at 390 px"
                assert board.evaluate(COVERED_TOTALS_JS) == [], "a total covers a card"
    assert page.evaluate(SIDEWAYS_JS) == [], "sideways scrolling at 390 px"
    assert page.evaluate(CUT_JS) == [], "labels cut short at 390 px"
    # the teacher's projector, on the same page (one page load for both): Big cards, the refusal still said
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["projector"], strict=True)))
    page.get_by_role("button", name="Big cards").last.click()
    expect(app).to_have_attribute("data-big", "true")
    violations = axe_violations(page)  # an answer that outgrows the panel: the panel scrolls, and Tab reaches it
    assert not violations, violations
    after = steps[refusal + 1]  # the refused turn played
    press(app, after)
    expect(page.locator(".cg-step")).to_have_text(f"Move {after.moves_after} of {after.moves_after}")
    _big_cards_show_both_sides_fields_on_a_projector(page, app)
    _every_hand_face_up_keeps_two_cards_a_line(page, app)


# What the learner must see at once, the board scrolled anywhere: their hand in the window and clear of the panel,
# a place the picked-up card may go in sight above the dock (the panel, and the hand while it rides above it), the
# board's answer begun in the window; and the panel's share of the window.
FIT_JS = """async (table) => {
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  for (let still = 0, y = scrollY, i = 0; still < 5 && i < 120; i++, y = scrollY) {  // a smooth scroll ends
    await frame();
    still = scrollY === y ? still + 1 : 0;
  }
  const panel = table.querySelector(".cg-panel").getBoundingClientRect();
  const hand = table.querySelector(".cg-zone[data-own='true']").getBoundingClientRect();
  const top = table.classList.contains("cg-docked") ? hand.top : panel.top;
  const seen = (b) => Math.min(b.bottom, top) - Math.max(b.top, 0) >= Math.min(b.height, 48);
  const places = [...table.querySelectorAll(".cg-zone[data-target='true']")].map((z) => z.getBoundingClientRect());
  const answer = table.querySelector(".cg-flash")?.getBoundingClientRect();
  const prompt = table.querySelector(".cg-prompt").getBoundingClientRect();
  return {
    hand: hand.top >= 0 && hand.bottom <= panel.top + 1,
    place: places.some(seen),
    // its first lines at least: a long hint scrolls inside the panel, which keeps to its quarter of the window
    answer: !answer || (answer.top >= panel.top - 1 && Math.min(answer.bottom, answer.top + 60) <= innerHeight + 1),
    // the prompt whole above it: the answer scrolls under the prompt, never the prompt out of the panel
    prompt: prompt.top >= panel.top - 1 && prompt.bottom <= Math.min(panel.bottom, innerHeight) + 1,
    panel: Math.round((100 * panel.height) / innerHeight),
  };
}"""


def test_the_hand_the_places_and_the_answer_fit_every_window(page: Page, voila_url: str) -> None:
    """At each of the five sizes, with the board scrolled to its top (the opponent's rows in view, the learner's
    hand below the window's edge): the hand rides above the panel and a card picked from it has a place to go in
    sight; once Hint, below the board, is pressed, its answer is in the window (its start, in a panel that
    scrolls) and the prompt still whole above it; the panel takes at most a quarter of the window. Then Tab along
    the docked hand keeps each card in the window, clear of the panel."""
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["desktop"], strict=True)))
    page.goto(render_url(voila_url, "napoletana.ipynb?lang=fr#play"), wait_until="commit")
    wait_for(page, PLAY_READY)
    app = page.locator(".cg-table[aria-label^='Plateau de jeu']")
    app.locator(".cg-button[data-button='keep']").click()  # the mulligan: the learner's turn in the war comes next
    # the war's turn drawn, not the mulligan's still shown (where a click on a card is a move: it picks up nothing)
    expect(app.locator(".cg-prompt")).to_contain_text("choisis une carte")
    card = app.locator(".cg-card[data-zone='red.hand'][data-selectable='true']").first
    expect(card).to_be_visible()
    hint = page.get_by_role("button", name="Indice").last
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        app.evaluate("(board) => board.scrollIntoView({ block: 'start' })")
        card.click()
        expect(app.locator(".cg-card[data-selected='true']")).to_have_count(1)
        fit = app.evaluate(FIT_JS)
        assert fit["hand"] and fit["place"] and fit["panel"] <= 25, (size, fit)
        hint.click()  # the learner scrolls to the button below the board, as the click does, and presses it
        expect(app.locator(".cg-flash[data-kind='info']")).to_be_visible()
        fit = app.evaluate(FIT_JS)
        assert fit["answer"] and fit["prompt"] and fit["panel"] <= 25, (size, fit)
        app.locator(".cg-card[data-selected='true']").click()  # put back
        expect(app.locator(".cg-card[data-selected='true']")).to_have_count(0)
    # the keyboard goes along the docked hand: each card in the window, clear of the panel
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["desktop"], strict=True)))
    app.evaluate("(board) => board.scrollIntoView({ block: 'start' })")
    expect(app).to_have_class(re.compile("cg-docked"))
    card.focus()
    for _ in range(3):
        page.keyboard.press("Tab")
        where = page.evaluate(FOCUS_UNDER_PANEL_JS)
        assert where["card"] and where["covered"] == 0 and where["inWindow"], where


# The field: every zone of played cards (rows and columns, on every side), from the highest to the lowest.
FIELD_JS = """(table) => {
  const boxes = [...table.querySelectorAll(".cg-zone-row, .cg-zone-column")].map((z) => z.getBoundingClientRect());
  return Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
}"""


def _big_cards_show_both_sides_fields_on_a_projector(page: Page, app: Locator) -> None:
    """With Big cards on at 1024×768, after a few moves: the played cards of every side (Napoletana's rows of both
    sides, the runs, the patrols, the trick, the Cimetière) fit together above the panel, the
    learner's hand rides above the panel when the board is scrolled to its top and the learner plays from it, the
    dock hides nothing the learner needs however the board is scrolled, every text is 12 px or more,
    face-up cards are at least half in view and never cut, nothing scrolls sideways, and axe-core finds nothing."""
    panel = app.locator(".cg-panel").bounding_box()
    field = app.evaluate(FIELD_JS)
    assert panel and field + panel["height"] <= SIZES["projector"][1], (field, panel["height"])
    # the board scrolled to its top: the learner's hand rides above the panel while the learner plays from it (in
    # Njet!'s blocking it stands aside for the board), and the panel keeps to a quarter; the dock hides nothing needed
    app.evaluate("(board) => board.scrollIntoView({ block: 'start' })")
    fit = app.evaluate(FIT_JS)
    from_hand = app.locator(".cg-zone[data-own='true'] .cg-card[data-selectable='true']").count() > 0
    assert (fit["hand"] or not from_hand) and fit["panel"] <= 25, fit
    assert app.evaluate(UNDER_THE_DOCK_JS) == []
    assert page.evaluate(SMALL_TEXT_JS, [app.element_handle()]) == [], "text under 12 px with Big cards"
    hands = app.evaluate(HANDS_JS)
    assert hands["covered"] == [] and hands["cut"] == [], hands
    assert page.evaluate(SIDEWAYS_JS) == [], "sideways scrolling with Big cards at 1024 px"
    violations = axe_violations(page)
    assert not violations, violations


def _every_hand_face_up_keeps_two_cards_a_line(page: Page, app: Locator) -> None:
    """The teacher shows every hand face up, Big cards on: on a tablet and a phone each hand keeps at least two cards
    a line (NesPanini's large faces, grown for the projector, stood one a line in the bot's hand), every card at least
    half in view, its name and texts whole and at least 12 px."""
    page.get_by_role("button", name="Teacher: show hands").last.click()
    expect(app.locator(".cg-zone-hand .cg-back")).to_have_count(0)
    for size in ("tablet", "phone"):
        page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
        # the window at its new width and the board drawn for it (a busy machine resizes a frame or two late)
        page.wait_for_function(f"() => innerWidth === {SIZES[size][0]}")
        page.evaluate("async () => { for (let i = 0; i < 3; i++) await new Promise((d) => requestAnimationFrame(d)); }")
        hands = app.evaluate(HANDS_JS)
        assert hands["covered"] == [] and hands["cut"] == [], (size, hands)
        one_a_line = [hand for hand in hands["hands"] if hand["cards"] > 1 and 2 * hand["lines"] > hand["cards"] + 1]
        assert one_a_line == [], f"{size}: hands of fewer than two cards a line: {one_a_line}"
        assert page.evaluate(SMALL_TEXT_JS, [app.element_handle()]) == [], f"text under 12 px at {size}"


# How much of the focused element the board's panel covers, and whether the element is in the window at all.
FOCUS_UNDER_PANEL_JS = """async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done)); // the panel's lift settles
  const node = document.activeElement;
  const box = node.getBoundingClientRect();
  const panel = node.closest(".cg-table").querySelector(".cg-panel").getBoundingClientRect();
  const covered = Math.max(0, Math.min(box.bottom, panel.bottom) - Math.max(box.top, panel.top));
  return { card: node.dataset.card, covered, inWindow: box.top >= 0 && box.bottom <= innerHeight };
}"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_card_the_keyboard_lands_on_is_not_under_the_panel(page: Page, voila_url: str, size: str) -> None:
    """After a move made from the keyboard the focus goes to the learner's next card, and the arrow keys move it
    along the hand: each such card is scrolled into the window clear of the panel lifted to its bottom edge."""
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    page.goto(render_url(voila_url, "napoletana.ipynb#play"), wait_until="commit")
    wait_for(page, PLAY_READY)
    app = page.locator(".cg-table[aria-label^='Game board']")
    app.get_by_role("button", name="Keep this hand").focus()
    page.keyboard.press("Enter")  # the mulligan is over; the bots answer, then it is the learner's turn
    page.wait_for_function("() => document.activeElement.matches('.cg-card[data-zone=\"red.hand\"]')")
    for _ in range(4):
        where = page.evaluate(FOCUS_UNDER_PANEL_JS)
        assert where["covered"] == 0 and where["inWindow"], where
        page.keyboard.press("ArrowRight")
