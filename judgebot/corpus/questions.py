"""What players ask (data/questions/*.yaml): for a rule record, the questions players and
judges ask that the record answers, in English, Japanese, Korean and Chinese, worded as
people ask at a table or on a forum, not as the rules write. Written by reading each
record (never from the golden or development search sets); indexed with the record as
passages of their own (document expansion), never shown.

Format, one or more files (a second pass of questions for the same records is a file of
its own: a record's questions in several files are joined)::

    guide-ja:I-A-03:
      en: [can I retreat twice in one turn, ...]
      ja: [1ターンに2回にげることはできますか, ...]
      ko: [...]
      zh: [...]

A file that names a record not in the corpus, a language other than these four, or a
question that is not a line of text is refused at load, naming the entry.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Protocol

from judgebot.corpus.data_files import read_mapping, yaml_files
from judgebot.errors import InputError

QUESTIONS_DIR = "questions"
QUESTION_LANGS = ("en", "ja", "ko", "zh")
MAX_QUESTION_CHARS = 300


class Records(Protocol):
    by_id: dict

    def __iter__(self) -> Iterator: ...


def question_files() -> list[Path]:
    return yaml_files(QUESTIONS_DIR)


def _checked(path: Path, ident: str, value) -> dict[str, list[str]]:
    if not isinstance(value, dict) or not value or not set(value) <= set(QUESTION_LANGS):
        raise InputError(f"{path}: {ident}: expected a mapping of {', '.join(QUESTION_LANGS)} to questions")
    out: dict[str, list[str]] = {}
    for lang, questions in value.items():
        if not isinstance(questions, list) or not all(
                isinstance(q, str) and q.strip() and "\n" not in q.strip() and len(q) <= MAX_QUESTION_CHARS
                for q in questions):
            raise InputError(f"{path}: {ident}.{lang}: expected a list of one-line questions")
        out[lang] = [q.strip() for q in questions]
    return out


def load_questions() -> dict[str, dict[str, list[str]]]:
    found: dict[str, dict[str, list[str]]] = {}
    for path in question_files():
        for ident, value in read_mapping(path, "questions").items():
            joined = found.setdefault(str(ident), {})
            for lang, questions in _checked(path, ident, value).items():
                have = joined.setdefault(lang, [])
                have += [q for q in questions if q not in have]
    return found


def attach_questions(corpus: Records) -> None:
    for ident, questions in load_questions().items():
        record = corpus.by_id.get(ident)
        if record is None:
            raise InputError(f"data/{QUESTIONS_DIR}: questions for {ident}, which is not in the corpus")
        record.questions = questions
