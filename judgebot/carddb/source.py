"""Development time: the TCGdex card files and the PokéAPI species names, read into prints.

`read_tcgdex(path)` takes the TCGdex snapshot (the .tar.gz, or a checkout / extracted
folder) and returns every Scarlet & Violet and Mega Evolution print as a `Print`: one
card file, its set code and number as printed, its names and texts in the languages
judgebot speaks (en, ja, zh-tw, ko), and its game values written the engine's way
(types `fire`, stages `stage1`, Weakness `x2`). Only spelling is normalised here
(`×2`/`x2`, full-width `＋`/`－`, blanks); what a value means is decided later
(`build.py`). Values the file does not give stay None: absent is not "none".

`read_species(csv)` reads PokéAPI's `pokemon_species_names.csv`.
"""

from __future__ import annotations

import csv
import io
import re
import tarfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Iterator

from judgebot.carddb.tsliteral import LiteralError, Ref, parse_module

LANGS = ("en", "ja", "zh-tw", "ko")  # the languages whose names and texts are kept
SERIES = {"data": ("Scarlet & Violet", "Mega Evolution"), "data-asia": ("SV", "M")}
TYPE_WORDS = {"Grass": "grass", "Fire": "fire", "Water": "water", "Lightning": "lightning",
              "Psychic": "psychic", "Fighting": "fighting", "Darkness": "darkness", "Metal": "metal",
              "Dragon": "dragon", "Colorless": "colorless", "Fairy": "fairy"}
STAGE_WORDS = {"Basic": "basic", "Stage1": "stage1", "Stage2": "stage2", "MEGA": "mega"}
TRAINER_WORDS = {"Item": "item", "Tool": "tool", "Supporter": "supporter", "Stadium": "stadium"}
CATEGORY_WORDS = {"Pokemon": "pokemon", "Trainer": "trainer", "Energy": "energy"}
ENERGY_WORDS = {"Normal": "basic", "Special": "special", None: None}


class SourceError(ValueError):
    """A card file the importer cannot read as it expects (file and what)."""


@dataclass
class Part:
    """An attack or an Ability: names and texts per language."""

    name: dict[str, str]
    text: dict[str, str]
    cost: tuple[str, ...] | None = None  # attacks only
    damage: str | None = None  # attacks: "120", "30+", "20×", "120-"; None: no damage printed


@dataclass
class Print:
    id: str  # the TCGdex card id: set id + "-" + file name (sv03-125, SV3-066)
    set: str  # the set code as printed (OBF, SV3, SVP, SV-P)
    number: str  # the number as printed (125, 066, FIR)
    region: str  # "intl" (data/) or "asia" (data-asia/)
    released: str  # the set's release date (its Japanese one for an Asian set), for the order of prints
    path: str  # the file, for messages
    name: dict[str, str]
    category: str  # pokemon | trainer | energy
    trainer_type: str | None = None  # item | tool | supporter | stadium
    energy_type: str | None = None  # basic | special (None: not given)
    ace_spec: bool = False
    stage: str | None = None
    hp: int | None = None
    types: tuple[str, ...] | None = None
    evolves_from: dict[str, str] = field(default_factory=dict)
    dex: tuple[int, ...] = ()
    suffix: str | None = None
    abilities: list[Part] = field(default_factory=list)
    attacks: list[Part] = field(default_factory=list)
    weakness: tuple[tuple[str, str], ...] | None = None  # ((type, "x2"), …); None: not given
    resistance: tuple[tuple[str, str], ...] | None = None  # ((type, "-30"), …)
    retreat: int | None = None
    text: dict[str, str] = field(default_factory=dict)  # a Trainer's or Energy's text
    mark: str | None = None  # regulation mark
    rarity: str | None = None
    illustrator: str | None = None

    @property
    def lang(self) -> str:
        """The print's language: English for the international prints, else the first of
        ja, zh-tw, ko it is named in."""
        if self.region == "intl":
            return "en"
        return next((lang for lang in ("ja", "zh-tw", "ko") if lang in self.name), "")


# -- files ------------------------------------------------------------------------------------

def _files(path: Path) -> Iterator[tuple[str, str]]:
    """(relative path, text) of every .ts file of the snapshot: an archive or a folder."""
    if path.is_dir():
        for file in sorted(path.rglob("*.ts")):
            yield file.relative_to(path).as_posix(), file.read_text(encoding="utf-8")
        return
    found = []
    with tarfile.open(path, "r:*") as archive:
        for member in archive:  # in archive order: a compressed stream read once, never sought back
            if member.isfile() and member.name.endswith(".ts"):
                found.append((member.name.lstrip("./"), archive.extractfile(member).read().decode("utf-8")))
    yield from sorted(found)


def read_snapshot(path: Path) -> dict[str, str]:
    """Every .ts file of the snapshot by its path (a leading top folder of a checkout's
    archive is dropped when the snapshot lives under one)."""
    files = dict(_files(Path(path)))
    if not any(name.startswith(("data/", "data-asia/")) for name in files):
        tops = {name.split("/", 1)[0] for name in files}
        if len(tops) == 1:
            top = tops.pop() + "/"
            files = {name[len(top):]: text for name, text in files.items()}
    return files


