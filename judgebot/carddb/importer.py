"""Development time: `python3 dev.py cards-import [TCGDEX] [--pokeapi CSV]`.

Reads the TCGdex snapshot (archive or checkout) and PokéAPI's species names, applies
the reviewed files of data/carddb/ (conflicts.yaml, names.yaml), and writes
data/carddb/cards.sqlite, the database judgebot ships. Deterministic: the same inputs
give the same bytes. Stops, listing them, on conflicts without a decision and on
decisions no conflict needs; `--review FILE` writes the undecided ones as YAML to fill
in.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from judgebot.carddb import build
from judgebot.carddb.build import Conflict, ImportProblem, Review
from judgebot.carddb.source import read_species, read_tcgdex
from judgebot.carddb.store import write_database

DATABASE = "cards.sqlite"
FORMAT = 1  # of the records; judgebot refuses a database of another format


@dataclass
class Report:
    stats: dict[str, Any]
    undecided: list[Conflict]
    stale: list[str]


def load_review(folder: Path) -> Review:
    """conflicts.yaml and names.yaml of `folder`."""
    conflicts = _yaml(folder / "conflicts.yaml")
    names = _yaml(folder / "names.yaml")
    review = Review(
        fixes={str(k): dict(v) for k, v in (conflicts.get("fixes") or {}).items()},
        decisions={str(k): dict(v) for k, v in (conflicts.get("decisions") or {}).items()},
        set_drops={str(k): list(v["languages"]) for k, v in (conflicts.get("set_drops") or {}).items()},
        trainers={str(k): dict(v) for k, v in (names.get("trainers") or {}).items()},
        korean={str(k): v for k, v in (names.get("korean") or {}).items()},
        prefixes={str(k): dict(v) for k, v in (names.get("prefixes") or {}).items()},
    )
    for key, decision in review.decisions.items():
        if decision.get("decision") not in ("same", "split") or not decision.get("why"):
            raise ImportProblem(f"conflicts.yaml decisions[{key!r}]: expected decision: same or split, and why")
    for key, fix in review.fixes.items():
        if not fix.get("why"):
            raise ImportProblem(f"conflicts.yaml fixes.{key}: say why")
    return review


def _yaml(path: Path) -> dict:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except yaml.YAMLError as exc:
        raise ImportProblem(f"{path}: {' '.join(str(exc).split())}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ImportProblem(f"{path}: expected a mapping")
    return data


def _digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def run(tcgdex: Path, pokeapi: Path, folder: Path, out: Path | None = None,
        review_file: Path | None = None) -> Report:
    review = load_review(folder)
    prints, marks, digest = read_tcgdex(tcgdex)
    species = read_species(pokeapi)
    result = build.build(prints, species, review, marks)
    check_trainer_table(result.cards, review, result.conflicts)
    keys = {c.key for c in result.conflicts}
    undecided = [c for c in result.conflicts if c.key not in review.decisions]
    stale = sorted(set(review.decisions) - keys)
    if review_file is not None:
        write_review(review_file, undecided)
    records = build.finish(result.cards, marks, species)
    stats = statistics(records, result.stats, marks, len(review.decisions), len(review.fixes))
    if undecided or stale:
        return Report(stats=stats, undecided=undecided, stale=stale)
    meta = {"format": FORMAT, "marks": list(marks), "stats": stats,
            "sources": {"tcgdex_files_sha256": digest, "pokeapi_sha256": _digest(pokeapi)},
            "species": species_table(species)}
    write_database(out or folder / DATABASE, records, meta)
    return Report(stats=stats, undecided=[], stale=[])


def species_table(species: dict[int, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Every species' name in the four languages of judgebot's rulings (PokéAPI), by
    Pokédex number: a ruling names a Pokémon that no card of the snapshot carries
    (リザードン in a guide example) in the ruling's language."""
    return {str(number): {lang: names[lang] for lang in ("en", "ja", "zh", "ko") if names.get(lang)}
            for number, names in sorted(species.items())}


