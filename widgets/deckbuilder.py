"""The NesPanini deck builder: browse the set (filters by family, rarity and keyword), click a card to add it,
click a card of the deck to take it out; the count and the NES-3 check are live. A deck is saved and loaded as a
small JSON or text file (cardlib.games.nespanini.decks), by upload, by a text box, or by download; then "Play
with this deck" opens a full game against the bot with it.

The set and the deck are drawn by the same board widget as the games (widgets.tabletop.Tabletop), with the set's rich
card faces; only the clicks are handled here, since building a deck is no move of a game.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from urllib.parse import quote

import ipywidgets as w

from cardlib.core.i18n import N_, _, ngettext
from cardlib.games.nespanini import GAME
from cardlib.games.nespanini.cards import FAMILIES, KEYWORDS, RARITIES, SET, pennant
from cardlib.games.nespanini.decks import (
    MAX_FILE_BYTES,
    READY,
    DeckFileError,
    dump_deck,
    parse_deck,
    problems,
    ready,
    too_long,
)
from cardlib.games.nespanini.rules import DECK_SIZE, MAX_COPIES, MAX_FOULE
from cardlib.session import Kind

from .app import GameApp
from .board import WORDS
from .language import PagePart, said
from .layouts import zone
from .layouts.nespanini import RARITY_WORDS, nes_card
from .panels import FileButton, controls, feedback, guarded, whole_labels
from .scene import Area, Card, Flash, Scene, Zone
from .tabletop import Tabletop

ALL = ""
EMPTY = N_("(empty deck)")


class DeckGameApp(GameApp):
    """A full NesPanini game in which the learner (Player 1) plays ``deck``, a list of 20 codes or a ready-made
    deck's name, against the bot's ``opponent`` deck; "New game" deals the same decks again. A bad deck is refused
    (NES-3) before anything is drawn."""

    def __init__(self, deck: str | list[str], opponent: str = "port", **kwargs):
        kwargs.setdefault("landmark", "play-your-deck")  # the page's #play is its own game app's
        super().__init__("nespanini", options={"deck": deck, "opponent_deck": opponent}, **kwargs)
        self.board.table.name = _("Game board with your deck")  # told apart from the page's own game board


def _scene(title: str, prompt: str, zones: list[Zone], flash: Flash | None = None) -> Scene:
    area: Area = {"id": "cards", "label": title, "active": False, "info": [], "zones": zones}
    words = {key: _(text) for key, text in WORDS.items()}
    return {
        "title": title,
        "subtitle": "",
        "areas": [area],
        "prompt": prompt,
        "buttons": [],
        "flash": flash,
        "last": [],
        "words": words,
        "picks": {},  # a click adds or removes a card at once: nothing is picked up
        "card_size": "large",  # every face carries an effect text to be read
    }


def selectable(card: Card) -> Card:
    """A card a click adds or takes out at once: every card on the builder's tables."""
    card["selectable"] = True
    return card


