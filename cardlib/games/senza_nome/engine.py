"""Senza Nome: a race to bury a 10-card stock in shared suit runs, with Kings and jokers wild (seed 002,
SNO-1..9).

The state is a value: ``play`` clones the position and lets small private methods change the clone. Moves
that combine in the seed (draw several, attach several) are single steps here, so that each is checked and
explained. Forced moves (SNO-5: every Ace after the draw, an Ace on top of the stock) are not played for the
learner: they become the only legal moves, so laying an Ace is something the learner does and the tutor can
refuse anything else with SNO-5.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.core import Card, Event, Move, Result, State, Verdict
from cardlib.core.cards import french_deck
from cardlib.core.fields import EVENTS, RESULT, Field, Record, card_list, lists_of_cards, records, shared
from cardlib.core.i18n import N_, Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_pgettext as pgettext
from cardlib.core.protocol import LARGEST_ZONE_NUMBER, player_name, zone_number
from cardlib.core.rng import shuffled
from cardlib.core.serial import by_player, checked, choice, french_cards, listed, number, record_of

from . import views
from .legality import verdict
from .rules import HAND_SIZE, NEW_RUN, STALE_LIMIT, STOCK_SIZE, seats
from .runs import Run, is_wild, parse_card, set_aside_problem, value_name
from .turns import after_play, next_turn, start_play, stuck, win

if TYPE_CHECKING:
    from .game import SenzaNome

DRAW_ZONES = ("deck", "discard")
STOCK_LIMIT = f"a stock holds at most {STOCK_SIZE} cards (SNO-2)"


def full_deck(decks: int) -> list[Card]:
    """SNO-1: ``decks`` French decks with 2 jokers each; copies are told apart (7H, 7H.1, 7H.2)."""
    return [card for copy in range(decks) for card in french_deck(jokers="RB", copy=copy)]


def run_id(zone: str | None) -> int | None:
    """``run:3`` -> 3; anything else -> None."""
    return zone_number(zone, "run")


class Side(Record):
    """One player's cards. ``stock[0]`` is the top card, face up; the rest lie face down."""

    __slots__ = ("hand", "stock")
    FIELDS = (
        card_list("hand", french_cards),
        card_list("stock", checked(french_cards, lambda stock: STOCK_LIMIT if len(stock) > STOCK_SIZE else None)),
    )

    def __init__(self, hand: list[Card] | None = None, stock: list[Card] | None = None) -> None:
        self.hand, self.stock = hand or [], stock or []


