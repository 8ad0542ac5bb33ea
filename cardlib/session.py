"""One seat's session: what the seat sees and may do, kept in one object a view only draws.

As boardgame.io's client does, a session per seat owns the seat's state and mode, fed by a source of positions: a
``Match`` with its bots (``MatchSession``: the game app, hot-seat), a lesson that judges each move
(``LessonSession``: the tutor), or a seat at a table whose moves go to a service and come back as positions
(``TableSession``, through a ``Remote``). The view feeds it clicks (``click``, the vocabulary of the board's page)
and draws its ``frame``; a host lays out its widgets and paces the bots.

A click's walk: the page's click reaches ``click``; the session picks up a card, asks for a choice, or builds the
move and ``try_move`` checks it, the one check on its way (``State.check``); a refused move is answered with its
ruling and changes nothing; a legal one goes to the source, which plays it unchecked (``play_unchecked``), judges
it (a lesson) or sends it (a table, which plays it on the true game); the view then draws the next frame.

Every sentence is a ``Message``, said where the view shows it; no mode is ever read from a sentence: ``mode`` is a
``Mode``, and the sentence a mode shows is the session's ``prompt()``.
"""

from __future__ import annotations

import enum
import traceback
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from .core import LEGAL, Move, Player, State, Verdict, retold, told
from .core.bots import Hint, hint
from .core.i18n import NOTHING, Joined, Message, sentences
from .core.i18n import lazy_gettext as _
from .core.i18n import lazy_ngettext as ngettext
from .core.lessons import Lesson, LessonBot, NoWay
from .match import Match


class Mode(enum.Enum):
    """What the seat may do now, and so what its board says and takes."""

    PLAYING = "playing"  # the seat's turn: a click picks up, places, presses
    BOTS_TO_MOVE = "bots to move"  # another seat is to move and thinks: a bot, or a classmate at a table
    STEPPING = "stepping"  # another seat is to move and nobody thinks: step mode waits for Next bot move
    LOOKING_BACK = "looking back"  # an earlier position, kept for the teacher to look at
    ON_ITS_WAY = "move on its way"  # the seat's move is sent to the table, not yet answered
    SOLVED = "lesson solved"
    SHOWN = "lesson shown"  # Show me played the lesson's way: shown, not done
    GIVEN_AWAY = "seat given to a bot"  # a bot plays the seat while its learner is away
    CLOSED = "closed"  # the table ended, or this page lost its seat: nothing more is taken
    GAME_OVER = "game over"


# The modes in which the board takes no move and answers every click with its prompt.
HELD = frozenset({Mode.LOOKING_BACK, Mode.ON_ITS_WAY, Mode.SOLVED, Mode.SHOWN, Mode.GIVEN_AWAY, Mode.CLOSED})


class Layout(Protocol):
    """What a session asks of a game's layout (``widgets/layouts/<game>.py``, which has it without Jupyter): the
    zone a move goes to as the scene names it, the move a zone stands for, the word a lit place says (a key of the
    scene's ``words``, None for "Place here"), and what the seat is asked to do in a position."""

    def zone_id(self, move: Move, seat: str) -> str | None: ...
    def move_zone(self, zone_id: str, seat: str) -> str | None: ...
    def place_word(self, moves: Sequence[Move]) -> str | None: ...
    def prompt(self, state: Any, seat: str) -> Message: ...


class Remote(Protocol):
    """A seat at a table served elsewhere (the table client): ``send`` takes a move the session has checked; the
    table's answer comes back through ``TableSession.update`` (the position after it), ``refused`` or ``unsent``."""

    def send(self, move: Move, version: int) -> None: ...


Kind = Literal["error", "info", "success"]


@dataclass(frozen=True, slots=True)
class Answer:
    """What the board says beside the prompt, where the learner looks: ``text``, the ruling it is about (its id,
    and its title and text written out as ``detail``)."""

    kind: Kind
    text: Message
    rule: str | None = None
    detail: Message = NOTHING

    @property
    def said(self) -> str:
        """The answer as one line, in the language spoken now: its text, the ruling's id, the ruling written out."""
        return " ".join(str(part) for part in (self.text, self.rule, self.detail) if part)


