"""Colour arithmetic for readable text on any background."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1024)  # a layout asks for the same few colours thousands of times
def rgb(hex_color: str) -> tuple[float, float, float]:
    h = hex_color.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return tuple(int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def to_hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v * 255))):02x}" for v in (r, g, b))


@lru_cache(maxsize=1024)
def luminance(hex_color: str) -> float:
    """WCAG relative luminance."""

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb(hex_color)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def readable_on(background: str, dark: str = "#1b1b1b", light: str = "#ffffff") -> str:
    """Whichever of a dark and a light text colour contrasts more with the background."""
    return dark if contrast(background, dark) >= contrast(background, light) else light


@lru_cache(maxsize=256)
def legible(color: str, ground: str = "#ffffff", minimum: float = 4.5) -> str:
    """`color` for text on `ground`: itself when it contrasts at least `minimum`:1, else
    mixed towards black (white on a dark ground) just far enough. A theme's light accent
    (a yellow) keeps its hue in headings and stays readable; text on cards and sheets is
    small (labels, headings under 14pt), so it takes 4.5:1."""
    if contrast(color, ground) >= minimum:
        return color
    toward = "#000000" if luminance(ground) > 0.18 else "#ffffff"
    for step in range(1, 21):
        candidate = mix(color, toward, step / 20)
        if contrast(candidate, ground) >= minimum:
            return candidate
    return toward


def mix(a: str, b: str, t: float) -> str:
    """`t` of the way from colour a to colour b."""
    ra, ga, ba = rgb(a)
    rb, gb, bb = rgb(b)
    return to_hex(ra + (rb - ra) * t, ga + (gb - ga) * t, ba + (bb - ba) * t)


def tint(color: str, amount: float) -> str:
    """The colour mixed towards white."""
    return mix(color, "#ffffff", amount)


def shade(color: str, amount: float) -> str:
    """The colour mixed towards black."""
    return mix(color, "#000000", amount)
