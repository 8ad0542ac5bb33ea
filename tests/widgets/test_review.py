"""The review of a game in the game app (widgets/review.py), in every game: judged while the game is played, offered
at its end, its costly decisions each on its own board to try again, said in the page's language.

Each game starts from a prepared position near its end (tests/reviewed_positions.py) where the learner plays the
clearly worse move, then the strongest bot's own choices to the end: the review finds that one decision.
"""

from __future__ import annotations

import asyncio
from html import unescape

import pytest
from reviewed_positions import prepared

import cardlib
from cardlib.core.i18n import _, speaking
from cardlib.review import Reviewer
from cardlib.session import Mode
from widgets.app import GameApp
from widgets.review import ReviewTutor

pytestmark = pytest.mark.review  # (tests/conftest.py leaves the review out of the others)


def played_to_the_end(game_id: str, first: str | None = None, lang: str | None = None) -> GameApp:
    """The app from the prepared position, the learner's first move ``first`` (by default the worse one), then the
    strongest bot's choices to the end."""
    state, worse, _better, _rule = prepared(game_id)
    app = GameApp(game_id, position=state, seat=state.to_move, bot_delay=0, lang=lang)
    app.board.try_move(state.game.parse_move(first or worse))
    while not app.state.is_over:
        assert app.state.to_move == app.seat
        app.board.try_move(app.coach.reviewer.bot.decide(app.state, app.seat).move)
    return app


def shown_text(app: GameApp) -> str:
    tutor = app.coach.shown
    assert tutor is not None
    return app.coach.summary.value + tutor.header.value + tutor.text.value


@pytest.mark.parametrize("game_id", cardlib.GAMES)
def test_a_game_over_offers_its_review_which_shows_the_costly_decision_with_its_ruling(game_id):
    state, worse, better, rule = prepared(game_id)
    app = played_to_the_end(game_id)
    # judged while the game was played: nothing (or only the last decision) is left at its end
    assert app.coach.reviewer.pending <= 1 and app.coach.ready
    review_button = app.buttons["review"]
    assert review_button.layout.display == "" and review_button.description == "Review this game"
    assert app.coach.widget.children == ()  # offered, not shown
    review_button.click()
    assert app.feedback.value == ""
    text = shown_text(app)
    game = state.game
    assert "1 of your moves could have been better" in text
    assert f"In your game you played: {state.label(game.parse_move(worse))}." in text
    assert str(state.label(game.parse_move(better))) in text
    title = str(game.rules[rule].title)
    assert f"<span class='cg-rule-id'>{rule}</span> <b>{title}.</b>" in text  # the ruling named with its title
    # the review has its own place on the page, apart from the lessons' ("learn")
    landmarks = [child for child in app.coach.widget.children if hasattr(child, "name")]
    assert [landmark.name for landmark in landmarks] == ["review"]


@pytest.mark.parametrize("game_id", cardlib.GAMES)
def test_the_reviews_board_starts_where_the_decision_was_refuses_the_move_played_and_takes_the_better(game_id):
    state, worse, better, _rule = prepared(game_id)
    app = played_to_the_end(game_id)
    app.review()
    tutor = app.coach.shown
    assert isinstance(tutor, ReviewTutor)
    session, game = tutor.session, state.game
    assert session.state.to_json() == state.to_json() and session.seat == state.to_move
    assert "0 of 1 better move found" in tutor.progress.value
    session.try_move(game.parse_move(worse))
    assert session.state.to_json() == state.to_json()  # refused: the position kept
    assert session.said.startswith("That is the move you played in your game.")
    tutor.hint()  # the lesson's hint leads to the better move
    assert session.said.startswith("Try this:") and str(state.label(game.parse_move(better))) in session.said
    tutor.restart()
    session.try_move(game.parse_move(better))
    assert session.mode is Mode.SOLVED and "1 of 1 better move found" in tutor.progress.value
    tutor.show()  # "Show me" from a solved board plays the way again
    assert session.mode is Mode.SHOWN


@pytest.mark.parametrize("game_id", cardlib.GAMES)
def test_a_game_played_as_the_strongest_bot_would_says_so_and_draws_no_board(game_id):
    _state, _worse, better, _rule = prepared(game_id)  # (the better move is the strongest bot's choice)
    app = played_to_the_end(game_id, first=better)
    app.review()
    assert app.coach.shown is None and app.coach.review is not None and app.coach.review.judged >= 1
    assert "You played as well as the strongest bot" in app.coach.summary.value
    _landmark, summary, close = app.coach.widget.children  # no empty board
    assert summary is app.coach.summary and close.children == (app.coach.close,)


