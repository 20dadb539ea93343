"""The cubit builder of the workbench: a cube checked by the Cubit rules as you type, its
net previewed, downloaded and saved as a content file (or over the file it edits).
Offered to the workbench through the game's record (`builder`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast
from urllib.parse import urlencode

import yaml
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from sheetgen.content.loader import Document
from sheetgen.diagnostics import display_path
from sheetgen.games.cubit.builder_form import (
    BUILDER_FIELDS,
    CUBIT_LIMITS,
    CubitForm,
    cubit_form,
    cubit_params,
    cubit_yaml,
)
from sheetgen.rules.theme import Settings
from sheetgen.serve import preview
from sheetgen.serve.app import form_params, not_found, page, read_form, refused, save_new, try_text
from sheetgen.serve.builders import Builder
from sheetgen.serve.confine import NotInside, replace_file
from sheetgen.serve.forms import form_words
from sheetgen.serve.guard import Stop, costly, never
from sheetgen.serve.workspace import Workspace
from sheetgen.units import LengthError, parse_length

if TYPE_CHECKING:
    from sheetgen.content.models.cubit import CubitInterface, CubitUpgrade


@dataclass
class Built:
    """The builder's form, its cubit checked (None while a field is refused), a problem
    the page shows above the net, the document it edits and what the template needs."""

    form: CubitForm
    trial: preview.Trial | None
    problem: str | None
    edited: Document | None
    extra: dict


def _interface(doc: Document) -> CubitInterface:
    return cast("CubitInterface", doc.model)


def _cubit_trial(ws: Workspace, params: Mapping[str, str], stop: Stop = never) -> Built:
    library = ws.library()
    interfaces = sorted(library.of_kind("cubit-interface"), key=lambda d: _interface(d).order)
    factions = sorted(library.of_kind("faction"), key=lambda d: d.id)
    permanent = (u for u in library.of_kind("upgrade") if "permanent" in cast("CubitUpgrade", u.model).forms)
    upgrades = sorted(permanent, key=lambda d: d.id)
    form = cubit_form(params)
    extra = {"interfaces": interfaces, "factions": factions, "upgrades": upgrades, "limits": CUBIT_LIMITS}
    edited = _edited_cubit(library, form)
    if len(interfaces) != 6:
        return Built(
            form, None, "the content folder needs the six cubit interfaces (kind: cubit-interface)", edited, extra
        )
    codes = _face_codes(form, interfaces)
    settings = Settings(paper=form.paper, cube_size=None, theme=ws.settings.theme)
    try:
        size = parse_length(form.cube_size)
        if size <= 0:
            raise LengthError("the cube size must be more than zero")
        settings = Settings(paper=form.paper, cube_size=size, theme=ws.settings.theme)
    except LengthError as exc:
        form.errors["cube_size"] = str(exc)
        form.typed["cube_size"] = form.cube_size
    if form.errors:
        return Built(form, None, None, edited, extra)
    text = cubit_yaml(form, codes)
    trial = try_text(ws, text, "cubit-builder.yaml", settings, stop, edited=Path(edited.file) if edited else None)
    # The form's field, not the command line's option, is what the workbench's user changes.
    problem = (trial.settings_problem or "").replace("use --cube-size", "choose a cube size of") or None
    _mark_name(form, text, trial)
    return Built(form, trial, problem, edited, extra)


def _mark_name(form: CubitForm, text: str, trial: preview.Trial) -> None:
    """A name too long for its place on the sheet or net, said beside the name field too."""
    line = next((n for n, row in enumerate(text.splitlines(), 1) if row.startswith("name:")), None)
    found = next((p for p in trial.problems if p.code == "layout.text-overflow" and p.line == line), None)
    if found is not None:
        hint = re.search(r"= hint: (.+)", found.text)
        form.errors["name"] = "too long for the sheet: " + form_words(hint.group(1) if hint else found.message)


def _edited_cubit(library, form: CubitForm) -> Document | None:
    """The cubit whose file the builder edits (`file`), if the form names one."""
    if not form.file:
        return None
    mine = [d for d in library.of_kind("cubit") if display_path(d.file) == form.file]
    if not mine:
        form.errors["file"] = "no cubit of the content folder is in that file; the builder makes a new one"
        return None
    return next((d for d in mine if d.id == form.id), mine[0])


def _face_codes(form: CubitForm, interfaces: list[Document]) -> list[str]:
    """Each face's interface code: the standard order's, or a custom cubit's choice."""
    standard = [_interface(d).code for d in interfaces]
    if not form.custom:
        return standard
    by_id = {d.id: _interface(d).code for d in interfaces}
    codes = []
    for n, (chosen, code) in enumerate(zip(form.interfaces, standard), 1):
        if chosen and chosen not in by_id:
            form.errors[f"interface{n}"] = f"choose one of: {', '.join(by_id)}"
        codes.append(by_id.get(chosen, code))
    return codes


