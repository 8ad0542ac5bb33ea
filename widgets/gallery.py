"""The gallery: one card per game in ``cardlib.games.GAMES``, with a picture of its board, who plays, how long,
how hard, where its rules come from, and two ways in: "Learn" (the lessons) and "Play" (a game against bots).

The links open the game's notebook at the tutor (``#learn``) or at the game app (``#play``): both place a
``Landmark`` there (widgets/panels.py). The pictures are ``widgets/static/board-<id>.jpg``, taken from the real
boards by ``docs/pictures.py`` and embedded as data URIs (so they show under any server: Voilà alone, Binder, a
hub). A game without a picture still gets its card; its words are its descriptor's (``about.py``).

Light and dark: the colours are JupyterLab's theme variables, so the page follows Voilà's theme (``?theme=dark``).
The toggle switches it; on a first visit the gallery follows the browser's preference, and the game links carry
the chosen theme along. In JupyterLab the gallery follows JupyterLab's theme, reloads nothing, and a game opens in
Voilà in a new tab (``widgets/js/gallery.js``).

The learner's progress (``widgets/mastery.py``): once the page has read the record its browser keeps, each card says
the lessons done, the rules mastered and the next lesson, a link into that lesson; "Your progress" below the cards
says where it is kept, what "mastered" means, and resets it after asking.
"""

from __future__ import annotations

import base64
import json
from html import escape
from pathlib import Path

import anywidget
import traitlets

from cardlib.core.i18n import N_, _, current_language, languages, ngettext, pgettext
from cardlib.games import DESCRIPTORS, GAMES, describe
from cardlib.mastery import Summary

from .language import NAMES, said, speak
from .mastery import KEY, Learner, key
from .page import inline
from .panels import element
from .where import IN_BROWSER, notebook_file, page_of

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


TOGETHER = N_(
    "Once the rules are learned, play them together: your teacher opens a table, each of you joins it with its code "
    "on your own screen and sees only your own cards."
)


class Gallery(anywidget.AnyWidget):
    """The gallery's HTML, drawn by a few lines of JavaScript that add the light/dark toggle."""

    _esm = _STATIC / "gallery.js"  # built from widgets/js/gallery.js (make js)
    _css = _STATIC / "gallery.css"
    html = traitlets.Unicode().tag(sync=True)
    file = traitlets.Unicode().tag(sync=True)  # widgets/where.py
    home = traitlets.Unicode().tag(sync=True)
    dark_label = traitlets.Unicode().tag(sync=True)
    light_label = traitlets.Unicode().tag(sync=True)
    close_label = traitlets.Unicode().tag(sync=True)
    languages = traitlets.Unicode("[]").tag(sync=True)  # the codes the switch offers, as JSON
    # the learner's record as the browser keeps it (widgets/mastery.py, Kept), and what the page shows of it: as JSON,
    # {"games": {game id: its card's progress}, "yours": the section below the cards}, HTML said in the page's language
    key = traitlets.Unicode(KEY).tag(sync=True)
    record = traitlets.Unicode("").tag(sync=True, from_page=True)  # (widgets/catch_up.py)
    loaded = traitlets.Bool(False).tag(sync=True, from_page=True)
    progress = traitlets.Unicode("{}").tag(sync=True)


def picture_path(game_id: str, language: str = "en") -> Path:
    """Where the picture of ``game_id``'s board in ``language`` is (``docs/pictures.py`` takes them)."""
    return _STATIC / (f"board-{game_id}.jpg" if language == "en" else f"board-{game_id}.{language}.jpg")


def picture(game_id: str, title: str) -> str:
    """The board's picture, in the page's language where there is one, as an <img> with a data URI; or a plain tile
    with the game's initial."""
    path = picture_path(game_id, current_language())
    if not path.is_file():
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
    page = page_of(game_id) + ("" if current_language() == "en" else f"?lang={current_language()}")
    # (words of ours outside an f-string: `make messages` does not read inside one)
    learn_tip, learn_text = escape(_("The lessons, one rule at a time")), escape(pgettext("gallery", "Learn"))
    play_tip, play_text = escape(_("A whole game against bots")), escape(pgettext("gallery", "Play"))
    learn = f"<a class='cg-go cg-learn' href='{page}#learn' title='{learn_tip}'>{learn_text}</a>"
    play = f"<a class='cg-go cg-play' href='{page}#play' title='{play_tip}'>{play_text} ▶</a>"
    return (
        f"<article class='cg-game' data-game='{game_id}'>{picture(game_id, title)}<h2>{escape(title)}</h2>"
        f"{blurb}<ul class='cg-facts'>{facts}</ul>{origin}<div class='cg-progress'></div>"
        f"<p class='cg-ways'>{learn}{play}</p></article>"
    )


MASTERED = N_(
    "A rule is mastered once you have used it right at least twice (a lesson about it done, or a move that uses it in "
    "a game) and, of the last five times it came up, you got it right more often than wrong."
)


