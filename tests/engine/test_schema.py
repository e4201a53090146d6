"""The scenario format's one definition (engine/format/schema.py) and what comes from it:
the published JSON Schema (`judgebot schema`), the validation, and docs/SCENARIO-KEYS.md."""

from __future__ import annotations

import json
import re

import jsonschema_rs
import pytest

from judgebot.engine.format import schema
from judgebot.engine.format.reference import key_reference
from judgebot.engine.format.scenario import parse_scenario
from judgebot.engine.format.yaml_lines import load_yaml
from judgebot.errors import ScenarioError

from ..conftest import ROOT

SCENARIO_FILES = sorted((ROOT / "rulings").rglob("*.yaml")) + sorted((ROOT / "tests" / "contract").rglob("*.yaml"))
CATALOG_FILES = sorted((ROOT / "data" / "catalog").glob("*.yaml"))


@pytest.fixture(scope="module")
def published() -> dict:
    return json.loads(schema.published())


@pytest.fixture(scope="module")
def editor(published):
    """The validator an editor builds from the published schema (no message keywords)."""
    return jsonschema_rs.Draft7Validator(published)


def _walk(node):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def test_published_schemas_are_valid_draft_07(published):
    assert published["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert jsonschema_rs.meta.is_valid(published)
    assert jsonschema_rs.meta.is_valid(json.loads(schema.published("catalog_file")))


def test_published_schema_has_no_message_keywords(published):
    private = sorted({key for node in _walk(published) for key in node if key.startswith("x-")})
    assert not private


def test_every_reference_resolves(published):
    refs = {node["$ref"] for node in _walk(published) if isinstance(node.get("$ref"), str)}
    missing = [r for r in refs if r.rsplit("/", 1)[1] not in published["definitions"]]
    assert refs and not missing


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_scenario_file_is_valid_for_an_editor(path, editor):
    """What `judgebot check` accepts, an editor using the published schema accepts too."""
    data, _ = load_yaml(path.read_text(encoding="utf-8"), path.name)
    errors = [f"{'/'.join(map(str, e.instance_path))}: {e.message}" for e in editor.iter_errors(data)]
    assert not errors, errors[:3]


@pytest.mark.parametrize("path", CATALOG_FILES, ids=lambda p: p.name)
def test_every_catalog_file_is_valid_against_the_catalog_schema(path):
    validator = jsonschema_rs.Draft7Validator(json.loads(schema.published("catalog_file")))
    data, _ = load_yaml(path.read_text(encoding="utf-8"), path.name)
    assert validator.is_valid(data), next(validator.iter_errors(data)).message


@pytest.mark.parametrize("text, path", [
    ("ask: {attack: {name: x}}\nyou: {active: {name: A, types: [fire], hp: 75}}\n", "you/active/hp"),
    ("ask: {attack: {name: x}}\nyou: {activ: {}}\n", "you"),
    ("ask: {fly: {}}\n", "ask"),
    ("ask: {sequence: []}\n", "ask/sequence"),
    ("ask: {attack: {name: x}}\nyou: {active: {name: A, types: [fire], hp: 70, abilities: [null]}}\n",
     "you/active/abilities/0"),
    ("ask: {attack: {name: x}}\nyou: {bench: []}\nopponent: {active: {name: A, types: [fire], hp: 70}}\n", "you"),
    ("ask: {attack: {name: x}}\nyou: {active: null}\nopponent: {active: {name: A, types: [fire], hp: 70}}\n",
     "you/active"),
    ("format: 2\nask: {attack: {name: x}}\nyou: {active: {name: A, types: [fire], hp: 70, attacks: "
     "[{name: x, do: [{place_counters: {target: self}}]}]}}\n", "you/active/attacks/0/do/0/place_counters"),
])
def test_an_editor_flags_what_check_refuses(text, path, editor):
    """The published schema is the same definition: a file `check` refuses for its shape is
    flagged by an editor at the same key."""
    data, _ = load_yaml(text, "x.yaml")
    with pytest.raises(ScenarioError):
        parse_scenario(text, "x.yaml")
    places = {"/".join(map(str, e.instance_path)) for e in editor.iter_errors(data)}
    assert path in places, places


def test_the_readers_allow_exactly_the_schema_keys():
    """The readers take their key tables from the schema module (one list of keys)."""
    from judgebot.engine.format import catalog, format2, reader, scenario

    assert set(reader.FILTER_KEYS) == set(schema.FILTER)
    assert set(reader.EFFECT_FIELDS) == set(schema.EFFECTS)
    assert set(format2.ACTION_FIELDS) == set(schema.ACTIONS)
    assert set(scenario.ROOT_KEYS) == set(schema.ROOT)
    assert set(catalog.COMMON_KEYS) == set(schema.COMMON_ENTRY)


def test_key_reference_is_current():
    """docs/SCENARIO-KEYS.md is written from the schema: `python3 dev.py schema-docs`."""
    on_disk = (ROOT / "docs" / "SCENARIO-KEYS.md").read_text(encoding="utf-8")
    assert on_disk == key_reference(), "docs/SCENARIO-KEYS.md is stale: run `python3 dev.py schema-docs`"


def test_key_reference_lists_every_key():
    text = key_reference()
    tables = [schema.ROOT, schema.TURN, schema.PLAYER, schema.POKEMON, schema.ATTACK, schema.ABILITY,
              schema.FILTER, schema.FORMULA, schema.PER, schema.TEST, schema.EXPECT, schema.BOARD_SPOT]
    tables += [fields for _, fields in schema.EFFECTS.values()] + [fields for _, fields in schema.ACTIONS.values()]
    missing = sorted({key for table in tables for key in table if f"| `{key}` |" not in text})
    assert not missing
    for kind in list(schema.EFFECTS) + list(schema.ACTIONS) + list(schema.ASK_KINDS):
        assert f"`{kind}`" in text, kind
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert links <= anchors, sorted(links - anchors)


def test_schema_command_prints_the_published_schema(cli, tmp_path):
    result = cli("schema")
    assert result.code == 0, result.stderr
    assert result.json() == json.loads(schema.published())
    out = tmp_path / "sub" / "catalog.schema.json"
    result = cli("schema", "catalog", "--output", str(out))
    assert result.code == 0, result.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["title"] == "judgebot card catalog"
    assert [p.name for p in out.parent.iterdir()] == ["catalog.schema.json"]  # no temporary file left


def test_schema_command_refuses_a_directory(cli, tmp_path):
    result = cli("schema", "--output", str(tmp_path))
    assert result.code == 2
    assert result.stderr.count("\n") == 1 and "is a directory" in result.stderr


def test_catalog_schema_describes_every_category():
    catalog_schema = json.loads(schema.published("catalog_file"))
    entry = catalog_schema["definitions"]["catalog_entry"]
    categories = {branch["if"]["properties"]["category"]["const"] for branch in entry["allOf"]}
    assert categories == set(schema.CATEGORY_FIELDS)


def test_unknown_schema_name_is_refused():
    with pytest.raises(KeyError):
        schema.published("nothing")


@pytest.mark.parametrize("text, message", [
    ("ask: {attack: {name: x}}\nyou: {active: {name: A, types: [fire], hp: 70, abilities: [null]}}\n"
     "opponent: {active: {name: B, types: [water], hp: 70}}\n",
     "x.yaml:2:60: you.active.abilities[0]: missing required key 'name'"),
    ("ask: {attack: {name: x}}\nopponent: {active: {name: A, types: [fire], hp: 70}}\n",
     "x.yaml:1:1: missing required key 'you'"),
    ("ask: {attack: {name: x}}\nyou: {bench: []}\nopponent: {active: {name: A, types: [fire], hp: 70}}\n",
     "x.yaml:2:1: you: missing required key 'active'"),
    ("ask: {attack: {name: x}}\nyou: null\nopponent: {active: {name: A, types: [fire], hp: 70}}\n",
     "x.yaml:2:1: you: missing required key 'active'"),
    ("ask: {game_end: {you: {took_all_prizes: true}}}\n", None),
])
def test_a_board_ask_needs_both_active_pokemon(text, message):
    """Every ask but game_end and setup is about a board (the schema says so too, for editors)."""
    if message is None:
        parse_scenario(text, "x.yaml")
        return
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "x.yaml")
    assert str(caught.value) == message