def _builder_page(request: Request, built: Built, status: int = 200, save_error: str | None = None) -> Response:
    form, trial = built.form, built.trial
    saved = request.query_params.get("saved") if request.method == "GET" else None
    return page(
        request,
        "cubit/builder.html.j2",
        status=status,
        form=form,
        trial=trial,
        problem=built.problem,
        query=_cubit_query(form),
        derived=trial.derived("cubit", form.id) if trial else None,
        saved=saved if saved and saved == form.file else None,
        save_error=save_error,
        replaces=_replaceable(request.app.state.workspace, built),
        **built.extra,
    )


async def cubit_builder(request: Request) -> Response:
    ws: Workspace = request.app.state.workspace
    params = form_params(request.query_params)
    return await costly(request, refused, lambda stop: _builder_page(request, _cubit_trial(ws, params, stop)))


async def cubit_edit(request: Request) -> Response:
    """An existing cubit, opened in the builder (which then edits its file)."""
    ws: Workspace = request.app.state.workspace
    library = ws.library()
    doc = library.get("cubit", request.path_params["id"])
    if doc is None:
        return not_found(request)
    interfaces = library.of_kind("cubit-interface")
    try:
        params = cubit_params(
            doc.model,
            {_interface(d).code: d.id for d in interfaces},
            {_interface(d).name.lower(): d.id for d in interfaces},
        )
    except ValueError:  # faces the rules refuse: the builder opens on the file's problems
        params = {"id": doc.id}
    return RedirectResponse("/cubit?" + urlencode({**params, "file": display_path(doc.file)}), status_code=303)


def _cubit_query(form: CubitForm) -> str:
    values = {
        "id": form.id,
        "name": form.name,
        "aliases": ",".join(form.aliases),
        "function": form.function,
        "faction": form.faction,
        "configuration": form.configuration,
        "advancement": form.advancement,
        "cube_size": form.cube_size,
        "paper": form.paper,
    }
    for n, (skill, ups) in enumerate(zip(form.skills, form.upgrades), 1):
        values[f"skill{n}"] = skill
        values[f"upgrades{n}"] = ups
        if form.custom:
            values[f"interface{n}"] = form.interfaces[n - 1]
    if form.file:
        values["file"] = form.file
    return urlencode(values)


async def cubit_net(request: Request) -> Response:
    """The builder's net as a PDF or SVG download (or, with ?inline=1, for the preview);
    while the cubit has problems, the builder's page with them."""
    ws: Workspace = request.app.state.workspace
    fmt = request.path_params["fmt"]
    if fmt not in ("pdf", "svg"):
        return not_found(request)
    params = form_params(request.query_params)
    params.pop("roll", None)
    params.pop("assign", None)

    def work(stop: Stop) -> Response:
        built = _cubit_trial(ws, params, stop)
        trial = built.trial
        target = trial.target("cubit-net") if trial else None
        data = (
            None
            if built.problem or trial is None or not trial.ok or target is None or trial.checked is None
            else preview.render(target, trial.checked.theme, fmt)
        )
        if data is None:
            return _builder_page(request, built, status=409)
        media = "application/pdf" if fmt == "pdf" else "image/svg+xml"
        headers = {"Cache-Control": "no-store"}
        if not params.get("inline"):
            headers["Content-Disposition"] = f'attachment; filename="{built.form.id}-net.{fmt}"'
        return Response(data, media_type=media, headers=headers)

    return await costly(request, refused, work)


