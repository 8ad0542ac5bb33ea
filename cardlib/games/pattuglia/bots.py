"""A Pattuglia bot for 1 to 3 opponents: it lays a patrol as soon as its hand holds one, grows the patrol nearest to
complete (Captain first), puts a Nurse and a Mechanic on the table so its Medical Bags and Tools can answer, attacks
the leader's best patrol, answers every attack it can, and discards what helps it least.

It reads only what its seat sees: its own hand, New patrol and Arsenal, and the table.
"""

from __future__ import annotations

from collections import Counter

from cardlib.core import Move
from cardlib.core.bots import Bot, Decision
from cardlib.core.i18n import Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.protocol import player_name
from cardlib.core.search import margins, strengths

from .cards import ATTACKS, DECK, info, patrol_colour
from .engine import PattugliaState
from .legality import card_of
from .patrols import Patrol, new_patrol_problem, takes
from .rules import COMPLETE_BONUS, DECK_ZONE, DISCARD, NEW
from .words import card_name


def _target(state: PattugliaState, move: Move) -> tuple[str, Patrol]:
    """The owner and the patrol named by a legal attack, or by a legal lay on a patrol."""
    owner, patrol = state.patrol(move.zone)
    assert owner is not None and patrol is not None, f"'{move}' names no patrol on the table"
    return owner, patrol


