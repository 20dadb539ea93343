"""`sheetgen serve` against other sites: every response forbids framing; a request that
changes the project needs a same-origin proof; costly pages refuse other sites, have
bounded parameters and a bounded line; saves stay inside `content/`. The hostile requests
tried are kept below as a corpus (`HOSTILE`) so that they keep being refused.
(Framing in a real browser: `test_serve_browser.py`.)"""

from __future__ import annotations

import asyncio
import html
import re
import threading
from pathlib import Path

import pytest
from helpers import run_cli
from starlette.requests import Request
from starlette.testclient import TestClient

from sheetgen.serve import app as serve_app
from sheetgen.serve.app import create_app, refused
from sheetgen.serve.confine import NotInside, create_new
from sheetgen.serve.guard import Gate, costly
from sheetgen.serve.workspace import Workspace

LOCAL = "http://127.0.0.1"  # the test client's server: port 80
EVIL = "http://evil.example"
OTHER_PORT = "http://127.0.0.1:8081"  # another local server: same site, another origin
MONSTER = {"type": "dragon", "count": "1"}
SAVE = "/new/kubos-monster/save"
TOKEN = "<the session's token>"  # replaced by the real one in the corpus
COSTLY = [
    "/new/kubos-monster?seed=3",
    "/new/kubos-monster/preview.svg?seed=3",
    "/cubit",
    "/cubit/net.svg",
    "/cubit/net.pdf",
]


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A project made by `sheetgen init --game kubos`, built, as the working directory."""
    root = tmp_path_factory.mktemp("serve-security")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root)
        assert run_cli("init", "table", "--game", "kubos").code == 0
        mp.chdir(root / "table")
        ws = Workspace()
        assert ws.rebuild().problems == []
        yield root / "table", ws, TestClient(create_app(ws), base_url=LOCAL)


def token_of(client: TestClient) -> str:
    page = client.get("/new/kubos-monster", params={**MONSTER, "seed": "1"}, headers={"sec-fetch-site": "none"})
    return re.search(r'id="save" name="token" value="([^"]+)"', page.text).group(1)


def written(root: Path) -> list[str]:
    new = root / "content/kubos/new"
    return sorted(p.name for p in new.iterdir()) if new.is_dir() else []


def assert_guarded(response, html_page: bool | None = None) -> None:
    h = response.headers
    assert h["x-frame-options"] == "DENY", response.url
    assert "frame-ancestors 'none'" in h["content-security-policy"], response.url
    assert h["x-content-type-options"] == "nosniff" and h["referrer-policy"] == "same-origin", response.url
    policy = dict(p.strip().split(" ", 1) for p in h["content-security-policy"].split(";"))
    if h.get("content-type", "").startswith("text/html"):
        assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'", policy
    else:
        assert policy["default-src"] == "'none'" and "script-src" not in policy, policy


# --- headers on every response ----------------------------------------------------------------------


def test_every_kind_of_response_forbids_framing_and_sniffing(project):
    root, ws, client = project
    same = {"sec-fetch-site": "same-origin"}
    output = next(e.path for e in ws.state.entries if e.format == "pdf")
    responses = {
        "page": client.get("/"),
        "not found": client.get("/no/such/page"),
        "static script": client.get("/static/live.js"),
        "static style": client.get("/static/serve.css"),
        "output file": client.get(f"/output/{output}"),
        "generator preview": client.get("/new/kubos-monster/preview.svg", params={**MONSTER, "seed": "2"}),
        "bad parameter": client.get("/new/kubos-monster", params={**MONSTER, "count": "500"}),
        "refused post": client.post(SAVE, data={**MONSTER, "seed": "2"}),
        "refused costly get": client.get("/cubit", headers={"sec-fetch-site": "cross-site"}),
        "wrong host": client.get("/", headers={"host": "evil.example"}),
        "query too long": client.get("/?" + "a" * 9000),
        "form too large": client.post(SAVE, content=b"a" * 70000, headers=same),
        "status": client.get("/status"),
    }
    expected = {
        "page": 200,
        "not found": 404,
        "static script": 200,
        "static style": 200,
        "output file": 200,
        "generator preview": 200,
        "bad parameter": 200,
        "refused post": 403,
        "refused costly get": 403,
        "wrong host": 400,
        "query too long": 414,
        "form too large": 413,
        "status": 200,
    }
    assert {k: r.status_code for k, r in responses.items()} == expected
    for response in responses.values():
        assert_guarded(response)
    ws.stopping = True  # the event stream ends after its first event
    try:
        events = client.get("/events")
    finally:
        ws.stopping = False
    assert events.headers["content-type"].startswith("text/event-stream")
    assert_guarded(events)


def test_an_error_page_of_the_server_itself_forbids_framing_too(project, monkeypatch):
    root, ws, _ = project

    def broken(_ws):
        raise RuntimeError("a bug")

    monkeypatch.setattr(serve_app, "gallery_groups", broken)
    client = TestClient(create_app(ws), base_url=LOCAL, raise_server_exceptions=False)
    response = client.get("/")
    assert response.status_code == 500
    assert_guarded(response)


@pytest.mark.parametrize(
    "path,site",
    [
        ("/", "same-origin"),
        ("/new", "same-origin"),
        ("/new/kubos-monster?seed=4", "same-origin"),
        ("/cubit", "same-origin"),
        ("/cubit", "cross-site"),
    ],
)
def test_pages_hold_no_inline_script_or_style_that_the_policy_would_block(project, path, site):
    root, ws, client = project
    response = client.get(path, headers={"sec-fetch-site": site})
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), path  # every script is a file
    assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", page), path  # no inline style or handler


# --- the hostile requests --------------------------------------------------------------------------

# (what was tried, method, path, headers, body, the status it must get)
HOSTILE = [
    ("post with no proof at all", "POST", SAVE, {}, MONSTER, 403),
    (
        "post the browser says is cross-site, without Origin",
        "POST",
        SAVE,
        {"sec-fetch-site": "cross-site"},
        MONSTER,
        403,
    ),
    (
        "post cross-site by Sec-Fetch-Site and Referer",
        "POST",
        SAVE,
        {"sec-fetch-site": "cross-site", "referer": EVIL + "/page.html"},
        MONSTER,
        403,
    ),
    ("post from another port of 127.0.0.1 (same-site)", "POST", SAVE, {"sec-fetch-site": "same-site"}, MONSTER, 403),
    ("post with the Origin of another local port", "POST", SAVE, {"origin": OTHER_PORT}, MONSTER, 403),
    ("post with the Origin of another site", "POST", SAVE, {"origin": EVIL}, MONSTER, 403),
    ("post with the Origin localhost (another origin)", "POST", SAVE, {"origin": "http://localhost"}, MONSTER, 403),
    ("post with Origin null (a sandboxed frame)", "POST", SAVE, {"origin": "null"}, MONSTER, 403),
    ("post with only a Referer of another site", "POST", SAVE, {"referer": EVIL + "/"}, MONSTER, 403),
    ("post with Sec-Fetch-Site none and nothing else", "POST", SAVE, {"sec-fetch-site": "none"}, MONSTER, 403),
    ("post with a wrong token", "POST", SAVE, {}, {**MONSTER, "token": "guessed"}, 403),
    (
        "post with the token, sent cross-site",
        "POST",
        SAVE,
        {"sec-fetch-site": "cross-site"},
        {**MONSTER, "token": TOKEN},
        403,
    ),
    (
        "post with the token, from another Origin",
        "POST",
        SAVE,
        {"origin": OTHER_PORT},
        {**MONSTER, "token": TOKEN},
        403,
    ),
    ("post with the token in the query, not the form", "POST", SAVE + "?token=" + TOKEN, {}, MONSTER, 403),
    (
        "post of the cubit builder, cross-site",
        "POST",
        "/cubit/save",
        {"sec-fetch-site": "cross-site"},
        {"id": "x"},
        403,
    ),
    ("put with no proof", "PUT", SAVE, {}, MONSTER, 403),
    ("delete with no proof", "DELETE", "/output/index.html", {}, None, 403),
    ("a rebinding page's host name", "GET", "/", {"host": "evil.example"}, None, 400),
    ("a loopback name on another port", "GET", "/", {"host": "127.0.0.1:9999"}, None, 400),
    ("a look-alike host name", "GET", "/", {"host": "127.0.0.1.evil.example"}, None, 400),
    ("a malformed host", "GET", "/", {"host": "127.0.0.1:port"}, None, 400),
    *[(f"costly {path}, cross-site", "GET", path, {"sec-fetch-site": "cross-site"}, None, 403) for path in COSTLY],
    *[(f"costly {path}, same-site", "GET", path, {"sec-fetch-site": "same-site"}, None, 403) for path in COSTLY],
    ("costly page linked from another site (Referer)", "GET", "/cubit", {"referer": EVIL + "/"}, None, 403),
    ("costly page fetched by another site's script", "GET", "/cubit", {"origin": EVIL}, None, 403),
    (
        "a count past the forms' limit",
        "GET",
        "/new/kubos-monster?seed=1&count=100",
        {},
        None,
        200,
    ),  # refused at the field
    ("a preview of a count past the limit", "GET", "/new/cubit/preview.svg?seed=1&count=100", {}, None, 400),
    ("a seed past its limit", "GET", "/new/kubos-monster/preview.svg?seed=99999999999", {}, None, 400),
    ("a query of 9,000 characters", "GET", "/new/cubit?name=" + "x" * 9000, {}, None, 414),
]


@pytest.mark.parametrize("tried,method,path,headers,body,status", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_requests_are_refused_and_change_nothing(project, tried, method, path, headers, body, status):
    root, ws, client = project
    token = token_of(client)
    before = written(root)
    body = {k: (token if v == TOKEN else v) for k, v in body.items()} if body else None
    response = client.request(method, path.replace(TOKEN, token), headers=headers, data=body)
    assert response.status_code == status, (tried, response.text[:300])
    assert written(root) == before
    if status == 403:  # a page that says why
        assert response.headers["content-type"].startswith("text/html")
        why = html.unescape(re.search(r'id="refused">(.*?)</p>', response.text, re.S).group(1))
        assert "another site" in why or "not of the workbench" in why or "nothing shows" in why, why
        assert token not in response.text


# (what was tried, path, headers): requests that must still be answered
ORDINARY = [
    ("a typed address (Sec-Fetch-Site: none)", "/cubit", {"sec-fetch-site": "none"}),
    ("a script or an older browser (no fetch metadata)", "/new/kubos-monster/preview.svg?seed=3", {}),
    (
        "the workbench's own page",
        "/new/kubos-monster?seed=3",
        {"sec-fetch-site": "same-origin", "referer": LOCAL + "/new"},
    ),
    ("the host named localhost", "/", {"host": "localhost"}),
    ("the host named [::1]", "/", {"host": "[::1]"}),
    ("the host with the server's port", "/", {"host": "127.0.0.1:80"}),
    ("a page another site links to (cheap: the gallery)", "/", {"sec-fetch-site": "cross-site"}),
]


@pytest.mark.parametrize("tried,path,headers", ORDINARY, ids=[o[0] for o in ORDINARY])
def test_ordinary_requests_are_answered(project, tried, path, headers):
    root, ws, client = project
    response = client.get(path, headers=headers)
    assert response.status_code == 200, (tried, response.text[:300])
    assert_guarded(response)


def test_a_refused_page_can_be_opened_from_the_workbench(project):
    root, ws, client = project
    refused_page = client.get("/cubit", params={"id": "linked"}, headers={"sec-fetch-site": "cross-site"})
    assert refused_page.status_code == 403
    again = html.unescape(re.search(r'id="again" href="([^"]+)"', refused_page.text).group(1))
    assert again == "http://127.0.0.1/cubit?id=linked"
    # Following that link is a same-origin navigation.
    assert client.get(again, headers={"sec-fetch-site": "same-origin"}).status_code == 200


def test_the_count_is_bounded_with_a_clear_message(project):
    root, ws, client = project
    page = client.get("/new/kubos-monster", params={**MONSTER, "seed": "1", "count": "13"})
    assert page.status_code == 200 and '<pre class="yaml">' not in page.text  # the form, refused at the field
    assert re.search(r'data-error-for="count"[^>]*>a whole number from 1 to 12</small>', page.text)
    assert 'name="count" type="number" min="1" max="12"' in page.text
    preview = client.get("/new/cubit/preview.svg", params={"seed": "1", "count": "100"})
    assert preview.status_code == 400 and preview.text == "count: a whole number from 1 to 12"


# --- the proofs that work ------------------------------------------------------------------------------


@pytest.mark.parametrize("proof", ["sec-fetch-site", "origin", "token"])
def test_a_post_with_a_same_origin_proof_saves(project, proof):
    root, ws, client = project
    seed = {"sec-fetch-site": "11", "origin": "12", "token": "13"}[proof]
    form = {**MONSTER, "seed": seed}
    headers = {"sec-fetch-site": {"sec-fetch-site": "same-origin"}, "origin": {"origin": LOCAL}, "token": {}}[proof]
    if proof == "token":  # as a browser that sends neither header: the form's own field
        form["token"] = token_of(client)
    before = written(root)
    response = client.post(SAVE, data=form, headers=headers)
    assert response.status_code == 200 and response.history[0].status_code == 303, response.text[:500]
    saved = re.search(r" as <code>content/kubos/new/([^<]+)</code>", response.text).group(1)
    assert written(root) == sorted([*before, saved])
    # The token is not repeated in the page's links (it would travel in URLs and history).
    assert "token=" not in response.text


def test_the_token_is_sent_only_by_the_save_button(project):
    root, ws, client = project
    token = token_of(client)
    page = client.get("/new/kubos-monster", params={**MONSTER, "seed": "5", "token": token}).text
    assert page.count(token) == 1 and f'id="save" name="token" value="{token}"' in page
    assert "token=" not in page
    builder = client.get("/cubit").text
    assert builder.count(token) == 1 and f'id="save" name="token" value="{token}"' in builder


# --- saves stay inside content/ ---------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["content/kubos/new", "content/kubos"])
def test_a_save_through_a_symbolic_link_is_refused_and_writes_nothing_outside(tmp_path, monkeypatch, where):
    monkeypatch.chdir(tmp_path)
    assert run_cli("init", "table", "--game", "kubos").code == 0
    root = tmp_path / "table"
    monkeypatch.chdir(root)
    outside = tmp_path / "outside"
    outside.mkdir()
    link = root / where
    if link.exists():  # the game's folder: its content moves outside, a link takes its place
        link.rename(outside / "kubos")
        link.symlink_to(outside / "kubos", target_is_directory=True)
    else:
        link.symlink_to(outside, target_is_directory=True)
    before = sorted(p.relative_to(outside) for p in outside.rglob("*"))
    client = TestClient(create_app(Workspace()), base_url=LOCAL, headers={"sec-fetch-site": "same-origin"})
    response = client.post(SAVE, data={**MONSTER, "seed": "21"})
    assert response.status_code == 400
    message = html.unescape(re.search(r'role="alert">Not saved: (.*?)</p>', response.text).group(1))
    assert message == (f"{where} is a symbolic link or a file, and saves stay inside content/; nothing was written")
    assert sorted(p.relative_to(outside) for p in outside.rglob("*")) == before
    assert "Saved as" not in response.text


def test_a_file_where_the_new_folder_should_be_refuses_the_save(project, tmp_path):
    (tmp_path / "kubos").mkdir()
    (tmp_path / "kubos" / "new").write_text("a file")
    with pytest.raises(NotInside) as refused_save:
        create_new(tmp_path, ("kubos", "new"), ["a.yaml"], b"x")
    assert refused_save.value.folder == tmp_path / "kubos" / "new"
    assert (tmp_path / "kubos" / "new").read_text() == "a file"


def test_create_new_never_replaces_a_file_or_a_link_and_takes_no_path_for_a_name(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("mine")
    folder = tmp_path / "content"
    (folder / "game").mkdir(parents=True)
    (folder / "game" / "a.yaml").write_text("old")
    (folder / "game" / "b.yaml").symlink_to(outside)  # a link that a race could have put there
    assert create_new(folder, ("game",), ["a.yaml", "b.yaml", "c.yaml"], b"new") == "c.yaml"
    assert (folder / "game" / "a.yaml").read_text() == "old" and outside.read_text() == "mine"
    assert (folder / "game" / "c.yaml").read_text() == "new"
    assert sorted(p.name for p in (folder / "game").iterdir()) == ["a.yaml", "b.yaml", "c.yaml"]  # no temporary left
    assert create_new(folder, ("game",), ["a.yaml"], b"new") is None
    for name in ("../escape.yaml", ".hidden.yaml", ""):
        with pytest.raises(ValueError):
            create_new(folder, ("game",), [name], b"x")
    with pytest.raises(ValueError):
        create_new(folder, ("..",), ["x.yaml"], b"x")
    assert not (tmp_path / "escape.yaml").exists() and not (folder / "x.yaml").exists()


# --- costly work: a bounded line, stopped for a client that left ---------------------------------------------


@pytest.mark.parametrize("path", COSTLY)
def test_costly_pages_answer_503_when_the_line_is_full(project, path):
    root, ws, _ = project
    app = create_app(ws)
    app.state.gate = Gate(workers=0, waiting=0)  # full
    response = TestClient(app, base_url=LOCAL).get(path)
    assert response.status_code == 503 and response.headers["retry-after"].isdigit()
    assert_guarded(response)


def request_of(app, disconnect: threading.Event) -> Request:
    """A GET of `app` whose client is gone once `disconnect` is set."""

    async def receive():
        if disconnect.is_set():
            return {"type": "http.disconnect"}
        await asyncio.sleep(3600)  # is_disconnected() cancels this at once

    scope = {
        "type": "http",
        "method": "GET",
        "path": "/cubit",
        "query_string": b"",
        "scheme": "http",
        "headers": [(b"host", b"127.0.0.1")],
        "server": ("127.0.0.1", 80),
        "app": app,
    }
    return Request(scope, receive)


def test_work_is_not_started_for_a_client_that_has_gone(project):
    root, ws, _ = project
    app = create_app(ws)
    gone = threading.Event()
    gone.set()
    started = []
    response = asyncio.run(costly(request_of(app, gone), refused, lambda stop: started.append(1)))
    assert started == [] and response.status_code == 499
    assert (app.state.gate.admitted, app.state.gate.running) == (0, 0)


def test_running_work_is_told_to_stop_when_its_client_goes(project):
    root, ws, _ = project
    app = create_app(ws)
    gone = threading.Event()
    seen = []

    def work(stop):
        gone.set()  # the client leaves while the work runs
        while not stop():
            threading.Event().wait(0.01)
        seen.append("stopped")
        return serve_app.not_found()

    response = asyncio.run(costly(request_of(app, gone), refused, work))
    assert seen == ["stopped"] and response.status_code == 404
    assert (app.state.gate.admitted, app.state.gate.running) == (0, 0)


def test_a_waiting_client_that_goes_is_dropped_from_the_line(project):
    root, ws, _ = project
    app = create_app(ws)
    app.state.gate = Gate(workers=0, waiting=1)  # every worker busy: it waits
    gone = threading.Event()
    started = []

    async def leave_soon():
        job = asyncio.ensure_future(costly(request_of(app, gone), refused, lambda stop: started.append(1)))
        await asyncio.sleep(0.2)
        assert app.state.gate.admitted == 1 and not job.done()
        gone.set()
        return await job

    response = asyncio.run(leave_soon())
    assert started == [] and response.status_code == 499 and app.state.gate.admitted == 0
