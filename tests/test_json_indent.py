"""The fast indented JSON writer gives json.dumps(obj, ensure_ascii=False, indent=2)'s
bytes for any JSON value (and hands anything else to json.dumps)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judgebot.present.json_indent import dumps_indented

leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text())
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.tuples(inner, inner),
    st.dictionaries(st.text(), inner, max_size=5)), max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(values)
def test_same_bytes_as_json_dumps(value):
    assert dumps_indented(value) == json.dumps(value, ensure_ascii=False, indent=2)


@pytest.mark.parametrize("value", [
    {1: "int key"}, {True: 1, None: 2}, [math.inf, -math.inf, math.nan], {"a": [{}, [], ""]},
    "\x00\x1f\x7f\u2028\ud800 ワザ", 10**30, -0.0, 1e-300,
])
def test_edge_values(value):
    assert dumps_indented(value) == json.dumps(value, ensure_ascii=False, indent=2)


def test_other_types_are_refused_as_json_dumps_refuses_them():
    with pytest.raises(TypeError):
        dumps_indented({"a": {1, 2}})
