"""Cubit's compact notation: `Ai2 Ma6[martial-arts] At5 De4 Ta3[specialization:persuade] Mo1`.

One term per face in die order: the interface's code (or name), the skill level bought,
then any permanent upgrades in brackets, separated by commas. An upgrade is its id,
`id:action` for an upgrade that names an action (Specialization) or `id:N` for one
sized by capacity (Battery). `format_faces(parse_faces(s))` is the canonical spelling of
`s`, and `parse_faces(format_faces(f)) == f`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from sheetgen.diagnostics import did_you_mean

# ASCII digits only: `\d` (and `int`) would also take other scripts' digits, such as a fullwidth `２`.
_TERM_RE = re.compile(r"(?P<iface>[A-Za-z][A-Za-z-]*?)(?P<skill>-?[0-9]+)(?P<bracket>\[(?P<ups>[^\[\]]*)\])?")
_UPGRADE_RE = re.compile(r"^(?P<id>[a-z0-9]+(?:-[a-z0-9]+)*)(?::(?P<arg>[a-z0-9]+(?:-[a-z0-9]+)*))?$")


@dataclass(frozen=True)
class UpgradeUse:
    """One permanent upgrade on a face, with its action or capacity when it needs one."""

    upgrade: str
    action: str | None = None
    capacity: int | None = None
    offset: int | None = field(default=None, compare=False)  # where it starts in the notation

    def token(self) -> str:
        """The upgrade as written in the notation."""
        if self.action is not None:
            return f"{self.upgrade}:{self.action}"
        if self.capacity is not None:
            return f"{self.upgrade}:{self.capacity}"
        return self.upgrade


@dataclass(frozen=True)
class NotationFace:
    interface: str
    skill: int
    upgrades: tuple[UpgradeUse, ...] = ()
    offset: int | None = field(default=None, compare=False)


class NotationError(ValueError):
    """A problem at `offset` characters into the notation string."""

    def __init__(self, message: str, offset: int, hint: str | None = None, code: str = "cubit.bad-notation"):
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.hint = hint
        self.code = code


def _interface_for(word: str, codes: dict[str, str], names: dict[str, str]) -> str | None:
    """The interface id a term's leading word names: a code (exact case first) or a name."""
    if word in codes:
        return codes[word]
    lowered = word.lower()
    for table in (codes, names):
        for key, iface in table.items():
            if key.lower() == lowered:
                return iface
    return None


def parse_faces(
    text: str, codes: dict[str, str], names: dict[str, str], problems: list[NotationError] | None = None
) -> list[NotationFace]:
    """Parse the notation; `codes` and `names` map interface codes and names to ids.

    Raises NotationError at the first problem, with its offset in `text`; with `problems`,
    collects every term's problem there instead and goes on with the next term (the faces
    returned are then those that did read)."""
    faces: list[NotationFace] = []
    pos = 0
    n = len(text)
    while True:
        while pos < n and text[pos].isspace():
            pos += 1
        if pos >= n:
            break
        try:
            pos = _term(text, pos, codes, names, faces)
        except NotationError as exc:
            if problems is None:
                raise
            problems.append(exc)
            pos = _after_term(text, pos)
    return faces


def _after_term(text: str, pos: int) -> int:
    """Where the next term may start after the one at `pos`: past the space after it, not a
    space inside brackets it closes (`[martial-arts, swerve]`); a `[` never closed is text."""
    n = len(text)
    while pos < n and not text[pos].isspace():
        if text[pos] == "[":
            close, reopen = text.find("]", pos + 1), text.find("[", pos + 1)
            if close != -1 and (reopen == -1 or close < reopen):
                pos = close
        pos += 1
    return pos