def game_progress(game_id: str, summary: Summary) -> str:
    """A card's progress: the lessons done, the rules mastered, and the next lesson as a link into it."""
    done = _("{n} of {total} lessons done", n=summary.done, total=summary.total)
    n = len(summary.mastered)
    rules = (
        ngettext(
            "You have mastered 1 rule: {rules}.",
            "You have mastered {n} rules: {rules}.",
            n,
            rules=", ".join(summary.mastered),
        )
        if n
        else _("No rule mastered yet.")
    )
    if summary.next is None:
        after = element("p", _("Every lesson is done."))
    else:
        query = f"?lesson={summary.next.id}" + ("" if current_language() == "en" else f"&lang={current_language()}")
        text = escape(_("Next lesson: {title}", title=_(summary.next.title)))
        href = escape(f"{page_of(game_id)}{query}#learn")
        after = f"<p><a class='cg-next' href='{href}'>{text} ▶</a></p>"
    return f"<p>{escape(done)}</p><p>{escape(rules)}</p>{after}"


def yours(learner: Learner) -> str:
    """Below the cards: where the progress is kept, what mastered means, and the reset, which asks first."""
    heading, kept = escape(_("Your progress")), escape(_("Your progress is kept in this browser only."))
    problems = "".join(f"<p class='cg-problem'>{escape(str(problem))}</p>" for problem in learner.problems)
    reset, ask = (
        escape(_("Start again")),
        escape(_("Forget every lesson done and every rule mastered in this browser?")),
    )
    yes, no = escape(_("Yes, forget it all")), escape(_("No, keep it"))
    return (
        f"<h2>{heading}</h2><p>{kept} {escape(_(MASTERED))}</p>{problems}"
        f"<p><button type='button' class='cg-reset'>{reset}</button></p>"
        f"<div class='cg-reset-ask' role='alertdialog' aria-label='{reset}' hidden><p>{ask}</p><p class='cg-ways'>"
        f"<button type='button' class='cg-reset-yes'>{yes}</button><button type='button' class='cg-reset-no'>{no}"
        "</button></p></div>"
    )


def progress(learner: Learner) -> str:
    """What the page shows of the learner's record, as the ``progress`` trait's JSON."""
    games = {
        game_id: game_progress(game_id, learner.mastery.summary(game_id, describe(game_id).lessons()))
        for game_id in GAMES
    }
    return json.dumps({"games": games, "yours": yours(learner)})


def together() -> str:
    """The way to shared tables: a learner joins one by its code, a teacher opens them in the lobby."""
    query = "" if current_language() == "en" else f"?lang={current_language()}"
    heading, text = escape(_("Play with classmates")), escape(_(TOGETHER))
    join, lobby = escape(_("Join a table")), escape(_("Teacher: open tables"))
    return (
        f"<section class='cg-together'><h2>{heading}</h2><p>{text}</p><p class='cg-ways'>"
        f"<a class='cg-go cg-play' href='table.ipynb{query}'>{join} ▶</a>"
        f"<a class='cg-go' href='lobby.ipynb{query}'>{lobby}</a></p></section>"
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

    def html() -> str:
        cards = "".join(game_card(game_id, title) for game_id, title in GAMES.items())
        intro = f"<h1 class='cg-title'>{escape(_(TITLE))}</h1>" + "".join(f"<p>{inline(_(text))}</p>" for text in INTRO)
        top = f"<div class='cg-top'>{switch()}<button type='button' class='cg-theme'></button></div>"
        # shared tables need the table service: the static site has no server at all
        tables = "" if IN_BROWSER else together()
        return (
            f"<div class='cg-intro'>{intro}</div>{top}<div class='cg-gallery'>{cards}</div>"
            f"<section class='cg-yours'></section>{tables}"
        )

    words = {
        "html": html,
        "dark_label": lambda: _("Dark theme"),
        "light_label": lambda: _("Light theme"),
        "close_label": lambda: _("Close"),
    }
    if lang is None:  # the page's language: said again in it once a page takes a preheated kernel
        made: Gallery = said(Gallery, languages=json.dumps(languages()), key=key(), **notebook_file(), **words)
    else:
        said_now = {name: say() for name, say in words.items()}  # the notebook chose the language
        made = Gallery(languages=json.dumps(languages()), key=key(), **notebook_file(), **said_now)
    keep_progress(made)
    return made


def keep_progress(gallery: Gallery) -> Learner:
    """The learner's progress in ``gallery``, shown once its page has read the record (the lessons are imported
    only then: the gallery itself comes up without any game's engine), and reset when the learner asks."""
    learner = Learner(keeper=gallery)
    learner.on_change(lambda: setattr(gallery, "progress", progress(learner)))
    gallery.on_msg(lambda _widget, message, _buffers: learner.reset() if message == {"do": "reset"} else None)
    return learner
