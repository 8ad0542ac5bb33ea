"""The search bot, the three strengths and the hint, for every game in ``cardlib.games`` (issue 8).

Budgets are tiny (a dozen iterations) and the time cap far away, so every decision here is reproducible and the
whole file runs in a few seconds per game. Strength and latency are measured in benchmarks/strength.py instead.
"""

from __future__ import annotations

from functools import cache

import pytest

import cardlib
from cardlib.core import Move, Result, search
from cardlib.core.bots import RandomBot, consequences, hint
from cardlib.core.lessons import LessonBot
from cardlib.core.search import Analysis, EasyBot, Estimate, SearchBot, advantage, margins, outcome
from cardlib.games import describe
from cardlib.games.pattuglia.positions import position

GAME_IDS = list(cardlib.GAMES)


def bots_of(game_id: str) -> dict:
    return describe(game_id).bots()


def small(game_id: str, seed: int = 0) -> SearchBot:
    """The game's hard bot on a test budget: reproducible (no time cap in reach), quick. A game whose table has
    no hard bot yet gets the search over its medium bot, so the checks below still cover it."""
    bots = bots_of(game_id)
    bot = bots["hard"](seed=seed) if "hard" in bots else SearchBot(bots["medium"](seed=0), seed=seed)
    bot.iterations, bot.seconds = 8, 60.0
    return bot


