"""The card catalog: data/catalog/*.yaml (format: docs/CATALOG.md), loaded and merged.

Each entry is validated with the same readers as scenario files (errors name the
catalog file, line and key path). Names and aliases are unique across all files;
`lookup` finds an entry by its Japanese name or an alias. Cards marked
`modelled: false` are refused where they are used (NotModelledError with `why`).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from judgebot.engine.ruling.citations import Mention, mark_listing
from judgebot.engine.board.model import Ability, Attack, Effect, Energy, Tool
from judgebot.engine.format.reader import ABILITY_KEYS, ATTACK_KEYS, Reader, _join
from judgebot.engine.format.schema import CATEGORIES, CATEGORY_FIELDS, COMMON_ENTRY, keys
from judgebot.engine.format.validate import validate
from judgebot.engine.format.yaml_lines import load_yaml
from judgebot.errors import ScenarioError
from judgebot.paths import data_dir

COMMON_KEYS = keys(COMMON_ENTRY)
CATEGORY_KEYS = {category: keys(fields) for category, fields in CATEGORY_FIELDS.items()}


@dataclass
class CatalogEntry:
    name: str
    category: str
    file: str
    line: int | None
    aliases: tuple[str, ...] = ()
    set: str | None = None
    text: str = ""
    sections: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    modelled: bool = True
    why: str | None = None
    does: tuple[str, ...] = ()
    pay: tuple[dict, ...] = ()
    do: tuple = ()  # Format 2: what a Trainer does when played (resolve: true)
    energy: Energy | None = None
    ability: Ability | None = None
    attack: Attack | None = None
    tool: Tool | None = None

    def all_effects(self) -> tuple[Effect, ...]:
        """The effects it puts in force (an Ability's `effect` included)."""
        if self.ability is not None:
            return self.ability.effects
        return self.effects


@dataclass
class Catalog:
    entries: dict[str, CatalogEntry] = field(default_factory=dict)  # name -> entry
    names: dict[str, CatalogEntry] = field(default_factory=dict)  # name or alias -> entry

    def lookup(self, name: str) -> CatalogEntry | None:
        return self.names.get(name.strip())

    def __len__(self) -> int:
        return len(self.entries)


def catalog_dir() -> Path:
    return data_dir() / "catalog"


def _stamp(directory: Path) -> tuple:
    """(path, mtime, size) of every *.yaml in the folder, sorted: the cache key. One
    scandir and one stat per file (this runs for every scenario checked)."""
    try:
        with os.scandir(directory) as entries:
            found = [(entry.path, entry.stat()) for entry in entries
                     if entry.name.endswith(".yaml") and not entry.name.startswith(".") and entry.is_file()]
    except (FileNotFoundError, NotADirectoryError):
        return ()
    return tuple(sorted((path, st.st_mtime_ns, st.st_size) for path, st in found))


_batch: list[Catalog | None] = []  # one slot per open `one_read()`


def load_catalog() -> Catalog:
    """The merged catalog, read again only when a catalog file changes; inside
    `one_read()` the files are looked at once for the whole batch."""
    if _batch and _batch[-1] is not None:
        return _batch[-1]
    catalog = _load(_stamp(catalog_dir()))
    if _batch:
        _batch[-1] = catalog
    return catalog


@contextmanager
def one_read() -> Iterator[None]:
    """A batch of scenarios (`check` over many files) sees one catalog."""
    _batch.append(None)
    try:
        yield
    finally:
        _batch.pop()


@lru_cache(maxsize=4)
def _load(stamp: tuple) -> Catalog:
    """The catalog of these files, parsed once and then read from the user cache
    (judgebot.derived) while the files and the code that reads them are unchanged."""
    from judgebot.derived import cached
    from judgebot.engine.board import model
    from judgebot.engine.format import reader, yaml_lines
    from judgebot.engine.ruling import citations

    code = [Path(m.__file__) for m in (model, reader, yaml_lines, citations)] + [Path(__file__)]
    return cached("catalog", [Path(file) for file, _, _ in stamp], code, lambda: _parse(stamp))


def _parse(stamp: tuple) -> Catalog:
    catalog = Catalog()
    for file, _, _ in stamp:
        path = Path(file)
        display = _display(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ScenarioError(display, None, "", f"cannot read the catalog file: {exc}") from None
        data, lines = load_yaml(text, display)
        reader = CatalogReader(display, lines)
        if data is None:
            continue
        validate(data, display, lines, "catalog_file")
        if not isinstance(data, dict):
            reader.fail("", "expected a mapping: card name -> entry")
        for name, raw in data.items():
            entry = reader.entry_of(name, raw)
            for key in (entry.name,) + entry.aliases:
                if key in catalog.names:
                    first = catalog.names[key]
                    reader.fail(name, f"{key!r} is defined twice: in {first.file}:{first.line} "
                                      f"({first.name}) and in {display}:{entry.line} ({entry.name})")
                catalog.names[key] = entry
            catalog.entries[entry.name] = entry
    mark_listing({name: entry.sections for name, entry in catalog.entries.items()})
    return catalog


def parse_catalog_text(text: str, display: str) -> Catalog:
    """One catalog document (for tests and tools)."""
    catalog = Catalog()
    data, lines = load_yaml(text, display)
    if data is not None:
        validate(data, display, lines, "catalog_file")
    reader = CatalogReader(display, lines)
    for name, raw in (data or {}).items():
        entry = reader.entry_of(name, raw)
        for key in (entry.name,) + entry.aliases:
            if key in catalog.names:
                reader.fail(name, f"{key!r} is defined twice in {display}")
            catalog.names[key] = entry
        catalog.entries[entry.name] = entry
    return catalog


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class CatalogReader(Reader):
    """Reads catalog entries; effects inside the catalog are primitives only."""

    def __init__(self, file: str, lines: dict[str, int]):
        super().__init__(file, lines, catalog=None)

    def entry_of(self, name: Any, value: Any) -> CatalogEntry:
        path = str(name)
        name = self.text(name, path)
        if not isinstance(value, dict) or "category" not in value:
            self.mapping(value, path, COMMON_KEYS, required=("category",))
        category = self.choice(value["category"], _join(path, "category"), CATEGORIES, "category")
        raw = self.mapping(value, path, COMMON_KEYS + CATEGORY_KEYS[category], required=("category",))
        p = lambda key: _join(path, key)  # noqa: E731
        # The sections that discuss the card: cited where they answer (citations.Mention).
        sections = tuple(Mention(c) for c in self.list_of(raw.get("sections"), p("sections"), self.citation))
        modelled = self.bool(raw["modelled"], p("modelled")) if "modelled" in raw else True
        entry = CatalogEntry(
            name=name, category=category, file=self.file, line=self.line(path),
            aliases=tuple(self.list_of(raw.get("aliases"), p("aliases"), self.text)),
            set=self.optional_text(raw.get("set"), p("set")),
            text=self.optional_text(raw.get("text"), p("text")) or "",
            sections=sections, modelled=modelled,
            why=self.optional_text(raw.get("why"), p("why")),
        )
        if not modelled:
            return entry  # its meaning is not given: only text and sections are kept
        entry.effects = tuple(
            replace(self.primitive(item, f"{p('effects')}[{i}]", source=name, origin=category, cites=sections),
                    card=name)
            for i, item in enumerate(self.list_of(raw.get("effects"), p("effects"), lambda v, q: v)))
        if category in ("item", "supporter", "stadium"):
            entry.does = tuple(self.list_of(raw.get("does"), p("does"), self.does_word))
            entry.pay = tuple(self.list_of(raw.get("pay"), p("pay"), self.pay_item))
            entry.do = self.actions(raw["do"], p("do")) if "do" in raw else ()
        elif category == "tool":
            entry.tool = Tool(name=name, effects=entry.effects, cites=sections)
        elif category == "special_energy":
            if "provides" not in raw:
                self.fail(path, "missing required key 'provides'")
            options = tuple(self.list_or_one(raw["provides"], p("provides"), self.provision))
            entry.energy = Energy(name=name, basic=False, provides=options, effects=entry.effects, cites=sections,
                                  only_on=self.filter(raw["only_on"], p("only_on")) if "only_on" in raw else None)
        elif category == "ability":
            fields = {k: v for k, v in raw.items() if k in ABILITY_KEYS}
            ability = self.ability(fields, path, name=name, cites=sections)
            extra = tuple(replace(e, origin="ability") for e in entry.effects)
            ability_effects = tuple(replace(e, card=name) for e in ability.effects) + extra
            entry.ability = replace(ability, effects=ability_effects,
                                    declared=ability.declared if "declared" in raw else not ability_effects)
        elif category == "attack":
            fields = {k: v for k, v in raw.items() if k in ATTACK_KEYS and k != "effects"}
            attack = self.attack(fields, path, name=name, cites=sections)
            entry.attack = replace(attack, effects=tuple(replace(e, origin="attack") for e in entry.effects))
        return entry
