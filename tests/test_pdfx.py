"""Print-shop exports are PDF/X-4: read back from the PDFs, checked as a preflight would
(an output intent with an embedded CMYK profile, XMP that agrees with the document
information, trim inside bleed inside media on every page, no RGB, black text
overprinting), colours converted through the profile, parsed and rendered by qpdf and
Ghostscript without a complaint, and the same bytes from the same content."""

from __future__ import annotations

import io
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import DATA, REPO, read_pdf, run_cli, write
from PIL import Image, ImageCms
from pypdf.generic import BooleanObject

KUBOS_RED = (0x8C, 0x24, 0x24)  # the KUBOS system colour, #8c2424: its cards' title band
NAIVE_KUBOS_RED = (0.0, 0.74, 0.74, 0.45)  # what the formula without a profile made of it
PROFILE = DATA / "icc" / "artifex-cmyk-swop.icc"
XMP_NS = {
    "x": "adobe:ns:meta/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "dc": "http://purl.org/dc/elements/1.1/",
    "xmp": "http://ns.adobe.com/xap/1.0/",
    "pdf": "http://ns.adobe.com/pdf/1.3/",
    "pdfxid": "http://www.npes.org/pdfx/ns/id/",
    "xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
}
HANDOUT = """
kind: handout
id: shop
title: For the printer
profile: print-shop
sections:
  - title: Monsters
    include: {kind: kubos-monster, product: stat-cards}
  - title: Notes
    text: A divider page, which also gets crop marks.
"""


def _project(root: Path) -> Path:
    """The bundled KUBOS content and theme, with a print-shop handout of its monsters."""
    (root / "content").mkdir(parents=True)
    shutil.copy(REPO / "content" / "theme.yaml", root / "content" / "theme.yaml")
    shutil.copytree(REPO / "content" / "kubos", root / "content" / "kubos")
    write(root, "content/handout.yaml", HANDOUT)
    return root


def _build(root: Path, monkeypatch) -> Path:
    monkeypatch.chdir(root)
    run = run_cli("build", "--format", "pdf")
    assert run.code == 0, run.stderr
    return root / "output"


@pytest.fixture(scope="module")
def shop(tmp_path_factory) -> list[Path]:
    """Every print-shop PDF of the build: the stat cards' exports and the handout's two PDFs."""
    root = _project(tmp_path_factory.mktemp("pdfx"))
    with pytest.MonkeyPatch.context() as mp:
        out = _build(root, mp)
    found = sorted(out.glob("kubos/*-print-shop/*.pdf")) + sorted((out / "handouts" / "bundle").glob("shop*.pdf"))
    assert len(found) >= 4, found
    return found


def test_every_print_shop_pdf_names_a_cmyk_output_intent_with_the_profile_embedded(shop):
    for path in shop:
        root = read_pdf(path).trailer["/Root"]
        intents = root["/OutputIntents"]
        assert len(intents) == 1, path
        intent = intents[0].get_object()
        assert intent["/Type"] == "/OutputIntent" and intent["/S"] == "/GTS_PDFX"
        assert intent["/OutputConditionIdentifier"] and intent["/RegistryName"] == "http://www.color.org"
        stream = intent["/DestOutputProfile"].get_object()
        icc = stream.get_data()
        assert stream["/N"] == 4
        assert icc[12:16] == b"prtr" and icc[16:20] == b"CMYK" and icc[36:40] == b"acsp"  # an output profile, CMYK
        assert icc == PROFILE.read_bytes()
        ImageCms.ImageCmsProfile(io.BytesIO(icc))  # littleCMS reads it


