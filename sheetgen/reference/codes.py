"""Every diagnostic code sheetgen reports: what it means and how to fix it.

`docs/reference/diagnostics.md` is written from this table, and a test checks that every code
the source passes to a diagnostic is here and every code here is still used."""

from __future__ import annotations

#: code → (what it means, how to fix it)
CODES: dict[str, tuple[str, str]] = {
    "build.not-rebuilt": (
        "An output was kept as it was because a document it is made from has errors, or could not be read (a warning).",
        "Fix the errors of that document (`sheetgen validate` on it shows them); the next build rebuilds the output.",
    ),
    "build.output-refused": (
        "The output folder is not one sheetgen may write into: the project itself, its content, or a "
        "folder of files sheetgen did not write.",
        "Give `-o` an empty folder, or one an earlier build wrote.",
    ),
    "build.write-failed": (
        "An output could not be written: the disk is full or the folder is not writable.",
        "Free space or make the folder writable, then build again; earlier outputs are intact.",
    ),
    "content.bad-card-size": (
        "The card size is neither a named size nor a width and height.",
        "Use `poker`, `bridge`, `mini`, `tarot`, `square`, or `{width: 63.5mm, height: 88.9mm}`.",
    ),
    "content.bad-color": (
        "The value is not a colour.",
        'Write a colour name such as `blue` or a quoted hex value such as `"#1f5fbf"`.',
    ),
    "content.bad-id": (
        "The id is not a lowercase slug of at most 64 characters.",
        "Use lowercase letters, digits and single hyphens (`my-thing`); the hint suggests one.",
    ),
    "content.bad-language": ("The value is not a BCP 47 language tag.", "Write a tag such as `en`, `en-GB` or `de`."),
    "content.bad-length": (
        "The value is not a length with a unit.",
        "Write a number and a unit: `50mm`, `2in`, `12pt`, `3cm`.",
    ),
    "content.bad-name": (
        "A name is not lowercase letters, digits and hyphens (a palette key), or two interfaces share a name or code.",
        "Write the name as a lowercase slug, or give every interface its own name and code.",
    ),
    "content.broken-link": (
        "A link in the content folder leads nowhere (its target is missing, or it loops).",
        "Remove the link or restore what it pointed to.",
    ),
    "content.broken-reference": (
        "A document refers to another that has errors of its own.",
        "Fix the document referred to first.",
    ),
    "content.duplicate-id": (
        "Two documents of one kind share an id; neither is built.",
        "Give one of them another id, or delete the copy.",
    ),
    "content.empty": (
        "A text or list that must hold something is empty.",
        "Write a value, or leave the field out where it is optional.",
    ),
    "content.empty-file": (
        "A content file holds no YAML documents (a warning).",
        "Add a document, or delete the file.",
    ),
    "content.encoding": ("The file is not valid UTF-8.", "Save the file as UTF-8."),
    "content.file-too-large": ("A content file is larger than 8 MiB.", "Split it into several files."),
    "content.invalid": (
        "A value does not pass its field's check (the message says which).",
        "Write a value the field accepts; `sheetgen schema KIND` lists them.",
    ),
    "content.key-case": (
        "A key is written with capitals (`Kind:`); keys are lowercase.",
        "Write the key in lowercase (`kind:`).",
    ),
    "content.missing-field": (
        "A field the kind requires is not given.",
        "Add the field; [kinds](kinds.md) marks every required field.",
    ),
    "content.missing-id": ("A document has no `id:`.", "Add `id:` with a lowercase slug such as `my-thing`."),
    "content.missing-kind": ("A document has no `kind:`.", "Add `kind:` with one of the kinds in [kinds](kinds.md)."),
    "content.not-a-mapping": (
        "A document is not a mapping of keys to values.",
        "Write the document as `key: value` lines starting with `kind:` and `id:`.",
    ),
    "content.not-allowed": (
        "A value is not one of those the field allows (a game, an option).",
        "Use one of the values the message lists.",
    ),
    "content.out-of-range": (
        "A number lies outside its field's limits.",
        "Write a number within the limits the message gives.",
    ),
    "content.outside-project": (
        "A file or link leads outside the project; sheetgen does not read it.",
        "Copy the file into the project, or name it on the command line.",
    ),
    "content.too-few": (
        "A list has fewer items than its field needs.",
        "Add items up to the number the message gives.",
    ),
    "content.too-long": ("A text is longer than its field allows.", "Shorten it to the length the message gives."),
    "content.too-many": (
        "A list has more items than its field allows.",
        "Remove items down to the number the message gives.",
    ),
    "content.too-many-documents": ("A content file holds more than 10,000 documents.", "Split it into several files."),
    "content.unknown-color": (
        "A colour name is neither a known colour nor one of the theme's `palette`.",
        "Use a known colour name, a hex value, or add the name to the theme's `palette`.",
    ),
    "content.unknown-field": (
        "A key the kind does not have (often a misspelling).",
        "Remove it or correct its spelling (the hint suggests the field meant).",
    ),
    "content.unknown-kind": (
        "`kind:` names no kind sheetgen knows.",
        "Use one of the kinds in [kinds](kinds.md) (the hint suggests the closest).",
    ),
    "content.unknown-reference": (
        "A reference names an id no document of that kind has.",
        "Correct the id, or add the document it names.",
    ),
    "content.unreadable": (
        "A file or folder cannot be read.",
        "Make it readable, or move it out of the content folder.",
    ),
    "content.wrong-type": (
        "A value has the wrong type (text for a number, a list for a mapping …).",
        "Write the type the message names; quote text that YAML would read as a number.",
    ),
    "cubes.census-start-out-of-range": (
        "`census_start` is more than the civilization's starting cubes (or negative).",
        "Write a `census_start` from 0 to the number the message gives.",
    ),
    "cubes.civilization-in-two-games": (
        "One civilization is listed in two games; a record sheet belongs to one table.",
        "Give the other game its own civilization (a copy under a new id).",
    ),
    "cubes.duplicate-civilization": ("A game lists the same civilization twice.", "List each civilization once."),
    "cubes.duplicate-color": (
        "Two civilizations at one table play the same colour.",
        "Give one of them another colour.",
    ),
    "cubes.game-size": ("A game lists fewer than 2 or more than 6 civilizations.", "List 2 to 6 civilizations."),
    "cubes.kit-incomplete": (
        "A game's kit was laid out without its civilizations' documents.",
        "Build the kit together with its `cubes-civilization` documents.",
    ),
    "cubes.no-color": (
        "A civilization at a table has no colour, which its embassy cubes need.",
        "Add `color:` to the civilization.",
    ),
    "cubit.action-interface-not-allowed": (
        "An upgrade lists actions for an interface it is not allowed on.",
        "Add the interface to `interfaces`, or remove its actions.",
    ),
    "cubit.action-missing": (
        "A specialization-style upgrade does not name the action it improves.",
        "Name the action (`Ma5[specialization:repair]`).",
    ),
    "cubit.action-not-allowed": ("An action is given for an upgrade that takes none.", "Remove the action."),
    "cubit.any-with-others": (
        "An upgrade lists `any` beside other interfaces.",
        "Write `interfaces: [any]` alone, or list the interfaces without `any`.",
    ),
    "cubit.bad-capacity": ("A capacity is less than 1.", "Give the number of charges it holds when full."),
    "cubit.bad-code": ("An interface code is not two letters (a capital and a small one).", "Write it like `Ma`."),
    "cubit.bad-icon": (
        "An interface icon is not valid SVG path data.",
        "Write path data such as `M 10 10 L 90 10 L 50 90 Z` in a 0..100 box.",
    ),
    "cubit.bad-notation": (
        "A cubit's faces written as notation (`Ai2 Ma6[martial-arts] …`) cannot be read.",
        "Write each face as code and skill, upgrades in brackets: `Mo5[swerve,swerve]`.",
    ),
    "cubit.bad-order": (
        "An interface's `order` is not a die number 1 to 6.",
        "Give each of the six interfaces its own number from 1 to 6.",
    ),
    "cubit.bad-upgrade-entry": (
        "An upgrade entry names its upgrade twice, or not at all.",
        "Write `{upgrade: battery, capacity: 2}`, `{specialization: persuade}` or just the id.",
    ),
    "cubit.capacity-missing": (
        "An upgrade that costs per charge has no capacity.",
        "Write `{upgrade: ID, capacity: 2}` (or `ID:2` in the notation).",
    ),
    "cubit.capacity-not-allowed": ("A capacity is given for an upgrade of fixed cost.", "Remove the capacity."),
    "cubit.capacity-too-large": (
        "A capacity is larger than the sheet has boxes for.",
        "Give a smaller capacity; for more charges carry a second one.",
    ),
    "cubit.charges-over-capacity": (
        "`charges` is more than the capacity (or negative).",
        "Write a number from 0 to the capacity.",
    ),
    "cubit.charges-without-capacity": (
        "`charges` is given without `capacity`.",
        "Add `capacity:`, the charges it holds when full.",
    ),
    "cubit.duplicate-code": ("Two interfaces share a two-letter code.", "Give each interface its own code."),
    "cubit.duplicate-form": ("An upgrade lists a form (`permanent`, `temporary`) twice.", "List each form once."),
    "cubit.duplicate-order": (
        "Two interfaces share a die order.",
        "Give each of the six interfaces its own number from 1 to 6.",
    ),
    "cubit.duplicate-storage": ("A face's storage compartment is listed twice.", "Put all its items in one entry."),
    "cubit.duplicate-upgrade": (
        "An upgrade that does not stack is on one face twice.",
        "Remove the second (or mark the upgrade `stackable: true` in the catalog).",
    ),
    "cubit.face-count": ("A cubit does not have one face per die number.", "Give six faces, in die order."),
    "cubit.face-out-of-range": (
        "A temporary upgrade names a face that does not exist.",
        "Write the die number (1–6) of the face it is stuck on.",
    ),
    "cubit.faction-self": ("A faction likes or dislikes itself.", "Remove it from its own `likes`/`dislikes`."),
    "cubit.grid-square-too-big": (
        "The battle-grid mat's square does not fit on the paper inside the printable margin.",
        "Choose a smaller `--cube-size`, or a narrower `printable_margin`.",
    ),
    "cubit.icon-outside-box": (
        "An interface icon reaches outside its 0..100 box.",
        "Scale the path so every coordinate lies between 0 and 100.",
    ),
    "cubit.incomplete-interfaces": (
        "The interface documents leave a die number without an interface (a warning).",
        "Add an interface document with the missing `order`.",
    ),
    "cubit.likes-and-dislikes": (
        "A faction both likes and dislikes another.",
        "Keep it in one of `likes` and `dislikes`.",
    ),
    "cubit.negative-advancement": (
        "`advancement` is negative.",
        "Write the skill points the GM has awarded, 0 or more.",
    ),
    "cubit.negative-cost": (
        "An upgrade's cost is negative.",
        "Write the skill levels it takes from its face, 0 or more.",
    ),
    "cubit.net-does-not-fit": (
        "The cube net does not fit on the paper at this cube size.",
        "Choose a smaller `--cube-size`, or larger paper.",
    ),
    "cubit.no-standard-interface": (
        "No interface has a die order a standard cubit needs.",
        "Give one interface document that `order`.",
    ),
    "cubit.no-storage": (
        "Items are stored behind a face whose interface has no storage compartment.",
        "Store them behind a face that has one (the hint names them).",
    ),
    "cubit.not-permanent": (
        "An upgrade that only comes temporary is listed as permanent.",
        "List it under `temporary_upgrades` with the face it sits on.",
    ),
    "cubit.not-standard": (
        "A standard cubit has its interfaces out of the standard order.",
        "Put the interfaces in the standard order, or write `configuration: custom`.",
    ),
    "cubit.not-temporary": (
        "An upgrade that only comes permanent is listed as temporary.",
        "List it in the `upgrades` of a face.",
    ),
    "cubit.shared-colour-not-liked": (
        "Two factions share a colour but do not like each other (a warning).",
        "Add each to the other's `likes`, or give one another colour.",
    ),
    "cubit.skill-below-one": (
        "A face's effective skill (after upgrade costs) is below 1.",
        "Raise the skill, or remove an upgrade from the face.",
    ),
    "cubit.skill-total": (
        "A standard cubit's skills do not add up to 21 plus its advancement.",
        "Change the skills so they add up to the total the message gives.",
    ),
    "cubit.too-many-temporary-upgrades": (
        "A cubit carries more temporary upgrades than its sheet has room for.",
        "Keep fewer on the cubit; the rest can wait in storage.",
    ),
    "cubit.unknown-action": (
        "A specialization names an action its interface does not have.",
        "Use one of the interface's actions (the hint suggests one).",
    ),
    "cubit.unknown-faction": ("`faction` names no faction.", "Use a faction's id (the hint suggests the closest)."),
    "cubit.unknown-interface": (
        "An interface is named that does not exist.",
        "Use an interface's id or code (the hint suggests the closest).",
    ),
    "cubit.unknown-upgrade": (
        "An upgrade is named that is not in the catalog.",
        "Use an upgrade's id (the hint suggests the closest), or add it to the catalog.",
    ),
    "cubit.upgrade-not-allowed": (
        "An upgrade sits on an interface it is not made for.",
        "Move it to a face with one of its interfaces.",
    ),
    "deck.table-both": (
        "A card's table is both computed and written out.",
        "Remove `columns` and `rows`, or remove `computed`.",
    ),
    "deck.table-incomplete": (
        "A written-out table lacks `columns` or `rows`.",
        "Add the missing one, or use `computed:`.",
    ),
    "deck.table-row-width": (
        "A table row has more or fewer cells than the table has columns.",
        "Give every row one cell per column.",
    ),
    "deck.unknown-figure": (
        "`figure: {computed: …}` names no figure the rules compute.",
        "Use one of the figures the hint lists.",
    ),
    "deck.unknown-table": (
        "`table: {computed: …}` names no table the rules compute.",
        "Use one of the tables the hint lists.",
    ),
    "diagnostics.truncated": (
        "(JSON only) More diagnostics of one file than a report shows; this note counts the rest by severity and code.",
        "Fix the first ones and run again.",
    ),
    "grimdark.attacks-below-one": ("A weapon makes fewer than one attack.", "Write `attacks: 1` or more."),
    "grimdark.bad-range": (
        "A weapon's range cannot be read.",
        "Write inches (`24in`) or squares (`8sq`); a melee weapon has none.",
    ),
    "grimdark.bad-rule": (
        "A special rule cannot be read (`Tough(3)` form).",
        "Write the rule's name and, where it takes one, its rating in brackets.",
    ),
    "grimdark.cost-negative": ("A unit's points are negative.", "Write the unit's points, 0 or more."),
    "grimdark.count-below-one": (
        "An army takes a unit fewer than once.",
        "Write `count: 1` or more, or remove the entry.",
    ),
    "grimdark.defense-range": (
        "A unit's defense is not a die roll from 2+ to 6+.",
        "Write a defense from 2 to 6 (4 means 4+).",
    ),
    "grimdark.deployment-depth": (
        "Deployment zones are so deep they leave no room between them.",
        "Use a smaller depth (0: no zones).",
    ),
    "grimdark.duplicate-rule": ("The glossary defines a rule twice.", "Define each rule once."),
    "grimdark.fast-and-slow": ("A unit is both Fast and Slow (a warning).", "Keep one of them."),
    "grimdark.grid-size": (
        "A mission's grid is too small or too large.",
        "The rulebook plays on 12 × 12 squares (also 8 × 8, 10 × 10 or 18 × 12).",
    ),
    "grimdark.hero-joins-hero": (
        "A hero joins another hero; heroes join units.",
        "Join the hero to a unit that is not a hero.",
    ),
    "grimdark.hero-joins-twice": (
        "A hero is joined to more than one unit.",
        "Join it to one unit; for a second such hero, give it a unit document of its own.",
    ),
    "grimdark.join-copies": (
        "A hero joins a unit taken several times, so which copy it leads is not said.",
        "Write the copy it joins as an entry of its own, and take the others with a smaller `count`.",
    ),
    "grimdark.join-too-small": (
        "A hero joins a unit with fewer models than a hero may join.",
        "Join it to a unit of several models, or list it as a unit of its own.",
    ),
    "grimdark.mat-square-too-big": (
        "The mission's square does not fit on the paper inside the printable margin.",
        "Choose a smaller square for the mission, or a narrower `printable_margin`.",
    ),
    "grimdark.not-a-hero": (
        "A unit without the Hero rule joins another unit; only heroes join units.",
        "List it as a unit of its own, or give it the Hero rule.",
    ),
    "grimdark.objective-in-deployment": (
        "An objective marker touches a deployment zone.",
        "Move the marker outside the zones.",
    ),
    "grimdark.objective-off-grid": (
        "An objective marker is not on a corner shared by four squares.",
        "Write `[x, y]` within the grid, as the hint gives.",
    ),
    "grimdark.objectives-too-close": (
        "Two objective markers are too close together.",
        "Move one of them further away.",
    ),
    "grimdark.over-points": (
        "The army costs more than its points limit.",
        "Take fewer or cheaper units, or raise the limit.",
    ),
    "grimdark.points-limit": (
        "The points limit is not a positive number.",
        "Write the game's size in points, such as 500.",
    ),
    "grimdark.quality-range": (
        "A unit's quality is not a die roll from 2+ to 6+.",
        "Write a quality from 2 to 6 (4 means 4+).",
    ),
    "grimdark.range-without-unit": ("A range is a bare number.", "Write inches (`24in`) or squares (`8sq`)."),
    "grimdark.rating-mismatch": ("A rule's rating disagrees with the rulebook's.", "Set the rating the hint gives."),
    "grimdark.rating-missing": ("A rule that takes a rating has none.", "Write it as `Rule(X)`."),
    "grimdark.rating-not-allowed": ("A rule that takes no rating has one.", "Write the rule's name alone."),
    "grimdark.rounds": ("A mission's rounds are not a usable number.", "Write `rounds: 4`."),
    "grimdark.size-below-one": ("A unit has fewer than one model.", "Write the number of models, 1 or more."),
    "grimdark.square-size": ("A square is too small or too large to hold models.", "The rulebook's squares are `3in`."),
    "grimdark.too-many-heroes": (
        "More heroes join one unit than a unit takes.",
        "Join the others to other units, or list them as units of their own.",
    ),
    "grimdark.unknown-rule": (
        "A special rule is neither the rulebook's nor the glossary's; cards print it without text (a warning).",
        "Correct its name, or define it in a `grimdark-rules` glossary.",
    ),
    "grimdark.weapon-count": (
        "More models carry a weapon than the unit has.",
        "Write a count from 1 to the unit's size.",
    ),
    "grimdark.weapon-rule-on-unit": (
        "A weapon's rule is listed among the unit's special rules (a warning).",
        "Move it to the weapon's `rules`.",
    ),
    "handout.bad-date": ("A handout's `date` is not a date written YYYY-MM-DD.", "Write a date such as `2025-12-31`."),
    "handout.bad-image": (
        "The cover image is not a PNG or JPEG picture sheetgen can read.",
        "Save the picture as PNG or JPEG.",
    ),
    "handout.blank-with-documents": (
        "An `include` with `blank:` also names documents (`kind:`, `product:`, `ids:`).",
        "Remove them, or include the documents in a section of their own.",
    ),
    "handout.empty-section": (
        "A section includes a kind of which there are no valid documents; it prints nothing (a warning).",
        "Add documents of that kind, or remove the section.",
    ),
    "handout.image-outside-project": (
        "The cover image lies outside the project.",
        "Copy the picture into the project and give its path relative to the handout's file.",
    ),
    "handout.include-nothing": (
        "An `include` names neither documents (`kind:`) nor a blank product (`blank:`).",
        "Add `kind:` (and `product:`), or `blank:`.",
    ),
    "handout.no-product": (
        "A handout includes a kind that has no product it can include.",
        "See [products](products.md) for the kinds each product is made from.",
    ),
    "handout.nothing-printed": (
        "A section's documents have no pages in its product, such as stickers without temporary upgrades (a warning).",
        "Remove the section, or give its documents something to print.",
    ),
    "handout.product-needed": (
        "A section's kind has several products and the section says not which.",
        "Add `product:` with one of those the hint lists.",
    ),
    "handout.text-not-printed": (
        "A section of cards alone in a print-shop handout has text, which prints nowhere (a warning).",
        "Make the text a section of its own without `include`, or remove it.",
    ),
    "handout.text-without-divider": (
        "A section's text prints on its divider, and the handout has `dividers: false` (a warning).",
        "Remove the text, make it a section of its own, or set `dividers: true`.",
    ),
    "handout.unknown-blank": (
        "`blank:` names no blank product.",
        "Use a product of scope blank from [products](products.md) (the hint suggests one).",
    ),
    "handout.unknown-kind": (
        "A handout includes a kind it cannot include.",
        "Use one of the kinds in [kinds](kinds.md) (the hint suggests the closest).",
    ),
    "handout.unknown-product": (
        "`product:` names no product of the section's kind.",
        "Use one of the products the hint lists.",
    ),
    "import.bad-join": (
        "A hero in the export joins no unit of the army.",
        "Export the list again from the list builder.",
    ),
    "import.bad-json": ("The export is not valid JSON.", "Export the list again; the file may be cut short."),
    "import.bad-line": (
        "A line of a text export looks like a unit but cannot be read.",
        "Export the list again, or correct the line.",
    ),
    "import.bad-weapon": (
        "A weapon or rule in the export cannot be read.",
        'A weapon reads `5x Rifle (24", A1, AP(1))`, a rule `Tough(3)`.',
    ),
    "import.empty": ("The export is empty.", "Export the list again from the list builder."),
    "import.missing-field": (
        "An entry of the export lacks a field sheetgen needs.",
        "Export the list again; the file may be cut short or edited.",
    ),
    "import.no-units": ("The army in the export has no units.", "Add units in the list builder and export again."),
    "import.not-utf8": ("The export is not UTF-8 text.", "Export the list again as text or JSON."),
    "import.out-of-range": (
        "A number in the export is outside what a unit can have.",
        "Check the export in the list builder.",
    ),
    "import.points-mismatch": (
        "The export's total points differ from the sum of its units.",
        "Check the list in the list builder and export it again.",
    ),
    "import.too-large": ("The export file is too large to be an army list.", "Export one army at a time."),
    "import.unreadable": ("The export file cannot be read.", "Check the path and its permissions."),
    "import.wrong-type": ("The JSON export is not an object.", "Export the army list as JSON from the list builder."),
    "internal.error": (
        "sheetgen failed on an output: a bug. Other outputs are built.",
        "Report it; set `SHEETGEN_DEBUG=1` for a traceback.",
    ),
    "kubos.adventures-negative": ("`adventures` is negative.", "Write the adventures played, 0 or more."),
    "kubos.armour-dv-range": (
        "Armour DV lies outside what the rules' armour gives.",
        "Write the DV of the armour worn (the hint gives the highest).",
    ),
    "kubos.attribute-range": (
        "An attribute lies outside 0 to its maximum.",
        "Set it within the range the message gives.",
    ),
    "kubos.attribute-total": (
        "A character's attributes do not add up to the points every character shares.",
        "Move points between attributes until they add up.",
    ),
    "kubos.coins-negative": ("`coins` is negative.", "Write 0 or more."),
    "kubos.fate-points-negative": ("`fate_points` is negative.", "Write 0 or more."),
    "kubos.hp-above-adventures": (
        "HP are higher than the adventures played can have raised them (a warning).",
        "Lower `hp`, or raise `adventures`.",
    ),
    "kubos.hp-below-start": (
        "HP are below what every character starts with.",
        "Write the normal HP (the start, +1 for each raise).",
    ),
    "kubos.hp-current-range": ("`hp_current` lies outside 0 to the normal HP.", "Write a value from 0 to `hp`."),
    "kubos.hp-too-high": (
        "HP are higher than any character can reach.",
        "A character gains at most 1 HP per adventure: lower `hp`.",
    ),
    "kubos.item-count-negative": ("An item's count is negative.", "Write 0 or more."),
    "kubos.magic-item-attribute": ("A magic item names no item of its table.", "Use one of the items the hint lists."),
    "kubos.magic-item-weight-range": (
        "`magic_item_weight` lies outside 0 to what the strongest hero can carry.",
        "Write a weight in that range.",
    ),
    "kubos.monster-attribute-range": (
        "A monster's attribute lies outside the range sheetgen takes.",
        "Set it within the range the message gives.",
    ),
    "kubos.monster-attributes-missing": (
        "A humanoid monster has no attributes.",
        "Write `attributes:`, or roll one with `sheetgen new kubos-monster --type humanoid`.",
    ),
    "kubos.monster-attributes-pattern": (
        "A monster's attributes differ from its type's pattern (a warning).",
        "Follow the pattern, or keep the difference on purpose.",
    ),
    "kubos.monster-defence": (
        "A monster's DEFENCE differs from the rules' for its type (a warning).",
        "Write the rules' DEFENCE (or leave it out), or keep the difference on purpose.",
    ),
    "kubos.monster-defence-range": (
        "A monster's DEFENCE lies outside the range sheetgen takes.",
        "Write a DEFENCE within the range the message gives.",
    ),
    "kubos.monster-hp-below-one": ("A monster has 0 HP or less.", "Write the HP it starts with."),
    "kubos.monster-hp-missing": (
        "A monster has no `hp`.",
        "Roll its HP and write `hp:`, or generate it with `sheetgen new kubos-monster`.",
    ),
    "kubos.monster-hp-range": (
        "A monster's HP are outside what its type's roll gives (a warning).",
        "Write a value the roll can give, or keep it on purpose.",
    ),
    "kubos.monster-poison": (
        "A monster the rules never make poisonous is marked poisonous (a warning).",
        "Remove `poisonous: true`, or keep it on purpose.",
    ),
    "kubos.monster-rank-missing": ("A humanoid has no rank.", "Add `rank: grunt`, `captain` or `commander`."),
    "kubos.monster-rank-not-humanoid": ("A monster that is not a humanoid has a rank.", "Remove `rank:`."),
    "kubos.monster-size-not-humanoid": (
        "A monster that is not a humanoid has a size.",
        "Remove `size:`, or adjust its attributes and HP by hand.",
    ),
    "kubos.new-character-start": (
        "A new character (0 adventures) has other HP than a new character has (a warning).",
        "Write the starting HP the message gives.",
    ),
    "kubos.number-too-high": (
        "A number (coins, adventures, fate points, an item's count) is beyond anything the rules give.",
        "Write a smaller number; the hint gives the largest that makes sense.",
    ),
    "kubos.starting-kit": (
        "A new character lacks part of the starting kit (a warning).",
        "Add the items the message lists.",
    ),
    "kubos.tables-duplicate": ("Two `kubos-tables` documents are loaded; only one applies.", "Keep one and edit it."),
    "kubos.tables-missing": (
        "A document needs the `kubos-tables` document and none is loaded.",
        "Leave out `--no-game-data`, or add a `kubos-tables` document.",
    ),
    "kubos.treasure-coins": (
        "A monster's coins differ from its HP × 10 (a warning).",
        "Write the coins the message gives (or leave them out), or keep the difference on purpose.",
    ),
    "kubos.undead-type-missing": (
        "An undead monster has no `undead_type`, on which its DEFENCE depends.",
        "Add `undead_type: skeleton`, `ghoul` or `zombie`.",
    ),
    "kubos.undead-type-not-undead": (
        "A monster that is not undead has an `undead_type`.",
        "Remove `undead_type:`, or make it `type: undead`.",
    ),
    "kubos.vermin-poison-unrolled": (
        "A vermin monster does not say whether it is poisonous (a warning).",
        "Roll 1d6 (even: poisonous) and write `poisonous: true` or `false`.",
    ),
    "layout.card-too-big": ("A card does not fit on the paper.", "Choose a smaller card size or larger paper."),
    "layout.label-shortened": (
        "A label that is not a rule (a footer, an owner's name) was too long for its line and is "
        "shortened with an ellipsis (a warning).",
        "Shorten it to the characters the message gives.",
    ),
    "layout.missing-glyph": (
        "No font of the theme draws a character of the text (a warning); it prints as a blank.",
        "Give the theme a font that has it (DejaVu Sans for Polish, Greek, Cyrillic …).",
    ),
    "layout.right-to-left": (
        "Text in a script written right to left, which sheetgen would print in the wrong order (a warning).",
        "Write it in a script written left to right, or set it in a picture.",
    ),
    "layout.text-abbreviated": (
        "sheetgen's own words did not fit at the smallest size and were shortened (a warning).",
        "Choose a narrower font in the theme, or a larger card.",
    ),
    "layout.text-overflow": (
        "Text does not fit its box even at the smallest type size.",
        "Shorten it to what the message says fits, or choose a larger card or paper.",
    ),
    "serve.too-large": (
        "A document sent to the workbench is too large.",
        "Send a smaller document; edit large files in the content folder.",
    ),
    "settings.cube-too-big": (
        "The workbench's cube size is too large for its paper.",
        "Choose a smaller cube size or larger paper.",
    ),
    "spreadsheet.bad-cell": (
        "A cell's value does not fit its column (a number, a table cell).",
        "Correct the cell as the message says.",
    ),
    "spreadsheet.empty": (
        "The spreadsheet has no rows.",
        "Write the column names (`title`, `body` …) in its first row.",
    ),
    "spreadsheet.empty-title": ("A row has no title.", "Write the card's title, or delete the row."),
    "spreadsheet.extra-cells": (
        "A row has more cells than the header names columns.",
        "Give the extra cells a column name, or quote a cell that holds a comma.",
    ),
    "spreadsheet.missing": ("The spreadsheet named by `from:` is not there.", "The path is relative to the YAML file."),
    "spreadsheet.missing-column": (
        "A column the cards need is not in the header.",
        "Add the column, or name the one to use.",
    ),
    "spreadsheet.no-cards": (
        "The spreadsheet has column names but no rows of cards.",
        "Write one card a row under the column names.",
    ),
    "spreadsheet.no-sheets": (
        "`sheet:` is given for a CSV file, which has no sheets.",
        "Leave `sheet:` out, or name an `.xlsx` workbook.",
    ),
    "spreadsheet.not-utf8": ("A CSV file is not UTF-8 text.", "Save it as “CSV UTF-8”."),
    "spreadsheet.outside-project": (
        "The spreadsheet lies outside the project.",
        "Keep it inside the project's folder.",
    ),
    "spreadsheet.syntax": (
        "A CSV row cannot be read (an unclosed quote).",
        'Close the quoted cell with `"` (write `""` for a quote inside it).',
    ),
    "spreadsheet.too-large": ("The spreadsheet is too large.", "Split its cards into several decks."),
    "spreadsheet.too-many-rows": (
        "The spreadsheet has more rows than a deck has cards.",
        "Split the rows over several decks.",
    ),
    "spreadsheet.unknown-column": (
        "A column name is not a card field.",
        "Rename it to a card field (the hint suggests one), or remove the column.",
    ),
    "spreadsheet.unknown-format": (
        "The file is neither CSV nor an Excel workbook.",
        "Name a `.csv` file (UTF-8) or an `.xlsx` workbook.",
    ),
    "spreadsheet.unknown-sheet": ("The workbook has no sheet of that name.", "Use one of the sheets the hint lists."),
    "spreadsheet.unreadable": ("The spreadsheet cannot be read.", "Check its permissions, or save it again."),
    "template.error": (
        "A template failed while rendering (a macro calling itself without end …).",
        "Correct the template as the message says.",
    ),
    "template.folder-too-big": (
        "The templates folder holds too many files to look through.",
        "Give a folder that holds only your templates.",
    ),
    "template.memory-limit": (
        "A template needed more memory than a build may give it.",
        "Look for values that grow in a loop.",
    ),
    "template.not-found": (
        "A template includes or imports one that is not there.",
        "Include only templates of the folder or the bundled ones.",
    ),
    "template.outside": (
        "A template in the folder is a link leading outside it; it is not used (a warning).",
        "Copy the template into the folder instead of linking to it.",
    ),
    "template.size-limit": (
        "A template made text longer than it may make for one field.",
        "Look for text that doubles, repeats or is padded to a large width.",
    ),
    "template.syntax": (
        "A template has a Jinja2 syntax error.",
        "Correct it at the line given (see the Jinja2 template documentation).",
    ),
    "template.time-limit": (
        "A template ran longer than the time it has for one field.",
        "Look for loops over large ranges, or loops within loops.",
    ),
    "template.undefined": (
        "A template uses a name that is not defined where it is used.",
        "Use a name the template is given ([templates](../templates.md) lists them).",
    ),
    "template.unreadable": ("A template file cannot be read.", "Save it as UTF-8."),
    "template.unsafe": (
        "A template reaches Python's internals, which is refused.",
        "Use only the values the template is given.",
    ),
    "template.unused": (
        "A template in the folder replaces no bundled template (a warning).",
        "Name it by a bundled template's path, or remove it.",
    ),
    "theme.bad-font": (
        "A font style names a style the theme gives no file for.",
        "Name a style with a font file, or give a file here.",
    ),
    "theme.card-too-small": ("The card size is smaller than a mini card.", "Use `card_size: mini` or larger."),
    "theme.cube-too-big": (
        "The cube size is too large for a net to fit on the paper.",
        "Use the largest size the message gives, or larger paper.",
    ),
    "theme.cube-too-small": ("The cube size is too small for a net to print.", "Use a larger cube size."),
    "theme.font-outside-project": (
        "A font file lies outside the project.",
        "Copy the font into the project and give its path relative to the theme file.",
    ),
    "theme.margin-too-wide": (
        "A product does not fit inside the theme's `printable_margin`.",
        "Make `printable_margin` at most what the message gives.",
    ),
    "theme.no-templates": ("The theme's `templates` folder is not there.", "Give a folder relative to the theme file."),
    "theme.partial-family": (
        "The theme gives fonts for some styles but not all (a warning).",
        "Add the family's other styles, or say which style stands in (`italic: regular`).",
    ),
    "theme.size-out-of-range": (
        "A theme length (bleed, margin, cube size) is outside its range.",
        "Write a length within the range the message gives.",
    ),
    "theme.templates-outside-project": (
        "The theme's templates folder lies outside the project.",
        "Move it into the project and give its path relative to the theme file.",
    ),
    "theme.unknown-color": (
        "A theme colour names no known colour.",
        "Use a colour name, a hex value, or a `palette` entry.",
    ),
    "tricube.current-out-of-range": (
        "A current number of tokens is outside 0 to the character's maximum.",
        "Write a value in that range, or leave it out when all tokens are there.",
    ),
    "tricube.difficulty-out-of-range": (
        "A foe's difficulty is not 4 (easy), 5 (standard) or 6 (hard).",
        "Use 4, 5 or 6; most foes are 5.",
    ),
    "tricube.duplicate-entry": (
        "A generator table lists an entry twice (a warning).",
        "Remove one of them, or merge their genres.",
    ),
    "tricube.effort-below-one": ("A foe has no effort tokens.", "Write `effort: 1` or more."),
    "tricube.effort-too-many": (
        "A foe has more effort tokens than fit on its card.",
        "Split it into several challenges of fewer tokens.",
    ),
    "tricube.perk-without-advance": (
        "A character has more perks than its advances account for (a warning).",
        "List the advance that brought each perk under `advances:`.",
    ),
    "tricube.raise-without-advances": (
        "Karma or resolve is above the start without advances to raise it.",
        "List the advances under `advances:`, or lower the value.",
    ),
    "tricube.retired": (
        "A character has more afflictions than one still in play can have (a warning).",
        "Cure an affliction, or retire the character.",
    ),
    "tricube.rules-twice": (
        "Two `tricube-rules` documents are loaded; only one applies.",
        "Keep one `tricube-rules` document in the project.",
    ),
    "tricube.start-above-maximum": ("A starting number is above its maximum.", "Lower the start or raise the maximum."),
    "tricube.unknown-combat-style": ("A combat style the tables do not have.", "Use one of the styles the hint lists."),
    "tricube.unknown-trait": ("A trait that is not Brawny, Agile or Crafty.", "Use one of the traits the hint lists."),
    "yaml.ambiguous-number": (
        "A number with a leading zero, which YAML 1.1 reads as octal.",
        "Write the number without the zero, or quote it as text.",
    ),
    "yaml.bad-merge": ("`<<` merges something that is not a mapping.", "Merge only mappings."),
    "yaml.bad-tag-value": ("A value does not fit its tag.", "Remove the tag or correct the value."),
    "yaml.complex-key": ("A mapping key is not plain text.", "Quote the key."),
    "yaml.control-character": ("Text holds an invisible control character that cannot print.", "Remove it."),
    "yaml.duplicate-key": (
        "A key appears twice in one mapping.",
        "Remove one; YAML would otherwise keep only the last.",
    ),
    "yaml.missing-separator": (
        "Two documents run together without `---`.",
        "Put `---` on a line of its own before the second.",
    ),
    "yaml.non-text-key": (
        "A key is a number or other non-text value.",
        "Field names are words; quote it if it must be a number.",
    ),
    "yaml.number-rewritten": (
        "A cell's number would print differently from how it is written (a warning).",
        "Quote it to print it as written.",
    ),
    "yaml.number-too-long": ("A number too long to read.", "Write a smaller number, or quote it as text."),
    "yaml.syntax": (
        "The file is not valid YAML.",
        "Correct the line given (indentation, a missing colon, an unclosed quote).",
    ),
    "yaml.too-deep": ("Values are nested too deeply to read.", "Flatten the structure."),
    "yaml.too-large": (
        "Aliases expand the document beyond what sheetgen reads (an alias bomb).",
        "Write the values out instead of nesting aliases.",
    ),
    "yaml.unsupported-tag": ("A YAML tag (`!!python/…` and the like) is refused.", "Remove the tag."),
}
