"""The workbench's pages, as a Starlette application over a `Workspace`.

Pages are Jinja templates (`templates/serve/`, autoescaped) that read well without
JavaScript; `static/live.js` only adds live updates and form previews as you type.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

import yaml
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route

from sheetgen import __version__
from sheetgen.diagnostics import display_path
from sheetgen.games import game_of_kind
from sheetgen.generate import generators
from sheetgen.layout.primitives import LayoutDocument
from sheetgen.layout.templates import render_template
from sheetgen.rules.theme import Settings
from sheetgen.serve import gallery as shown
from sheetgen.serve import preview
from sheetgen.serve.builders import Builder, builders
from sheetgen.serve.confine import NotInside, confined, create_new
from sheetgen.serve.forms import (
    SEED_LIMITS,
    FormError,
    field_of,
    form_words,
    generate,
    generator_fields,
    generator_values,
    seed_value,
)
from sheetgen.serve.guard import TOKEN_FIELD, Gate, Guard, Headers, Stop, costly, never, new_token
from sheetgen.serve.workspace import Workspace

MAX_PREVIEWS = 64  # outputs' previews kept in memory (the most recent)
MAX_LAYOUTS = 4  # documents kept laid out for their other pages' previews
STATIC = {
    "live.js": "text/javascript; charset=utf-8",
    "serve.css": "text/css; charset=utf-8",
    "favicon.svg": "image/svg+xml",
}
NOT_FOUND = "Not Found"
# A versioned URL (`?v=` the digest of what it gives) never changes its answer: kept for good.
FOREVER = {"Cache-Control": "max-age=31536000, immutable"}
ASK_AGAIN = {"Cache-Control": "no-cache"}


def page(request: Request, template: str, status: int = 200, **values) -> HTMLResponse:
    """A page of the workbench: `template` under `templates/serve/`, or a game's own by its
    path (`<game>/builder.html.j2`)."""
    ws: Workspace = request.app.state.workspace
    offered: list[Builder] = request.app.state.builders
    html = render_template(
        template if "/" in template else f"serve/{template}",
        builders=offered,
        editors={b.kind: b for b in offered},
        state=ws.state,
        version=__version__,
        path=request.url.path,
        display_path=display_path,
        token=request.app.state.token,
        asset=static_url,
        build_errors=error_count(ws),
        **values,
    )
    return HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-store"})


def error_count(ws: Workspace) -> int:
    return sum(1 for p in ws.state.problems if p.severity == "error")


def not_found(request: Request | None = None, _exc: Exception | None = None) -> Response:
    """The workbench's page saying nothing is there (plain text for work with no request)."""
    if request is None:
        return PlainTextResponse(NOT_FOUND, status_code=404)
    return page(request, "not_found.html.j2", status=404)


def refused(request: Request, status: int, why: str) -> Response:
    """A page saying why the request was refused; a page asked for by a link of another
    site can be opened from here (then it is the workbench's own)."""
    again = str(request.url) if request.method in ("GET", "HEAD") else None
    return page(request, "refused.html.j2", status=status, why=why, again=again)


def form_params(pairs: Mapping[str, str]) -> dict[str, str]:
    """A form's fields, without the session's token (which no link or page may repeat)."""
    return {k: v for k, v in pairs.items() if k != TOKEN_FIELD}


# --- the gallery ------------------------------------------------------------------------------


def gallery_groups(ws: Workspace) -> list[shown.Game]:
    """Every output of the last build, by game and product (see `gallery`)."""
    return shown.games(shown.cards(ws.state, ws.root))


async def gallery(request: Request) -> Response:
    """The outputs by game and product; `q` and `kind` filter them (the rest are hidden)."""
    ws: Workspace = request.app.state.workspace
    query = request.query_params.get("q", "").strip()[:100]
    kind = request.query_params.get("kind", "")
    games = gallery_groups(ws)
    every = [c for g in games for grp in g.groups for c in grp.cards]
    matching = {c.key for c in every if c.matches(query, kind)}
    return page(
        request,
        "gallery.html.j2",
        games=games,
        kinds=shown.kinds(every),
        q=query,
        kind=kind,
        matching=matching,
        total=len(every),
        problems=ws.state.problems,
    )


