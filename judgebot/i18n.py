"""Ruling text in the judge's language: message templates, one catalog per language.

A ruling step records what it decided as a message id and parameters (`Msg`), at the
moment it applies; `render(text, lang)` turns it into words once, from
`data/messages/<lang>/*.yaml`. Parameters are either plain values (card and attack names as
the scenario gives them, numbers) or people's words built from the catalogs too:
`Pos` (a position: "your 2nd Benched Pokémon", 「自分のベンチの2匹目」), `Term` (a type or
Special Condition in the guides' own terms), or a nested `Msg`. A template may have
plural forms (`one` / `other`, chosen by the parameter `n`).

Why YAML message tables and not gettext: the catalogs are data the project already
reads with its safe YAML loader (no compile step, no .mo files to ship in the wheel),
keys are stable ids rather than English source strings (the English text is itself a
translation), and a test can load all four and compare their keys and placeholders.
"""

from __future__ import annotations

import locale
import os
import re
import string
from pathlib import Path
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from judgebot.yaml_data import YAMLError, load_yaml

from judgebot.errors import InputError
from judgebot.paths import data_dir

LANGS = ("en", "ja", "zh", "ko")
DEFAULT = "en"


@dataclass(frozen=True)
class Msg:
    id: str
    params: dict[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:  # params hold lists at times; identity is enough here
        return id(self)


def msg(message_id: str, **params: Any) -> Msg:
    return Msg(message_id, params)


@dataclass(frozen=True)
class Pos:
    """A board position (`you.active`, `opponent.bench[1]`) said as people say it."""

    position: str


@dataclass(frozen=True)
class Term:
    """A word of the game (`type.fire`, `condition.burned`) in the guides' own terms."""

    key: str


@dataclass(frozen=True)
class Joined:
    """Several parts joined with a separator of the language (a short list: "list.comma")."""

    parts: tuple
    sep: str = "list.comma"


def default_language(explicit: str | None = None) -> str:
    """--lang, else JUDGEBOT_LANG, else the locale's language when one of the four, else English."""
    for candidate, source in ((explicit, "--lang"), (os.environ.get("JUDGEBOT_LANG"), "JUDGEBOT_LANG")):
        if candidate:
            if candidate not in LANGS:
                raise InputError(f"{source}: {candidate!r} is not one of {', '.join(LANGS)}")
            return candidate
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGS else DEFAULT
    try:
        code = (locale.getlocale()[0] or "").split("_")[0].lower()
    except ValueError:
        code = ""
    return code if code in LANGS else DEFAULT


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, Any]:
    """Every message of `lang` (see _read_catalog), read from the user cache while the
    files are unchanged (judgebot.derived)."""
    from judgebot.derived import cached

    directory = data_dir() / "messages" / lang
    try:
        files = sorted(directory.glob("*.yaml"))
    except OSError:
        files = []
    if not files:
        return _read_catalog(lang)  # the error, with the path
    return cached(f"messages-{lang}", files, [Path(__file__)], lambda: _read_catalog(lang))


def _read_catalog(lang: str) -> dict[str, Any]:
    """Every message of `lang`: the files of data/messages/<lang>/ (one per procedure,
    `common.yaml` for the words all of them use), merged; an id in two files is an error."""
    directory = data_dir() / "messages" / lang
    merged: dict[str, Any] = {}
    where: dict[str, str] = {}
    try:
        files = sorted(directory.glob("*.yaml"))
    except OSError as exc:
        raise InputError(f"{directory}: cannot read the message catalog: {exc}") from None
    if not files:
        raise InputError(f"{directory}: no message catalog for {lang!r}")
    for path in files:
        try:
            raw = load_yaml(path.read_text(encoding="utf-8")) or {}
        except (OSError, YAMLError) as exc:
            raise InputError(f"{path}: cannot read the message catalog: {exc}") from None
        if not isinstance(raw, dict):
            raise InputError(f"{path}: expected a mapping of message id -> template")
        for key, template in raw.items():
            if key in merged:
                raise InputError(f"{path}: message {key!r} is also in {where[key]}")
            merged[key], where[key] = template, path.name
    return merged


_TEMPLATES: dict[tuple, str] = {}


def _template(lang: str, key: str, n: Any = None) -> str:
    plural = n == 1
    found = _TEMPLATES.get((lang, key, plural))
    if found is None:
        found = _TEMPLATES[(lang, key, plural)] = _lookup(lang, key, n)
    return found


