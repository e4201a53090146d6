"""Which sections a ruling step may cite: the reviewed table in data/citations.yaml.

The table maps a step kind (`ask.step`, or `ask.reason` for a reason) to the sections
that can decide it, each checked against the guide's text. A step's candidate
citations (its procedure, the effects and cards in play) are kept only when the table
lists them for that kind, then ordered decisive first — the FAQ that answers the case,
then the item (Ⅱ) that states the rule, then the procedure (Ⅰ, play rules). A kind
the table does not list keeps its candidates in that order; the
test suite fails on it (tests/engine/test_citation_table.py), so the table is where a
new step kind is reviewed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable

from judgebot.yaml_data import YAMLError, load_yaml

from judgebot.errors import InputError
from judgebot.paths import data_dir



@lru_cache(maxsize=1)
def _raw_table() -> dict:
    from judgebot.derived import cached

    path = data_dir() / "citations.yaml"
    if not path.is_file():
        return _read_table(path)  # the error, with the path
    return cached("citations", [path], [], lambda: _read_table(path))


def _read_table(path) -> dict:
    try:
        return load_yaml(path.read_text(encoding="utf-8")) or {}
    except (OSError, YAMLError) as exc:
        raise InputError(f"{path}: cannot read the citation table: {exc}") from None


@lru_cache(maxsize=1)
def _card_text_table() -> dict:
    """data/citations-cardtext.yaml: the rules of the engine's card-text actions (knock_out,
    discard_stadium, choices …) for the step kinds that carry them out, reviewed apart and
    added to the main table's kinds."""
    from judgebot.derived import cached

    path = data_dir() / "citations-cardtext.yaml"
    if not path.is_file():
        return {}
    return cached("citations-cardtext", [path], [], lambda: _read_table(path))


@lru_cache(maxsize=1)
def table() -> dict[str, tuple[str, ...]]:
    kinds = {kind: tuple(cites or ()) for kind, cites in (_raw_table().get("kinds") or {}).items()}
    for kind, cites in (_card_text_table().get("kinds") or {}).items():
        kinds[kind] = tuple(dict.fromkeys(kinds.get(kind, ()) + tuple(cites or ())))
    return kinds


@lru_cache(maxsize=256)
def _allowed(kind: str) -> frozenset[str] | None:
    cites = table().get(kind)
    return None if cites is None else frozenset(cites)


@lru_cache(maxsize=8192)  # the same few hundred citations in every ruling of a batch
def rank(citation: str) -> int:
    """0 a FAQ, 1 an item of chapter Ⅱ, 2 a procedure (chapter Ⅰ) or a play-rule section."""
    section = citation.split(":", 1)[-1]
    if "/faq-" in section:
        return 0
    return 1 if section.startswith("II-") else 2


class Mention(str):
    """A section that discusses a card in play (the card's catalog `sections`, and the
    section a FAQ of them belongs to). One filed under a rule the engine applies itself
    (engine_rules: a procedure step, an effect kind, a term) is about that rule and is
    cited only when the step applies it; one filed under another item (a phrase of card
    text, Ⅱ-E) is about the card itself. `card` is the card that names it; `listed_by`
    every card of the catalog that names it: a FAQ several cards name is about them
    together, and answers only when all of them are in the step."""

    card: str = ""
    listed_by: frozenset = frozenset()
    # A section named only because a FAQ of the card belongs to it (card_cites): it
    # answers only where that FAQ does — cited with the FAQ, never instead of it.
    of_faq: str = ""

    def derive(self, text: str) -> "Mention":
        derived = Mention(text)
        derived.card, derived.listed_by = self.card, frozenset()
        derived.of_faq = str(self) if "/faq-" in self else self.of_faq
        return derived


def mark_listing(sections_by_card: dict[str, tuple]) -> None:
    """Record on each card's Mentions which card names them and which cards name each."""
    listed: dict[str, set[str]] = {}
    for card, sections in sections_by_card.items():
        for cite in sections:
            listed.setdefault(str(cite), set()).add(card)
    for card, sections in sections_by_card.items():
        for cite in sections:
            if isinstance(cite, Mention):
                cite.card, cite.listed_by = card, frozenset(listed[str(cite)])


def unique(cites: Iterable[str]) -> list[str]:
    """Each citation once, in first-seen order; one the procedure names itself stays a
    rule even when a card's sections named it first (a Mention)."""
    cites = list(cites)
    rules = {c for c in cites if not isinstance(c, Mention)}
    out: dict[str, str] = {}
    for cite in cites:
        if cite not in out:
            out[cite] = str(cite) if cite in rules else cite
    return list(out.values())


MAX_CITES = 4  # per step
MAX_FAQS = 2


@lru_cache(maxsize=8192)
def item_of(citation: str) -> str:
    """The section a FAQ or example belongs to (guide-ja:II-E-22/faq-1 -> guide-ja:II-E-22)."""
    return citation.split("/", 1)[0]


