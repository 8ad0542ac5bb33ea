"""How Senza Nome is drawn: the opponents on top, the runs, the discard pile and the draw pile in the middle, the
learner's stock and hand below. Each run is a zone (``run:3``): pick a card, then click the run it goes to. For the
room (``seat`` None: the projector) the players sit along the top, a hidden hand only its count."""

from __future__ import annotations

from typing import Any

from cardlib.core import Move
from cardlib.core.cards import SUIT_SYMBOLS
from cardlib.core.i18n import Message, _, lazy_gettext, lazy_ngettext, ngettext, pgettext
from cardlib.core.protocol import player_name
from cardlib.games.senza_nome.engine import SenzaNomeState
from cardlib.games.senza_nome.rules import NEW_RUN
from cardlib.games.senza_nome.runs import is_wild, parse_card, value_name

from ..roles import role_word
from ..scene import Area, LayoutScene, Zone
from . import by_suit, french_card, not_to_play, place_here, reveal_sides, zone

DISCARDS_SHOWN = 12
DISCARDS_THE_ROOM_SEES = 9  # the projector's discard pile keeps to one place of its grid of runs (table.css)
DISCARD, DECK = "discard", "deck"  # the zones of the piles; a run's zone is its own (run:3), a new run's NEW_RUN


def _run_zone(run: dict[str, Any]) -> Zone:
    cards = [
        french_card(text, tag=_("= {value}", value=value_name(place)) if is_wild(parse_card(text)) else "")
        for place, text in enumerate(run["cards"], start=1)
    ]
    label = _("{suit} run", suit=SUIT_SYMBOLS[run["suit"]])
    return zone(run["zone"], label, "row", cards, note=_("needs {value}", value=value_name(run["next"])))


def _stock(seat: dict[str, Any], zone_id: str, label: str) -> Zone:
    """The stock as a pile: face-down cards under the one face-up top card."""
    size = seat["stock_size"]
    cards = [french_card(None) for _n in range(max(size - 1, 0))] + ([french_card(seat["stock_top"])] if size else [])
    return zone(zone_id, label, "pile", cards)


def _player(view: dict[str, Any], player: str, seat: str | None) -> Area:
    side = view["sides"][player]
    you = player == seat
    zones = [_stock(side, f"{player}.stock", _("Your stock") if you else _("Stock"))]
    if side["hand"] is not None or seat is not None:  # the room is shown a hidden hand as its count only
        hand = by_suit(side["hand"], parse_card) if side["hand"] is not None else [None] * side["hand_size"]
        zones.append(
            zone(f"{player}.hand", _("Your hand") if you else _("Hand"), "hand", [french_card(c) for c in hand])
        )
    name = f"{player_name(player)} · {role_word(player, seat)}"
    info = [_("Stock {n}", n=side["stock_size"]), _("Hand {n}", n=side["hand_size"])]
    if seat is None:  # the room: six to a line, the stock's size is the number on its pile
        info = info[1:]
    return {"id": player, "label": name, "active": view["to_move"] == player, "info": info, "zones": zones}


def _middle(view: dict[str, Any], room: bool = False) -> Area:
    """The runs and the piles; for the ``room`` (the projector) the runs and the discard pile, the draw pile only
    counted: nobody there lays an Ace or draws."""
    runs = [_run_zone(run) for run in view["runs"]]
    new = zone(NEW_RUN, _("New run"), "row", [], note=_("Aces only"))
    # the top of the pile, which is what may be taken (SNO-4)
    shown = view["discard"][-(DISCARDS_THE_ROOM_SEES if room else DISCARDS_SHOWN) :]
    # the top card is marked, not said to be "on the right": a long pile wraps onto more lines
    cards = [french_card(c) for c in shown]
    if cards:
        cards[-1]["tag"] = _("top")
    n = len(view["discard"])
    note = "" if len(shown) == n else ngettext("{n} card, the last ones shown", "{n} cards, the last ones shown", n)
    discard = zone(DISCARD, pgettext("senza_nome", "Discard pile"), "row", cards, note=note)
    deck = zone(DECK, _("Draw pile"), "deck", [french_card(None) for _n in range(view["draw_size"])])
    info = [_("Runs set aside {n}", n=view["set_aside"]), _("Reshuffles {n}", n=view["reshuffles"])]
    zones = [*runs, discard] if room else [*runs, new, discard, deck]
    if room:
        info.insert(0, _("Draw pile {n}", n=view["draw_size"]))
    return {"id": "table", "label": _("The runs"), "active": False, "info": info, "zones": zones}


def scene(view: dict[str, Any], seat: str | None) -> LayoutScene:
    """``seat``'s view as a scene; with ``seat`` None, the room's (the projector): the players above the runs."""
    order = view["players"]
    subtitle = _("{n} players · first to bury the stock and empty the hand wins", n=len(order))
    if seat is None:  # each player only a stock and counts: all of them along the top, the runs below
        areas = [*(_player(view, p, None) | {"place": "north"} for p in order), _middle(view, room=True)]
    else:
        start = order.index(seat)
        others = [order[(start + step) % len(order)] for step in range(1, len(order))]
        areas = [*(_player(view, p, seat) for p in others), _middle(view), _player(view, seat, seat)]
    return {"title": _("Senza Nome"), "subtitle": subtitle, "areas": areas}


def zone_id(move: Move, seat: str) -> str | None:
    if move.action == "draw":
        return move.zone
    if move.action == "discard":
        return DISCARD
    return move.zone


def move_zone(zone: str, seat: str) -> str | None:
    return zone


def prompt(state: SenzaNomeState, seat: str) -> Message:
    """What the seat is asked to do, or told, as a Message: said where the board shows it (a prompt inside a
    refusal follows the page's language too)."""
    if (told := not_to_play(state, seat, player_name)) is not None:
        return told
    if state.phase == "draw":
        if not state.discard:  # nothing to take there: do not send the learner to an empty pile
            return lazy_ngettext(
                "Draw {n} card: click the draw pile.", "Draw {n} cards: click the draw pile.", state.to_draw
            )
        return lazy_ngettext(
            "Draw {n} card: click the draw pile, or the discard pile to take its top card.",
            "Draw {n} cards: click the draw pile, or the discard pile to take its top card.",
            state.to_draw,
        )
    if state.aces_to_lay():
        return lazy_gettext("Lay your Aces: click an Ace, then New run.")
    if not state.sides[seat].hand:
        return lazy_gettext("Your hand is empty: bury your stock card on a run, or end your turn.")
    return lazy_gettext(
        "Pick a card in your hand or on your stock, then a run. End your turn by discarding a card that fits no run."
    )


reveal = reveal_sides  # the teacher's view (widgets.board)
place_word = place_here  # a lit place says "Place here" (widgets.board)
