"""What a theme names stays inside its project: a templates folder or a font elsewhere is
an error at its line and nothing there is opened, walked or quoted. `--templates DIR` is
the user's own choice and may be anywhere, and is still looked through within bounds."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from helpers import deck, pdf_text, run_cli, write

from sheetgen.content.project import MAX_FOLDER_ENTRIES
from sheetgen.layout import templates

SECRET = "outside-secret-5d1e"
CARD = """
    {% macro body(card, deck, number, total) -%}
    Own words: {{ card.body }}
    {%- endmacro %}
"""


class WatchedPipe:
    """A named pipe that tells whether anything opened it: whoever opens it to read would
    wait for a writer, so one is there whenever a reader comes (no test hangs), and it
    writes the secret."""

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
        self.path = path
        self.opened = False
        self._stop = threading.Event()
        self._watch = threading.Thread(target=self._serve, daemon=True)
        self._watch.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)  # fails while no one reads
            except OSError:
                self._stop.wait(0.005)
                continue
            self.opened = True
            os.write(fd, SECRET.encode())
            os.close(fd)

    def was_opened(self) -> bool:
        self._stop.set()
        self._watch.join()
        return self.opened


@pytest.fixture(autouse=True)
def bundled_templates_after():
    yield
    templates.use_templates(None)
    templates.reset()


@pytest.fixture
def elsewhere(tmp_path_factory) -> Path:
    """A folder outside the project with templates by the bundled paths: a card template
    holding the secret and a caption file that is a pipe."""
    folder = tmp_path_factory.mktemp("elsewhere")
    write(folder, "reference/card.j2", "{% macro body(card, deck, number, total) %}" + SECRET + "{% endmacro %}\n")
    write(folder, "notes.txt", SECRET + "\n")
    return folder


def theme(root: Path, lines: str) -> None:
    write(root, "content/theme.yaml", "kind: theme\nid: default\n" + lines)


def refused(result, line: int, code: str, pipe: WatchedPipe) -> None:
    """Exit 1 with `code` first, at the theme's line, and nothing from outside read or said."""
    assert result.code == 1
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"content/theme.yaml:{line}:12: error[{code}]:"), result.stderr
    assert "= hint:" in result.stderr and "Traceback" not in result.stderr
    assert SECRET not in result.stderr + result.stdout
    assert not pipe.was_opened()


@pytest.mark.parametrize("where", ["/etc", "../../..", "absolute", "relative", "link"])
def test_a_themes_templates_folder_outside_the_project_is_an_error_and_is_not_read(workdir, elsewhere, where):
    deck(workdir, "basics")
    pipe = WatchedPipe(elsewhere / "tricube/captions.j2")
    os.symlink(elsewhere, workdir / "link")
    folder = {
        "absolute": str(elsewhere),
        "relative": os.path.relpath(elsewhere, workdir / "content"),
        "link": "../link",
    }.get(where, where)
    theme(workdir, f"templates: {folder}\n")
    result = run_cli("build")
    refused(result, 3, "theme.templates-outside-project", pipe)
    assert "outside the project" in result.stderr
    assert not (workdir / "output/grimdark/reference/basics.pdf").exists()


def test_validate_refuses_it_as_well(workdir, elsewhere):
    deck(workdir, "basics")
    pipe = WatchedPipe(elsewhere / "tricube/captions.j2")
    theme(workdir, f"templates: {elsewhere}\n")
    refused(run_cli("validate"), 3, "theme.templates-outside-project", pipe)


@pytest.mark.parametrize("where", ["absolute", "link"])
def test_a_font_outside_the_project_is_an_error_and_is_not_opened(workdir, elsewhere, where):
    deck(workdir, "basics")
    pipe = WatchedPipe(elsewhere / "font.ttf")
    os.symlink(elsewhere / "font.ttf", workdir / "content/font.ttf")
    theme(workdir, "fonts:\n  regular: " + (str(elsewhere / "font.ttf") if where == "absolute" else "font.ttf") + "\n")
    refused(run_cli("build"), 4, "theme.font-outside-project", pipe)


def test_a_themes_templates_folder_inside_the_project_is_used(workdir):
    deck(workdir, "basics")
    write(workdir, "publisher/reference/card.j2", CARD)
    theme(workdir, "templates: ../publisher\n")
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0, result.stderr
    assert "Own words: Most challenges" in pdf_text(workdir / "output/grimdark/reference/basics.pdf")


def test_templates_named_on_the_command_line_may_be_anywhere(workdir, tmp_path_factory):
    deck(workdir, "basics")
    own = tmp_path_factory.mktemp("my-templates")
    write(own, "reference/card.j2", CARD)
    result = run_cli("build", "--format", "pdf", "--templates", str(own))
    assert result.code == 0, result.stderr
    assert "Own words: Most challenges" in pdf_text(workdir / "output/grimdark/reference/basics.pdf")


def test_only_templates_by_bundled_paths_are_read_and_other_files_are_named_not_quoted(workdir):
    deck(workdir, "basics")
    write(workdir, "mine/reference/card.j2", CARD)
    write(workdir, "mine/notes.txt", SECRET + " {% broken\n")
    write(workdir, "mine/reference/draft.j2", SECRET + " {% broken\n")
    pipe = WatchedPipe(workdir / "mine/reference/old.j2")
    result = run_cli("build", "--format", "pdf", "--templates", "mine")
    assert result.code == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "warning[" in line]
    assert [line.split(": ")[0] for line in lines] == ["mine/reference/draft.j2:1:1", "mine/reference/old.j2:1:1"]
    assert all("warning[template.unused]" in line for line in lines)
    assert SECRET not in result.stderr and "notes.txt" not in result.stderr
    assert not pipe.was_opened()


def test_a_template_that_is_a_pipe_or_leads_outside_is_never_opened(workdir, elsewhere):
    deck(workdir, "basics")
    pipe = WatchedPipe(workdir / "mine/reference/card.j2")
    os.symlink(elsewhere / "reference/card.j2", workdir / "mine/index.html.j2")
    result = run_cli("build", "--templates", "mine")
    assert result.code == 1
    said = {line.split(" ")[0] + line.split(" ")[1] for line in result.stderr.splitlines() if "[template." in line}
    assert said == {
        "mine/index.html.j2:1:1:warning[template.outside]:",
        "mine/reference/card.j2:1:1:error[template.unreadable]:",
    }, result.stderr
    assert SECRET not in result.stderr
    assert not pipe.was_opened()
    assert not (workdir / "output").exists()


def test_a_templates_folder_too_big_to_look_through_is_refused(workdir, tmp_path_factory):
    deck(workdir, "basics")
    big = tmp_path_factory.mktemp("home")
    for i in range(MAX_FOLDER_ENTRIES + 1):
        (big / f"file-{i}.j2").touch()
    result = run_cli("build", "--templates", str(big))
    assert result.code == 1
    said = [line for line in result.stderr.splitlines() if "[template." in line]
    assert said == [
        f"{big}:1:1: error[template.folder-too-big]: the templates folder holds more than 2,000 files "
        "and folders; sheetgen looks through no more"
    ], result.stderr
    assert not (workdir / "output").exists()
