"""Draw the reproducible sample of docs/review/questions-seq.yaml (reviewer's script, read-only).

Every (record, language, question) of the order-of-play questions, data/questions/q-seq-1.yaml
and q-seq-2.yaml, is listed in a fixed order (the two files in that order, records and questions
in file order). With random.Random(33), for each language in the order en, ja, ko, zh, 10
questions of that language are drawn with rng.sample (40 in all). Run from the repository root
against data/questions/ as of commit 50a29e9 (before the review's fixes, which change the pools).
"""
from questions_sample import per_language, show  # the same listing, of two files

FILES = ("data/questions/q-seq-1.yaml", "data/questions/q-seq-2.yaml")
PER_LANG = 10


def sample(seed=33):
    return per_language(FILES, seed, PER_LANG)


if __name__ == "__main__":
    show(sample())