@lru_cache(maxsize=1)
def _zh_to_ja() -> dict[str, str]:
    # Only when a guide-zh section is cited.
    from judgebot.corpus.alignment import guide_ja_counterparts, load_alignment

    return guide_ja_counterparts(load_alignment())


@lru_cache(maxsize=8192)
def guide_ja_of(section: str) -> str:
    """The guide-ja section with the same content (a guide-zh section's counterpart)."""
    return _zh_to_ja().get(section, section) if section.startswith("guide-zh:") else section


def _one_edition(cites: list[str]) -> list[str]:
    """A guide-ja section and its guide-zh counterpart state one rule: the first the step
    names is kept (a step names guide-zh first where only its text states the rule)."""
    seen: set[str] = set()
    out = []
    for cite in cites:
        key = cite if "/" in cite else guide_ja_of(cite)
        if key in seen:
            continue
        seen.add(key)
        out.append(cite)
    return out


@lru_cache(maxsize=1)
def engine_rules() -> frozenset[str]:
    """The sections the engine applies as rules of its own (data/citations.yaml
    `engine_rules`, in guide-ja numbering)."""
    return frozenset(_raw_table().get("engine_rules") or ()) | frozenset(_card_text_table().get("engine_rules") or ())


def _one_faq_per_item_first(faqs: list[str]) -> list[str]:
    """The first FAQ of each section, in order, then the others: two effects with a FAQ
    each are both answered before a second FAQ on one of them."""
    firsts: dict[str, str] = {}
    for faq in faqs:
        firsts.setdefault(guide_ja_of(item_of(faq)), faq)
    return list(dict.fromkeys(list(firsts.values()) + faqs))


_decided: dict[tuple, tuple[str, ...]] = {}  # the same steps recur in every ruling of a batch


def decide(kind: str, candidates: Iterable[str], in_play: Callable[[], frozenset] | frozenset = frozenset()) -> list[str]:
    """See `_decide`; the answer for one step kind, candidate list (for a mention, also
    its card and the cards that list it) and board is computed once per process."""
    candidates = list(candidates)
    shared = any(type(c) is Mention and len(c.listed_by) > 1 for c in candidates)
    board = (in_play() if callable(in_play) else in_play) if shared else frozenset()
    key = (kind, tuple((c, c.card, c.listed_by, c.of_faq) if type(c) is Mention else c for c in candidates), board)
    found = _decided.get(key)
    if found is None:
        if len(_decided) > 20_000:
            _decided.clear()
        found = _decided[key] = tuple(_decide(kind, candidates, board))
    return list(found)


def _decide(kind: str, candidates: list[str], in_play: frozenset) -> list[str]:
    """The citations of one step, decisive first and at most MAX_CITES: the FAQs that
    answer the case (at most MAX_FAQS, one per section first, in the order the step
    names them), then the items that state the rule (a cited FAQ's own item first), then
    the procedure. Only sections the table lists for the step kind, one edition of each
    rule, and a card's FAQ only where it answers the case (see Mention)."""
    # The rules the step applies: what the procedure names (a FAQ it names, its section too).
    applied = {guide_ja_of(item_of(c)) for c in candidates if not isinstance(c, Mention)}
    mentions = {c for c in candidates if isinstance(c, Mention)} - applied
    cards = set(in_play) | {c.card for c in candidates if isinstance(c, Mention) and c.card}
    # A FAQ the catalog files under several cards is about them together.
    apart = {str(c) for c in candidates if isinstance(c, Mention) and not c.listed_by <= cards}
    # A section a card names only through one of its FAQs: {section: its FAQs} (a section
    # also named directly, by the procedure or the card, is not one of these).
    direct = {str(c) for c in candidates if not (isinstance(c, Mention) and c.of_faq)}
    via_faq: dict[str, set[str]] = {}
    for c in candidates:
        if isinstance(c, Mention) and c.of_faq and str(c) not in direct:
            via_faq.setdefault(str(c), set()).add(c.of_faq)
    cites = [str(c) for c in dict.fromkeys(candidates)]
    allowed = _allowed(kind)
    if allowed is not None:
        cites = [c for c in cites if c in allowed]
    cites = _one_edition(cites)

    def answers(cite: str) -> bool:
        if cite in mentions and cite in apart and "/faq-" in cite:
            return False
        item = guide_ja_of(item_of(cite))
        return cite not in mentions or item in applied or item not in engine_rules()

    # A FAQ on a card in play, filed under a rule the step applies, answers before the FAQ
    # the procedure names for that rule in general.
    faqs = [c for c in cites if rank(c) == 0 and answers(c)]
    faqs = sorted(faqs, key=lambda c: not (c in mentions and guide_ja_of(item_of(c)) in applied))
    faqs = _one_faq_per_item_first(faqs)[:MAX_FAQS]
    items = [c for c in cites if rank(c) == 1 and (answers(c) or
                                                   any(guide_ja_of(item_of(f)) == guide_ja_of(c) for f in faqs))
             and (c not in via_faq or via_faq[c] & set(faqs))]
    answered = [i for f in faqs for i in items if guide_ja_of(i) == guide_ja_of(item_of(f))]
    items = list(dict.fromkeys(answered + items))
    procedures = [c for c in cites if rank(c) == 2]
    return (faqs + items + procedures)[:MAX_CITES]


