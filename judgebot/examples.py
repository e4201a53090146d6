"""The rulings shipped with judgebot as examples (`judgebot examples`).

The repository's rulings/ — the guides' FAQs and the basic rules as executable scenarios,
each with its `expect` — ships in the wheel as the package ``judgebot.rulings`` (mapped by
setup.py, found with importlib.resources as judgebot.data is). An example is named by its
path under rulings/ without `.yaml` (`guide-ja_II-B-07_faq-1`, `attack/weakness-x2`); a
bare file name finds one in a subfolder too. A user lists them, prints one, copies them to
a folder of their own to edit, and checks them (`check --verify` on the packaged files).
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches
from functools import lru_cache
from importlib import resources
from pathlib import Path

from judgebot.errors import InputError

EXAMPLES_PACKAGE = "judgebot.rulings"


def examples_dir() -> Path:
    """The packaged rulings (in a checkout without the mapping: its rulings/)."""
    try:
        root = resources.files(EXAMPLES_PACKAGE)
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / "rulings"
    if not isinstance(root, Path):  # not a plain folder (a namespace package's MultiplexedPath)
        raise InputError(f"{EXAMPLES_PACKAGE}: the packaged examples are not a folder on disk (reinstall judgebot)")
    return root


@dataclass(frozen=True)
class Example:
    name: str  # path under rulings/ without .yaml, with / between folders
    path: Path

    @property
    def display(self) -> str:
        """How a ruling names the file: as in the repository (rulings/…)."""
        return f"rulings/{self.name}.yaml"

    def title(self) -> str:
        return _title(self.path)


@lru_cache(maxsize=1024)
def _title(path: Path) -> str:
    from judgebot.yaml_data import load_yaml

    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except Exception:  # a title is only shown: an unreadable file still lists, checked later
        return ""
    title = data.get("title") if isinstance(data, dict) else None
    return str(title) if title is not None else ""


def all_examples() -> list[Example]:
    root = examples_dir()
    if not root.is_dir():
        raise InputError(f"{root}: the packaged examples are missing (reinstall judgebot)")
    return [Example(p.relative_to(root).with_suffix("").as_posix(), p) for p in sorted(root.rglob("*.yaml"))]


def find(names: list[str]) -> list[Example]:
    """The examples named (every one when none is), in the order given; an unknown name is
    an error that suggests the closest names."""
    every = all_examples()
    if not names:
        return every
    by_name = {e.name: e for e in every}
    by_file: dict[str, list[Example]] = {}
    for example in every:
        by_file.setdefault(example.name.rsplit("/", 1)[-1], []).append(example)
    found = []
    for raw in names:
        name = raw.strip().removesuffix(".yaml").removeprefix("rulings/")
        if name in by_name:
            found.append(by_name[name])
        elif len(by_file.get(name, [])) == 1:
            found.append(by_file[name][0])
        else:
            close = get_close_matches(name, list(by_name), n=3, cutoff=0.6)
            hint = f"; did you mean {', '.join(close)}?" if close else "; `judgebot examples` lists them"
            raise InputError(f"{raw}: no such example{hint}")
    return found


def copy_to(examples: list[Example], folder: Path) -> list[Path]:
    """Copy the examples into `folder` (subfolders kept), each file written atomically; a
    file already there is never overwritten (the error names it, nothing is written)."""
    from judgebot.files import atomic_output

    targets = [(example, folder / f"{example.name}.yaml") for example in examples]
    existing = [str(target) for _, target in targets if target.exists()]
    if existing:
        more = f" (and {len(existing) - 1} more)" if len(existing) > 1 else ""
        raise InputError(f"{existing[0]}{more}: already exists; copy into an empty folder or remove it first")
    written = []
    for example, target in targets:
        target.parent.mkdir(parents=True, exist_ok=True)
        with atomic_output(target) as handle:
            handle.write(example.path.read_bytes())
        written.append(target)
    return written
