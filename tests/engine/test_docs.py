"""docs/ruleset-format.md documents every word of the vocabulary, with an example, and is up to date."""

from __future__ import annotations

import yaml

from engine import vocabulary
from engine.ruleset import docs


def test_every_vocabulary_table_is_documented() -> None:
    documented = {id(words) for _, _, words, _ in docs.SECTIONS}
    tables = {
        name: value
        for name, value in vars(vocabulary).items()
        if name.isupper() and isinstance(value, dict) and name not in {"TIMING_TAGS"}
    }
    assert [name for name, table in tables.items() if id(table) not in documented] == []


def test_every_word_has_an_example() -> None:
    assert docs.missing_examples() == []


def test_the_glossary_marks_what_is_built() -> None:
    entries = yaml.safe_load(docs.GLOSSARY.read_text(encoding="utf-8"))
    assert {e["built"] for e in entries} <= {"yes", "partly", "no"}
    assert {"[守护：X]", "[指杀]", "[团队]", "[隐身]"} <= {e["term"] for e in entries}


def test_the_file_is_up_to_date() -> None:
    assert docs.OUTPUT.read_text(encoding="utf-8") == docs.render(), "run: python -m engine.ruleset docs"
