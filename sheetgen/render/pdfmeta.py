"""What a PDF says about itself: its date, document information, language, and how a
reader navigates it (named destinations, outline, links, page labels).

Kept apart from the drawing backend in `pdf.py`: these are called by it at the start,
per page and at the end, and decide nothing about the pages' content.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from typing import TYPE_CHECKING

from sheetgen import __version__
from sheetgen.layout.primitives import LayoutDocument, Page

if TYPE_CHECKING:  # reportlab is imported by the backend that calls in here, not to read a date
    from reportlab.pdfgen.canvas import Canvas

#: reportlab's invariant-mode date (2000-01-01T00:00:00Z), used when nothing dates a build.
FIXED_EPOCH = 946684800
DEFAULT_LANGUAGE = "en"


class DateError(ValueError):
    """A date that cannot date a PDF."""


def source_date_epoch(environ=os.environ) -> int | None:
    """`SOURCE_DATE_EPOCH` (the reproducible-builds convention) as seconds, or None when unset."""
    raw = environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise DateError(f"SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 (got {raw!r})")
    value = int(raw)
    if value >= 253402300800:  # 10000-01-01: a PDF date has four digits of year
        raise DateError(f"SOURCE_DATE_EPOCH {raw} is after the year 9999")
    return value


def parse_date(text: str) -> int:
    """An ISO date (`2026-03-01`) or date-time (`2026-03-01T18:00:00Z`) as seconds, UTC
    unless it says otherwise."""
    try:
        when = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise DateError(f"`{text}` is not a date; write it as YYYY-MM-DD") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return int(when.timestamp())


def document_epoch(doc: LayoutDocument) -> int:
    """The date a PDF carries: `SOURCE_DATE_EPOCH` if set, else the document's own
    date (a handout's `date:`), else the fixed date, so a build never depends on the clock."""
    env = source_date_epoch()
    if env is not None:
        return env
    if doc.date:
        return parse_date(doc.date)
    return FIXED_EPOCH


class _Stamp:
    """What reportlab reads from its time stamp, for a given UTC moment."""

    def __init__(self, epoch: int):
        self.t = float(epoch)
        self.lt = time.gmtime(epoch)
        self.YMDhms = tuple(self.lt)[:6]
        self.dhh = self.dmm = 0
        self.tzname = "UTC"


def apply_metadata(c: Canvas, doc: LayoutDocument) -> None:
    """Title, author, subject, keywords, creator, language and dates."""
    from reportlab.pdfbase.pdfdoc import PDFString

    c.setTitle(doc.title)
    c.setAuthor(doc.author or "sheetgen")
    c.setSubject(doc.subject or doc.title)
    c.setCreator(f"sheetgen {__version__}")
    c.setKeywords(", ".join(doc.keywords))
    c._doc.Catalog.Lang = PDFString(doc.language or DEFAULT_LANGUAGE)
    # reportlab dates CreationDate and ModDate from its document's time stamp.
    c._doc._timeStamp = _Stamp(document_epoch(doc))


def mark_page(c: Canvas, doc: LayoutDocument, index: int, page: Page, links: bool = True) -> None:
    """Named destinations on page `index` and (with `links`) the links from it; call while
    the page is the canvas's current page."""
    for entry in doc.outline:
        if entry.page == index and entry.key not in _keys(c):
            c.bookmarkPage(entry.key, fit="XYZ", left=0, top=round(page.height, 3), zoom=0)
            _keys(c).add(entry.key)
    for link in doc.links if links else ():
        if link.page == index:
            box = link.box
            rect = (
                round(box.x, 3),
                round(page.height - box.bottom, 3),
                round(box.right, 3),
                round(page.height - box.y, 3),
            )
            c.linkAbsolute("", link.key, Rect=rect, thickness=0, Border="[0 0 0]")


def finish_navigation(c: Canvas, doc: LayoutDocument) -> None:
    """The outline (opened in the reader's side panel when there is one) and page labels."""
    for entry in doc.outline:
        c.addOutlineEntry(entry.title, entry.key, level=entry.level, closed=None)
    if doc.outline:
        c.showOutline()
        # reportlab writes each destination inline; the catalogue's Dests dictionary
        # also makes them named, so a link from elsewhere (`kit.pdf#section-2`) finds them.
        from reportlab.pdfbase.pdfdoc import PDFDictionary

        names = sorted(_keys(c))
        c._doc.Catalog.Dests = PDFDictionary({name: c._bookmarkReference(name) for name in names})
    for label in doc.page_labels:
        style = {"roman": "ROMAN_LOWER", "arabic": "ARABIC"}.get(label.style)
        c.addPageLabel(label.start, style=style, start=label.first if style else None, prefix=label.prefix or None)


def _keys(c: Canvas) -> set:
    keys = getattr(c, "_sheetgen_destinations", None)
    if keys is None:
        keys = c._sheetgen_destinations = set()
    return keys
