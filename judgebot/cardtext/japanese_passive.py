"""Japanese templates of the texts that are not attacks (see english_passive)."""
from __future__ import annotations


def ability(text, ctx):
    return None
