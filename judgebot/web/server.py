"""Running the app: `judgebot serve`, the web tests and `bench web` start uvicorn
through here, so that all three serve with the same settings.

The socket is bound before uvicorn starts, so that a port in use or an address that
is not this machine's is one line and exit 2 (InputError), not uvicorn's traceback;
the URL is printed once the server answers (corpus, index and ruling workers ready).
"""

from __future__ import annotations

import errno
import socket
import sys

from judgebot.errors import InputError

# The request line and headers uvicorn (h11) reads before it gives up with its own
# bare 400: room for a 100 KB query, so that the app refuses it with its own message.
MAX_REQUEST_HEAD = 256 * 1024


def config(app, host: str = "127.0.0.1", port: int = 8000, **options):
    """The uvicorn configuration every server of judgebot uses."""
    import uvicorn

    settings = {"log_level": "warning", "server_header": False, "http": "h11",
                "h11_max_incomplete_event_size": MAX_REQUEST_HEAD}
    settings.update(options)
    return uvicorn.Config(app, host=host, port=port, **settings)


def bind(host: str, port: int) -> socket.socket:
    """A listening-ready socket on host:port, or InputError saying why not."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError):
        raise InputError(f"--host {host}: not a host name or address this machine knows") from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise InputError(f"port {port} on {host} is in use (another judgebot serve?); "
                             "choose another with --port") from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise InputError(f"--host {host}: not an address of this machine") from None
        if exc.errno == errno.EACCES:
            raise InputError(f"port {port}: not allowed to listen on it (ports below 1024 need root)") from None
        raise InputError(f"cannot listen on {host} port {port}: {exc.strerror}") from None
    return sock


def url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else host
    shown = f"[{shown}]" if ":" in shown and not shown.startswith("[") else shown
    return f"http://{shown}:{port}/"


def serve(host: str, port: int, workers: int) -> None:
    """`judgebot serve`: bind, start, print the URL when ready, serve until Ctrl+C."""
    import uvicorn

    from judgebot.web import create_app

    sock = bind(host, port)
    if host not in ("127.0.0.1", "localhost", "::1"):
        sys.stderr.write(f"judgebot: serving on {host}: anyone who can reach this address can use it\n")

    class Server(uvicorn.Server):
        async def startup(self, sockets=None):
            await super().startup(sockets=sockets)
            if not self.should_exit:
                sys.stdout.write(f"judgebot serve: {url(host, port)} ({workers} ruling worker"
                                 f"{'s' if workers > 1 else ''}; Ctrl+C stops it)\n")
                sys.stdout.flush()

    Server(config(create_app(workers=workers), host, port)).run(sockets=[sock])
