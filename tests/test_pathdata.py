"""SVG path data for icons: parsed into absolute commands, and refused clearly when broken."""

from __future__ import annotations

import pytest

from sheetgen.pathdata import PathDataError, parse_path


def test_relative_and_shorthand_commands_become_absolute():
    cmds = parse_path("m10 10 h 80 v 80 H 10 z")
    assert cmds == (("M", 10.0, 10.0), ("L", 90.0, 10.0), ("L", 90.0, 90.0), ("L", 10.0, 90.0), ("Z",))


def test_a_full_circle_of_arcs_stays_on_its_radius():
    cmds = parse_path("M 50 10 A 40 40 0 1 1 50 90 A 40 40 0 1 1 50 10 Z")
    ends = [c[-2:] for c in cmds if c[0] == "C"]
    assert len(ends) >= 4
    for x, y in ends:
        assert ((x - 50) ** 2 + (y - 50) ** 2) ** 0.5 == pytest.approx(40, abs=1e-6)


@pytest.mark.parametrize(
    "d",
    [
        "L 1 2",
        "M 1",
        "M 0 0 Q 1 2",
        "M 0 0 X 3 4",
        "M 0 0 A 1e400 1 0 1 1 50 50",
        "M 0 0 A 1 1 1e400 1 1 50 50",
        "M 0 0 A 1e-320 1e-320 0 1 1 50 50",
    ],
)
def test_broken_path_data_is_an_error_not_a_crash(d):
    with pytest.raises(PathDataError):
        parse_path(d)
