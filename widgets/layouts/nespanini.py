"""How NesPanini is drawn: the opponent's hand and deck on top, the learner's below, and between them the
Cimetière, one pile of every discard of both players (NES-5). Cards wear the set's rich faces (name, value, family
colour and pennant, effect, keywords, rarity, number). Click your deck to draw, then a card of your hand to discard it.

No rule or effect asks whose discard a card of the Cimetière was (a recover takes any card of it, a score counts every
card of it), so its cards do not say: they lie by family, as a hand does, for the effects that count a family there.

The learner's hand shows each card's score as it stands (NES-6), so the score is read before the end; at the
end both hands are shown with every card's breakdown. For the room (``seat`` None: the projector) the first player
is on top, the second below, a hidden hand only its count.
"""

from __future__ import annotations

from typing import Any

from cardlib.core import Move
from cardlib.core.i18n import N_, Message, _, current_language, lazy_gettext, ngettext, pgettext
from cardlib.core.protocol import player_name
from cardlib.games.nespanini import effects
from cardlib.games.nespanini.cards import FAMILIES, SET, SET_SIZE, pennant
from cardlib.games.nespanini.engine import NesPaniniState
from cardlib.games.nespanini.rules import CIMETIERE_FULL, TURNS, other

from ..roles import role_word
from ..scene import Area, Card, Face, LayoutScene
from . import hidden_card, not_to_play, place_here, reveal_sides, zone

RARITY_WORDS = {"commune": N_("★ common"), "peu commune": N_("★★ uncommon"), "rare": N_("★★★ rare")}


def printed(code: str) -> str:
    """The card's effect: as the set prints it on a French page (the set is French first), in the learner's
    language on any other."""
    return SET[code].text["fr"] if current_language() == "fr" else str(effects.explain(SET[code]))


def face(code: str) -> Face:
    """The rich face of a card of the set (see widgets/static/table.js, richFace)."""
    card, family = SET[code], FAMILIES[SET[code].family]
    return {
        "title": str(card.name),
        "value": card.value,
        "colour": family["colour"],
        "symbol": family["symbol"],
        "text": printed(code),
        "tags": [*card.keywords, _(RARITY_WORDS[card.rarity])],
        "pennant": str(pennant(card.family)),
        "corner": f"{card.number}/{SET_SIZE} {card.edition}",
    }


def nes_card(code: str | None, value: int | None = None, tag: str = "") -> Card:
    """A card as the table draws it (``None``: face down), with the ``value`` and ``tag`` it shows."""
    if code is None:
        return hidden_card()
    card = SET[code]
    label = ngettext(
        "{name}, {n} point, {family}. {text}",
        "{name}, {n} points, {family}. {text}",
        card.value,
        name=card.name,
        family=pennant(card.family),
        text=printed(code),
    )
    return {
        "id": code,
        "rank": None,
        "suit": None,
        "back": False,
        "value": value,
        "tag": tag,
        "face": face(code),
        "label": label,
    }


def scored_cards(rows: list[dict[str, Any]]) -> list[Card]:
    """A hand with each card's score (NES-6): its total in the corner badge, base and bonuses in the tag."""
    cards = []
    for row in rows:
        bonus = sum(part["points"] for part in row["parts"])
        parts = "".join(
            f" {'+' if part['points'] > 0 else '−'} {abs(part['points'])}" for part in row["parts"] if part["points"]
        )
        tag = f"{row['base']}{parts} = {row['total']}" if parts else ""  # "10 − 5 = 5", a real minus sign
        card = nes_card(row["card"], value=row["total"], tag=tag)
        # the label has said the card's effect: here only what it adds up to now
        scores = ngettext("Scores {n} point now.", "Scores {n} points now.", row["total"])
        if bonus:
            scores += " " + _("Its effect counts {points}.", points=f"{bonus:+d}")
        card["label"] += " " + scores
        cards.append(card)
    return cards


def by_family(code: str) -> tuple[str, int, str]:
    """Where a card lies in a hand or the Cimetière: as a player sorts them, by family, then value."""
    return SET[code].family, SET[code].value, code


