"""Njet!: a four-player trick-taking game whose rules each round are chosen by blocking a board."""

from cardlib.core.descriptor import Descriptor, engine_names
from cardlib.core.i18n import N_

ABOUT = Descriptor(
    package=__name__,
    title="Njet!",
    player_counts=(4,),
    gallery={
        "players": N_("4 players (you and three bots)"),
        "length": N_("30–45 minutes"),
        "difficulty": N_("Medium"),
        "origin": N_("From an Italian rule text of Stefan Dorra's trick-taking game with a blocking board."),
        "blurb": N_("Say Njet! to the rules you do not want, choose a partner, then win tricks: eight rounds."),
    },
    page={
        "intro": (
            N_(
                "A trick-taking game for four, by Stefan Dorra, where the players first choose each round's rules by "
                "elimination. On the board, five rows decide who starts, how many cards each player lays aside, the "
                "trump colour, the super-trump colour and the points multiplier; every Njet stone says *not this one*, "
                "until each row has one free space left. The start player then picks a partner, and the two teams play "
                "tricks. Eight rounds; partners change every round, so scores are individual."
            ),
            N_("The four colours each have their own symbol: red ♥, black ♠, blue ♦, green ♣."),
            N_(
                "**How to play on the board:** click a space of the board to place a Njet stone there (the free spaces "
                "light up). To name a partner, click that player's hand. To lay a card aside or play it, click it. "
                "Works with the keyboard too: Tab, then Enter."
            ),
        ),
        "play": (
            N_("A full game against three bots"),
            N_(
                "You play South; West, North and East are bots. Choose the bots' strength and their speed: *slow* lets "
                "a class follow each move, *step* waits for **Next bot move**. Ask for a hint, undo, or start a new "
                "game from a deal number (the same number always deals the same cards). *Big cards* is for a projector."
            ),
        ),
    },
)

__getattr__ = engine_names(__name__, "Njet")  # GAME and the engine's names, imported when asked for
__all__ = ["ABOUT", "GAME", "Njet", "NjetState"]