def ruled(kind: Kind, text: Message, rule: str | None, state: State) -> Answer:
    """``text`` with the ruling it is about, named and, where ``state``'s game has it, written out."""
    rules = state.game.rules
    detail: Message = NOTHING
    if rule is not None and rule in rules:
        detail = Joined("", parts=(_(rules[rule].title), _(rules[rule].text)), between=". ")
    return Answer(kind, text, rule, detail)


@dataclass(frozen=True, slots=True)
class Button:
    """A move with no card and no place (pass, keep), a choice between moves of one card and place, or Cancel."""

    id: str
    label: Message
    primary: bool = True


@dataclass(frozen=True, slots=True)
class Place:
    """A zone of the scene drawn, as the lit places need it: its id, its kind (row, column, hand, pile, ...), and
    whether the layout keeps it clickable (a blocked board space, so a click on it hears its rule)."""

    id: str
    kind: str
    kept: bool = False


@dataclass(frozen=True, slots=True)
class Places:
    """For one card picked up (or none): the places lit up, each with the word a click on it says (a key of the
    scene's words), and the places that take a click, in the scene's order."""

    lit: Mapping[str, str]
    drops: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Reach:
    """The places of a frame on its scene: the picked-up card's, and each card's (``picks``, "" for none picked
    up) so the page lights them at once when a card is picked up and only the move waits for Python."""

    lit: Mapping[str, str]
    drops: tuple[str, ...]
    picks: Mapping[str, Places]


@dataclass(frozen=True)
class Frame:
    """All a view draws of a seat at one moment. ``view`` is the position as the seat may see it (``State.view``);
    ``state`` the position itself, for a teacher's view of every hand. The lit places depend on the scene's zones,
    which the view makes from ``view``: ``reach`` gives them."""

    seat: Player
    mode: Mode
    state: State
    view: dict[str, Any]
    prompt: Message
    answer: Answer | None
    buttons: tuple[Button, ...]
    last: tuple[Message, ...]  # every move since the seat's own last one: what the panel tells
    selected: str | None  # the card picked up
    pickable: frozenset[str]  # the cards a click picks up
    fresh: frozenset[str]  # the cards the moves in ``last`` moved, as the seat was told
    targets: bool  # whether places light up (a lesson whose task is finding them says no)
    choosing: bool  # a choice between moves of one card and place is asked (its buttons)
    # the seat's moves now, where each goes on the scene, and the word a lit place says for a card's moves there
    candidates: tuple[Move, ...] = ()
    legal: frozenset[Move] = frozenset()
    where: Mapping[Move, str] = field(default_factory=dict)
    place_words: Mapping[tuple[str, str], str | None] = field(default_factory=dict)

    def reach(self, zones: Sequence[Place], words: Collection[str]) -> Reach:
        """The lit places and those that take a click, on a scene whose zones are ``zones`` and whose words are
        ``words`` (a layout's place word the scene lacks says "Place here")."""
        kinds = {zone.id: zone.kind for zone in zones}
        # A layout may keep a place clickable (a blocked board space), so a click on a wrong one hears its rule.
        kept = {zone.id for zone in zones if zone.kept}

        def places(card: str | None) -> Places:
            # Lit up: where the picked-up card may go or, with none picked up, the places that are a move by
            # themselves (a stone on a board space); not in a lesson whose task is finding them.
            lit = {self.where[m] for m in self.legal if m in self.where and m.card == card and self.targets}
            # places a click is about, legal or not: a wrong one hears its rule (Pattuglia's discard pile before
            # the learner has a patrol); and while a card is picked up, any row or column
            open_places = {self.where[m] for m in self.candidates if m in self.where and m.card == card}
            if card:
                open_places |= {zone for zone, kind in kinds.items() if kind in ("row", "column")}
            # The word on a lit place says what a click on it does: a picked-up card is placed there; with none, a
            # pile or row is taken from, and a player's hand is chosen (a partner).
            # (in the scene's order, so the same position sends the same bytes)
            verbs = {zone: verb(card, zone) if card else "take_here" for zone in kinds if zone in lit}
            verbs |= {zone: "choose_here" for zone in kinds if zone in lit and not card and kinds[zone] == "hand"}
            return Places(verbs, tuple(zone for zone in kinds if zone in open_places or zone in kept))

        def verb(card: str, zone: str) -> str:
            # A place that decides more than where the card goes says so, in the layout's words: a King outside
            # Napoletana's front row is an emperor's order, in it a horde or an order.
            word = self.place_words.get((card, zone))
            return word if word is not None and word in words else "place_here"

        shown = places(self.selected)
        picks: dict[str, Places] = {}
        if self.mode is Mode.PLAYING and not self.choosing:
            # A card whose click is the whole move has none.
            cards = (None, *sorted(self.pickable))
            zoned = {move.card for move in self.candidates if move.zone is not None}
            picks = {card or "": places(card) for card in cards if card is None or card in zoned}
        return Reach(shown.lit, shown.drops, picks)


