"""Njet!: each round's rules are chosen by elimination on a board, then partners play tricks (seed 001, NJT-1..10).

The state is a value. Who is to move and the phase are not stored: they follow from the stones, the partner,
the discards and the trick, so a loaded position can never disagree with itself.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardlib.core import Event, Move, Result, State, Verdict
from cardlib.core.fields import EVENTS, RESULT, Field, cache, lists_of_cards, shared
from cardlib.core.i18n import N_, Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.rng import generator
from cardlib.core.serial import by_player, choice, listed, number

from . import views
from .board import CHARACTERS, PLAYERS, SPACES, STONES, next_player, read_stones, rules_in_force, seat_name
from .board import space_name as space_words
from .cards import NjetCard, hand, njet_card, sort_key
from .legality import verdict
from .rounds import ROUNDS, board_complete, partner_named, play_begins, read_round, trick_done
from .tricks import Played, shown_out
from .views import copied, played, read_played, read_taken, taken_json

if TYPE_CHECKING:
    from .game import Njet

FIRST_DEALER = "east"  # so that South, the learner's seat, places the first stone of the game
# Whole sentences, one per row, so that a translation never glues fragments (docs/design.md, "Words on the screen").
STONE_EVENTS = {
    "start": N_("{name} says Njet! to {space} as start player."),
    "discards": N_("{name} says Njet! to {space} discards."),
    "trump": N_("{name} says Njet! to {space} as trump."),
    "super": N_("{name} says Njet! to {space} as super trump."),
    "multiplier": N_("{name} says Njet! to the multiplier {space}."),
}
STONE_YOU = {  # the same, as the player who placed the stone reads it
    "start": N_("You say Njet! to {space} as start player."),
    "discards": N_("You say Njet! to {space} discards."),
    "trump": N_("You say Njet! to {space} as trump."),
    "super": N_("You say Njet! to {space} as super trump."),
    "multiplier": N_("You say Njet! to the multiplier {space}."),
}


def deal_around(
    unseen: list[NjetCard], sizes: dict[str, int], out: Mapping[str, set[str]], rng: random.Random
) -> dict[str, list[NjetCard]]:
    """Deal ``unseen`` into hands of ``sizes`` so that nobody gets a colour it is ``out`` of; the rest is laid
    aside (under "aside": those cards were never seen, NJT-5, so they can be any). In a game played by the rules
    the true deal is such a deal, so one exists; a position whose history breaks NJT-6 (a prepared position's
    filler tricks, a damaged save) may have none, and then a card no player may take goes where there is room.
    Each card, in random order, goes to a player who may hold it, drawn in proportion to the room
    left in its hand, unless that leaves no way to deal the rest (Hall's condition over the colours): then
    another is drawn."""
    room = {**sizes, "aside": len(unseen) - sum(sizes.values())}
    cards = rng.sample(unseen, len(unseen))
    if not any(out.get(holder) for holder in sizes):
        return {holder: [cards.pop() for _card in range(size)] for holder, size in room.items()}
    colours = sorted({card.colour for card in unseen})
    takers = {colour: sorted(h for h in room if colour not in out.get(h, ())) for colour in colours}
    left = dict.fromkeys(colours, 0)
    for card in unseen:
        left[card.colour] += 1
    groups = []  # each set of colours with the players who may hold one of them, where not everybody may
    for mask in range(1, 1 << len(colours)):
        chosen = [colour for bit, colour in enumerate(colours) if mask >> bit & 1]
        holders = set().union(*(takers[colour] for colour in chosen))
        if len(holders) < len(room):
            groups.append((chosen, sorted(holders)))

    def dealable() -> bool:
        return all(sum(left[c] for c in chosen) <= sum(room[h] for h in holders) for chosen, holders in groups)

    hands: dict[str, list[NjetCard]] = {holder: [] for holder in room}
    for card in cards:
        left[card.colour] -= 1
        open_ = [holder for holder in takers[card.colour] if room[holder]] or [h for h in room if room[h]]
        while True:
            holder = rng.choices(open_, weights=[room[h] for h in open_])[0]
            room[holder] -= 1
            if len(open_) == 1 or dealable():
                break
            room[holder] += 1
            open_.remove(holder)
        hands[holder].append(card)
    return hands


class NjetState(State):
    __slots__ = (
        "_events",
        "_memo",
        "_result",
        "_rules",
        "dealer",
        "discards",
        "hands",
        "partner",
        "round",
        "rounds",
        "scores",
        "seed",
        "stones",
        "taken",
        "trick",
    )
    FIELDS = (
        Field("game", dump=None),
        shared("seed"),
        shared("round", choice(range(1, ROUNDS + 1))),
        shared("dealer", choice(PLAYERS)),
        Field("stones", list.copy, list.copy, load=read_stones),
        shared("partner", choice((None, *PLAYERS))),
        lists_of_cards("hands", by_player(hand)),
        lists_of_cards("discards", by_player(listed(njet_card))),
        Field("trick", list.copy, played, load=read_played),
        Field("taken", list.copy, taken_json, load=listed(read_taken)),
        Field("scores", dict, dict, load=by_player(number())),
        Field("rounds", list.copy, copied, load=listed(read_round)),
        EVENTS,
        RESULT,
        Field("_rules", dump=None),  # worked out from the stones: a clone shares it, as no move changes it in place
        cache("_memo", dict),
    )

    def __init__(self, game: Njet, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.round = 1
        self.dealer = FIRST_DEALER
        self.stones: list[str] = []  # spaces in the order they were blocked; the owner follows from the order
        self.partner: str | None = None
        self.hands: dict[str, list[NjetCard]] = {player: [] for player in PLAYERS}
        self.discards: dict[str, list[NjetCard]] = {player: [] for player in PLAYERS}
        self.trick: list[Played] = []
        self.taken: list[tuple[str, tuple[Played, ...]]] = []  # (winner, cards) of this round's finished tricks
        self.scores = dict.fromkeys(PLAYERS, 0)
        self.rounds: list[dict[str, Any]] = []  # what each finished round came to, for the score table
        self._events: tuple[Event, ...] = ()
        self._result: Result | None = None
        self._rules: dict[str, str] | None = None  # worked out from the stones when first asked for
        self._memo: dict[str, Any] = {}  # phase and player to move, worked out once the state is made

    # -- what follows from the position ------------------------------------------------------------------------

    @property
    def rules(self) -> dict[str, str] | None:
        """The round's rules (each row's free space) once all 15 stones are down."""
        if self._rules is None and len(self.stones) == STONES:
            self._rules = rules_in_force(self.stones)
        return self._rules

    @property
    def start(self) -> str | None:
        return self.rules["start"] if self.rules else None

    @property
    def discard_count(self) -> int:
        rules = self.rules
        return int(rules["discards"]) if rules else 0

    @property
    def phase(self) -> str:
        if "phase" not in self._memo:
            self._memo["phase"] = self._phase()
        return self._memo["phase"]

    def _phase(self) -> str:
        if self._result:
            return "over"
        if len(self.stones) < STONES:
            return "stones"
        if self.partner is None:
            return "partner"
        if any(len(cards) < self.discard_count for cards in self.discards.values()):
            return "discard"
        return "play"

    def stone_owner(self, index: int) -> str:
        """NJT-3: stones go clockwise from the dealer's left."""
        return next_player(self.dealer, 1 + index)

    def team(self, player: str) -> tuple[str, ...] | None:
        """``player`` and its partner this round (None before the partner is named)."""
        if self.partner is None:
            return None
        assert self.start is not None  # a partner is named only once the board is complete (NJT-4)
        ours = (self.start, self.partner)
        return ours if player in ours else tuple(p for p in PLAYERS if p not in ours)

    def _teams(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The start player's team, then the other one: only once the partner is named (NJT-4)."""
        assert self.start is not None  # the partner is named on a complete board
        ours = self.team(self.start)
        assert ours is not None
        theirs = self.team(next(p for p in PLAYERS if p not in ours))
        assert theirs is not None
        return ours, theirs

    @property
    def leader(self) -> str | None:
        return self.taken[-1][0] if self.taken else self.start

    @property
    def players(self) -> tuple[str, ...]:
        return PLAYERS

    @property
    def to_move(self) -> str | None:
        if "to_move" not in self._memo:
            self._memo["to_move"] = self._to_move()
        return self._memo["to_move"]

    def _to_move(self) -> str | None:
        phase = self.phase
        if phase == "over":
            return None
        if phase == "stones":
            return self.stone_owner(len(self.stones))
        if phase == "partner":
            return self.start
        if phase == "discard":  # NJT-5: one after the other from the start player, unseen by the others
            assert self.start is not None  # the board is complete
            return next(p for p in self._from(self.start) if len(self.discards[p]) < self.discard_count)
        return next_player(self.trick[-1][0]) if self.trick else self.leader

    @staticmethod
    def _from(player: str) -> list[str]:
        return [next_player(player, steps) for steps in range(len(PLAYERS))]

    # -- moves ---------------------------------------------------------------------------------------------------

    def candidate_moves(self) -> list[Move]:
        phase = self.phase
        if phase == "stones":
            return [Move("stone", zone=f"{row}:{value}") for row, values in SPACES.items() for value in values]
        if phase == "partner":
            return [Move("partner", zone=player) for player in PLAYERS]
        if phase in ("discard", "play"):
            assert self.to_move is not None  # only the phase "over" has nobody to move
            return [Move(phase, str(card)) for card in self.hands[self.to_move]]
        return []

    def _check(self, move: Move) -> Verdict:
        return verdict(self, move)

    def play_unchecked(self, move: Move) -> NjetState:
        player, new, log = self.to_move, self.clone(), []
        assert player is not None  # a legal move has a player to make it: the game is not over
        name = seat_name(player)
        if move.action == "stone":
            assert move.zone is not None  # check() found it a space of the board
            new.stones.append(move.zone)
            row = move.zone.partition(":")[0]
            text = _(STONE_EVENTS[row], name=name, space=space_words(move.zone))
            yours = _(STONE_YOU[row], space=space_words(move.zone))
            others = {}
            if row == "start":  # the seat a start stone names reads it as about itself
                named = move.zone.partition(":")[2]
                character = _(CHARACTERS[named])
                if named == player:
                    yours = _("You say Njet! to yourself ({character}) as start player.", character=character)
                    text = _(
                        "{name} says Njet! to itself ({character}) as start player.", name=name, character=character
                    )
                else:
                    others[named] = _(
                        "{name} says Njet! to you ({character}) as start player.", name=name, character=character
                    )
            data = {"space": move.zone}
            log.append(Event("stone", text, "NJT-3", player, data=data, you=yours, others=others))
            if len(new.stones) == STONES:
                board_complete(new, log)
        elif move.action == "partner":
            new.partner = move.zone
            partner_named(new, log)
        else:
            card = NjetCard.parse(move.card)
            new.hands[player].remove(card)
            if move.action == "discard":
                new.discards[player].append(card)
                text = _("{name} lays a card aside.", name=name)
                log.append(Event("discard", text, "NJT-5", player, you=_("You lay a card aside.")))
                log.append(Event("discard", _("You lay {card} aside.", card=card.short), "NJT-5", player, only=player))
                if new.phase == "play":
                    play_begins(new, log)
            else:
                new.trick.append((player, card))
                text = _("{name} plays {card}.", name=name, card=card.short)
                yours = _("You play {card}.", card=card.short)
                log.append(Event("play", text, "NJT-6", player, data={"card": str(card)}, you=yours))
                if len(new.trick) == len(PLAYERS):
                    trick_done(new, log)
        new._events, new._memo = tuple(log), {}  # the move may have changed the phase or the turn midway
        return new

    # -- what can be seen ---------------------------------------------------------------------------------------

    def _view(self, player: str | None) -> dict[str, Any]:
        return views.view(self, player)

    def label(self, move: Move) -> Message:
        return views.label(self, move)

    # -- hidden information ---------------------------------------------------------------------------------------

    def determinize(self, player: str, seed: int) -> NjetState:
        """Redraw what ``player`` cannot see: the other players' hands and discards, keeping every count and the
        colours a player has shown to be out of this round (it did not follow them, NJT-6)."""
        new = self.clone()
        new.seed = seed  # the true seed would predict the next rounds' deals
        new._events = tuple(event for event in self._events if event.only in (None, player))
        others = [p for p in PLAYERS if p != player]
        # Sorted before shuffling, so the worlds depend only on what ``player`` sees (search bots rely on it).
        unseen = sorted((c for p in others for c in self.hands[p] + self.discards[p]), key=sort_key)
        out = shown_out([cards for _winner, cards in self.taken] + [self.trick])
        hands = deal_around(unseen, {p: len(self.hands[p]) for p in others}, out, generator(seed, "unseen"))
        aside = hands["aside"]
        for p in others:
            new.hands[p] = sorted(hands[p], key=sort_key)
            new.discards[p], aside = aside[: len(self.discards[p])], aside[len(self.discards[p]) :]
        return new

    def __repr__(self) -> str:
        return f"<NjetState round {self.round}, {self.phase}, {self.to_move or 'over'} to move: {self.scores}>"
