"""Take the gallery's picture of every game's board in every language: each game notebook is opened in Voilà and
headless Chromium, and its game app's board (the last board on the page) is saved as a small JPEG,
``widgets/static/board-<game id>.jpg`` (``board-<game id>.<lang>.jpg`` in Italian and French), which the gallery
embeds in the page's language. Then the README's picture, ``docs/napoletana.jpg``:
a Napoletana deal of a fixed seed, the hand kept, with a card of Red's picked up, so the rows it may go to light
up.

Run it after a game is added or its layout changes (`make pictures`). Prints one JSON line per game (its file
and size); a game whose notebook does not load is reported and skipped, the others are still taken.
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from harness import launch_browser, open_app, running_voila  # noqa: E402
from plays import deal  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from cardlib.core.i18n import languages  # noqa: E402
from cardlib.games import GAMES  # noqa: E402
from widgets.gallery import picture_path  # noqa: E402

# The board is drawn at the width of the app (1100 px), whole (the window is taller than any board, so the
# panel is not lifted over it), at 3/4 scale: the gallery shows it whole in a card and at full size on a click,
# where its 12 px text reads at 9 px; small enough to embed (50 to 90 kB), three languages of it within the static
# site's 10 MB (docs/static.md).
VIEWPORT = {"width": 1100, "height": 3000}
SCALE = 0.75
QUALITY = 60
# A board is ready when it holds a card the learner may pick or a place it may click (Njet!'s stones).
READY = '.cg-table [data-selectable="true"], .cg-table .cg-zone[data-target="true"]'
README_PICTURE = ROOT / "docs" / "napoletana.jpg"
README_SEED = 7  # a fixed deal, so the picture changes only when the board does


def take_readme_picture(context, base: str) -> Path:
    page = context.new_page()
    page.set_default_timeout(90_000)
    try:
        open_app(page, base, "napoletana.ipynb", ready=READY)
        deal(page, README_SEED)
        board = page.locator(".cg-table[aria-label^='Game board']")
        board.get_by_role("button", name="Keep this hand").click()
        board.locator(".cg-prompt", has_text="Your turn").wait_for()  # the war has begun
        board.locator('.cg-card[data-zone="red.hand"][data-selectable="true"]').first.click()
        board.locator('.cg-zone[data-target="true"]').first.wait_for()
        board.scroll_into_view_if_needed()
        page.wait_for_timeout(800)
        board.screenshot(path=str(README_PICTURE), type="jpeg", quality=QUALITY, animations="disabled")
        return README_PICTURE
    finally:
        page.close()


def main() -> int:
    failures = 0
    with running_voila(log=ROOT / "docs" / ".pictures-voila.log") as (base, _), sync_playwright() as playwright:
        browser = launch_browser(playwright)
        context = browser.new_context(viewport=VIEWPORT, device_scale_factor=SCALE)
        for game_id, language in itertools.product(GAMES, languages()):
            page = context.new_page()
            page.set_default_timeout(90_000)
            try:
                if not (ROOT / "notebooks" / f"{game_id}.ipynb").exists():
                    raise FileNotFoundError(f"notebooks/{game_id}.ipynb does not exist")
                open_app(page, base, f"{game_id}.ipynb?lang={language}", ready=READY)
                board = page.locator(".cg-table").last
                board.scroll_into_view_if_needed()
                page.wait_for_timeout(800)  # the cards' arrival animation
                target = picture_path(game_id, language)
                board.screenshot(path=str(target), type="jpeg", quality=QUALITY, animations="disabled")
                print(
                    json.dumps(
                        {"game": game_id, "picture": str(target.relative_to(ROOT)), "bytes": target.stat().st_size}
                    )
                )
            except (PlaywrightError, AssertionError, OSError) as error:
                failures += 1
                print(json.dumps({"game": game_id, "error": str(error).splitlines()[0]}))
            finally:
                page.close()
        try:
            picture = take_readme_picture(context, base)
            print(json.dumps({"readme": str(picture.relative_to(ROOT)), "bytes": picture.stat().st_size}))
        except (PlaywrightError, AssertionError, OSError) as error:
            failures += 1
            print(json.dumps({"readme": str(README_PICTURE.relative_to(ROOT)), "error": str(error).splitlines()[0]}))
        browser.close()
    (ROOT / "docs" / ".pictures-voila.log").unlink(missing_ok=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
