"""The rulebook corpus (see ``model`` for the record format)."""

from judgebot.corpus.model import (  # noqa: F401
    DOCS,
    Corpus,
    Record,
    load_corpus,
    normalize_id,
)
