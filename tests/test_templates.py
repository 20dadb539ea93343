"""A publisher's own templates over the bundled ones, in Jinja2's sandbox."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import REPO, deck, pdf_text, read_pdf, run_cli, write

from sheetgen.layout import templates


@pytest.fixture(autouse=True)
def bundled_templates_after():
    yield
    templates.use_templates(None)
    templates.reset()


def test_a_publisher_template_replaces_one_caption_and_keeps_the_others(bundled):
    write(
        bundled,
        "mine/tricube/captions.j2",
        """
        {% macro card_credit() -%}
        Published by Grid Press
        {%- endmacro %}
    """,
    )
    result = run_cli("build", "content/tricube", "--format", "pdf", "--templates", "mine")
    assert result.code == 0, result.stderr
    cards = pdf_text(bundled / "output/tricube/character-cards/party.pdf")
    assert "Published by Grid Press" in cards and "Richard Wilson" not in cards
    sheet = pdf_text(bundled / "output/tricube/character-sheet/brann.pdf")
    assert "Tricube Tales by Richard Wilson" in sheet  # `credit` was left as bundled
    # Without the folder, the bundled words come back (the outputs rebuild).
    assert run_cli("build", "content/tricube", "--format", "pdf").code == 0
    assert "Published by Grid Press" not in pdf_text(bundled / "output/tricube/character-cards/party.pdf")


def test_a_theme_names_a_templates_folder_for_card_bodies(workdir):
    deck(workdir, "basics")
    write(
        workdir,
        "content/theme.yaml",
        """
        kind: theme
        id: default
        templates: ../publisher
    """,
    )
    write(
        workdir,
        "publisher/reference/card.j2",
        """
        {% macro body(card, deck, number, total) -%}
        {{ card.body }}

        *{{ deck.title }}, card {{ number }} of {{ total }}*
        {%- endmacro %}
    """,
    )
    result = run_cli("build")
    assert result.code == 0, result.stderr
    text = pdf_text(workdir / "output/grimdark/reference/basics.pdf")
    assert "Grid basics, card 1 of 2" in text and "Grid basics, card 2 of 2" in text
    assert "Exceptional success" in text
    # Editing the template rebuilds the deck.
    write(
        workdir,
        "publisher/reference/card.j2",
        """
        {% macro body(card, deck, number, total) -%}
        {{ card.title | upper }} — {{ card.body }}
        {%- endmacro %}
    """,
    )
    assert run_cli("build").code == 0
    assert "DIFFICULTY" in pdf_text(workdir / "output/grimdark/reference/basics.pdf")


HOSTILE = [
    ("{{ card.__class__ }}", "__class__"),
    ("{{ ''.__class__.__mro__[1].__subclasses__() }}", "__class__"),
    ("{{ cycler.__init__.__globals__.os.system('touch pwned') }}", "__init__"),
    ("{{ self._TemplateReference__context }}", "_TemplateReference__context"),
    ("{{ card['__class__'] }}", "__class__"),
]


@pytest.mark.parametrize("expression, name", HOSTILE)
def test_a_template_reaching_for_python_internals_is_refused_before_anything_is_built(workdir, expression, name):
    deck(workdir, "basics")
    write(
        workdir,
        "mine/reference/card.j2",
        f"{{% macro body(card, deck, number, total) -%}}\nRoll {expression}\n{{%- endmacro %}}\n",
    )
    result = run_cli("build", "--templates", "mine")
    assert result.code == 1
    line = result.stderr.splitlines()[0]
    column = 6 + expression.index(name)
    assert line.startswith(f"mine/reference/card.j2:2:{column}: error[template.unsafe]: refused: `{name}`"), line
    assert "^" in result.stderr and "Traceback" not in result.stderr
    assert not (workdir / "output").exists() and not (workdir / "pwned").exists()


@pytest.mark.parametrize(
    "expression, code",
    [
        ("{% import 'os' as os %}{{ os.system('touch pwned') }}", "template.not-found"),
        ("{% include '/etc/passwd' %}", "template.not-found"),
        ("{% include 'secret.j2' %}", "template.not-found"),  # a symlink out of the folder
        ("{{ open('/etc/passwd').read() }}", "template.undefined"),
        ("{{ __import__('os').system('touch pwned') }}", "template.unsafe"),
        ("{{ 'x' * 100000000 }}", "template.unsafe"),
        ("{{ range(10 ** 9) | list }}", "template.error"),
        ("{{ rolls }}", "template.undefined"),
    ],
)
def test_a_template_error_while_drawing_is_a_diagnostic_at_its_line(workdir, expression, code):
    deck(workdir, "basics")
    assert run_cli("build", "--format", "pdf").code == 0
    before = (workdir / "output/grimdark/reference/basics.pdf").read_bytes()
    (workdir / "mine/reference").mkdir(parents=True)
    os.symlink("/etc/passwd", workdir / "mine/reference/secret.j2")
    (workdir / "mine/reference/card.j2").write_text(
        f"{{% macro body(card, deck, number, total) -%}}\n{{{{ card.body }}}}\n{expression}\n{{%- endmacro %}}\n"
    )
    result = run_cli("build", "--templates", "mine", "--format", "pdf")
    assert result.code == 1
    first = result.stderr.splitlines()[0]
    assert first.startswith("mine/reference/card.j2:3:") and f"error[{code}]" in first, result.stderr
    assert "Traceback" not in result.stderr and "root:x:" not in result.stderr
    assert not (workdir / "pwned").exists()
    # The decks drawn with it keep their earlier files.
    assert (workdir / "output/grimdark/reference/basics.pdf").read_bytes() == before


def test_the_sandbox_refuses_at_run_time_what_the_check_did_not_see(tmp_path):
    folder = tmp_path / "mine"
    (folder / "tricube").mkdir(parents=True)
    (folder / "tricube/captions.j2").write_text(
        "{% macro credit() -%}\nok\n{{ (cycler|attr('__init__')).__globals__ }}\n{%- endmacro %}\n"
    )
    templates.use_templates(folder)
    with pytest.raises(templates.TemplateProblem) as caught:
        templates.caption("tricube/captions.j2", "credit")
    d = caught.value.diagnostic
    assert (Path(d.file).name, d.line, d.code) == ("captions.j2", 3, "template.unsafe")


def test_template_syntax_errors_and_stray_files(workdir):
    deck(workdir, "basics")
    write(
        workdir,
        "mine/tricube/captions.j2",
        """
        {% macro credit() -%}
        Tricube {{ name }
        {%- endmacro %}
    """,
    )
    write(workdir, "mine/reference/cards.j2", "{{ card.body }}\n")
    result = run_cli("validate", "--templates", "mine", "--format", "json")
    found = {(d["file"], d["line"], d["code"]): d for d in json.loads(result.stdout)}
    assert ("mine/tricube/captions.j2", 2, "template.syntax") in found
    unused = found[("mine/reference/cards.j2", 1, "template.unused")]
    assert unused["severity"] == "warning" and "reference/card.j2" in unused["hint"]
    assert result.code == 1


def test_the_docs_describe_every_bundled_template():
    docs = (REPO / "docs/templates.md").read_text()
    root = templates.templates_dir()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        assert f"`{path.relative_to(root).as_posix()}`" in docs, path


def test_a_footer_too_long_from_a_publishers_template_is_one_warning_at_the_macro(workdir):
    """The footer a publisher's `footer` macro writes is the macro's words: too long for
    the card, it is said once, at the macro's name in the template, with the number of
    cards it was cut on, not at the deck's title once a card."""
    cards = "".join(f"  - {{title: Card {i}, body: Body of card {i}.}}\n" for i in range(1, 11))
    write(
        workdir,
        "content/deck.yaml",
        "kind: reference-deck\nid: house-deck\nsystem: tricube\ntitle: House Deck\ncards:\n" + cards,
    )
    write(
        workdir,
        "publisher/reference/card.j2",
        """
        {#- the convention's cards -#}
        {% macro footer(card, deck, number, total) -%}
        {{ deck.title }} · {{ number }} of {{ total }} · printed for the Grand Annual Convention of Cube Enthusiasts
        {%- endmacro %}
    """,
    )
    run = run_cli("build", "--templates", "publisher", "--format", "pdf")
    assert run.code == 0, run.stderr
    warnings = [ln for ln in run.stderr.splitlines() if "warning[" in ln]
    assert len(warnings) == 1, run.stderr
    assert warnings[0].startswith(
        "publisher/reference/card.j2:2:10: warning[layout.text-abbreviated]: reference-deck `house-deck`: the footer"
    ), warnings
    assert warnings[0].endswith("(on 10 cards)") and "content/deck.yaml" not in run.stderr
    assert " 2 | {% macro footer(card, deck, number, total) -%}" in run.stderr  # the line it points at
    text = pdf_text(workdir / "output/tricube/reference/house-deck.pdf")
    assert "House Deck · 1 of 10 · printed" in text and "Enthusiasts" not in text


LONG_RULES = " ".join(f"Rule {i} says the cube rolls again." for i in range(60))
LONG_DECK = f"""
    kind: reference-deck
    id: lore
    system: kubos
    title: Lore
    footer: Our table
    back: Keep with the dice
    imposition: single
    cards:
      - {{title: First, body: Short.}}
      - title: Long
        body: {LONG_RULES}
      - {{title: Last, body: The end.}}
"""


def card_texts(path) -> list[str]:
    """Each page's text, words squeezed to single spaces (one card a page: fronts and backs)."""
    return [" ".join(page.extract_text().split()) for page in read_pdf(path).pages]


def test_both_card_macros_get_the_printed_and_the_source_card_numbers(workdir):
    """`number`/`total` count the cards as printed (continuations and the KUBOS notice card
    too), `card_number`/`cards` the deck's own cards: the same in `body` and `footer`."""
    write(workdir, "content/deck.yaml", LONG_DECK)
    write(
        workdir,
        "mine/reference/card.j2",
        """
        {% macro body(card, deck, number, total, card_number, cards) -%}
        {{ card.body }}

        Body {{ number }}/{{ total }}, source {{ card_number }}/{{ cards }}
        {%- endmacro %}

        {% macro footer(card, deck, number, total, card_number, cards) -%}
        Foot {{ number }}/{{ total }}, source {{ card_number or "none" }}/{{ cards }}
        {%- endmacro %}
    """,
    )
    result = run_cli("build", "--templates", "mine", "--format", "pdf")
    assert result.code == 0, result.stderr
    fronts = [t for t in card_texts(workdir / "output/kubos/reference/lore.pdf") if t != "Lore Keep with the dice"]
    # The long card takes three cards (the deck's text at 7.5pt, as that needs fewest).
    assert len(fronts) == 6 and sum("Long (cont.)" in t for t in fronts) == 2
    assert "Body 1/6, source 1/3" in fronts[0] and "Foot 1/6, source 1/3" in fronts[0]
    # The long card's body is numbered by its first printed card; it ends on its last.
    last_part = fronts[3]
    assert last_part.startswith("Long (cont.)") and "Body 2/6, source 2/3" in last_part
    assert "Foot 4/6, source 2/3" in last_part
    assert "Body 5/6, source 3/3" in fronts[4] and "Foot 5/6, source 3/3" in fronts[4]
    notice = fronts[5]
    assert notice.startswith("About this deck") and "Foot 6/6, source none/3" in notice


def test_the_notice_card_has_the_decks_footer_and_back(workdir):
    write(workdir, "content/deck.yaml", LONG_DECK)
    assert run_cli("build", "--format", "pdf").code == 0
    texts = card_texts(workdir / "output/kubos/reference/lore.pdf")
    fronts, backs = texts[0::2], texts[1::2]
    assert fronts[-1].startswith("About this deck") and "Our table" in fronts[-1] and len(backs) == 6
    assert all(t == "Lore Keep with the dice" for t in backs), backs
    # A publisher's footer macro writes it too.
    write(
        workdir,
        "mine/reference/card.j2",
        """
        {% macro footer(card, deck, number, total) -%}
        Printed for {{ deck.footer }}
        {%- endmacro %}
    """,
    )
    assert run_cli("build", "--templates", "mine", "--format", "pdf").code == 0
    fronts = card_texts(workdir / "output/kubos/reference/lore.pdf")[0::2]
    assert all("Printed for Our table" in t for t in fronts), fronts


@pytest.mark.parametrize(
    "line, said, hint",
    [
        (
            "{{ card.body }} {{ card.titel }}",
            "2:25: error[template.undefined]: `titel` is not defined here",
            "did you mean `title`?",
        ),  # a field misspelt: at its column, with the one meant
        (
            "{{ card.body }} ({{ number }})",
            "2:21: error[template.undefined]: `number` is not defined here",
            "name `number` among the macro's arguments",
        ),  # a value a macro gets only by naming it
    ],
)
def test_an_undefined_name_in_a_template_is_said_in_its_terms(workdir, line, said, hint):
    deck(workdir, "basics")
    (workdir / "mine/reference").mkdir(parents=True)
    (workdir / "mine/reference/card.j2").write_text("{% macro body(card, deck) -%}\n" + line + "\n{%- endmacro %}\n")
    result = run_cli("build", "--templates", "mine", "--format", "pdf")
    assert result.code == 1 and f"mine/reference/card.j2:{said}" in result.stderr, result.stderr
    assert hint in result.stderr and "dict object" not in result.stderr
