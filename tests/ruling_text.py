"""What a judge reads of every ruling, in every language, checked for slips (issue 27).

`slips(path)` rules on one file and returns, for each language, the texts a person
reads — the verdict, the outcome, each reason and each step as the human view shows it
(its head: the guide's step name, the position, the value) — with what is wrong in them:

- a generic Korean particle (은(는), 을(를) …) that reached the reader;
- a raw key: an identifier (`a_b`, `you.active`), a placeholder, or in ja/zh/ko text a
  Latin word that is neither one of the game's own (ex, V, VSTAR, VMAX, GX, HP, TAG TEAM)
  nor part of a name the scenario gives (a card, an attack, an Ability …);
- a doubled label ("you: you", 「自分: 自分」);
- a step numbered twice ("3. 1. The attack's damage");
- in English, Chinese, Japanese or Korean script that is not part of a name the scenario gives.

`python -m tests.ruling_text [FILE...]` prints every slip found (all rulings by default).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml

from judgebot.engine import rule, scenario_files
from judgebot.engine.format.scenario import load_scenario
from judgebot.i18n import LANGS

ROOT = Path(__file__).resolve().parents[1]
RULINGS = ROOT / "rulings"

GENERIC_PARTICLE = re.compile(r"은\(는\)|는\(은\)|이\(가\)|가\(이\)|을\(를\)|를\(을\)|와\(과\)|과\(와\)|\(으\)로|\(이\)")
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:you|opponent)\.(?:active|bench)|[{}]")
GAME_WORDS = {"ex", "V", "VSTAR", "VMAX", "GX", "EX", "HP", "TAG", "TEAM"}
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]")
# A label said twice where a step's head meets its text: "— you: you …", "= 自分：自分…".
DOUBLED = re.compile(r"(?:^\s*\d+\.\s+|[—=]\s)([^\s:：()（）—=\d][^\s:：()（）—=]{0,15})\s*[:：]\s*\1(?=$|[\s:：,、。.;；)）])")
# A section of the guide ("Ⅱ-E-20") and a step of its procedure ("手順1a") are the guide's own words.
SECTION_REF = re.compile(r"(?:guide-ja|guide-zh|rules-ko|rules-ja|wiki-ja)?:?[ⅠⅡ]-[A-Z](?:-\d+)?(?:/(?:faq|ex)-\d+)?"
                         r"|(?<=\d)[a-e](?![A-Za-z])")
_TYPE_WORDS = {"grass", "fire", "water", "lightning", "psychic", "fighting", "darkness", "metal", "dragon",
               "colorless", "fairy"}
TWICE_NUMBERED = re.compile(r"^\s*\d+\.\s+(?:\d+\.|[①-⑳])\s")


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    """The format's own words (types, conditions, sides, kinds …): values a scenario
    writes that are not names, so never allowed to show as they are."""
    from judgebot.engine.format.schema import scenario_schema

    words: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "enum" and isinstance(value, list):
                    words.update(str(v) for v in value if isinstance(v, str))
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(scenario_schema())
    from judgebot.engine.board.model import CONDITIONS, RULES, SIDES, STAGES, TYPES

    words.update(TYPES, CONDITIONS, RULES, SIDES, STAGES)
    return frozenset(words)


def scenario_names(path: Path) -> list[str]:
    """Every name the file gives (longest first): its string values outside `title`,
    `expect` and comments, less the format's own words and positions."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    vocabulary = _vocabulary()

    def walk(node, key=None):
        if key in ("title", "expect"):
            return
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str):
            value = node.strip()
            if value and value not in vocabulary and not re.fullmatch(r"(you|opponent)(\.\w+(\[\d+\])?)?", value):
                found.add(value)

    walk(data)
    return sorted(found, key=len, reverse=True)


def _catalog_names(names: list[str]) -> list[str]:
    """The names the catalog gives the cards the scenario names (its aliases in the
    other languages are its names too — in the language whose name it is)."""
    from judgebot.engine.format.catalog import load_catalog

    catalog = load_catalog()
    raw = _raw_catalog()
    out = []
    for name in names:
        entry = catalog.lookup(name)
        if entry is not None:
            out.append(entry.name)
            out += _strings(raw.get(entry.name), skip=("text", "why", "sections", "set", "aliases"))
    return out


@lru_cache(maxsize=1)
def _raw_catalog() -> dict:
    found: dict = {}
    for path in sorted((ROOT / "data" / "catalog").glob("*.yaml")):
        found.update(yaml.safe_load(path.read_text(encoding="utf-8")) or {})
    return found


def _strings(node, skip=()) -> list[str]:
    """The names inside a catalog entry (a filter's name_prefix, an attack's name …)."""
    out: list[str] = []
    vocabulary = _vocabulary()
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in skip:
                out += _strings(value, skip)
    elif isinstance(node, list):
        for value in node:
            out += _strings(value, skip)
    elif isinstance(node, str) and node.strip() not in vocabulary:
        out.append(node.strip())
    return out


