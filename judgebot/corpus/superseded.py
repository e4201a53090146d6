"""Records of the older documents whose rule differs from the current guide
(data/superseded/<doc>.yaml, read against guide-ja Ver.3.4 by hand)::

    rules-ja:やけど:
      superseded_by: [guide-ja:I-F-02]      # the records stating the current rule
      differs: "Burn: counters first, then the coin; this text flips first."

Only rules-ja, rules-ko and wiki-ja can be superseded. `superseded_by` names at least
one guide record (guide-ja, or guide-zh where guide-ja does not state the rule) and may
add another record that states the current rule (guide-ja is silent on Burn's counters-
then-coin order, which wiki-ja spells out), never a record that is itself superseded.
`differs` is one line of English. A file that breaks these is refused at load, naming
the entry: a mark that points nowhere would mislead a judge.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Protocol

from judgebot.corpus.data_files import read_mapping, yaml_files
from judgebot.errors import InputError

SUPERSEDED_DIR = "superseded"
OLDER_DOCS = ("rules-ja", "rules-ko", "wiki-ja")
GUIDE_DOCS = ("guide-ja", "guide-zh")
MAX_DIFFERS = 500  # one line: what changed, said in a sentence or two


class Records(Protocol):
    by_id: dict

    def __iter__(self) -> Iterator: ...


def superseded_files() -> list[Path]:
    return yaml_files(SUPERSEDED_DIR)


def _entry(path: Path, ident: str, value, corpus: Records) -> tuple[list[str], str]:
    where = f"{path.name}: {ident}"
    if ident.split(":", 1)[0] not in OLDER_DOCS:
        raise InputError(f"{where}: only records of {', '.join(OLDER_DOCS)} can be superseded")
    if ident not in corpus.by_id:
        raise InputError(f"{where}: no such record")
    if not isinstance(value, dict) or set(value) != {"superseded_by", "differs"}:
        raise InputError(f"{where}: expected superseded_by (a list of citations) and differs (one line)")
    current = value["superseded_by"]
    if not isinstance(current, list) or not current or not all(isinstance(c, str) for c in current):
        raise InputError(f"{where}: superseded_by: expected a list of citations")
    for citation in current:
        if citation not in corpus.by_id:
            raise InputError(f"{where}: superseded_by: {citation!r} is not a record")
    if not any(c.split(":", 1)[0] in GUIDE_DOCS for c in current):
        raise InputError(f"{where}: superseded_by: expected at least one record of {' or '.join(GUIDE_DOCS)}")
    differs = value["differs"]
    if not isinstance(differs, str) or not differs.strip() or "\n" in differs.strip() or len(differs) > MAX_DIFFERS:
        raise InputError(f"{where}: differs: expected one line of at most {MAX_DIFFERS} characters")
    return list(current), differs.strip()


def attach_superseded(corpus: Records) -> None:
    marked: dict[str, tuple[list[str], str]] = {}
    for path in superseded_files():
        for ident, value in read_mapping(path, "its mark").items():
            marked[str(ident)] = _entry(path, str(ident), value, corpus)
    for ident, (current, differs) in marked.items():
        stale = [c for c in current if c in marked]
        if stale:
            raise InputError(f"{ident}: superseded_by: {stale[0]} is itself superseded")
        record = corpus.by_id[ident]
        record.superseded_by, record.differs = current, differs
