"""What a learner reads while playing in Italian or French is Italian or French (issue 34): seeded games of every
game, with every seat played as a person, reading each position's prompt and move labels, the log told to the seat
that moved, a few hints and a refusal. No English word of ours gets through, a player's name takes its article in
Italian, a card its article in both, no fragments show their seams, and lists are joined in the language."""

from __future__ import annotations

import random
import re
import sys
from functools import cache
from pathlib import Path

import pytest
from pseudo import scene_words

from cardlib.core import Move
from cardlib.core.cards import JOKER, Card, cards_text
from cardlib.core.i18n import _, speaking
from cardlib.games import GAMES, describe
from cardlib.games.nespanini.cards import SET, cards_named
from cardlib.games.pattuglia.cards import DECK as PATTUGLIA_DECK
from cardlib.games.pattuglia.cards import KINDS as PATTUGLIA_KINDS
from cardlib.games.pattuglia.words import card_name, cards_counted
from cardlib.games.senza_nome.rules import RULES as SENZA_NOME_RULES
from cardlib.match import Match
from widgets.app import GameApp
from widgets.layouts import layout
from widgets.tutor import Tutor

# Words of our English sentences that are words of neither Italian nor French ("place" is French, and NesPanini's
# French says "deck")
ENGLISH = re.compile(r"\b(and|the|you|your|with|from|draws?|plays?|wins?|turn|hand|takes?|player)\b", re.IGNORECASE)
BARE_NAME = re.compile(r"(^|[.!?:] |\b(?:di|a|da|con|per) )(Giocatore \d|Rosso\b|Nero\b)")
# What may stand before a card's name in a sentence: an article, an article joined with a preposition, "carta" /
# "carte" ("la carta Proiettili"), and "e" / "et" in a list after a colon ("ha in mano: Araldo e Paladino")
BEFORE_A_CARD = {
    "it": {"il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "del", "dello", "della", "al", "allo", "alla"}
    | {"dal", "dallo", "dalla", "nel", "nello", "nella", "sul", "sullo", "sulla", "carta", "e"},
    "fr": {"le", "la", "les", "un", "une", "du", "de", "des", "au", "aux", "carte", "et"},
}
# Fragments joined in code: a name's capitalised article after a word ("ha in mano: Scudiero, La Dama"), a stray
# space before a comma or a stop, a doubled stop or space (an ASCII space: French puts a no-break one before ; and :)
JOINED = re.compile(r"[a-zà-ÿ,] (?:Il|Lo|La|Le|Gli|L'|Les|Un|Une|Uno|Una)\b| [,.;]|(?<!\.)\.\.(?!\.)|  ")
MOVES = 60
HINT_EVERY = 20  # a hint searches: a few a game


def card_names() -> list[str]:
    """Every card's plain name that needs an article in a sentence, in the language spoken now: Pattuglia's and
    NesPanini's cards and the Jolly (a proper name, "Morgana", takes none; a card written 7♥ takes none)."""
    names = {card_name(card) for card in PATTUGLIA_DECK} | {card.name for card in SET.values()}
    names |= {Card(JOKER, colour).short for colour in "RB"}
    return sorted((str(name) for name in names if str(name.the) != str(name)), key=len, reverse=True)


def bare_cards(read: list[str], language: str) -> list[str]:
    """The texts where a card's name follows a word that is not an article: "scarta Soldato verde"."""
    names = card_names()
    after_a_word = re.compile(r"(?<![\w'’])(\w+) (" + "|".join(map(re.escape, names)) + r")(?!\w)")
    return [text for text in read for word, _name in after_a_word.findall(text) if word not in BEFORE_A_CARD[language]]


def read_while_playing(game_id: str, seed: int, moves: int = MOVES, board: bool = False) -> list[str]:
    """What each seat reads as a seeded game is played at random: the prompt, move labels, a refusal, a few hints,
    the log told to the seat that moved; with ``board``, its board's words too (badges, notes) and every label."""
    match = Match.new(game_id, seed=seed)
    match.people = frozenset(match.state.players)  # every seat is a person's: each is told its own log
    rng, read = random.Random(seed), []
    for number in range(moves):
        state = match.state
        if state.is_over:
            break
        seat, legal = state.to_move, state.legal_moves()
        read.append(str(layout(game_id).prompt(state, seat)))  # what the board asks the seat to do
        if board:
            read += scene_words(layout(game_id).scene(state.view(seat), seat))
        read += [str(state.label(move)) for move in (legal if board else legal[:12])]
        read.append(str(state.check(Move("nonsense")).reason))
        if number % HINT_EVERY == 0:
            read.append(str(match.hint(seat).said))
        match.play(rng.choice(legal))
        read += map(str, match.log(seat, lines=4))
    return read


@pytest.mark.parametrize("language", ["it", "fr"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_played_in_italian_or_french_reads_in_it(game_id: str, language: str) -> None:
    with speaking(language):
        read = read_while_playing(game_id, seed=3)
    english = sorted({f"{word!r} in {text!r}" for text in read for word in ENGLISH.findall(text)})
    assert english == [], english[:5]
    if language == "it":  # a numbered player or a side takes its article: "il Giocatore 2", "del Nero"
        bare = [text for text in read if BARE_NAME.search(text)]
        assert bare == [], bare[:5]
    with speaking(language):  # and a card: "scarta un Soldato verde", "Tu pioches un Canon rouge"
        bare = bare_cards(read, language)
    assert bare == [], bare[:5]
    joined = sorted({text for text in read if JOINED.search(text)})
    assert joined == [], joined[:5]


@pytest.mark.parametrize(
    ("language", "joined"), [("en", "7♥, 8♥ and K♠"), ("it", "7♥, 8♥ e K♠"), ("fr", "7♥, 8♥ et K♠")]
)
def test_a_list_of_cards_is_joined_in_the_pages_language(language: str, joined: str) -> None:
    with speaking(language):
        assert str(cards_text([Card.parse(text) for text in ("7H", "8H", "KS")])) == joined


@pytest.mark.parametrize(
    ("language", "losses", "drawn", "defausse", "held"),
    [
        (
            *("en", "2 green Soldiers and a green Captain", "You draw a Squire.", "Défausse of the Herald"),
            "the Cauldron, 3 Squires and 2 copies of Morgana",
        ),
        (
            *("it", "2 Soldati verdi e un Capitano verde", "Peschi uno Scudiero.", "Défausse dell'Araldo"),
            "il Calderone, 3 Scudieri e 2 copie di Morgana",
        ),
        (
            *("fr", "2 Soldats verts et un Capitaine vert", "Tu pioches un Écuyer.", "Défausse du Héraut"),
            "le Chaudron, 3 Écuyers et 2 exemplaires de Morgane",
        ),
    ],
)
def test_cards_enter_a_sentence_with_their_article_and_the_same_ones_are_counted(
    language: str, losses: str, drawn: str, defausse: str, held: str
) -> None:
    with speaking(language):
        assert str(cards_counted(["GS1", "GS2", "GC1"])) == losses
        assert _("You draw {card.a}.", card=SET["ecuyer"].name) == drawn
        assert _("Défausse {card.of}", card=SET["heraut"].name) == defausse
        # NesPanini's cards are counted as Pattuglia's are, in their plural; a card named like a person in copies
        assert str(cards_named(["chaudron", "ecuyer", "ecuyer", "ecuyer", "morgane", "morgane"])) == held


def test_the_reading_sample_for_a_reviewer_reaches_every_game_its_lessons_and_the_gallery() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    from reading_sample import sample

    texts = sample("fr", [4])
    places = {where.split()[0] for where in texts.values()}
    assert {f"{game_id}/{part}" for game_id in GAMES for part in ("play", "lesson", "app")} | {"gallery"} <= places
    assert any("Écuyer" in text for text in texts)  # NesPanini's cards as printed on a French page


# What a native reader found awkward in the sample of tools/reading_sample.py, each checked where it is read: on the
# board, in the log, in a move's label, in a lesson.


@pytest.mark.parametrize(
    ("language", "current"),
    [("en", "{title}: this lesson"), ("it", "{title} (lezione in corso)"), ("fr", "{title} (leçon en cours)")],
)
def test_the_lesson_list_says_which_lesson_is_the_current_one_in_words(language: str, current: str) -> None:
    tutor = Tutor("njet", lang=language)
    with speaking(language):
        title = _(tutor.lessons[0].title)
    assert f"aria-label='{current.format(title=title)}'" in tutor.progress.value


@cache
def read_at_the_table(game_id: str, seed: int, language: str, moves: int) -> tuple[str, ...]:
    """What every seat reads at the table, its board too, in ``language`` (kept: several tests read one game)."""
    with speaking(language):
        return tuple(read_while_playing(game_id, seed, moves, board=True))


def test_njet_in_french_quotes_the_captured_1_as_the_italian_quotes_its_uno() -> None:
    """NJT-8: "plus 1 capturés" read as "plus one captured"; the card is quoted, as the seed's «uno» is."""
    captured = [text for text in read_at_the_table("njet", 5, "fr", 200) if "capturés" in text]
    assert any(" · «\xa01\xa0» capturés\xa0: " in text for text in captured)  # the team's badge
    assert any(" plus «\xa01\xa0» capturés (" in text for text in captured)  # the round's score
    assert [text for text in captured if "«\xa01\xa0» capturés" not in text] == []


def test_njet_in_french_says_the_space_a_stone_blocks_as_the_italian_does() -> None:
    """NJT-3: "dit Njet! à un écart de 2" said no space ("la case"); the Italian says "alla casella"."""
    said = [text for text in read_at_the_table("njet", 5, "fr", 200) if re.search(r"\bdi[st] Njet!", text)]
    spaces = [text for text in said if "écart" in text or "super-atout" in text]
    assert spaces and [text for text in spaces if "à la case «\xa0" not in text] == []


@pytest.mark.parametrize("game_id", ["senza_nome", "pattuglia"])
def test_a_long_discard_pile_says_in_french_that_the_others_are_hidden(game_id: str) -> None:
    notes = [text for text in read_at_the_table(game_id, 5, "fr", 300) if "dernières" in text]
    assert notes and [text for text in notes if "seules les dernières sont visibles" not in text] == []


def test_a_numbered_player_after_a_noun_takes_its_form_in_french() -> None:
    """The French read "la patrouille verte de Joueur 2" beside "la patrouille jaune du joueur 2": the form."""
    read = list(read_at_the_table("pattuglia", 5, "fr", 300)) + list(read_at_the_table("nespanini", 5, "fr", 200))
    with speaking("fr"):
        for game_id in GAMES:
            read += [_(text) for lesson in describe(game_id).lessons() for text in (lesson.text, lesson.task)]
    assert any(re.search(r"\bdu joueur \d", text) for text in read)
    assert [text for text in read if re.search(r"\bde Joueur \d", text)] == []


def test_the_teachers_look_back_names_the_player_whose_turn_it_was_as_french_names_players() -> None:
    """It read "c'était le tour de Joueur 2": a numbered player is a proper name where it stands alone."""
    app = GameApp("pattuglia", seed=12, bot_delay=0, lang="fr")
    while all(state.to_move == app.seat for state in app.match.history):  # until a bot has moved
        app.board.try_move(app.state.legal_moves()[0])
    while app.state.to_move == app.seat:
        app.back()  # to the bot's turn
    prompt = app.board.table.scene["prompt"]
    assert "Joueur 2" in prompt and not re.search(r"\bde Joueur \d", prompt)


def test_pattuglia_says_its_cards_in_the_glossarys_words() -> None:
    """What a card needs is "Occorre" in Italian, as the rule book and the seed say it; the Hand Bomb is named
    whole, never "la bomba" / "la grenade"."""
    with speaking("it"):
        needs = [_(kind.text) for kind in PATTUGLIA_KINDS.values() if kind.text.startswith("Needs")]
        assert needs and [text for text in needs if not text.startswith("Occorr")] == []
    for language, bomb in (("it", "Bomba a mano"), ("fr", "Grenade à main")):
        with speaking(language):
            lessons = describe("pattuglia").lessons()
            read = [_(text) for lesson in lessons for text in (lesson.text, lesson.task)]
            read += [_(mistake.feedback) for lesson in lessons for mistake in lesson.mistakes if mistake.feedback]
        named = [text for text in read if re.search(r"\b(bomba|grenade)\b", text, re.IGNORECASE)]
        assert named and [text for text in named if bomb not in text] == []


def test_senza_nome_in_french_names_the_cards_in_its_rules_not_their_codes() -> None:
    """SNO-3 said "à partir de A" and "complète à Q": a code where a sentence wants a word ("l'As", "la Dame")."""
    code_as_a_word = re.compile(r"\b(?:de|à|un|une|le|la|les|des) [AKQJ]\b")
    with speaking("fr"):
        texts = [_(text) for rule in SENZA_NOME_RULES.values() for text in (rule.text, rule.house) if text]
    assert [text for text in texts if code_as_a_word.search(text)] == []