class PattugliaBot(Bot[PattugliaState]):
    name = "heuristic"
    # What a card that fits no patrol of its own is worth keeping, by kind (Captain, Soldier, Cannon), and how many
    # cards of its colour in hand add 2 each to that: the discard is the card worth least (see ``_worth``).
    KEEP = {"C": 3, "S": 3, "K": 1}
    SAME_COLOUR = 3

    def decide(self, state: PattugliaState, player: str) -> Decision:
        moves = state.legal_moves()
        if state.phase == "defend":
            saves = [move for move in moves if move.action == "save"]
            if saves:
                return Decision(saves[0], _("Answer the attack: each Medical Bag or Tools card saves one of yours."))
            return Decision(Move("take"), _("Nothing you hold can save these cards: take the losses."))
        if state.phase in ("draw", "refill"):
            return self._draw(state, player, moves)
        side = state.sides[player]
        gathering = {info(card).colour for card in side.forming} - {None}
        plan = self._plan(side.hand + side.forming, prefer=next(iter(gathering), None))
        if side.forming:
            if Move("form") in moves and (plan is None or not set(plan) - set(side.forming)):
                return Decision(Move("form"), _("Your new patrol is ready: lay it on the table."))
            stray = [card for card in side.forming if plan is None or card not in plan]
            if stray:
                return Decision(Move("back", stray[0]), self._why_back(plan, stray[0]))
            assert plan is not None  # with no plan every gathered card was stray, and one went back above
            missing = [Move("lay", card, NEW) for card in plan if card not in side.forming]
            if missing[0] in moves:
                return Decision(missing[0], _("Gather the cards of a new patrol: this one belongs to it."))
            # the rules refuse the next card of the plan: their own words say why
            return Decision(Move("back", side.forming[0]), state.check(missing[0]).reason)
        if plan is not None:
            return Decision(Move("lay", plan[0], NEW), _("Your hand holds a whole patrol: start laying it."))
        grow = self._grow(state, player, moves)
        if grow:
            return grow
        attack = self._attack(state, player, moves)
        if attack:
            return attack
        discards = [move for move in moves if move.action == "discard"]
        if side.closer and len(side.hand) == 1:
            return Decision(discards[0], _("Discard your last card: with a Complete Patrol that closes the deal."))
        worst = min(discards, key=lambda move: self._worth(state, player, card_of(move)))
        return Decision(worst, self._why_discard(state, player, card_of(worst)))

    # -- drawing ------------------------------------------------------------------------------------------

    def _draw(self, state: PattugliaState, player: str, moves: list[Move]) -> Decision:
        deck, take = Move("draw", zone=DECK_ZONE), Move("draw", zone=DISCARD)
        if take not in moves:  # not open to this player yet, or empty (PAT-5): the rules' own words say which
            return Decision(deck, state.check(take).reason)
        top = state.discard[-1]
        if self._worth(state, player, top) >= 6:
            return Decision(take, self._why_take(state, player, top))
        # worth less than a card that fits a patrol (see ``_worth``)
        return Decision(deck, _("The top discard fits none of your patrols: draw from the deck."))

    def _why_take(self, state: PattugliaState, player: str, card: str) -> Message:
        """Why the top discard is worth taking (``_worth`` 6 or more): the facts that make it so."""
        side = state.sides[player]
        if info(card).arsenal:
            return _("The top discard is an Arsenal card: take it, it goes to your Arsenal.")
        if any(takes(patrol, card) is None for patrol in side.patrols):
            return _("The top discard fits one of your patrols: take it.")
        same = sum(info(other).colour == info(card).colour for other in side.hand)
        return ngettext(
            "The top discard is the colour of {n} card in your hand: take it towards a new patrol.",
            "The top discard is the colour of {n} cards in your hand: take it towards a new patrol.",
            same,
        )

    # -- building -----------------------------------------------------------------------------------------

    @staticmethod
    def _plan(cards: list[str], prefer: str | None = None) -> list[str] | None:
        """The biggest new patrol these cards make (PAT-6): one colour, Captain first, Cannons up to the Soldiers,
        and a Nurse and a Mechanic if at hand, but one card fewer than ``cards`` (the turn ends with a discard,
        PAT-5); None if none can be laid. Of two as big, the one of colour ``prefer`` (a patrol being gathered)."""
        best = None
        cards = sorted(cards, key=DECK.index)  # the same plan wherever the cards lie, so gathering never flip-flops
        for colour in ("red", "yellow", "green", "blue"):
            mine = [card for card in cards if info(card).colour == colour]
            by = {code: [card for card in mine if info(card).code == code] for code in "CSK"}
            plan = by["C"][:1] + by["S"] + by["K"][: len(by["S"])]
            bigger = best is None or len(plan) > len(best) or (len(plan) == len(best) and colour == prefer)
            if new_patrol_problem(plan) is None and bigger:
                best = plan
        if best is None:
            return None
        support = [next((card for card in cards if info(card).code == code), None) for code in "NM"]
        # a plan as big as the hand was never laid, and two such bots took the top discard and threw it back
        # forever (seeded game 92): the last cards (support, then Cannons) wait for a later turn instead
        plan = (best + [card for card in support if card])[: len(cards) - 1]
        return plan if new_patrol_problem(plan) is None else None

    @staticmethod
    def _why_back(plan: list[str] | None, card: str) -> Message:
        """Why a card gathered for a new patrol goes back to the hand: the plan leaves it out."""
        if plan is None:
            return _("Your cards cannot make a new patrol and keep one to discard: take this card back.")
        colour = info(card).colour
        planned = {each_colour for each in plan if (each_colour := info(each).colour) is not None}
        # A plan of another colour: the card's colour makes no patrol. Two patrols of 3 cards or more, one bigger,
        # are 7 cards, one more than a player holds in hand and New patrol (PAT-5), and of two as big ``_plan``
        # takes the colour being gathered.
        if colour is not None and colour not in planned:
            return _(
                "Your cards can make a {colour} patrol, but not one of this card's colour: take it back.",
                colour=patrol_colour(planned.pop()),
            )
        return _("The new patrol planned with your cards leaves this one out: take it back.")

    def _grow(self, state: PattugliaState, player: str, moves: list[Move]) -> Decision | None:
        lays = [move for move in moves if move.action == "lay" and move.zone != NEW]
        if not lays:
            return None
        size = state.complete_size

        def priority(move: Move) -> tuple:
            _owner, patrol = _target(state, move)
            code = info(card_of(move)).code
            return (code == "C", code in "NM" and not state.sides[player].has(code), patrol.fighters, code == "S")

        best = max(lays, key=priority)
        _owner, patrol = _target(state, best)
        code = info(card_of(best)).code
        if code == "C":
            return Decision(best, _("A Captain on top is what a Complete Patrol needs: add it."))
        if code == "N" and not state.sides[player].has("N"):
            return Decision(
                best, _("With a Nurse in one of your patrols, your Medical Bags can save Soldiers: add it.")
            )
        if code == "M" and not state.sides[player].has("M"):
            return Decision(best, _("With a Mechanic in one of your patrols, your Tools can save Cannons: add it."))
        if patrol.complete(size) or code in "NM":  # a Nurse or a Mechanic scores, but counts to no size (PAT-6)
            return Decision(best, _("Every card in a patrol scores: add it."))
        return Decision(best, _("This card brings your patrol closer to a Complete Patrol."))

    # -- attacking ----------------------------------------------------------------------------------------

    def _attack(self, state: PattugliaState, player: str, moves: list[Move]) -> Decision | None:
        attacks = [move for move in moves if move.action == "attack" and self._damage(state, move) > 0]
        if not attacks:
            return None
        opponents = [who for who in state.order if who != player]

        def standing(who: str) -> int:  # the match total and the patrols on the table (PAT-13)
            return state.sides[who].score + sum(p.points() for p in state.sides[who].patrols)

        leader = max(opponents, key=standing)

        def value(move: Move) -> tuple:
            owner, patrol = _target(state, move)
            return (owner == leader, patrol.complete(state.complete_size), self._damage(state, move), patrol.fighters)

        best = max(attacks, key=value)
        owner, _patrol = _target(state, best)
        damage = self._damage(state, best)
        ahead = all(standing(owner) > standing(who) for who in opponents if who != owner)
        if len(opponents) > 1 and owner == leader and ahead:
            text = ngettext(
                "Of your opponents, {name} has the most points, counting their patrols: this attack can destroy "
                "{n} point of theirs.",
                "Of your opponents, {name} has the most points, counting their patrols: this attack can destroy "
                "{n} points of theirs.",
                damage,
                name=player_name(owner),
            )
            return Decision(best, text)
        return Decision(
            best,
            ngettext(
                "This attack can destroy cards worth {n} point.",
                "This attack can destroy cards worth {n} points.",
                damage,
            ),
        )

    @staticmethod
    def _damage(state: PattugliaState, move: Move) -> int:
        _owner, patrol = _target(state, move)
        counts = patrol.count()
        kills = ATTACKS[info(card_of(move)).code]["kills"]
        # a kind the patrol holds none of (no last card) costs it nothing
        return sum(min(n, counts[code]) * info(last).points for code, n in kills.items() if (last := patrol.last(code)))

    # -- what a card is worth to keep ----------------------------------------------------------------------

    @staticmethod
    def _why_discard(state: PattugliaState, player: str, card: str) -> Message:
        """Why ``card`` is the one to discard (the least worth keeping, see ``_worth``), in facts of the position: no
        patrol of the player's takes it, it cannot start one, no other card of its colour is in hand."""
        side, name, code = state.sides[player], card_name(card), info(card).code
        if len(side.hand) == 1:
            return _("This is your last card: your turn ends with a discard.")
        fits = [other for other in side.hand if any(takes(patrol, other) is None for patrol in side.patrols)]
        if fits:  # a card that fits is laid before the discard: not a choice the heuristic leaves to it
            return _("Discard {card.the}: the hint keeps the others for your patrols.", card=name)
        if code in "NMK":  # a new patrol is 3 Soldiers, or a Captain and 2 Soldiers (PAT-6)
            if not side.patrols:
                return _(
                    "{card.The} cannot start a patrol, and you have none on the table for it to join: discard it.",
                    card=name,
                )
            return _("{card.The} fits none of your patrols and cannot start a new one: discard it.", card=name)
        alone = not any(info(other).colour == info(card).colour for other in side.hand if other != card)
        if alone and side.patrols:
            return _(
                "{card.The} fits none of your patrols and is the only card of its colour in your hand: discard it.",
                card=name,
            )
        if alone:
            return _(
                "{card.The} is the only card of its colour in your hand, and a new patrol needs three: discard it.",
                card=name,
            )
        if side.patrols:
            return _(
                "No card of your hand fits one of your patrols: discard {card.the} and keep the others for a new "
                "patrol.",
                card=name,
            )
        return _(
            "You have no patrol on the table yet: discard {card.the} and keep the others for a new one.", card=name
        )

    def _worth(self, state: PattugliaState, player: str, card: str) -> int:
        side = state.sides[player]
        card_info = info(card)
        if card_info.arsenal:
            return 10  # set aside at once (PAT-3): always welcome
        if any(takes(patrol, card) is None for patrol in side.patrols):
            return 8
        if card_info.code in "NM":
            return 5 if side.patrols else 3
        same = Counter(info(other).colour for other in side.hand)[card_info.colour]
        return self.KEEP[card_info.code] + 2 * min(same, self.SAME_COLOUR)


