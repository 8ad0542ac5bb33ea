"""A match: one game from the deal to its end, whoever plays each seat, with no screen.

The seats are played by people (the learner; at a table, classmates playing elsewhere) or by bots of the chosen
strength. The match keeps every position (python-chess's move stack, boardgame.io's log), so a person's undo goes
back to their previous decision and a teacher can step back and forth through the whole game. Looking back changes
nothing: the later positions stay, and a move is made on an earlier one only once someone chooses to go on from
there (``play_from_here``), which drops them. The bots' turn is a step its caller paces (``bot_move``, one move at
a time): the kernel's event loop in the app, a table service or a browser next; nothing here waits.

>>> from cardlib.match import Match
>>> match = Match.new("napoletana", seed=7)
>>> after = match.play("keep")  # the learner's move (Red keeps its hand) ...
>>> answers = match.bot_turn()  # ... and the bots' answers, up to the learner's next decision
>>> match.state.to_move
'red'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .core import Move, Player, State, retold, told
from .core.bots import Bot, Hint, hint
from .core.i18n import Message, _
from .games import describe

BotMaker = Callable[..., Bot[Any]]  # a strength's factory, ``maker(seed=...)``

LOG_LINES = 12  # what the log tells at least: enough to follow a trick or a battle
LOG_LIMIT = 500  # how far back the log reads for a seat that has not moved for long (a spectator's)


class LookingBack(ValueError):
    """A move made on an earlier position before anyone chose to go on from there (``Match.play_from_here``)."""


class Match:
    def __init__(
        self,
        state: State,
        people: Iterable[Player] = (),
        bots: Mapping[str, BotMaker] | None = None,
        strength: str = "medium",
    ):
        """From ``state`` (a deal, a saved position); ``people`` are the seats not played by bots, by default the
        first player; ``bots`` the strengths the others may play at (the game's own by default)."""
        self.game = state.game
        self.people = frozenset(people) or frozenset(state.players[:1])
        self.bots = dict(bots or describe(self.game.id).bots())
        self.strength = strength
        self.history: list[State] = [state]
        self.cursor = 0  # the index in history of the position shown: the latest, unless a teacher steps back

    @classmethod
    def new(cls, game_id: str, seed: int | None = None, players: int | None = None, **options: Any) -> Match:
        """A new deal of ``game_id`` against the game's bots; ``options`` are the game's (NesPanini's decks)."""
        return cls(describe(game_id).game().new(seed=seed, players=players, **options))

    @property
    def state(self) -> State:
        return self.history[self.cursor]

    @property
    def latest(self) -> bool:
        return self.cursor == len(self.history) - 1

    @property
    def strength(self) -> str:
        return self._strength

    @strength.setter
    def strength(self, strength: str) -> None:
        if strength not in self.bots:
            raise ValueError(f"no bot strength {strength!r}: the strengths are {', '.join(self.bots)}")
        self._strength = strength

    # -- moves ------------------------------------------------------------------------------------------------

    def play(self, move: Move | str) -> State:
        """Play ``move`` on the latest position, whoever's turn it is; an illegal move raises ``BadMove``, and a move
        while an earlier position is shown raises ``LookingBack``; neither changes anything."""
        if not self.latest:
            raise LookingBack(
                _(
                    "This is an earlier position, kept to look back at: to play on from it, first choose to go on "
                    "from here (the later moves are dropped)."
                )
            )
        return self.push(self.state.play(move))

    def bot_to_move(self) -> Player | None:
        """The seat a bot plays next on the latest position, or None (a person's turn, the end, or an earlier
        position shown: the bots never play on from one the teacher stepped back to)."""
        state = self.state
        if not self.latest or state.is_over or state.to_move in self.people:
            return None
        return state.to_move

    def bot_move(self) -> State:
        """One bot move, by ``bot()``; the position it made."""
        seat = self.bot_to_move()
        if seat is None:
            raise ValueError("no bot is to move in this position")
        return self.push(self.state.play(self.bot().decide(self.state, seat).move))

    def bot(self) -> Bot[Any]:
        """A bot of the chosen strength for the next move, seeded by the move's number (so a game replays alike)."""
        return self.bots[self.strength](seed=len(self.history))

    def bot_turn(self) -> list[State]:
        """The bots' moves up to a person's turn or the end, at once; the positions they made."""
        made = []
        while self.bot_to_move() is not None:
            made.append(self.bot_move())
        return made

    def push(self, state: State) -> State:
        """Go on to ``state``, a position the latest one's move made (a table service plays the move itself, to log
        it before the match shows it)."""
        self.history.append(state)
        self.cursor += 1
        return state

    # -- going back -------------------------------------------------------------------------------------------

    def undo(self, seat: Player) -> bool:
        """Back to ``seat``'s last decision before the latest position, the later moves (the bots' answers)
        dropped; False if it has none."""
        for index in range(len(self.history) - 2, -1, -1):
            if self.history[index].to_move == seat:
                del self.history[index + 1 :]
                self.cursor = index
                return True
        return False

    def play_from_here(self) -> int:
        """Go on from the position shown: the moves after it are dropped; how many."""
        dropped = len(self.history) - 1 - self.cursor
        del self.history[self.cursor + 1 :]
        return dropped

    def back(self) -> bool:
        """Show the position one move earlier (nothing is dropped); False at the deal."""
        if self.cursor == 0:
            return False
        self.cursor -= 1
        return True

    def forward(self) -> bool:
        """Show the position one move later; False at the latest."""
        if self.latest:
            return False
        self.cursor += 1
        return True

    def restart(self, state: State, people: Iterable[Player] = ()) -> None:
        """Go on from ``state`` alone (a new deal, a loaded file, a shared link): the history starts there.
        ``people`` are the seats people play from now on (by default the same as before)."""
        if state.game.id != self.game.id:
            raise ValueError(f"a position of {state.game.id} cannot go on in a match of {self.game.id}")
        self.history, self.cursor = [state], 0
        self.people = frozenset(people) or self.people

    # -- what a seat is told ----------------------------------------------------------------------------------

    def view(self, seat: Player) -> dict[str, Any]:
        """The position shown, as ``seat`` may see it (no other seat's hidden card)."""
        return self.state.view(seat)

    def hint(self, seat: Player, intended: Move | str | None = None) -> Hint | None:
        """The strongest bot's advice for ``seat`` (compared with the move it has in mind), or None when it is not
        ``seat``'s turn."""
        state = self.state
        if state.is_over or state.to_move != seat:
            return None
        best = self.bots["hard" if "hard" in self.bots else "medium"](seed=0)
        return hint(state, best, intended=intended)

    def log(self, seat: Player, lines: int = LOG_LINES) -> list[Message]:
        """What happened up to the position shown, in ``seat``'s voice ("You draw a card."), a sentence repeated in a
        row told once with its count: every sentence since ``seat``'s last move (a whole round of bots, however
        many), and at least the last ``lines``. A position's own events count too, so a loaded one tells the move
        that led to it. Read back from the newest position until there are enough: a long game has hundreds, and
        this is asked after every move."""
        told_lines: list[Message] = []
        since: int | None = None  # how many lines tell the moves from seat's last one on, once it is found
        for index in range(self.cursor, -1, -1):
            told_lines[:0] = told(self.history[index].events, seat)
            shown = len(retold(told_lines))
            if since is None and index and self.history[index - 1].to_move == seat:
                since = shown
            if shown > max(lines, since or 0) and (since is not None or shown > LOG_LIMIT):
                break  # one more than shown: the first shown line's repeats all count
        return retold(told_lines)[-max(lines, since or 0) :]
