"""Line of sight and distance (sheetgen.rules.grimdark.sight) on cases worked by hand
from the rulebook's text: paths drawn from both ends, longer direction first, two
squares first at 3:1, a staircase for equal distances, walls giving cover or blocking,
one diagonal counting 1."""

from __future__ import annotations

from sheetgen.rules.grimdark.sight import BLOCKED, CLEAR, COVER, distance, line_of_sight, trace, wall


def test_straight_line():
    assert trace((0, 0), (4, 0)) == [((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))]
    assert distance((0, 0), (4, 0)) == 4


def test_two_to_one_moves_long_then_short_from_both_ends():
    # Shooter: right to (1,0), down to (1,1). Target: left to (3,2), up to (3,1).
    # Short distance now 0: the shooter moves right to (2,1), which touches (3,1).
    assert trace((0, 0), (4, 2)) == [((0, 0), (1, 0), (1, 1), (2, 1), (3, 1), (3, 2), (4, 2))]


def test_three_to_one_starts_with_two_squares_along_the_long_direction():
    # 6 across, 2 down: each end moves 2 across then 1 down: (1,0) (2,0) (2,1) and
    # (5,2) (4,2) (4,1); the shooter's next square (3,1) touches (4,1).
    assert trace((0, 0), (6, 2)) == [((0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (4, 1), (4, 2), (5, 2), (6, 2))]


def test_short_distance_of_one_moves_straight_and_meets_at_a_corner():
    # 5 across, 1 down: no zig-zag; (2,0) and (3,1) meet corner to corner, so the
    # path may step down through (3,0) or through (2,1): two paths.
    assert trace((0, 0), (5, 1)) == [
        ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1), (5, 1)),
        ((0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (4, 1), (5, 1)),
    ]


def test_equal_distances_give_one_staircase_per_first_direction():
    assert trace((0, 0), (3, 3)) == [
        ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2), (3, 3)),
        ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 3), (3, 3)),
    ]


def test_one_wall_gives_cover_and_two_block():
    clear = line_of_sight((0, 0), (4, 0))
    assert clear.result == CLEAR and clear.visible
    cover = line_of_sight((0, 0), (4, 0), [((2, 0), (3, 0))])
    assert cover.result == COVER and cover.walls == (((2, 0), (3, 0)),)
    blocked = line_of_sight((0, 0), (4, 0), [((1, 0), (2, 0)), ((3, 0), (2, 0))])
    assert blocked.result == BLOCKED and not blocked.visible


def test_a_wall_at_the_shooters_own_square_does_not_count():
    sight = line_of_sight((0, 0), (4, 0), [((0, 0), (1, 0)), ((2, 0), (3, 0))])
    assert sight.result == COVER and sight.walls == (((2, 0), (3, 0)),)


def test_one_valid_path_is_enough():
    # Through (3,0) both walls stand in the way; through (2,1) none does.
    walls = [((2, 0), (3, 0)), ((3, 0), (3, 1))]
    sight = line_of_sight((0, 0), (5, 1), walls)
    assert sight.result == CLEAR and (2, 1) in sight.best
    # With a staircase the shooter picks the first direction that sees.
    stair = line_of_sight((0, 0), (2, 2), [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((1, 1), (2, 1))])
    assert stair.result == CLEAR and stair.best == ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2))


def test_a_diagonal_counts_one_once():
    assert distance((0, 0), (1, 1)) == 1
    assert distance((0, 0), (3, 3)) == 5  # six steps, one pair of them counted as 1
    assert distance((2, 5), (0, 0)) == 6
    assert line_of_sight((0, 0), (3, 3)).distance == 5


def test_walls_are_edges_between_neighbours():
    assert wall((3, 0), (2, 0)) == ((2, 0), (3, 0))
    try:
        wall((0, 0), (1, 1))
    except ValueError:
        pass
    else:
        raise AssertionError("a wall between diagonal squares was accepted")
