"""Draw the reproducible sample of docs/review/questions.yaml (reviewer's script, read-only).

Every (record, language, question) of data/questions/*.yaml is listed in a fixed order (files
sorted by name, records and questions in file order). With random.Random(32), for each language in
the order en, ja, ko, zh: 3 questions from rules-ko records, 3 from wiki-ja records and 9 from
guide-ja records are drawn with rng.sample (15 per language, 60 in all: 12 rules-ko, 12 wiki-ja,
36 guide-ja). Run from the repository root against data/questions/ as of commit 63a3d30 (before the
review's fixes moved or removed 8 questions, which changes the pools).
"""
import glob
import random

import yaml

LANGS = ("en", "ja", "ko", "zh")
SOURCES = (("rules-ko", 3), ("wiki-ja", 3), ("guide-ja", 9))


def items(paths=None):
    """(file, record, language, index, question) of every question of `paths` (default:
    every file of data/questions/, sorted by name), in file order."""
    out = []
    for path in paths if paths is not None else sorted(glob.glob("data/questions/*.yaml")):
        with open(path, encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
        for rid, langs in data.items():
            for lang, qs in langs.items():
                for i, q in enumerate(qs):
                    out.append((path, rid, lang, i, q))
    return out


def per_language(paths, seed, per_lang):
    """The method of the later reviews (questions-seq.yaml, questions-futile.yaml): with
    random.Random(seed), for each language in the order en, ja, ko, zh, `per_lang`
    questions of that language drawn from the questions of `paths` with rng.sample."""
    rng = random.Random(seed)
    all_items = items(paths)
    picked = []
    for lang in LANGS:
        pool = [it for it in all_items if it[2] == lang]
        picked.extend(rng.sample(pool, per_lang))
    return picked


def sample(seed=32):
    rng = random.Random(seed)
    all_items = items()
    picked = []
    for lang in LANGS:
        for src, n in SOURCES:
            pool = [it for it in all_items if it[2] == lang and it[1].split(":")[0] == src]
            picked.extend(rng.sample(pool, n))
    return picked


def show(picked):
    """One line per sampled question: file, record, language, index, question (tab-separated)."""
    for path, rid, lang, i, q in picked:
        print(f"{path}\t{rid}\t{lang}\t{i}\t{q}")


if __name__ == "__main__":
    show(sample())
