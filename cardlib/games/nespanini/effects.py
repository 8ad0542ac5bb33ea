"""The vocabulary card effects are written in (NES-1): a new card is a new entry in cards.json, never new code.

A card has two lists of primitives. ``defausse`` fires, in order, when the card is discarded in step 2 of its
owner's turn (NES-4); ``score`` counts when the card is still in hand at the end (NES-6).

Défausse primitives (``{"do": ...}``):

- ``draw`` ``n``: you draw ``n`` cards from your deck (fewer if it is short).
- ``opponent_discards``: your opponent chooses a card of its hand, not a Légendaire one, and discards it (its
  own Défausse does not fire: only step 2 fires one). A follow-up decision of the opponent.
- ``recover``: you take a card of your choice from the Cimetière into your hand, any but the card that
  fired the effect (the text says "another card"). A follow-up decision.
- ``scry``: you look at the top card of your deck, then keep it there or put it under your deck. A follow-up.
- ``peek``: you see your opponent's hand (told to you alone).

Score primitives (``{"rule": ..., "in": "hand" | "cimetiere", "match": {...}, "points": n}``), where ``match``
names one ``family``, one ``keyword`` or one ``card`` (code), and "hand" counts the OTHER cards of the hand:

- ``per``: ``points`` for each matching card there.
- ``if_any``: ``points`` once if at least one matching card is there.
- ``if_none``: ``points`` once if no matching card is there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardlib.core import Event
from cardlib.core.i18n import N_, Message, sentences
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.protocol import player_name

from .rules import PLAYERS, other

DEFAUSSE = ("draw", "opponent_discards", "recover", "scry", "peek")
SCORE_RULES = ("per", "if_any", "if_none")
PLACES = ("hand", "cimetiere")
MATCHES = ("family", "keyword", "card")
CHOICES = ("opponent_discards", "recover", "scry")  # the primitives that wait for a decision


def matches(card, match: Mapping[str, str]) -> bool:
    """Does ``card`` (a CardType) fit ``{"family": ...}``, ``{"keyword": ...}`` or ``{"card": ...}``?"""
    if "family" in match:
        return card.family == match["family"]
    if "keyword" in match:
        return match["keyword"] in card.keywords
    return card.code == match["card"]


def points(rule: Mapping[str, Any], hand_others: Iterable, cimetiere: Iterable) -> int:
    """What one score primitive adds (or takes away) for a card, given the other cards of its hand and the
    Cimetière (CardTypes)."""
    place = list(hand_others) if rule["in"] == "hand" else list(cimetiere)
    count = sum(1 for card in place if matches(card, rule["match"]))
    if rule["rule"] == "per":
        return rule["points"] * count
    if rule["rule"] == "if_any":
        return rule["points"] if count else 0
    return 0 if count else rule["points"]


def breakdown(hand: list, cimetiere: list) -> list[dict[str, Any]]:
    """NES-6, card by card: each card's base value, each bonus or malus with its amount, and its total. JSON, as a
    view and the score's event hold it: the card's name and each part's words as message data."""
    rows = []
    for index, card in enumerate(hand):
        others = hand[:index] + hand[index + 1 :]
        parts: list[dict[str, Any]] = [
            {"text": score_words(rule, card).to_json(), "points": points(rule, others, cimetiere)}
            for rule in card.score
        ]
        total = card.value + sum(part["points"] for part in parts)
        name = card.name.to_json()
        rows.append({"card": card.code, "name": name, "base": card.value, "parts": parts, "total": total})
    return rows


# -- the words of each primitive, in both languages of the set (the card texts in cards.json are these) ---------


def _target(match: Mapping[str, str], lang: str) -> str:
    """What a primitive counts, as a noun qualifying "card": "Witch", "Foule", "'Mousse'"."""
    from .cards import FAMILIES, SET  # the words of a family or a card come from the set itself

    if "family" in match:
        return FAMILIES[match["family"]]["one"][lang]
    if "keyword" in match:
        return match["keyword"]  # NES-7: a keyword is French in every language
    name = SET[match["card"]].names[lang]
    return f"«\u00a0{name}\u00a0»" if lang == "fr" else f"'{name}'"  # (French typography: no-break spaces)


def describe_score(rule: Mapping[str, Any], lang: str, card=None) -> str:
    """One score primitive in words; "other" only where the card itself would match (it never counts itself)."""
    target, n = _target(rule["match"], lang), rule["points"]
    hand = rule["in"] == "hand" and (card is None or matches(card, rule["match"]))
    where_hand = rule["in"] == "hand"
    signed = f"{n:+d}"
    if lang == "fr":
        where = "dans ta main" if where_hand else "au Cimetière"
        words = {
            "per": f"{signed} par {'autre ' if hand else ''}carte {target} {where}.",
            "if_any": f"{signed} si une {'autre ' if hand else ''}carte {target} est {where}.",
            "if_none": f"{signed} si aucune {'autre ' if hand else ''}carte {target} n'est {where}.",
        }
    else:
        where = "in your hand" if where_hand else "in the Cimetière"
        words = {
            "per": f"{signed} per {'other ' if hand else ''}{target} card {where}.",
            "if_any": f"{signed} if {'another' if hand else 'a'} {target} card is {where}.",
            "if_none": f"{signed} if no {'other ' if hand else ''}{target} card is {where}.",
        }
    return words[rule["rule"]]


