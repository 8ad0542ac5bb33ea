"""Clicks that play or break a rule in any game's app, found by playing the app headless first.

A browser test cannot know which card of a random deal goes where, so it deals from a seed (typed into the
app's Seed box, then "New game") and asks this module, which builds the very same app in-process (the deal and
the bots' answers follow from the seed), which clicks make a legal move and which are refused with a ruling.
The clicks are the board's messages (widgets/tabletop.py): only what the page could send is tried, i.e. enabled
buttons, selectable cards, and zones that are lit up or open to a drop. So a new game needs nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cardlib.core import Move, State, told
from cardlib.core.i18n import _, pgettext
from widgets.app import GameApp
from widgets.board import Board
from widgets.layouts import layout

Click = dict[str, Any]


@dataclass
class Step:
    """One thing the learner does: ``clicks`` in order. A legal move ends with the app's history at
    ``moves_after`` moves (its teacher's line "Move n of n"), an illegal one with a refusal naming ``rule``."""

    clicks: list[Click]
    rule: str | None = None
    moves_after: int | None = None
    said: list[str] = field(default_factory=list)  # what the move's events say to the learner


def selector(click: Click) -> str:
    """The CSS selector, inside one board, of the element that sends ``click`` when clicked, once the board offers
    it (a card the learner may pick, a place lit up or open to a drop): so a click waits for the board to be drawn."""
    if click["kind"] == "button":
        return f'.cg-button[data-button="{click["id"]}"]'
    if click["kind"] == "zone":
        return f'.cg-zone[data-zone="{click["zone"]}"]:is([data-target="true"], [data-drop="true"])'
    return f'.cg-card[data-card="{click["card"]}"][data-zone="{click["zone"]}"][data-selectable="true"]'


def presses(step: Step) -> list[tuple[str, str | None]]:
    """What a page clicks for ``step``: each element's selector, and what to wait for before the next click. A
    picked-up card must show as selected (the kernel has answered) before its row is clicked, as a learner waits
    for it: a row is clickable only while a card is picked up."""
    waits = [
        f'.cg-card[data-card="{click["card"]}"][data-selected="true"]' if click["kind"] == "card" else None
        for click in step.clicks[:-1]
    ]
    return list(zip(map(selector, step.clicks), [*waits, None], strict=True))


def press(board: Any, step: Step) -> None:
    """Click ``step``'s clicks on ``board`` (a page's ``.cg-table`` locator), as a learner does."""
    for target, then in presses(step):
        board.locator(target).first.click()
        if then:
            board.locator(then).wait_for()


def _zones(scene: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for area in scene["areas"]:
        yield from area["zones"]


def _first_clicks(scene: dict[str, Any]) -> Iterator[Click]:
    """Cards first, then places, then buttons: a pass or a keep is a move too, but a short one to watch."""
    for zone in _zones(scene):
        for card in zone["cards"]:
            if card.get("selectable") and card.get("id"):
                yield {"kind": "card", "card": card["id"], "zone": zone["id"]}
    for zone in _zones(scene):
        if zone.get("target") or zone.get("drop"):
            yield {"kind": "zone", "zone": zone["id"]}
    for button in scene.get("buttons", []):
        if button["enabled"]:
            yield {"kind": "button", "id": button["id"]}


def _second_clicks(scene: dict[str, Any]) -> Iterator[Click]:
    """After a card is picked up: a zone the page lets the learner click (choices are buttons)."""
    for button in scene.get("buttons", []):
        if button["enabled"] and button["id"].startswith("choice:"):
            yield {"kind": "button", "id": button["id"]}
    for zone in _zones(scene):
        if zone.get("target") or zone.get("drop"):
            yield {"kind": "zone", "zone": zone["id"]}


def _try(app: GameApp, clicks: list[Click]) -> Board:
    """Replay ``clicks`` on a fresh board in the app's position, without bots; return that board."""
    return _tried(app.board.layout, app.state, app.seat, clicks)


def _tried(board_layout: Any, state: State, seat: str, clicks: list[Click]) -> Board:
    board = Board.showing(board_layout, state, seat)
    for click in clicks:
        board.table.click(**click)
    return board


def _sequences(
    board_layout: Any, state: State, seat: str, depth: int = 2, cards: set[str] | None = None, clicks: tuple = ()
) -> Iterator[list[Click]]:
    """Every click the page of ``seat`` offers in ``state`` (a card only if in ``cards``, when given), each followed,
    while no move is made, by what the page offers next: a card picked up, then a place, then a choice, up to
    ``depth`` clicks."""
    board = _tried(board_layout, state, seat, list(clicks))
    if clicks and (board.session.state is not state or clicks[0]["kind"] != "card" or len(clicks) == depth):
        return
    for then in (_second_clicks if clicks else _first_clicks)(board.table.scene):
        if not clicks and then["kind"] == "card" and cards is not None and then["card"] not in cards:
            continue
        yield [*clicks, then]
        yield from _sequences(board_layout, state, seat, depth, cards, (*clicks, then))


def clicks_for(game_id: str, state: State, seat: str, move: Move) -> list[Click]:
    """The clicks that make ``move`` on the board of ``seat`` (a shared table's page, whose world shows that seat
    what ``state`` shows it): tried on a board of the page's own making until one plays it, the cards the move
    names picked up first."""
    wanted, board_layout = state.play(move).to_json(), layout(game_id)
    for cards in (set(str(move).split()), None):
        for clicks in _sequences(board_layout, state, seat, 3, cards):
            moved = _tried(board_layout, state, seat, clicks).session.state
            if moved is not state and moved.to_json() == wanted:
                return clicks
    raise AssertionError(f"{game_id}: no click makes {move} in {state.to_json()}")


def _legal(app: GameApp) -> list[Click]:
    for clicks in _sequences(app.board.layout, app.state, app.seat):
        if _try(app, clicks).session.state is not app.state:
            return clicks
    raise AssertionError(f"{app.game.id}: no click makes a move in {app.state.to_json()}")


def _refused(app: GameApp) -> tuple[list[Click], str] | None:
    for clicks in _sequences(app.board.layout, app.state, app.seat):
        board = _try(app, clicks)
        flash = board.table.scene["flash"] or {}
        if board.session.state is app.state and flash.get("kind") == "error" and flash.get("rule"):
            return clicks, flash["rule"]
    return None


def _play(app: GameApp, clicks: list[Click]) -> Step:
    before = len(app.match.history)
    for click in clicks:
        app.board.table.click(**click)
    assert len(app.match.history) > before, f"{clicks} did not move"
    said = [str(line) for s in app.match.history[before:] for line in told(s.events, app.seat)]  # as the log says it
    return Step(clicks, moves_after=len(app.match.history) - 1, said=said)


# The bots the page is set to: the easy ones decide from the seed alone, while stronger ones may search for a
# fixed time (cardlib/core/search.py) and so answer differently on a busy machine than here.
BOTS = "easy"


def dealt(game_id: str, seed: int, options: dict[str, Any] | None = None) -> GameApp:
    """The app as the page has it after choosing the BOTS, typing ``seed`` and clicking New game (``options``: the
    game's, as the page's app has them, e.g. the decks of NesPanini's "Play with this deck")."""
    app = GameApp(game_id, seed=seed + 1, bot_delay=0, options=options)
    app.strength.value = BOTS
    app.seed.value = seed
    app.new_game()
    return app


def deal(page: Any, seed: int, app: int = -1) -> None:
    """On the page, in its ``app``-th game app (the last by default: a game's notebook ends with its app): choose
    the BOTS plans are made with, type ``seed`` into the Deal number box and start a new game from it. The controls
    are found by their words in the language spoken here (``cardlib.core.i18n.speaking``: the page's)."""
    page.get_by_role("combobox", name=_("Bot"), exact=True).nth(app).select_option(pgettext("bot", BOTS))
    deal_number = page.get_by_text(_("Deal number"), exact=True)
    seed_box = page.locator(".widget-inline-hbox", has=deal_number).locator("input").nth(app)
    seed_box.fill(str(seed))
    seed_box.press("Enter")
    # a redraw brings every card's attributes in line with the scene: once none is left marked stale, the board has
    # drawn the new deal
    board = page.locator(f".cg-table[aria-label^='{_('Game board')}']").nth(app).element_handle()
    board.evaluate("(board) => board.querySelectorAll('.cg-card').forEach((card) => (card.dataset.stale = 'true'))")
    page.get_by_role("button", name=_("New game")).nth(app).click()
    page.wait_for_function("(board) => !board.querySelector('.cg-card[data-stale]')", arg=board)


def opening(game_id: str, seed: int) -> int:
    """How many moves the bots make before the learner's first turn in the deal of ``seed``."""
    return len(dealt(game_id, seed).match.history) - 1


def legal_then_refused(game_id: str, seed: int, max_turns: int = 12) -> list[Step]:
    """Steps from the deal of ``seed``: legal moves until a turn where some click is refused with a ruling, that
    refusal, then a legal move of that turn. Raises if no turn within ``max_turns`` has a refusal."""
    app = dealt(game_id, seed)
    steps: list[Step] = []
    for _turn in range(max_turns):
        assert not app.state.is_over and app.state.to_move == app.seat
        found = _refused(app)
        if found:
            steps.append(Step(found[0], rule=found[1]))
            steps.append(_play(app, _legal(app)))
            return steps
        steps.append(_play(app, _legal(app)))
    raise AssertionError(f"{game_id}: no refusable click in the first {max_turns} turns of seed {seed}")


def until_a_card_to_pick(game_id: str, seed: int, played: list[Step]) -> tuple[list[Step], str]:
    """After ``played`` (steps from the deal of ``seed``), the legal moves that bring the learner a card to pick up
    (none if it has one already: Njet!'s stones come before its cards), and the name a screen reader says for the
    first such card."""
    app = dealt(game_id, seed)
    for step in played:
        for click in step.clicks:
            app.board.table.click(**click)
    steps: list[Step] = []
    while not (cards := [c for z in _zones(app.board.table.scene) for c in z["cards"] if c.get("selectable")]):
        assert not app.state.is_over and app.state.to_move == app.seat, f"{game_id}: no card to pick up"
        steps.append(_play(app, _legal(app)))
    return steps, cards[0]["label"]


def legal_moves(game_id: str, seed: int, count: int, options: dict[str, Any] | None = None) -> list[Step]:
    """``count`` legal moves of the learner from the deal of ``seed`` (fewer if the game ends)."""
    app = dealt(game_id, seed, options)
    steps = []
    while len(steps) < count and not app.state.is_over and app.state.to_move == app.seat:
        steps.append(_play(app, _legal(app)))
    return steps