# Languages whose own edition a ruling cites where it has the rule (CONTRACT.md, check
# --lang): zh guide-zh; ko rules-ko, else the guide-ja section. ja and en cite the table's
# own sections (guide-ja first; guide-zh where only guide-zh states the rule).
LOCALIZED = ("zh", "ko")


@lru_cache(maxsize=1)
def _play_rule_sections() -> dict[str, list[str]]:
    """guide-ja section -> the rules-ko sections whose main subject it is (the first guide
    section data/alignment.yaml lists for them), most specific first."""
    from judgebot.corpus.alignment import load_alignment

    found: dict[str, list[tuple[int, str]]] = {}
    for rule, targets in load_alignment()["rules"].items():
        targets = targets if isinstance(targets, list) else [targets]
        if rule.startswith("rules-ko:") and targets:
            first = targets[0] if ":" in targets[0] else f"guide-ja:{targets[0]}"
            found.setdefault(first, []).append((len(targets), rule))
    return {ja: [rule for _, rule in sorted(rules)] for ja, rules in found.items()}


# Ⅰ-A-01 is the whole attack; rules-ko states it in three places: the damage steps in
# 기술의 데미지 계산의 순서, the Knock Out check in B-11 (포켓몬의 「기절」), everything else — declaring,
# the cost, confusion, the text, the turn ending with the attack — in B-10 (기술을 사용한다).
KO_ATTACK_DAMAGE_STEPS = ("base", "attacker_effects", "weakness", "resistance", "defender_effects", "final")
KO_ATTACK_BY_STEP = {**{key: "rules-ko:기술의 데미지 계산의 순서" for key in KO_ATTACK_DAMAGE_STEPS},
                     "knockout_check": "rules-ko:B-11"}


# Where the rules-ko section on the subject does not state what the step applies, the guide-ja
# section stays (ko cites guide-ja where its own edition lacks the rule): rules-ko A-02 defines
# a damage counter, not that placing them is not damage (Ⅱ-C-07); B-09 [특성을 사용한다] says who
# declares an Ability, where and how often — not that one that would change nothing, or whose
# condition cannot be met, or that an effect removed, cannot be declared (Ⅰ-A-02).
KO_KEEP_GUIDE: dict[str, tuple[str, ...] | None] = {
    "guide-ja:II-C-07": None,
    "guide-ja:I-A-02": ("nothing_happens", "pay", "negated", "reason"),
}


def _equivalent(corpus, cite: str, lang: str, cited: list[str], step: str | None = None) -> str | None:
    """The same rule in `lang`'s edition: zh the guide-zh counterpart (for a FAQ, the
    counterpart of its section, whose text holds it); ko the rules-ko section whose main
    subject it is (for Ⅰ-A-01 the one that states the step), one the step cites already first."""
    record = corpus.get(cite)
    if lang == "ko":
        ja = cite if record.doc == "guide-ja" else next((e for e in record.equivalents if e.startswith("guide-ja:")), None)
        if ja == "guide-ja:I-A-01" and step is not None:
            return KO_ATTACK_BY_STEP.get(step, "rules-ko:B-10")
        if ja in KO_KEEP_GUIDE and (KO_KEEP_GUIDE[ja] is None or step in KO_KEEP_GUIDE[ja]):
            return None
        options = _play_rule_sections().get(ja or "", [])
        return sorted(options, key=lambda r: r not in cited)[0] if options else None
    for candidate in (record, corpus.get(cite.split("/", 1)[0]) if "/" in cite else None):
        if candidate is None:
            continue
        try:
            return corpus.follow(candidate, lang).id
        except InputError:
            continue
    return None


def localize(cites: Iterable[str], lang: str, step: str | None = None) -> list[str]:
    """Each citation in the edition of `lang` where it has the rule (see _equivalent);
    `step` is the step kind the citations are for (a reason: "reason")."""
    from judgebot.corpus import load_corpus

    corpus = load_corpus()
    cites = list(cites)
    out: list[str] = []
    for cite in cites:
        if corpus.get(cite).lang != lang:
            cite = _equivalent(corpus, cite, lang, cites, step) or cite
        out.append(cite)
    return list(dict.fromkeys(out))
