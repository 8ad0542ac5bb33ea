"""What every game shares: cards, the Game/State/Move protocol, verdicts, randomness, bots and hints."""

from .cards import Card, CardError, french_deck
from .protocol import (
    LEGAL,
    BadMove,
    BadOption,
    BadState,
    Event,
    Game,
    IllegalMove,
    Move,
    Option,
    Player,
    Result,
    Rule,
    State,
    Verdict,
    retold,
    told,
)

__all__ = [
    "LEGAL",
    "BadMove",
    "BadOption",
    "BadState",
    "Card",
    "CardError",
    "Event",
    "Game",
    "IllegalMove",
    "Move",
    "Option",
    "Player",
    "Result",
    "Rule",
    "State",
    "Verdict",
    "french_deck",
    "retold",
    "told",
]