@dataclass(frozen=True, slots=True)
class Played:
    """What a source did with a checked move: the position to show next, and what the board says of it."""

    shown: State
    answer: Answer | None = None
    undone: bool = False  # the move was taken back (a lesson's wrong move): the position is the one before


Listener = Callable[[State, Move, State], None]
Refusal = Callable[[Move, Verdict], None]


class Session:
    """One seat's session; a source's subclass plays the moves (``_play``) and may hold the seat in a mode."""

    def __init__(self, layout: Layout, state: State, seat: Player, targets: bool = True):
        self.layout, self.seat = layout, seat
        self.targets = targets  # light up where a picked-up card may go (a lesson whose task is finding that says no)
        self.selected: str | None = None
        self.choices: list[Move] = []  # several moves for the same card and row (a K in front: horde or order)
        self.answer: Answer | None = None
        self.tried: tuple[State, Move] | None = None  # the last move refused, and where: what a hint compares
        self._waiting: Answer | None = None  # "Wait for your turn.", true only until the turn comes
        self._listeners: list[Listener] = []
        self._refusals: list[Refusal] = []
        self._legal: tuple[State, Player, tuple[Move, ...], frozenset[Move]] | None = None
        # The positions since the seat's own last move, the one shown last: their moves are what the panel tells,
        # so a bot's whole turn (Senza Nome's draws, runs and discard) stays in sight until the seat moves again.
        self._since: list[State] = []
        self.show(state)

    # -- the position shown -----------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self._state

    def show(self, state: State) -> None:
        """Show ``state``: a new position, or the seat's own move; the panel tells its last move."""
        self._since = [state]
        self._show(state)

    def advance(self, state: State) -> None:
        """Show ``state``, one move (another seat's) after the position shown: the panel tells it after the moves
        it already tells."""
        self._since.append(state)
        self._show(state)

    def _show(self, state: State) -> None:
        self._state = state
        self.selected, self.choices = None, []
        if self.answer is self._waiting and state.to_move == self.seat and not state.is_over:
            self.answer = None  # the turn has come: "Wait for your turn" would now tell the learner the opposite

    def on_move(self, listener: Listener) -> None:
        """``listener(before, move, shown)`` hears every legal move played through this session."""
        self._listeners.append(listener)

    def on_refuse(self, listener: Refusal) -> None:
        """``listener(move, verdict)`` hears every move the rules refused."""
        self._refusals.append(listener)

    # -- the mode -------------------------------------------------------------------------------------------

    def _held(self) -> tuple[Mode, Message] | None:
        """The mode the source holds the seat in, where it takes no move, and what the board says of it."""
        return None

    def _others(self) -> tuple[Mode, Message]:
        """While another seat is to move: whether someone thinks, and what the prompt says instead of the
        layout's (nothing: the layout's)."""
        return Mode.BOTS_TO_MOVE, NOTHING

    @property
    def mode(self) -> Mode:
        held = self._held()
        if held is not None:
            return held[0]
        state = self._state
        if state.is_over:
            return Mode.GAME_OVER
        if state.to_move == self.seat:
            return Mode.PLAYING
        return self._others()[0]

    def prompt(self) -> Message:
        """What the board asks of the seat, or says instead of taking a move."""
        held = self._held()
        if held is not None:
            return held[1]
        state = self._state
        if not state.is_over and state.to_move != self.seat:  # nobody is thinking, or more play after: say so
            instead = self._others()[1]
            if instead:
                return instead
        return self._layout_prompt()

    def _layout_prompt(self) -> Message:
        return self.layout.prompt(self._state, self.seat)

    # -- what the board says ----------------------------------------------------------------------------------

    def say(self, kind: Kind, text: Message, rule: str | None = None) -> None:
        """Say ``text`` on the board beside the prompt (kind: error | info | success), with the ruling it is about,
        named and written out."""
        self.answer = ruled(kind, text, rule, self._state)

    def wait_for_turn(self) -> None:
        """Say that it is not the seat's turn; the board takes it back when the turn comes."""
        self.say("info", _("Wait for your turn."))
        self._waiting = self.answer

    @property
    def said(self) -> str:
        """What the board says now, as one line (for tests and logs)."""
        return self.answer.said if self.answer else ""

    # -- moves ----------------------------------------------------------------------------------------------

    def legal(self) -> frozenset[Move]:
        """The seat's legal moves in the position shown, found once per position: what lights up, and which of a
        card's moves at one place to choose from."""
        return self._found()[3]

    def _legal_in_order(self) -> tuple[Move, ...]:
        """``legal`` in the game's own order: the buttons'."""
        return self._found()[2]

    def _found(self) -> tuple[State, Player, tuple[Move, ...], frozenset[Move]]:
        state, seat = self._state, self.seat
        if self._legal is None or self._legal[0] is not state or self._legal[1] != seat:  # hot-seat changes seat
            mine = state.to_move == seat and not state.is_over
            ordered = tuple(state.legal_moves()) if mine else ()
            self._legal = (state, seat, ordered, frozenset(ordered))
        return self._legal

    def try_move(self, move: Move) -> Verdict:
        """Play ``move`` if it is legal; otherwise say why and change nothing. The one check on the move's way:
        the source plays it unchecked, or sends it to a table that plays it on the true game."""
        held = self._held()
        if held is not None:  # an earlier position, a move on its way, a solved lesson: nothing is played
            self.say("info", held[1])
            return Verdict(False, held[1])
        before = self._state
        verdict = before.check(move)
        if not verdict:
            self.tried = (before, move)
            self.selected, self.choices = None, []
            self.say("error", self._refusal(move, verdict), verdict.rule)
            for listener in self._refusals:
                listener(move, verdict)
            return verdict
        self.answer = None
        played = self._play(before, move)
        self.show(played.shown)
        if played.undone:
            self.tried = (played.shown, move)  # a hint now says why another way is better
        self.answer = played.answer
        for hears in self._listeners:
            hears(before, move, played.shown)
        return LEGAL

    def _play(self, before: State, move: Move) -> Played:
        """A move ``check`` found legal, played by the source."""
        return Played(before.play_unchecked(move))

    def _refusal(self, move: Move, verdict: Verdict) -> Message:
        """What the board says of a move the rules refuse."""
        return verdict.reason

    def intended(self) -> Move | None:
        """The move the seat has in mind, for a hint to compare: its last try in this position (refused), or the
        one move of the card it has picked up."""
        if self.tried and self.tried[0] is self._state:
            return self.tried[1]
        moves = [move for move in self.legal() if self.selected and move.card == self.selected]
        return moves[0] if len(moves) == 1 else None

    def hint(self) -> None:
        """The hint for the seat's move, said on the board; what the board says instead when it takes no move."""
        held = self._held()
        if held is not None:  # an earlier position or a solved lesson takes no move, so it needs no hint for one
            self.say("info", held[1])
            return
        advice = self._advice()
        if advice is None:
            self.wait_for_turn()
            return
        # its first ruling is the answer's chip: a sentence a child reads names no ruling ids
        self.say("info", advice.said, advice.rules[0] if advice.rules else None)

    def _advice(self) -> Hint | None:
        return None

    def last(self) -> list[Message]:
        """Every move since the seat's own last one, in its voice ("You draw a card."): what the board's panel
        tells, however many bots answered."""
        return retold([line for shown in self._since for line in told(shown.events, self.seat)])

    def log(self) -> list[Message]:
        """What happened, in the seat's voice: the log beside the board (a game's; a lesson keeps none)."""
        return []

    # -- clicks -----------------------------------------------------------------------------------------------

    def click(self, kind: str, card: str | None = None, zone: str | None = None, button: str | None = None) -> None:
        """A click on the board (``widgets/tabletop.py``'s: a card, a zone, a button by its id, or an idle place). A
        click that fails says so on the board instead of vanishing in a log."""
        try:
            self._click(kind, card, zone, button)
        except Exception as error:  # the page must stay usable whatever went wrong
            detail = traceback.format_exception_only(error)[-1].strip()
            self.say("error", _("Something went wrong: {detail}", detail=detail))

    def _click(self, kind: str, card: str | None, zone: str | None, button: str | None) -> None:
        held = self._held()
        if held is not None:
            self.say("info", held[1])
            return
        state = self._state
        if state.is_over or state.to_move != self.seat:
            self.wait_for_turn()
            return
        if kind == "button":
            self._button(button or "")
        elif kind == "card":
            self._card(card or "")
        elif kind == "idle":
            self._idle()
        else:
            self._zone(zone or "")

    def _moves_with(self, card: str | None) -> list[Move]:
        return [move for move in self._state.candidate_moves() if move.card == card]

    def _card(self, card: str) -> None:
        moves = self._moves_with(card)
        if not moves:
            self.say("info", _("That card cannot be used now. {prompt}", prompt=self.prompt()))
        elif all(move.zone is None for move in moves):  # e.g. a mulligan: the card is the whole move
            self.try_move(moves[0])
        else:
            self.selected = None if self.selected == card else card
            self.choices, self.answer = [], None

    def _zone(self, zone: str) -> None:
        moves = self._moves_with(self.selected)  # with no card picked up: the moves that are just a place
        here = [move for move in moves if self.layout.zone_id(move, self.seat) == zone]
        if self.selected is None and not here:
            self.say("info", _("First pick a card, then the row where it goes."))
            return
        legal = self.legal()
        legal_here = [move for move in here if move in legal]
        if len(legal_here) > 1:
            self.choices = legal_here
            self.answer = Answer("info", _("Choose how to play it."))
        elif here:
            self.try_move((legal_here or here)[0])
        else:  # a row no candidate goes to: build the move anyway, so the refusal names the rule
            self.try_move(Move(moves[0].action, self.selected, self.layout.move_zone(zone, self.seat)))

    def _idle(self) -> None:
        """A click on something that does nothing in this step: say what would."""
        if self.selected:
            self.say("info", _("Click a lit place for the card you picked up, or the card again to put it back."))
        else:
            self.say("info", _("Nothing happens there now. {prompt}", prompt=self.prompt()))

    def buttons(self) -> tuple[Button, ...]:
        """The buttons drawn now: a choice's moves and Cancel, or the seat's legal moves with no card and no place
        (a button that cannot be used is not drawn)."""
        state = self._state
        if self.choices:
            chosen = [Button(f"choice:{i}", state.label(move)) for i, move in enumerate(self.choices)]
            return (*chosen, Button("cancel", _("Cancel"), primary=False))
        if self.mode is not Mode.PLAYING:
            return ()
        return tuple(
            Button(str(move), state.label(move))
            for move in self._legal_in_order()
            if move.card is None and move.zone is None
        )

    def _button(self, button: str) -> None:
        """Only a button the board drew is pressed; any other id (a stale page, a forged message) is refused."""
        if button not in {drawn.id for drawn in self.buttons()}:
            self.say("info", _("That button is not available now."))
        elif button.startswith("choice:"):
            self.try_move(self.choices[int(button.removeprefix("choice:"))])
        elif button == "cancel":
            self.show(self._state)
        else:
            self.try_move(self._state.game.parse_move(button))

    # -- the frame ----------------------------------------------------------------------------------------------

    def frame(self) -> Frame:
        """What the view draws now."""
        state, seat, mode = self._state, self.seat, self.mode
        mine = mode is Mode.PLAYING
        candidates = tuple(state.candidate_moves()) if mine else ()
        legal = self.legal() if mine else frozenset()
        where = {move: zone for move in candidates if (zone := self.layout.zone_id(move, seat)) is not None}
        by_place: dict[tuple[str, str], list[Move]] = {}
        for move in legal:
            if move.card and move in where:
                by_place.setdefault((move.card, where[move]), []).append(move)
        # only what this seat was told: an opponent's private draw must not light up a card of the same name
        events = [event for shown in self._since for event in shown.events if event.only in (None, seat)]
        return Frame(
            seat=seat,
            mode=mode,
            state=state,
            view=state.view(seat),
            prompt=self.prompt(),
            answer=self.answer,
            buttons=self.buttons(),
            last=tuple(self.last()),
            selected=self.selected,
            pickable=frozenset(move.card for move in candidates if move.card),
            fresh=frozenset(card for event in events if (card := event.data.get("card"))),
            targets=self.targets,
            choosing=bool(self.choices),
            candidates=candidates,
            legal=legal,
            where=where,
            place_words={place: self.layout.place_word(moves) for place, moves in by_place.items()},
        )


