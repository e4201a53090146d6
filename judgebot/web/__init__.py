"""`judgebot serve`: the rules reference and the scenario checker in a browser.

    from judgebot.web import create_app   # a Starlette (ASGI) application

Pages for people and the JSON API of CONTRACT.md (serve); templates and static
assets ship inside this package, so a wheel install serves them with no network.
"""

from judgebot.web.app import create_app

__all__ = ["create_app"]
