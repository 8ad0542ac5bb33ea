"""A page imports only what it shows, so that 30 kernels of a class stay small: the gallery no game engine, a
game's page (its lessons and its app) only that game. Each check runs in a fresh interpreter, as a kernel does."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cardlib.games import GAMES

HEAVY = ("numpy", "pandas", "matplotlib", "PIL", "scipy")


def modules_after(code: str) -> list[str]:
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])


def test_the_gallery_imports_no_game_engine() -> None:
    loaded = modules_after("from widgets.gallery import gallery\ngallery()")
    # every game's package is its descriptor (ABOUT), read by the gallery; nothing below it may load
    assert not [
        m for m in loaded if (m.startswith("cardlib.games.") and m.count(".") > 2) or m.startswith("widgets.layouts.")
    ]
    assert not [m for m in loaded if m.split(".")[0] in HEAVY]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_page_imports_only_its_own_game(game_id: str) -> None:
    loaded = modules_after(
        "from widgets.tutor import Tutor\nfrom widgets.app import GameApp\n"
        f"Tutor({game_id!r})\nGameApp({game_id!r}, seed=1, bot_delay=0)"
    )
    others = [g for g in GAMES if g != game_id]
    strays = [m for m in loaded for g in others if m.startswith((f"cardlib.games.{g}.", f"widgets.layouts.{g}"))]
    assert not strays, f"the {game_id} page imports other games: {strays}"
    assert f"cardlib.games.{game_id}.engine" in loaded
    assert not [m for m in loaded if m.split(".")[0] in HEAVY]