def _lookup(lang: str, key: str, n: Any = None) -> str:
    entry = catalog(lang).get(key)
    if entry is None:
        entry = catalog(DEFAULT).get(key)
    if entry is None:
        raise KeyError(f"message {key!r} is in no catalog")
    if isinstance(entry, dict):
        return entry["one"] if n == 1 and "one" in entry else entry["other"]
    return entry


_BENCH = re.compile(r"^(you|opponent)\.bench\[(\d+)\]$")


def position(pos: str, lang: str) -> str:
    side, _, spot = pos.partition(".")
    bench = _BENCH.match(pos)
    if bench:
        return _template(lang, f"pos.{side}.bench").format(n=int(bench.group(2)) + 1,
                                                              ordinal=ordinal(int(bench.group(2)) + 1, lang))
    if spot == "active":
        return _template(lang, f"pos.{side}.active")
    return _template(lang, f"pos.{side}")


def ordinal(n: int, lang: str) -> str:
    if lang != "en":
        return str(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def localized_card_name(name: str, lang: str) -> str:
    """A card, attack or Ability name as a ruling in `lang` says it — the one place every
    name parameter passes through. A name already in the ruling's script stays as the
    scenario writes it; otherwise the name in `lang` the project has checked (English,
    Korean, Chinese: data/card_names.yaml, the catalog's Latin aliases and guide-zh's
    names), then the card database's name in `lang` (judgebot.carddb.lookup.localized_name:
    only where every card so named agrees); else the name as written."""
    if _in_script(name, lang):
        return name
    checked = _checked_names(lang) if lang in CHECKED_NAME_LANGS else {}
    if name in checked:
        return checked[name]
    from judgebot.carddb.lookup import localized_name

    return localized_name(name, lang) or name


_KANA = re.compile(r"[\u3040-\u30ff]")
_HAN = re.compile(r"[\u3400-\u9fff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")


def _in_script(name: str, lang: str) -> bool:
    """Whether `name` is already written as a ruling in `lang` writes names."""
    if lang == "en":
        return name.isascii()
    if lang == "ja":
        return bool(_KANA.search(name))
    if lang == "zh":
        return bool(_HAN.search(name)) and not _KANA.search(name) and not _HANGUL.search(name)
    if lang == "ko":
        return bool(_HANGUL.search(name))
    return True


# The languages data/card_names.yaml names the guides' cards in (checked names).
CHECKED_NAME_LANGS = ("en", "ko", "zh")


@lru_cache(maxsize=len(CHECKED_NAME_LANGS))
def _checked_names(lang: str) -> dict[str, str]:
    from judgebot.derived import cached
    from judgebot.glossary import card_files

    files = card_files()
    return cached(f"card-names-{lang}", files, [Path(__file__)], lambda: _read_checked_names(lang)) if files else {}


def _read_checked_names(lang: str) -> dict[str, str]:
    """Every name in another script of a card the project has checked a name of in
    `lang` -> that name (its printed name: the first the file gives)."""
    from judgebot.glossary import card_entries

    names: dict[str, str] = {}
    for entry in card_entries():
        own = getattr(entry, lang)
        if not own:
            continue
        for other in ("en", "ja", "zh", "ko"):
            for name in (getattr(entry, other), *entry.aliases.get(other, ())):
                if name and not _in_script(name, lang):
                    names.setdefault(name, own)
    return names


def _value(value: Any, lang: str) -> str:
    kind = type(value)
    if kind is str:  # names, most parameters: as the language says them
        return localized_card_name(value, lang)
    if kind is int:
        return str(value)
    if kind is Msg:
        return render(value, lang)
    if isinstance(value, Pos):
        return position(value.position, lang)
    if isinstance(value, Term):
        return _template(lang, value.key)
    if isinstance(value, Joined):
        return _template(lang, value.sep).join(_value(v, lang) for v in value.parts)
    if isinstance(value, (list, tuple)):
        return _template(lang, "list.separator").join(_value(v, lang) for v in value)
    return str(value)


def render(text: Any, lang: str = DEFAULT) -> str:
    """A Msg (or a list of Msg and strings, concatenated), a Pos, Term or Joined in
    `lang`; a plain string as is."""
    if isinstance(text, str):
        return text
    if isinstance(text, list):
        return "".join(render(part, lang) for part in text)
    if isinstance(text, (Joined, Pos, Term)):
        return _value(text, lang)
    template = _template(lang, text.id, text.params.get("n"))
    values = {k: _value(v, lang) for k, v in text.params.items()}
    if lang == "ko":  # 은(는), 을(를) … take the form the noun before them needs
        from judgebot.korean import attach_particles

        return attach_particles(template.format(**values))
    return template.format(**values)


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
