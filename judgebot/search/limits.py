"""How much a query may ask: bounded before any work, so that one pasted page cannot
hold a core for seconds while other judges wait (a 94 KB query cost 27-38 s). The CLI
and the web server refuse the same queries with the same words (InputError: exit 2,
HTTP 400).

A judge's question is a sentence or two; a pasted FAQ is a few hundred characters.
Latin words cost the most (each is checked against the glossary's English words for a
typo), so their number has a bound of its own.
"""

from __future__ import annotations

from judgebot.errors import InputError

MAX_QUERY_CHARS = 1_000
MAX_QUERY_WORDS = 100


def check_query(query: str) -> None:
    """InputError naming the limit when `query` is over either bound."""
    if len(query) > MAX_QUERY_CHARS:
        raise InputError(f"query of {len(query):,} characters, over the limit of {MAX_QUERY_CHARS:,}; "
                         "ask about one rule at a time")
    words = len(query.split())
    if words > MAX_QUERY_WORDS:
        raise InputError(f"query of {words:,} words, over the limit of {MAX_QUERY_WORDS:,}; "
                         "ask about one rule at a time")