async def document(request: Request) -> Response:
    """One output on a page of its own: every page's preview, its files, its source, its problems."""
    ws: Workspace = request.app.state.workspace
    key = request.path_params["key"]
    card = next((c for c in shown.cards(ws.state, ws.root) if c.key == key), None)
    if card is None:
        return not_found(request)
    main = _own_source(ws, card) if card.scope == "document" else None
    path = _readable_source(ws, main) if main else None
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines() if path else []
    marked = {p.line for p in card.problems if path and Path(p.file).resolve() == path}
    return page(
        request,
        "document.html.j2",
        card=card,
        game_title=shown.game_title(card.game),
        product_title=shown.humanize(card.product),
        source=main,
        lines=lines,
        marked=marked,
    )


def _own_source(ws: Workspace, card: shown.Card) -> str | None:
    """The file of the document an output is made from."""
    target = ws.state.targets.get(card.key)
    if target is not None and target.job.docs and target.job.docs[0].file:
        own = Path(target.job.docs[0].file).resolve()
        return next((s for s in card.sources if (ws.root / s).resolve() == own), None)
    return card.sources[0] if card.sources else None


async def output_file(request: Request) -> Response:
    """A file the last build wrote (listed in its manifest), from inside the output folder."""
    ws: Workspace = request.app.state.workspace
    rel = request.path_params["path"]
    entry = next((e for e in ws.state.entries if e.path == rel), None)
    if rel != "index.html" and entry is None:
        return not_found(request)
    path = confined(ws.out_dir, rel)
    if path is None:
        return not_found(request)
    fresh = entry is not None and request.query_params.get("v") == entry.sha256[:12]
    return FileResponse(path, headers=FOREVER if fresh else ASK_AGAIN)


async def output_preview(request: Request) -> Response:
    """A page of an output as SVG (`?page=`, the first by default), laid out again in
    memory (for PDF-only products); `?v=` the digest it is made from, as the gallery links it."""
    ws: Workspace = request.app.state.workspace
    key = request.path_params["key"]
    state = ws.state
    target = state.targets.get(key)
    if target is None or state.checked is None:
        return not_found(request)
    record = state.records.get(key)
    digest = record.input[:12] if record else ""
    headers = FOREVER if digest and request.query_params.get("v") == digest else ASK_AGAIN
    number = page_number(request.query_params)
    cache: dict[tuple[str, int], tuple[str, bytes]] = request.app.state.previews
    cached = cache.get((key, number))
    if cached and cached[0] == digest:
        return svg_response(cached[1], headers)
    theme = state.checked.theme
    layouts: dict[str, tuple[str, LayoutDocument]] = request.app.state.layouts

    def work(_stop: Stop) -> Response:
        kept = layouts.get(key)
        document = kept[1] if kept and kept[0] == digest else preview.laid_out(target, theme)
        if document is None:
            return not_found(request)
        _keep(layouts, key, (digest, document), MAX_LAYOUTS)
        data = preview.svg_page(document, number)
        _keep(cache, (key, number), (digest, data), MAX_PREVIEWS)
        return svg_response(data, headers)

    return await costly(request, refused, work)


def page_number(params: Mapping[str, str]) -> int:
    """The `?page=` asked for: 1 to 9999, the first by default."""
    number = params.get("page", "1")
    return int(number) if number.isdigit() and 0 < int(number) <= 9999 else 1


def _keep(cache: dict, key, value, limit: int) -> None:
    """Put `value` in a cache of at most `limit` entries, dropping the oldest."""
    cache.pop(key, None)
    while len(cache) >= limit:
        cache.pop(next(iter(cache)))
    cache[key] = value


def svg_response(data: bytes, headers: Mapping[str, str] = ASK_AGAIN) -> Response:
    return Response(data, media_type="image/svg+xml", headers=dict(headers))


def _readable_source(ws: Workspace, rel: str) -> Path | None:
    """A content file the pages may show: a YAML file inside the project that is built or watched."""
    path = confined(ws.root, rel)
    if path is None or path.suffix not in (".yaml", ".yml"):
        return None
    if not any(path == Path(p).resolve() or Path(p).resolve() in path.parents for p in ws.watched()):
        return None
    return path


