"""Card exports (`--format png,tts`): every card of a deck as a 300 dpi PNG with its bleed,
the same pixels as its PDF page, the same bytes every build; and digital-tabletop decks
whose saved object deals every card from sheets that exist."""

from __future__ import annotations

import json
import shutil
import struct
import zlib
from pathlib import Path

from helpers import REPO, rasterize_pdf, write
from PIL import Image, ImageChops, ImageStat

DECK = """\
kind: reference-deck
id: {id}
system: {system}
title: {title}
imposition: single
back: Same back
cards:
"""


def _deck(root: Path, deck_id: str, count: int, backs: bool = False, system: str = "cubit") -> None:
    text = DECK.format(id=deck_id, system=system, title=deck_id.title())
    for i in range(1, count + 1):
        text += f"  - title: Card {i}\n    body: The **rules** of card {i}.\n"
        text += f"    back: Back of card {i}\n" if backs else ""
    write(root, f"content/{deck_id}.yaml", text)


def _chunks(path: Path) -> dict[bytes, list[bytes]]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, list[bytes]] = {}
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks.setdefault(kind, []).append(body)
        at += 12 + length
    return chunks


def _manifest(root: Path) -> list[dict]:
    return json.loads((root / "output/manifest.json").read_text())["outputs"]


def test_each_card_is_a_300_dpi_png_with_its_bleed_like_its_pdf_page(workdir, sheetgen, tmp_path):
    _deck(workdir, "omens", 3)
    built = sheetgen("build", "--format", "pdf,png")
    assert built.code == 0, built.stderr
    folder = workdir / "output/cubit/reference-png/omens"
    # Every back is the same: one back.png.
    assert sorted(p.name for p in folder.iterdir()) == ["001.png", "002.png", "003.png", "back.png"]
    for name in ("001.png", "back.png"):
        chunks = _chunks(folder / name)
        width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][0][:10])
        assert (width, height, depth, colour) == (821, 1121, 8, 2)  # poker with 3 mm bleed, 8-bit RGB
        assert chunks[b"sRGB"] and struct.unpack(">IIB", chunks[b"pHYs"][0]) == (11811, 11811, 1)  # 300 dpi
        assert not {b"tIME", b"tEXt", b"iTXt", b"zTXt"} & set(chunks)
    # The deck's own PDF (one card a page: front, back, front …), rasterised by pdftoppm.
    pdf = workdir / "output/cubit/reference/omens.pdf"
    for page, name in ((3, "002.png"), (2, "back.png")):
        reference = Image.open(rasterize_pdf(pdf, tmp_path / f"page{page}.png", dpi=300, page=page)).convert("RGB")
        mine = Image.open(folder / name).convert("RGB")
        assert mine.size == reference.size
        difference = ImageStat.Stat(ImageChops.difference(mine, reference)).mean
        assert max(difference) < 2.0, difference  # anti-aliasing apart, the same pixels
        assert ImageChops.difference(mine, Image.new("RGB", mine.size, "white")).getbbox()  # not blank
    # The manifest lists every file, as png.
    listed = {e["path"] for e in _manifest(workdir) if e["format"] == "png" and "/omens/" in e["path"]}
    assert listed == {f"cubit/reference-png/omens/{p.name}" for p in folder.iterdir()}


def test_cards_with_backs_of_their_own_get_a_back_each(workdir, sheetgen):
    _deck(workdir, "signs", 2, backs=True)
    assert sheetgen("build", "--format", "png").code == 0
    folder = workdir / "output/cubit/reference-png/signs"
    assert sorted(p.name for p in folder.iterdir()) == ["001-back.png", "001.png", "002-back.png", "002.png"]
    assert (folder / "001-back.png").read_bytes() != (folder / "002-back.png").read_bytes()


def test_two_builds_write_the_same_bytes(workdir, sheetgen):
    _deck(workdir, "omens", 2)

    def exported() -> dict[str, bytes]:
        assert sheetgen("build", "--force", "--format", "png,tts").code == 0
        return {
            e["path"]: (workdir / "output" / e["path"]).read_bytes()
            for e in _manifest(workdir)
            if e["format"] in ("png", "tts")
        }

    first = exported()
    for path in first:
        (workdir / "output" / path).unlink()
    assert exported() == first and any(p.endswith("/omens/back.png") for p in first)


