"""The gallery: one card per game in ``cardlib.games.GAMES``, with a picture of its board, who plays, how long,
how hard, where its rules come from, and two ways in: "Learn" (the lessons) and "Play" (a game against bots).

The links open the game's notebook at the tutor (``#learn``) or at the game app (``#play``): both place a
``Landmark`` there (widgets/panels.py). The pictures are ``widgets/static/board-<id>.jpg``, taken from the real
boards by ``docs/pictures.py`` and embedded as data URIs (so they show under any server: Voilà alone, Binder, a
hub). A game without a picture still gets its card; its words are its descriptor's (``about.py``).

Light and dark: the colours are JupyterLab's theme variables, so the page follows Voilà's theme (``?theme=dark``).
The toggle switches it; on a first visit the gallery follows the browser's preference, and the game links carry
the chosen theme along. In JupyterLab the gallery follows JupyterLab's theme, reloads nothing, and a game opens in
Voilà in a new tab (see ``_ESM``).
"""

from __future__ import annotations

import base64
import json
from html import escape
from pathlib import Path

import anywidget
import traitlets

from cardlib.core.i18n import N_, _, current_language, languages, pgettext
from cardlib.games import DESCRIPTORS, GAMES

from .language import NAMES, respeak_later, speak
from .page import inline
from .where import WHERE_JS, notebook_file

_STATIC = Path(__file__).parent / "static"

TITLE = N_("Card-game rules tutor")
INTRO = (
    N_(
        "Learn a card game by playing it, one rule at a time. Each game has short lessons (**Learn**: a board in a "
        "prepared position and one move to make; a wrong move is refused with the rule it breaks, a hint is one click "
        "away), then a full game against bots (**Play**)."
    ),
    N_(
        "The rules come from the original rule texts; where they leave a gap, the tutor says how it reads them (a "
        "*house ruling*)."
    ),
)

CSS = """
.cg-gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(22rem,1fr));gap:1.25rem;
  font-size:1.15rem;line-height:1.45;color:var(--jp-ui-font-color0,#1d1d24)}
.cg-game{border:2px solid var(--jp-border-color1,#bbb);border-radius:14px;padding:1rem 1.25rem;
  background:var(--jp-layout-color1,#fff);display:flex;flex-direction:column;gap:.4rem}
.cg-game h2{margin:.2rem 0;font-size:1.6rem;color:var(--jp-ui-font-color0,#1d1d24)}
.cg-picture{display:block;width:100%;height:auto;border-radius:10px;background:var(--jp-layout-color2,#eee)}
.cg-no-picture{aspect-ratio:11/8}
.cg-picture-open{padding:0;border:0;background:none;cursor:zoom-in;border-radius:10px}
.cg-picture-open:focus-visible,.cg-picture-open:hover{outline:3px solid #f2c94c;outline-offset:2px}
.cg-picture-dialog{max-width:96vw;max-height:96vh;padding:.5rem;border-radius:12px;overflow:auto}
.cg-picture-dialog img{display:block;max-width:none}
.cg-picture-dialog button{position:sticky;top:0;float:right;font-size:1rem;padding:.35rem .9rem;cursor:pointer}
.cg-no-picture{display:flex;align-items:center;justify-content:center;font-size:3.5rem;font-weight:700;
  color:var(--jp-ui-font-color2,#666)}
.cg-facts{display:flex;flex-wrap:wrap;gap:.4rem;margin:0;padding:0;list-style:none;font-weight:600}
.cg-facts li{border-radius:999px;padding:.1rem .7rem;background:var(--jp-layout-color2,#eee)}
.cg-origin{opacity:.85;font-size:1rem;margin:0}
.cg-ways{display:flex;gap:.75rem;margin-top:auto;padding-top:.4rem}
.cg-go{display:inline-block;padding:.5rem 1.1rem;border-radius:10px;font-weight:700;text-decoration:none!important;
  border:2px solid #1b6e3a;color:#1b6e3a!important;background:transparent}
.cg-go.cg-play{background:#1b6e3a;color:#fff!important}
.cg-go:focus-visible,.cg-go:hover{outline:3px solid #f2c94c;outline-offset:2px}
.cg-intro{font-size:1.05rem;line-height:1.5;color:var(--jp-ui-font-color0,#1d1d24);max-width:70rem}
.cg-intro h1{font-size:2rem;font-weight:400;margin:.2rem 0 1rem}
.cg-top{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin-bottom:1rem}
.cg-languages{display:flex;gap:.4rem;margin:0;padding:0;list-style:none}
.cg-lang{display:inline-block;padding:.3rem .8rem;border-radius:8px;font-size:1rem;text-decoration:none!important;
  border:2px solid var(--jp-border-color1,#bbb);color:var(--jp-ui-font-color0,#1d1d24)!important}
.cg-lang[aria-current="true"]{border-color:#1b6e3a;background:#1b6e3a;color:#fff!important}
.cg-lang:focus-visible,.cg-lang:hover{outline:3px solid #f2c94c;outline-offset:2px}
.cg-theme{font-size:1rem;padding:.35rem .9rem;border-radius:8px;cursor:pointer;
  border:2px solid var(--jp-border-color1,#bbb);background:var(--jp-layout-color2,#eee);
  color:var(--jp-ui-font-color0,#1d1d24)}
body[data-jp-theme-light="false"] .cg-go{border-color:#7bd08f;color:#7bd08f!important}
body[data-jp-theme-light="false"] .cg-go.cg-play{background:#1f6b36;border-color:#7bd08f;color:#fff!important}
"""

