"""The gallery: one card per game that exists, with where its rules come from and how to start."""

from __future__ import annotations

from html import escape

import ipywidgets as w

import cardlib
from cardlib.core.i18n import N_, _

# What the gallery says of each game beyond its rule book: players, length, difficulty, origin.
ABOUT = {
    "napoletana": {
        "players": N_("2 players (you and a bot)"),
        "length": N_("15–25 minutes"),
        "difficulty": N_("Medium"),
        "origin": N_("From an English rule text of a Gwent-style battle on a French deck (seed 000)."),
        "blurb": N_("Three battles, three rows, armies, spies, burns and a Jolly: win two battles to win the war."),
    },
    "njet": {
        "players": N_("4 players (you and three bots)"),
        "length": N_("30–45 minutes"),
        "difficulty": N_("Medium"),
        "origin": N_("From an Italian rule text of Stefan Dorra's trick-taking game with a blocking board (seed 001)."),
        "blurb": N_("Say Njet! to the rules you do not want, choose a partner, then win tricks: eight rounds."),
    },
    "senza_nome": {
        "players": N_("2 to 6 players (you and 1 to 5 bots)"),
        "length": N_("15–30 minutes"),
        "difficulty": N_("Easy"),
        "origin": N_("From an Italian rule text, 'Gioco di carte senza nome' (seed 002)."),
        "blurb": N_("Shared suit runs from the Ace, Kings and jokers wild: bury your stock, then empty your hand."),
    },
}


def gallery() -> w.HTML:
    cards = []
    for game_id in cardlib.games:
        game, about = cardlib.load(game_id), ABOUT.get(game_id, {})
        facts = " · ".join(escape(_(about[key])) for key in ("players", "length", "difficulty") if key in about)
        cards.append(
            f"<article class='cg-game'><h2>{escape(game.title)}</h2>"
            f"<p>{escape(_(about.get('blurb', '')))}</p><p class='cg-facts'>{facts}</p>"
            f"<p class='cg-origin'>{escape(_(about.get('origin', '')))}</p>"
            f"<p><a class='cg-go' href='{game_id}.ipynb'>{escape(_('Learn and play'))} ▶</a></p></article>"
        )
    style = (
        "<style>.cg-gallery{display:flex;flex-wrap:wrap;gap:1rem;font-size:1.05rem}"
        ".cg-game{border:1px solid var(--jp-border-color1,#ccc);border-radius:12px;padding:1rem 1.25rem;"
        "max-width:26rem;background:var(--jp-layout-color1,#fff)}.cg-game h2{margin-top:0}"
        ".cg-facts{font-weight:600}.cg-origin{opacity:.8;font-size:.95rem}"
        ".cg-go{display:inline-block;padding:.4rem .9rem;border-radius:8px;background:#1b6e3a;color:#fff!important;"
        "text-decoration:none;font-weight:600}.cg-go:focus,.cg-go:hover{outline:3px solid #f2c94c}</style>"
    )
    return w.HTML(style + "<div class='cg-gallery'>" + "".join(cards) + "</div>")
