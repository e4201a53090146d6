"""docs/CARD-COVERAGE.md: what judgebot.cardtext reads of today's Standard cards.

    python3 dev.py card-coverage [PATH]    # PATH: the TCGdex snapshot (archive or checkout)

Development only (not shipped, not run by the tests): the card texts come from the
TCGdex snapshot (../shared/data/tcgdex by default); the card database of the "Real
cards" issue will give them once merged. Standard = regulation marks H, I, J
(TCGdex meta/legals.ts). Texts are counted once each: an attack by (name, cost,
damage, text) — its functional card —, an Ability or a Trainer by (name, text).
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

from judgebot.cardtext import read
from judgebot.files import atomic_output
from tools.cardtext_dump import cards

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "CARD-COVERAGE.md"
STANDARD = ("H", "I", "J")
LANGS = {"en": "intl", "ja": "asia"}
KINDS = {"Item": "item", "Supporter": "supporter", "Stadium": "stadium", "Tool": "tool"}

# Tools, Stadiums and Items whose text changes damage, HP, Weakness, Resistance, Retreat
# Cost or Prize cards: those the English text names so, less the ones where the word is
# only a condition or what a deck reading looks for (reviewed, with why).
CHANGES = re.compile(r"(more|less) damage|[Pp]revent all damage|[+-]\d+ HP|\bgets [+-]|Weakness of|has no Weakness|"
                     r"Retreat Cost (?:of|is)|no Retreat Cost|fewer Prize card|more Prize card|remaining HP becomes|"
                     r"damage counters on the Attacking Pokémon")
NOT_A_CHANGE = {
    "Buddy-Buddy Poffin": "\"70 HP or less\" is what the deck search looks for",
    "Counter Gain": "its effect is on attack costs; \"Prize cards remaining\" is its condition",
    "Special Red Card": "its effect reads the hand and deck; the Prize cards are its condition",
    "Adversity Policy": "its effect draws cards; Weakness is its condition",
    "Heavy Baton": "its effect moves Energy; the Retreat Cost is its condition",
}


def _records(path: Path):
    return [c for c in cards(path) if c["mark"] in STANDARD]


def _norm(text: str) -> str:
    return re.sub(r"\d+", "N", " ".join(text.split()))


class Tally:
    def __init__(self):
        self.status = Counter()
        self.unread = Counter()
        self.listed_other = Counter()
        self.total = 0

    def add(self, reading):
        self.total += 1
        if reading.status == "applied":
            self.status["applied"] += 1
        elif reading.status == "not_applied":
            key = "listed (deck, hand, Prize cards)" if reading.ruled else "listed (other)"
            self.status[key] += 1
            if not reading.ruled:
                self.listed_other[_norm(reading.text)] += 1
        else:
            self.status["refused (not modelled)"] += 1
            self.unread[_norm(reading.unread or "")] += 1

    @property
    def ruled(self) -> int:
        return self.status["applied"] + self.status["listed (deck, hand, Prize cards)"]


def survey(records):
    tallies = defaultdict(Tally)  # (lang, part) -> Tally
    templates = defaultdict(lambda: defaultdict(set))  # template -> lang -> texts
    template_cards = defaultdict(set)
    required = []
    seen = set()
    for lang, group in LANGS.items():
        for r in records:
            if r["group"] != group:
                continue
            name = (r["name"] or {}).get(lang)
            items = []
            for a in r["attacks"]:
                text = (a["effect"] or {}).get(lang)
                if text:
                    items.append(("attack", (a["name"] or {}).get(lang), text, a, None))
            for a in r["abilities"]:
                text = (a["effect"] or {}).get(lang)
                if text:
                    items.append(("ability", (a["name"] or {}).get(lang), text, a, None))
            if r["category"] == "Trainer" and (r["effect"] or {}).get(lang):
                items.append((KINDS.get(r["trainerType"], "item"), name, r["effect"][lang], None, r["trainerType"]))
            for part, text_name, text, attack, trainer_type in items:
                key = (lang, part, text_name, text) + ((tuple(attack["cost"] or ()), str(attack["damage"]))
                                                        if part == "attack" else ())
                if key in seen:
                    continue
                seen.add(key)
                if part == "attack":
                    reading = read(text, lang, "attack", name=text_name or "", damage=attack["damage"],
                                   cost=[c.lower() for c in attack["cost"] or ()])
                elif part == "ability":
                    reading = read(text, lang, "ability", name=text_name or "")
                else:
                    reading = read(text, lang, "trainer", name=text_name or "", kind=part)
                tallies[(lang, part)].add(reading)
                for t in reading.templates:
                    templates[t][lang].add(text)
                    template_cards[t].add(name)
                if lang == "en" and part in ("tool", "stadium", "item") and CHANGES.search(text):
                    required.append((part, text_name, text, reading))
    return tallies, templates, template_cards, required


PART_ORDER = ("attack", "ability", "tool", "stadium", "item", "supporter")
PART_NAMES = {"attack": "Attacks", "ability": "Abilities", "tool": "Pokémon Tools", "stadium": "Stadiums",
              "item": "Items", "supporter": "Supporters"}


def through_check(check: dict | None) -> list[str]:
    """The issue's figure: attacks asked in a scenario that names the card (tools/check_coverage.py,
    the card database shipped in the wheel)."""
    if check is None:
        return []
    out = ["", "## Through `judgebot check`", "",
           "Every distinct Standard attack of the shipped card database asked on a board that names the card",
           "(`python -m tools.check_coverage`): *applied* and *listed* (its text only reads the deck or a hand)",
           "are ruled; *refused* is `not modelled`, by the attack's own text or by an Ability in force on the",
           "same card (met in every ruling of that Pokémon); *asks*: the file must give more.", "",
           "| attacks | count | applied | listed | refused (its text) | refused (an Ability in force) | asks | ruled |",
           "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for label, name in (("with_text", "with text"), ("without_text", "without text")):
        f = check["figures"][label]
        out.append(f"| {name} | {f['attacks']} | {f.get('applied', 0)} | {f.get('listed', 0)} | {f.get('refused', 0)} | "
                   f"{f.get('refused (an Ability in force)', 0)} | {f.get('asks', 0) + f.get('error', 0)} | "
                   f"{f['ruled']} ({f['ruled_percent']} %) |")
    f = check["figures"]["with_text"]
    english = f.get("ruled, English print", 0) + f.get("not ruled, English print", 0)
    if english:
        out += ["", f"Of those with text and an English print: {f.get('ruled, English print', 0)} of {english} ruled "
                    f"({100 * f.get('ruled, English print', 0) / english:.1f} %)."]
    return out


def render(tallies, templates, template_cards, required, source: str, check: dict | None = None) -> str:
    out = ["# Card text coverage", "",
           "What `judgebot.cardtext` reads of today's Standard cards (regulation marks H, I, J), generated by",
           f"`python3 dev.py card-coverage` from {source}. Each distinct text is counted once: an attack by its",
           "name, cost, damage and text; an Ability or a Trainer by its name and text. *Applied*: every sentence",
           "read into Format 2 (deck readings among them listed, not applied); *listed*: the whole text only reads",
           "the deck, a hand or face-down Prize cards (SCENARIOS.md \"Real cards\", Text), or moves cards between",
           "the discard pile, the hand and the deck; *refused*: a sentence that changes the board no template",
           "reads (`not modelled`). *Ruled* = applied + listed as deck / hand / Prize reading.", "",
           "## Figures", "",
           "| part | language | texts | applied | listed (deck, hand, Prizes) | listed (other) | refused | ruled |",
           "|---|---|---:|---:|---:|---:|---:|---:|"]
    for part in PART_ORDER:
        for lang in LANGS:
            t = tallies.get((lang, part))
            if not t or not t.total:
                continue
            out.append(f"| {PART_NAMES[part]} | {lang} | {t.total} | {t.status['applied']} | "
                       f"{t.status['listed (deck, hand, Prize cards)']} | {t.status['listed (other)']} | "
                       f"{t.status['refused (not modelled)']} | {t.ruled} ({100 * t.ruled / t.total:.1f} %) |")
    out += ["", "## Tools, Stadiums and Items that change damage, HP, Weakness, Resistance, Retreat Cost or Prize cards",
            "", "Selected by their English text (what they change, not what they look for); the ones whose words",
            "name those things only as a condition are listed below the table with why.", "",
            "| kind | card | status | Format 2 kinds |", "|---|---|---|---|"]
    done = 0
    skipped = []
    for part, name, text, reading in sorted(required, key=lambda x: (x[0], x[1] or "")):
        if name in NOT_A_CHANGE:
            skipped.append((name, NOT_A_CHANGE[name], reading.status))
            continue
        kinds = sorted({e.get("kind") for e in reading.format2.get("effects", [])} |
                       {next(iter(a)) for a in reading.format2.get("do", [])})
        done += reading.status == "applied"
        out.append(f"| {part} | {name} | {reading.status} | {', '.join(kinds)} |")
    total = len(required) - len(skipped)
    out += ["", f"Applied: **{done} of {total}**.", ""]
    for name, why, status in skipped:
        out.append(f"- {name} ({status}): {why}.")
    out += ["", "## Templates", "", "Texts each template reads (a text may use several), and the cards they are on.", "",
            "| template | en texts | ja texts | cards |", "|---|---:|---:|---:|"]
    for name in sorted(templates, key=lambda t: -sum(len(v) for v in templates[t].values())):
        out.append(f"| `{name}` | {len(templates[name].get('en', ()))} | {len(templates[name].get('ja', ()))} | "
                   f"{len(template_cards[name])} |")
    out += through_check(check)
    for part in PART_ORDER:
        for lang in LANGS:
            t = tallies.get((lang, part))
            if not t or not t.unread:
                continue
            out += ["", f"## Top unread: {PART_NAMES[part]}, {lang}", "", "| texts | first sentence no template reads |",
                    "|---:|---|"]
            for text, n in t.unread.most_common(25):
                out.append(f"| {n} | {text.replace('|', '/')} |")
    return "\n".join(out) + "\n"


def default_source() -> Path | None:
    for base in (ROOT.parent / "shared", ROOT.parent.parent / "shared"):
        found = sorted((base / "data" / "tcgdex").glob("*.tar.gz"))
        if found:
            return found[-1]
    return None


def main(argv: list[str]) -> int:
    source = Path(argv[0]) if argv else default_source()
    if source is None or not source.exists():
        print("usage: python3 dev.py card-coverage PATH  (the TCGdex snapshot: archive or checkout)", file=sys.stderr)
        return 2
    tallies, templates, template_cards, required = survey(_records(source))
    from tools.check_coverage import survey as check_survey

    check = check_survey()
    with atomic_output(OUT) as handle:
        handle.write(render(tallies, templates, template_cards, required, f"`{source.name}`", check).encode("utf-8"))
    attack = tallies[("en", "attack")]
    print(f"wrote {OUT.relative_to(ROOT)}: Standard attacks with text ruled (en): {attack.ruled} of {attack.total} "
          f"({100 * attack.ruled / attack.total:.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
