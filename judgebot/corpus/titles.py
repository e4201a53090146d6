"""English titles of every record, from the reviewed data/titles_en.yaml.

Format: one mapping, citation → English title::

    guide-ja:I-A-03: Retreat
    guide-zh:I-A-03: Retreat

The documents are in Japanese, Chinese and Korean; a judge who reads English sees
this title beside the original one (search, show, cards). It is data a person wrote
from each record's text, never a machine default: a record without an entry has
`title_en` None, and tests/test_titles_en.py requires every record to have one.
"""

from __future__ import annotations

from typing import Iterator, Protocol

from judgebot.corpus.data_files import read_mapping
from judgebot.paths import data_dir

class Records(Protocol):
    """What this module needs of a corpus (judgebot.corpus.model.Corpus): its records in
    order and by ID. A protocol, so that this module never imports the model."""

    by_id: dict

    def __iter__(self) -> Iterator: ...

TITLES_FILE = "titles_en.yaml"


def load_titles() -> dict[str, str]:
    path = data_dir() / TITLES_FILE
    if not path.exists():
        return {}
    raw = read_mapping(path, "English title")
    return {str(k): str(v).strip() for k, v in raw.items() if v is not None and str(v).strip()}


def attach_titles(corpus: Records) -> None:
    titles = load_titles()
    for record in corpus:
        record.title_en = titles.get(record.id)