async def cubit_save(request: Request) -> Response:
    """Save the builder's cubit: over the file it edits when that file is the cubit's alone,
    else as a new file; then see it in the builder (303), which edits the saved file."""
    ws: Workspace = request.app.state.workspace
    params = await read_form(request)
    if isinstance(params, Response):
        return params
    for k in ("roll", "assign"):
        params.pop(k, None)

    def work(stop: Stop) -> Response:
        built = _cubit_trial(ws, params, stop)
        trial = built.trial
        if built.form.errors or built.problem or trial is None:
            return _builder_page(request, built, 400, "a field is refused (marked below); nothing was written")
        replace = _replaceable(ws, built)
        if replace is None and built.edited is not None and built.edited.id == built.form.id:
            return _builder_page(
                request,
                built,
                400,
                f"{built.form.file} holds more than the builder writes, so it "
                "is not written over; give the cubit another id to save it as a new file",
            )
        saved, save_error = _replace(ws, replace, trial) if replace else save_new(ws, trial.text, "cubit", stop)
        if saved is None:
            return _builder_page(request, built, 400, save_error)
        shown = display_path(str(saved))
        built.form.file = shown
        return RedirectResponse(f"/cubit?{_cubit_query(built.form)}&{urlencode({'saved': shown})}", status_code=303)

    return await costly(request, refused, work)


def _replaceable(ws: Workspace, built: Built) -> Path | None:
    """The file a save writes over: the edited cubit's, when the cubit keeps its id, the
    file holds no other document and nothing the builder does not write, and it is inside
    the content folder."""
    doc, folder = built.edited, ws.save_folder()
    if doc is None or folder is None or doc.id != built.form.id:
        return None
    library = ws.library()
    if sum(1 for d in library.documents if d.file == doc.file) != 1:
        return None
    try:
        data = yaml.safe_load(Path(doc.file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    if not isinstance(data, dict) or not set(data) <= BUILDER_FIELDS:
        return None
    path = Path(doc.file).resolve()
    return path if folder.resolve() in path.parents else None


def _replace(ws: Workspace, path: Path, trial: preview.Trial) -> tuple[Path | None, str | None]:
    """(path written, None) or (None, why not): the edited cubit's file, written over."""
    if not trial.ok:
        return None, "the cubit has errors (listed below); it was not saved"
    content = ws.save_folder()
    if content is None:
        return None, "there is no content folder to save into (serve was given files, not a folder)"
    folder = content.resolve()
    parts = path.relative_to(folder).parts
    try:
        replace_file(folder, parts[:-1], parts[-1], trial.text.encode("utf-8"))
    except NotInside as exc:
        return None, (
            f"{display_path(str(exc.folder))} is a symbolic link or a file, and saves stay inside "
            f"{display_path(str(folder))}/; nothing was written"
        )
    except OSError as exc:
        return None, f"{display_path(str(path))} cannot be written ({exc.strerror}); nothing was written"
    saved = Path(display_path(str(path)))
    ws.saved(saved, trial.text)
    return saved, None


BUILDER = Builder(
    kind="cubit",
    name="cubit builder",
    path="/cubit",
    routes=(
        Route("/cubit", cubit_builder),
        Route("/cubit/net.{fmt}", cubit_net),
        Route("/cubit/save", cubit_save, methods=["POST"]),
        Route("/cubit/{id}/edit", cubit_edit),
    ),
    products=("sheet", "net"),
)
