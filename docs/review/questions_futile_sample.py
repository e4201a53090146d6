"""Draw the reproducible sample of docs/review/questions-futile.yaml (reviewer's script, read-only).

Every (record, language, question) of the questions on plays that would do nothing or only in
part, data/questions/q-futile-1.yaml and q-futile-2.yaml, is listed in a fixed order (the two
files in that order, records and questions in file order). With random.Random(34), for each
language in the order en, ja, ko, zh, 10 questions of that language are drawn with rng.sample
(40 in all). Run from the repository root against data/questions/ as of commit 1ad7fd4, which
added the two files (before the review's fixes, which change the pools).
"""
from questions_sample import per_language, show  # the same listing, of two files

FILES = ("data/questions/q-futile-1.yaml", "data/questions/q-futile-2.yaml")
PER_LANG = 10


def sample(seed=34):
    return per_language(FILES, seed, PER_LANG)


if __name__ == "__main__":
    show(sample())