def test_xmp_metadata_says_pdf_x4_and_agrees_with_the_document_information(shop):
    for path in shop:
        reader = read_pdf(path)
        info = reader.metadata
        assert info["/GTS_PDFXVersion"] == "PDF/X-4" and info["/Trapped"] == "/False", path
        meta = reader.trailer["/Root"]["/Metadata"].get_object()
        assert meta["/Type"] == "/Metadata" and meta["/Subtype"] == "/XML"
        xmp = ET.fromstring(meta.get_data())
        desc = xmp.find("rdf:RDF/rdf:Description", XMP_NS)
        assert desc.findtext("pdfxid:GTS_PDFXVersion", namespaces=XMP_NS) == "PDF/X-4"
        assert desc.findtext("pdf:Trapped", namespaces=XMP_NS) == "False"
        assert desc.findtext("dc:title/rdf:Alt/rdf:li", namespaces=XMP_NS) == info.title
        assert desc.findtext("pdf:Producer", namespaces=XMP_NS) == info.producer
        created = info["/CreationDate"]  # D:YYYYMMDDHHmmSS+00'00'
        iso = f"{created[2:6]}-{created[6:8]}-{created[8:10]}T{created[10:12]}:{created[12:14]}:{created[14:16]}Z"
        for key in ("xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate"):
            assert desc.findtext(key, namespaces=XMP_NS) == iso, (path, key)
        assert desc.findtext("xmpMM:DocumentID", namespaces=XMP_NS).startswith("uuid:")


def test_every_page_has_its_trim_inside_its_bleed_inside_its_media_and_no_annotation(shop):
    for path in shop:
        for n, page in enumerate(read_pdf(path).pages, 1):
            media, bleed, trim = (tuple(float(v) for v in box) for box in (page.mediabox, page.bleedbox, page.trimbox))
            assert "/TrimBox" in page and "/BleedBox" in page, f"{path.name} page {n}"
            assert "/Annots" not in page, f"{path.name} page {n}: an annotation (the contents' links)"
            assert trim != media, f"{path.name} page {n}: no trim set"
            for inner, outer in ((trim, bleed), (bleed, media)):
                assert inner[0] >= outer[0] - 0.01 and inner[1] >= outer[1] - 0.01, f"{path.name} page {n}"
                assert inner[2] <= outer[2] + 0.01 and inner[3] <= outer[3] + 0.01, f"{path.name} page {n}"


def _state(page, name: str) -> dict:
    """A graphics state's entries, booleans as Python's."""
    states = page["/Resources"]["/ExtGState"]
    return {k: (v.value if isinstance(v, BooleanObject) else v) for k, v in states[name].get_object().items()}


def test_no_rgb_and_black_text_overprints_while_nothing_else_does(shop):
    shown = {"black": 0, "other": 0}
    for path in shop:
        for n, page in enumerate(read_pdf(path).pages, 1):
            over = False
            fill = None
            for operands, op in page.get_contents().operations:
                assert op not in (b"rg", b"RG", b"g", b"G", b"sc", b"scn"), f"{path.name} page {n}: {op} colour"
                if op == b"gs":
                    state = _state(page, operands[0])
                    over = state.get("/op") is True
                    if over:
                        assert state["/OP"] is True and state["/OPM"] == 1
                elif op == b"k":
                    fill = tuple(float(v) for v in operands)
                elif op in (b"Tj", b"TJ"):
                    black = fill == (0, 0, 0, 1)
                    assert over == black, f"{path.name} page {n}: text in {fill} with overprint {over}"
                    shown["black" if black else "other"] += 1
                elif op in (b"f", b"f*", b"B", b"b", b"S", b"re"):
                    assert not over, f"{path.name} page {n}: a shape drawn with overprint on"
            for xobject in (page["/Resources"].get("/XObject") or {}).values():
                assert xobject.get_object().get("/ColorSpace") != "/DeviceRGB"
    assert shown["black"] > 100 and shown["other"] > 10  # black body text, and titles on colour


def _reference_cmyk(rgb: tuple[int, int, int]) -> tuple[float, ...]:
    """sRGB through the shipped profile by littleCMS, relative colorimetric with black
    point compensation, as a prepress tool would convert it."""
    transform = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        ImageCms.getOpenProfile(str(PROFILE)),
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )
    return tuple(v / 255 for v in ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), transform).getpixel((0, 0)))


