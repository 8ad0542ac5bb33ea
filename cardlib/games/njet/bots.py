"""A Njet! bot with a heuristic for every decision: which space to say Njet! to, whom to choose as partner, what
to lay aside and which card to play (follow the partner, duck, trump in, save super trumps).

It reads only what its seat sees: its own hand, the stones, the partner, the trick and the tricks played.
"""

from __future__ import annotations

from collections import Counter

from cardlib.core import Move
from cardlib.core.bots import Bot, Decision
from cardlib.core.i18n import N_, Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.search import margins, strengths

from .board import PLAYERS, ROW_NAMES, next_player, seat_name
from .board import space_name as space_words
from .cards import SYMBOLS, NjetCard, colour_word
from .engine import NjetState
from .tricks import captured_ones, trick_winner

STONE_REASONS = {
    "trump": N_("You hold few {colour} cards: say Njet! to {colour} as trump."),
    "super": N_("Say Njet! to a super trump that does not help you."),
    "start": N_("Say Njet! to the start player that suits your hand least."),
    "multiplier": N_("Say Njet! to the multiplier that suits your hand least."),
    "discards": N_("Say Njet! to the number of discards you least want."),
}


def strong(hand: list[NjetCard]) -> bool:
    """A hand worth playing for: several high cards or 1s that may become super trumps."""
    return sum(card.value >= 7 for card in hand) + sum(card.value == 1 for card in hand) / 2 >= 4


