"""Japanese card text → pieces (placeholder until its templates are written)."""
from __future__ import annotations

from judgebot.cardtext.reading import NotRead


def read(text, ctx):
    raise NotRead(text)
