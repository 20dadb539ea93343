"""The numbers of Grimdark Future – Cubes v0.7 as the rulebook states them, in one place.

Everything a card, a roster or a check prints or compares comes from here, so the
words on paper and the rules sheetgen checks cannot drift apart.
"""

from __future__ import annotations

INCHES_PER_SQUARE = 3  # "divide the distance by 3" and round"
QUALITY_RANGE = (2, 6)  # quality and defense are rolled as N+ on a d6
MODELS_PER_SQUARE = 6  # "a square may never hold more than 6 models"
TOUGH_COUNTS_TWO = 3  # a Tough(3) model counts as two models in a square
HERO_TOUGH_DISCOUNT = 3  # heroes count as having a Tough value 3 less
LARGE_FOOTPRINT = 4  # the largest units occupy and block 4 squares
OBJECTIVE_SPACING = 3  # objectives are placed over 3 squares from each other
DEPLOYMENT_GAP = 8  # usual distance between the deployment zones, in squares
ROUNDS = 4  # not in the rulebook: sheetgen's reading, marked so on the cards

# Squares moved per action: the basic profile, and the Fast and Slow ones.
ACTIONS = ("hold", "advance", "rush", "charge")
ACTION_NAMES = {"hold": "Hold", "advance": "Advance", "rush": "Rush", "charge": "Charge"}
ACTION_NOTES = {"hold": "shoots", "advance": "moves, then shoots", "rush": "no shooting", "charge": "into melee"}
MOVES = {
    None: {"hold": 0, "advance": 2, "rush": 4, "charge": 4},
    "Fast": {"hold": 0, "advance": 3, "rush": 5, "charge": 5},
    "Slow": {"hold": 0, "advance": 1, "rush": 3, "charge": 3},
}

# "When activated, this model must always move 6-12 squares in a straight line": an
# Aircraft moves so whatever its action, never by the table above.
AIRCRAFT_MOVE = (6, 12)

# The special rules the rulebook names: whether each is written with a rating (X).
# A `grimdark-rules` glossary adds others and gives each its text.
RULEBOOK_RULES = {
    "AP": True,
    "Aircraft": False,
    "Ambush": False,
    "Blast": True,
    "Fast": False,
    "Flying": False,
    "Hero": False,
    "Psychic": True,
    "Repair": False,
    "Scout": False,
    "Slow": False,
    "Tough": True,
    "Transport": True,
}

GRIDS = ((8, 8), (10, 10), (12, 12), (18, 12))  # the battlefield sizes the rulebook names
