"""widgets/watchdog.py: the words a page says when its kernel is gone reach the page through cardlib.core.i18n, in
the file the Voilà template loads, and that file is the one the module writes (`python -m widgets.watchdog`)."""

from __future__ import annotations

from widgets.watchdog import WORDS, WORDS_FILE, catalogs, words_script


def test_the_pages_words_file_is_the_one_the_module_writes() -> None:
    assert WORDS_FILE.read_text(encoding="utf-8") == words_script(), "run `python -m widgets.watchdog` to rewrite it"


def test_every_language_says_everything_the_watchdog_can_say_in_whole_sentences() -> None:
    for language, words in catalogs().items():
        assert words.keys() == WORDS.keys(), language
        for key, sentence in words.items():
            if key not in ("label", "again"):  # a region's name and a button's, not sentences
                sentence = sentence.strip("⟦⟧")  # the pseudo-language's markers
                assert sentence[0].isupper() and sentence.endswith((".", "…")), (language, key, sentence)