def texts(ruling, lang: str, corpus=None) -> list[tuple[str, str]]:
    """(where, text) of what a judge reads of `ruling` in `lang`, as the human view says it."""
    from judgebot.present import ruling_view as view

    shown = ruling.to_dict(lang)
    out = [("verdict", view.verdict(shown, lang)[0])]
    out += [("outcome", text) for _, text in view.outcome_rows(shown, lang)]
    out += [("reason", reason["text"]) for reason in shown["reasons"]]
    asks = view._step_asks(shown)
    for number, (step, ask) in enumerate(zip(shown["steps"], asks), 1):
        head = view.step_head(step, ask, lang)
        line = f"{number:>2}. " + (f"{head}: {step['text']}" if head else str(step["text"]))
        out.append((f"step {number}", line))
        label = (view._label(ask, str(step["step"]), lang) or "").strip()
        if label and str(step["text"]).strip().lower().startswith(label.lower()):
            out.append((f"step {number}", f"{DOUBLED_MARK}{line}"))
    return out


DOUBLED_MARK = "\x00doubled label: "


def slips_in(where: str, text: str, lang: str, names: list[str]) -> list[str]:
    if text.startswith(DOUBLED_MARK):
        return [f"{where}: doubled label (the step's name starts its text): {text[len(DOUBLED_MARK):]}"]
    found = []
    bare = SECTION_REF.sub(" ", text)
    for name in names:
        bare = bare.replace(name, " ")
    if lang == "ko" and GENERIC_PARTICLE.search(text):
        found.append(f"generic particle {GENERIC_PARTICLE.search(text).group(0)!r}")
    if IDENTIFIER.search(bare):
        found.append(f"raw key {IDENTIFIER.search(bare).group(0)!r}")
    if lang != "en":
        words = [w for w in LATIN_WORD.findall(bare) if w not in GAME_WORDS]
        if words:
            found.append(f"Latin words {words}")
    else:
        if CJK.search(bare):
            found.append(f"CJK outside a name: {CJK.search(bare).group(0)!r}")
        raw = [w for w in LATIN_WORD.findall(bare) if w in _vocabulary() and w.islower() and w in _TYPE_WORDS]
        if raw:
            found.append(f"raw type keys {raw}")
    if DOUBLED.search(text):
        found.append(f"doubled label {DOUBLED.search(text).group(0).strip()!r}")
    if TWICE_NUMBERED.search(text):
        found.append("numbered twice")
    return [f"{where}: {slip}: {text}" for slip in found]


def slips(path: Path, langs=LANGS) -> dict[str, list[str]]:
    """A name the scenario or the catalog gives, or that name as the ruling's language
    says it (i18n.localized_card_name: the card database's name in that language), is
    a name; so are its English and Japanese names (an attack has names in those two
    only: a Chinese or Korean ruling shows one of them)."""
    from judgebot.i18n import localized_card_name

    ruling = rule(load_scenario(path))
    names = scenario_names(path)
    names = set(names) | set(_catalog_names(names)) | _real_card_part_names(ruling)
    by_lang = {lang: sorted(names | {m for n in names for m in _said(n, lang)}, key=len, reverse=True)
               for lang in langs}
    return {lang: [s for where, text in texts(ruling, lang) for s in slips_in(where, text, lang, by_lang[lang])]
            for lang in langs}


def _real_card_part_names(ruling) -> set[str]:
    """The names of the texts printed on the real cards the ruling used (SCENARIOS.md "Real
    cards"): an Ability the card prints (Cetitan's Solid Body) is a name the scenario gives
    through the card, though the file never writes it; such names exist in English and
    Japanese only."""
    from judgebot.carddb import lookup

    return {name for use in ruling.cards or () for text in lookup.texts(use.card) for name in text.name.values()
            if name}


def _said(name: str, lang: str) -> set[str]:
    """How a ruling in `lang` may say `name`: its name in that language, or, where it has
    none there (an attack has names in English and Japanese only), one of those."""
    from judgebot.i18n import _in_script, localized_card_name

    said = localized_card_name(name, lang)
    if _in_script(said, lang):
        return {said}
    return {said, localized_card_name(name, "en"), localized_card_name(name, "ja")}


def ruling_files() -> list[Path]:
    return [p for p, _ in scenario_files([RULINGS])]


if __name__ == "__main__":
    import sys

    files = [Path(a) for a in sys.argv[1:]] or ruling_files()
    total = 0
    for path in files:
        for lang, found in slips(path).items():
            for slip in found:
                total += 1
                print(f"{path.relative_to(ROOT) if path.is_absolute() else path} [{lang}] {slip}")
    print(f"{total} slips in {len(files)} rulings × {len(LANGS)} languages")
