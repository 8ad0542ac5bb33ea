"""La partita Napoletana: a Gwent-style war of up to three battles on a French deck (seed 000, NAP-1..18).

The state is a value. Internally ``play`` clones the position and lets small private methods change the
clone; nothing outside ever sees a half-made state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.core import Card, Event, Move, Result, State, Verdict
from cardlib.core.cards import cards_text
from cardlib.core.fields import EVENTS, RESULT, Field, Record, cache, card_list, each, records, shared
from cardlib.core.i18n import N_, Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.rng import shuffled
from cardlib.core.serial import by_player, choice, flag, french_cards, listed, number, record_of

from . import views
from .legality import candidate_zones, card_of, verdict
from .rules import (
    BATTLES,
    BLACK,
    COINS,
    JOLLY,
    MULLIGANS,
    PLAYERS,
    RED,
    ROW_NAMES,
    ROWS,
    other,
    role_of,
    side_name,
)
from .scoring import Placed, army_size, read_rows, row_values, rows_json
from .war import battle_begins, end_battle

if TYPE_CHECKING:
    from .game import Napoletana

# Whole sentences, one per role, so that a translation never glues fragments (docs/design.md, "Words on the screen").
PLACED = {  # role -> (the ruling it shows, what the log says); a spy's, which counts the cards drawn, in place()
    None: ("NAP-5", N_("{name} places {card} in its {row} row.")),
    "horde": ("NAP-10", N_("{name} places {card} in its front row as a horde.")),
    "order": ("NAP-11", N_("{name} places {card} in its {row} row as an emperor's order.")),
    "burn": ("NAP-14", N_("{name} places {card} in its siege row: burn!")),
    "agility": ("NAP-15", N_("{name} places {card} in its {row} row for agility.")),
}
PLACED_YOU = {  # the same, as the player who placed it reads it
    None: N_("You place {card} in your {row} row."),
    "horde": N_("You place {card} in your front row as a horde."),
    "order": N_("You place {card} in your {row} row as an emperor's order."),
    "burn": N_("You place {card} in your siege row: burn!"),
    "agility": N_("You place {card} in your {row} row for agility."),
}
JOLLY_EFFECT = {
    BLACK: N_("Black discards its Jolly: if this battle ends tied, Black wins it."),
    RED: N_("Red discards its Jolly: if Red wins this battle, it draws a card at the start of the next."),
}
JOLLY_TOO_LATE = N_("Red discards its Jolly, but this is the last battle: there is no next battle to draw for.")
JOLLY_YOU = {
    BLACK: N_("You discard your Jolly: if this battle ends tied, you win it."),
    RED: N_("You discard your Jolly: if you win this battle, you draw a card at the start of the next."),
}
JOLLY_TOO_LATE_YOU = N_("You discard your Jolly, but this is the last battle: there is no next battle to draw for.")


class Side(Record):
    """One player's cards and standing. Mutable, but only ever inside a fresh clone."""

    __slots__ = (
        "agility",
        "coins",
        "deck",
        "discard",
        "hand",
        "jolly",
        "kept",
        "mulligans",
        "passed",
        "rows",
    )
    FIELDS = (
        card_list("hand", french_cards),
        card_list("deck", french_cards),
        card_list("discard", french_cards),
        Field("rows", lambda rows: {row: placed[:] for row, placed in rows.items()}, rows_json, load=read_rows),
        shared("coins", number(0, 2 * COINS)),
        shared("jolly", choice(("ready", "active", "used"))),
        shared("passed", flag),
        shared("agility", flag),
        shared("mulligans", choice(range(MULLIGANS + 1))),
        shared("kept", flag),
    )

    def __init__(self) -> None:
        self.hand: list[Card] = []
        self.deck: list[Card] = []  # index 0 is the top
        self.discard: list[Card] = []
        self.rows: dict[str, list[Placed]] = {row: [] for row in ROWS}
        self.coins = COINS
        self.jolly = "ready"  # ready | active (this battle) | used
        self.passed = False
        self.agility = False
        self.mulligans = 0  # cards changed before the war (NAP-2)
        self.kept = False  # done with the mulligan

    def draw(self, count: int) -> list[Card]:
        """NAP-18: cards that would come from an empty deck are simply not drawn."""
        drawn, self.deck = self.deck[:count], self.deck[count:]
        self.hand += drawn
        return drawn


