"""An impatient learner: real mouse presses on whatever the game board offers, as fast as it offers it, never waiting
for the board's answer; shared by tests/browser/test_impatient.py (a short run in `make test`) and
benchmarks/lost_clicks.py (the long one in `make bench`).

A press is the mouse's own: a move to the spot, a button press and a release (Playwright's ``page.mouse``, the same
input events a person's mouse gives Chromium), sometimes held a while so that a redraw lands between press and
release, sometimes doubled. It is aimed at the centre of an offered thing (a card to pick, a lit place, an enabled
button of the board) that no other box covers there; while nothing is offered (the bots' turn), now and then at
any card of the board, which the board answers with why nothing happens. Every press on a card, place or button
of the board must reach the kernel as one click message: the browser's network stack (DevTools) counts the
board's messages, and a press that sent none is *lost*."""

from __future__ import annotations

import base64
import contextlib
import random
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

from cardlib.games import GAMES

GAME_BOARD = ".cg-table[aria-label^='Game board']"
GAME_OVER_S = 5  # nothing offered for this long (the longest bots' turn is under 3 s): the game is over
NOTEBOOKS = {game_id: f"{game_id}.ipynb" for game_id in GAMES}  # each game's page

# The centres of what the board offers, each not covered by another box there (the panel floats over the felt);
# with none offered, of every card in sight.
_TARGETS_JS = """(board) => {
  const seen = (node) => {
    const box = node.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (box.width < 4 || y < 0 || y > innerHeight || x < 0 || x > innerWidth) return null;
    const hit = document.elementFromPoint(x, y);
    return hit && node.contains(hit) ? { x, y, what: node.dataset.key || node.className } : null;
  };
  const offers = ".cg-card[data-selectable='true'], .cg-zone[data-target='true'], .cg-zone[data-drop='true'], "
    + ".cg-button:not(:disabled)";
  const all = [...board.querySelectorAll(offers)];
  const offered = all.map(seen).filter(Boolean);
  if (offered.length) return { offered: true, targets: offered };
  const cards = [...board.querySelectorAll(".cg-felt .cg-card")];
  const others = cards.map(seen).filter(Boolean);
  // nothing offered in sight: bring the first offered thing (or card) into the window for the next look
  if (all.length || !others.length) (all[0] || cards[0])?.scrollIntoView({ block: "center" });
  return { offered: false, targets: all.length ? [] : others };
}"""


# Counts, in the page, the presses that land on a card, place or button of the game board: each must send one click.
_COUNT_PRESSES_JS = """(board) => {
  window.cgPressed = 0;
  document.addEventListener("pointerdown", (event) => {
    const thing = event.target instanceof Element && event.target.closest(".cg-card, .cg-zone, .cg-button");
    if (thing && board.contains(thing)) window.cgPressed += 1;
  }, { capture: true });
}"""


class BoardMessages:
    """The board's click messages (card, zone, button, idle) the page sends its kernel, counted at the browser's
    network stack (DevTools), so a message counts however the page sent it."""

    def __init__(self, page: Any) -> None:
        self.sent = 0
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.webSocketFrameSent", self._sent)
        cdp.send("Network.enable")

    def _sent(self, event: dict[str, Any]) -> None:
        response = event["response"]
        data = response.get("payloadData", "")
        if response.get("opcode") != 1:  # binary: the v1 kernel protocol, base64 in DevTools
            data = base64.b64decode(data).decode("utf-8", "replace")
        if re.search(r'"method":\s*"custom"', data) and re.search(r'"kind":\s*"(card|zone|button|idle)"', data):
            self.sent += 1


@contextlib.contextmanager
def busy_core(seconds: float) -> Iterator[None]:
    """A competing process spinning on one core for at most ``seconds`` (it stops itself), as other work on the
    machine does."""
    spin = f"import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end: pass"
    process = subprocess.Popen([sys.executable, "-c", spin])
    try:
        yield
    finally:
        process.kill()
        process.wait()


def hammer(page: Any, presses: int, rng: random.Random) -> dict[str, int]:
    """Make ``presses`` mouse presses on the game board of ``page`` without waiting for any answer, then wait until
    the board has answered every click. Returns how many presses were made (and how many on offered things), how
    many landed on a card, place or button of the board (a redraw may slide the panel under the pointer first), how
    many click messages the page sent, and ``lost``: presses on the board that sent none."""
    board = page.locator(GAME_BOARD).last
    board.evaluate(_COUNT_PRESSES_JS)
    messages = BoardMessages(page)
    made = offered = games = 0
    offered_at = time.monotonic()  # when the board last offered something
    while made < presses:
        found = board.evaluate(_TARGETS_JS)
        if found["offered"]:
            offered_at = time.monotonic()
        elif time.monotonic() - offered_at > GAME_OVER_S:  # over (random play ends a game soon): another one
            page.get_by_role("button", name="New game").last.click()
            games, offered_at = games + 1, time.monotonic()
            continue
        # while the bots play, a press now and then (answered with why nothing happens); mostly the next offer
        if not found["targets"] or (not found["offered"] and rng.random() < 0.75):
            page.wait_for_timeout(30)
            continue
        target = rng.choice(found["targets"])
        page.mouse.move(target["x"], target["y"])
        for _ in range(2 if rng.random() < 0.1 else 1):  # now and then a double click
            page.mouse.down()
            if rng.random() < 0.3:  # held while a redraw may come: the press that straddles one
                page.wait_for_timeout(rng.randint(20, 150))
            page.mouse.up()
            made += 1
            offered += found["offered"]
    # every click answered (the bots' turns may go on; they are not waited for), and its frame counted
    page.wait_for_function("(board) => board.getAttribute('aria-busy') === 'false'", arg=board.element_handle())
    page.wait_for_timeout(200)
    on_board = page.evaluate("window.cgPressed")
    return {
        "games": games + 1,
        "presses": made,
        "on_offered": offered,
        "on_board": on_board,
        "messages": messages.sent,
        "lost": on_board - messages.sent,
    }
