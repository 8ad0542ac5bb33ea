"""How Njet! is drawn: the three other seats on top, the blocking board, the trick, the learner below. For the room
(``seat`` None: the projector) each seat sits at its own compass point, its hidden hand a count.

Each board space is a zone of kind "space" (a tile; a stone on it when blocked, the rule outlined), so placing a
stone is one click on the space. A partner is named by clicking that player's hand. Cards are played with one
click: a discard or a card for the trick needs no place.
"""

from __future__ import annotations

from typing import Any

from cardlib.core import Move
from cardlib.core.i18n import N_, Message, _, lazy_gettext
from cardlib.games.njet.board import CHARACTERS, PLAYERS, ROW_NAMES, ROWS, SPACES, free_spaces, seat_name, space_name
from cardlib.games.njet.cards import SUIT_SHAPES, SYMBOLS, NjetCard
from cardlib.games.njet.engine import NjetState
from cardlib.games.njet.tricks import captured_ones

from ..roles import role_word
from ..scene import Area, Card, Compass, LayoutScene, Space, Zone
from . import hidden_card, not_to_play, place_here, zone

PROMPTS = {
    "stones": N_("Your turn: click a space of the board to say Njet! to it."),
    "partner": N_("You start this round: click the hand of the player you choose as partner."),
    "discard": N_("Click a card to lay it aside, face down ({n} in all)."),
    "play": N_("Your turn: click a card to play it to the trick."),
}


def card_json(text: str | None, tag: str = "") -> Card:
    """A card as the table draws it (``None``: face down), with the ``tag`` it shows."""
    if text is None:
        return hidden_card()
    card = NjetCard.parse(text)
    return {
        "id": text,
        "rank": str(card.value),
        "suit": None,
        "face": {"value": str(card.value), "colour": card.colour, "suit": SUIT_SHAPES[card.colour]},
        "back": False,
        "value": None,
        "tag": tag,
        "label": str(card.name),
    }


def _team_words(view: dict[str, Any], player: str, seat: str | None) -> str:
    start, partner = view["start"], view["partner"]
    if partner is None or player == seat:
        return ""
    mate = partner if player == start else start if player == partner else None
    if mate is None:  # the two who were not chosen play together
        mate = next(p for p in PLAYERS if p not in (start, partner, player))
    if seat is None:  # the room: who plays with whom
        return _("with {name}", name=seat_name(mate))
    if mate == seat:
        return _("your partner")
    return _("opponent, with {name}", name=seat_name(mate))


def _seat_area(view: dict[str, Any], player: str, seat: str | None) -> Area:
    you = player == seat
    known, size = view["hands"][player], view["hand_sizes"][player]
    name = _("{seat} ({character})", seat=seat_name(player), character=_(CHARACTERS[player]))
    team, room = _team_words(view, player, seat), seat is None
    # the room's seats stand three to a line: a seat's team goes with its facts, so its name keeps to one line
    label = " · ".join(part for part in (name, role_word(player, seat), "" if room else team) if part)
    zones: list[Zone] = []
    counts = [team] if team and room else []
    if known is None and room:  # the room is shown a hidden hand as its count, not a row of backs
        counts.append(_("Hand {n}", n=size))
    else:
        hand = known if known is not None else [None] * size
        zones.append(zone(f"{player}.hand", _("Your hand") if you else _("Hand"), "hand", [card_json(c) for c in hand]))
    aside, laid = view["discards"][player], view["discard_sizes"][player]
    if aside is None and room:
        counts += [_("Laid aside {n}", n=laid)] if laid else []
    elif laid or (you and view["discard_count"]):
        shown = aside if aside is not None else [None] * laid
        zones.append(zone(f"{player}.aside", _("Laid aside"), "pile", [card_json(c) for c in shown]))
    tricks = sum(t["winner"] == player for t in view["taken"])
    info = [*counts, _("Tricks {n}", n=tricks), _("Total {n}", n=view["scores"][player])]
    if view["start"] == player:
        info.insert(0, _("Start player"))
    if view["dealer"] == player:
        info.append(_("Dealer"))
    active = view["to_move"] == player
    return {"id": player, "label": label, "active": active, "info": info, "zones": zones}