def test_every_deck_product_has_its_cards_as_images(workdir, sheetgen):
    shutil.copytree(REPO / "content/kubos", workdir / "content/kubos")
    assert sheetgen("build", "--format", "png").code == 0
    made = {p.parent.parent.name for p in (workdir / "output").rglob("001.png")}
    assert made == {"reference-png", "stat-cards-png"}


def test_a_tabletop_deck_deals_every_card_from_sheets_that_exist(workdir, sheetgen):
    _deck(workdir, "crowd", 75, system="kubos")
    built = sheetgen("build", "--format", "tts")
    assert built.code == 0, built.stderr
    folder = workdir / "output/kubos/reference-tts/crowd"
    saved = json.loads((folder / "crowd.json").read_text())
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    sheets = deck["CustomDeck"]
    # 75 cards: a full sheet of 10 × 7 and a second for the other 5 (the grid is the first's).
    assert len(sheets) == 2
    cards = 0
    for number, sheet in sheets.items():
        face = Image.open(folder / sheet["FaceURL"])
        back = Image.open(folder / sheet["BackURL"])
        assert face.mode == "RGB" and max(face.size) <= 4096
        assert (sheet["NumWidth"], sheet["NumHeight"]) == (10, 7) and sheet["BackIsHidden"] is True
        assert face.width % sheet["NumWidth"] == 0 and face.height % sheet["NumHeight"] == 0
        cell = (face.width // sheet["NumWidth"], face.height // sheet["NumHeight"])
        assert abs(cell[1] / cell[0] - 88.9 / 63.5) < 0.01  # a card's shape, trimmed
        assert back.size == cell and sheet["UniqueBack"] is False
        on_sheet = [i for i in deck["DeckIDs"] if i // 100 == int(number)]
        assert on_sheet == [int(number) * 100 + k for k in range(len(on_sheet))]
        cards += len(on_sheet)
    assert cards == 75 + 1  # and the foundation's licence, the deck's last card
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    listed = {e["path"] for e in _manifest(workdir) if e["format"] == "tts"}
    assert listed == {f"kubos/reference-tts/crowd/{p.name}" for p in folder.iterdir()}


def test_a_small_deck_takes_a_small_grid(workdir, sheetgen):
    _deck(workdir, "pair", 3)
    assert sheetgen("build", "--format", "tts").code == 0
    folder = workdir / "output/cubit/reference-tts/pair"
    (deck,) = json.loads((folder / "pair.json").read_text())["ObjectStates"]
    (sheet,) = deck["CustomDeck"].values()
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (3, 1) and deck["DeckIDs"] == [100, 101, 102]
    face = Image.open(folder / sheet["FaceURL"])
    assert face.size == (3 * 750, 1050)  # 300 dpi: a small deck needs no scaling down


def test_the_workbench_links_a_decks_exports_on_its_entry(workdir, sheetgen):
    from starlette.testclient import TestClient

    from sheetgen.serve.app import create_app
    from sheetgen.serve.workspace import Workspace

    _deck(workdir, "omens", 2)
    assert sheetgen("build", "--format", "pdf,png,tts").code == 0
    ws = Workspace()
    ws.rebuild()
    client = TestClient(create_app(ws), base_url="http://127.0.0.1")
    page = client.get("/").text
    entry = page[page.index('id="cubit--reference--omens"') :]
    entry = entry[: entry.index("</li>")]
    assert 'href="/output/cubit/reference-png/omens/001.png" download>PNG (3 images)' in entry
    assert 'href="/output/cubit/reference-tts/omens/omens.json" download>Tabletop' in entry
    assert 'id="cubit--reference-png--omens"' not in page  # not an entry of its own
    image = client.get("/output/cubit/reference-png/omens/001.png")
    assert image.status_code == 200 and image.content[:4] == b"\x89PNG"


def test_images_a_deck_no_longer_has_are_removed(workdir, sheetgen):
    _deck(workdir, "omens", 3, backs=True)
    assert sheetgen("build", "--format", "png").code == 0
    folder = workdir / "output/cubit/reference-png/omens"
    assert (folder / "003.png").exists() and (folder / "003-back.png").exists()
    _deck(workdir, "omens", 2)  # one card fewer, and every back the same
    assert sheetgen("build", "--format", "png").code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["001.png", "002.png", "back.png"]
    (workdir / "content/omens.yaml").unlink()
    assert sheetgen("build", "--format", "png").code == 0
    assert not folder.exists() and not any("/omens/" in e["path"] for e in _manifest(workdir))
