"""The static site (issue 36, docs/static.md), built by ``make site`` from this checkout and served on 127.0.0.1 by a
plain static file server (the ``site`` fixture): every game page teaches and plays in its language with the
browser's own Python, asking nothing of any other server (the ``page`` fixture fails on such a request), and keeps
the lesson done in the browser, where the gallery reads it; the gallery's words all come through the translations;
the golden playthroughs replay alike in the browser's Python; Save, Load and Share work, a share link crosses between
Voilà and the site both ways, a second visit comes from what the browser kept, and with no network at all the site
still opens.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from golden import playthroughs
from harness import CHROMIUM, CHROMIUM_ARGS, PLAY_READY, Site, axe_violations, outside_of, render_url, wait_for
from lessons import (
    IN_THE_GALLERY,
    ON_THE_SITE,
    finish_the_first_lesson_after_a_mistake,
    kept_in_the_browser,
    the_gallery_shows_the_first_lesson_done,
)
from plays import deal, legal_then_refused, opening, press
from playwright.sync_api import Browser, Page, expect
from pseudo import leaks
from test_languages import TEXTS_JS

from cardlib.core.i18n import PSEUDO, _, speaking
from cardlib.games import GAMES, describe
from widgets.browser_page import WORDS
from widgets.watchdog import catalogs

pytestmark = pytest.mark.browser

SEED = 7
READY = "body[data-ready]"  # page.js: every cell of the notebook drawn
# Each game's page in its language of lessons.ON_THE_SITE (Voilà's tests walk the other), two of them dark: one by
# the system's setting, one by ?theme=
THEMES = {"nespanini": "dark", "njet": "system"}
# Every text the page says while its Python starts, kept for the test to read once it has
LOADING_JS = """
window.cgLoadingTexts = [];
new MutationObserver(() => {
  const line = document.getElementById("cg-loading");
  const text = line && line.textContent.trim();
  if (text && window.cgLoadingTexts.at(-1) !== text) window.cgLoadingTexts.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def open_page(page: Page, site: Site, address: str) -> None:
    page.goto(f"{site.url}/{address}", wait_until="commit")
    wait_for(page, READY)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_page_teaches_and_plays_against_the_bots_in_its_language(page: Page, site: Site, game_id: str) -> None:
    lang, theme = ON_THE_SITE[game_id], THEMES.get(game_id, "")
    if theme == "system":
        page.emulate_media(color_scheme="dark")
    page.add_init_script(LOADING_JS)
    open_page(page, site, f"{game_id}.html?lang={lang}" + ("&theme=dark" if theme == "dark" else ""))
    assert page.evaluate("() => document.documentElement.lang") == lang
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false" if theme else "true")
    said_while_starting = page.evaluate("() => window.cgLoadingTexts")
    words = catalogs(WORDS)[lang]
    assert said_while_starting and set(said_while_starting) <= {words["python"], words["tutor"]}, said_while_starting

    finish_the_first_lesson_after_a_mistake(page, game_id, lang)
    # the lesson done is kept in the learner's browser, and nowhere else (the site has no server to send it to)
    kept = kept_in_the_browser(page, game_id)
    assert kept["games"][game_id]["lessons"] == [describe(game_id).lessons()[0].id], kept

    with speaking(lang):  # the game against the bots: a refused click with its ruling, then a legal move
        steps = legal_then_refused(game_id, SEED)
        app = page.locator(".cg-table").last
        deal(page, SEED)
        step_line = page.locator(".cg-step")
        if bots_first := opening(game_id, SEED):
            expect(step_line).to_have_text(_("Move {n} of {total}", n=bots_first, total=bots_first))
        for step in steps:
            press(app, step)
            if step.rule:
                expect(app.locator(".cg-flash")).to_have_attribute("data-rule", step.rule)
                expect(app.locator(".cg-flash")).to_have_attribute("data-kind", "error")
            else:
                moves = step.moves_after
                expect(step_line).to_have_text(_("Move {n} of {total}", n=moves, total=moves))
                expect(page.locator(".widget-html").get_by_text(step.said[0]).first).to_be_visible()
    assert not axe_violations(page)
    if game_id == IN_THE_GALLERY:  # and the site's gallery, a new Python in the page, reads it after the reload
        the_gallery_shows_the_first_lesson_done(page, f"{site.url}/index.html?lang={lang}", game_id, lang)


def test_the_gallery_speaks_through_the_translations_and_opens_the_sites_own_pages(page: Page, site: Site) -> None:
    open_page(page, site, f"index.html?lang={PSEUDO}")
    wait_for(page, ".cg-gallery .cg-game")  # the gallery draws itself once its module has loaded, after its view
    texts = page.evaluate(TEXTS_JS)
    assert len(texts) > 20 and not leaks(texts), leaks(texts)
    links = page.eval_on_selector_all("a.cg-go", "(links) => links.map((link) => link.getAttribute('href'))")
    assert sorted(links) == sorted(f"{game}.html?lang={PSEUDO}#{way}" for game in GAMES for way in ("learn", "play"))
    # (no way to shared tables: they need a server, which the site has not)
    assert not axe_violations(page)
    # (the learner's record a game page wrote, read by the gallery: the game page's test above)
    page.locator("a.cg-go.cg-play").first.click()
    wait_for(page, READY)
    expect(page.locator(".cg-table").last).to_be_in_viewport()  # landed on the game against the bots


# The browser's own Python, in a worker of the site's (static_site/worker.js), asked for a value as JSON
ASK_JS = """async ([source]) => {
  if (!window.cgPython) {
    const worker = new Worker("worker.js", { type: "module" });
    window.cgPython = { worker, ready: new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if (data.kind === "ready") resolve();
        else if (data.kind === "failed") reject(new Error(data.error));
      };
    }) };
    worker.postMessage({ kind: "start", query: "", cells: [] });
  }
  await window.cgPython.ready;
  return await new Promise((resolve) => {
    window.cgPython.worker.onmessage = ({ data }) => data.kind === "value" && resolve(data);
    window.cgPython.worker.postMessage({ kind: "evaluate", id: 1, source });
  });
}"""


def in_the_browsers_python(page: Page, source: str) -> Any:
    answer = page.evaluate(ASK_JS, [source])
    assert "error" not in answer, answer["error"]
    return json.loads(answer["json"])


def test_the_golden_playthroughs_replay_alike_in_the_browsers_python(page: Page, site: Site) -> None:
    page.goto(f"{site.url}/site.css")  # a file of the site's: its origin, and no Python of a page beside
    recorded = {game_id: playthroughs.path(game_id).read_text() for game_id in GAMES}
    source = f"""
import json, sys, types
playthroughs = types.ModuleType("playthroughs")
playthroughs.__file__ = "/home/pyodide/playthroughs.py"
exec({Path(playthroughs.__file__).read_text()!r}, playthroughs.__dict__)
recorded = json.loads({json.dumps(recorded)!r})
{{"python": sys.version_info[:2], "differences": [
    [game_id, index, playthroughs.first_difference(game_id, game)]
    for game_id, text in recorded.items()
    for index, game in enumerate(json.loads(text)["games"])
]}}
"""
    answer = in_the_browsers_python(page, source)
    assert answer["python"][0] == 3 and answer["python"][1] >= 12, answer["python"]  # Pyodide's, not this one's
    games = sum(len(json.loads(text)["games"]) for text in recorded.values())
    assert len(answer["differences"]) == games
    assert [row for row in answer["differences"] if row[2] is not None] == []


def test_save_load_share_then_a_second_visit_and_one_offline_from_what_the_browser_kept(
    browser: Browser, site: Site, voila_url: str, tmp_path: Path
) -> None:
    # a browser profile of its own, kept on disk as a learner's is: a fresh context's cache is in memory only, and
    # too small there for Pyodide's 9.6 MB interpreter
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, accept_downloads=True
    )
    outside = outside_of(context)
    page = context.pages[0] if context.pages else context.new_page()
    open_page(page, site, "napoletana.html#play")
    page.get_by_role("button", name="Keep this hand").last.click()  # a move: the bot answers
    app = page.locator(".cg-table").last
    expect(app.locator(".cg-prompt")).to_contain_text("Your turn")
    seed_box = page.locator(".widget-inline-hbox", has=page.get_by_text("Deal number", exact=True)).locator("input")
    saved_seed = seed_box.last.input_value()

    with page.expect_download() as download:
        page.locator(".cg-saves .cg-save").click()
    saved = tmp_path / "saved.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["game"] == "napoletana"
    page.get_by_role("button", name="New game").last.click()
    expect(seed_box.last).not_to_have_value(saved_seed)
    with page.expect_file_chooser() as chooser:
        page.locator(".cg-saves .cg-load").click()
    chooser.value.set_files(str(saved))
    expect(page.locator(".cg-flash").last).to_contain_text("saved.json is loaded")
    expect(seed_box.last).to_have_value(saved_seed)

    page.locator(".cg-saves .cg-share").click()
    shared = page.locator(".cg-share-link")
    expect(shared).to_have_value(re.compile(rf"^{site.url}/napoletana\.html\?position=[\w-]+#play$"))
    link = shared.input_value()
    # the site's link opens in Voilà (the same query on Voilà's address of the notebook), and Voilà's own link of
    # that position on the site (below)
    in_voila = browser.new_page()
    in_voila.goto(render_url(voila_url, "napoletana.ipynb" + link.split("napoletana.html", 1)[1]), wait_until="commit")
    wait_for(in_voila, PLAY_READY)
    expect(in_voila.get_by_text("This is the position of the link you opened.")).to_be_visible()
    expect(in_voila.locator(".widget-inline-hbox input").last).to_have_value(saved_seed)
    in_voila.locator(".cg-saves .cg-share").click()
    voila_link = in_voila.locator(".cg-share-link")
    expect(voila_link).to_have_value(re.compile(r"/voila/render/napoletana\.ipynb\?position=[\w-]+#play$"))
    link = f"{site.url}/napoletana.html" + voila_link.input_value().split("napoletana.ipynb", 1)[1]
    in_voila.close()

    # a second visit, with Voilà's link, in the same browser: Pyodide and the tutor's Python from its cache, once
    # the service worker the first visit left (offline.js) holds every file of the site
    assert page.evaluate("async () => (await navigator.serviceWorker.ready).active.state") == "activated"
    before = len(site.asked)
    page.goto(link, wait_until="commit")
    wait_for(page, READY)
    expect(page.get_by_text("This is the position of the link you opened.")).to_be_visible()
    expect(seed_box.last).to_have_value(saved_seed)
    asked_again = set(site.asked[before:])
    heavy = {"/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip", "/python.zip", "/page.js"}
    assert not heavy & asked_again, f"asked again on a second visit: {sorted(heavy & asked_again)}"

    # a spoilt link: refused with what is wrong with it, and a new game to play instead
    page.goto(f"{site.url}/napoletana.html?position=spoilt#play", wait_until="commit")
    wait_for(page, READY)
    expect(page.get_by_text("The shared link's position cannot be opened, so a new game starts:")).to_be_visible()
    expect(page.locator(".cg-table").last.locator('[data-selectable="true"]').first).to_be_visible()

    # and with no network at all, a page this browser never opened, in another language: from what it kept alone
    context.set_offline(True)
    before = len(site.asked)
    page.goto(f"{site.url}/nespanini.html?lang=fr#play", wait_until="commit")
    wait_for(page, READY)
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    with speaking("fr"):
        deal(page, SEED)  # a new game from a deal number: the browser's Python at work
    # (the browser itself still looks for a newer offline.js: its own check, which no page's network cut stops)
    asked = [path for path in site.asked[before:] if path != "/offline.js"]
    assert asked == [], f"the server was asked with no network: {asked}"
    context.set_offline(False)
    context.close()
    assert not outside, outside


# The page's own Python asked for a value as JSON beside the page's conversation with it (which it leaves alone)
PAGES_PYTHON_JS = """async ([source]) => {
  const { worker } = window.cgPython;
  return await new Promise((resolve) => {
    const hear = ({ data }) => {
      if (data.kind !== "value" || data.id !== "review") return;
      worker.removeEventListener("message", hear);
      resolve(data);
    };
    worker.addEventListener("message", hear);
    worker.postMessage({ kind: "evaluate", id: "review", source });
  });
}"""
# The page's game app, and a record of when its reviewer judged: how many positions the game had then
WATCH_THE_REVIEWER = """
import gc
from widgets.app import GameApp
app = [o for o in gc.get_objects() if isinstance(o, GameApp)][-1]
judged_at = []
work = app.coach.reviewer.work
app.coach.reviewer.work = lambda: (judged_at.append(len(app.match.history)), work())[1]
[len(judged_at), len(app.match.history)]
"""


def in_the_pages_python(page: Page, source: str) -> Any:
    answer = page.evaluate(PAGES_PYTHON_JS, [source])
    assert "error" not in answer, answer["error"]
    return json.loads(answer["json"])


def test_the_review_of_a_game_on_the_site_is_judged_once_the_bots_have_played(page: Page, site: Site) -> None:
    """PAT-6 near the end of a game, from a share link: the learner's worse move is judged in the browser's Python
    once the bots have played (the page's one Python: not in the answer to the click, nor between the bots' moves),
    and Review this game shows it with its board."""
    from plays import Step, clicks_for
    from reviewed_positions import prepared

    from cardlib.saves import link_code

    state, worse, _better, rule = prepared("pattuglia")
    open_page(page, site, f"pattuglia.html?position={link_code(state, 'p1')}#play")
    judged, positions = in_the_pages_python(page, WATCH_THE_REVIEWER)
    assert judged == 0
    press(page.locator(".cg-table").last, Step(clicks_for("pattuglia", state, "p1", state.game.parse_move(worse))))
    page.get_by_role("button", name="Review this game").click()
    expect(page.get_by_text("Looking ahead, 1 of your moves could have been better.")).to_be_visible()
    expect(page.locator(".cg-table[aria-label^='Review board']")).to_be_visible()
    expect(page.locator(".cg-rule:visible", has_text=rule)).to_have_count(1)
    judged_at, played = in_the_pages_python(page, "[judged_at, len(app.match.history)]")
    assert played > positions + 2 and judged_at == [played], judged_at  # the bots' moves all played before it
