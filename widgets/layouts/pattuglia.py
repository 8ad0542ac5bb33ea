"""How Pattuglia is drawn: the opponents on top (hand, Arsenal and New patrol as counts, their patrols face up), the
deck and the discard pile in the middle, the learner below (hand, New patrol, Arsenal, patrols).

Each patrol is a zone (``patrol:3``), Captain first: pick a hand card and click one of your patrols to extend it,
or the New patrol space to gather it; pick an Arsenal card and click an enemy patrol to attack it. A card in the New
patrol space goes back to the hand with one click; "Lay the new patrol" and "Take the losses" are buttons.
Cards use the rich face (widgets/tabletop.py): a colour per battalion and a symbol per kind, so colour is never the
only cue; Nurses and Mechanics are grey, the Arsenal black. For the room (``seat`` None: the projector) the players
sit along the top and the bottom, their hidden cards only counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.core import Move
from cardlib.core.i18n import N_, Message, _, and_joined, lazy_gettext, ngettext, pgettext
from cardlib.core.protocol import player_name
from cardlib.games.pattuglia.cards import DECK, info, patrol_colour
from cardlib.games.pattuglia.rules import DECK_ZONE, DISCARD, NEW
from cardlib.games.pattuglia.words import card_name, kinds_counted

from ..roles import role_word
from ..scene import Area, Card, Face, LayoutScene, Zone, ZoneKind
from . import THINKING, around, hidden_card, not_to_play, place_here, zone

if TYPE_CHECKING:
    from cardlib.games.pattuglia.engine import PattugliaState

DISCARDS_SHOWN = 10


def card_json(card: str | None, turned: bool = False) -> Card:
    """A card with the rich face; ``None``: face down. ``turned``: lying sideways."""
    if card is None:
        return hidden_card()
    card_info = info(card)
    kind = card_info.kind
    colour = card_info.colour or ("black" if card_info.arsenal else "grey")
    points = None if card_info.arsenal else kind.points
    face: Face = {
        "title": _(kind.name),
        "value": points,
        "colour": colour,
        "symbol": kind.symbol,
        "text": _(kind.text),
        "tags": [_(card_info.colour)] if card_info.colour else [_("Arsenal")] if card_info.arsenal else [],
    }
    name = card_name(card)
    label = str(name) if points is None else ngettext("{card}, 1 point", "{card}, {n} points", points, card=name)
    picture: Card = {
        "id": card,
        "rank": None,
        "suit": None,
        "face": face,
        "back": False,
        "value": None,
        "tag": "",
        "label": label,
    }
    if turned:
        picture["turned"] = True
    return picture


def _patrol_zone(patrol: dict[str, Any], attack: dict[str, Any] | None, mine: bool, kind: ZoneKind = "column") -> Zone:
    colour = patrol_colour(patrol["colour"])
    label = _("Your {colour} patrol", colour=colour) if mine else _("{colour} patrol", colour=colour).capitalize()
    notes = [_("Complete")] if patrol["complete"] else []
    if attack is not None and attack["patrol"] == patrol["id"]:
        kills = kinds_counted(attack["kills"])
        notes.append(_("under attack: {kills}", kills=kills or _("nothing")))
    # the Captain on top, then the cards in the order laid (PAT-6); the seed marks a Complete Patrol by turning its
    # Captain sideways
    cards = [card_json(card, turned=patrol["complete"] and info(card).code == "C") for card in patrol["shown"]]
    return zone(patrol["zone"], label, kind, cards, total=patrol["points"], note=" · ".join(notes))


def _player(view: dict[str, Any], player: str, seat: str | None) -> Area:
    side = view["sides"][player]
    you = player == seat
    # the room is shown hidden cards as their counts only, in the area's info
    shown = {key: side[key] is not None or seat is not None for key in ("hand", "arsenal", "forming")}
    # the learner's hand grouped by colour and kind (deck order), so the makings of a patrol stand side by side
    hand = sorted(side["hand"], key=DECK.index) if side["hand"] is not None else [None] * side["hand_size"]
    arsenal = side["arsenal"] if side["arsenal"] is not None else [None] * side["arsenal_size"]
    forming = side["forming"] if side["forming"] is not None else [None] * side["forming_size"]
    held: list[Zone] = []
    if shown["hand"]:
        held.append(zone(f"{player}.hand", _("Your hand") if you else _("Hand"), "hand", [card_json(c) for c in hand]))
    if (you or arsenal) and shown["arsenal"]:  # an opponent's empty Arsenal is only its count, in the area's info
        note = _("hidden from the others") if you else _("face down") if side["arsenal"] is None else ""
        label = _("Your Arsenal") if you else _("Arsenal")
        held.append(zone(f"{player}.arsenal", label, "hand", [card_json(c) for c in arsenal], note=note))
    laid: list[Zone] = []
    if you:  # the learner's own space for gathering a new patrol: clickable as a row, its cards go back with a click
        note = _("click a card here to take it back") if forming else _("gather a new patrol here")
        laid.append(zone(NEW, _("New patrol"), "row", [card_json(c) for c in forming], note=note, pick=True))
    elif forming and shown["forming"]:
        laid.append(zone(f"{player}.new", _("New patrol"), "hand", [card_json(c) for c in forming]))
    attack = view["attack"] if view["attack"] and view["attack"]["defender"] == player else None
    # the room's patrols lie in rows, each as tall as a card however long it grows, so four players' fit a wall
    kind: ZoneKind = "row" if seat is None else "column"
    laid += [_patrol_zone(patrol, attack, you, kind) for patrol in side["patrols"]]
    # the learner's patrols lie next to the middle and its hand at the bottom edge (as Napoletana's rows and hand),
    # so the patrols on the table stand together, on a projector too
    zones = [*laid, *held] if you else [*held, *laid]
    name = f"{player_name(player)} · {role_word(player, seat)}"
    if player == view["dealer"]:
        name += " · " + _("dealer")
    info_lines = [
        _("Score {n}", n=side["score"]),
        _("Hand {n}", n=side["hand_size"]),
        _("Arsenal {n}", n=side["arsenal_size"]),
    ]
    if forming and not shown["forming"]:
        info_lines.append(_("New patrol {n}", n=len(forming)))
    if side["closer"]:
        info_lines.append(_("Complete Patrol: may close"))
    if side["laid_patrol"] and not side["patrols"]:  # the table no longer shows it has the right (PAT-5)
        info_lines.append(_("May still take the top discard"))
    area: Area = {"id": player, "label": name, "active": view["to_move"] == player, "info": info_lines, "zones": zones}
    if not you:  # an opponent's few face-down cards and its patrols side by side, so three opponents fit on a projector
        area["layout"] = "row"
    return area


def _middle(view: dict[str, Any], seat: str | None) -> Area:
    shown = view["discard"][-DISCARDS_SHOWN:]
    # the top card is marked, not said to be "on the right": a long pile wraps onto more lines
    cards = [card_json(c) for c in shown]
    if cards:
        cards[-1]["tag"] = _("top")
    n = len(view["discard"])
    note = "" if len(shown) == n else ngettext("{n} card, the last ones shown", "{n} cards, the last ones shown", n)
    discard = zone(DISCARD, pgettext("pattuglia", "Discard pile"), "row", cards, note=note)
    if seat is None:  # the room: a pile, its top card face up, in a narrow column beside the players' patrols
        discard = zone(DISCARD, pgettext("pattuglia", "Discard pile"), "pile", [card_json(c) for c in view["discard"]])
    deck = zone(DECK_ZONE, pgettext("pattuglia", "Deck"), "deck", [hidden_card() for _n in range(view["deck_size"])])
    lines = [pgettext("pattuglia", "Deck {n}", n=view["deck_size"]), _("Reshuffles {n} of 2", n=view["reshuffles"])]
    attack = view["attack"]
    if attack:
        attacker, card, defender = player_name(attack["attacker"]), card_name(attack["card"]), attack["defender"]
        if seat is None:
            line = N_(
                "{attacker}'s {card} hits {defender}: it may answer with Medical Bags or Tools, or take the losses"
            )
        elif defender == seat:
            line = N_("{attacker}'s {card} hits you: answer with Medical Bags or Tools, or take the losses")
        elif attack["attacker"] == seat:
            line = N_("Your {card} hits {defender}: it may answer with Medical Bags or Tools, or take the losses")
        else:
            line = N_("{attacker}'s {card} hits {defender}: answer with Medical Bags or Tools, or take the losses")
        lines.append(_(line, attacker=attacker, card=card, defender=player_name(defender)))
    if view["last_deal"]:
        scores = and_joined(  # as the deal's own summary says them (cardlib/games/pattuglia/deals.py)
            [
                _("you {points}", points=row["total"])
                if player == seat
                else _("{name} {points}", name=player_name(player), points=row["total"])
                for player, row in view["last_deal"].items()
            ]
        )
        lines.append(_("Last deal: {scores}", scores=scores))
    return {"id": "table", "label": _("The table"), "active": False, "info": lines, "zones": [deck, discard]}


def scene(view: dict[str, Any], seat: str | None) -> LayoutScene:
    """``seat``'s view as a scene; with ``seat`` None, the room's (the projector): the players along the top and
    the bottom, the deck and the discard pile beside them."""
    order = view["players"]
    subtitle = ngettext(
        "Deal {deal} · {players} players · first to {n} point",
        "Deal {deal} · {players} players · first to {n} points",
        view["target"],
        deal=view["deal"],
        players=len(order),
    )
    if view["super_capitano"]:
        subtitle += " · " + _("Super Capitano")
    if seat is None:
        places = around(order)
        middle = _middle(view, None) | {"place": "east"}  # a narrow column beside the patrols
        areas = [*(_player(view, p, None) | {"place": places[p]} for p in order), middle]
    else:
        start = order.index(seat)
        others = [order[(start + step) % len(order)] for step in range(1, len(order))]
        areas = [*(_player(view, p, seat) for p in others), _middle(view, seat), _player(view, seat, seat)]
    return {"title": _("Pattuglia"), "subtitle": subtitle, "areas": areas}


def zone_id(move: Move, seat: str) -> str | None:
    if move.action == "discard":
        return DISCARD
    if move.action in ("draw", "lay", "attack"):
        return move.zone
    return None  # back, save: the card is the whole move; form, take: buttons


def move_zone(zone: str, seat: str) -> str | None:
    return zone


def prompt(state: PattugliaState, seat: str) -> Message:
    """What the seat is asked to do, or told, as a Message: said where the board shows it (a prompt inside a
    refusal follows the page's language too)."""
    doing = N_("{name} is answering the attack…") if state.phase == "defend" else THINKING
    if (told := not_to_play(state, seat, player_name, doing)) is not None:
        return told
    side = state.sides[seat]
    if state.phase == "defend":
        return lazy_gettext(
            "Your patrol is attacked: click a Medical Bag or Tools in your Arsenal to save a card, or Take the losses."
        )
    if state.phase == "draw":
        if side.laid_patrol:
            return lazy_gettext("Draw: click the deck, or the discard pile to take its top card.")
        return lazy_gettext("Draw: click the deck (the discard pile opens to you once you have laid a patrol).")
    if state.phase == "refill":
        if side.laid_patrol:
            return lazy_gettext(
                "Refill your hand to 5: click the deck or the discard pile ({n} more).", n=state.to_draw
            )
        return lazy_gettext("Refill your hand to 5: click the deck ({n} more).", n=state.to_draw)
    if side.forming:
        return lazy_gettext(
            "Gather more cards in New patrol (click one there to take it back), then Lay the new patrol."
        )
    if side.closer and len(side.hand) == 1:
        return lazy_gettext("Discard your last card to close the deal: click it, then the discard pile.")
    return lazy_gettext(
        "Click a card, then New patrol or one of your patrols; an Arsenal card, then an enemy patrol. "
        "End with a card on the discard pile."
    )


def reveal(view: dict[str, Any], views: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The teacher's view: every hand, New patrol and Arsenal face up, as its own player sees it."""
    for who, side in view["sides"].items():
        for key in ("hand", "forming", "arsenal"):
            side[key] = views[who]["sides"][who][key]
    return view


place_word = place_here  # a lit place says "Place here" (widgets.board)