def snapshot_digest(files: dict[str, str]) -> str:
    """A digest of the snapshot's .ts files (paths and texts): the same for the archive
    and for a checkout of the same commit."""
    import hashlib

    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode("utf-8") + b"\0" + files[name].encode("utf-8") + b"\0")
    return digest.hexdigest()


def legal_marks(files: dict[str, str]) -> tuple[str, ...]:
    """The regulation marks of the Standard format (meta/legals.ts `standard`)."""
    try:
        module = parse_module(files["meta/legals.ts"])
    except KeyError:
        raise SourceError("meta/legals.ts: not in the snapshot") from None
    except LiteralError as exc:
        raise SourceError(f"meta/legals.ts:{exc}") from None
    standard = module.consts.get("standard")
    if standard is None:
        raise SourceError("meta/legals.ts: no `standard` filter")
    value = standard[1]
    marks = value["includes"]["regulationMark"]
    if value["includes"]["series"] or value["includes"]["sets"] or value["excludes"]["sets"] \
            or value["excludes"]["cards"]:
        raise SourceError("meta/legals.ts: the standard filter names series, sets or cards; the importer "
                          "reads regulation marks only")
    return tuple(marks)


def read_tcgdex(path: Path) -> tuple[list[Print], tuple[str, ...], str]:
    """Every print of the two series in the snapshot, sorted by path, the Standard
    regulation marks, and the snapshot's digest."""
    files = read_snapshot(Path(path))
    sets: dict[str, dict] = {}
    prints: list[Print] = []
    for name in sorted(files):
        parts = PurePosixPath(name).parts
        if len(parts) < 3 or parts[0] not in SERIES or parts[1] not in SERIES[parts[0]]:
            continue
        try:
            module = parse_module(files[name])
        except LiteralError as exc:
            raise SourceError(f"{name}:{exc}") from None
        if len(parts) == 3:
            sets[name[:-3]] = module.value
        elif len(parts) == 4:
            set_path = "/".join(parts[:3])
            if module.imports.get("Set") != f"../{parts[2]}":
                raise SourceError(f"{name}: imports its set from {module.imports.get('Set')!r}, "
                                  f"expected '../{parts[2]}'")
            prints.append((name, set_path, module.value))  # type: ignore[arg-type]
        else:
            raise SourceError(f"{name}: unexpected file depth")
    result = []
    for name, set_path, value in prints:  # type: ignore[misc]
        if set_path not in sets:
            raise SourceError(f"{name}: its set file {set_path}.ts is missing")
        card = _print(name, sets[set_path], value)
        if card is not None:
            result.append(card)
    return result, legal_marks(files), snapshot_digest(files)


# -- one card file ----------------------------------------------------------------------------

def clean(text: str) -> str:
    """Spelling only: Unicode NFC, blanks collapsed, no blanks at the ends."""
    text = unicodedata.normalize("NFC", text)
    return re.sub(r"\s+", " ", text).strip()