def test_kubos_red_is_converted_through_the_output_profile(shop):
    cards = next(p for p in shop if "stat-cards-print-shop" in str(p))
    fills = {
        tuple(float(v) for v in operands)
        for operands, op in read_pdf(cards).pages[0].get_contents().operations
        if op == b"k"
    }
    expected = _reference_cmyk(KUBOS_RED)
    red = [f for f in fills if all(abs(a - b) <= 0.002 for a, b in zip(f, expected))]
    assert red, f"no fill of KUBOS red as the profile gives it ({expected}) among {sorted(fills)}"
    c, m, y, k = red[0]
    assert c > 0.1 and m > 0.85 and y > 0.85 and 0.1 < k < 0.45 and c + m + y + k <= 3.0  # SWOP's ink limit
    assert all(abs(a - b) > 0.05 for a, b in zip(red[0], NAIVE_KUBOS_RED) if b)


def test_qpdf_and_ghostscript_read_and_render_every_print_shop_pdf_without_a_warning(shop):
    """The preflight this machine has: qpdf's structural check, and Ghostscript rendering
    every page, stopping on any error or warning (CI installs both)."""
    assert shutil.which("qpdf") and shutil.which("gs"), "qpdf and Ghostscript are needed (apt: qpdf ghostscript)"
    for path in shop:
        check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout, (
            check.stdout + check.stderr
        )
        render = subprocess.run(
            [
                "gs",
                "-q",
                "-dNOPAUSE",
                "-dBATCH",
                "-dSAFER",
                "-dPDFSTOPONERROR",
                "-dPDFSTOPONWARNING",
                "-sDEVICE=nullpage",
                str(path),
            ],
            capture_output=True,
            text=True,
        )
        assert render.returncode == 0 and not render.stdout.strip() and not render.stderr.strip(), (
            f"{path.name}: {render.stdout}{render.stderr}"
        )


def test_the_same_content_builds_the_same_bytes_and_the_date_comes_from_the_build(tmp_path, monkeypatch):
    first = _build(_project(tmp_path / "one"), monkeypatch)
    second = _build(_project(tmp_path / "two"), monkeypatch)
    names = sorted(p.relative_to(first) for p in first.rglob("*.pdf") if "print-shop" in str(p) or "shop" in p.name)
    assert names
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14T22:13:20Z
    dated = _build(_project(tmp_path / "dated"), monkeypatch)
    reader = read_pdf(dated / names[0])
    assert reader.metadata["/CreationDate"].startswith("D:20231114221320")
    assert (
        b"<xmp:CreateDate>2023-11-14T22:13:20Z</xmp:CreateDate>"
        in reader.trailer["/Root"]["/Metadata"].get_object().get_data()
    )


def test_a_print_shop_cover_image_is_converted_to_cmyk_through_the_profile(workdir):
    from helpers import WORDS_ALONE, png

    (workdir / "content" / "art").mkdir()
    (workdir / "content" / "art" / "cover.png").write_bytes(png(40, 20))  # every pixel #c04020
    write(workdir, "content/handout.yaml", WORDS_ALONE + "profile: print-shop\n")
    assert run_cli("build", "--format", "pdf").code == 0
    page = read_pdf(workdir / "output/handouts/bundle/kit.pdf").pages[0]
    (image,) = page.images
    assert image.image.mode == "CMYK" and image.image.size == (40, 20)
    xobject = next(iter(page["/Resources"]["/XObject"].values())).get_object()
    assert xobject["/ColorSpace"] == "/DeviceCMYK"
    pixel = tuple(v / 255 for v in image.image.getpixel((0, 0)))
    assert all(abs(a - b) <= 1 / 255 for a, b in zip(pixel, _reference_cmyk((0xC0, 0x40, 0x20))))