class MatchSession(Session):
    """A seat in a ``Match`` played here: against its bots (the game app), or by classmates in turn on one screen
    (hot-seat, every seat a person's: ``sit`` moves the session to the seat whose turn it is). The host paces the
    bots (``bot_move``) and says whether step mode is on (``step``)."""

    def __init__(self, layout: Layout, match: Match, seat: Player | None = None):
        self.match = match
        self.step = False  # step mode: the bots wait for Next bot move
        first = next(player for player in match.state.players if player in match.people)  # the game's order
        super().__init__(layout, match.state, seat or first)

    def _play(self, before: State, move: Move) -> Played:
        assert before is self.match.state and self.match.latest, "a move is made on the match's latest position"
        return Played(self.match.push(before.play_unchecked(move)))

    def _held(self) -> tuple[Mode, Message] | None:
        if not self.match.latest:
            return Mode.LOOKING_BACK, self._looking_back()
        return None

    def _others(self) -> tuple[Mode, Message]:
        state = self._state
        if self.step:
            return Mode.STEPPING, _("Press Next bot move to see the next move.")
        if self.match.bot_to_move() is not None and (after := self._seats_after(state)):
            thinking = self._layout_prompt()
            return Mode.BOTS_TO_MOVE, ngettext(
                "{thinking} Then 1 more plays before your turn.",
                "{thinking} Then {n} more play before your turn.",
                after,
                thinking=thinking,
            )
        return Mode.BOTS_TO_MOVE, NOTHING

    def _seats_after(self, state: State) -> int:
        """How many other seats play after the one to move before the seat's turn comes round (the seats go round
        in the order the game lists them)."""
        players = state.players
        if state.to_move not in players or self.seat not in players:
            return 0
        return (players.index(self.seat) - players.index(state.to_move)) % len(players) - 1

    def _looking_back(self) -> Message:
        """What the board says on an earlier position: which move it is, whose turn it was, and the two ways on."""
        state, later = self.match.state, len(self.match.history) - 1 - self.match.cursor
        move, total = self.match.cursor, len(self.match.history) - 1
        if state.to_move == self.seat:
            return ngettext(
                "Move {move} of {total}: it was your turn. Move forward to see what came next, or Play from here to "
                "go on from this move (the later move is dropped).",
                "Move {move} of {total}: it was your turn. Move forward to see what came next, or Play from here to "
                "go on from this move (the {n} later moves are dropped).",
                later,
                move=move,
                total=total,
            )
        assert state.to_move is not None  # a finished game is the latest position, never an earlier one
        return ngettext(
            "Move {move} of {total}: it was {player}'s turn. Move forward to see what came next, or Play from here "
            "to go on from this move (the later move is dropped).",
            "Move {move} of {total}: it was {player}'s turn. Move forward to see what came next, or Play from here "
            "to go on from this move (the {n} later moves are dropped).",
            later,
            move=move,
            total=total,
            player=state.game.seat_name(state.to_move),
        )

    def _advice(self) -> Hint | None:
        return self.match.hint(self.seat, intended=self.intended())

    def log(self) -> list[Message]:
        return self.match.log(self.seat)

    # -- what the host asks --------------------------------------------------------------------------------------

    def bot_move(self, move: Move | None = None) -> State:
        """A bot's move: ``move``, decided meanwhile on the position shown (checked: the position may have moved
        on since), or the bot's decision now."""
        state = self.match.play(move) if move else self.match.bot_move()
        self.advance(state)
        return state

    def next_bot(self) -> bool:
        """Step mode's Next bot move: exactly one bot move; False, with the board saying why, when no bot is to
        move (an earlier position, step mode's idle, or the seat's turn)."""
        if self.match.bot_to_move() is None:
            held = self._held()
            instead = self._others()[1] if not self._state.is_over and self._state.to_move != self.seat else NOTHING
            self.say("info", held[1] if held else instead or _("It is your turn."))
            return False
        self.bot_move()
        return True

    def jumped(self) -> None:
        """Show the match's position after a jump (undo, a new game, the teacher's steps): an old answer would
        describe a position that is not shown."""
        self.answer = None
        self.show(self.match.state)

    def undo(self) -> bool:
        """Back to the seat's previous decision (the bots' answers are undone with it)."""
        if not self.match.undo(self.seat):
            self.say("info", _("Nothing to undo."))
            return False
        self.jumped()
        self.say("info", _("Move undone."))
        return True

    def restart(self, state: State, seat: Player | None = None) -> None:
        """Go on from ``state`` (a new deal, a loaded file, a shared link), the seat ``seat`` if given."""
        self.match.restart(state, people=[seat] if seat else ())
        self.seat = seat or self.seat
        self.jumped()

    def back(self) -> bool:
        """Teacher: show the position one move earlier, to look at; nothing is lost unless Play from here."""
        if not self.match.back():
            self.say("info", _("This is the start of the game."))
            return False
        self.jumped()
        return True

    def forward(self) -> bool:
        """Teacher: show the position one move later, up to the latest."""
        if not self.match.forward():
            self.say("info", _("This is the latest move."))
            return False
        self.jumped()
        return True

    def play_from_here(self) -> bool:
        """Teacher: go on from the earlier position shown, dropping the moves after it."""
        if self.match.latest:
            self.say("info", _("This is the latest move."))
            return False
        dropped = self.match.play_from_here()
        self.jumped()
        self.say(
            "info",
            ngettext(
                "The game goes on from here: the later move is dropped.",
                "The game goes on from here: the {n} later moves are dropped.",
                dropped,
            ),
        )
        return True

    def sit(self, seat: Player) -> None:
        """Hot-seat: the screen passes to ``seat``, shown the position with what happened since it last moved."""
        self.seat = seat
        self.show(self.match.state)


