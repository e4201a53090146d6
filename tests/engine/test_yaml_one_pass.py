"""The one-pass reader of scenario YAML (`yaml_lines.read_events`) builds exactly what
the two passes it replaced build (`check_limits`, then the node-based builder): the
same data, the same line and column for every key path, the same errors. Checked on
generated documents in block and flow style, with anchors and aliases, and on every
YAML file of the project."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgebot.engine.format import yaml_lines
from judgebot.errors import ScenarioError

from ..conftest import ROOT

LOADERS = [yaml_lines.LineLoader] + ([yaml_lines.FastLineLoader] if yaml_lines.FastLineLoader else [])

# Scalars that exercise the implicit resolver: numbers, booleans, nulls, timestamps,
# `=`, text that only looks like them, and non-ASCII text.
scalars = st.one_of(
    st.integers(-10**6, 10**6), st.booleans(), st.none(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(["yes", "No", "on", "~", "0x1F", "0o17", "1_000", "2026-01-01", "=", "1e3", ".5",
                     "ワザ", "기술", "招式", "bench[0]", "", " lead", "a: b", "- x", "#c", "<<x"]),
    st.text(min_size=0, max_size=8),
)
keys = st.one_of(st.text(min_size=1, max_size=6), st.sampled_from(["1", "true", "null", "2.5", "name", "hp"]))


def documents():
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(keys, inner, max_size=4),
    ), max_leaves=25)


def both(loader_class, text: str):
    def outcome(read):
        try:
            data, lines = read()
            return "ok", data, {path: (int(line), line.column) for path, line in lines.items()}
        except ScenarioError as exc:
            return "error", str(exc)

    def one_pass():
        loader = loader_class(text, "doc.yaml")
        try:
            return yaml_lines.read_events(loader, "doc.yaml")
        finally:
            loader.dispose()

    return outcome(one_pass), outcome(lambda: yaml_lines._read(loader_class, text, "doc.yaml"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), st.booleans(), st.integers(0, 3))
def test_one_pass_builds_what_the_node_tree_builds(document, flow, shared):
    if shared and isinstance(document, dict) and document:
        # the same object twice: safe_dump writes an anchor and an alias
        first = next(iter(document))
        document = {**document, "again": document[first], "list": [document[first]] * shared}
    text = yaml.safe_dump(document, default_flow_style=flow, allow_unicode=True, sort_keys=False)
    for loader_class in LOADERS:
        one, two = both(loader_class, text)
        assert one == two, text


@pytest.mark.parametrize("text", [
    "a: 1\na: 2\n",                                   # duplicate key
    "a: &x {b: 1}\nc: *x\nd: [*x, *x]\n",             # aliases: lines copied under each path
    "- &s 5\n- *s\n- {k: *s}\n",
    "a: !!str 12\nb: !!binary aGk=\n",                # an explicit tag that builds bytes
    "n: 0x_\n",                                       # matches the number pattern, not a number
    "a: [1, [2, [3, {b: [4]}]]]\n",
    "a: *nothing\n",
    "a: &c [1, *c]\n",
    "t: 2026-01-01\nv: =\n",
    "? [a, b]\n: 1\n",                                # leaves it to the node builder
    "a: {<<: {b: 1}, c: 2}\n",
])
def test_one_pass_matches_on_edge_cases(text):
    for loader_class in LOADERS:
        try:
            one, two = both(loader_class, text)
        except yaml_lines._Unusual:
            continue  # load_yaml reads these with the node builder
        except yaml.YAMLError:
            continue  # a syntax error for this parser: load_yaml reports it the same way for both
        assert one == two


def test_load_yaml_reads_every_project_yaml_as_the_node_builder_does():
    files = [p for folder in ("rulings", "tests/hostile", "tests/engine", "data/catalog", "examples")
             for p in sorted((ROOT / folder).rglob("*.yaml"))]
    assert len(files) > 200
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for loader_class in LOADERS:
            try:
                one, two = both(loader_class, text)
            except (yaml_lines._Unusual, yaml.YAMLError):
                continue
            assert one == two, path
