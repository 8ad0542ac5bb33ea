"""What a learner reads in one language, for a native reader's review (docs/languages.md, "Reviewed as a reader"):
``python tools/reading_sample.py it 4 6 9 > it-sample.txt`` writes each distinct text once, as ``where<TAB>text``,
with its placeholders filled in as the page fills them.

It reads seeded games of every game with every seat a person (move labels, a refusal, hints, the log told to the
seat that moved: ``tests/test_translated_play.py``), every lesson through the tutor (its text, task, buttons, board,
hint, each mistake's refusal and its success), a game of each against the bots in the app (menus, board, log,
refusals, hints) and the gallery.
"""

from __future__ import annotations

import itertools
import random
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from pseudo import html_words, scene_words, shown  # noqa: E402
from test_translated_play import read_while_playing  # noqa: E402

from cardlib.core import Move  # noqa: E402
from cardlib.core.i18n import speaking  # noqa: E402
from cardlib.games import GAMES, describe  # noqa: E402
from widgets.app import GameApp  # noqa: E402
from widgets.gallery import gallery  # noqa: E402
from widgets.tutor import Tutor  # noqa: E402


def lessons(game_id: str, language: str) -> Iterator[tuple[str, list[str]]]:
    game, tutor = describe(game_id).game(), Tutor(game_id, lang=language)

    for index, lesson in enumerate(tutor.lessons):
        tutor.go(index)
        yield f"{game_id}/lesson {lesson.id}", shown(tutor)
        tutor.hint()
        yield f"{game_id}/lesson {lesson.id} hint", shown(tutor)
        for mistake in lesson.mistakes:
            tutor.restart()
            for move in [*lesson.solution[: mistake.at], mistake.move]:
                tutor.board.try_move(game.parse_move(move))
            yield f"{game_id}/lesson {lesson.id} mistake", shown(tutor)
        tutor.show()
        yield f"{game_id}/lesson {lesson.id} solved", shown(tutor)


def against_the_bots(game_id: str, language: str, seed: int) -> Iterator[tuple[str, Iterable[str]]]:
    app = GameApp(game_id, seed=seed, bot_delay=0, lang=language)
    rng = random.Random(seed)
    yield f"{game_id}/app", [label for label, _value in app.strength.options + app.speed.options]
    for turn in itertools.count():
        if app.state.is_over or turn > 150:
            return
        if turn % 25 == 0:
            app.hint()
        app.board.try_move(Move("no such move"))
        yield f"{game_id}/app refusal", scene_words(app.board.table.scene)
        app.board.try_move(rng.choice(app.state.legal_moves()))
        yield f"{game_id}/app", [*scene_words(app.board.table.scene), *html_words(app.log.value)]


def sample(language: str, seeds: list[int]) -> dict[str, str]:
    """Each distinct text (its spaces folded) and where it was first read."""
    seen: dict[str, str] = {}

    def add(where: str, texts: Iterable[str]) -> None:
        for text in texts:
            # folded, but a no-break space is the text's own: its typography is under review too
            if folded := re.sub(r"[ \t\r\n]+", " ", text).strip(" "):
                seen.setdefault(folded, where)

    with speaking(language):
        for game_id in GAMES:
            for seed in seeds:
                add(f"{game_id}/play seed {seed}", read_while_playing(game_id, seed))
            for where, texts in lessons(game_id, language):
                add(where, texts)
            for where, texts in against_the_bots(game_id, language, seeds[0]):
                add(where, texts)
        add("gallery", html_words(gallery(lang=language).html))
    return seen


if __name__ == "__main__":
    language, *numbers = sys.argv[1:]
    seeds = [int(number) for number in numbers] or [1, 2, 3]
    texts = sample(language, seeds)
    print(f"# {len(texts)} distinct texts in {language!r}, seeds {seeds}: tools/reading_sample.py")
    for text, where in texts.items():
        print(f"{where}\t{text}")
