"""The rule book of Senza Nome: docs/rules/senza_nome.md, SNO-1..SNO-9, as the tutor shows them.

``house`` is the one sentence the tutor adds where the ruling departs from, or fills a gap in, the seed text.
"""

from cardlib.core import Rule
from cardlib.core.i18n import N_

RULES = {
    rule.id: rule
    for rule in (
        Rule(
            "SNO-1",
            N_("Players and decks"),
            N_(
                "2 to 6 players. 2 French decks with 2 jokers each (108 cards) for 2 to 4 players, 3 decks for 5 or 6; "
                "the number of decks is an option."
            ),
            house=N_(
                "House ruling: the original rules set no maximum and list decks of 52 cards, though they play Kings "
                "and jokers as wild cards; the tutor seats 2 to 6 players and adds 2 jokers to each deck."
            ),
        ),
        Rule(
            "SNO-2",
            N_("Deal"),
            N_(
                "Each player gets a stock of 10 face-down cards, top card turned face up, and a hand of 5. The rest is "
                "the draw pile. Play goes clockwise from the dealer's left."
            ),
            house=N_("House ruling: every stock shows its top card from the start, not only the first player's."),
        ),
        Rule(
            "SNO-3",
            N_("Runs"),
            N_(
                "Runs lie in the middle and belong to nobody: same suit, upward from A. Only a natural A starts a run. "
                "K and jokers are wild and stand for the next needed value. A run is complete at Q (12 cards): it is "
                "set aside, and goes back in the next reshuffle."
            ),
            house=N_("House ruling: the original rules do not say where a run ends; here it is complete at the Queen."),
        ),
        Rule(
            "SNO-4",
            N_("Draw"),
            N_(
                "At the start of your turn draw up to 5 cards if you hold fewer than 5, otherwise draw 1. Any part of "
                "that draw may be taken from the discard pile instead, only from its top down, one card at a time, "
                "most recent first."
            ),
        ),
        Rule(
            "SNO-5",
            N_("Aces"),
            N_(
                "After drawing you must lay every A in your hand as a new run. An A showing on top of your stock is "
                "laid at once as well."
            ),
        ),
        Rule(
            "SNO-6",
            N_("Play"),
            N_(
                "Then, as often as you like, in any order: attach a hand card to a run (the next value of its suit, or "
                "a wild); attach your stock's top card to a run it fits, after which the next stock card is turned up; "
                "swap a wild out of a run by playing, from hand, the natural card it stands for, and take the wild "
                "into your hand."
            ),
        ),
        Rule(
            "SNO-7",
            N_("Discard"),
            N_(
                "You end your turn by discarding one card that cannot be attached to any run; if every card in your "
                "hand can be attached you must keep playing. If your hand is empty, you do not discard. (A wild can "
                "always be attached while a run is open, so it cannot be discarded then.)"
            ),
            house=N_(
                "House ruling: the original rules let you stop whenever you like; here you stop only by a discard that "
                "fits no run, or when your hand is empty."
            ),
        ),
        Rule(
            "SNO-8",
            N_("Empty draw pile"),
            N_("Shuffle the discard pile (and the completed runs set aside) into a new draw pile."),
            house=N_(
                "House ruling: the original rules reshuffle only the discards, and their race can get stuck (an Ace "
                "under a stock card that only its run could free). The tutor shuffles when a card is needed from the "
                "empty draw pile; if it would shuffle a fourth time with no stock card buried since the first, or a "
                "whole round passes in which nobody can draw or play, the game ends and the fewest stock cards left "
                "wins."
            ),
        ),
        Rule(
            "SNO-9",
            N_("Victory"),
            N_(
                "The first player whose stock is empty and whose hand is then emptied (by attaching, or by the final "
                "discard) wins. Option: strict finish, where the last card must be attached."
            ),
        ),
    )
}

HAND_SIZE, STOCK_SIZE = 5, 10
NEW_RUN = "new"  # the zone of a move that lays an Ace as a new run (SNO-5)
STALE_LIMIT = 3  # SNO-8's house ruling: reshuffles in a row with no stock card buried before the race is stuck
COMPLETE = 12  # SNO-3: a run holds A..Q
WILD_RANKS = frozenset(("K", "X"))  # SNO-3: Kings and jokers
VALUES = {"A": 1, "J": 11, "Q": 12} | {str(n): n for n in range(2, 11)}
VALUE_NAMES = {value: rank for rank, value in VALUES.items()}


def decks_for(players: int) -> int:
    """SNO-1: 2 decks for 2 to 4 players, 3 for 5 or 6."""
    return 2 if players <= 4 else 3


def seats(count: int) -> tuple[str, ...]:
    """Players in turn order, clockwise from the dealer's left (the dealer is the last of them, SNO-2)."""
    return tuple(f"p{n}" for n in range(1, count + 1))
