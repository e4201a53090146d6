"""The YAML files judgebot writes beside the corpus (renderings, superseded marks,
questions): a folder of files, each a mapping of citation to an entry."""

from __future__ import annotations

from pathlib import Path

from judgebot.errors import InputError
from judgebot.paths import data_dir


def yaml_files(folder: str) -> list[Path]:
    """The *.yaml files of data/<folder>, by name (none when it is not there)."""
    path = data_dir() / folder
    return sorted(path.glob("*.yaml")) if path.is_dir() else []


def read_mapping(path: Path, of_what: str) -> dict:
    """One file's mapping of citation to entry; an InputError naming the file when it is
    not valid YAML or not a mapping."""
    # imported here: the search path asks only for the file list (corpus_files)
    from judgebot.yaml_data import YAMLError, load_yaml

    try:
        raw = load_yaml(path.read_text(encoding="utf-8")) or {}
    except YAMLError as exc:
        raise InputError(f"{path}: not valid YAML: {exc}") from None
    if not isinstance(raw, dict):
        raise InputError(f"{path}: expected a mapping of citation to {of_what}")
    return raw
