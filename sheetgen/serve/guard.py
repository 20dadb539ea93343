"""What keeps other sites from driving the workbench.

The workbench writes into the project, and any page a browser opens can send requests to
127.0.0.1. So:

- every response forbids framing, type sniffing and cross-origin referrers (`Headers`);
- the Host header must name a loopback host and the server's own port (a DNS-rebinding
  page's name is refused);
- a request that changes something (any method but GET and HEAD; no GET writes) needs a
  proof that the workbench's own pages sent it: `Sec-Fetch-Site: same-origin`, an `Origin`
  equal to the server's own, or the session's token, which every form carries in a hidden
  field. Any sign of another sender (`Sec-Fetch-Site` cross-site or same-site, another
  `Origin` or `Referer`) refuses it, token or not;
- work that costs (previews, downloads that lay a document out) is refused when the browser
  says another site asked for it, and goes through a `Gate`: a few at a time, a few waiting,
  the rest answered 503 at once; a client that leaves is not worked for.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import threading
from collections.abc import Callable, Mapping
from urllib.parse import parse_qsl, urlsplit

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

LOOPBACK = ("127.0.0.1", "localhost", "::1")
SAFE_METHODS = ("GET", "HEAD")
OTHER_SITES = ("cross-site", "same-site")  # same-site: another port of 127.0.0.1 is another origin
TOKEN_FIELD = "token"
MAX_BODY = 64 * 1024
MAX_QUERY = 8 * 1024
# Pages: their own script and style files only (no inline code), never in a frame.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'"
)
# Everything else (SVG, PDF, text): no script, the SVGs' own styles, never in a frame.
FILE_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; frame-ancestors 'none'"
)
HEADERS = [(b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]
_OURS = {k for k, _ in HEADERS} | {b"content-security-policy"}  # replaced wherever a response sets them

Refuse = Callable[[Request, int, str], Response]
Stop = Callable[[], bool]  # true once the client of a costly job has gone


def never() -> bool:
    """The `Stop` of work that no client waits for."""
    return False


def new_token() -> str:
    """The session's token: a secret that only the workbench's own pages know."""
    return secrets.token_urlsafe(32)


class Headers:
    """Add the security headers to every response the application sends, errors included."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in _OURS]
                media = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                policy = PAGE_POLICY if media.startswith(b"text/html") else FILE_POLICY
                message = {**message, "headers": [*headers, *HEADERS, (b"content-security-policy", policy.encode())]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def own_origin(scope) -> str:
    """The server's origin as the request addressed it (its Host header is checked first)."""
    headers = _headers(scope)
    return f"{scope.get('scheme', 'http')}://{headers.get('host', '').lower()}"


def wrong_host(scope) -> str | None:
    """Why the Host header is refused: not a loopback name, or not the server's port."""
    host = _headers(scope).get("host", "")
    try:
        parts = urlsplit("//" + host)
        name, port = parts.hostname, parts.port
    except ValueError:
        return "the Host header is malformed"
    if name not in LOOPBACK:
        return f"the workbench answers only to {', '.join(LOOPBACK)}, not to {host[:100]!r}"
    server = scope.get("server")
    default = 443 if scope.get("scheme") == "https" else 80
    if server and (port or default) != server[1]:
        return f"the Host header names port {port or default}, but the workbench listens on {server[1]}"
    return None


def other_sender(headers: Mapping[str, str], own: str) -> str | None:
    """Why a request comes from another site, if the browser says so (None if it does not)."""
    site = headers.get("sec-fetch-site", "")
    if site in OTHER_SITES:
        return f"the browser says another site sent it (Sec-Fetch-Site: {site})"
    origin = headers.get("origin", "")
    if origin and origin != "null" and origin.lower() != own:
        return f"it was sent by a page of {origin[:100]}, not of the workbench ({own})"
    referer = headers.get("referer", "")
    if referer and _origin_of(referer) != own:
        return f"it was sent from a page of {_origin_of(referer)[:100]}, not of the workbench ({own})"
    return None


def same_origin(headers: Mapping[str, str], own: str, token: str, body: bytes) -> bool:
    """The browser says the workbench's own page sent it, or the form holds the session's token."""
    if headers.get("sec-fetch-site") == "same-origin" or headers.get("origin", "").lower() == own:
        return True
    if not headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        return False
    try:
        given = dict(parse_qsl(body.decode("utf-8"), max_num_fields=200)).get(TOKEN_FIELD, "")
    except (UnicodeDecodeError, ValueError):
        return False
    return hmac.compare_digest(given.encode(), token.encode())


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _headers(scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}


class Guard:
    """Refuse, before any route runs: an oversized query or body, a Host that is not the
    workbench's, and a request that changes something without a same-origin proof."""

    def __init__(self, app, token: str, refuse: Refuse) -> None:
        self.app = app
        self.token = token
        self.refuse = refuse

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        response: Response | None = None
        host = wrong_host(scope)
        if host is not None:
            response = PlainTextResponse(f"Invalid host header: {host}", status_code=400)
        elif len(scope.get("query_string", b"")) > MAX_QUERY:
            response = PlainTextResponse("query too long", status_code=414)
        elif scope["method"] not in SAFE_METHODS:
            body = await _body(scope, receive)
            if body is None:
                response = PlainTextResponse("form too large", status_code=413)
            else:
                response = self._unproven(scope, body)
                receive = _replay(body, receive)
        if response is not None:
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _unproven(self, scope, body: bytes) -> Response | None:
        headers, own = _headers(scope), own_origin(scope)
        why = other_sender(headers, own)
        if why is None and not same_origin(headers, own, self.token, body):
            why = "nothing shows that a page of the workbench sent it (no same-origin Origin, no form token)"
        if why is None:
            return None
        return self.refuse(Request(scope), 403, f"This request changes the project, and {why}. Nothing was changed.")


async def _body(scope, receive) -> bytes | None:
    """The request's body, or None if it is larger than MAX_BODY."""
    length = _headers(scope).get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        return None
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        size += len(chunks[-1])
        if size > MAX_BODY:
            return None
        if not message.get("more_body"):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive):
    """`receive` for the application: the body read already, then the connection's own messages."""
    sent = False

    async def replayed():
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


