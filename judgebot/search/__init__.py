"""Rulebook search: a CJK-aware Whoosh index in the per-user cache, queried in
Japanese, Chinese, Korean or English (through the glossary).

    search(query, lang="all", doc=None, limit=10) -> dict   # CONTRACT.md `search`
    ensure_index(rebuild=False) -> dict                      # `judgebot index`

The modules are imported by the function that needs them: `judgebot index` never
loads the query side.
"""

from __future__ import annotations


def ensure_index(rebuild: bool = False, from_scratch: bool = False, verify: bool = True) -> dict:
    """See `judgebot.search.index.ensure_index`."""
    from judgebot.search.index import ensure_index as ensure

    return ensure(rebuild=rebuild, from_scratch=from_scratch, verify=verify)


def search(query: str, lang: str | None = None, doc: str | None = None, limit: int = 10) -> dict:
    """Ranked hits, best first (CONTRACT.md `search`): {"query", "hits": [{"id",
    "doc", "section", "lang", "kind", "title", "score", "snippet", "matched"}], ...}.

    `lang` None (no --lang): every document, records in the query's language first;
    "all": every document without preference. Editions of one rule are one hit
    (`equivalents` lists the others); every hit has `title_en`.

    Additive keys: hit "matched" (the query's terms as the record writes them),
    "lang", "doc", "expanded" (each glossary term found: {"term", "en", "forms"}) and,
    when an English word was read as a glossary word, "corrected" ({"weaknes":
    "weakness"}). Raises InputError (empty query, unknown --doc/--lang, bad limit)
    and CacheError (index cache unreadable or unwritable)."""
    from judgebot.search.index import repairing
    from judgebot.search.query import run_search

    # A search that fails on a damaged index file repairs the index and runs again.
    return repairing(lambda: run_search(query, lang=lang, doc=doc, limit=limit))


__all__ = ["search", "ensure_index"]
