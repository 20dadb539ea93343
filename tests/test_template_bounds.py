"""A template cannot hold a build for long nor take its memory: each field it renders has a
time limit and a size limit, and a build's worker processes a memory ceiling. A template
over a bound is an error at its line naming the bound and the document; the others build."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest
from helpers import deck, pdf_text, run_cli, write

from sheetgen.layout import sandbox, templates
from sheetgen.workers import limit_memory

NESTED_LOOPS = "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}"
DOUBLING = "{% set s = 'xx' %}" + "{% set s = s ~ s %}" * 40 + "{{ s }}"


@pytest.fixture(autouse=True)
def quick_bounds(monkeypatch):
    """Half a second per field, so that a test over the bound ends quickly."""
    monkeypatch.setattr(sandbox, "TIME_LIMIT", 0.5)
    yield
    templates.use_templates(None)
    templates.reset()


def card_template(root: Path, only_for: str, hostile: str) -> None:
    """`mine/reference/card.j2`: `hostile` on the cards of the deck `only_for`, the
    card's own body (and a mark) on the others'."""
    write(
        root,
        "mine/reference/card.j2",
        "{% macro body(card, deck, number, total) -%}\n"
        f"{{% if deck.id == '{only_for}' %}}{hostile}{{% endif %}}\n"
        "Templated {{ card.body }}\n{%- endmacro %}\n",
    )


@pytest.mark.parametrize(
    "hostile, code, bound",
    [
        (NESTED_LOOPS, "template.time-limit", "ran longer than 0.5 s"),
        (DOUBLING, "template.size-limit", "longer than 1,000,000 characters"),
    ],
)
def test_a_template_over_a_bound_stops_that_document_only(workdir, hostile, code, bound):
    deck(workdir, "basics")
    deck(workdir, "slow", title="Slow deck")
    assert run_cli("build", "--format", "pdf").code == 0
    before = (workdir / "output/grimdark/reference/slow.pdf").read_bytes()
    card_template(workdir, "slow", hostile)
    result = run_cli("build", "--format", "pdf", "--templates", "mine")
    assert result.code == 1
    errors = [line for line in result.stderr.splitlines() if "error[" in line]
    assert errors and all(
        line.startswith(f"mine/reference/card.j2:2:1: error[{code}]: `mine/reference/card.j2` ") for line in errors
    ), result.stderr
    assert all(bound in line for line in errors)
    assert any(line.endswith("(laying out grimdark/reference/slow, from content/slow.yaml)") for line in errors)
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    # The other deck is built with the template; the stopped one keeps its earlier file.
    assert "Templated Most challenges" in pdf_text(workdir / "output/grimdark/reference/basics.pdf")
    assert (workdir / "output/grimdark/reference/slow.pdf").read_bytes() == before


def test_the_bounds_hold_in_worker_processes(workdir):
    deck(workdir, "basics")
    deck(workdir, "slow", title="Slow deck")
    card_template(workdir, "slow", NESTED_LOOPS)
    result = run_cli("build", "--format", "pdf", "--templates", "mine", "--jobs", "2")
    assert result.code == 1
    assert "error[template.time-limit]" in result.stderr and "laying out grimdark/reference/slow" in result.stderr
    assert "Templated Most challenges" in pdf_text(workdir / "output/grimdark/reference/basics.pdf")


HUGE = 10**9
GROWING = [
    # time: loops that make nothing
    (NESTED_LOOPS, "time"),
    ("{% for a in 'x' * 100000 %}{% for b in 'x' * 100000 %}{% endfor %}{% endfor %}", "time"),
    ("{% set l = [0] * 100000 %}{% for a in l %}{% for b in l|map('abs') %}{% endfor %}{% endfor %}", "time"),
    # size: one expression, refused before it is made
    (DOUBLING, "size"),
    ("{% set s = 'xx' %}" + "{% set s = s + s %}" * 40, "size"),
    ("{% set s = 'xx' %}" + "{% set s = '%s%s' % (s, s) %}" * 40, "size"),
    ("{% set s = 'xx' %}" + "{% set s = [s, s]|join %}" * 40, "size"),
    ("{% set s = 'xx' %}" + "{% set s = s.replace('x', 'xx') %}" * 40, "size"),
    ("{% set l = [0] %}{% for i in range(40) %}{% set _ = l.extend(l) %}{% endfor %}", "size"),
    (f"{{{{ 'x'|center({HUGE}) }}}}", "size"),
    (f"{{{{ 'x'.ljust({HUGE}) }}}}", "size"),
    (f"{{{{ ('x\\n' * 1000)|indent({HUGE}) }}}}", "size"),
    (f"{{{{ '%*d' % ({HUGE}, 1) }}}}", "size"),
    (f"{{{{ '%{HUGE}d' % 1 }}}}", "size"),
    (f"{{{{ '{{:{HUGE}}}'.format(1) }}}}", "size"),
    (f"{{{{ '{{:{{}}}}'.format(1, {HUGE}) }}}}", "size"),
    (f"{{{{ '%s'|format('x'|center({HUGE})) }}}}", "size"),
    ("{% set x = 10 ** 10000 %}{{ x ** 10000 }}", "size"),
    (f"{{{{ {{'a': [1, 2, 3]}}|tojson(indent={HUGE}) }}}}", "size"),
    # size: many values, each small enough, kept
    ("{% set l = [] %}{% for i in range(10000) %}{% set _ = l.append('x' * 100000) %}{% endfor %}", "size"),
    ("{% set d = {} %}{% for i in range(10000) %}{% set _ = d.update({i: 'x' * 100000}) %}{% endfor %}", "size"),
    # size: what a field prints, each piece small
    ("{% for i in range(10000) %}{{ 'x' * 1000 }}{% endfor %}", "size"),
    ("{% for i in range(10000) %}" + "y" * 1000 + "{% endfor %}", "size"),
]


@pytest.mark.parametrize("source", [f"{{{{ range(3)|batch({HUGE}, 0)|list }}}}", f"{{{{ [1]|slice({HUGE})|list }}}}"])
def test_a_filter_asked_for_a_billion_parts_is_refused(tmp_path, source):
    write(tmp_path, "reference/card.j2", f"{{% macro body() %}}\n{source}\n{{% endmacro %}}\n")
    templates.use_templates(tmp_path, source)
    with pytest.raises(templates.TemplateProblem) as stopped:
        templates.text("reference/card.j2", "body")
    assert (stopped.value.diagnostic.code, stopped.value.diagnostic.line) == ("template.unsafe", 2)


@pytest.mark.parametrize("source, bound", GROWING)
def test_a_template_over_a_bound_is_a_diagnostic_not_an_exhausted_machine(tmp_path, monkeypatch, source, bound):
    if bound != "time":  # the clock is the machine's: on a busy one, a size bound is met well after 5 s
        monkeypatch.setattr(sandbox, "TIME_LIMIT", 60.0)
    write(tmp_path, "reference/card.j2", f"{{% macro body() %}}\n{source}\n{{% endmacro %}}\n")
    templates.use_templates(tmp_path, source)
    with pytest.raises(templates.TemplateProblem) as stopped:
        templates.text("reference/card.j2", "body")
    found = stopped.value.diagnostic
    assert (found.code, Path(found.file).name, found.line) == (f"template.{bound}-limit", "card.j2", 2)


def test_a_whole_page_may_be_longer_than_a_field(tmp_path):
    write(tmp_path, "index.html.j2", "{% for i in range(2000) %}{{ 'x' * 1000 }}{% endfor %}")
    templates.use_templates(tmp_path, "page")
    assert len(templates.render_template("index.html.j2")) == 2_000_000


def test_what_ordinary_templates_do_is_unchanged(tmp_path):
    write(
        tmp_path,
        "index.html.j2",
        """
        {% for x in ['a', 'b', 'c'] %}{{ loop.index }}/{{ loop.length }}{{ '.' if loop.last }} {% endfor %}
        {{ ('<b>' | safe) ~ '<i>' }} {{ '%.2f' % 3.14159 }} {{ '{:>4}'.format(7) }} {{ 'ab' | center(6) }}|
        {{ range(3) | list }} {{ [1, 2] + [3] }} {{ 'x' ~ 2 }} {{ ['a', 'b'] | join('-') }}
        {%- for k, v in {'k': 1}.items() %} {{ k }}={{ v }}{% else %} none{% endfor %}
    """,
    )
    templates.use_templates(tmp_path, "ordinary")
    text = templates.render_template("index.html.j2", groups={}, version="1", display_path=str)
    # (A line ending in a block tag loses its line break: `trim_blocks`.)
    assert text.splitlines() == ["1/3 2/3 3/3. <b>&lt;i&gt; 3.14    7   ab  |", "[0, 1, 2] [1, 2, 3] x2 a-b k=1"]


def _allocate(headroom: int, size: int, answer) -> None:
    limit_memory(headroom)
    try:
        answer.put(len(bytearray(size)))
    except MemoryError:
        answer.put("MemoryError")


def test_a_worker_has_a_memory_ceiling():
    context = multiprocessing.get_context("fork")
    answer = context.Queue()
    for size in (10 * 2**20, 1024 * 2**20):
        worker = context.Process(target=_allocate, args=(256 * 2**20, size, answer))
        worker.start()
        worker.join()
        assert answer.get() == (size if size < 256 * 2**20 else "MemoryError")
