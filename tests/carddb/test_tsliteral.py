"""The strict reader of TCGdex's TypeScript: the subset the card files use, and a clear
error with line and column for anything else."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgebot.carddb.tsliteral import LiteralError, Ref, parse_module

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "tcgdex"


def test_a_card_file():
    module = parse_module((FIXTURES / "data/Scarlet & Violet/Obsidian Flames/125.ts").read_text(encoding="utf-8"))
    card = module.value
    assert module.imports == {"Card": "../../../interfaces", "Set": "../Obsidian Flames"}
    assert card["set"] == Ref("Set") and card["name"]["en"] == "Charizard ex" and card["hp"] == 330
    assert card["attacks"][0]["damage"] == "180+" and card["dexId"] == [6]
    assert card["weaknesses"] == [{"type": "Grass", "value": "×2"}]


def test_legals_has_two_exported_consts():
    module = parse_module((FIXTURES / "meta/legals.ts").read_text(encoding="utf-8"))
    assert module.consts["standard"][1]["includes"]["regulationMark"] == ["H", "I", "J"]
    assert "expanded" in module.consts


def test_the_subset():
    module = parse_module("""// a comment
        import { Card } from '../i'; /* block
        comment */ const card: Card = {'zh-tw': 'a\\u0041', n: -1.5, t: true, u: undefined, l: [1, 2,],
        s: "one " + "two", e: 'it\\'s',};
        export default card""")
    assert module.value == {"zh-tw": "aA", "n": -1.5, "t": True, "u": None, "l": [1, 2], "s": "one two",
                            "e": "it's"}
    assert module.default == "card"


@pytest.mark.parametrize("text, where, what", [
    ("const card = { a: `template` }", "1:19", "unexpected character '`'"),
    ("const card = { a: f(1) }", "1:20", "unexpected character '('"),
    ("const card = { a: b c }", "1:21", "expected a literal value"),
    ("const card = { ...x }", "1:16", "unexpected character '.'"),
    ("const card = { a: 1, a: 2 }", "1:22", "key 'a' given twice"),
    ("const card = {\n  a: 1\n  b: 2 }", "3:3", "expected ',' or '}'"),
    ("const card = { a: 1 + 2 }", "1:21", "expected ',' or '}'"),
    ("const card = { a: 'x' + 2 }", "1:25", "expected a string after '+'"),
    ("const card = { a: 'open }", "1:19", "unexpected character"),
    ("export function f {}", "1:8", "expected const or default after export"),
    ("import x from 'y'", "1:18", "expected a const"),
])
def test_anything_else_is_an_error_with_its_place(text, where, what):
    with pytest.raises(LiteralError) as info:
        parse_module(text)
    assert str(info.value).startswith(where) and what in str(info.value)