class NjetBot(Bot[NjetState]):
    name = "heuristic"

    def decide(self, state: NjetState, player: str) -> Decision:
        return getattr(self, f"_{state.phase}")(state, player)

    # -- the board ---------------------------------------------------------------------------------------------

    def _stones(self, state: NjetState, player: str) -> Decision:
        hand = state.hands[player]
        counts = Counter(card.colour for card in hand)
        ones = {card.colour for card in hand if card.value == 1}
        good = strong(hand)

        def worth(move: Move) -> float:
            assert move.zone is not None  # a stone move names its space
            row, _colon, value = move.zone.partition(":")
            if row == "trump":
                return 5 - counts[value]  # a trump colour you are short in hurts you
            if row == "super":
                if value == "none":
                    return 3 if ones else -1
                return -5 if value in ones else 2
            if row == "start":
                return (-3 if good else 2) if value == player else (2 if good else 0)
            if row == "multiplier":
                return int(value) if not good else 5 - int(value)
            return 1 if value == "0" else 0  # discards: shedding cards is welcome

        moves = state.legal_moves()
        best = max(moves, key=lambda move: (worth(move), -moves.index(move)))
        assert best.zone is not None
        row, _colon, value = best.zone.partition(":")
        colour = colour_word(value) if value in SYMBOLS else space_words(best.zone)
        return Decision(best, _(STONE_REASONS[row], colour=colour))

    def _partner(self, state: NjetState, player: str) -> Decision:
        """Partners score alike (NJT-8) but only one player wins the game (NJT-9): a partner never loses ground to
        you, so name one who is not ahead of you and leave the leaders on the other team, where a good round gains
        on them. Among those, the player whose stones blocked the colours you are weak in is likely to want what you
        want; then the one furthest behind."""
        counts = Counter(card.colour for card in state.hands[player])
        weak = {colour for colour in ("red", "black", "blue", "green") if counts[colour] <= 1}
        view = state.view(player)
        agree = Counter(owner for owner, space in view["stones"] if space.partition(":")[2] in weak and owner != player)
        others = [next_player(player, k) for k in range(1, len(PLAYERS))]
        mine = state.scores[player]
        choice = min(others, key=lambda p: (state.scores[p] > mine, -agree[p], state.scores[p], others.index(p)))
        move, name = Move("partner", zone=choice), seat_name(choice)
        if state.scores[choice] <= mine < max(state.scores[p] for p in others):
            return Decision(
                move, _("{name} is not ahead of you: play against the leaders to catch them up.", name=name)
            )
        if agree[choice]:
            return Decision(move, _("{name} blocked the colours you are weak in: a likely ally.", name=name))
        if state.scores[choice] < mine:
            return Decision(move, _("{name} is furthest behind you: a partner who cannot overtake you.", name=name))
        return Decision(move, _("Name {name} as partner.", name=name))

    # -- cards -------------------------------------------------------------------------------------------------

    @staticmethod
    def _is_super(state: NjetState, card: NjetCard) -> bool:
        assert state.rules is not None  # cards are laid aside and played on a complete board
        return card.value == 1 and card.colour == state.rules["super"]

    def _cost(self, state: NjetState, card: NjetCard) -> tuple[bool, bool, int]:
        assert state.rules is not None  # cards are laid aside and played on a complete board
        return self._is_super(state, card), card.colour == state.rules["trump"], card.value

    def _discard(self, state: NjetState, player: str) -> Decision:
        hand = state.hands[player]
        counts = Counter(card.colour for card in hand)
        rules = state.rules
        assert rules is not None  # cards are laid aside on a complete board
        card = min(
            hand,
            key=lambda c: (
                self._is_super(state, c),
                c.colour == rules["trump"],
                c.value != 1,
                counts[c.colour],
                c.value,
            ),
        )
        return Decision(
            Move("discard", str(card)), _("Lay aside a low card of a short colour: {card}.", card=card.short)
        )

    def _play(self, state: NjetState, player: str) -> Decision:
        rules, trick = state.rules, state.trick
        assert rules is not None  # cards are played on a complete board
        cards = [NjetCard.parse(move.card) for move in state.legal_moves()]

        def wins(card: NjetCard) -> bool:
            return trick_winner([*trick, (player, card)], rules["trump"], rules["super"]) == len(trick)

        def low(card: NjetCard) -> tuple:
            return (card.value == 1, *self._cost(state, card))  # a 1 of yours handed to the others is theirs

        if not trick:
            high = [c for c in cards if c.value >= 8 and c.colour != rules["trump"]]
            if high:
                card = max(high, key=lambda c: c.value)
                return self._card(card, _("Lead your high {card} to win the trick.", card=card.short))
            return self._card(min(cards, key=low), _("Lead a low card and keep your strength."))
        winner = trick[trick_winner(trick, rules["trump"], rules["super"])][0]
        team = state.team(player)
        assert team is not None  # the partner is named before the first card
        if winner in team:
            ducks = sorted(cards, key=lambda c: (self._is_super(state, c), c.value != 1, *self._cost(state, c)))
            return self._card(
                ducks[0], _("Your partner is winning the trick: play low (a 1 given to your team is safe).")
            )
        winning = [c for c in cards if wins(c)]
        cheap = [c for c in winning if not self._is_super(state, c)]
        if cheap or (winning and len(trick) == len(PLAYERS) - 1):
            card = min(cheap or winning, key=lambda c: self._cost(state, c))
            return self._card(card, _("The other team is winning: take the trick with {card}.", card=card.short))
        return self._card(min(cards, key=low), _("You cannot take this trick cheaply: play your lowest card."))

    @staticmethod
    def _card(card: NjetCard, reason: Message) -> Decision:
        return Decision(Move("play", str(card)), reason)


