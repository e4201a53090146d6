"""English renderings (data/text_en/) and superseded marks (data/superseded/) attached to
the records, and shown by show --lang en, show --json and cards --lang en.

These tests use a data folder of their own (JUDGEBOT_DATA) with renderings written here,
so they hold whatever the shipped translations say; test_text_en_data.py checks the
shipped ones."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pypdf
import pytest

from judgebot.corpus.model import corpus_files, content_hash
from judgebot.errors import InputError

from .conftest import ROOT, linked_data

SECTION = "guide-ja:II-B-07"


def _data(tmp_path, renderings: dict | None = None, superseded: str | None = None):
    """A data folder: the packaged corpus and data, with these renderings and marks."""
    data = linked_data(tmp_path, ("text_en", "superseded"))
    if renderings is not None:
        (data / "text_en").mkdir()
        (data / "text_en" / "guide-ja.yaml").write_text(json.dumps(renderings, ensure_ascii=False), encoding="utf-8")
    if superseded is not None:
        (data / "superseded").mkdir()
        (data / "superseded" / "rules-ja.yaml").write_text(superseded, encoding="utf-8")
    return data


def _section_renderings() -> dict:
    """Renderings of II-B-07 and its FAQs/examples, each piece naming itself."""
    raw = {r["id"]: r for r in json.loads((ROOT / "data/corpus/guide-ja.json").read_text(encoding="utf-8"))["records"]}
    record = raw[SECTION]
    own = [b for b in record["blocks"] if not b.get("ref")]
    out: dict = {SECTION: [f"EN block {i}" for i in range(len(own))]}
    for ref in record["faqs"] + record["examples"]:
        out[ref] = f"EN text of {ref}"
    return out


def test_a_section_reads_in_english_as_it_reads_in_the_original(tmp_path, with_data):
    corpus = with_data(_data(tmp_path, _section_renderings()))
    record = corpus.get(SECTION)
    assert len(record.blocks_en) == len(record.blocks)
    for block, english in zip(record.blocks, record.blocks_en):
        if block.get("ref"):
            assert english == f"EN text of {block['ref']}"  # the quoted FAQ's own rendering
        else:
            assert english.startswith("EN block ")
    assert record.text_en == "\n".join(record.blocks_en)
    assert corpus.get(SECTION + "/faq-1").text_en == f"EN text of {SECTION}/faq-1"
    contract = record.to_contract()
    assert contract["translated"] is True and contract["text_en"] == record.text_en
    untranslated = corpus.get("guide-ja:I-A-03").to_contract()
    assert untranslated["text_en"] is None and untranslated["translated"] is False


def test_a_missing_piece_leaves_the_section_untranslated_never_half(tmp_path, with_data):
    renderings = _section_renderings()
    del renderings[SECTION + "/faq-2"]
    corpus = with_data(_data(tmp_path, renderings))
    assert corpus.get(SECTION).text_en is None
    assert corpus.get(SECTION + "/faq-1").text_en is not None


def test_a_wrong_number_of_blocks_is_not_used(tmp_path, with_data):
    renderings = _section_renderings()
    renderings[SECTION] = renderings[SECTION][:-1]
    corpus = with_data(_data(tmp_path, renderings))
    assert corpus.get(SECTION).text_en is None


def test_same_as_shares_a_rendering_and_says_so(tmp_path, with_data):
    renderings = _section_renderings()
    renderings["guide-ja:II-B-07/faq-2"] = {"same_as": "guide-ja:II-B-07/faq-1"}
    corpus = with_data(_data(tmp_path, renderings))
    shared = corpus.get("guide-ja:II-B-07/faq-2")
    assert shared.text_en == "EN text of guide-ja:II-B-07/faq-1"
    assert shared.to_contract()["text_en_from"] == "guide-ja:II-B-07/faq-1"


def test_renderings_are_part_of_the_corpus_hash(tmp_path, with_data):
    with_data(_data(tmp_path, _section_renderings()))
    files = corpus_files()
    assert any(p.parent.name == "text_en" for p in files)
    before = content_hash(files)
    (tmp_path / "data" / "text_en" / "guide-ja.yaml").write_text("{}", encoding="utf-8")
    assert content_hash(corpus_files()) != before


MARK = """\
rules-ja:やけど:
  superseded_by: [guide-ja:I-F]
  differs: "Burn: 2 damage counters first, then the coin; this text flips first."
