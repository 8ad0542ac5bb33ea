"""Njet!: each round's rules are chosen by elimination on a board, then partners play tricks (seed 001, NJT-1..10).

The state is a value. Who is to move and the phase are not stored: they follow from the stones, the partner,
the discards and the trick, so a loaded position can never disagree with itself.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlib.core import Event, Move, Result, State, Verdict
from cardlib.core.cards import cards_text
from cardlib.core.fields import EVENTS, RESULT, Field, cache, lists_of_cards, shared
from cardlib.core.i18n import N_, _, ngettext
from cardlib.core.rng import generator, shuffled
from cardlib.core.serial import top

from .board import CHARACTERS, PLAYERS, SPACES, STONES, is_space, next_player, rules_in_force, seat_name
from .board import space_name as space_words
from .cards import COLOURS, DECK, NjetCard
from .legality import verdict
from .tricks import Played, captured_ones, shown_out, trick_winner

if TYPE_CHECKING:
    from .game import Njet

ROUNDS, HAND_SIZE = 8, 10
FIRST_DEALER = "east"  # so that South, the learner's seat, places the first stone of the game
# Whole sentences, one per row, so that a translation never glues fragments (docs/design.md, "Words on the screen").
STONE_LABELS = {
    "start": N_("Njet! {space} will not start"),
    "discards": N_("Njet! Not {space} discards"),
    "trump": N_("Njet! {space} will not be trump"),
    "super": N_("Njet! {space} will not be super trump"),
    "multiplier": N_("Njet! The multiplier will not be {space}"),
}
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


def sort_key(card: NjetCard) -> tuple[int, int, str]:
    return COLOURS.index(card.colour), card.value, card.copy


def copied(data: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, values), much quicker than ``copy.deepcopy``."""
    if isinstance(data, dict):
        return {key: copied(value) for key, value in data.items()}
    return [copied(value) for value in data] if isinstance(data, list) else data


def played(cards: Sequence[Played]) -> list[list[str]]:
    """Cards played to a trick, as JSON: who played which."""
    return [[who, str(card)] for who, card in cards]


def taken_json(taken: Sequence[tuple[str, tuple[Played, ...]]]) -> list[dict[str, Any]]:
    """This round's finished tricks, as JSON."""
    return [{"winner": winner, "cards": played(cards)} for winner, cards in taken]