def _side(view: dict[str, Any], player: str, seat: str | None) -> Area:
    side, you, over = view["sides"][player], player == seat, view["phase"] == "over"
    if side["hand"] is None:
        hand = [nes_card(None) for _n in range(side["hand_size"])]
        total = None
    else:
        cimetiere = [SET[code] for who in view["players"] for code in view["sides"][who]["discards"]]
        rows = (view["breakdown"] or {}).get(player) or effects.breakdown([SET[c] for c in side["hand"]], cimetiere)
        rows = sorted(rows, key=lambda row: by_family(row["card"]))
        hand, total = scored_cards(rows), sum(row["total"] for row in rows)
    zones = [
        zone(
            f"{player}.hand",
            _("Your hand") if you else _("Hand"),
            "hand",
            hand,
            total=total,
            note=_("score") if total is not None else "",
        ),
        zone(
            f"{player}.deck",
            _("Your deck") if you else _("Deck"),
            "deck",
            [nes_card(None) for _n in range(side["deck_size"])],
        ),
    ]
    if side["hand"] is None and seat is None:  # the room: a hidden hand's count only, in the area's info
        zones = zones[1:]
    label = f"{player_name(player)} · {role_word(player, seat)}"
    info = [
        _("Turn {n} of {total}", n=min(view["turns"][player] + (view["turn"] == player), TURNS), total=TURNS),
        pgettext("nespanini", "Deck {n}", n=side["deck_size"]),
        _("Hand {n}", n=side["hand_size"]),
    ]
    if over:
        info.append(_("Score {n}", n=view["result"]["scores"][player]))
    area: Area = {"id": player, "label": label, "active": view["to_move"] == player, "info": info, "zones": zones}
    if seat is None:  # the room: a hand beside its discards, as space allows
        area["layout"] = "row"
    return area


def _middle(view: dict[str, Any], seat: str | None) -> Area:
    """The Cimetière (NES-5): every discard of both players in one pile, with its count; and the card a scry effect
    shows its owner."""
    pending = view["pending"] or {}
    info = [_("Cimetière {n} of {full}", n=view["cimetiere_size"], full=CIMETIERE_FULL)]
    cimetiere = sorted((code for who in view["players"] for code in view["sides"][who]["discards"]), key=by_family)
    # while a recover effect waits for this seat, the cards of the pile are there to be picked
    picking = pending.get("do") == "recover" and pending.get("chooser") == seat
    zones = [zone("cimetiere", _("Cimetière"), "row", [nes_card(code) for code in cimetiere], pick=picking)]
    if pending.get("top"):
        zones.append(zone("scry", _("Top of your deck"), "row", [nes_card(pending["top"])]))
    if pending:
        info.append(_("Défausse {card.of}", card=SET[pending["card"]].name))
    return {"id": "table", "label": _("The table"), "active": False, "info": info, "zones": zones}


def scene(view: dict[str, Any], seat: str | None) -> LayoutScene:
    """``seat``'s view as a scene; with ``seat`` None, the room's (the projector)."""
    first = player_name(view["first"])
    top, bottom = view["players"] if seat is None else (other(seat), seat)
    return {
        "title": _("NesPanini"),
        "subtitle": _("Draw one, discard one; after 5 turns each the best hand wins · {name} started", name=first),
        "areas": [_side(view, top, seat), _middle(view, seat), _side(view, bottom, seat)],
        "card_size": "large",  # every face carries an effect text to be read
    }


def zone_id(move: Move, seat: str) -> str | None:
    return f"{seat}.deck" if move.action == "draw" else None


def move_zone(zone: str, seat: str) -> str | None:
    return "deck" if zone == f"{seat}.deck" else None


def prompt(state: NesPaniniState, seat: str) -> Message:
    """What the seat is asked to do, or told, as a Message: said where the board shows it (a prompt inside a
    refusal follows the page's language too)."""
    if (told := not_to_play(state, seat, player_name)) is not None:
        return told
    if state.phase == "draw":
        return lazy_gettext("Your turn: click your deck to draw its top card.")
    if state.phase == "discard":
        if [str(move) for move in state.legal_moves()] == ["reveal"]:
            return lazy_gettext("Every card in your hand is Légendaire: reveal your hand.")
        return lazy_gettext("Click a card of your hand to discard it. A Légendaire card cannot be discarded.")
    effect, source = state.pending[0], SET[state.pending[0]["card"]].name
    if effect["do"] == "opponent_discards":
        return lazy_gettext("{card.The} makes you discard: click a card of your hand.", card=source)
    if effect["do"] == "recover":
        return lazy_gettext("{card}: click a card of the Cimetière to take it into your hand.", card=source)
    top = SET[state.sides[seat].deck[0]].name
    return lazy_gettext(
        "{card}: the top card of your deck is {top.the}. Leave it, or put it at the bottom.", card=source, top=top
    )


reveal = reveal_sides  # the teacher's view (widgets.board)
place_word = place_here  # a lit place says "Place here" (widgets.board)