async def source_file(request: Request) -> Response:
    """A content file with line numbers (diagnostics link here), from inside the project."""
    ws: Workspace = request.app.state.workspace
    rel = request.path_params["path"]
    path = _readable_source(ws, rel)
    if path is None:
        return not_found(request)
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return page(request, "source.html.j2", file=rel, lines=lines)


# --- live updates -----------------------------------------------------------------------------


async def events(request: Request) -> Response:
    """Server-sent events: the build's version, status and the previews that changed (by
    card), at once and whenever a build is published."""
    ws: Workspace = request.app.state.workspace

    async def stream():
        yield "retry: 500\n\n"
        sent = ws.state
        previews = shown.preview_urls(sent)
        yield _build_event(ws, sent, {})
        quiet = 0.0
        while not ws.stopping:
            await asyncio.sleep(EVENT_POLL)
            quiet += EVENT_POLL
            state = ws.state
            if state.version != sent.version:
                now = shown.preview_urls(state)
                yield _build_event(ws, state, {k: u for k, u in now.items() if previews.get(k) != u})
                sent, previews, quiet = state, now, 0.0
            elif quiet > 15:
                yield ": keep-alive\n\n"
                quiet = 0.0

    return StreamingResponse(
        stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    )


EVENT_POLL = 0.01  # seconds between looks at the build state


def _build_event(ws: Workspace, state, changed: dict[str, str]) -> str:
    data = {
        "version": state.version,
        "building": state.building,
        "summary": state.summary,
        "errors": sum(1 for p in state.problems if p.severity == "error"),
        "changed": changed,
    }
    return f"event: build\ndata: {json.dumps(data, sort_keys=True)}\n\n"


async def status(request: Request) -> Response:
    ws: Workspace = request.app.state.workspace
    s = ws.state
    return Response(
        f'{{"version": {s.version}, "building": {str(s.building).lower()}, "errors": {error_count(ws)}}}',
        media_type="application/json",
    )


@cache
def _static_digest(name: str) -> str:
    return hashlib.sha256(_static_bytes(name)).hexdigest()[:12]


def _static_bytes(name: str) -> bytes:
    return resources.files("sheetgen.serve").joinpath("static", name).read_bytes()


def static_url(name: str) -> str:
    """A static file's versioned URL, which browsers keep until the file changes."""
    return f"/static/{name}?v={_static_digest(name)}"


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return not_found(request)
    fresh = request.query_params.get("v") == _static_digest(name)
    return Response(_static_bytes(name), media_type=STATIC[name], headers=FOREVER if fresh else ASK_AGAIN)


