"""The YAML the quick page shows is read back as the same data, and is short."""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from judgebot.quick.yamltext import scalar, to_yaml

TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=30)
VALUES = st.recursive(st.one_of(TEXT, st.integers(-10**6, 10**6), st.booleans()),
                      lambda inner: st.one_of(st.lists(inner, max_size=4),
                                              st.dictionaries(TEXT.filter(bool), inner, max_size=4)),
                      max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(TEXT.filter(bool), VALUES, min_size=1, max_size=5))
def test_what_is_written_reads_back_as_the_same_data(data):
    assert yaml.safe_load(to_yaml(data)) == data


def test_short_mappings_on_one_line_and_names_plain():
    data = {"format": 2, "you": {"active": {"card": "Charizard ex", "energy": ["fire", "fire"]}},
            "opponent": {"active": "Iron Hands ex", "prizes": 3}, "ask": {"attack": "Burning Darkness"}}
    assert to_yaml(data) == ("format: 2\n"
                             "you: {active: {card: Charizard ex, energy: [fire, fire]}}\n"
                             "opponent: {active: Iron Hands ex, prizes: 3}\n"
                             "ask: {attack: Burning Darkness}\n")


def test_long_lines_go_to_block_style():
    data = {"you": {"active": {"card": "Charizard ex OBF 125", "energy": ["fire", "fire", "fire"], "damage": 120,
                               "conditions": ["burned", "poisoned"], "tool": "Maximum Belt"}}}
    text = to_yaml(data)
    assert all(len(line) <= 80 for line in text.splitlines()) and yaml.safe_load(text) == data


def test_text_that_yaml_would_read_otherwise_is_quoted():
    for value in ("yes", "null", "0120", "1:30", "Boss's Orders: 2", "[x]", "#1", "- a", "", " x", "a, b"):
        assert yaml.safe_load(f"k: {scalar(value)}") == {"k": value}, value
    assert scalar("Boss's Orders") == "Boss's Orders" and scalar("リザードンex") == "リザードンex"