def _langs(value: Any, where: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise SourceError(f"{where}: expected a mapping of languages, got {value!r}")
    out = {}
    for lang in LANGS:
        text = value.get(lang)
        if text is None:
            continue
        if not isinstance(text, str):
            raise SourceError(f"{where}.{lang}: expected text, got {text!r}")
        if clean(text):
            out[lang] = clean(text)
    return out


def _type(value: Any, where: str) -> str:
    if value not in TYPE_WORDS:
        raise SourceError(f"{where}: unknown type {value!r}")
    return TYPE_WORDS[value]


def damage_text(value: Any, where: str) -> str | None:
    """"180+", "30×", "120-" or "90": full-width signs and `x` written the one way."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise SourceError(f"{where}: unexpected damage {value!r}")
    text = unicodedata.normalize("NFKC", str(value)).strip().replace("x", "×").replace("X", "×")
    if not re.fullmatch(r"\d+[+×-]?", text):
        raise SourceError(f"{where}: unexpected damage {value!r}")
    return text


def _modifier(entry: Any, where: str, default: str) -> tuple[str, str]:
    if not isinstance(entry, dict) or "type" not in entry:
        raise SourceError(f"{where}: expected {{type, value}}, got {entry!r}")
    value = entry.get("value")
    value = default if value is None else unicodedata.normalize("NFKC", str(value)).strip()
    value = value.replace("×", "x").replace(" ", "")
    if not re.fullmatch(r"x2|[+-]\d+", value):
        raise SourceError(f"{where}: unexpected value {entry.get('value')!r}")
    return _type(entry["type"], f"{where}.type"), value


def _print(path: str, set_value: dict, card: Any) -> Print | None:
    if not isinstance(card, dict) or card.get("set") != Ref("Set"):
        raise SourceError(f"{path}: expected `const card: Card = {{set: Set, …}}`")
    parts = PurePosixPath(path).parts
    region = "intl" if parts[0] == "data" else "asia"
    number = PurePosixPath(path).stem
    set_id = set_value["id"]
    code = (set_value.get("abbreviations") or {}).get("official") if region == "intl" else set_id
    if not code:
        raise SourceError(f"{path}: its set {set_id} has no printed code")
    names = _langs(card.get("name"), f"{path}: name")
    if not names:
        return None  # named only in languages judgebot does not speak (th, id, fr …)
    category = CATEGORY_WORDS.get(card.get("category"))
    if category is None:
        raise SourceError(f"{path}: unknown category {card.get('category')!r}")
    released = set_value.get("releaseDate")
    if isinstance(released, dict):
        released = released.get("ja") or min(released.values())
    if not isinstance(released, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", released):
        raise SourceError(f"{path}: its set {set_id} has no release date")
    result = Print(id=f"{set_id}-{number}", set=code, number=number, region=region, released=released,
                   path=path, name=names,
                   category=category, mark=_mark(card.get("regulationMark")), rarity=card.get("rarity"),
                   illustrator=card.get("illustrator"))
    result.ace_spec = card.get("rarity") == "ACE SPEC Rare" or card.get("trainerType") == "Ace Spec"
    result.text = _langs(card.get("effect"), f"{path}: effect")
    if category == "trainer":
        kind = card.get("trainerType")
        if kind not in TRAINER_WORDS:
            raise SourceError(f"{path}: unknown trainerType {kind!r}")
        result.trainer_type = TRAINER_WORDS[kind]
    elif category == "energy":
        if card.get("energyType") not in ENERGY_WORDS:
            raise SourceError(f"{path}: unknown energyType {card.get('energyType')!r}")
        result.energy_type = ENERGY_WORDS[card.get("energyType")]
    else:
        _pokemon(result, card, path)
    _attacks(result, card, path)  # a Pokémon's, or a Technical Machine's
    return result


def _attacks(result: Print, card: dict, path: str) -> None:
    for i, attack in enumerate(card.get("attacks") or ()):
        where = f"{path}: attacks[{i}]"
        # One file writes a cost of no Energy as ["Void"] (the card prints an empty cost).
        cost = tuple(_type(t, f"{where}.cost") for t in attack.get("cost") or () if t != "Void")
        result.attacks.append(Part(name=_langs(attack.get("name"), f"{where}.name"),
                                   text=_langs(attack.get("effect"), f"{where}.effect"),
                                   cost=cost, damage=damage_text(attack.get("damage"), f"{where}.damage")))


def _mark(value: Any) -> str | None:
    if value in (None, "", "None"):
        return None
    return str(value).strip().upper()


def _pokemon(result: Print, card: dict, path: str) -> None:
    stage = card.get("stage")
    if stage not in STAGE_WORDS:
        raise SourceError(f"{path}: unknown stage {stage!r}")
    result.stage = STAGE_WORDS[stage]
    hp = card.get("hp")
    if hp is not None and (isinstance(hp, bool) or not isinstance(hp, int) or hp <= 0):
        raise SourceError(f"{path}: unexpected hp {hp!r}")
    result.hp = hp
    if card.get("types") is not None:
        result.types = tuple(_type(t, f"{path}: types") for t in card["types"])
    result.evolves_from = _langs(card.get("evolveFrom"), f"{path}: evolveFrom")
    result.dex = tuple(card.get("dexId") or ())
    result.suffix = card.get("suffix")
    if card.get("weaknesses") is not None:
        result.weakness = tuple(_modifier(w, f"{path}: weaknesses", "x2") for w in card["weaknesses"])
    if card.get("resistances") is not None:
        result.resistance = tuple(_modifier(r, f"{path}: resistances", "-30") for r in card["resistances"])
    retreat = card.get("retreat")
    if retreat is not None and (isinstance(retreat, bool) or not isinstance(retreat, int) or retreat < 0):
        raise SourceError(f"{path}: unexpected retreat {retreat!r}")
    result.retreat = retreat
    for i, ability in enumerate(card.get("abilities") or ()):
        where = f"{path}: abilities[{i}]"
        if ability.get("type") != "Ability":
            raise SourceError(f"{where}: unexpected type {ability.get('type')!r}")
        result.abilities.append(Part(name=_langs(ability.get("name"), f"{where}.name"),
                                     text=_langs(ability.get("effect"), f"{where}.effect")))


# -- PokéAPI ----------------------------------------------------------------------------------

SPECIES_LANGS = {"1": "ja-kana", "3": "ko", "4": "zh-tw", "9": "en", "11": "ja", "12": "zh"}


def read_species(path: Path) -> dict[int, dict[str, str]]:
    """Pokédex number -> {en, ja, ja-kana, ko, zh (Simplified), zh-tw}."""
    text = Path(path).read_text(encoding="utf-8")
    species: dict[int, dict[str, str]] = {}
    rows = csv.DictReader(io.StringIO(text))
    if rows.fieldnames is None or not {"pokemon_species_id", "local_language_id", "name"} <= set(rows.fieldnames):
        raise SourceError(f"{path}: expected the columns pokemon_species_id, local_language_id, name")
    for row in rows:
        lang = SPECIES_LANGS.get(row["local_language_id"])
        if lang and row["name"].strip():
            species.setdefault(int(row["pokemon_species_id"]), {})[lang] = clean(row["name"])
    return species