class Veteran(PattugliaBot):
    """The hard bot's player: the heuristic with the habits measured to win more of the races to a Complete Patrol that
    decide a deal (whoever closes nearly always wins it: docs/bots.md). It keeps Soldiers before Captains and Cannons (a
    patrol needs six fighters but only one Captain, and a Cannon waits for a Soldier), and counts no more than two cards
    of a colour in hand towards keeping another, so it does not hoard one colour at the expense of the Soldiers that
    start a patrol."""

    name = "veteran"
    KEEP = {"C": 3, "S": 4, "K": 0}
    SAME_COLOUR = 2


class Beginner(PattugliaBot):
    """The easy bot: a learner who fights first and plans never. It always draws from the deck, never looking at
    the discard pile; attacks whenever it can, with the first Arsenal card it holds against the first enemy patrol
    it can hurt (not the leader's best); lays a new patrol as soon as its hand holds one, as the heuristic does;
    adds any card that fits to the first patrol it fits, with no thought for the Captain or a Complete Patrol; and
    discards the card it has held longest. It answers attacks as the heuristic does. It reads what the heuristic
    reads: its own hand, New patrol and Arsenal, and the table."""

    name = "beginner"

    def decide(self, state: PattugliaState, player: str) -> Decision:
        moves = state.legal_moves()
        side = state.sides[player]
        deck = Move("draw", zone=DECK_ZONE)
        if state.phase in ("draw", "refill") and deck in moves:
            return Decision(deck, _("Draw from the deck."))
        if state.phase != "play" or side.forming:  # an attack to answer, or a patrol being gathered
            return super().decide(state, player)
        attacks = [move for move in moves if move.action == "attack" and self._damage(state, move) > 0]
        if attacks:
            return Decision(attacks[0], _("Attack whenever you can: this attack destroys points on the table."))
        if self._plan(side.hand) is not None:
            return super().decide(state, player)  # lay the new patrol
        lays = [move for move in moves if move.action == "lay" and move.zone != NEW]
        if lays:
            return Decision(lays[0], _("This card fits one of your patrols: add it."))
        discards = [move for move in moves if move.action == "discard"]
        if discards and not (side.closer and len(side.hand) == 1):
            card = card_name(card_of(discards[0]))
            return Decision(discards[0], _("Discard {card.the}: you have held it longest.", card=card))
        return super().decide(state, player)


