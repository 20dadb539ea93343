"""Content at scale: large decks still print cleanly, validation's shortcuts report what a
full layout would, and an incremental rebuild writes what a clean build writes.
(Figures — time, memory — come from `bench/robustness.py`, never from tests.)"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from helpers import DATA, MM, REPO, WORDY_MONSTER, files, run_cli, write

from sheetgen.files.outputs import CACHE, state_folder


def cache_of(root: Path, out: str) -> Path:
    """The document cache of builds of the project at `root` into `root/out`."""
    return state_folder(root, root / out) / CACHE


MONSTER = """kind: kubos-monster
id: m-{i:05d}
name: Monster {i}
type: vermin
attributes: {{skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}}
defence: 2
hp: 4
"""


def checked_content(root: Path):
    from sheetgen.content.loader import load
    from sheetgen.rules import check

    return check(load([root / "content"]))


def test_a_ten_thousand_card_deck_numbers_its_cards_clear_of_the_licence(tmp_path):
    """`10000/10000` is far wider than the footer's usual room for `99/99`: the licence
    notice beside it leaves it room, and the number stays fine print (6.5pt, black)."""
    import dataclasses

    from sheetgen.files.plan import plan
    from sheetgen.files.run import lay_out
    from sheetgen.layout.primitives import Text, walk

    write(tmp_path, "content/monsters.yaml", MONSTER.format(i=1))
    checked = checked_content(tmp_path)
    target = next(t for t in plan(checked, ("pdf",)) if t.key == "kubos/stat-cards-print-shop/monsters")
    # The same monster ten thousand times: a deck of 10,000 cards, one a page with its back.
    many = dataclasses.replace(target, job=dataclasses.replace(target.job, docs=target.job.docs * 10_000))
    document, issues = lay_out(many, checked.theme)
    assert not issues
    assert len(document.pages) == 20_000
    for n in (1, 9_999, 10_000):
        texts = [(item, dx, dy) for item, dx, dy in walk(document.pages[2 * n - 2].items) if isinstance(item, Text)]
        number = [(t, dx, dy) for t, dx, dy in texts if t.text == f"{n}/10000"]
        assert len(number) == 1, [t.text for t, _, _ in texts]
        num, ndx, ndy = number[0]
        assert num.size >= 6.5 and num.fill == "#000000"
        left, right = num.x + ndx, num.x + ndx + num.width
        assert right <= document.pages[0].width
        # The notice's link whole: the full notice's, or the short one's where the whole
        # would send the rules on to a second card (its back carries the whole).
        assert any(t.text.endswith("1km1kt.net/rpg/kubos") for t, _, _ in texts), "the notice's link, whole"
        for t, dx, dy in texts:
            if t is not num and abs((t.y + dy) - (num.y + ndy)) < max(t.size, num.size):
                # text on the number's line ends 1.5 mm before it, as on cards of smaller decks
                assert t.x + dx + t.width <= left - 1.5 * MM + 1e-6, (t.text, num.text)


def test_a_print_shop_twin_reports_nothing_its_deck_does_not(tmp_path):
    """`validate` lays out a deck but not its print-shop twin (the same cards one a page):
    over the bundled decks and one too wordy, the twin's problems are the deck's."""
    from sheetgen.files.plan import plan
    from sheetgen.files.run import lay_out
    from sheetgen.layout.registry import product

    shutil.copytree(REPO / "content", tmp_path / "content")
    write(tmp_path, "content/talker.yaml", WORDY_MONSTER)
    checked = checked_content(tmp_path)
    targets = {(t.game, t.product, t.id): t for t in plan(checked)}
    twins, with_problems = 0, 0
    for (game, product_id, id_), twin in targets.items():
        deck_id = product(product_id, game).print_shop_of
        if not deck_id:
            continue
        deck = product(deck_id, game)
        deck_target = targets[(game, deck_id, id_ if twin.scope == "document" else deck.target or deck.name)]
        found = {(i.code, i.message, i.source, i.at) for i in lay_out(twin, checked.theme)[1]}
        assert found <= {(i.code, i.message, i.source, i.at) for i in lay_out(deck_target, checked.theme)[1]}
        twins += 1
        with_problems += bool(found)
    assert twins >= 5 and with_problems == 1


def test_validate_reports_a_deck_problem_once(workdir):
    shutil.copy(DATA / "kubos" / "tables.yaml", workdir / "content" / "tables.yaml")
    write(workdir, "content/talker.yaml", WORDY_MONSTER)
    run = run_cli("validate")
    assert run.code == 1
    assert run.stderr.count("content/talker.yaml:6:8: error[layout.text-overflow]") == 1


def test_an_incremental_rebuild_writes_what_a_clean_build_writes(bundled, monkeypatch):
    """Edits, an added and a removed document, an output spoiled behind the build's back:
    each rebuild leaves the same files, byte for byte, as a clean build of the same content."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert run_cli("build", "-o", "out", "--format", "pdf").code == 0
    deck = bundled / "content" / "decks"
    first = sorted(deck.glob("*.yaml"))[0]
    first.write_text(first.read_text(encoding="utf-8").replace("title: ", "title: Edited ", 1), encoding="utf-8")
    write(bundled, "content/kubos/monsters/extra.yaml", MONSTER.format(i=7))
    sorted((bundled / "content" / "cubit" / "cubits").glob("*.yaml"))[-1].unlink()
    out = bundled / "out"
    cut, altered = sorted(out.rglob("*.pdf"))[:2]
    cut.write_bytes(cut.read_bytes()[:-10])  # the build must notice, whatever it remembers
    st = altered.stat()
    data = bytearray(altered.read_bytes())
    data[len(data) // 2] ^= 0xFF
    altered.write_bytes(bytes(data))  # the same size, and its time set back
    os.utime(altered, ns=(st.st_atime_ns, st.st_mtime_ns))
    run = run_cli("build", "-o", "out", "--format", "pdf")
    assert run.code == 0, run.stderr
    assert run_cli("build", "-o", "clean", "--format", "pdf").code == 0
    assert files(out) == files(bundled / "clean")


def test_manifest_lines_are_the_json_of_their_entries():
    import json

    from sheetgen.files.outputs import OutputEntry, TargetRecord, entry_line, record_line

    odd = 'a"b\\c\n\t\x01é€😀\u2028'
    for e in (
        OutputEntry("x/y.pdf", None, None, "", "p", "pdf", "0" * 64),
        OutputEntry(odd, odd, odd, odd, odd, odd, odd, odd, 12, odd),
    ):
        assert entry_line(e) == json.dumps(e.to_json(), ensure_ascii=False)
        assert OutputEntry.from_json(json.loads(entry_line(e))) == e
    warning = {
        "doc": ["k", odd],
        "path": ["faces", 2, odd],
        "code": "c",
        "message": odd,
        "hint": None,
        "at": None,
        "fit": [odd, 3],
    }
    for r in (
        TargetRecord("p", "document", "", (), ()),
        TargetRecord(odd, odd, odd, (odd, "b"), ("k",)),
        TargetRecord("p", "document", "d", ("a",), ("k",), (warning,)),
    ):
        assert record_line(r) == json.dumps(r.to_json(), ensure_ascii=False)
        assert TargetRecord.from_json(json.loads(record_line(r))) == r


def test_a_spoiled_document_cache_is_read_past(bundled, monkeypatch):
    """The cache of parsed content files is never trusted over the files: entries in a
    shape no code writes, an entry for bytes the file no longer holds, or a file that is
    not JSON are read past, and the build writes what a build without a cache does."""
    import json

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert run_cli("build", "-o", "out", "--format", "pdf").code == 0
    cache = cache_of(bundled, "out")
    data = json.loads(cache.read_text(encoding="utf-8"))
    deck = sorted((bundled / "content" / "decks").glob("*.yaml"))[0]
    assert f"content/decks/{deck.name}" in data["files"]
    for n, name in enumerate(sorted(data["files"])):  # every other entry in a shape no code writes
        if n % 2:
            data["files"][name][1] = [["not", "a", "document"]]
    cache.write_text(json.dumps(data), encoding="utf-8")
    deck.write_text(deck.read_text(encoding="utf-8").replace("title: ", "title: Edited ", 1), encoding="utf-8")
    run = run_cli("build", "-o", "out", "--format", "pdf")
    assert run.code == 0, run.stderr
    assert run_cli("build", "-o", "fresh", "--format", "pdf").code == 0
    assert files(bundled / "out") == files(bundled / "fresh")
    deck.write_text(deck.read_text(encoding="utf-8").replace("title: Edited ", "title: ", 1), encoding="utf-8")
    cache.write_text("{not json", encoding="utf-8")
    assert run_cli("build", "-o", "out", "--format", "pdf").code == 0
    shutil.rmtree(bundled / "fresh")
    assert run_cli("build", "-o", "fresh", "--format", "pdf").code == 0
    assert files(bundled / "out") == files(bundled / "fresh")


def test_the_document_cache_keeps_files_json_gives_back_exactly(tmp_path):
    """A cached file reads back as parsed, positions and all; one holding a number JSON
    cannot keep (.inf, .nan) is not cached, so it is read again from the file."""
    import json
    import math

    from sheetgen.content.cache import DocumentCache
    from sheetgen.content.loader import load
    from sheetgen.content.yamlsrc import load_documents

    write(tmp_path, "content/plain.yaml", "kind: theme\nid: plain\nname: Plain ✓\n")
    odd = "kind: theme\nid: odd\nname: Odd\n---\nx: [.inf, -.inf, .nan, 1.5]\n"
    write(tmp_path, "content/odd.yaml", odd)
    path = tmp_path / "cache.json"
    cache = DocumentCache(path, "code")
    load([tmp_path / "content"], game_data=False, cache=cache)
    cache.save(lambda p, data: p.write_bytes(data))

    cached = json.loads(path.read_text(encoding="utf-8"))["files"]
    (name,) = cached
    assert Path(name).name == "plain.yaml"
    parsed = []

    def parse():
        parsed.append(1)
        return load_documents((tmp_path / name).read_text(encoding="utf-8"), name)[0]

    (raw,) = DocumentCache(path, "code").get(name, cached[name][0], parse)
    assert raw.data == {"kind": "theme", "id": "plain", "name": "Plain ✓"}
    assert parsed == []  # positions are found only when asked for …
    assert (raw.positions.key(("name",)).line, raw.positions.value(("name",)).column) == (3, 7)
    assert raw.positions.has(("id",)) and parsed == [1]  # … by one parse of the file
    docs, _ = load_documents(odd, "odd.yaml")
    values = docs[1].data["x"]
    assert values[:2] == [math.inf, -math.inf] and math.isnan(values[2]) and values[3] == 1.5
    assert [d.finite for d in docs] == [True, False]


def test_a_document_read_from_the_cache_is_reported_at_its_own_lines(tmp_path, monkeypatch):
    """The cache keeps values, not positions: a mistake in a cached document is still
    reported at its line and column, found by reading the unchanged file again."""
    write(tmp_path, "content/theme.yaml", "kind: theme\nid: t\n\n\npaper: a3\n")
    write(
        tmp_path,
        "content/deck.yaml",
        "kind: reference-deck\nid: d\nsystem: kubos\ntitle: T\ncards:\n  - {title: A, body: B}\n",
    )
    monkeypatch.chdir(tmp_path)
    first = run_cli("build", "--format", "pdf")
    assert cache_of(tmp_path, "output").is_file()
    write(
        tmp_path,
        "content/deck.yaml",
        "kind: reference-deck\nid: d\nsystem: kubos\ntitle: T2\ncards:\n  - {title: A, body: B}\n",
    )
    again = run_cli("build", "--format", "pdf")
    for result in (first, again):
        assert result.code == 1 and "content/theme.yaml:5:8: error[" in result.stderr, result.stderr


def test_a_kept_warning_at_a_template_is_the_same_whatever_folder_the_build_ran_in(tmp_path, monkeypatch):
    """The manifest keeps a template's place relative to the project root (it does not change
    with the working directory, and names no absolute path) and reports it as every path
    is: relative when below the folder the next command runs in."""
    from sheetgen.diagnostics import Severity
    from sheetgen.files.report import issue_from_json, issue_json
    from sheetgen.layout.context import Issue, Source

    (tmp_path / "content").mkdir()
    monkeypatch.chdir(tmp_path)
    at_root = issue_json(Issue(Source(None), Severity.WARNING, "c", "m", at=("templates/card.j2", 8, 10)), tmp_path)
    monkeypatch.chdir(tmp_path / "content")
    in_content = issue_json(
        Issue(Source(None), Severity.WARNING, "c", "m", at=("../templates/card.j2", 8, 10)), tmp_path
    )
    assert at_root == in_content and at_root["at"][0] == "templates/card.j2"
    assert issue_from_json(at_root, tmp_path).at == (str(tmp_path / "templates/card.j2"), 8, 10)  # not below here
    monkeypatch.chdir(tmp_path)
    assert issue_from_json(at_root, tmp_path).at == ("templates/card.j2", 8, 10)


def test_positions_found_when_asked_are_those_recorded_while_reading():
    """Content is read without recording where each value sits (most documents never need
    it); a diagnostic's first question reads the file again, once, for all its documents:
    the same places as recording them at once, through anchors, merges, flow values and a
    document lost to a syntax error."""
    import sheetgen.content.yamlsrc as yamlsrc

    text = (
        "kind: theme\nid: a\nbase: &b {paper: a4, accent: '#123456'}\nagain: *b\n"
        "colours:\n  - red\n  - {name: deep blue, hex: '#000080'}\n"
        "---\nkind: theme\nid: broken: twice\n"
        "---\n# a comment\nkind: theme\nid: c\nbase: &b {paper: a4, accent: '#123456'}\n"
        "merged:\n  <<: *b\n  paper: letter\n"
        "notes: |\n  two\n  lines\n"
    )
    eager, problems = yamlsrc.load_documents(text, "t.yaml")
    reads = []
    real = yamlsrc._load_stream
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(yamlsrc, "_load_stream", lambda *a: reads.append(1) or real(*a))
        lazy, lazy_problems = yamlsrc.load_documents(text, "t.yaml", lazy=True)
        read_at_first = len(reads)
        assert lazy_problems == problems and [d.data for d in lazy] == [d.data for d in eager]
        assert [d.index for d in lazy] == [0, 1] and len(eager) == 2  # the broken one is lost
        for mine, theirs in zip(lazy, eager):
            assert mine.positions.values == theirs.positions.values
            assert mine.positions.keys == theirs.positions.keys
        assert lazy[1].positions.value(("merged", "paper")) == eager[1].positions.value(("merged", "paper"))
    assert len(eager[0].positions.values) > 8
    assert len(reads) - read_at_first == read_at_first  # the file read once more, for both documents


def _enough_decks_to_read_ahead(root: Path) -> Path:
    """A content folder of more small decks than a parallel build reads in its workers."""
    import sheetgen.content.cache as cache_module

    for i in range(cache_module.PARSE_AHEAD_MIN_FILES + 6):
        write(
            root,
            f"content/deck-{i:03d}.yaml",
            f"""
            kind: reference-deck
            id: deck-{i:03d}
            system: kubos
            title: Deck {i}
            cards:
              - title: Card {i}
                body: "Roll **two** dice for deck {i}."
            """,
        )
    return root / "content"


def test_a_parallel_build_reads_the_content_in_its_workers_and_says_what_one_job_says(tmp_path, monkeypatch):
    """With two jobs, a big content folder is read by the worker processes too; the
    documents, the diagnostics (file, line, column) and every output are the same as
    with one job."""
    import sheetgen.content.cache as cache_module

    content = _enough_decks_to_read_ahead(tmp_path)
    # A mistake at 7:5 (a misspelt field) and one found by the rules (a duplicate id).
    write(tmp_path, "content/deck-010.yaml", (content / "deck-010.yaml").read_text().replace("body:", "bodyy:"))
    write(tmp_path, "content/deck-020.yaml", (content / "deck-020.yaml").read_text().replace("deck-020", "deck-021"))
    monkeypatch.chdir(tmp_path)
    readers = tmp_path / "readers"
    real = cache_module._parse_files

    def parse_files(files):  # in a worker: which process read how many files
        with open(readers, "a") as f:
            f.write(f"{os.getpid()} {len(files)}\n")
        return real(files)

    # sent to the workers by name, as the real one is
    parse_files.__module__, parse_files.__qualname__ = real.__module__, real.__qualname__
    monkeypatch.setattr(cache_module, "_parse_files", parse_files)
    one = run_cli("build", "--format", "pdf", "--jobs", "1", "-o", "one")
    assert not readers.exists()
    two = run_cli("build", "--format", "pdf", "--jobs", "2", "-o", "two")
    counts = [line.split() for line in readers.read_text().splitlines()]
    assert {int(pid) for pid, _ in counts} - {os.getpid()} and sum(int(n) for _, n in counts) == len(
        list(content.iterdir())
    )

    def said(result):
        return [line for line in result.stderr.splitlines() if not line.startswith("sheetgen: ")]

    assert one.code == two.code == 1
    assert said(one) == said(two)
    assert "content/deck-010.yaml:7:5: error[content.unknown-field]" in one.stderr
    assert "content/deck-021.yaml:2:5: error[content.duplicate-id]" in one.stderr
    assert files(tmp_path / "one") == files(tmp_path / "two")
    cached = [json.loads(cache_of(tmp_path, out).read_text()) for out in ("one", "two")]
    # Every file but those with errors: the cache holds no document with errors.
    failed = {line.split(":")[0] for line in one.stderr.splitlines() if ": error[" in line}
    assert {"content/deck-010.yaml", "content/deck-021.yaml"} <= failed
    assert cached[0] == cached[1] and sorted(cached[0]["files"]) == sorted(
        f"content/{p.name}" for p in content.iterdir() if f"content/{p.name}" not in failed
    )
    # A rebuild after an edit reads the one file here: the cache holds every other.
    readers.unlink()
    write(tmp_path, "content/deck-030.yaml", (content / "deck-030.yaml").read_text().replace("Deck 30", "Deck 30b"))
    again = run_cli("build", "--format", "pdf", "--jobs", "2", "-o", "two")
    assert again.code == 1 and said(again) == said(two) and not readers.exists()
    # A damaged entry in the cache is not used, as with one job.
    cache_file = cache_of(tmp_path, "two")
    damaged = json.loads(cache_file.read_text())
    damaged["files"]["content/deck-040.yaml"] = 5
    cache_file.write_text(json.dumps(damaged))
    again = run_cli("build", "--format", "pdf", "--jobs", "2", "-o", "two", "--force")
    assert again.code == 1 and said(again) == said(two), again.stderr


def test_a_file_read_with_warnings_is_cached_with_them_and_they_are_said_again(tmp_path):
    """A deck with a number that prints otherwise than written (a warning) is kept in the
    document cache with its warnings: the next build reads it from the cache, not the file,
    and says the same warnings at the same places."""
    import json

    from sheetgen.content.cache import DocumentCache
    from sheetgen.content.loader import load

    write(
        tmp_path,
        "content/d.yaml",
        "kind: reference-deck\nid: d\nsystem: kubos\ntitle: D\n"
        "cards: [{title: A, table: {columns: [Item, Cost], rows: [[Sword, 3.50]]}}]\n",
    )
    path = tmp_path / "cache.json"
    first = DocumentCache(path, "code")
    said = [
        (d.file, d.line, d.column, d.code, d.message)
        for d in load([tmp_path / "content"], game_data=False, cache=first).diagnostics
    ]
    first.save(lambda p, data: p.write_bytes(data))
    assert [d[3] for d in said] == ["yaml.number-rewritten"]
    assert list(json.loads(path.read_text())["files"]) == ["content/d.yaml"]
    again = DocumentCache(path, "code")
    library = load([tmp_path / "content"], game_data=False, cache=again)
    assert [(d.file, d.line, d.column, d.code, d.message) for d in library.diagnostics] == said
    assert again.notes("content/d.yaml")  # from the cache


def test_a_worker_lost_while_reading_ahead_leaves_the_rest_to_the_build(tmp_path, monkeypatch):
    """A worker that dies while reading ahead costs time only: the files it and the runs
    after it held are read by the build itself, which says and makes what one job does."""
    import sheetgen.content.cache as cache_module

    _enough_decks_to_read_ahead(tmp_path)
    monkeypatch.chdir(tmp_path)
    real = cache_module._parse_files

    def parse_files(files):  # the run holding deck-040 kills its worker
        if any(name.endswith("deck-040.yaml") for name, _, _ in files):
            os._exit(9)
        return real(files)

    parse_files.__module__, parse_files.__qualname__ = real.__module__, real.__qualname__
    monkeypatch.setattr(cache_module, "_parse_files", parse_files)
    one = run_cli("build", "--format", "pdf", "--jobs", "1", "-o", "one")
    two = run_cli("build", "--format", "pdf", "--jobs", "2", "-o", "two")
    assert one.code == two.code == 0, two.stderr
    assert files(tmp_path / "one") == files(tmp_path / "two")
    cached = [json.loads(cache_of(tmp_path, out).read_text()) for out in ("one", "two")]
    assert cached[0] == cached[1]