def check_trainer_table(cards: list[build.Card], review: Review, conflicts: list[Conflict]) -> None:
    """Every entry of names.yaml `trainers` names a Japanese card and an English card of
    the same kind that the import joined; a table entry that joined nothing is an error
    (a misspelt name, or a card the snapshot lost)."""
    joined_ja = {n for c in cards if "en" in c.name and c.category != "pokemon"
                 for n in [c.name.get("ja")] + c.aliases.get("ja", []) if n}
    missing = sorted(ja for ja, entry in review.trainers.items() if entry.get("en") and ja not in joined_ja)
    if missing:
        raise ImportProblem("names.yaml trainers: these joined no English card (check both names and the kind): "
                            + ", ".join(missing))


def statistics(records: list[dict], stats: dict, marks: tuple[str, ...], decisions: int, fixes: int) -> dict:
    names = Counter(lang for r in records for lang in r["name"])
    sources = Counter(f"{lang}:{src}" for r in records for lang, src in r["name_from"].items())
    prints = Counter(p["lang"] for r in records for p in r["prints"])
    return {
        "cards": len(records),
        "by_category": dict(sorted(Counter(r["category"] for r in records).items())),
        "prints": sum(prints.values()),
        "prints_by_lang": dict(sorted(prints.items())),
        "names": dict(sorted(names.items())),
        "name_sources": dict(sorted(sources.items())),
        "standard": sum(r["standard"] for r in records),
        "standard_marks": list(marks),
        "joined_pokemon": stats.get("joined_pokemon", 0),
        "joined_trainers": stats.get("joined_trainers", 0),
        "english_and_japanese": sum(1 for r in records if {"en", "ja"} <= {p["lang"] for p in r["prints"]}),
        "unknown_values": dict(sorted(Counter(k for r in records for k in r["unknown"]).items())),
        "filled_values": sum(len(r["filled"]) for r in records),
        "text_gaps": sum(len(r.get("text_gaps", ())) for r in records),
        "reviewed_decisions": decisions,
        "reviewed_fixes": fixes,
    }


def write_review(path: Path, undecided: list[Conflict]) -> None:
    """The undecided conflicts as YAML entries for conflicts.yaml `decisions`, each with
    what differs as comments: fill in decision (same | split), text_from, why."""
    lines = []
    for conflict in undecided:
        lines.append(f"  # {conflict.kind}: {conflict.summary}")
        for print_id, text in conflict.options.items():
            lines.append(f"  #   {print_id}: {text}")
        lines.append(f"  {json.dumps(conflict.key, ensure_ascii=False)}: "
                     "{decision: , text_from: , why: }")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


DEFAULT_TCGDEX = Path("../shared/data/tcgdex/tcgdex-sv-me-d9083b73.tar.gz")
DEFAULT_POKEAPI = Path("../shared/data/pokeapi/pokemon_species_names.csv")


def main(argv: list[str] | None = None) -> int:
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python3 dev.py cards-import",
                                     description="Import the TCGdex snapshot into data/carddb/cards.sqlite.")
    parser.add_argument("tcgdex", nargs="?", type=Path, default=DEFAULT_TCGDEX,
                        help="the TCGdex snapshot: the .tar.gz or a checkout (default: %(default)s)")
    parser.add_argument("--pokeapi", type=Path, default=DEFAULT_POKEAPI,
                        help="PokéAPI's pokemon_species_names.csv (default: %(default)s)")
    parser.add_argument("--data", type=Path, default=Path("data/carddb"),
                        help="the folder of the reviewed files and of the database (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=None, help="write the database here instead")
    parser.add_argument("--review", type=Path, default=None,
                        help="write the conflicts that have no decision to this file, as YAML to fill in")
    args = parser.parse_args(argv)
    try:
        report = run(args.tcgdex, args.pokeapi, args.data, args.out, args.review)
    except (ImportProblem, OSError, ValueError) as exc:
        print(f"cards-import: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report.stats, ensure_ascii=False, indent=1))
    if report.undecided or report.stale:
        for conflict in report.undecided:
            print(f"undecided {conflict.kind}: {conflict.key}: {conflict.summary}", file=sys.stderr)
        for key in report.stale:
            print(f"stale decision (no such conflict): {key}", file=sys.stderr)
        print(f"cards-import: {len(report.undecided)} conflicts without a decision, {len(report.stale)} stale "
              "decisions in conflicts.yaml; nothing written" + (f" (see {args.review})" if args.review else ""),
              file=sys.stderr)
        return 1
    print(f"wrote {args.out or args.data / DATABASE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