def _board_areas(view: dict[str, Any], seat: str | None) -> list[Area]:
    owners = {space: owner for owner, space in view["stones"]}
    choosing = view["phase"] == "stones" and view["to_move"] == seat
    areas: list[Area] = []
    for row in ROWS:
        free = free_spaces(owners, row)
        zones: list[Zone] = []
        for value in SPACES[row]:
            space = f"{row}:{value}"
            blocked = space in owners
            if row == "start":
                symbol = str(seat_name(value))[0]
            elif value in SYMBOLS:
                symbol = SYMBOLS[value]
            else:
                symbol = "∅" if value == "none" else str(space_name(space))
            note = _("Njet! ({name})", name=seat_name(owners[space])) if blocked else ""
            if len(free) == 1 and not blocked:
                note = _("the rule")
            tile: Space = {
                "symbol": symbol,
                "colour": value if value in SYMBOLS else None,
                "blocked": blocked,
                "owner": str(seat_name(owners[space])) if blocked else None,
                "rule": len(free) == 1 and not blocked,
            }
            # drop: every space answers a click on your turn, so a wrong one says why
            zones.append(zone(space, str(space_name(space)), "space", [], note=note, drop=choosing, space=tile))
        rule = _("Rule: {space}", space=space_name(f"{row}:{free[0]}")) if len(free) == 1 else ""
        left = _("{n} free", n=len(free)) if len(free) > 1 else ""
        areas.append(
            {"id": f"board.{row}", "label": _(ROW_NAMES[row]), "layout": "row", "active": False,
             "info": [rule or left], "zones": zones}
        )  # fmt: skip
    return areas


def _trick_area(view: dict[str, Any]) -> Area:
    def played(cards: list[list[str]], zone_id: str, label: str) -> Zone:
        return zone(zone_id, label, "row", [card_json(card, tag=str(seat_name(who))) for who, card in cards])

    zones = [played(view["trick"], "trick", _("Trick"))]
    if view["taken"]:  # the trick just won stays in sight, with its winner, beside the next one
        last = view["taken"][-1]
        zones.append(
            played(last["cards"], "last-trick", _("Last trick, won by {name}", name=seat_name(last["winner"])))
        )
    info = []
    if view["partner"]:
        start, partner = view["start"], view["partner"]
        for team in ((start, partner), tuple(p for p in PLAYERS if p not in (start, partner))):
            tricks = sum(t["winner"] in team for t in view["taken"])
            ones = sum(
                len(captured_ones([(w, NjetCard.parse(c)) for w, c in t["cards"]], t["winner"], team))
                for t in view["taken"]
                if t["winner"] in team
            )
            info.append(
                _(
                    "{a} and {b} · tricks: {tricks} · captured 1s: {ones}",
                    a=seat_name(team[0]),
                    b=seat_name(team[1]),
                    tricks=tricks,
                    ones=ones,
                )
            )
    return {"id": "table", "label": _("The trick"), "active": False, "info": info, "zones": zones}


def _score_area(view: dict[str, Any], seat: str | None) -> Area:
    """The running score table: each round's points per player, then the totals; the room's (the projector's) only
    the last round's and the totals, as each seat's total stands beside its name."""
    rounds = view["rounds"] if seat is not None else view["rounds"][-1:]
    info = [
        _(
            "Round {n}: ×{m}, {points}",
            n=record["round"],
            m=record["rules"]["multiplier"],
            points=", ".join(f"{seat_name(p)} {record['points'][p]}" for p in PLAYERS),
        )
        for record in rounds
    ]
    info.append(_("Totals: {points}", points=", ".join(f"{seat_name(p)} {view['scores'][p]}" for p in PLAYERS)))
    return {"id": "scores", "label": _("Scores"), "active": False, "info": info, "zones": []}


def scene(view: dict[str, Any], seat: str | None) -> LayoutScene:
    """``seat``'s view as a scene; with ``seat`` None, the room's (the projector): every seat at its own place."""
    below = seat or "south"  # the room sees the table as its seats are named: South at the bottom
    others = [PLAYERS[(PLAYERS.index(below) + k) % len(PLAYERS)] for k in (1, 2, 3)]  # left, across, right
    # around a table where the screen allows: the learner at the bottom, the player across at the top
    places: tuple[Compass, ...] = ("west", "north", "east")
    areas = [_seat_area(view, p, seat) | {"place": place} for p, place in zip(others, places, strict=True)]
    areas += _board_areas(view, seat)
    areas += [_trick_area(view), _seat_area(view, below, seat) | {"place": "south"}, _score_area(view, seat)]
    return {"title": _("Njet!"), "subtitle": _("Round {n} of 8", n=view["round"]), "areas": areas}


def zone_id(move: Move, seat: str) -> str | None:
    if move.action == "stone":
        return move.zone
    if move.action == "partner":
        return f"{move.zone}.hand"
    return None


def move_zone(zone: str, seat: str) -> str | None:
    return zone.removesuffix(".hand") if zone.endswith(".hand") else zone


def prompt(state: NjetState, seat: str) -> Message:
    """What the seat is asked to do, or told, as a Message: said where the board shows it (a prompt inside a
    refusal follows the page's language too)."""
    if (told := not_to_play(state, seat, seat_name)) is not None:
        return told
    return lazy_gettext(PROMPTS[state.phase], n=state.discard_count)


def reveal(view: dict[str, Any], views: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The teacher's view: every hand face up, as its own player sees it."""
    for who in view["hands"]:
        view["hands"][who] = views[who]["hands"][who]
    return view


place_word = place_here  # a lit place says "Place here" (widgets.board)