@cache
def positions(game_id: str, count: int = 4, seed: int = 5) -> list:
    """``count`` positions with a real choice, spread over the first 45 such decisions of a game the medium bot
    plays against itself (so Njet! reaches its tricks, after the board)."""
    game = cardlib.load(game_id)
    medium = bots_of(game_id)["medium"](seed=0)
    state, choices = game.new(seed=seed), []
    while not state.is_over and len(choices) < 45:
        if len(state.legal_moves()) > 1:
            choices.append(state)
        state = state.play(medium.decide(state, state.to_move).move)
    return choices[:: max(1, len(choices) // count)][:count]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_offers_easy_medium_and_hard_bots_that_play_legal_moves(game_id):
    bots = bots_of(game_id)
    assert {"easy", "medium", "hard"} <= set(bots), "use cardlib.core.search.strengths(YourBot) for the BOTS table"
    state = positions(game_id)[0]
    for name, factory in bots.items():
        bot = factory(seed=3)  # the app's strength menu calls exactly this
        if isinstance(bot, SearchBot):
            bot.iterations, bot.seconds = 6, 60.0
        decision = bot.decide(state, state.to_move)
        assert state.is_legal(decision.move), (name, decision.move)
        assert decision.reason, name


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_and_same_position_give_the_same_move(game_id):
    game = cardlib.load(game_id)
    for state in positions(game_id, count=4)[1:3]:
        player = state.to_move
        first = small(game_id, seed=7).decide(state, player)
        again = small(game_id, seed=7).decide(state, player)
        reloaded = small(game_id, seed=7).decide(game.from_json(state.to_json()), player)
        assert first == again == reloaded


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_search_reads_only_its_own_view(game_id):
    """A state that differs only in cards hidden from the seat (a determinization of it: other hands, deck orders)
    shows the seat the same view, and the search then makes exactly the same choices and estimates, seed by seed:
    its worlds come from ``determinize``, which depends on the view alone."""
    for state in positions(game_id, count=4)[::3]:
        player = state.to_move
        disguised = state.determinize(player, 424242)
        assert disguised.view(player) == state.view(player)
        assert disguised.to_json() != state.to_json() or not hidden_cards(state, player)
        for seed in range(2):
            bot = small(game_id, seed=seed)
            assert bot.analyse(state, player) == bot.analyse(disguised, player)
        assert small(game_id, seed=5).decide(state, player) == small(game_id, seed=5).decide(disguised, player)


def hidden_cards(state, player) -> bool:
    """Whether anything is hidden from ``player`` (else a determinization is the state itself)."""
    return state.determinize(player, 1).to_json() != state.determinize(player, 2).to_json()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hints_name_real_rulings_and_say_what_the_move_changes(game_id):
    game = cardlib.load(game_id)
    for state in positions(game_id, count=4)[:3]:
        advice = hint(state, small(game_id))
        assert state.is_legal(advice.move)
        assert advice.rules and set(advice.rules) <= set(game.rules), advice.rules
        said = str(advice.said)
        assert str(advice.label) in said and str(advice.reason) in said


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hint_says_why_the_learners_intended_move_is_refused_or_worse(game_id):
    state = positions(game_id)[0]
    bot = small(game_id)
    best = bot.decide(state, state.to_move).move
    other = next(move for move in state.legal_moves() if move != best)
    compared = hint(state, bot, intended=other)
    assert compared.move == best
    assert compared.compared and str(state.label(other)) in str(compared.compared[0])
    # in words, never a bare score, and nothing the worse move would gain is put forward
    said = str(compared.said)
    assert "%" not in said and "instead" not in said
    assert any(word in str(compared.compared[0]) for word in ("worse", "about as good", "better"))
    same = hint(state, bot, intended=str(best))
    assert [str(line) for line in same.compared] == ["That is the move the hint makes too."]
    refused = next(
        (move for move in state.candidate_moves() if not state.check(move)),
        None,
    )
    if refused is not None:
        verdict = state.check(refused)
        advice = hint(state, bot, intended=refused)
        # the refusal has just said why: the hint says what to do instead, and neither repeats nor names it
        assert advice.instead and advice.compared == () and str(verdict.reason) not in str(advice.said)
        assert str(advice.said).startswith("Try this instead: ") and advice.rules == hint(state, bot).rules


def test_the_hint_without_an_intended_move_still_works_with_any_bot():
    state = positions("napoletana")[0]
    advice = hint(state, RandomBot(seed=1))
    assert state.is_legal(advice.move) and advice.compared == ()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hints_in_every_lesson_lead_to_its_success(game_id):
    lessons = describe(game_id).lessons()
    game = cardlib.load(game_id)
    for lesson in lessons:
        state = lesson.start()
        for _step in range(len(lesson.solution)):
            advice = hint(state, LessonBot(lesson))
            assert set(advice.rules) <= set(game.rules)
            state = state.play(advice.move)
            if lesson.success(state):
                break
        assert lesson.success(state), lesson.id


def test_outcome_pays_the_winner_most_and_shares_a_shared_win():
    state = positions("napoletana")[0]

    def finished(scores, winners):
        copy = state.game.from_json(state.to_json())
        copy._result = Result(scores, winners, "test")
        return copy

    alone = outcome(finished({"red": 2, "black": 0}, ("red",)))
    assert alone["red"] == 1.0 and alone["black"] == 0.0
    draw = outcome(finished({"red": 1, "black": 1}, ()))
    assert draw == {"red": 0.5, "black": 0.5}


def test_margins_are_level_at_half_and_favour_the_leader():
    values = margins({"a": 10, "b": 0, "c": 0, "d": 0}, 5)
    assert values["a"] > 0.5 > values["b"] == values["c"] == values["d"]
    assert margins({"a": 3, "b": 3}, 5) == {"a": 0.5, "b": 0.5}


def test_easy_bot_mixes_the_heuristic_with_random_moves_reproducibly():
    state = positions("senza_nome")[0]
    heuristic = bots_of("senza_nome")["medium"](seed=0)
    picks = [EasyBot(heuristic, seed=seed).decide(state, state.to_move).move for seed in range(12)]
    assert picks == [EasyBot(heuristic, seed=seed).decide(state, state.to_move).move for seed in range(12)]
    assert all(isinstance(move, Move) and state.is_legal(move) for move in picks)


def test_the_search_overrides_the_heuristic_only_on_a_clear_paired_gain():
    usual = Estimate(Move("keep"), (0.2, 0.6, 0.4, 0.8, 0.5, 0.3))
    steady = Estimate(Move("pass"), tuple(reward + 0.1 for reward in usual.rewards))  # 0.1 better in every world
    mean, error = advantage(steady, usual)
    assert mean == pytest.approx(0.1) and error == pytest.approx(0.0, abs=1e-9)
    bot = SearchBot(margin=0.02, confidence=1.5)
    assert bot.clearly_better(steady, usual)
    noisy = Estimate(Move("pass"), (0.9, 0.1, 0.9, 0.1, 0.9, 0.1))  # better on average, but only by the luck of deals
    assert advantage(noisy, usual)[0] > 0.02 and not bot.clearly_better(noisy, usual)
    slight = Estimate(Move("pass"), tuple(reward + 0.01 for reward in usual.rewards))  # sure, but below the margin
    assert not bot.clearly_better(slight, usual)
    assert not bot.clearly_better(Estimate(Move("pass"), (1.0, 1.0, 1.0)), usual)  # three deals are too few


@pytest.mark.parametrize("game_id", ["napoletana", "senza_nome"])
def test_halving_keeps_the_heuristics_move_to_the_end_and_plays_every_move_in_the_same_worlds(game_id):
    state = max(positions(game_id), key=lambda state: len(state.legal_moves()))
    moves = state.legal_moves()
    assert len(moves) > 2
    bot = small(game_id, seed=2)
    bot.iterations = 6 * len(moves)
    for first in (moves[0], moves[-1]):  # whichever move the heuristic would make
        analysis = bot.analyse(state, state.to_move, first=first)
        most = max(estimate.visits for estimate in analysis.estimates)
        assert analysis.of(first).visits == most > 1
        assert {estimate.move for estimate in analysis.estimates} == set(moves)
        assert min(estimate.visits for estimate in analysis.estimates) < most  # the weaker half was dropped
        assert analysis.iterations == sum(estimate.visits for estimate in analysis.estimates)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_search_cut_short_by_its_time_cap_plays_the_heuristics_move(game_id):
    """On a machine too slow for the budget the hard bot is the medium bot, never a noisy guess."""
    medium = bots_of(game_id)["medium"](seed=0)
    for state in positions(game_id)[:2]:
        bot = small(game_id)
        bot.iterations, bot.seconds = 10_000, 0.0
        assert bot.decide(state, state.to_move) == medium.decide(state, state.to_move)


def test_a_search_the_cap_stops_after_many_deals_still_plays_the_heuristics_move(monkeypatch):
    """Issue 14: when the time cap is reached the hard bot gives the medium move, even with deals enough for a
    verdict, since the deals it played are not the ones its budget would have weighed. The clock is faked: each
    reading is a millisecond later, so the cap comes after a fixed number of rollouts."""
    clock = iter(range(10**9))
    monkeypatch.setattr(search.time, "perf_counter", lambda: next(clock) / 1000)
    for game_id in GAME_IDS:
        state = positions(game_id)[1]
        bot = small(game_id)
        bot.iterations, bot.seconds, bot.margin, bot.confidence = 10_000, 0.2, -1.0, -1.0  # any move would do
        decision = bot.decide(state, state.to_move)
        assert bot.last_cut and decision == bots_of(game_id)["medium"](seed=0).decide(state, state.to_move)


def test_a_hint_out_of_time_says_it_could_not_weigh_the_learners_move():
    """The hint's whole time is the bot's cap: with none left for the learner's move, it says so instead of
    calling the move "about as good" (issue 14: nothing false when the cap is reached)."""
    state = positions("napoletana")[0]
    bot = small("napoletana")
    best = bot.decide(state, state.to_move).move
    other = next(move for move in state.legal_moves() if move != best)
    bot.seconds = 0.0
    advice = hint(state, bot, intended=other)
    assert advice.move == best
    assert [str(line) for line in advice.compared] == [
        f"{state.label(other)} is allowed too; there was no time to try it against the hint's move.",
    ]


def test_the_search_bots_reason_is_in_words_naming_the_move_it_beats():
    state = positions("napoletana")[0]
    best, usual = state.legal_moves()[:2]
    analysis = Analysis((Estimate(best, (1.0,) * 6), Estimate(usual, (0.0,) * 6)), 12, 6)
    reason = str(SearchBot._reason(state, analysis, analysis.estimates[0], analysis.estimates[1]))
    assert "%" not in reason
    assert reason == (
        "Tried 6 times from here, the hidden cards guessed each time, this move came out clearly better than "
        f"{state.label(usual)}, the move that looks best at first."
    )


def test_a_hint_tells_no_more_of_a_draw_than_the_hidden_cards_would_let_it_pat_3():
    """PAT-3: drawing an Arsenal card sets it aside and draws again. A hint for the draw must not tell the extra
    draws ("You draw a card." twice more) when Arsenal cards lie on top: the learner would learn the deck's top."""
    told = []
    for deck in ("HB1 DY1 RS5", "RS5 YS5 GS5"):  # the same position to the learner: only the deck's order differs
        state = position(hands=("RS1 YS1 GS1 BS1", "RS2"), deck=deck, phase="draw", to_draw=1)
        told.append(consequences(state, state.legal_moves()[0], "p1"))
    assert told[0] == told[1]