# In Voilà the page is the gallery: Voilà marks its theme on <body> (data-jp-theme-light), ?theme= in the URL
# chooses it, and the links open the games beside it. In JupyterLab the gallery is one output among others: the
# theme is JupyterLab's (the colours are its variables), nothing reloads the page, and a game opens in Voilà in a
# tab of its own, where its notebook runs (widgets/where.py finds the address).
_ESM = (
    WHERE_JS
    + """
function themeOf() {
  return new URLSearchParams(location.search).get("theme");
}
// The page's language: its ?lang=, chosen in the switch; on a first visit, the browser's, if the tutor speaks it.
function browserLanguage(offered) {
  for (const tag of navigator.languages || [navigator.language]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (offered.includes(code)) return code;
  }
  return null;
}
function goTheme(theme) {
  const url = new URL(location.href);
  url.searchParams.set("theme", theme);
  location.assign(url.href);
}
function inLab(model, el) {
  el.querySelector(".cg-theme").remove();
  el.querySelector(".cg-switch").remove(); // the notebook's kernel speaks one language: GameApp(lang=...)
  for (const link of el.querySelectorAll("a.cg-go")) {
    const target = link.getAttribute("href");
    const url = voilaAddress(model.get("file"), model.get("home"), target);
    if (!url) continue;  // unknown server root: the plain link still opens the notebook's file
    link.target = "_blank";
    link.rel = "noopener";
    const follow = () => {  // JupyterLab's theme at the moment of the click
      if (document.body.dataset.jpThemeLight === "false") url.searchParams.set("theme", "dark");
      else url.searchParams.delete("theme");
      link.href = url.href;
    };
    follow();
    link.addEventListener("mousedown", follow);
    link.addEventListener("keydown", follow);
  }
}
function openPictures(model, el) {
  // a board's picture, shown whole in its card, opens at full size (where its text can be read)
  for (const open of el.querySelectorAll(".cg-picture-open")) {
    open.addEventListener("click", () => {
      const dialog = document.createElement("dialog");
      dialog.className = "cg-picture-dialog";
      dialog.setAttribute("aria-label", open.querySelector("img").alt);
      const close = document.createElement("button");
      close.type = "button";
      close.textContent = model.get("close_label");
      close.addEventListener("click", () => dialog.close());
      const full = open.querySelector("img").cloneNode();
      full.className = "";
      dialog.append(close, full);
      dialog.addEventListener("close", () => { dialog.remove(); open.focus(); });
      el.append(dialog);
      dialog.showModal();
    });
  }
}
function render({ model, el }) {
  el.innerHTML = model.get("html");
  openPictures(model, el);
  if (!inVoila()) {
    inLab(model, el);
    return;
  }
  const params = new URLSearchParams(location.search);
  const offered = JSON.parse(model.get("languages"));
  const wanted = browserLanguage(offered);
  if (!params.get("lang") && wanted && wanted !== "en" && !sessionStorage.getItem("cg-lang-seen")) {
    sessionStorage.setItem("cg-lang-seen", "1");
    const url = new URL(location.href);
    url.searchParams.set("lang", wanted);
    location.assign(url.href);
    return;
  }
  // First visit, no theme chosen: follow the browser's preference (Voilà's own default is light).
  const chosen = themeOf();
  if (!chosen && matchMedia("(prefers-color-scheme: dark)").matches && !sessionStorage.getItem("cg-theme-seen")) {
    sessionStorage.setItem("cg-theme-seen", "1");
    goTheme("dark");
    return;
  }
  const dark = document.body.dataset.jpThemeLight === "false";
  const toggle = el.querySelector(".cg-theme");
  toggle.textContent = dark ? model.get("light_label") : model.get("dark_label");
  toggle.setAttribute("aria-pressed", String(dark));
  toggle.addEventListener("click", () => goTheme(dark ? "light" : "dark"));
  if (chosen) {
    for (const link of el.querySelectorAll("a.cg-go, a.cg-lang")) {
      const url = new URL(link.getAttribute("href"), location.href);
      url.searchParams.set("theme", chosen);
      link.href = url.href;
    }
  }
}
export default { render };
"""
)


