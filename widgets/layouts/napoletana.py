"""How La partita Napoletana is drawn: the opponent's side on top, rows facing each other, the learner below. For the
room (``seat`` None: the projector) the first side is on top, the second below, a hidden hand only its count."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardlib.core import Card, Move
from cardlib.core.i18n import N_, Message, _, lazy_gettext
from cardlib.games.napoletana.rules import BATTLES, ROWS, is_jolly, other, role_of, side_name

from ..roles import role as seat_role
from ..scene import Area, LayoutScene, Zone
from . import by_suit, french_card, not_to_play, reveal_sides, zone

if TYPE_CHECKING:
    from cardlib.games.napoletana.engine import NapoletanaState

ROW_LABELS = {"front": N_("Front"), "ranged": N_("Ranged"), "siege": N_("Siege")}
JOLLY_WORDS = {"ready": N_("Jolly ready"), "active": N_("Jolly active"), "used": N_("Jolly used")}
# what a lit row says for a picked-up card whose role the row decides (NAP-10 to NAP-12): keys of the scene's words
ROLE_PLACES = {
    "as:order": N_("As an order"),
    "as:horde/order": N_("Horde or order"),
    "as:burn": N_("As a burn"),
    "as:agility": N_("With agility"),
    "as:spy": N_("As a spy"),
}
ROLE_TAGS = {"horde": N_("horde"), "order": N_("order"), "burn": N_("burn"), "agility": N_("agility"), "spy": N_("spy")}


def _tag(placed: dict[str, Any]) -> str:
    if placed["role"]:
        return _(ROLE_TAGS[placed["role"]])
    return _("army ×{n}", n=placed["army"]) if placed["army"] > 1 else ""


def _stacked(placed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A row's cards as the table lays them (NAP-5, from the rule text): number cards of one value on top of each
    other where the first of them lies, each A, figure and Jolly a unit of its own."""
    units: dict[str | int, list[dict[str, Any]]] = {}
    for index, p in enumerate(placed):
        card = Card.parse(p["card"])
        units.setdefault(card.rank if card.number and card.rank != "A" else index, []).append(p)
    return [p for unit in units.values() for p in unit]


def _area(view: dict[str, Any], player: str, seat: str | None, below: bool) -> Area:
    """``player``'s side, drawn ``below`` the middle (its rows and hand in the order the learner's are) or above."""
    side = view["sides"][player]
    you = player == seat
    rows = ROWS if below else tuple(reversed(ROWS))  # fronts face each other across the middle
    zones: list[Zone] = []
    hand = by_suit(side["hand"]) if side["hand"] is not None else [None] * side["hand_size"]
    hand_zone = zone(f"{player}.hand", _("Your hand") if you else _("Hand"), "hand", [french_card(c) for c in hand])
    held = [hand_zone] if side["hand"] is not None or seat is not None else []  # the room: the hand's count only
    healing = you and view["phase"] == "heal" and view["to_move"] == seat
    # NAP-13: while healing, the discard pile is spread out like a hand, so any card in it can be picked
    discard_cards = [french_card(c) for c in side["discard"]]
    discard = zone(f"{player}.discard", _("Discard pile"), "hand" if healing else "pile", discard_cards)
    for row in rows:
        cards = side["rows"][row]
        zones.append(
            zone(
                f"{player}.{row}",
                _(ROW_LABELS[row]),
                "row",
                [french_card(p["card"], value=p["value"], tag=_tag(p)) for p in _stacked(cards)],
                total=side["row_totals"][row],
                note=_("agility") if side["agility"] and row in ("front", "ranged") else "",
                stack=True,
            )
        )
    zones = [*held, *zones, discard] if not below else [*zones, *held, discard]
    name = {
        "you": _("{name} · you", name=side_name(player)),
        "bot": _("{name} · bot", name=side_name(player)),
        "classmate": _("{name} · classmate", name=side_name(player)),
        "learner": _("{name} · learner", name=side_name(player)),
    }[seat_role(player, seat)]
    info = [
        _("Total {n}", n=side["total"]),
        _("Coins {n}", n=side["coins"]),  # a number, not dots: it reads the same to a screen reader
        *([] if held else [_("Hand {n}", n=side["hand_size"])]),
        _("Deck {n}", n=side["deck_size"]),
        _(JOLLY_WORDS[side["jolly"]]),
    ]
    if side["passed"]:
        info.append(_("Passed"))
    return {
        "id": player,
        "label": name,
        "active": view["to_move"] == player,
        "info": info,
        "zones": zones,
        "field": True,  # the three rows side by side with big cards (widgets/static/table.css)
    }


def scene(view: dict[str, Any], seat: str | None) -> LayoutScene:
    """``seat``'s view as a scene; with ``seat`` None, the room's (the projector)."""
    mulligan = view["phase"] == "mulligan"
    battle = _("Before the war") if mulligan else _("Battle {n} of {all}", n=view["battle"], all=BATTLES)
    if view["battles"]:  # the battle just fought stays in sight, with its winner, while the next one is played
        last, n = view["battles"][-1], len(view["battles"])
        high, low = sorted(last["totals"].values(), reverse=True)
        if last["winner"]:
            name = side_name(last["winner"])
            battle += " · " + _("Battle {n} won by {name}, {a} to {b}", n=n, name=name, a=high, b=low)
        else:
            battle += " · " + _("Battle {n} was a draw, {a} to {b}", n=n, a=high, b=low)
    return {
        "title": _("La partita Napoletana"),
        "subtitle": battle,
        "areas": _areas(view, seat),
        "words": {key: _(text) for key, text in ROLE_PLACES.items()},
    }


def _areas(view: dict[str, Any], seat: str | None) -> list[Area]:
    if seat is None:  # the room: the first side on top, facing the second
        first, second = view["sides"]
        return [_area(view, first, None, below=False), _area(view, second, None, below=True)]
    return [_area(view, other(seat), seat, below=False), _area(view, seat, seat, below=True)]


def place_word(moves: Sequence[Move]) -> str | None:
    """What a lit row says for the picked-up card's moves there: the role the row gives a King, a Jack or an Ace
    (a King in the front row: the choice of horde or order), or None for the table's "Place here"."""
    roles = {role_of(Card.parse(m.card), m.zone, m.option) for m in moves if m.card and not is_jolly(m.card)}
    key = "as:" + "/".join(sorted(str(role) for role in roles))
    return key if roles and None not in roles and key in ROLE_PLACES else None


def zone_id(move: Move, seat: str) -> str | None:
    if move.zone is None:
        return None
    if move.zone.startswith("enemy-"):
        return f"{other(seat)}.{move.zone.removeprefix('enemy-')}"
    return f"{seat}.{move.zone}"


def move_zone(zone: str, seat: str) -> str | None:
    side, _dot, row = zone.partition(".")
    return row if side == seat else f"enemy-{row}"


def prompt(state: NapoletanaState, seat: str) -> Message:
    """What the seat is asked to do, or told, as a Message: said where the board shows it (a prompt inside a
    refusal follows the page's language too)."""
    if (told := not_to_play(state, seat, side_name)) is not None:
        return told
    if state.phase == "mulligan":
        return lazy_gettext(
            "Before the war: click up to 2 cards to put them under your deck and draw, or keep your hand."
        )
    if state.phase == "heal":
        return lazy_gettext("Your Queen heals: pick a card in your discard pile, then its row. Or skip.")
    return lazy_gettext("Your turn: pick a card, then the row where it goes. Or pass.")


reveal = reveal_sides  # the teacher's view (widgets.board)