async def favicon(request: Request) -> Response:
    """The browser's tab icon (asked for as /favicon.ico by every browser)."""
    data = resources.files("sheetgen.serve").joinpath("static", "favicon.svg").read_bytes()
    return Response(data, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


# --- generators --------------------------------------------------------------------------------


async def generator_list(request: Request) -> Response:
    return page(
        request, "generators.html.j2", generators=sorted(generators().values(), key=lambda g: g.kind), words=form_words
    )


async def generator_form(request: Request) -> Response:
    """A generator's form; with values, also its YAML, its problems and a preview; with
    `saved` (where a save sends the browser), the document as it was saved."""
    gen = generators().get(request.path_params["kind"])
    if gen is None:
        return not_found(request)
    ws: Workspace = request.app.state.workspace
    params = form_params(request.query_params)
    saved = ws.saved_file(params.pop("saved", ""))
    return await costly(request, refused, lambda stop: _generator_page(request, ws, gen, params, saved, 200, stop=stop))


def _generator_page(
    request: Request,
    ws: Workspace,
    gen,
    params: dict,
    saved: Path | None,
    status: int,
    save_error: str | None = None,
    stop: Stop = never,
) -> Response:
    """The form with its document, each refused field marked beside it; once `saved` (the
    file a save wrote), that document as saved, not made again: its id is taken now, so the
    generator would give another."""
    text, trial, problem, query, errors = "", None, None, "", {}
    seed: int | None = None
    try:
        seed = seed_value(params)
        typed_seed = str(seed)
    except FormError as exc:  # shown as it was typed, and refused at the field like any other
        typed_seed, errors = str(params.get("seed", ""))[:12], exc.errors
    params = {**params, "seed": typed_seed}
    fields = generator_fields(gen, params)
    saved_text = _read_saved(saved)
    if saved_text is not None:
        text = saved_text
        trial = try_text(ws, text, f"new-{gen.kind}.yaml", stop=stop)
        query = urlencode({"saved": display_path(str(saved))})
    elif seed is not None and not errors:
        try:
            values = generator_values(gen, params)
            text = generate(gen, seed, values, ws.library())
            trial = try_text(ws, text, f"new-{gen.kind}.yaml", stop=stop)
        except FormError as exc:
            errors = exc.errors
        except ValueError as exc:  # options that make no sense together, as `sheetgen new` says
            name = field_of(str(exc), tuple(opt.name for opt in gen.options))
            errors, problem = ({name: form_words(str(exc))}, None) if name else ({}, form_words(str(exc)))
        query = urlencode({k: v for k, v in params.items() if k != "reroll"})
    preview_urls = _generated_pages(gen.kind, trial, query)
    again = urlencode({k: v for k, v in params.items() if k not in ("seed", "reroll")})
    return page(
        request,
        "generator.html.j2",
        status=status,
        gen=gen,
        fields=fields,
        seed=seed,
        text=text,
        trial=trial,
        problem=problem,
        errors=errors,
        preview_urls=preview_urls,
        saved=display_path(str(saved)) if saved_text is not None else None,
        saved_docs=_documents_in(saved_text or ""),
        again=again,
        save_error=save_error,
        can_save=ws.save_folder() is not None,
        seed_limits=SEED_LIMITS,
        words=form_words,
    )


def _generated_pages(kind: str, trial: preview.Trial | None, query: str) -> list[str]:
    """The preview of every page of what a form made (only its own documents, see `preview.try_text`)."""
    target = trial.target() if trial is not None and trial.ok else None
    if trial is None or target is None:
        return []
    return [f"/new/{kind}/preview.svg?{query}&page={n}" for n in range(1, trial.pages.get(target.key, 1) + 1)]


def _read_saved(path: Path | None) -> str | None:
    try:
        return path.read_text(encoding="utf-8") if path else None
    except (OSError, UnicodeDecodeError):
        return None


def _documents_in(text: str) -> list[tuple[str, str]]:
    """(kind, id) of each document of a text a form saved (its own YAML)."""
    try:
        docs = list(yaml.safe_load_all(text))
    except yaml.YAMLError:
        return []
    return [(str(d.get("kind")), str(d.get("id"))) for d in docs if isinstance(d, dict)]


def try_text(
    ws: Workspace,
    text: str,
    name: str,
    settings: Settings | None = None,
    stop: Stop = never,
    edited: Path | None = None,
) -> preview.Trial:
    """`text` checked against the content folder; a text a form saved, or the document of
    the file the builder edits (`edited`), is checked as that file, so that it is not
    counted twice (as itself and as the file)."""
    return preview.try_text(
        text,
        ws.content_paths(),
        ws.settings if settings is None else settings,
        name,
        saved=edited or ws.saved_as(text),
        stop=stop,
    )


async def generator_preview(request: Request) -> Response:
    gen = generators().get(request.path_params["kind"])
    if gen is None:
        return not_found()
    ws: Workspace = request.app.state.workspace
    params = form_params(request.query_params)

    def make(stop: Stop) -> bytes | None:
        if "saved" in params:  # a document a form saved (see `_generator_page`)
            text = _read_saved(ws.saved_file(params["saved"]))
            if text is None:
                return None
        else:
            text = generate(gen, seed_value(params), generator_values(gen, params), ws.library())
        trial = try_text(ws, text, f"new-{gen.kind}.yaml", stop=stop)
        target = trial.target()
        if not trial.ok or target is None or trial.checked is None:
            return None
        return preview.render(target, trial.checked.theme, "svg", page_number(params))

    def work(stop: Stop) -> Response:
        try:
            data = make(stop)
        except FormError as exc:
            return PlainTextResponse(f"{exc.field}: {exc.message}", status_code=400)
        except ValueError:
            return not_found()
        return Response(data, media_type="image/svg+xml") if data else not_found()

    return await costly(request, refused, work)


async def generator_save(request: Request) -> Response:
    """Save the generator's document as a new file in the content folder (never over one),
    then show it as saved (303: a reload of that page saves nothing)."""
    gen = generators().get(request.path_params["kind"])
    if gen is None:
        return not_found(request)
    ws: Workspace = request.app.state.workspace
    params = await read_form(request)
    if isinstance(params, Response):
        return params
    params.pop("reroll", None)

    def work(stop: Stop) -> Response:
        try:
            text = generate(gen, seed_value(params), generator_values(gen, params), ws.library())
        except FormError:
            return _generator_page(request, ws, gen, params, None, 400, "a field is refused (marked beside it)")
        except ValueError as exc:
            return _generator_page(request, ws, gen, params, None, 400, form_words(str(exc)))
        saved, problem = save_new(ws, text, gen.kind, stop)
        if saved is None:
            return _generator_page(request, ws, gen, params, None, 400, problem)
        shown = display_path(str(saved))
        return RedirectResponse(f"/new/{gen.kind}?{urlencode({**params, 'saved': shown})}", status_code=303)

    return await costly(request, refused, work)


def save_new(ws: Workspace, text: str, kind: str, stop: Stop = never) -> tuple[Path | None, str | None]:
    """(path written, None) or (None, why not). The file name is new: an existing file
    is never replaced, and a document whose id is taken is not saved. The file is made
    inside the content folder: a folder on the way that is a link or a file refuses it."""
    folder = ws.save_folder()
    if folder is None:
        return None, "there is no content folder to save into (serve was given files, not a folder)"
    already = ws.saved_as(text)
    if already is not None:
        return None, f"it is saved already, as {display_path(str(already))}"
    trial = preview.try_text(text, ws.content_paths(), ws.settings, f"new-{kind}.yaml", stop=stop)
    if not trial.ok:
        return None, "the document has errors (listed below); it was not saved"
    docs = trial.checked.library.targets if trial.checked else []
    if not docs:
        return None, "the generator made no document"
    folders = (game_of_kind(docs[0].kind) or "other", "new")
    stem = docs[0].id
    names = (f"{stem}.yaml" if n == 1 else f"{stem}-{n}.yaml" for n in range(1, 1000))
    try:
        name = create_new(folder, folders, names, text.encode("utf-8"))
    except NotInside as exc:
        return None, (
            f"{display_path(str(exc.folder))} is a symbolic link or a file, and saves stay inside "
            f"{display_path(str(folder))}/; nothing was written"
        )
    except ValueError:  # an id that is no file name: the rules refuse it first
        return None, f"`{stem}` cannot be a file name"
    if name is None:
        return None, "no free file name"
    saved = folder.joinpath(*folders, name)
    ws.saved(saved, text)
    return saved, None


async def read_form(request: Request) -> dict[str, str] | Response:
    """A urlencoded form (its size is checked by the `Guard`), or a 400 response."""
    body = await request.body()
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=200, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        return PlainTextResponse("bad form", status_code=400)
    return form_params(dict(pairs))


# --- the application ------------------------------------------------------------------------------


class Workbench(Starlette):
    """Starlette, with the security headers on every response: the error pages of its
    outermost layer too."""

    def build_middleware_stack(self):
        return Headers(super().build_middleware_stack())


def create_app(workspace: Workspace, *, lifespan=None) -> Starlette:
    """The workbench over `workspace`, guarded against other sites (see `guard`)."""
    routes = [
        Route("/", gallery),
        Route("/doc/{key:path}", document),
        Route("/output/{path:path}", output_file),
        Route("/preview/{key:path}.svg", output_preview),
        Route("/source/{path:path}", source_file),
        Route("/events", events),
        Route("/status", status),
        Route("/static/{name}", static),
        Route("/new", generator_list),
        Route("/new/{kind}", generator_form),
        Route("/new/{kind}/preview.svg", generator_preview),
        Route("/new/{kind}/save", generator_save, methods=["POST"]),
        Route("/favicon.ico", favicon),
    ]
    offered = builders()
    routes += [route for builder in offered for route in builder.routes]
    token = new_token()
    app = Workbench(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(Guard, token=token, refuse=refused)],
        exception_handlers={404: not_found},
    )
    app.state.workspace = workspace
    app.state.builders = offered
    app.state.token = token
    app.state.gate = Gate()
    app.state.previews = {}
    app.state.layouts = {}
    app.state.started = time.time()
    return app