def deal_around(
    unseen: list[NjetCard], sizes: dict[str, int], out: Mapping[str, set[str]], rng: random.Random
) -> dict[str, list[NjetCard]]:
    """Deal ``unseen`` into hands of ``sizes`` so that nobody gets a colour it is ``out`` of; the rest is laid
    aside (under "aside": those cards were never seen, NJT-5, so they can be any). The true deal is such a deal,
    so one exists. Each card, in random order, goes to a player who may hold it, drawn in proportion to the room
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
        open_ = [holder for holder in takers[card.colour] if room[holder]]
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
        shared("round"),
        shared("dealer"),
        Field("stones", list.copy, list.copy),
        shared("partner"),
        lists_of_cards("hands"),
        lists_of_cards("discards"),
        Field("trick", list.copy, played),
        Field("taken", list.copy, taken_json),
        Field("scores", dict, dict),
        Field("rounds", list.copy, copied),
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

    def check(self, move: Move) -> Verdict:
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
                else:
                    others[named] = _(
                        "{name} says Njet! to you ({character}) as start player.", name=name, character=character
                    )
            data = {"space": move.zone}
            log.append(Event("stone", text, "NJT-3", player, data=data, you=yours, others=others))
            if len(new.stones) == STONES:
                new._board_complete(log)
        elif move.action == "partner":
            new.partner = move.zone
            new._partner_named(log)
        else:
            card = NjetCard.parse(move.card)
            new.hands[player].remove(card)
            if move.action == "discard":
                new.discards[player].append(card)
                text = _("{name} lays a card aside.", name=name)
                log.append(Event("discard", text, "NJT-5", player, you=_("You lay a card aside.")))
                log.append(Event("discard", _("You lay {card} aside.", card=card.short), "NJT-5", player, only=player))
                if new.phase == "play":
                    new._play_begins(log)
            else:
                new.trick.append((player, card))
                text = _("{name} plays {card}.", name=name, card=card.short)
                yours = _("You play {card}.", card=card.short)
                log.append(Event("play", text, "NJT-6", player, data={"card": str(card)}, you=yours))
                if len(new.trick) == len(PLAYERS):
                    new._trick_done(log)
        new._events, new._memo = tuple(log), {}  # the move may have changed the phase or the turn midway
        return new

    # -- the course of a round -----------------------------------------------------------------------------------

    def _board_complete(self, log: list[Event]) -> None:
        rules = self.rules
        assert rules is not None  # the fifteenth stone is down
        if rules["super"] == "none":
            template = N_("The board is complete. {start} starts; {n} discards; trump {trump}; no super trump; ×{m}.")
        else:
            template = N_(
                "The board is complete. {start} starts; {n} discards; trump {trump}; super trump {super}; ×{m}."
            )
        if rules["super"] == "none":
            yours = N_("The board is complete. You start; {n} discards; trump {trump}; no super trump; ×{m}.")
        else:
            yours = N_("The board is complete. You start; {n} discards; trump {trump}; super trump {super}; ×{m}.")
        words = {
            "n": rules["discards"],
            "trump": space_words(f"trump:{rules['trump']}"),
            "super": space_words(f"super:{rules['super']}"),
            "m": rules["multiplier"],
        }
        text = _(template, start=seat_name(rules["start"]), **words)
        starter = rules["start"]  # the start player reads "You start"
        log.append(Event("board", text, "NJT-3", starter, data={"rules": dict(rules)}, you=_(yours, **words)))

    def _partner_named(self, log: list[Event]) -> None:
        assert self.start is not None and self.partner is not None  # named just now, on a complete board (NJT-4)
        (a, b), (c, d) = self._teams()
        text = _(
            "{name} names {partner} as partner: {a} and {b} play against {c} and {d}.",
            name=seat_name(self.start),
            partner=seat_name(self.partner),
            a=seat_name(a),
            b=seat_name(b),
            c=seat_name(c),
            d=seat_name(d),
        )
        yours = _(
            "You name {partner} as partner: you play together against {c} and {d}.",
            partner=seat_name(self.partner),
            c=seat_name(c),
            d=seat_name(d),
        )
        name, partner = seat_name(self.start), seat_name(self.partner)
        others = {
            self.partner: _(
                "{name} names you as partner: you play together against {c} and {d}.",
                name=name,
                c=seat_name(c),
                d=seat_name(d),
            ),
            **{
                them: _(
                    "{name} names {partner} as partner: they play against you and {mate}.",
                    name=name,
                    partner=partner,
                    mate=seat_name(mate),
                )
                for them, mate in ((c, d), (d, c))
            },
        }
        log.append(Event("partner", text, "NJT-4", self.start, you=yours, others=others))
        if self.phase == "play":
            log.append(Event("discard", _("No discards this round."), "NJT-5"))
            self._play_begins(log)

    def _play_begins(self, log: list[Event]) -> None:
        n = self.discard_count
        if n:
            text = ngettext("Everyone has laid {n} card aside.", "Everyone has laid {n} cards aside.", n)
            log.append(Event("discard", text, "NJT-5"))
        tricks = HAND_SIZE - n
        assert self.start is not None  # the board is complete
        text = ngettext(
            "{n} trick to play. {name} leads.", "{n} tricks to play. {name} leads.", tricks, name=seat_name(self.start)
        )
        yours = ngettext("{n} trick to play. You lead.", "{n} tricks to play. You lead.", tricks)
        log.append(Event("lead", text, "NJT-6", self.start, you=yours))

    def _trick_done(self, log: list[Event]) -> None:
        rules = self.rules
        assert rules is not None  # tricks are played on a complete board
        winner, card = self.trick[trick_winner(self.trick, rules["trump"], rules["super"])]
        captured = captured_ones(self.trick, winner, self.team(winner))
        self.taken.append((winner, tuple(self.trick)))
        self.trick = []
        if captured:
            won = {"card": card.short, "ones": cards_text(captured)}
            text = _("{name} wins the trick with {card} and captures {ones}.", name=seat_name(winner), **won)
            yours = _("You win the trick with {card} and capture {ones}.", **won)
        else:
            text = _("{name} wins the trick with {card}.", name=seat_name(winner), card=card.short)
            yours = _("You win the trick with {card}.", card=card.short)
        log.append(Event("trick", text, "NJT-7", winner, data={"winner": winner}, you=yours))
        if not any(self.hands.values()):
            self._end_round(log)

    def _end_round(self, log: list[Event]) -> None:
        """NJT-8: both teams score (tricks + captured 1s) x multiplier; each member adds it to its own total."""
        assert self.rules is not None  # the round's tricks were played on a complete board
        multiplier = int(self.rules["multiplier"])
        record: dict[str, Any] = {"round": self.round, "rules": dict(self.rules), "partner": self.partner}
        teams: list[dict[str, Any]] = []
        points: dict[str, int] = {}
        for team in self._teams():
            tricks = sum(winner in team for winner, _cards in self.taken)
            ones = sum(len(captured_ones(cards, winner, team)) for winner, cards in self.taken if winner in team)
            score = (tricks + ones) * multiplier
            teams.append({"players": list(team), "tricks": tricks, "ones": ones, "score": score})
            points |= dict.fromkeys(team, score)
            text = ngettext(  # the counts stand after their nouns, so only the score needs a plural
                "{a} and {b}: tricks won ({tricks}) plus 1s captured ({ones}), ×{m}: {n} point each.",
                "{a} and {b}: tricks won ({tricks}) plus 1s captured ({ones}), ×{m}: {n} points each.",
                score,
                a=seat_name(team[0]),
                b=seat_name(team[1]),
                tricks=tricks,
                ones=ones,
                m=multiplier,
            )
            # each of the two reads its partner's name beside "You"
            others = {
                me: ngettext(
                    "You and {b}: tricks won ({tricks}) plus 1s captured ({ones}), ×{m}: {n} point each.",
                    "You and {b}: tricks won ({tricks}) plus 1s captured ({ones}), ×{m}: {n} points each.",
                    score,
                    b=seat_name(mate),
                    tricks=tricks,
                    ones=ones,
                    m=multiplier,
                )
                for me, mate in (team, team[::-1])
            }
            log.append(Event("score", text, "NJT-8", data={"team": list(team), "score": score}, others=others))
        for player, score in points.items():
            self.scores[player] += score
        self.rounds.append(record | {"teams": teams, "points": points})
        if self.round == ROUNDS:
            self._end_game(log)
            return
        self.round += 1
        self.dealer = next_player(self.dealer)  # NJT-9: the deal passes clockwise
        self._deal()
        dealer, first = self.dealer, self.stone_owner(0)
        text = _(
            "Round {n} of 8: {dealer} deals; {first} places the first stone.",
            n=self.round,
            dealer=seat_name(dealer),
            first=seat_name(first),
        )
        yours = _("Round {n} of 8: you deal; {first} places the first stone.", n=self.round, first=seat_name(first))
        theirs = _("Round {n} of 8: {dealer} deals; you place the first stone.", n=self.round, dealer=seat_name(dealer))
        log.append(Event("deal", text, "NJT-9", dealer, you=yours, others={first: theirs}))

    def _deal(self) -> None:
        cards = shuffled(DECK, self.seed, "deal", self.round)
        for index, player in enumerate(PLAYERS):
            self.hands[player] = sorted(cards[index * HAND_SIZE : (index + 1) * HAND_SIZE], key=sort_key)
            self.discards[player] = []
        self.stones, self.partner, self.trick, self.taken, self._rules = [], None, [], [], None

    def _end_game(self, log: list[Event]) -> None:
        winners = top(self.scores, PLAYERS)  # NJT-9: the most points win, equal ones share
        best = self.scores[winners[0]]
        names = [seat_name(p) for p in winners]
        others: dict[str, str] = {}  # the end as each winner reads it
        if len(winners) == 1:
            reason = _("After 8 rounds {name} has the most points ({n}) and wins.", name=names[0], n=best)
            others = {winners[0]: _("After 8 rounds you have the most points ({n}) and win.", n=best)}
        else:
            reason = ngettext(
                "After 8 rounds {names} share the win with {n} point each.",
                "After 8 rounds {names} share the win with {n} points each.",
                best,
                names=", ".join(names),
            )
            for winner in winners:
                others[winner] = ngettext(
                    "After 8 rounds you share the win with {names}, {n} point each.",
                    "After 8 rounds you share the win with {names}, {n} points each.",
                    best,
                    names=", ".join(seat_name(p) for p in winners if p != winner),
                )
        self._result = Result(dict(self.scores), winners, reason, others)
        log.append(Event("game", reason, "NJT-9", others=others))

    # -- what can be seen ---------------------------------------------------------------------------------------

    def _view(self, player: str | None) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "to_move": self.to_move,
            "round": self.round,
            "dealer": self.dealer,
            "stones": [[self.stone_owner(i), space] for i, space in enumerate(self.stones)],
            "rules": dict(self.rules) if self.rules else None,  # a copy: a view never changes the game
            "start": self.start,
            "partner": self.partner,
            "discard_count": self.discard_count,
            "hands": {p: [str(c) for c in cards] if p == player else None for p, cards in self.hands.items()},
            "hand_sizes": {p: len(cards) for p, cards in self.hands.items()},
            "discards": {p: [str(c) for c in cards] if p == player else None for p, cards in self.discards.items()},
            "discard_sizes": {p: len(cards) for p, cards in self.discards.items()},
            "trick": played(self.trick),
            "taken": taken_json(self.taken),
            "scores": dict(self.scores),
            "rounds": copied(self.rounds),  # a copy: whoever reads the view cannot change the game
        }

    def label(self, move: Move) -> str:
        if move.action == "stone":
            row = str(move.zone).partition(":")[0]
            if move.zone == "super:none":
                return _("Njet! There will be a super trump")
            return _(STONE_LABELS.get(row, "{space}"), space=space_words(move.zone) if is_space(move.zone) else "?")
        if move.action == "partner":
            return _(
                "Name {name} as your partner", name=seat_name(move.zone) if move.zone in PLAYERS else str(move.zone)
            )
        card = NjetCard.parse(move.card)
        return _("Lay {card} aside", card=card.short) if move.action == "discard" else _("Play {card}", card=card.short)

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