def describe_defausse(effect: Mapping[str, Any], lang: str) -> str:
    kind = effect["do"]
    if lang == "fr":
        return {
            "draw": "pioche {n} carte." if effect.get("n", 1) == 1 else "pioche {n} cartes.",
            "opponent_discards": "ton adversaire défausse une carte de son choix (pas une Légendaire).",
            "recover": "prends en main une autre carte du Cimetière.",
            "scry": "regarde la première carte de ton deck\u00a0; laisse-la ou mets-la dessous.",
            "peek": "regarde la main de ton adversaire.",
        }[kind].format(n=effect.get("n", 1))
    return {
        "draw": "draw {n} card." if effect.get("n", 1) == 1 else "draw {n} cards.",
        "opponent_discards": "your opponent discards a card of its choice (not a Légendaire one).",
        "recover": "take another card from the Cimetière into your hand.",
        "scry": "look at the top card of your deck; leave it there or put it at the bottom.",
        "peek": "look at your opponent's hand.",
    }[kind].format(n=effect.get("n", 1))


# -- the same effects in the learner's language (the board, the log, the score's breakdown): whole sentences -------

FAMILY_WORDS = {  # each family's card, as "a {target} card" reads it; the set's English words (cards.json)
    "chevaliers": N_("Knight"),
    "sorcieres": N_("Witch"),
    "corsaires": N_("Corsair"),
    "marchands": N_("Merchant"),
    "paysans": N_("Peasant"),
}
SCORE_WORDS = {  # (rule, the card itself would match, where) -> the sentence
    ("per", False, "hand"): N_("{points} per {target} card in your hand."),
    ("per", True, "hand"): N_("{points} per other {target} card in your hand."),
    ("per", False, "cimetiere"): N_("{points} per {target} card in the Cimetière."),
    ("if_any", False, "hand"): N_("{points} if a {target} card is in your hand."),
    ("if_any", True, "hand"): N_("{points} if another {target} card is in your hand."),
    ("if_any", False, "cimetiere"): N_("{points} if a {target} card is in the Cimetière."),
    ("if_none", False, "hand"): N_("{points} if no {target} card is in your hand."),
    ("if_none", True, "hand"): N_("{points} if no other {target} card is in your hand."),
    ("if_none", False, "cimetiere"): N_("{points} if no {target} card is in the Cimetière."),
}
DEFAUSSE_WORDS = {
    "opponent_discards": N_("Your opponent discards a card of its choice (not a Légendaire one)."),
    "recover": N_("Take another card from the Cimetière into your hand."),
    "scry": N_("Look at the top card of your deck; leave it there or put it at the bottom."),
    "peek": N_("Look at your opponent's hand."),
}


def score_words(rule: Mapping[str, Any], card=None) -> Message:
    """One score primitive in the learner's language, as ``describe_score`` says it in English."""
    from .cards import SET

    match = rule["match"]  # (each message is looked up apart from its call: `make messages` takes a key for one)
    if "family" in match:
        family = FAMILY_WORDS[match["family"]]
        target = _(family)
    elif "keyword" in match:
        target = match["keyword"]  # NES-7: a keyword is French in every language
    else:
        target = _("'{card}'", card=SET[match["card"]].name)
    other_one = rule["in"] == "hand" and (card is None or matches(card, rule["match"]))
    sentence = SCORE_WORDS[rule["rule"], other_one, rule["in"]]
    return _(sentence, points=f"{rule['points']:+d}", target=target)


def defausse_words(effect: Mapping[str, Any]) -> Message:
    """One Défausse primitive in the learner's language, a sentence."""
    if effect["do"] == "draw":
        return ngettext("Draw {n} card.", "Draw {n} cards.", effect.get("n", 1))
    sentence = DEFAUSSE_WORDS[effect["do"]]
    return _(sentence)


def explain(card) -> Message:
    """A card's whole effect in the learner's language, as ``describe`` prints it in English."""
    parts = []
    if card.defausse:
        parts.append(_("Défausse: {effect}", effect=sentences(*(defausse_words(effect) for effect in card.defausse))))
    return sentences(*parts, *(score_words(rule, card) for rule in card.score))


def describe(card, lang: str) -> str:
    """A card's whole effect text, as printed on it (NES-7: keywords stay French in every language)."""
    parts = []
    if card.defausse:
        said = [describe_defausse(effect, lang) for effect in card.defausse]
        body = " ".join(sentence[0].upper() + sentence[1:] for sentence in said)
        parts.append(("Défausse\u00a0: " if lang == "fr" else "Défausse: ") + body)
    parts += [describe_score(rule, lang, card) for rule in card.score]
    return " ".join(parts)


# -- Défausse effects on a state (NES-4): ``apply`` when the effect's turn comes, ``answer`` to its decision ----


