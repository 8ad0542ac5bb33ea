"""The pages in Italian and French (issue 19), in Voilà and Chromium: a page asked for in a language speaks it, to
screen readers too (``<html lang>``); each game's page refuses a wrong move of its first lesson with that lesson's
sentence in that language, naming the rule, and the lesson can be finished (each game in one language here and the
other on the static site, test_site.py: the same Python draws both). In the tests' pseudo-language every
message comes wrapped in markers, so any word of ours on a page outside them, the folded rule book's included, is a
sentence that does not go through ``cardlib.core.i18n`` (every lesson is read the same way in-process, in
tests/widgets/test_language.py).
"""

from __future__ import annotations

import pytest
from harness import CUT_JS, PLAY_READY, axe_violations, render_url, wait_for
from lessons import (
    IN_THE_GALLERY,
    IN_VOILA,
    finish_the_first_lesson_after_a_mistake,
    kept_in_the_browser,
    the_gallery_shows_the_first_lesson_done,
)
from playwright.sync_api import Page, expect
from pseudo import leaks

from cardlib.core.i18n import PSEUDO
from cardlib.games import GAMES, describe

pytestmark = pytest.mark.browser


# Every text Voilà's loading line shows while the page comes up, kept for the test to read once it has.
LOADING_JS = """
window.cgLoadingTexts = [];
new MutationObserver(() => {
  const line = document.getElementById("loading_text");
  const text = line && getComputedStyle(line).visibility !== "hidden" && line.textContent.trim();
  if (text && window.cgLoadingTexts.at(-1) !== text) window.cgLoadingTexts.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
OPENING = {"it": "Preparo il tavolo", "fr": "Préparation de la table"}


@pytest.mark.parametrize(("game_id", "lang"), IN_VOILA.items())
def test_a_page_in_a_language_refuses_a_wrong_move_in_it_and_its_first_lesson_can_be_finished(
    page: Page, voila_url: str, game_id: str, lang: str
) -> None:
    page.add_init_script(LOADING_JS)
    page.goto(render_url(voila_url, f"{game_id}.ipynb?lang={lang}"), wait_until="commit")
    wait_for(page, PLAY_READY)
    assert page.evaluate("() => document.documentElement.lang") == lang
    # while the page came up, its loading line spoke the page's language, never Voilà's English (issue 33)
    loading = page.evaluate("() => window.cgLoadingTexts")
    assert loading and all(OPENING[lang] in text for text in loading), loading
    finish_the_first_lesson_after_a_mistake(page, game_id, lang)
    expect(page.locator(".cg-saves")).to_be_visible()  # the game's controls, the last of the page, are drawn
    assert not page.evaluate(CUT_JS), "labels cut short in this language"
    assert not axe_violations(page)
    # the lesson done is kept in the learner's browser, where the gallery, a page with a new kernel, reads it
    kept = kept_in_the_browser(page, game_id)
    assert kept["games"][game_id]["lessons"] == [describe(game_id).lessons()[0].id], kept
    if game_id == IN_THE_GALLERY:
        the_gallery_shows_the_first_lesson_done(page, render_url(voila_url, f"index.ipynb?lang={lang}"), game_id, lang)


# Each visible text of the page's cells, as the block that holds it reads it (a sentence may hold a link or bold).
TEXTS_JS = """() => {
  const texts = [];
  const cells = document.querySelector("#rendered_cells") || document.body;
  const walker = document.createTreeWalker(cells, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || !element || element.closest("script, style, svg")) continue;
    if (!element.getClientRects().length || getComputedStyle(element).visibility === "hidden") continue;
    const block = element.closest("p, li, h1, h2, h3, h4, button, label, option, summary, a, .cg-chip") || element;
    texts.push(block.innerText);
  }
  for (const option of cells.querySelectorAll("option")) texts.push(option.textContent); // shown once opened
  for (const element of cells.querySelectorAll("[aria-label], [title], [placeholder]")) {
    for (const name of ["aria-label", "title", "placeholder"]) {
      const value = element.getAttribute(name);
      if (value && value !== "null") texts.push(value);
    }
  }
  return [...new Set(texts)];
}"""


@pytest.mark.parametrize("notebook", ["index.ipynb", *(f"{game_id}.ipynb" for game_id in GAMES)])
def test_in_the_pseudo_language_every_word_of_ours_on_a_page_comes_through_the_translations(
    page: Page, voila_url: str, notebook: str
) -> None:
    page.goto(render_url(voila_url, f"{notebook}?lang={PSEUDO}"), wait_until="commit")
    wait_for(page, ".cg-gallery, " + PLAY_READY)
    page.wait_for_timeout(1000)  # the widgets below the first board draw themselves
    page.evaluate("() => document.querySelectorAll('details').forEach((folded) => { folded.open = true; })")
    texts = page.evaluate(TEXTS_JS)
    assert len(texts) > 20, texts
    assert not leaks(texts), leaks(texts)
