"""judgebot.derived: values derived from data files come from the user cache only while
the files and the code are the same; a damaged or unwritable cache changes nothing but
time."""

from __future__ import annotations


from judgebot import derived


def _build_counter(path):
    calls = []

    def build():
        calls.append(1)
        return {"text": path.read_text(encoding="utf-8")}

    return build, calls


def test_built_once_then_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "a.yaml"
    source.write_text("one", encoding="utf-8")
    build, calls = _build_counter(source)
    assert derived.cached("t", [source], [], build) == {"text": "one"}
    assert derived.cached("t", [source], [], build) == {"text": "one"}
    assert len(calls) == 1


def test_a_changed_source_or_code_is_built_again(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path / "cache"))
    source, code = tmp_path / "a.yaml", tmp_path / "code.py"
    source.write_text("one", encoding="utf-8")
    code.write_text("v1", encoding="utf-8")
    build, calls = _build_counter(source)
    derived.cached("t", [source], [code], build)
    source.write_text("two", encoding="utf-8")
    assert derived.cached("t", [source], [code], build) == {"text": "two"}
    code.write_text("v2", encoding="utf-8")
    derived.cached("t", [source], [code], build)
    assert len(calls) == 3


def test_a_damaged_entry_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "a.yaml"
    source.write_text("one", encoding="utf-8")
    build, calls = _build_counter(source)
    derived.cached("t", [source], [], build)
    for entry in (tmp_path / "cache" / "derived").glob("t-*.pickle"):
        entry.write_bytes(entry.read_bytes()[:-3] + b"bad")
    assert derived.cached("t", [source], [], build) == {"text": "one"}
    assert len(calls) == 2


def test_an_unwritable_cache_costs_only_time(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache directory would be", encoding="utf-8")
    monkeypatch.setenv("JUDGEBOT_CACHE", str(blocked))
    source = tmp_path / "a.yaml"
    source.write_text("one", encoding="utf-8")
    build, calls = _build_counter(source)
    assert derived.cached("t", [source], [], build) == {"text": "one"}
    assert derived.cached("t", [source], [], build) == {"text": "one"}
    assert len(calls) == 2 and blocked.read_text(encoding="utf-8").startswith("a file")


def test_old_entries_are_pruned(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEBOT_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "a.yaml"
    for i in range(derived.KEEP + 3):
        source.write_text(f"v{i}", encoding="utf-8")
        derived.cached("t", [source], [], _build_counter(source)[0])
    assert len(list((tmp_path / "cache" / "derived").glob("t-*.pickle"))) <= derived.KEEP