def apply(state, effect: Mapping[str, Any], log: list) -> bool:
    """Apply ``effect`` now if it needs no decision; True when it is done (or has nothing to act on), False
    when it waits for ``state.chooser`` to answer with a move."""
    from .cards import SET, cards_named  # the set is read from data this module's vocabulary validates: late

    owner = effect["player"]
    side, name = state.sides[owner], player_name(owner)
    kind = effect["do"]
    if kind == "draw":
        drawn = side.deck[: effect.get("n", 1)]
        del side.deck[: len(drawn)]
        side.hand += drawn
        text = ngettext(
            "{name} draws {n} card from its deck.", "{name} draws {n} cards from its deck.", len(drawn), name=name
        )
        yours = ngettext("You draw {n} card from your deck.", "You draw {n} cards from your deck.", len(drawn))
        log.append(Event("draw", text, "NES-4", owner, you=yours))  # the owner reads its private lines below instead
        for code in drawn:
            text = _("You draw {card.a}.", card=SET[code].name)
            log.append(Event("draw", text, "NES-4", owner, only=owner, data={"card": code}))
        return True
    if kind == "peek":
        hand = state.sides[other(owner)].hand
        text = _("{name} looks at the opponent's hand.", name=name)
        yours, theirs = _("You look at your opponent's hand."), _("{name} looks at your hand.", name=name)
        log.append(Event("effect", text, "NES-4", owner, you=yours, others={other(owner): theirs}))
        names = cards_named(hand) if hand else _("nothing")
        log.append(
            Event(
                "peek",
                _("Your opponent holds: {cards}.", cards=names),
                "NES-4",
                owner,
                only=owner,
                data={"cards": list(hand)},
            )
        )
        return True
    if kind == "opponent_discards":
        victim = other(owner)
        if not any(not SET[code].legendaire for code in state.sides[victim].hand):
            text = _("{name} has no card it may discard: the effect does nothing.", name=player_name(victim))
            yours = _("You have no card you may discard: the effect does nothing.")
            log.append(Event("effect", text, "NES-4", victim, you=yours))
            return True
        text = _("{name} must choose a card to discard.", name=player_name(victim))
        log.append(Event("effect", text, "NES-4", victim, you=_("You must choose a card to discard.")))
        return False
    if kind == "recover":
        if not state.recoverable():
            log.append(Event("effect", _("No other card in the Cimetière: nothing to take."), "NES-4", owner))
            return True
        return False
    if not side.deck:  # scry
        text = _("{name}'s deck is empty: nothing to look at.", name=name)
        log.append(Event("effect", text, "NES-4", owner, you=_("Your deck is empty: nothing to look at.")))
        return True
    text = _("{name} looks at the top card of its deck.", name=name)
    log.append(Event("effect", text, "NES-4", owner, you=_("You look at the top card of your deck.")))
    top = side.deck[0]
    log.append(
        Event(
            "scry",
            _("The top card of your deck is {card.the}.", card=SET[top].name),
            "NES-4",
            owner,
            only=owner,
            data={"top": top},
        )
    )
    return False


def answer(state, effect: Mapping[str, Any], move, log: list) -> None:
    """Carry out the decision ``move`` (already checked legal) that ``effect`` waited for."""
    from .cards import SET  # the set is read from data that this module's vocabulary validates: import late

    owner = effect["player"]
    if effect["do"] == "opponent_discards":
        victim = other(owner)
        state.sides[victim].hand.remove(move.card)
        state.sides[victim].discards.append(move.card)
        text = _("{name} discards {card.the} into the Cimetière.", name=player_name(victim), card=SET[move.card].name)
        yours = _("You discard {card.the} into the Cimetière.", card=SET[move.card].name)
        log.append(Event("discard", text, "NES-4", victim, data={"card": move.card}, you=yours))
    elif effect["do"] == "recover":
        for player in PLAYERS:
            row = state.sides[player].discards
            # the card that fired the effect is the owner's last copy of it: it never brings itself back
            skip = len(row) - 1 - row[::-1].index(effect["card"]) if player == owner and effect["card"] in row else -1
            index = next((i for i, code in enumerate(row) if code == move.card and i != skip), None)
            if index is not None:
                row.pop(index)
                break
        state.sides[owner].hand.append(move.card)
        text = _("{name} takes {card.the} from the Cimetière.", name=player_name(owner), card=SET[move.card].name)
        yours = _("You take {card.the} from the Cimetière.", card=SET[move.card].name)
        log.append(Event("take", text, "NES-4", owner, data={"card": move.card}, you=yours))
    elif move.action == "bottom":
        deck = state.sides[owner].deck
        deck.append(deck.pop(0))
        text = _("{name} puts the top card at the bottom of its deck.", name=player_name(owner))
        yours = _("You put the top card at the bottom of your deck.")
        log.append(Event("scry", text, "NES-4", owner, you=yours))
    else:
        text = _("{name} leaves the top card on its deck.", name=player_name(owner))
        log.append(Event("scry", text, "NES-4", owner, you=_("You leave the top card on your deck.")))