class LessonSession(Session):
    """A seat in a lesson (the tutor): each legal move is judged, a wrong one refused with the lesson's words and
    taken back; a solved or shown lesson takes no more moves (the game's next step is not the lesson's)."""

    def __init__(self, layout: Layout, lesson: Lesson):
        self.lesson = lesson
        self.done: Mode | None = None  # SOLVED or SHOWN
        self.showing = False  # playing "Show me": a lesson shown is not done
        super().__init__(layout, lesson.start(), lesson.seat, targets=lesson.targets)

    def start(self, lesson: Lesson) -> None:
        """``lesson`` from its start, with nothing said yet."""
        self.lesson, self.seat, self.targets = lesson, lesson.seat, lesson.targets
        self.answer, self.done, self.showing = None, None, False
        self.show(lesson.start())

    def restart(self) -> None:
        self.start(self.lesson)

    def show_way(self) -> None:
        """Play a way to the lesson's success on the board, as the learner would (from the start if needed)."""
        way = self.lesson.way_from(self._state)
        if way is None or self.lesson.success(self._state):
            self.restart()
            way = self.lesson.way_from(self._state)
        assert way is not None, "a sound lesson is solved from its start (cardlib.core.lessons.problems)"
        self.showing = True
        for move in way:
            self.try_move(move)

    def _held(self) -> tuple[Mode, Message] | None:
        if self.done is Mode.SHOWN:
            return Mode.SHOWN, _("This is the way. Restart to do it yourself, or go on to the next lesson.")
        if self.done is Mode.SOLVED:
            return Mode.SOLVED, _("Solved. On to the next lesson!")
        return None

    def _play(self, before: State, move: Move) -> Played:
        lesson = self.lesson
        after = before.play_unchecked(move)
        verdict = lesson.judge(after)
        if verdict == "success":
            said = told(after.events, lesson.seat)
            self.done = Mode.SHOWN if self.showing else Mode.SOLVED
            if self.showing:
                return Played(after, Answer("info", sentences(_("Shown."), *said)))
            return Played(after, Answer("success", sentences(_("Well done!"), *said)))
        if verdict == "continue":
            return Played(after, Answer("info", _("Good. Now the next step.")))
        why, rule = lesson.why_not(before, move)
        # nothing lost: back to where the learner was, and a hint now says why the lesson's way is better
        return Played(before, ruled("error", sentences(why, _("Try again.")), rule, before), undone=True)

    def _refusal(self, move: Move, verdict: Verdict) -> Message:
        """The lesson's own words for a typical mistake, before the rule's."""
        mistake = self.lesson.mistake(move)
        return sentences(_(mistake.feedback), verdict.reason) if mistake and mistake.feedback else verdict.reason

    def hint(self) -> None:
        try:  # the lesson's own way to success, explained like any hint
            super().hint()
        except NoWay:
            self.say("info", _("This position cannot be solved any more: restart the lesson."))

    def _advice(self) -> Hint | None:
        return hint(self._state, LessonBot(self.lesson), intended=self.intended())