"""


def test_a_superseded_record_names_the_current_rule_and_what_differs(tmp_path, with_data):
    corpus = with_data(_data(tmp_path, superseded=MARK))
    contract = corpus.get("rules-ja:やけど").to_contract()
    assert contract["superseded_by"] == ["guide-ja:I-F"]
    assert contract["differs"].startswith("Burn:")
    assert corpus.get("guide-ja:I-F").to_contract()["superseded_by"] is None


@pytest.mark.parametrize("text, error", [
    ("guide-ja:I-F:\n  superseded_by: [guide-ja:I-F]\n  differs: x\n", "only records of"),
    ("rules-ja:nothing:\n  superseded_by: [guide-ja:I-F]\n  differs: x\n", "no such record"),
    ("rules-ja:やけど:\n  superseded_by: [rules-ko:B-12]\n  differs: x\n", "at least one record of guide-ja"),
    ("rules-ja:やけど:\n  superseded_by: [guide-ja:I-F, rules-ja:nothing]\n  differs: x\n", "is not a record"),
    ("rules-ja:やけど:\n  superseded_by: [guide-ja:I-F, rules-ja:B-14]\n  differs: x\n"
     "rules-ja:B-14:\n  superseded_by: [guide-ja:I-F]\n  differs: y\n", "is itself superseded"),
    ("rules-ja:やけど:\n  superseded_by: [guide-ja:I-F]\n  differs: \"a\\nb\"\n", "one line"),
    ("rules-ja:やけど:\n  superseded_by: [guide-ja:I-F]\n", "expected superseded_by"),
])
def test_a_mark_that_points_nowhere_is_refused(tmp_path, with_data, text, error):
    with pytest.raises(InputError, match=error):
        with_data(_data(tmp_path, superseded=text))


def _run(data, cache, *args):
    env = {**os.environ, "JUDGEBOT_DATA": str(data), "JUDGEBOT_CACHE": str(cache), "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "judgebot", *args], capture_output=True, text=True,
                          env=env, cwd=data.parent, timeout=120)


def test_show_lang_en_prints_the_rendering_above_the_original(tmp_path):
    data = _data(tmp_path, _section_renderings(), superseded=MARK)
    out = _run(data, tmp_path / "cache", "show", "II-B-07", "--lang", "en")
    assert out.returncode == 0, out.stderr
    assert "unofficial translation" in out.stdout and "the original" in out.stdout
    lines = out.stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if "EN block 0" in line)
    assert "ダメージを受けるポケモン" in lines[first + 1]  # the original right under it
    assert "EN text of guide-ja:II-B-07/faq-1" in out.stdout
    marked = _run(data, tmp_path / "cache", "show", "rules-ja:やけど")
    assert "guide-ja:I-F" in marked.stdout and "Burn: 2 damage counters first" in marked.stdout
    untranslated = _run(data, tmp_path / "cache", "show", "I-A-03", "--lang", "en")
    assert untranslated.returncode == 0 and "No English rendering" in untranslated.stdout


def test_cards_lang_en_print_the_rendering_and_say_it_is_unofficial(tmp_path):
    data = _data(tmp_path, _section_renderings())
    pdf = tmp_path / "en.pdf"
    out = _run(data, tmp_path / "cache", "cards", "II-B-07", "--procedure", "knockout", "--lang", "en",
               "-o", str(pdf), "--json")
    assert out.returncode == 0, out.stderr
    assert {item["lang"] for item in json.loads(out.stdout)["items"]} == {"en"}
    text = "".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)
    squeezed = " ".join(text.split())
    assert "EN block 0" in squeezed and "EN text of guide-ja:II-B-07/faq-1" in squeezed
    assert "unofficial English translation" in squeezed
    assert "2 Prize cards" in squeezed  # the procedure card in English too
    refused = _run(data, tmp_path / "cache", "cards", "I-A-03", "--lang", "en", "-o", str(tmp_path / "x.pdf"))
    assert refused.returncode == 2 and "no English rendering" in refused.stderr
    assert not (tmp_path / "x.pdf").exists()
