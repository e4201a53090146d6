"""Data checks for the card catalog (data/catalog/*.yaml) and the rulings (rulings/**/*.yaml).

No engine here: these check the data itself — every citation resolves in the corpus,
card wording is the guide's, names are unique, every ruling file has the shape a judge
relies on (title, one question, expectations with citations).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
CATALOG_FILES = sorted((ROOT / "data" / "catalog").glob("*.yaml"))
RULING_FILES = sorted((ROOT / "rulings").rglob("*.yaml"))
CORPUS_DIR = ROOT / "data" / "corpus"

CATEGORIES = {"item", "supporter", "stadium", "tool", "special_energy", "ability", "attack"}
ASK_KINDS = {"attack", "retreat", "ability", "evolve", "bench", "play", "attach", "checkup",
             "game_end", "setup", "sequence"}
EXPECT_KEYS = {"allowed", "failed", "cost", "damage", "counters", "conditions", "knocked_out",
               "prizes_taken", "winner", "extra_draws", "cites",
               "board", "discarded", "triggered", "sequence"}  # the last four: Format 2
# What gives a modelled entry its meaning, per category (docs/CATALOG.md).
MEANING_KEYS = {
    "item": {"effects", "does", "pay"},
    "supporter": {"effects", "does", "pay"},
    "stadium": {"effects", "does", "pay"},
    "tool": {"effects"},
    "special_energy": {"provides"},
    "ability": {"effect", "does", "pay"},
    "attack": {"effects", "ignore_weakness_resistance", "ignore_defender_effects", "self_damage",
               "bench_damage", "fails_on_tails", "alt_cost", "usable_from_bench", "usable_first_turn",
               "conditions", "do", "damage"},
}


def _load(path: Path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _catalog_entries() -> list[tuple[str, str, dict]]:
    entries = []
    for path in CATALOG_FILES:
        data = _load(path) or {}
        for name, entry in data.items():
            entries.append((path.name, name, entry))
    return entries


ENTRIES = _catalog_entries()
ENTRY_IDS = [f"{file}:{name}" for file, name, _ in ENTRIES]


@pytest.fixture(scope="module")
def corpus():
    if not any(CORPUS_DIR.glob("*.json")):
        pytest.skip("no corpus in data/corpus yet")
    from judgebot.corpus.model import load_corpus

    return load_corpus()


def _squash(text: str) -> str:
    """Compare wording without layout: NFKC, no whitespace, minus signs unified."""
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"\s+", "", text)
    return text.replace("−", "-").replace("－", "-").replace("?", "-")


# -- catalog ------------------------------------------------------------------------------

def test_catalog_files_exist():
    assert CATALOG_FILES, "no data/catalog/*.yaml"


@pytest.mark.parametrize("path", CATALOG_FILES, ids=lambda p: p.name)
def test_catalog_file_is_a_mapping_of_entries(path):
    data = _load(path)
    assert isinstance(data, dict) and data, f"{path.name}: expected a mapping card name -> entry"
    for name, entry in data.items():
        assert isinstance(name, str) and name.strip() == name and name, f"{path.name}: bad name {name!r}"
        assert isinstance(entry, dict), f"{path.name}: {name}: entry is not a mapping"


@pytest.mark.parametrize("file,name,entry", ENTRIES, ids=ENTRY_IDS)
def test_catalog_entry_shape(file, name, entry):
    assert entry.get("category") in CATEGORIES, f"{name}: category {entry.get('category')!r}"
    assert isinstance(entry.get("text"), str) and entry["text"].strip(), f"{name}: no wording (text)"
    sections = entry.get("sections")
    assert isinstance(sections, list) and sections, f"{name}: no sections"
    if entry.get("modelled", True) is False:
        assert isinstance(entry.get("why"), str) and entry["why"].strip(), f"{name}: modelled: false needs why"
    else:
        meaning = MEANING_KEYS[entry["category"]] & set(entry)
        assert meaning, f"{name}: a modelled {entry['category']} needs one of {sorted(MEANING_KEYS[entry['category']])}"


def test_catalog_names_and_aliases_unique_across_files():
    seen: dict[str, str] = {}
    for file, name, entry in ENTRIES:
        for key in [name] + list(entry.get("aliases") or []):
            assert key not in seen, f"{key!r} defined in {seen.get(key)} and in {file}:{name}"
            seen[key] = f"{file}:{name}"


@pytest.mark.parametrize("file,name,entry", ENTRIES, ids=ENTRY_IDS)
def test_catalog_sections_resolve(corpus, file, name, entry):
    missing = [c for c in entry.get("sections") or [] if c not in corpus]
    assert not missing, f"{file}: {name}: citations not in the corpus: {missing}"


@pytest.fixture(scope="module")
def squashed_texts(corpus) -> dict[str, list[str]]:
    """Section citation -> the squashed texts of the section and of its sub-records."""
    texts: dict[str, list[str]] = {}
    for record in corpus:
        texts.setdefault(record.id.split("/")[0], []).append(_squash(record.text))
    return texts


@pytest.mark.parametrize("file,name,entry", ENTRIES, ids=ENTRY_IDS)
def test_catalog_text_is_the_guides_wording(corpus, squashed_texts, file, name, entry):
    """The wording is quoted from a guide record the entry cites (layout aside) — or, for a
    real card no guide quotes (data/catalog/standard.yaml), it is its print's own text
    (the entry then links to the card by itself, judgebot.engine.format.realcards)."""
    guide_cites = [c for c in entry.get("sections") or [] if c.startswith("guide-") and c in corpus]
    if not guide_cites:
        pytest.skip(f"{name}: cites no guide record")
    if file == "standard.yaml":
        from judgebot.engine.format.catalog import load_catalog
        from judgebot.engine.format.realcards import links

        assert any(link.same_text for link in links(load_catalog())["entry"].get(name, ())), (
            f"{file}: {name}: text is not its print's text")
        return
    wording = _squash(entry["text"])
    sources = [text for c in guide_cites for text in squashed_texts.get(c.split("/")[0], [])]
    assert any(wording in s for s in sources), (
        f"{file}: {name}: text is not found verbatim in {guide_cites}")


# -- rulings ------------------------------------------------------------------------------

def test_ruling_files_exist():
    assert RULING_FILES, "no rulings/*.yaml"


@pytest.mark.parametrize("path", RULING_FILES, ids=lambda p: str(p.relative_to(ROOT / "rulings")))
def test_ruling_shape(path):
    data = _load(path)
    assert isinstance(data, dict), f"{path.name}: not a mapping"
    assert isinstance(data.get("title"), str) and data["title"].strip(), f"{path.name}: no title"
    ask = data.get("ask")
    assert isinstance(ask, dict) and len(ask) == 1, f"{path.name}: ask must have exactly one key"
    assert next(iter(ask)) in ASK_KINDS, f"{path.name}: unknown ask {next(iter(ask))!r}"
    expect = data.get("expect")
    assert isinstance(expect, dict) and expect, f"{path.name}: no expect"
    unknown = set(expect) - EXPECT_KEYS
    assert not unknown, f"{path.name}: unknown expect keys {sorted(unknown)}"
    assert set(expect) - {"cites"}, f"{path.name}: expect checks nothing but citations"
    cites = expect.get("cites")
    assert isinstance(cites, list) and cites, f"{path.name}: expect.cites is empty"


@pytest.mark.parametrize("path", RULING_FILES, ids=lambda p: str(p.relative_to(ROOT / "rulings")))
def test_ruling_cites_resolve(corpus, path):
    cites = (_load(path).get("expect") or {}).get("cites") or []
    missing = [c for c in cites if c not in corpus]
    assert not missing, f"{path.name}: expect.cites not in the corpus: {missing}"


def _card_refs(node):
    """Every {card: NAME} in a scenario (a Pokémon's `card` is its set code: it has a `name`)."""
    if isinstance(node, dict):
        if isinstance(node.get("card"), str) and "name" not in node:
            yield node["card"]
        for value in node.values():
            yield from _card_refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _card_refs(value)


@pytest.mark.parametrize("path", RULING_FILES, ids=lambda p: str(p.relative_to(ROOT / "rulings")))
def test_ruling_card_references_are_in_the_catalog(path):
    """Every {card: NAME} names a catalog card — or a real card of the card database
    (SCENARIOS.md "Real cards": the catalog and the database are one lookup)."""
    from judgebot.carddb import lookup
    from judgebot.engine.format.catalog import load_catalog
    from judgebot.engine.format.realcards import linked_entry

    names = {key for _, name, entry in ENTRIES for key in [name] + list(entry.get("aliases") or [])}
    data = _load(path)
    refs = [ref for ref in _card_refs({k: v for k, v in data.items() if k != "ask"})]
    unknown = [ref for ref in refs if ref not in names and not lookup.find(ref, near=False).cards
               and linked_entry(load_catalog(), ref) is None]
    assert not unknown, f"{path.name}: {{card: …}} names neither in the catalog nor real cards: {unknown}"


FAQ_FILE = re.compile(r"(guide-ja|guide-zh)_(I{1,2}-[A-H](?:-\d+)?)_(faq|ex)-(\d+)(?:-[a-z])?\.yaml")


@pytest.mark.parametrize("path", [p for p in RULING_FILES if FAQ_FILE.fullmatch(p.name)],
                         ids=lambda p: p.name)
def test_faq_ruling_is_named_after_a_real_faq(corpus, path):
    """guide-ja_II-B-07_faq-1.yaml is the board of guide-ja:II-B-07/faq-1: it must exist and be cited."""
    doc, section, kind, number = FAQ_FILE.fullmatch(path.name).groups()
    citation = f"{doc}:{section}/{kind}-{number}"
    assert citation in corpus, f"{path.name}: {citation} is not in the corpus"
    cites = (_load(path).get("expect") or {}).get("cites") or []
    assert citation in cites, f"{path.name}: expect.cites does not name {citation}"


# The board FAQs of guide-ja Ⅱ-B, Ⅱ-C-16, Ⅱ-D-01, Ⅱ-D-08, Ⅱ-D-13, Ⅱ-D-18 and Ⅱ-E-32 (issue #3), each
# a ruling named after it. Ⅱ-D-01 has no FAQ; Ⅱ-D-08 FAQ 1 is about which Energy a discard
# takes, which no ruling key answers.
REQUIRED_FAQ_BOARDS = [
    "guide-ja:II-B-07/faq-1", "guide-ja:II-B-07/faq-2", "guide-ja:II-B-09/faq-1",
    "guide-ja:II-B-09/faq-2", "guide-ja:II-C-16/faq-1", "guide-ja:II-D-08/faq-2",
    "guide-ja:II-D-13/faq-1", "guide-ja:II-D-13/faq-2", "guide-ja:II-D-13/faq-3",
    "guide-ja:II-D-18/faq-1", "guide-ja:II-D-18/faq-2", "guide-ja:II-E-32/faq-1",
]


@pytest.mark.parametrize("citation", REQUIRED_FAQ_BOARDS)
def test_every_board_faq_has_a_ruling(citation):
    doc, rest = citation.split(":")
    section, sub = rest.split("/")
    stem = f"{doc}_{section}_{sub}"
    found = [p for p in RULING_FILES if p.stem == stem or re.fullmatch(re.escape(stem) + r"-[a-z]", p.stem)]
    assert found, f"no ruling for {citation} (expected rulings/{stem}.yaml)"
    for path in found:
        cites = (_load(path).get("expect") or {}).get("cites") or []
        assert citation in cites, f"{path.name} does not cite {citation}"


def test_spec_example_ruling_is_present():
    assert (ROOT / "rulings" / "spec-example_iron-defender.yaml").is_file()
