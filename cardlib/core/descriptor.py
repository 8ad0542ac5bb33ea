"""What a game declares about itself, once, for everything that looks it up: like OpenSpiel's game type and
registration. Each game's package (``cardlib/games/<id>/__init__.py``) holds one ``Descriptor`` (``ABOUT``) and
imports nothing else of the game, so the gallery can list every game while a page loads only its own; the parts
(engine, rules, lessons, bots, board layout) are imported when first asked for.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .bots import Bot
    from .lessons import Lesson


@dataclass(frozen=True)
class Descriptor:
    """A game: its package (``__name__`` of the ``__init__.py`` that declares it, where its parts are), its title,
    how many may play, the gallery's words about it (each marked with ``N_`` for translation: ``players``,
    ``length``, ``difficulty``, ``origin``, ``blurb``). Its id is its package's name. How it is drawn is the UI's
    business (``widgets/layouts``): ``cardlib`` knows no screen."""

    package: str
    title: str
    player_counts: tuple[int, ...]
    gallery: dict[str, str]
    # its notebook's words, each marked with ``N_``: "intro", the paragraphs under its title; "play" (and NesPanini's
    # "deckbuilder"), a section's heading and what it says; in Markdown's **bold** and *italic* (widgets/page.py)
    page: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.package.rpartition(".")[2]

    def part(self, name: str) -> ModuleType:
        """The game's module ``name``: ``engine``, ``rules``, ``lessons``, ``bots``, ``positions``, ..."""
        return import_module(f"{self.package}.{name}")

    def game(self) -> Any:
        """The game's ``Game``, the factory of its states."""
        return import_module(self.package).GAME

    def bots(self) -> dict[str, Callable[..., Bot[Any]]]:
        """Its bots by strength, each a factory: easy, medium, hard (``cardlib.core.search.strengths``)."""
        bots: dict[str, Callable[..., Bot[Any]]] = self.part("bots").BOTS
        return bots

    def lessons(self) -> tuple[Lesson, ...]:
        return tuple(self.part("lessons").LESSONS)


def engine_names(package: str, game_class: str) -> Callable[[str], Any]:
    """A game package's module ``__getattr__``: ``GAME`` (one ``game_class()`` from the package's ``game`` module,
    kept) and the names of its ``game`` and ``engine`` modules, imported when first asked for."""

    def names(name: str) -> Any:
        if name.startswith("__") or find_spec(f"{package}.{name}") is not None:
            # a submodule (``from . import effects``) is not the engine's: the import system loads it itself, and
            # importing the engine here, from one of the modules the engine imports, would be a cycle
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        game, engine = import_module(f"{package}.game"), import_module(f"{package}.engine")
        if name == "GAME":
            made = getattr(game, game_class)()
            vars(sys.modules[package])["GAME"] = made  # kept: the next lookup finds it without this function
            return made
        for module in (game, engine):
            if hasattr(module, name):
                return getattr(module, name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return names
