"""The course of a round of Njet!: the board complete, the partner named, the tricks, the round's score and the
next deal, and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.core import BadState, Event, Result
from cardlib.core.cards import cards_text
from cardlib.core.i18n import N_, Message, listed
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.rng import shuffled
from cardlib.core.serial import excerpt, need, one_of, top, whole

from .board import PLAYERS, ROWS, is_space, next_player, seat_name
from .board import space_name as space_words
from .cards import DECK, sort_key
from .tricks import captured_ones, trick_winner

if TYPE_CHECKING:
    from .engine import NjetState

ROUNDS, HAND_SIZE = 8, 10


def board_complete(state: NjetState, log: list[Event]) -> None:
    rules = state.rules
    assert rules is not None  # the fifteenth stone is down
    if rules["super"] == "none":
        template = N_("The board is complete. {start} starts; {n} discards; trump {trump}; no super trump; ×{m}.")
    else:
        template = N_("The board is complete. {start} starts; {n} discards; trump {trump}; super trump {super}; ×{m}.")
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


def partner_named(state: NjetState, log: list[Event]) -> None:
    assert state.start is not None and state.partner is not None  # named just now, on a complete board (NJT-4)
    (a, b), (c, d) = state._teams()
    text = _(
        "{name} names {partner} as partner: {a} and {b} play against {c} and {d}.",
        name=seat_name(state.start),
        partner=seat_name(state.partner),
        a=seat_name(a),
        b=seat_name(b),
        c=seat_name(c),
        d=seat_name(d),
    )
    yours = _(
        "You name {partner} as partner: you play together against {c} and {d}.",
        partner=seat_name(state.partner),
        c=seat_name(c),
        d=seat_name(d),
    )
    name, partner = seat_name(state.start), seat_name(state.partner)
    others = {
        state.partner: _(
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
    log.append(Event("partner", text, "NJT-4", state.start, you=yours, others=others))
    if state.phase == "play":
        log.append(Event("discard", _("No discards this round."), "NJT-5"))
        play_begins(state, log)


def play_begins(state: NjetState, log: list[Event]) -> None:
    n = state.discard_count
    if n:
        text = ngettext("Everyone has laid {n} card aside.", "Everyone has laid {n} cards aside.", n)
        log.append(Event("discard", text, "NJT-5"))
    tricks = HAND_SIZE - n
    assert state.start is not None  # the board is complete
    text = ngettext(
        "{n} trick to play. {name} leads.", "{n} tricks to play. {name} leads.", tricks, name=seat_name(state.start)
    )
    yours = ngettext("{n} trick to play. You lead.", "{n} tricks to play. You lead.", tricks)
    log.append(Event("lead", text, "NJT-6", state.start, you=yours))


def trick_done(state: NjetState, log: list[Event]) -> None:
    rules = state.rules
    assert rules is not None  # tricks are played on a complete board
    winner, card = state.trick[trick_winner(state.trick, rules["trump"], rules["super"])]
    captured = captured_ones(state.trick, winner, state.team(winner))
    state.taken.append((winner, tuple(state.trick)))
    state.trick = []
    if captured:
        won = {"card": card.short, "ones": cards_text(captured)}
        text = _("{name} wins the trick with {card} and captures {ones}.", name=seat_name(winner), **won)
        yours = _("You win the trick with {card} and capture {ones}.", **won)
    else:
        text = _("{name} wins the trick with {card}.", name=seat_name(winner), card=card.short)
        yours = _("You win the trick with {card}.", card=card.short)
    log.append(Event("trick", text, "NJT-7", winner, data={"winner": winner}, you=yours))
    if not any(state.hands.values()):
        end_round(state, log)


def end_round(state: NjetState, log: list[Event]) -> None:
    """NJT-8: both teams score (tricks + captured 1s) x multiplier; each member adds it to its own total."""
    assert state.rules is not None  # the round's tricks were played on a complete board
    multiplier = int(state.rules["multiplier"])
    record: dict[str, Any] = {"round": state.round, "rules": dict(state.rules), "partner": state.partner}
    teams: list[dict[str, Any]] = []
    points: dict[str, int] = {}
    for team in state._teams():
        tricks = sum(winner in team for winner, _cards in state.taken)
        ones = sum(len(captured_ones(cards, winner, team)) for winner, cards in state.taken if winner in team)
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
        state.scores[player] += score
    state.rounds.append(record | {"teams": teams, "points": points})
    if state.round == ROUNDS:
        end_game(state, log)
        return
    state.round += 1
    state.dealer = next_player(state.dealer)  # NJT-9: the deal passes clockwise
    deal(state)
    dealer, first = state.dealer, state.stone_owner(0)
    text = _(
        "Round {n} of 8: {dealer} deals; {first} places the first stone.",
        n=state.round,
        dealer=seat_name(dealer),
        first=seat_name(first),
    )
    yours = _("Round {n} of 8: you deal; {first} places the first stone.", n=state.round, first=seat_name(first))
    theirs = _("Round {n} of 8: {dealer} deals; you place the first stone.", n=state.round, dealer=seat_name(dealer))
    log.append(Event("deal", text, "NJT-9", dealer, you=yours, others={first: theirs}))


def deal(state: NjetState) -> None:
    cards = shuffled(DECK, state.seed, "deal", state.round)
    for index, player in enumerate(PLAYERS):
        state.hands[player] = sorted(cards[index * HAND_SIZE : (index + 1) * HAND_SIZE], key=sort_key)
        state.discards[player] = []
    state.stones, state.partner, state.trick, state.taken, state._rules = [], None, [], [], None


def end_game(state: NjetState, log: list[Event]) -> None:
    winners = top(state.scores, PLAYERS)  # NJT-9: the most points win, equal ones share
    best = state.scores[winners[0]]
    names = [seat_name(p) for p in winners]
    others: dict[str, Message] = {}  # the end as each winner reads it
    if len(winners) == 1:
        reason = _("After 8 rounds {name} has the most points ({n}) and wins.", name=names[0], n=best)
        others = {winners[0]: _("After 8 rounds you have the most points ({n}) and win.", n=best)}
    else:
        reason = ngettext(
            "After 8 rounds {names} share the win with {n} point each.",
            "After 8 rounds {names} share the win with {n} points each.",
            best,
            names=listed(names),
        )
        for winner in winners:
            others[winner] = ngettext(
                "After 8 rounds you share the win with {names}, {n} point each.",
                "After 8 rounds you share the win with {names}, {n} points each.",
                best,
                names=listed(seat_name(p) for p in winners if p != winner),
            )
    state._result = Result(dict(state.scores), winners, reason, others)
    log.append(Event("game", reason, "NJT-9", others=others))


def read_round(record: Any, where: str, _state: Any) -> dict[str, Any]:
    """A played round's record, as the score table shows it; its numbers must agree with each other (NJT-8). Which
    round it is, the loader checks against the records before it."""
    round_number = whole(record, "round", where, 1, ROUNDS)
    rules = need(record, "rules", dict, where)
    if set(rules) != set(ROWS) or not all(
        isinstance(rules[row], str) and is_space(f"{row}:{rules[row]}") for row in ROWS
    ):
        raise BadState(f"{where}.rules must name a free space of each row of the board (NJT-2)")
    partner = one_of(need(record, "partner", str, where), PLAYERS, f"{where}.partner")
    if partner == rules["start"]:
        raise BadState(f"{where}.partner: the start player names another player as partner (NJT-4)")
    ours = (rules["start"], partner)
    theirs = tuple(p for p in PLAYERS if p not in ours)
    teams = need(record, "teams", list, where)
    if len(teams) != 2:
        raise BadState(f"{where}.teams: a round has two teams (NJT-4)")
    tricks = HAND_SIZE - int(rules["discards"])
    loaded: list[dict[str, Any]] = []
    points: dict[str, int] = {}
    for side, (team, players) in enumerate(zip(teams, (ours, theirs), strict=True)):
        at = f"{where}.teams[{side}]"
        if need(team, "players", list, at) != list(players):
            raise BadState(f"{at}.players must be {', '.join(players)}, the teams this round's partner makes (NJT-4)")
        won, ones = whole(team, "tricks", at, 0, tricks), whole(team, "ones", at, 0, 8)
        score = whole(team, "score", at)
        if score != (won + ones) * int(rules["multiplier"]):
            raise BadState(
                f"{at}.score: {won} tricks and {ones} ones times {rules['multiplier']} are not {score} (NJT-8)"
            )
        loaded.append({"players": list(players), "tricks": won, "ones": ones, "score": score})
        points |= dict.fromkeys(players, score)
    if loaded[0]["tricks"] + loaded[1]["tricks"] != tricks:
        raise BadState(f"{where}.teams: the two teams won {tricks} tricks between them (NJT-6)")
    if need(record, "points", dict, where) != points or set(record) != {"round", "rules", "partner", "teams", "points"}:
        raise BadState(f"{where}.points must give each player its team's score: {excerpt(points, 120)} (NJT-8)")
    return {"round": round_number, "rules": dict(rules), "partner": partner, "teams": loaded, "points": points}
