"""Reading the project's own YAML files (titles, alignment, messages, citations):
with libyaml's C parser when PyYAML has it, an order of magnitude faster than the
pure-Python one, which `yaml.safe_load` always uses. Both build the same values."""

from __future__ import annotations

import yaml

SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
YAMLError = yaml.YAMLError


def load_yaml(text: str):
    """What `yaml.safe_load(text)` returns."""
    return yaml.load(text, Loader=SafeLoader)
