"""The translation layer and its catalogs (issue 19): the template holds every sentence the code has now (``make
messages`` writes it), every catalog translates every one of them with its placeholders kept, French has its
typography, and the pseudo-language wraps every message in markers."""

from __future__ import annotations

import re
from pathlib import Path

import messages as messages_tool
import pytest
from babel.messages.pofile import read_po

from cardlib.core.i18n import CLOSE, FORMS, LOCALE_DIR, OPEN, PSEUDO, _, catalog, languages, ngettext, speaking

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = LOCALE_DIR / "cardlib.pot"
TRANSLATED = [language for language in languages() if language != "en"]


def messages(path: Path) -> dict[object, object]:
    with path.open("rb") as file:
        return {message.id: message for message in read_po(file) if message.id}


def fields(text: str) -> set[str]:
    """A message's named fields; a translation may ask a name's form of one ({name.the}: cardlib.core.i18n.Name)."""
    return set(re.findall(r"\{(\w*)(?:\.(?:The|" + "|".join(FORMS) + r"))?\}", text))


def test_the_template_holds_every_sentence_the_code_has_now(tmp_path):
    fresh = tmp_path / "cardlib.pot"
    messages_tool.extract(fresh)
    assert fresh.read_text(encoding="utf-8") == TEMPLATE.read_text(encoding="utf-8"), "run `make messages`"


def test_no_sentence_hides_in_an_f_string_where_make_messages_cannot_find_it():
    hidden = re.compile(r"""f(["']).*\{[^}]*\b(_|N_|ngettext|pgettext)\(["']""")
    for path in [*(ROOT / "cardlib").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            assert not hidden.search(line), f"{path.relative_to(ROOT)}:{number}: a sentence inside an f-string"


def test_italian_and_french_have_catalogs():
    assert {"it", "fr"} <= set(TRANSLATED)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalog_translates_every_message_and_keeps_its_placeholders(language):
    template = messages(TEMPLATE)
    translated = messages(LOCALE_DIR / language / "LC_MESSAGES" / "cardlib.po")
    assert set(translated) == set(template), "run `make messages`"
    for msgid, message in translated.items():
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and "fuzzy" not in message.flags, f"{language}: not translated: {ids[0]!r}"
        wanted = set().union(*map(fields, ids))
        for string in strings:
            # a plural's singular may say "one" where the English says "{n}"; nothing may be added
            assert fields(string) <= wanted and (len(ids) > 1 or fields(string) == wanted), f"{language}: {ids[0]!r}"


def test_french_puts_a_no_break_space_before_double_punctuation():
    french = messages(LOCALE_DIR / "fr" / "LC_MESSAGES" / "cardlib.po")
    for message in french.values():
        for string in message.string if isinstance(message.string, tuple) else (message.string,):
            # Njet! is a name; a colon after a quote is JSON's, in an example of a file
            text = string.replace("Njet!", "Njet")
            assert not re.search(r'[^\s\u00a0\u202f][;!?]|[^\s\u00a0\u202f\d"]:(?=\s|$)', text), string


def test_a_page_in_a_language_reads_its_catalog_and_falls_back_to_english_without_one():
    with speaking("it"):
        assert _("Hint") != "Hint"
    with speaking("xx"):  # no catalog: English, not an error
        assert _("Hint") == "Hint"
    assert catalog("xx") is catalog("xx")  # compiled once


def test_the_pseudo_language_wraps_every_message_and_fills_it():
    with speaking(PSEUDO):
        assert _("{name} plays {card}.", name="Red", card="7♥") == f"{OPEN}Red plays 7♥.{CLOSE}"
        assert ngettext("{n} card", "{n} cards", 2) == f"{OPEN}2 cards{CLOSE}"
    assert _("Hint") == "Hint"


# Words of our trade that a learner met on the page (issue 33): the engine's "seed" (a deal has a number), and in
# Italian the English word itself.
TRADE_WORDS = {"en": (r"\bseeds?\b",), "it": (r"\bseed\b",), "fr": (r"\bseed\b", r"\bgraines?\b")}


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_no_sentence_a_learner_reads_uses_the_words_of_our_trade(language):
    found = []
    for message in messages(
        TEMPLATE if language == "en" else LOCALE_DIR / language / "LC_MESSAGES" / "cardlib.po"
    ).values():
        texts = message.id if language == "en" else message.string
        for text in texts if isinstance(texts, tuple) else (texts,):
            found += [text for pattern in TRADE_WORDS[language] if re.search(pattern, text, re.IGNORECASE)]
    assert not found, found
