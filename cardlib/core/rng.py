"""Seeded randomness that a state can carry in JSON.

A state keeps only its integer seed; every shuffle derives its own generator from the seed and a label
("deal", "reshuffle 2", ...). So the same seed always gives the same deal, and a state loaded from JSON
shuffles exactly as the original would have, with no generator object to serialise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def generator(seed: int, *labels: object) -> random.Random:
    """A fresh generator for one purpose; string seeds are hashed deterministically (sha512)."""
    return random.Random(":".join(map(str, (seed, *labels))))


def shuffled(items: Sequence[T], seed: int, *labels: object) -> list[T]:
    out = list(items)
    generator(seed, *labels).shuffle(out)
    return out


def new_seed() -> int:
    return random.SystemRandom().randrange(2**31)
