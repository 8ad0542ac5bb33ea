"""One seat at one table: turns the learner's clicks into moves, refuses wrong ones with their rule, redraws.

The controller is the same for every game; a game brings a *layout* (``widgets/boards/<id>.py``) that draws
a player's view as a scene and names the zones moves go to. Click a card to pick it up (the rows it may go
to light up), then click a row; any row may be clicked, so a wrong one is refused with the rule it breaks.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol

from cardlib.core import LEGAL, Move, State, Verdict, retold, told
from cardlib.core.i18n import N_, Message, _, ngettext

from .roles import played_by
from .table import Click, Table

# The few words the table draws itself, translated here like every other sentence; their one list: every scene
# brings them to table.js.
WORDS = {
    "to_play": N_("▶ to play"),
    "winner": N_("★ winner"),
    "area_to_play": N_("{area} (to play)"),  # what a screen reader says of the area whose turn it is
    "place_here": N_("Place here"),
    "take_here": N_("Take"),
    "choose_here": N_("Choose"),
    "last_move": N_("Last move"),
    "last_moves": N_("Last moves"),
    "no_cards": N_("no cards"),
    "empty": N_("empty"),
    "total": N_("total"),
    "cards": N_("cards"),
    "face_down": N_("face-down card"),
    "rule": N_("Rule {rule}"),
    "rule_text": N_("The rule in full"),
    "keys": N_(
        "Keys: Tab to a card, Enter to pick it up; Tab goes through the places it may go, Enter puts it there; "
        "Escape puts it back; arrow keys move along a row or a hand."
    ),
    "feedback": N_("What the board says"),
    "named": N_("{board}: {title}"),  # a screen reader's name for the board: "Lesson board: Spies"
}

Listener = Callable[[State, Move, State], None]
Refusal = Callable[[Move, Verdict], None]


class Layout(Protocol):
    def scene(self, view: dict[str, Any], seat: str | None) -> dict[str, Any]: ...  # None: the room's scene
    def zone_id(self, move: Move, seat: str) -> str | None: ...
    def move_zone(self, zone_id: str, seat: str) -> str | None: ...
    def prompt(self, state: State, seat: str) -> str: ...
    def reveal(self, view: dict[str, Any], views: dict[str, dict[str, Any]]) -> dict[str, Any]: ...
    def place_word(self, moves: Sequence[Move]) -> str | None: ...


def count_words(n: int) -> str:
    """A pile's size in words (the badge shows the number alone)."""
    return ngettext("{n} card", "{n} cards", n)


