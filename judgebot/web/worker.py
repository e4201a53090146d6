"""The worker processes of `judgebot serve`: children that answer requests sent over
their stdin, so that the server can stop one that runs too long and use every core.

    python -m judgebot.web.worker rule     # rulings on scenarios
    python -m judgebot.web.worker search   # searches

Protocol, one exchange per request: the server writes a JSON header line
`{"size": N, ...}` and N bytes of body; the worker answers one JSON line, `{"ok":
answer}`, `{"scenario": error.to_json()}` or `{"input": message}`. A ruling's header
has its `lang` and its body is the scenario; a search's body is the JSON object
`{"query", "lang", "doc", "limit"}`. At the end of its stdin (the server stopped,
however it stopped) the worker ends.
"""

from __future__ import annotations

import json
import sys

# Address space a worker may use: a worker needs about 60 MB; a scenario that would
# take gigabytes is stopped with a MemoryError instead of taking the machine's memory.
MEMORY_BYTES = 1 << 30


def answer(body: bytes, lang: str | None) -> dict:
    """A ruling on the scenario in `body`."""
    from judgebot.errors import JudgebotError, ScenarioError
    from judgebot.web.service import rule_text

    try:
        return {"ok": rule_text(body, lang)}
    except ScenarioError as exc:
        return {"scenario": exc.to_json()}
    except JudgebotError as exc:
        return {"input": str(exc)}
    except MemoryError:
        return {"input": f"the ruling needed more than {MEMORY_BYTES >> 20:,} MB of memory and was stopped"}


def bound_memory(limit: int = MEMORY_BYTES) -> None:
    """Cap this process's address space (where the system lets a process do so)."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass


def search_answer(body: bytes) -> dict:
    """The search the JSON object in `body` asks for."""
    from judgebot.errors import JudgebotError
    from judgebot.web.service import search

    request = json.loads(body)
    try:
        return {"ok": search(request["query"], request["lang"], request["doc"], request["limit"])}
    except JudgebotError as exc:
        return {"input": str(exc)}


def _warm(role: str) -> None:
    """What every request of the role needs, loaded once, before the first request."""
    if role == "rule":
        from judgebot.engine.format.catalog import load_catalog
        from judgebot.engine.format.printed_text import warm

        load_catalog()
        warm()
    else:
        from judgebot.errors import JudgebotError
        from judgebot.glossary import glossary
        from judgebot.search.index import open_searcher
        from judgebot.web.service import corpus

        corpus()
        glossary()
        try:
            open_searcher()
        except JudgebotError:
            pass  # e.g. an unusable cache: each search answers with the error (a 400)


def main(argv: list[str]) -> None:
    role = argv[0] if argv else "rule"
    if role not in ("rule", "search"):
        sys.exit(f"usage: python -m judgebot.web.worker rule|search (not {role!r})")
    bound_memory()
    _warm(role)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        header = stdin.readline()
        if not header:
            return
        request = json.loads(header)
        body = stdin.read(int(request["size"]))
        reply = answer(body, request.get("lang")) if role == "rule" else search_answer(body)
        stdout.write(json.dumps(reply, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n")
        stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