def test_an_undone_decision_is_not_reviewed():
    """NAP-14: the Jack to the front row, undone, then to the siege row: nothing costly is left to review."""
    state, worse, better, _rule = prepared("napoletana")
    app = GameApp("napoletana", position=state, seat="red", bot_delay=0)
    app.board.try_move(state.game.parse_move(worse))
    app.undo()
    assert app.state.to_json() == state.to_json() and app.coach.reviewer.count == 0
    app.board.try_move(state.game.parse_move(better))
    while not app.state.is_over:
        app.board.try_move(app.coach.reviewer.bot.decide(app.state, app.seat).move)
    app.review()
    assert "You played as well as the strongest bot" in app.coach.summary.value


def test_a_teacher_reviews_up_to_the_position_shown_and_a_new_game_hides_the_review():
    app = played_to_the_end("napoletana")
    while app.match.cursor > 0:  # back to the worse move's position: the review up to there has no decision
        app.back()
    app.review_to_here()
    assert "There is nothing to review yet" in app.coach.summary.value and app.coach.shown is None
    app.forward()  # the worse move made
    app.review_to_here()
    assert app.coach.shown is not None and "1 of your moves could have been better" in app.coach.summary.value
    app.new_game()
    assert app.coach.widget.children == () and app.buttons["review"].layout.display == "none"
    assert app.coach.reviewer.count == 0


def test_with_an_event_loop_the_decisions_are_judged_in_the_judges_process_never_in_the_kernels(monkeypatch):
    """In a kernel (an event loop) the learner's decisions are judged in a process of the judge's own, at the lowest
    priority: none in the kernel's process, where the clicks are answered; the review still finds the costly move."""
    here = []  # the decisions judged in this process (the judge's process, forked, keeps a list of its own)
    judge_here = Reviewer._judge

    def recorded(reviewer: Reviewer, *item) -> object:
        here.append(item)
        return judge_here(reviewer, *item)

    monkeypatch.setattr(Reviewer, "_judge", recorded)
    state, worse, _better, _rule = prepared("napoletana")

    async def run():
        app = GameApp("napoletana", position=state, seat="red", bot_delay=0.05)
        app.board.try_move(state.game.parse_move(worse))
        assert app.coach.reviewer.pending == 1  # queued: the click's answer judged nothing
        while not app.state.is_over:
            if app.pacing is not None:
                await app.pacing
            elif app.state.to_move == app.seat:
                app.board.try_move(app.coach.reviewer.bot.decide(app.state, app.seat).move)
            else:
                await asyncio.sleep(0.01)
        app.buttons["review"].click()
        if not app.coach.ready:  # the worker is on the last decision: the review follows once it is judged
            assert "The review is almost ready" in app.coach.summary.value
            assert app.coach.worker is not None
            await app.coach.worker
        assert "1 of your moves could have been better" in app.coach.summary.value

    asyncio.run(run())
    assert here == []


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_the_review_speaks_the_pages_language(lang):
    """NAP-14 in Italian and French: the button, the sentence, the move played, the task and the ruling's title."""
    app = played_to_the_end("napoletana", lang=lang)
    app.review()
    with speaking(lang):
        state, worse, _better, _rule = prepared("napoletana")
        words = [
            app.buttons["review"].description,
            str(app.coach.review.said),
            f"{state.label(state.game.parse_move(worse))}",
            _(state.game.rules["NAP-14"].title),
        ]
    text = unescape(shown_text(app))
    assert words[0] != "Review this game" and words[2] in text and words[3] in text
    assert words[1] in text and "your game" not in text and "better move" not in text


def test_close_hides_the_review_and_the_board_says_so():
    app = played_to_the_end("napoletana")
    app.review()
    assert app.coach.close_row in app.coach.widget.children
    app.coach.close.click()
    assert app.coach.widget.children == () and app.coach.shown is None and app.feedback.value == ""
    assert app.session.said == "The review is closed."
    assert app.buttons["review"].layout.display == ""  # offered again, where the focus goes back
