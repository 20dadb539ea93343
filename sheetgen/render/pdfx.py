"""PDF/X-4 for the print-shop profile: what makes a print shop's preflight accept the file,
beside the drawing (`pdf.py` converts colours and sets overprint as it draws).

* an output intent (`/OutputIntents`, `/S /GTS_PDFX`) whose `/DestOutputProfile` is the
  embedded CMYK profile that every colour was converted through (`prepress.output_profile`);
* XMP metadata agreeing with the document information (title, dates, producer, trapping,
  `pdfxid:GTS_PDFXVersion`), and `/GTS_PDFXVersion` in the information dictionary;
* two graphics states, overprint on and off, in every page's resources: black text over
  colour overprints, so a plate slightly out of register leaves no white halo.

TrimBox and BleedBox are set by the backend on every page. Everything here derives from
the document and its date (`pdfmeta.document_epoch`), so builds stay byte-identical.
"""

from __future__ import annotations

import hashlib
import time
import uuid

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFInfo, PDFName, PDFStream, PDFString
from reportlab.pdfgen.canvas import Canvas

from sheetgen import __version__
from sheetgen.layout.primitives import LayoutDocument
from sheetgen.render.pdfmeta import document_epoch
from sheetgen.render.prepress import output_profile

PDFX_VERSION = "PDF/X-4"
#: The characterized printing condition the profile describes (SWOP coated, ICC registry).
OUTPUT_CONDITION_IDENTIFIER = "CGATS TR 001"
OUTPUT_CONDITION = "SWOP coated, Artifex CMYK SWOP Profile"
REGISTRY = "http://www.color.org"
#: The graphics states `pdf.py` switches black text's overprint on and off with.
_STATES = {
    "SGop": PDFDictionary({"Type": PDFName("ExtGState"), "OP": "true", "op": "true", "OPM": 1}),
    "SGko": PDFDictionary({"Type": PDFName("ExtGState"), "OP": "false", "op": "false", "OPM": 0}),
}
OVERPRINT_ON = "/SGop gs"
OVERPRINT_OFF = "/SGko gs"


def apply_pdfx(c: Canvas, doc: LayoutDocument) -> None:
    """Make the canvas's document PDF/X-4; call after `pdfmeta.apply_metadata`."""
    pdf = c._doc
    info = _PDFXInfo()
    info.__dict__.update(pdf.info.__dict__)
    pdf.info = info
    profile = PDFStream(PDFDictionary({"N": 4}), output_profile())
    intent = PDFDictionary(
        {
            "Type": PDFName("OutputIntent"),
            "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(OUTPUT_CONDITION_IDENTIFIER),
            "OutputCondition": PDFString(OUTPUT_CONDITION),
            "RegistryName": PDFString(REGISTRY),
            "Info": PDFString(OUTPUT_CONDITION),
            "DestOutputProfile": pdf.Reference(profile),
        }
    )
    catalog = pdf.Catalog
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]  # reportlab writes only the keys it lists
    catalog.OutputIntents = PDFArray([intent])
    catalog.Metadata = PDFStream(
        PDFDictionary({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}), xmp_packet(doc, pdf.info), filters=[]
    )  # uncompressed, as XMP readers expect
    _add_overprint_states(c)


class _PDFXInfo(PDFInfo):
    """reportlab's document information, naming the PDF/X version too."""

    def format(self, document):
        text = super().format(document)
        end = text.rindex(b">>")
        return text[:end] + b"/GTS_PDFXVersion " + PDFString(PDFX_VERSION).format(document) + b"\n" + text[end:]


def _add_overprint_states(c: Canvas) -> None:
    """Every page's resources name the overprint graphics states, beside reportlab's own."""
    own = c._setExtGState

    def set_states(obj) -> None:
        own(obj)
        obj.ExtGState = {**(obj.ExtGState or {}), **_STATES}

    c._setExtGState = set_states


def _escape(text: str) -> str:
    """Text as XML character data (what `xml.sax.saxutils.escape` does, without importing
    it: it brings `urllib.request`, a fiftieth of a second on every build)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xmp_packet(doc: LayoutDocument, info) -> bytes:
    """The XMP metadata: the information dictionary's values again, the PDF/X version, and
    document and instance ids derived from the document."""
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(document_epoch(doc)))
    ident = _document_id(doc)
    x = _escape
    body = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{x(info.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>{x(info.author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">{x(info.subject)}</rdf:li></rdf:Alt></dc:description>
   <xmp:CreateDate>{when}</xmp:CreateDate>
   <xmp:ModifyDate>{when}</xmp:ModifyDate>
   <xmp:MetadataDate>{when}</xmp:MetadataDate>
   <xmp:CreatorTool>sheetgen {x(__version__)}</xmp:CreatorTool>
   <pdf:Producer>{x(info.producer)}</pdf:Producer>
   <pdf:Keywords>{x(info.keywords)}</pdf:Keywords>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{ident}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{ident}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
    return body.encode("utf-8")


def _document_id(doc: LayoutDocument) -> uuid.UUID:
    """An id that is the same for the same document: its title, date and pages' labels."""
    digest = hashlib.sha256(
        "\0".join([doc.title, str(document_epoch(doc)), *(p.label or "" for p in doc.pages)]).encode("utf-8")
    )
    return uuid.UUID(bytes=digest.digest()[:16], version=4)