class DeckBuilder(PagePart):
    def __init__(self, start: str | None = "cour", opponent: str = "port"):
        self.deck: list[str] = ready(start) if start else []
        self.name = said(w.Text, value=READY[start]["name"] if start else "", description=lambda: _("Name"))
        self.family = said(
            w.Dropdown,
            options=lambda: [(_("all"), ALL), *((str(pennant(k)), k) for k in FAMILIES)],
            description=lambda: _("Family"),
        )
        self.rarity = said(
            w.Dropdown,
            options=lambda: [(_("all"), ALL), *((_(RARITY_WORDS[r]), r) for r in RARITIES)],
            description=lambda: _("Rarity"),
        )
        self.keyword = said(
            w.Dropdown,
            options=lambda: [(_("all"), ALL), *((k, k) for k in KEYWORDS)],
            description=lambda: _("Keyword"),
        )
        self.start = said(
            w.Dropdown,
            value=start or ALL,
            options=lambda: [(_(EMPTY), ALL), *((d["name"], k) for k, d in READY.items())],
            description=lambda: _("Start from"),
        )
        self.opponent = said(
            w.Dropdown,
            value=opponent,
            options=lambda: [(d["name"], k) for k, d in READY.items()],
            description=lambda: _("Bot's deck"),
        )
        self.set_table, self.deck_table = Tabletop(), Tabletop()
        self.set_table.on_click(lambda click: guarded(lambda: self.add(click.get("card")), self.status))
        self.deck_table.on_click(lambda click: guarded(lambda: self.remove(click.get("card")), self.status))
        self.status = w.HTML()
        # the answer to a click on a card, on the board clicked ("set" or "deck"), in the panel that stays in sight
        self.answer: tuple[str, Flash] | None = None
        self.check = w.HTML()
        self.text = said(
            w.Textarea,
            layout=w.Layout(width="auto", align_self="stretch", height="8rem"),  # 100% overflowed a phone
            description=lambda: _("Deck file"),
            placeholder=lambda: _("2 chevalier\n4 ecuyer\n… or JSON"),
        )
        self.upload: FileButton = said(
            FileButton,
            ".json,.txt",
            MAX_FILE_BYTES,
            lambda name, text, size: guarded(lambda: self.load_file(name, text, size), self.status),
            label=lambda: _("Load a file"),
            tip=lambda: _("Open a deck file: a JSON or text file"),
        )
        self.download = w.HTML()
        buttons = {
            "load_text": said(w.Button, icon="upload", description=lambda: _("Load the text")),
            "save_text": said(w.Button, icon="file-text-o", description=lambda: _("Show as text")),
            "clear": said(w.Button, icon="trash", description=lambda: _("Empty the deck")),
            "play": said(w.Button, icon="play", button_style="primary", description=lambda: _("Play with this deck")),
        }
        self.buttons = buttons
        whole_labels(self.text)  # the others are in rows of controls below
        for name, button in buttons.items():
            button.on_click(lambda _button, name=name: guarded(getattr(self, name), self.status))
        for dropdown in (self.family, self.rarity, self.keyword):
            dropdown.observe(lambda _change: guarded(self.redraw, self.status), "value")
        self.start.observe(lambda change: guarded(lambda: self.start_from(change["new"]), self.status), "value")
        self.name.observe(lambda _change: guarded(self._offer_download, self.status), "value")
        self.game = w.VBox()  # the game started with "Play with this deck"
        self.app: DeckGameApp | None = None
        self.widget = w.VBox(
            [
                controls(self.start, self.name, self.opponent),
                controls(self.family, self.rarity, self.keyword),
                self.set_table,
                self.check,
                self.deck_table,
                self.status,
                controls(buttons["play"], buttons["clear"], self.upload, self.download),
                self.text,
                controls(buttons["load_text"], buttons["save_text"]),
                self.game,
            ],
            layout=w.Layout(max_width="1100px"),
        )
        self.redraw()
        self.follow_the_page()  # in the page's language: in a preheated kernel, the page's once it comes

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # -- what the learner does -------------------------------------------------------------------------------

    def shown(self) -> list[str]:
        """The set's cards that pass the filters, in set order."""
        return [
            code
            for code, card in SET.items()
            if self.family.value in (ALL, card.family)
            and self.rarity.value in (ALL, card.rarity)
            and self.keyword.value in (ALL, *card.keywords)
        ]

    def say(self, board: str, kind: Kind, text: str, rule: str | None = None) -> None:
        """Answer a click on a card of ``board`` ("set" or "deck") on that board, with the ruling written out."""
        detail = f"{_(GAME.rules[rule].title)}. {_(GAME.rules[rule].text)}" if rule else ""
        self.answer = (board, {"kind": kind, "text": text, "rule": rule, "detail": detail})
        self.status.value = ""

    def add(self, code: str | None) -> None:
        if code not in SET:
            return
        card, held = SET[code], Counter(self.deck)[code]
        limit = MAX_FOULE if card.foule else MAX_COPIES
        if len(self.deck) >= DECK_SIZE:
            text = _(
                "Your deck already has 20 cards: take one out of it (below) to make room for {name}.", name=card.name
            )
            self.say("set", "error", text, "NES-3")
        elif held >= limit:
            self.say("set", "error", _("{name}: at most {n} copies.", name=card.name, n=limit), "NES-3")
        else:
            self.deck.append(code)
            self.say("set", "success", _("{name} added.", name=card.name))
        self.redraw()

    def remove(self, code: str | None) -> None:
        if code in self.deck:
            self.deck.remove(code)
            self.say("deck", "info", _("{name} taken out.", name=SET[code].name))
        self.redraw()

    def tell(self, html: str) -> None:
        """Answer a button, a file or the text box below the boards, where it was used."""
        self.status.value = html
        self.answer = None

    def clear(self) -> None:
        self.deck = []
        self.tell("")
        self.redraw()

    def start_from(self, name: str) -> None:
        self.tell("")
        self.deck = ready(name) if name else []
        self.name.value = READY[name]["name"] if name else ""
        self.redraw()

    def load_text(self) -> None:
        self._load(self.text.value)

    def save_text(self) -> None:
        self.text.value = dump_deck(self.deck, self.name.value, "text")

    def load_file(self, name: str, text: str, size: int = 0) -> None:
        """A file the learner chose: the browser read it as UTF-8, each byte that is not marked with U+FFFD; one
        over MAX_FILE_BYTES came cut, and is refused by its size."""
        if size > MAX_FILE_BYTES:
            self.tell(feedback("error", _("This deck cannot be loaded: {error}", error=too_long())))
            return
        if "\ufffd" in text:
            self.tell(feedback("error", _("{file} is not a text file.", file=name)))
            return
        self._load(text, name)

    def _load(self, text: str, source: str = "") -> None:
        try:
            name, deck = parse_deck(text)
        except DeckFileError as error:
            self.tell(feedback("error", _("This deck cannot be loaded: {error}", error=error)))
            return
        self.deck = deck
        if name or source:
            self.name.value = name or source.rsplit(".", 1)[0]
        loaded = ngettext("Deck loaded: {n} card.", "Deck loaded: {n} cards.", len(deck))
        self.tell(feedback("success", loaded))
        self.redraw()

    def play(self) -> None:
        found = problems(self.deck)
        if found:
            self.tell(feedback("error", _("This deck cannot be played yet: {why}", why=found[0]), GAME, "NES-3"))
            return
        self.app = DeckGameApp(list(self.deck), self.opponent.value)
        name = self.name.value or _("Your deck")
        self.game.children = [w.HTML(f"<h3>{escape(name)}</h3>"), self.app.widget]
        self.tell(feedback("success", _("The game starts below: you are Player 1.")))

    # -- drawing ------------------------------------------------------------------------------------------------

    def redraw(self) -> None:
        held = Counter(self.deck)
        shown = self.shown()
        zones: list[Zone] = []
        for family_id in FAMILIES:
            cards: list[Card] = []
            for code in shown:
                if SET[code].family == family_id:
                    card = nes_card(code, tag=_("×{n} in deck", n=held[code]) if held[code] else "")
                    cards.append(selectable(card))
            if cards:
                zones.append(zone(f"set.{family_id}", str(pennant(family_id)), "hand", cards))
        if not shown:
            prompt = _("No card fits these filters.")
        elif len(self.deck) >= DECK_SIZE:
            prompt = _("Your deck is full (20 cards): take a card out of it (below), then click a card here to add it.")
        else:
            prompt = _("Click a card to add it to your deck.")
        title = ngettext("The set: {n} card shown", "The set: {n} cards shown", len(shown))
        board, flash = self.answer or ("", None)
        self.set_table.scene = dict(_scene(title, prompt, zones, flash if board == "set" else None))
        ordered = sorted(held, key=lambda code: SET[code].number)
        deck_cards = [selectable(nes_card(code, value=held[code], tag=f"×{held[code]}")) for code in ordered]
        title = _("Your deck: {n} of 20 cards", n=len(self.deck))
        self.deck_table.scene = dict(
            _scene(
                title,
                _("Click a card of your deck to take one copy out."),
                [zone("deck", _("Your deck"), "hand", deck_cards)],
                flash if board == "deck" else None,
            )
        )
        found = problems(self.deck)
        count = _("{n} of 20 cards", n=len(self.deck))
        if found:
            items = "".join(f"<li>{escape(str(problem))}</li>" for problem in found)
            self.check.value = (
                f"<div class='cg-deck-check' data-legal='false'><b>{escape(count)}</b><ul>{items}</ul></div>"
            )
        else:
            legal = _("A legal deck (NES-3): ready to play.")
            self.check.value = (
                f"<div class='cg-deck-check' data-legal='true'><b>{escape(count)}</b> ✔ {escape(legal)}</div>"
            )
        self.buttons["play"].disabled = bool(found)
        self._offer_download()

    def _offer_download(self) -> None:
        """A link that saves the deck as a JSON file (a data URI: works in Voilà with no server round trip)."""
        data = quote(dump_deck(self.deck, self.name.value, "json"))
        filename = escape((self.name.value or "deck").replace("/", "_")) + ".json"
        label = escape(_("Download the deck (JSON)"))
        href = f"data:application/json;charset=utf-8,{data}"
        self.download.value = f"<a class='cg-download' download='{filename}' href='{href}'>{label}</a>"