class Gallery(anywidget.AnyWidget):
    """The gallery's HTML, drawn by a few lines of JavaScript that add the light/dark toggle."""

    _esm = _ESM
    _css = CSS
    html = traitlets.Unicode().tag(sync=True)
    file = traitlets.Unicode().tag(sync=True)  # widgets/where.py
    home = traitlets.Unicode().tag(sync=True)
    dark_label = traitlets.Unicode().tag(sync=True)
    light_label = traitlets.Unicode().tag(sync=True)
    close_label = traitlets.Unicode().tag(sync=True)
    languages = traitlets.Unicode("[]").tag(sync=True)  # the codes the switch offers, as JSON


TRAITS_IN_LANGUAGE = ("html", "dark_label", "light_label", "close_label")  # what is in the page's language


def picture_path(game_id: str) -> Path:
    return _STATIC / f"board-{game_id}.jpg"


def picture(game_id: str, title: str) -> str:
    """The board's picture as an <img> with a data URI, or a plain tile with the game's initial."""
    path = picture_path(game_id)
    if not path.is_file():
        return f"<div class='cg-picture cg-no-picture' aria-hidden='true'>{escape(title[:1])}</div>"
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    alt = _("The board of {game}", game=title)
    img = f"<img class='cg-picture' src='data:image/jpeg;base64,{data}' alt='{escape(alt)}'>"
    title_text = escape(_("Open the picture at full size"))
    return f"<button type='button' class='cg-picture-open' title='{title_text}'>{img}</button>"


def game_card(game_id: str, title: str) -> str:
    about = DESCRIPTORS[game_id].gallery  # the game's own words (cardlib/games/<id>/about.py)
    facts = "".join(
        f"<li class='cg-{key}'>{escape(_(about[key]))}</li>"
        for key in ("players", "length", "difficulty")
        if key in about
    )
    blurb = f"<p>{escape(_(about['blurb']))}</p>" if "blurb" in about else ""
    origin = f"<p class='cg-origin'>{escape(_(about['origin']))}</p>" if "origin" in about else ""
    page = game_id + ".ipynb" + ("" if current_language() == "en" else f"?lang={current_language()}")
    # (words of ours outside an f-string: `make messages` does not read inside one)
    learn_tip, learn_text = escape(_("The lessons, one rule at a time")), escape(pgettext("gallery", "Learn"))
    play_tip, play_text = escape(_("A whole game against bots")), escape(pgettext("gallery", "Play"))
    learn = f"<a class='cg-go cg-learn' href='{page}#learn' title='{learn_tip}'>{learn_text}</a>"
    play = f"<a class='cg-go cg-play' href='{page}#play' title='{play_tip}'>{play_text} ▶</a>"
    return (
        f"<article class='cg-game' data-game='{game_id}'>{picture(game_id, title)}<h2>{escape(title)}</h2>"
        f"{blurb}<ul class='cg-facts'>{facts}</ul>{origin}<p class='cg-ways'>{learn}{play}</p></article>"
    )


def switch() -> str:
    """The language switch: a link per language, each named in its own language; the page's is current."""
    links = "".join(
        f"<li><a class='cg-lang' href='?lang={code}' hreflang='{code}' lang='{code}'"
        f"{' aria-current=true' if code == current_language() else ''}>{NAMES.get(code, code)}</a></li>"
        for code in languages()
    )
    name = escape(_("Language"))
    return f"<nav class='cg-switch' aria-label='{name}'><ul class='cg-languages'>{links}</ul></nav>"


def gallery(lang: str | None = None) -> Gallery:
    """A card for every game in GAMES, in the order GAMES lists them; in ``lang``, by default the page's."""
    speak(lang)
    cards = "".join(game_card(game_id, title) for game_id, title in GAMES.items())
    intro = f"<h1 class='cg-title'>{escape(_(TITLE))}</h1>" + "".join(f"<p>{inline(_(text))}</p>" for text in INTRO)
    top = f"<div class='cg-top'>{switch()}<button type='button' class='cg-theme'></button></div>"
    html = f"<div class='cg-intro'>{intro}</div>{top}<div class='cg-gallery'>{cards}</div>"
    shown = Gallery(
        html=html,
        languages=json.dumps(languages()),
        dark_label=_("Dark theme"),
        light_label=_("Light theme"),
        close_label=_("Close"),
        **notebook_file(),
    )
    if lang is None:  # the page's language: where the page asks for another later, written again in it

        def in_language(asked: str) -> None:
            fresh = gallery(asked)
            with shown.hold_sync():
                for name in TRAITS_IN_LANGUAGE:
                    setattr(shown, name, getattr(fresh, name))
            fresh.close()

        respeak_later(in_language)
    return shown
