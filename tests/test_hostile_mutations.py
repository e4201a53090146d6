"""Hypothesis mutates the rulings (tests/fuzz.py's mutations): every mutated file is
ruled on or refused with one InputError line naming the file, line and column —
never another exception (which the CLI reports as an internal error, exit 3)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgebot.engine import rule
from judgebot.engine.format.scenario import load_scenario_text
from judgebot.errors import InputError, ScenarioError
from tests.fuzz import base_texts, mutate

BASES = base_texts()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BASES), st.randoms(use_true_random=False))
def test_mutated_rulings_rule_or_fail_on_one_line(base, rng: random.Random):
    origin, text = base
    data = mutate(text, rng)
    try:
        ruling = rule(load_scenario_text(data, "mutated.yaml"))
    except InputError as exc:
        message = str(exc)
        assert "\n" not in message and message.startswith("mutated.yaml")
        if isinstance(exc, ScenarioError) and exc.line is not None:
            assert message.startswith(f"mutated.yaml:{exc.line}:{exc.column}: ")
        return
    json.dumps(ruling.to_dict(), ensure_ascii=False).encode("utf-8")  # printable as UTF-8 JSON