def evaluate(state: PattugliaState) -> dict[str, float]:
    """For a rollout cut short: what each seat would score if the deal ended now (PAT-13: the match total, the
    cards in its patrols and 10 for each Complete Patrol), as a lead over the others (a patrol is worth some 15)."""
    size = state.complete_size
    return margins(
        {
            player: side.score
            + sum(patrol.points() + COMPLETE_BONUS * patrol.complete(size) for patrol in side.patrols)
            for player, side in state.sides.items()
        },
        15,
    )


def searchable(state: PattugliaState, move: Move) -> bool:
    """The search compares laying on patrols, forming, attacks and discards. Gathering a new patrol card by card,
    and taking a card back, follow the heuristic's plan: a searched gathering the plan did not want was taken back
    at once, and a search sure of its deals (the oracle's) went round that circle without end."""
    return move.zone != NEW and move.action != "back"


def budget(state: PattugliaState) -> int:
    """Search what to lay, attack and discard. A draw (deck or the top discard: does it fit?) and the gathering of a
    patrol already planned stay with the heuristic (a budget of 0): searching them cost a learner more than a second
    a turn for choices the heuristic gets right or that matter little."""
    seat = state.to_move
    assert seat is not None  # the search decides only in a game still going
    return 0 if state.phase in ("draw", "refill") or state.sides[seat].forming else 40


# A match runs to 100 points over several deals: rollouts stop after a few turns and the table is scored.
BOTS = strengths(
    PattugliaBot,
    beginner=Beginner,
    expert=Veteran,
    iterations=budget,
    depth=30,
    evaluate=evaluate,
    searchable=searchable,
    seconds=0.25,
)