# --- work that costs ------------------------------------------------------------------------------


class Abandoned(Exception):
    """The client that asked for the work has gone: it is stopped where it can be."""


class Gate:
    """At most `workers` costly jobs at a time and `waiting` more in line; the rest are refused."""

    def __init__(self, workers: int = 2, waiting: int = 6) -> None:
        self.workers = workers
        self.limit = workers + waiting
        self.admitted = 0
        self.running = 0
        self._lock = threading.Lock()

    def admit(self) -> bool:
        with self._lock:
            if self.admitted >= self.limit:
                return False
            self.admitted += 1
            return True

    def start(self) -> bool:
        with self._lock:
            if self.running >= self.workers:
                return False
            self.running += 1
            return True

    def finish(self, started: bool) -> None:
        with self._lock:
            self.admitted -= 1
            self.running -= started


BUSY_SECONDS = 2  # Retry-After of a 503
POLL = 0.05  # seconds between looks at a waiting or running job's client
CLIENT_GONE = 499  # nobody reads it: the answer to a client that has gone


async def costly(request: Request, refuse: Refuse, work: Callable[[Stop], Response]) -> Response:
    """`work(stop)` in a worker thread, through the application's `Gate`: refused if another
    site asked (the browser says so), 503 when too many wait, never started for a client that
    has gone, told to stop (`stop()` turns true) when its client goes while it runs."""
    why = other_sender(_headers(request.scope), own_origin(request.scope))
    if why is not None:
        return refuse(request, 403, f"This page costs the workbench work, and {why}. Open it from the workbench.")
    gate: Gate = request.app.state.gate
    if not gate.admit():
        return PlainTextResponse(
            "the workbench is busy; try again in a moment", status_code=503, headers={"Retry-After": str(BUSY_SECONDS)}
        )
    started = False
    try:
        while not (started := gate.start()):
            if await request.is_disconnected():
                return Response(status_code=CLIENT_GONE)
            await asyncio.sleep(POLL)
        if await request.is_disconnected():
            return Response(status_code=CLIENT_GONE)
        return await _run_until_gone(request, work)
    finally:
        gate.finish(started)


async def _run_until_gone(request: Request, work: Callable[[Stop], Response]) -> Response:
    gone = threading.Event()
    job: asyncio.Future[Response] = asyncio.ensure_future(run_in_threadpool(work, gone.is_set))
    while True:
        done, _ = await asyncio.wait({job}, timeout=POLL * 4)
        if done:
            break
        if not gone.is_set() and await request.is_disconnected():
            gone.set()  # the thread stops at its next check; its slot is held until it has
    try:
        return job.result()
    except Abandoned:
        return Response(status_code=CLIENT_GONE)