def _term(text: str, pos: int, codes: dict[str, str], names: dict[str, str], faces: list[NotationFace]) -> int:
    """Read the term at `pos` into `faces`; returns where it ends."""
    n = len(text)
    _refuse_foreign_digits(text, pos)
    m = _TERM_RE.match(text, pos)
    end = m.end() if m else pos
    if m is None or (end < n and not text[end].isspace()):
        bad = text[pos:].split()[0]
        groups = re.findall(r"\[([^\[\]]*)\]", bad)
        hint = (
            "list a face's upgrades in one pair of brackets, separated by commas: "
            f"`{bad[: bad.index('[')]}[{','.join(groups)}]`"
            if len(groups) > 1 and "[" in bad
            else "separate terms with spaces and close every `[` with `]`"
        )
        raise NotationError(
            f"`{bad}` is not a face term; each term is an interface code, a skill level and "
            "optional [upgrades], like `Ma6[martial-arts]` or `Mo5[swerve,swerve]`",
            pos,
            hint,
        )
    word = m.group("iface")
    iface = _interface_for(word, codes, names)
    if iface is None:
        raise NotationError(
            f"`{word}` is not an interface code", pos, _code_hint(word, codes, names), code="cubit.unknown-interface"
        )
    upgrades: list[UpgradeUse] = []
    if m.group("bracket"):
        start = m.start("ups")
        for piece in _split_keep_offsets(m.group("ups"), start):
            token, at = piece
            um = _UPGRADE_RE.match(token)
            if um is None:
                raise NotationError(
                    f"`{token}` is not an upgrade; write an upgrade id, `id:action` or `id:capacity`",
                    at,
                    "upgrade ids are lowercase words joined by hyphens, such as `martial-arts`",
                )
            arg = um.group("arg")
            if arg is not None and arg.isdigit():
                upgrades.append(UpgradeUse(um.group("id"), capacity=int(arg), offset=at))
            else:
                upgrades.append(UpgradeUse(um.group("id"), action=arg, offset=at))
    faces.append(NotationFace(iface, int(m.group("skill")), tuple(upgrades), pos))
    return end


def _refuse_foreign_digits(text: str, pos: int) -> None:
    """Raise at the first digit of another script (`２`, `٣`) in the term starting at `pos`."""
    at = pos
    while at < len(text) and not text[at].isspace():
        char = text[at]
        if char.isdigit() and not "0" <= char <= "9":
            name = unicodedata.name(char, "a digit")
            value = unicodedata.digit(char, None)
            raise NotationError(
                f"`{char}` (U+{ord(char):04X} {name}) is not one of the digits 0-9; "
                "the notation takes plain ASCII digits",
                at,
                f"type it as `{value}`" if value is not None else "type the number with the digits 0-9",
            )
        at += 1


def _code_hint(word: str, codes: dict[str, str], names: dict[str, str]) -> str:
    """Did you mean …: by spelling, else the codes that start with the same letter."""
    if not codes:
        return "no cubit-interface documents were loaded"
    hint = did_you_mean(word, list(codes) + list(names))
    if hint:
        return hint
    alike = [c for c in codes if c[:1].lower() == word[:1].lower()]
    if alike:
        return "did you mean " + " or ".join(f"`{c}`" for c in alike) + "?"
    return f"interface codes: {', '.join(codes)}"


def _split_keep_offsets(inner: str, start: int) -> list[tuple[str, int]]:
    """Comma-separated tokens of a bracket with the offset of each; empty brackets give none."""
    out: list[tuple[str, int]] = []
    at = start
    for raw in inner.split(","):
        lead = len(raw) - len(raw.lstrip())
        token = raw.strip()
        if token or len(inner.strip()) > 0:
            out.append((token, at + lead))
        at += len(raw) + 1
    return out


def format_faces(faces: list[NotationFace], codes_by_id: dict[str, str]) -> str:
    """Faces in the canonical notation; `codes_by_id` maps interface ids to codes."""
    terms = []
    for face in faces:
        term = f"{codes_by_id.get(face.interface, face.interface)}{face.skill}"
        if face.upgrades:
            term += "[" + ",".join(u.token() for u in face.upgrades) + "]"
        terms.append(term)
    return " ".join(terms)
