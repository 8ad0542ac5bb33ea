"""Who wins a trick (NJT-7) and which 1s a trick captures (NJT-8)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import NjetCard

Played = tuple[str, NjetCard]


def trick_winner(trick: Sequence[Played], trump: str, super_trump: str) -> int:
    """NJT-7: the index of the winning card. Comparing (value, index) makes the later of two identical cards win."""
    supers = [i for i, (_p, card) in enumerate(trick) if card.value == 1 and card.colour == super_trump]
    if supers:
        return supers[-1]
    trumps = [i for i, (_p, card) in enumerate(trick) if card.colour == trump]
    led = trick[0][1].colour
    contenders = trumps or [i for i, (_p, card) in enumerate(trick) if card.colour == led]
    return max(contenders, key=lambda i: (trick[i][1].value, i))


def captured_ones(trick: Sequence[Played], winner: str, team: Sequence[str] | None) -> list[NjetCard]:
    """NJT-8: the 1s the other team played into a trick this team won."""
    team = team or (winner,)
    return [card for who, card in trick if card.value == 1 and who not in team]


def shown_out(tricks: Sequence[Sequence[Played]]) -> dict[str, set[str]]:
    """The colours each player has shown to hold no more of, from this round's tricks: whoever did not follow the
    colour led had none of it (NJT-6), and hands only shrink within a round. Public: every card played is seen."""
    out: dict[str, set[str]] = {}
    for trick in tricks:
        if trick:
            led = trick[0][1].colour
            for who, card in trick[1:]:
                if card.colour != led:
                    out.setdefault(who, set()).add(led)
    return out