class NapoletanaState(State):
    # Each side's field total, remembered once the state is finished (a search asks for it again and again).
    # None while a state is being made, when rows still change; ``play_unchecked`` and ``determinize`` turn it on.
    _totals: dict[str, int] | None = None
    FIELDS = (
        Field("game", dump=None),
        shared("seed"),
        shared("phase", choice(("mulligan", "battle", "heal", "over"))),
        shared("turn", choice(lambda state: (None,) if state.phase == "over" else PLAYERS)),
        shared("battle", choice(range(1, BATTLES + 1))),
        shared("starter", choice(PLAYERS)),
        Field("battles", list.copy, each(views.battle_json), load=listed(views.read_battle)),
        RESULT,
        EVENTS,
        records("sides", by_player(record_of(Side))),
        cache("_totals"),
    )

    def __init__(self, game: Napoletana, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.sides = {player: Side() for player in PLAYERS}
        self.phase = "mulligan"  # mulligan | battle | heal | over
        self.turn: str | None = RED
        self.battle = 1
        self.starter = RED
        self.battles: list[dict[str, Any]] = []  # what each finished battle came to, for the score table
        self._events: tuple[Event, ...] = ()
        self._result: Result | None = None

    # -- the protocol --------------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    @property
    def to_move(self) -> str | None:
        return self.turn

    @property
    def on_turn(self) -> str:
        """The side to move, in a war that is not over (the engine's own moves need one; ``to_move`` is None at the
        end)."""
        assert self.turn is not None, "the war is over: nobody is to move"
        return self.turn

    def _check(self, move: Move) -> Verdict:
        return verdict(self, move)

    def candidate_moves(self) -> list[Move]:
        if self.phase == "over":
            return []
        side = self.sides[self.on_turn]
        if self.phase == "mulligan":
            return [Move("keep")] + [Move("mulligan", str(card)) for card in side.hand]
        if self.phase == "heal":
            heals = [Move("heal", str(card), zone) for card in side.discard for zone in candidate_zones(card)]
            return [*heals, Move("skip")]
        moves = [Move("pass"), Move("jolly")]
        for card in side.hand:
            for zone in candidate_zones(card):
                if card.rank == "K" and zone == "front":
                    moves += [Move("play", str(card), zone, "horde"), Move("play", str(card), zone, "order")]
                else:
                    moves.append(Move("play", str(card), zone))
        return moves

    # -- making a move ------------------------------------------------------------------------------------

    def play_unchecked(self, move: Move) -> NapoletanaState:
        new = self.clone()
        new._events = ()
        log: list[Event] = []
        player = new.on_turn
        side, name = new.sides[player], side_name(player)
        if move.action == "keep":
            side.kept = True
            log.append(
                Event("keep", _("{name} keeps its hand.", name=name), "NAP-2", player, you=_("You keep your hand."))
            )
            new._after_mulligan(log)
        elif move.action == "mulligan":
            card = card_of(move.card)
            side.hand.remove(card)
            side.deck.append(card)
            drawn = side.draw(1)
            side.mulligans += 1
            log.append(
                Event("mulligan", _("{name} changes a card.", name=name), "NAP-2", player, you=_("You change a card."))
            )
            log.append(
                Event(
                    "mulligan",
                    _(
                        "You put {card} under your deck and draw {drawn}.",
                        card=card.short,
                        drawn=cards_text(drawn),
                    ),
                    "NAP-2",
                    player,
                    only=player,
                )
            )
            side.kept = side.mulligans == MULLIGANS
            new._after_mulligan(log)
        elif move.action == "jolly":  # NAP-16: a free action, the turn stays
            side.jolly = "active"
            side.discard.append(JOLLY[player])
            late = new.battle == BATTLES and player == RED
            effect, yours = (JOLLY_TOO_LATE, JOLLY_TOO_LATE_YOU) if late else (JOLLY_EFFECT[player], JOLLY_YOU[player])
            log.append(Event("jolly", _(effect), "NAP-16", player, you=_(yours)))
        elif move.action == "pass":
            new._pass(player, log)
            new._next_turn(log)
        elif move.action == "skip":
            log.append(
                Event("heal", _("{name} does not heal.", name=name), "NAP-13", player, you=_("You do not heal."))
            )
            new.phase = "battle"
            new._next_turn(log)
        else:  # play or heal, checked legal: the move names its card and where it goes
            assert move.zone is not None
            card = card_of(move.card)
            (side.hand if move.action == "play" else side.discard).remove(card)
            new._place(card, move.zone, move.option, log)
            if new.phase != "heal":
                new._next_turn(log)
        new._events = tuple(log)
        new._totals = {}
        return new

    def _after_mulligan(self, log: list[Event]) -> None:
        if not self.sides[self.on_turn].kept:
            return
        if self.turn == RED:
            self.turn = BLACK
        else:  # NAP-3: Red starts battle 1
            self.phase, self.turn = "battle", RED
            log.append(battle_begins(self))
            self._skip_empty_hands(log)

    def _place(self, card: Card, zone: str, option: str | None, log: list[Event]) -> None:
        player = self.on_turn
        side, name = self.sides[player], side_name(player)
        if self.phase == "heal":
            text = _("{name}'s Queen heals {card}.", name=name, card=card.short)
            log.append(Event("heal", text, "NAP-13", player, you=_("Your Queen heals {card}.", card=card.short)))
        self.phase = "battle"
        role = role_of(card, zone, option)
        placed = Placed(card, role, player)
        if role == "spy":  # NAP-9
            self.sides[other(player)].rows["front"].append(placed)
            drawn = side.draw(2)
            opponent = side_name(other(player))
            n = len(drawn)
            text = ngettext(
                "{name} places {card} as a spy on {opponent}'s front row and draws {n} card.",
                "{name} places {card} as a spy on {opponent}'s front row and draws {n} cards.",
                n,
                name=name,
                card=card.short,
                opponent=opponent,
            )
            yours = ngettext(
                "You place {card} as a spy on {opponent}'s front row and draw {n} card.",
                "You place {card} as a spy on {opponent}'s front row and draw {n} cards.",
                n,
                card=card.short,
                opponent=opponent,
            )
            theirs = ngettext(  # as the side the spy is placed on reads it
                "{name} places {card} as a spy on your front row and draws {n} card.",
                "{name} places {card} as a spy on your front row and draws {n} cards.",
                n,
                name=name,
                card=card.short,
            )
            data = {"card": str(card), "zone": f"{other(player)}.front"}
            log.append(Event("place", text, "NAP-9", player, data=data, you=yours, others={other(player): theirs}))
            if drawn:
                log.append(Event("draw", _("You draw {cards}.", cards=cards_text(drawn)), "NAP-9", player, only=player))
            return
        row = side.rows[zone]
        row.append(placed)
        rule, message = PLACED[role]
        text = _(message, name=name, card=card.short, row=_(ROW_NAMES[zone]))
        yours = _(PLACED_YOU[role], card=card.short, row=_(ROW_NAMES[zone]))
        log.append(Event("place", text, rule, player, data={"card": str(card), "zone": f"{player}.{zone}"}, you=yours))
        if army_size(row, placed) > 1:
            log.append(
                Event(
                    "army",
                    _(
                        "An army of {n} cards of value {rank}: each is worth {value}.",
                        n=army_size(row, placed),
                        rank=card.rank,
                        value=row_values(row)[-1],
                    ),
                    "NAP-8",
                    player,
                )
            )
        if role == "agility":  # NAP-15
            side.agility = True
        elif role == "burn":
            self._burn(log)
        elif card.rank == "Q" and any(c.number for c in side.discard):
            self.phase = "heal"  # NAP-13: the same player now decides what to heal
            log.append(
                Event(
                    "heal",
                    _("{name}'s Queen may heal a card from its discard pile.", name=name),
                    "NAP-13",
                    player,
                    you=_("Your Queen may heal a card from your discard pile."),
                )
            )

    def _burn(self, log: list[Event]) -> None:
        """NAP-14: every non-figure card at the highest current value goes, both sides, ties included."""
        values = self.field_values()
        targets = [(side, row, placed, value) for (side, row, placed, value) in values if not placed.card.is_figure]
        if not targets:
            log.append(Event("burn", _("Burn finds no card to destroy."), "NAP-14", self.turn))
            return
        top = max(value for *_rest, value in targets)
        burned = [placed for (side, row, placed, value) in targets if value == top]
        for side, row, placed, value in targets:
            if value == top:
                self.sides[side].rows[row].remove(placed)
                self.sides[placed.owner].discard.append(placed.card)
        log.append(
            Event(
                "burn",
                _(
                    "Burn destroys {cards} (worth {value}).",
                    cards=cards_text(p.card for p in burned),
                    value=top,
                ),
                "NAP-14",
                self.turn,
                data={"cards": [str(p.card) for p in burned]},
            )
        )

    def _pass(self, player: str, log: list[Event], empty: bool = False) -> None:
        self.sides[player].passed = True
        name = side_name(player)
        text = _("{name} has no card left and passes.", name=name) if empty else _("{name} passes.", name=name)
        yours = _("You have no card left and pass.") if empty else _("You pass.")
        log.append(Event("pass", text, "NAP-4", player, you=yours))

    def _next_turn(self, log: list[Event]) -> None:
        """NAP-4: turns alternate; a player who passed is skipped; both passed ends the battle."""
        opponent = other(self.on_turn)
        if not self.sides[opponent].passed:
            self.turn = opponent
        self._skip_empty_hands(log)

    def _skip_empty_hands(self, log: list[Event]) -> None:
        while not self.sides[self.on_turn].passed and not self.sides[self.on_turn].hand:
            self._pass(self.on_turn, log, empty=True)
            if not self.sides[other(self.on_turn)].passed:
                self.turn = other(self.on_turn)
        if all(side.passed for side in self.sides.values()):
            end_battle(self, log)

    # -- what can be seen ---------------------------------------------------------------------------------

    def field_values(self) -> list[tuple[str, str, Placed, int]]:
        """Every card on the field as (side, row, placed card, current value)."""
        return [
            (player, row, placed, value)
            for player, side in self.sides.items()
            for row, cards in side.rows.items()
            for placed, value in zip(cards, row_values(cards), strict=True)
        ]

    def row_total(self, player: str, row: str) -> int:
        return sum(row_values(self.sides[player].rows[row]))

    def total(self, player: str) -> int:
        totals = self._totals
        if totals is not None and player in totals:
            return totals[player]
        total = sum(sum(row_values(cards)) for cards in self.sides[player].rows.values())
        if totals is not None:
            totals[player] = total
        return total

    def _view(self, player: str | None) -> dict[str, Any]:
        return views.view(self, player)

    def label(self, move: Move) -> Message:
        return views.label(self, move)

    # -- hidden information --------------------------------------------------------------------------------

    def determinize(self, player: str, seed: int) -> NapoletanaState:
        """Redraw what ``player`` cannot see: the order of both decks, and which unseen cards the opponent holds."""
        new = self.clone()
        new.seed = seed  # the true seed deals the true decks
        new._events = tuple(event for event in self._events if event.only in (None, player))
        mine, theirs = new.sides[player], new.sides[other(player)]
        # Sorted before shuffling, so the worlds depend only on what ``player`` sees (search bots rely on it).
        mine.deck = shuffled(sorted(mine.deck), seed, "own deck")
        unseen = shuffled(sorted(theirs.hand + theirs.deck), seed, "their cards")
        theirs.hand, theirs.deck = unseen[: len(theirs.hand)], unseen[len(theirs.hand) :]
        new._totals = {}
        return new

    def __repr__(self) -> str:
        totals = ", ".join(f"{side_name(p)} {self.total(p)}" for p in PLAYERS)
        return f"<NapoletanaState battle {self.battle}, {self.phase}, {self.turn or 'over'} to move: {totals}>"