class Board:
    def __init__(
        self,
        layout: Layout,
        state: State,
        seat: str,
        name: str = "",
        play: Callable[[State, Move], State] = lambda state, move: state.play(move),
    ):
        """``play`` plays a legal move on the position shown and gives the next: by default the board keeps its own
        game; an app passes its match's, which keeps the game's history (cardlib.match)."""
        self.layout, self.seat, self.play = layout, seat, play
        # name: what the board is on its page ("Lesson board", "Game board"), so two boards on one page are
        # told apart by a screen reader's list of landmarks
        self.table = Table(name=name)
        self.table.on_click(self._guarded)
        self.selected: str | None = None
        self.choices: list[Move] = []  # several moves for the same card and row (a K in front: horde or order)
        self.flash: dict[str, Any] | None = None
        self.reveal = False  # the teacher's view: every hand face up
        self.roles: dict[str, str] | None = None  # who plays each seat (widgets/roles.py); None: against bots
        self.targets = True  # light up where a picked-up card may go (a lesson whose task is finding that says no)
        # What the prompt says while another seat is to move but nobody is thinking (step mode); None while a bot
        # really is.
        self.idle: str | None = None
        # What the board says instead of taking a move, whoever's turn it is: on an earlier position kept to look
        # back at (the teacher's view), on a solved lesson; None while it takes moves.
        self.frozen: str | None = None
        self._listeners: list[Listener] = []
        self._refusals: list[Refusal] = []
        self.tried: tuple[State, Move] | None = None  # the last move refused, and where: what a hint compares
        self._waiting_flash: dict[str, Any] | None = None  # "Wait for your turn.", true only until the turn comes
        # The positions since the learner's own last move, the one shown last: their moves are what the panel
        # tells, so a bot's whole turn (Senza Nome's draws, runs and discard) stays in sight until the learner
        # moves again, as Njet!'s last trick and Napoletana's last battle do.
        self._since: list[State] = []
        self.state = state

    @property
    def state(self) -> State:
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        """Show ``state``: a new position, or the learner's own move; the panel tells its last move."""
        self._since = [state]
        self._show(state)

    def advance(self, state: State) -> None:
        """Show ``state``, one move (another seat's) after the position shown: the panel tells it after the moves
        it already tells."""
        self._since.append(state)
        self._show(state)

    def _show(self, state: State) -> None:
        self._state = state
        self.selected, self.choices = None, []
        if self.flash is self._waiting_flash and state.to_move == self.seat and not state.is_over:
            self.flash = None  # the turn has come: "Wait for your turn" would now tell the learner the opposite
        self.redraw()

    def on_move(self, listener: Listener) -> None:
        """``listener(before, move, after)`` hears every move played through this board."""
        self._listeners.append(listener)

    def on_refuse(self, listener: Refusal) -> None:
        """``listener(move, verdict)`` hears every move the rules refused."""
        self._refusals.append(listener)

    def say(self, kind: str, text: Message | str, rule: str | None = None) -> None:
        """Show ``text`` on the board beside the prompt, where the learner looks (kind: error | info | success),
        with the ruling it is about, named and written out; screen readers announce it. A message (a refusal's
        reason, a hint) is said here, in the page's language."""
        rules = self._state.game.rules
        detail = f"{_(rules[rule].title)}. {_(rules[rule].text)}" if rule is not None and rule in rules else ""
        self.flash = {"kind": kind, "text": str(text), "rule": rule, "detail": detail}
        self.redraw()

    def wait_for_turn(self) -> None:
        """Say that it is not the learner's turn; the board takes it back when the turn comes."""
        self.say("info", _("Wait for your turn."))
        self._waiting_flash = self.flash

    @property
    def said(self) -> str:
        """What the board says now, as one line: its message, the ruling's id and the ruling written out."""
        flash = self.flash or {}
        return " ".join(str(flash[key]) for key in ("text", "rule", "detail") if flash.get(key))

    def try_move(self, move: Move) -> Verdict:
        """Play ``move`` if it is legal; otherwise show why and change nothing."""
        verdict = self._state.check(move)
        if not verdict:
            self.tried = (self._state, move)
            self.selected, self.choices = None, []
            self.say("error", verdict.reason, verdict.rule)
            for listener in self._refusals:
                listener(move, verdict)
            return verdict
        before = self._state
        self.flash = None
        self.state = self.play(before, move)
        for hears in self._listeners:
            hears(before, move, self._state)
        return LEGAL

    def intended(self) -> Move | None:
        """The move the learner has in mind, for a hint to compare: its last try in this position (refused), or
        the one move of the card it has picked up."""
        if self.tried and self.tried[0] is self._state:
            return self.tried[1]
        moves = [move for move in self._state.legal_moves() if self.selected and move.card == self.selected]
        return moves[0] if len(moves) == 1 else None

    # -- clicks ---------------------------------------------------------------------------------------------

    def _guarded(self, click: Click) -> None:
        """A click that fails shows its error on the page instead of vanishing in the kernel log."""
        try:
            self._click(click)
        except Exception as error:  # the page must stay usable whatever went wrong
            detail = traceback.format_exception_only(error)[-1].strip()
            self.say("error", _("Something went wrong: {detail}", detail=detail))

    def _click(self, click: Click) -> None:
        state = self._state
        if self.frozen:
            self.say("info", self.frozen)
            return
        if state.is_over or state.to_move != self.seat:
            self.wait_for_turn()
            return
        kind = click["kind"]  # the table passes on only well-formed clicks (widgets/table.py)
        if kind == "button":
            self._button(click["id"] or "")
        elif kind == "card":
            self._card(click["card"] or "")
        elif kind == "idle":
            self._idle()
        else:
            self._zone(click["zone"] or "")

    def _moves_with(self, card: str | None) -> list[Move]:
        return [move for move in self._state.candidate_moves() if move.card == card]

    def _card(self, card: str) -> None:
        moves = self._moves_with(card)
        if not moves:
            self.say("info", _("That card cannot be used now. {prompt}", prompt=self._prompt()))
        elif all(move.zone is None for move in moves):  # e.g. a mulligan: the card is the whole move
            self.try_move(moves[0])
        else:
            self.selected = None if self.selected == card else card
            self.choices, self.flash = [], None
            self.redraw()

    def _zone(self, zone: str) -> None:
        moves = self._moves_with(self.selected)  # with no card picked up: the moves that are just a place
        here = [move for move in moves if self.layout.zone_id(move, self.seat) == zone]
        if self.selected is None and not here:
            self.say("info", _("First pick a card, then the row where it goes."))
            return
        legal_here = [move for move in here if self._state.check(move)]
        if len(legal_here) > 1:
            self.choices = legal_here
            self.flash = {"kind": "info", "text": _("Choose how to play it."), "rule": None}
            self.redraw()
        elif here:
            self.try_move((legal_here or here)[0])
        else:  # a row no candidate goes to: build the move anyway, so the refusal names the rule
            self.try_move(Move(moves[0].action, self.selected, self.layout.move_zone(zone, self.seat)))

    def _idle(self) -> None:
        """A click on something that does nothing in this step: say what would."""
        if self.selected:
            self.say("info", _("Click a lit place for the card you picked up, or the card again to put it back."))
        else:
            self.say("info", _("Nothing happens there now. {prompt}", prompt=self._prompt()))

    def _prompt(self) -> str:
        state = self._state
        if self.frozen:
            return self.frozen
        if self.idle and not state.is_over and state.to_move != self.seat:  # nobody is thinking: say why
            return self.idle
        return self.layout.prompt(state, self.seat)

    def _button(self, button: str) -> None:
        """Only a button the board drew is pressed; any other id (a stale page, a forged message) is refused."""
        drawn = {item["id"] for item in self.table.scene.get("buttons", ())}
        if button not in drawn:
            self.say("info", _("That button is not available now."))
        elif button.startswith("choice:"):
            self.try_move(self.choices[int(button.removeprefix("choice:"))])
        elif button == "cancel":
            self.state = self._state
        else:
            self.try_move(self._state.game.parse_move(button))

    # -- drawing --------------------------------------------------------------------------------------------

    def _places(
        self, zones: list[dict[str, Any]], candidates: Sequence[Move], legal: set[Move], named: Collection[str]
    ) -> Callable[[str | None], tuple[dict[str, str], list[str]]]:
        """For a card picked up (None: none), the places lit up, each with the word a click on it says, and the
        places that take a click. ``named``: the words the scene has, a layout's among them."""
        where = {move: zone for move in candidates if (zone := self.layout.zone_id(move, self.seat)) is not None}
        kinds = {zone["id"]: zone.get("kind") for zone in zones}
        # A layout may keep a place clickable (a blocked board space), so a click on a wrong one hears its rule.
        kept = [zone["id"] for zone in zones if zone.get("drop", False)]

        def places(card: str | None) -> tuple[dict[str, str], list[str]]:
            # Lit up: where the picked-up card may go or, with none picked up, the places that are a move by
            # themselves (a stone on a board space); not in a lesson whose task is finding them.
            lit = {where[m] for m in legal if m in where and m.card == card and self.targets}
            # places a click is about, legal or not: a wrong one hears its rule (Pattuglia's discard pile before the
            # learner has a patrol); and while a card is picked up, any row or column
            open_places = {where[m] for m in candidates if m in where and m.card == card}
            if card:
                open_places |= {zone for zone, kind in kinds.items() if kind in ("row", "column")}
            # The word on a lit place says what a click on it does: a picked-up card is placed there; with none, a
            # pile or row is taken from, and a player's hand is chosen (a partner).
            verbs = {zone: verb(card, zone) if card else "take_here" for zone in lit}
            verbs |= {zone: "choose_here" for zone in lit if not card and kinds.get(zone) == "hand"}
            return verbs, [zone for zone in kinds if zone in open_places or zone in kept]

        def verb(card: str, zone: str) -> str:
            # A place that decides more than where the card goes says so, in the layout's words: a King outside
            # Napoletana's front row is an emperor's order, in it a horde or an order.
            word = self.layout.place_word([m for m in legal if m.card == card and where.get(m) == zone])
            return word if word is not None and word in named else "place_here"

        return places

    def redraw(self) -> None:
        state, seat = self._state, self.seat
        view = state.view(seat)
        if self.reveal:  # the teacher's view: every hand face up, as each player sees its own
            view = self.layout.reveal(view, {who: state.view(who) for who in state.players})
        with played_by(self.roles):
            scene = self.layout.scene(view, seat)
        mine = state.to_move == seat and not state.is_over and not self.frozen
        candidates = state.candidate_moves() if mine else []
        legal = set(state.legal_moves()) if mine else set()  # checked once per redraw: every click redraws
        pickable = {move.card for move in candidates if move.card}
        zones = [zone for area in scene["areas"] for zone in area["zones"]]
        # the table's words, and a layout's own (the options a place decides: Napoletana's "as:order")
        words = {key: _(text) for key, text in WORDS.items()} | scene.get("words", {})
        places = self._places(zones, candidates, legal, words)
        # only what this seat was told: an opponent's private draw must not light up a card of the same name
        events = [event for shown in self._since for event in shown.events if event.only in (None, seat)]
        fresh = {event.data.get("card") for event in events if event.data.get("card")}
        lit, drops = places(self.selected)
        # Where each card may go once picked up ("" for none picked up), so the page lights its places at once
        # and only the move waits for the kernel (table.js). A card whose click is the whole move has none.
        picks = {
            card or "": dict(zip(("targets", "drops"), places(card), strict=True))
            for card in (None, *pickable)
            if card is None or any(move.zone is not None for move in candidates if move.card == card)
        }
        for zone in zones:
            zone["target"] = zone["id"] in lit
            if zone["target"]:
                zone["verb"] = lit[zone["id"]]
            zone["drop"] = zone["id"] in drops
            zone["own"] = zone["id"] == f"{seat}.hand"
            if zone.get("kind") in ("pile", "deck"):
                zone["count"] = count_words(len(zone["cards"]))
            # Cards in rows and columns have been played: these are places to click, not cards to pick up
            # (unless the layout says so: Pattuglia's New patrol space).
            picks_here = zone.get("kind") not in ("row", "column") or zone.get("pick", False)
            for card in zone["cards"]:
                card["selectable"] = card.get("id") in pickable and picks_here
                card["selected"] = self.selected is not None and card.get("id") == self.selected
                card["fresh"] = card.get("id") in fresh
        if self.choices:
            buttons = [
                {"id": f"choice:{i}", "label": str(state.label(m)), "enabled": True, "kind": "primary"}
                for i, m in enumerate(self.choices)
            ]
            buttons.append({"id": "cancel", "label": _("Cancel"), "enabled": True, "kind": ""})
        else:
            # only the moves that can be made now: a button that cannot be used is not drawn
            buttons = [
                {"id": str(m), "label": str(state.label(m)), "enabled": True, "kind": "primary"}
                for m in candidates
                if m.card is None and m.zone is None and m in legal
            ]
        since = [line for shown in self._since for line in told(shown.events, seat)]
        scene |= {
            "words": words,
            "prompt": self._prompt(),
            "buttons": buttons,
            "flash": self.flash,
            # every move since the learner's own, however many bots answered: the panel scrolls to the newest
            "last": [str(line) for line in retold(since)],
            "picks": picks if mine and not self.choices else {},
        }
        self.table.scene = scene