class SenzaNomeState(State):
    __slots__ = (
        "_events",
        "_result",
        "decks",
        "discard",
        "draw",
        "idle",
        "next_run",
        "order",
        "phase",
        "reshuffles",
        "runs",
        "seed",
        "set_aside",
        "sides",
        "stale",
        "strict_finish",
        "to_draw",
        "turn",
    )

    FIELDS = (
        Field("game", dump=None),
        shared("seed"),
        Field("order", dump=len, key="players"),
        shared("decks"),
        shared("strict_finish"),
        shared("turn", choice(lambda state: (None, *state.order))),
        shared("phase", choice(("draw", "play", "over"))),
        shared("to_draw", choice(range(HAND_SIZE + 1))),
        # the run a new Ace starts, named by moves as run:N (a game makes far fewer: SNO-8 ends a race that is stuck)
        shared("next_run", number(1, LARGEST_ZONE_NUMBER)),
        shared("reshuffles", number()),
        shared("idle", choice(lambda state: range(len(state.order) + 1))),  # all of them: the game is over
        shared("stale", choice(range(STALE_LIMIT + 1))),
        records("sides", by_player(record_of(Side))),
        records("runs", listed(record_of(Run))),
        lists_of_cards("set_aside", listed(checked(french_cards, set_aside_problem))),
        card_list("discard", french_cards),
        card_list("draw", french_cards),
        EVENTS,
        RESULT,
    )

    def __init__(self, game: SenzaNome, seed: int, players: int, decks: int, strict_finish: bool) -> None:
        self.game, self.seed = game, seed
        self.order = seats(players)
        self.decks, self.strict_finish = decks, strict_finish
        self.sides = {player: Side() for player in self.order}
        self.turn: str | None = self.order[0]
        self.phase = "draw"  # draw | play | over
        self.to_draw = 0  # cards still to draw this turn (SNO-4)
        self.draw: list[Card] = []  # index 0 is the top
        self.discard: list[Card] = []  # the last is the top
        self.runs: list[Run] = []
        self.set_aside: list[list[Card]] = []  # completed runs, back in the next reshuffle (SNO-3, SNO-8)
        self.next_run = 1
        self.reshuffles = 0
        self.idle = 0  # turns in a row in which nobody could draw or play (SNO-8's house ruling)
        self.stale = 0  # reshuffles since a stock card was last buried (SNO-8's house ruling)
        self._events: tuple[Event, ...] = ()
        self._result: Result | None = None

    # -- the protocol --------------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.order

    @property
    def to_move(self) -> str | None:
        return self.turn

    @property
    def on_turn(self) -> str:
        """The player to move, in a game that is not over (the engine's own moves and rules need one; ``to_move`` is
        None at the end)."""
        assert self.turn is not None, "the game is over: nobody is to move"
        return self.turn

    def candidate_moves(self) -> list[Move]:
        if self.phase == "over":
            return []
        moves = [Move("draw", zone=zone) for zone in DRAW_ZONES]
        if self.phase == "draw":
            return moves
        # Worth proposing: every card to a new run (so any card can be picked up, and a click on a run it does
        # not fit still becomes a move that check refuses with its rule), to the runs it fits, a swap where a
        # wild stands for it, and the discard. ``check`` decides.
        side = self.sides[self.on_turn]
        for card in [*side.hand, *side.stock[:1]]:
            moves.append(Move("play", str(card), NEW_RUN))
            moves += [Move("play", str(card), run.zone) for run in self.runs if run.fits(card)]
            moves += [Move("swap", str(card), run.zone) for run in self.runs if run.wild_for(card) is not None]
            moves.append(Move("discard", str(card)))
        return [*moves, Move("end")]

    def _check(self, move: Move) -> Verdict:
        return verdict(self, move)

    def legal_moves(self) -> list[Move]:
        """The candidates ``check`` allows, in the same order, found without asking it of each: a search asks
        this of every position it plays through, and a verdict per candidate (with its refusal's sentence) was 40 %
        of a hard decision. ``tests/senza_nome/test_properties.py`` holds the two to the same list."""
        if self.phase == "over":
            return []
        if self.phase == "draw":
            return [move for move in (Move("draw", zone=zone) for zone in DRAW_ZONES) if self.check(move)]
        side = self.sides[self.on_turn]
        cards = [*side.hand, *side.stock[:1]]
        if any(card.rank == "A" for card in cards):  # SNO-5: the Aces first, and nothing else
            return [Move("play", str(card), NEW_RUN) for card in cards if card.rank == "A"]
        moves = []
        for card in cards:
            name, from_hand = str(card), card not in side.stock[:1]  # as check reads it: a card on the stock's top
            fitting = [run for run in self.runs if run.fits(card)]
            moves += [Move("play", name, run.zone) for run in fitting]
            if from_hand and not is_wild(card):
                moves += [Move("swap", name, run.zone) for run in self.runs if run.wild_for(card) is not None]
            if from_hand and not fitting:  # SNO-7: only a card that fits no run (a wild fits every run)
                moves.append(Move("discard", name))
        return [*moves, Move("end")] if not side.hand else moves

    # -- what the rules read -------------------------------------------------------------------------------

    def run(self, zone: str | None) -> Run | None:
        number = run_id(zone)
        return next((run for run in self.runs if run.id == number), None)

    def aces_to_lay(self) -> list[Card]:
        """SNO-5: the Aces the player to move must lay now (in hand, or on top of its stock)."""
        if self.phase != "play":
            return []
        side = self.sides[self.on_turn]
        return [card for card in [*side.hand, *side.stock[:1]] if card.rank == "A"]

    def _drawable(self) -> bool:
        return bool(self.draw or self.discard or self.set_aside)

    # -- making a move ------------------------------------------------------------------------------------

    def play_unchecked(self, move: Move) -> SenzaNomeState:
        new = self.clone()
        new.idle = 0
        log: list[Event] = []
        if move.action == "draw":
            new._draw(move.zone, log)
        elif move.action == "end":
            text = _("{name} ends the turn.", name=player_name(new.on_turn))
            log.append(Event("end", text, "SNO-7", new.turn, you=_("You end your turn.")))
            next_turn(new, log)
        elif move.action == "discard":
            new._discard(parse_card(move.card), log)
        else:
            card = parse_card(move.card)
            if move.action == "swap":
                run = new.run(move.zone)
                assert run is not None  # checked legal: a swap or an attach names a run on the table
                new._swap(card, run, log)
            elif move.zone == NEW_RUN:
                new._lay_ace(card, log)
            else:
                run = new.run(move.zone)
                assert run is not None
                new._attach(card, run, log)
            after_play(new, log)
        new._events = tuple(log)
        return new

    def _draw(self, zone: str | None, log: list[Event]) -> None:
        player, side = self.on_turn, self.sides[self.on_turn]
        name = player_name(player)
        if zone == "discard":  # SNO-4: the top card, the most recent discard
            card = self.discard.pop()
            side.hand.append(card)
            text = pgettext("senza_nome", "{name} takes {card.the} from the discard pile.", name=name, card=card.short)
            yours = pgettext("senza_nome", "You take {card.the} from the discard pile.", card=card.short)
            log.append(Event("draw", text, "SNO-4", player, data={"card": str(card)}, you=yours))
        else:
            if not self.draw and self.stale >= STALE_LIMIT:
                reason = _("The draw pile runs out again and no stock card was buried since the last shuffles.")
                stuck(self, reason, log)
                return
            if not self.draw:
                self._reshuffle(log)
            card = self.draw.pop(0)
            side.hand.append(card)
            text = _("{name} draws a card from the draw pile.", name=name)
            log.append(Event("draw", text, "SNO-4", player, you=_("You draw a card from the draw pile.")))
            text = _("You draw {card.a}.", card=card.short)
            log.append(Event("draw", text, "SNO-4", player, only=player, data={"card": str(card)}))
        self.to_draw -= 1
        if not self.to_draw or not self._drawable():
            self.to_draw = 0
            start_play(self, log)

    def _reshuffle(self, log: list[Event]) -> None:
        """SNO-8: the discards and the completed runs set aside become a new draw pile."""
        self.reshuffles += 1
        self.stale += 1
        cards = self.discard + [card for run in self.set_aside for card in run]
        self.draw = shuffled(cards, self.seed, "reshuffle", self.reshuffles)
        self.discard, self.set_aside = [], []
        text = _("The draw pile is empty: the discards and the completed runs are shuffled into a new one.")
        log.append(Event("reshuffle", text, "SNO-8"))

    def _take(self, card: Card) -> bool:
        """Take ``card`` from the hand or the stock of the player to move; True if it came from the stock."""
        side = self.sides[self.on_turn]
        if card in side.hand:
            side.hand.remove(card)
            return False
        side.stock.pop(0)
        self.stale = 0
        return True

    def _lay_ace(self, card: Card, log: list[Event]) -> None:
        from_stock = self._take(card)
        self.runs.append(Run(self.next_run, [card]))
        self.next_run += 1
        name = player_name(self.on_turn)
        if from_stock:
            text = _("{name} lays {card} from its stock as a new run.", name=name, card=card.short)
            yours = _("You lay {card} from your stock as a new run.", card=card.short)
        else:
            text = _("{name} lays {card} as a new run.", name=name, card=card.short)
            yours = _("You lay {card} as a new run.", card=card.short)
        data = {"card": str(card), "zone": f"run:{self.next_run - 1}"}
        log.append(Event("lay", text, "SNO-5", self.turn, data=data, you=yours))
        if from_stock:
            self._turn_up(log)

    def _attach(self, card: Card, run: Run, log: list[Event]) -> None:
        from_stock = self._take(card)
        run.cards.append(card)
        name, suit, value = player_name(self.on_turn), run.symbol, value_name(len(run.cards))
        if from_stock and is_wild(card):
            text = N_("{name} attaches {card.the} from its stock to the {suit} run as {value}.")
            yours = N_("You attach {card.the} from your stock to the {suit} run as {value}.")
        elif from_stock:
            text = N_("{name} attaches {card.the} from its stock to the {suit} run.")
            yours = N_("You attach {card.the} from your stock to the {suit} run.")
        elif is_wild(card):
            text = N_("{name} attaches {card.a} to the {suit} run as {value}.")
            yours = N_("You attach {card.a} to the {suit} run as {value}.")
        else:
            text = N_("{name} attaches {card.a} to the {suit} run.")
            yours = N_("You attach {card.a} to the {suit} run.")
        fields = {"card": card.short, "suit": suit, "value": value}
        data = {"card": str(card), "zone": run.zone}
        log.append(Event("attach", _(text, name=name, **fields), "SNO-6", self.turn, data=data, you=_(yours, **fields)))
        if run.complete:  # SNO-3
            self.runs.remove(run)
            self.set_aside.append(run.cards)
            log.append(Event("complete", _("The {suit} run reaches the Queen and is set aside.", suit=suit), "SNO-3"))
        if from_stock:
            self._turn_up(log)

    def _turn_up(self, log: list[Event]) -> None:
        name, stock = player_name(self.on_turn), self.sides[self.on_turn].stock
        if stock:
            text = _("{name}'s next stock card turns up: {card.the}.", name=name, card=stock[0].short)
            yours = _("Your next stock card turns up: {card.the}.", card=stock[0].short)
        else:
            text, yours = _("{name}'s stock is empty.", name=name), _("Your stock is empty.")
        log.append(Event("stock", text, "SNO-6", self.turn, you=yours))

    def _swap(self, card: Card, run: Run, log: list[Event]) -> None:
        side = self.sides[self.on_turn]
        index = run.wild_for(card)
        assert index is not None  # checked legal: a wild in the run stands for the card
        wild = run.cards[index]
        side.hand.remove(card)
        run.cards[index] = card
        side.hand.append(wild)
        text = _(
            "{name} puts {card} in the {suit} run in place of {wild.the} and takes it into its hand.",
            name=player_name(self.on_turn),
            card=card.short,
            suit=run.symbol,
            wild=wild.short,
        )
        yours = _(
            "You put {card} in the {suit} run in place of {wild.the} and take it into your hand.",
            card=card.short,
            suit=run.symbol,
            wild=wild.short,
        )
        log.append(Event("swap", text, "SNO-6", self.turn, data={"card": str(card), "zone": run.zone}, you=yours))

    def _discard(self, card: Card, log: list[Event]) -> None:
        player, side = self.on_turn, self.sides[self.on_turn]
        side.hand.remove(card)
        self.discard.append(card)
        text = _("{name} discards {card.a}.", name=player_name(player), card=card.short)
        yours = _("You discard {card.a}.", card=card.short)
        log.append(Event("discard", text, "SNO-7", player, data={"card": str(card)}, you=yours))
        if not side.stock and not side.hand:
            if not self.strict_finish:
                win(self, log)
                return
            text = _(
                "Strict finish: the last card must be attached, so {name} has not won yet.", name=player_name(player)
            )
            yours = _("Strict finish: the last card must be attached, so you have not won yet.")
            log.append(Event("strict", text, "SNO-9", player, you=yours))
        next_turn(self, log)

    # -- what can be seen ---------------------------------------------------------------------------------

    def _view(self, player: str | None) -> dict[str, Any]:
        return views.view(self, player)

    def label(self, move: Move) -> Message:
        return views.label(self, move)

    # -- hidden information --------------------------------------------------------------------------------

    def determinize(self, player: str, seed: int) -> SenzaNomeState:
        """Redraw what ``player`` cannot see: other hands, every face-down stock card, the draw pile's order."""
        new = self.clone()
        new.seed = seed  # the true seed would predict the draw pile after the next reshuffle
        new._events = tuple(event for event in self._events if event.only in (None, player))
        others = [who for who in self.order if who != player]
        unseen = [card for who in others for card in new.sides[who].hand]
        unseen += [card for side in new.sides.values() for card in side.stock[1:]] + new.draw
        # Sorted before shuffling, so the worlds depend only on what ``player`` sees (search bots rely on it).
        unseen = shuffled(sorted(unseen), seed, "unseen")
        for who in others:
            side = new.sides[who]
            side.hand, unseen = unseen[: len(side.hand)], unseen[len(side.hand) :]
        for side in new.sides.values():
            hidden = len(side.stock) - 1
            if hidden > 0:
                side.stock, unseen = side.stock[:1] + unseen[:hidden], unseen[hidden:]
        new.draw = unseen
        return new

    def __repr__(self) -> str:
        stocks = ", ".join(f"{player} {len(side.stock)}" for player, side in self.sides.items())
        return f"<SenzaNomeState {self.phase}, {self.turn or 'over'} to move; stocks {stocks}>"