class Beginner(NjetBot):
    """The easy bot: a learner's Njet!. On the board it blocks the trump colour it holds fewest of, then every other
    start player and the small multipliers (it wants to start and to play for much), whatever its hand; it names
    the player with the most points as partner (which helps the leader as much as itself) and lays aside its lowest
    cards, a 1 among them even when it is the super trump. In play it leads its highest card and takes every trick
    it can with its highest winning card, over its partner's card too (and with a trump where it cannot follow); when
    it cannot win it plays its lowest card, a 1 handed to the other team included. It reads what the heuristic reads:
    its own hand, the stones, the scores, the partner and the trick."""

    name = "beginner"

    def _stones(self, state: NjetState, player: str) -> Decision:
        counts = Counter(card.colour for card in state.hands[player])
        moves = state.legal_moves()

        def wish(move: Move) -> int:
            assert move.zone is not None  # a stone move names its space
            row, _colon, value = move.zone.partition(":")
            if row == "trump":
                return 10 - counts[value]
            if row == "start":
                return -1 if value == player else 3
            if row == "multiplier":
                return 3 - int(value)
            return 0

        best = max(moves, key=lambda move: (wish(move), -moves.index(move)))
        assert best.zone is not None
        row, _colon, value = best.zone.partition(":")
        if row == "trump":
            said = _(
                "Of the trump colours still open, you hold fewest {colour} cards: say Njet! to {colour}.",
                colour=colour_word(value),
            )
            return Decision(best, said)
        if row == "start" and wish(best) > 0:
            return Decision(best, _("Say Njet! to {seat} as start player: you want to start.", seat=seat_name(value)))
        if row == "multiplier" and wish(best) > 0:
            return Decision(best, _("Say Njet! to ×{n}: you want a big multiplier.", n=value))
        return Decision(
            best, _("Say Njet! to {space} on the {row} row.", space=space_words(best.zone), row=_(ROW_NAMES[row]))
        )

    def _partner(self, state: NjetState, player: str) -> Decision:
        others = [next_player(player, k) for k in range(1, len(PLAYERS))]
        choice = max(others, key=lambda p: (state.scores[p], -others.index(p)))
        if state.scores[choice] == min(state.scores[p] for p in others):  # nobody is ahead of the others
            return Decision(Move("partner", zone=choice), _("Name {name} as partner.", name=seat_name(choice)))
        reason = _("{name} has the most points: a strong partner.", name=seat_name(choice))
        return Decision(Move("partner", zone=choice), reason)

    def _discard(self, state: NjetState, player: str) -> Decision:
        card = min(state.hands[player], key=lambda c: (c.value, str(c)))
        return Decision(Move("discard", str(card)), _("Lay aside your lowest card: {card}.", card=card.short))

    def _play(self, state: NjetState, player: str) -> Decision:
        rules, trick = state.rules, state.trick
        assert rules is not None  # cards are played on a complete board
        cards = sorted((NjetCard.parse(move.card) for move in state.legal_moves()), key=str)
        if not trick:
            card = max(cards, key=lambda c: c.value)
            return self._card(card, _("Lead your highest card: {card}.", card=card.short))
        winning = [
            c for c in cards if trick_winner([*trick, (player, c)], rules["trump"], rules["super"]) == len(trick)
        ]
        if winning:
            card = max(winning, key=lambda c: c.value)
            return self._card(card, _("Take the trick with your highest card that wins it: {card}.", card=card.short))
        card = min(cards, key=lambda c: c.value)
        return self._card(card, _("You cannot take this trick: play your lowest card, {card}.", card=card.short))


def describe(before: NjetState, after: NjetState, player: str) -> list[Message]:
    """What a card changes for ``player``: who takes the trick it ends (NJT-7), or who leads the trick for now."""
    if before.phase != "play" or after.round != before.round:
        return []
    team = before.team(player)
    assert team is not None  # cards are played once the partner is named
    if len(after.taken) > len(before.taken):
        winner = after.taken[-1][0]
        tricks = sum(who in team for who, _cards in after.taken)
        if winner in team:
            return [
                ngettext(
                    "Your team takes this trick: {n} trick so far this round.",
                    "Your team takes this trick: {n} tricks so far this round.",
                    tricks,
                )
            ]
        return [_("The other team takes this trick; your team has {n} so far this round.", n=tricks)]
    assert after.rules is not None  # the same round as ``before``, so the board is complete
    leader = after.trick[trick_winner(after.trick, after.rules["trump"], after.rules["super"])][0]
    if leader == player:
        return [_("Your card leads the trick for now.")]
    if leader in team:
        return [_("Your partner still leads the trick.")]
    return [_("The other team still leads the trick.")]


def evaluate(state: NjetState) -> dict[str, float]:
    """For a playout cut short: each seat's total plus what its team has taken so far this round (NJT-8), as a lead
    over the others (a round is worth some 20 points to a team)."""
    points = dict(state.scores)
    if state.phase == "play" and state.taken:
        assert state.rules is not None  # cards are played on a complete board, once the partner is named
        multiplier = int(state.rules["multiplier"])
        for winner, cards in state.taken:
            team = state.team(winner)
            assert team is not None
            gained = (1 + len(captured_ones(cards, winner, team))) * multiplier
            for player in team:
                points[player] += gained
    return margins(points, 20)


def budget(state: NjetState) -> int:
    """Search the card play; stones, partner and discards show their worth only at the end of the round, too far
    for playouts within a hint's time, so those stay with the heuristic (a budget of 0)."""
    return 100 if state.phase == "play" else 0


BOTS = strengths(NjetBot, beginner=Beginner, iterations=budget, depth=16, evaluate=evaluate, seconds=0.25)