class TableSession(Session):
    """A seat at a table the service holds (``tables``): the session sees a *world* (the seat's own view, every
    hidden card drawn at random), checks the seat's move and sends it (``Remote``); the service plays it on the
    true game and every seat's move comes back as a new world (``update``). Its log and hint are read from the
    worlds it was sent, kept as a ``Match``."""

    def __init__(self, layout: Layout, remote: Remote, world: State, seat: Player, version: int):
        self.remote, self.version = remote, version
        self.match = Match(world, people=[seat])
        self.pending = False  # a move sent, its world not yet come
        self.given_away = False  # a bot plays the seat while its learner is away
        self.ended: Message | None = None  # the teacher ended the table: its words
        self.gone: Message | None = None  # this page lost its seat (freed, taken elsewhere): why
        super().__init__(layout, world, seat)

    def _held(self) -> tuple[Mode, Message] | None:
        if self.ended or self.gone:
            return Mode.CLOSED, self.ended or self.gone or NOTHING
        if self.given_away:
            return Mode.GIVEN_AWAY, _("A bot plays your seat while you are away. Take your seat back to play on.")
        if self.pending:
            return Mode.ON_ITS_WAY, _("Your move is on its way to the table.")
        return None

    def _play(self, before: State, move: Move) -> Played:
        """The seat's legal move, sent to the table; the session shows the table's answer when it comes."""
        self.pending = True
        self.remote.send(move, self.version)
        return Played(before)

    def update(
        self,
        world: State,
        version: int,
        *,
        given_away: bool = False,
        ended: Message | None = None,
        gone: Message | None = None,
    ) -> None:
        """A new word from the table: the world at ``version`` (a move, this seat's or another's, or none), whether
        a bot plays the seat, the teacher's words if the table ended (said once), why the seat was freed."""
        if ended and not self.ended:
            self.say("info", ended)
        self.ended, self.gone = ended, gone or self.gone
        self.given_away = given_away and not ended
        if version != self.version:  # a move: what the board says is settled before it shows it
            self.pending = False
        if version == self.version + 1:  # one move on: the log and the panel tell it
            mine = self.match.state.to_move == self.seat
            self.match.push(world)
            if mine:
                self.show(world)
            else:
                self.advance(world)
        elif version != self.version:  # several moves on (back after a while away): shown as it is
            self.match.restart(world)
            self.show(world)
        self.version = version

    def refused(self, why: Message, rule: str | None = None, stale: bool = False) -> None:
        """The table refused the move sent (``stale``: another move was played first); the seat takes one again."""
        self.pending = False
        if stale:
            why = _("Another move was played first: here is the table as it is now.")
        self.say("error", why, rule)

    def unsent(self) -> None:
        """The move did not reach the table: the seat takes one again."""
        self.pending = False

    def lost(self, why: Message | None = None) -> None:
        """This page lost its seat (freed, taken elsewhere, or the service stayed away): it takes no more moves."""
        why = why or _("This page lost its seat at the table: reload the page.")
        if self.gone != why:
            self.gone = why
            self.say("error", why)

    def _advice(self) -> Hint | None:
        return self.match.hint(self.seat, intended=self.intended())

    def log(self) -> list[Message]:
        return self.match.log(self.seat)
