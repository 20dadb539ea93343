"""reportlab's PDF serializer made cheaper, byte for byte the same.

reportlab formats every number, name and object reference of a PDF through a few small
functions (`fp_str`, `PDFName`, `pdfdocEnc`, `format`), each called tens of thousands of
times per document with the same few hundred values. Here those functions remember what
they returned: a number, name or string always formats to the same bytes, so a memo
cannot change an output, only skip work. The memos are bounded, so a long build's memory
stays flat.

Imported (once) by the PDF backend, which also uses `num` to write its own operators.
"""

from __future__ import annotations

import re
from collections import OrderedDict

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc

_LIMIT = 65536

# --- numbers -----------------------------------------------------------------------------
# fp_str depends only on a number's value (it converts to a double first), and numbers
# that compare equal have one value: 1, 1.0 and True all give "1". NaN never equals
# itself, so it is simply never found and formatted each time.

_NUMS: dict[float, str] = {}


def _remember(memo: dict, key, make):
    """`make(key)`, kept in `memo` (emptied when full, so memory stays flat). The callers
    look in the memo first themselves: this is the path of a value met for the first time."""
    value = memo.get(key)
    if value is None:
        if len(memo) >= _LIMIT:
            memo.clear()
        value = memo[key] = make(key)
    return value


def num(value: float) -> str:
    """`fp_str(value)` for one int or float, remembered."""
    return _remember(_NUMS, value, fp_str)


#: A number's text if it was formatted before, else None (`x = remembered_number(v) or num(v)`).
remembered_number = _NUMS.get


def nums(*values: float) -> str:
    """`fp_str(*values)`: the numbers separated by single spaces."""
    get = _NUMS.get
    return " ".join([get(v) or num(v) for v in values])


def fp_str_remembered(*a) -> str:
    """`fp_str` as reportlab calls it (numbers, or one sequence of numbers), remembered."""
    values = a[0] if len(a) == 1 and isinstance(a[0], (list, tuple)) else a
    get = _NUMS.get
    return " ".join([get(v) or num(v) for v in values])


# --- strings and names -------------------------------------------------------------------

_encode = pdfdoc.pdfdocEnc
_make_name = pdfdoc.PDFName
_generic_format = pdfdoc.format
_PDFObject = pdfdoc.PDFObject

_BYTES: dict[str, bytes] = {}  # str -> its PDFDocEncoding bytes
_NUM_BYTES: dict[float, bytes] = {}
_NAMES: dict[str, str] = {}
_NAME_BYTES: dict[str, bytes] = {}


_SHORT = 256  # longer strings (a stream's ASCII85 text) are encoded each time, not remembered
_UNMAPPED = re.compile("[\x18-\x1f]")  # the ASCII characters PDFDocEncoding has no code for


def _to_bytes(text: str) -> bytes:
    if len(text) > _SHORT:
        # PDFDocEncoding is ASCII itself for ASCII text, save the eight codes it lacks
        # (for which reportlab's codec raises its own error)
        if text.isascii() and not _UNMAPPED.search(text):
            return text.encode("ascii")
        return _encode(text)
    return _remember(_BYTES, text, _encode)


def pdfdoc_encode(x):
    """`pdfdoc.pdfdocEnc`, remembered for strings."""
    if type(x) is str:
        return _BYTES.get(x) or _to_bytes(x)
    return _encode(x)


def _number_bytes(value) -> bytes:
    return _remember(_NUM_BYTES, value, lambda v: _encode(fp_str(v)))


def pdf_name(data, lo="\x21", hi="\x7e"):
    """`pdfdoc.PDFName` (a name with `/` and escapes), remembered for plain calls."""
    if type(data) is not str or lo != "\x21" or hi != "\x7e":
        return _make_name(data, lo, hi)
    return _remember(_NAMES, data, _make_name)


def format(element, document, toplevel=0):
    """`pdfdoc.format` with strings, bytes and numbers (most of what it is given) first."""
    kind = type(element)
    if kind is str:
        return _BYTES.get(element) or _to_bytes(element)
    if kind is bytes:
        return element
    if kind is float or kind is int:
        return _NUM_BYTES.get(element) or _number_bytes(element)
    if isinstance(element, _PDFObject) and (rl_config.invariant or not rl_config.pdfComments):
        # what reportlab does with an object (no comment is written in invariant mode)
        if not toplevel and hasattr(element, "__RefOnly__"):
            return document.Reference(element).format(document)
        return element.format(document)
    return _generic_format(element, document, toplevel)


def _key_bytes(key) -> bytes:
    if type(key) is not str:
        return format(pdf_name(key), None)
    return _remember(_NAME_BYTES, key, lambda k: format(pdf_name(k), None))


def _dictionary_format(self, document, IND=b"\n "):
    """`PDFDictionary.format` with each key's bytes remembered."""
    d = self.dict
    keys = list(d.keys())
    if not isinstance(d, OrderedDict):
        keys.sort()
    get = _NAME_BYTES.get
    entries = [(get(k) or _key_bytes(k)) + b" " + format(d[k], document) for k in keys]
    if (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced":
        body = IND.join(entries)
    else:
        # break up every 6 elements anyway
        t = entries.insert
        for i in reversed(range(6, len(entries), 6)):
            t(i, b"\n ")
        body = b" ".join(entries)
    return b"<<\n" + body + b"\n>>"


def _reference_format(self, document):
    """`PDFObjectReference.format`, the reference's text remembered."""
    try:
        number, version = document.idToObjectNumberAndVersion[self.name]
    except Exception:
        raise KeyError(f"forward reference to {self.name!r} not resolved upon final formatting") from None
    text = f"{number} {version} R"
    return _BYTES.get(text) or _to_bytes(text)


def install() -> None:
    """Put the remembering functions in reportlab's place (idempotent)."""
    from reportlab.pdfbase import acroform
    from reportlab.pdfgen import canvas, pathobject, textobject

    for module in (canvas, pathobject, textobject, acroform, pdfdoc):
        module.fp_str = fp_str_remembered
    pdfdoc.format = format
    pdfdoc.pdfdocEnc = pdfdoc_encode
    pdfdoc.PDFName = pdf_name
    pdfdoc.PDFDictionary.format = _dictionary_format
    pdfdoc.PDFObjectReference.format = _reference_format
