"""The ruling worker of `judgebot serve`: a child process that rules on scenarios
sent over its stdin, so that the server can stop a ruling that runs too long.

Protocol, one exchange per ruling: the server writes a JSON header line
`{"lang": L, "size": N}` and N bytes of scenario; the worker answers one JSON line,
`{"ok": ruling}`, `{"scenario": error.to_json()}` or `{"input": message}`.
"""

from __future__ import annotations

import json
import sys


def answer(body: bytes, lang: str | None) -> dict:
    from judgebot.errors import JudgebotError, ScenarioError
    from judgebot.web.service import rule_text

    try:
        return {"ok": rule_text(body, lang)}
    except ScenarioError as exc:
        return {"scenario": exc.to_json()}
    except JudgebotError as exc:
        return {"input": str(exc)}


def main() -> None:
    from judgebot.engine.format.catalog import load_catalog

    load_catalog()  # once, before the first ruling
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        header = stdin.readline()
        if not header:
            return
        request = json.loads(header)
        body = stdin.read(int(request["size"]))
        stdout.write(json.dumps(answer(body, request.get("lang")), ensure_ascii=False).encode() + b"\n")
        stdout.flush()


if __name__ == "__main__":
    main()
