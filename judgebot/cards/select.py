"""Turn what the user asked to print into CardItems.

Sources: corpus records (citations, a chapter, search hits), the engine's procedure
data (judgebot.engine.procedures.steps) and the glossary. Every citation an item prints
resolves in the corpus.
"""

from __future__ import annotations

import re

from judgebot.cards.content import Block, CardItem, label
from judgebot.cards.selection import Selection
from judgebot.engine.procedures.steps import PRIZES_BY_RULE, PROCEDURES, Step, see_also
from judgebot.errors import InputError, UnknownIdError

CARD_LANGS = ("ja", "zh", "ko", "en")
DOCUMENT_LANGS = ("ja", "zh", "ko")  # the languages of the documents themselves
GLOSSARY_LANGS = ("ja", "zh", "ko", "en")
PROCEDURE_ORDER = tuple(PROCEDURES)

# Card titles for the built-in procedure cards (the steps carry the guides' wording).
PROCEDURE_TITLES = {
    "attack": {"ja": "ワザを使う流れ", "zh": "使用招式的流程", "ko": "기술 사용 순서", "en": "Using an attack"},
    "damage": {"ja": "ダメージ計算の順番", "zh": "伤害计算的顺序", "ko": "데미지 계산 순서", "en": "Damage calculation"},
    "checkup": {"ja": "ポケモンチェックの順番", "zh": "宝可梦检查的顺序", "ko": "포켓몬 체크 순서", "en": "Pokémon Checkup order"},
    "retreat": {"ja": "にげる", "zh": "撤退", "ko": "후퇴", "en": "Retreat"},
    "knockout": {"ja": "きぜつとサイド", "zh": "昏厥与奖赏卡", "ko": "기절과 프라이즈", "en": "Knock Out and Prizes"},
    "game_end": {"ja": "勝ち負けの判定", "zh": "胜负的判定", "ko": "승패 판정", "en": "Winning and losing"},
    "setup": {"ja": "対戦の準備", "zh": "对战的准备", "ko": "대전 준비", "en": "Setting up a game"},
    "ability": {"ja": "特性を使う", "zh": "使用特性", "ko": "특성 사용", "en": "Using an Ability"},
    "evolve": {"ja": "進化させる", "zh": "进化", "ko": "진화", "en": "Evolving"},
    "bench": {"ja": "ベンチに出す", "zh": "放于备战区", "ko": "벤치에 내보내기", "en": "Putting a Basic on the Bench"},
    "play": {"ja": "トレーナーズを使う", "zh": "使用训练家", "ko": "트레이너스 사용", "en": "Playing a Trainer"},
    "attach": {"ja": "エネルギーをつける", "zh": "附着能量", "ko": "에너지 붙이기", "en": "Attaching Energy"},
}

# Rule Box names for the Prize table of the Knock Out card, in print order.
RULE_BOX_NAMES = {
    "none": {"ja": "ルールを持たないポケモン", "zh": "无规则的宝可梦", "ko": "룰이 없는 포켓몬", "en": "Pokémon without a Rule Box"},
    "radiant": {"ja": "かがやくポケモン", "zh": "光辉宝可梦", "ko": "빛나는 포켓몬", "en": "Radiant Pokémon"},
    "ex": {"ja": "ポケモンex", "zh": "宝可梦ex", "ko": "포켓몬 ex", "en": "Pokémon ex"},
    "v": {"ja": "ポケモンV", "zh": "宝可梦V", "ko": "포켓몬 V", "en": "Pokémon V"},
    "vstar": {"ja": "ポケモンVSTAR", "zh": "宝可梦VSTAR", "ko": "포켓몬 VSTAR", "en": "Pokémon VSTAR"},
    "gx": {"ja": "ポケモンGX", "zh": "宝可梦GX", "ko": "포켓몬 GX", "en": "Pokémon-GX"},
    "mega_ex": {"ja": "メガシンカex", "zh": "超级进化ex", "ko": "메가진화 ex", "en": "Mega Evolution Pokémon ex"},
    "vmax": {"ja": "ポケモンVMAX", "zh": "宝可梦VMAX", "ko": "포켓몬 VMAX", "en": "Pokémon VMAX"},
    "tag_team": {"ja": "TAG TEAM", "zh": "TAG TEAM", "ko": "TAG TEAM", "en": "TAG TEAM"},
}
GLOSSARY_KIND_NAMES = {
    "game_term": {"ja": "ゲーム用語", "zh": "游戏术语", "ko": "게임 용어", "en": "Game terms"},
    "zone": {"ja": "場所", "zh": "区域", "ko": "영역", "en": "Zones"},
    "card_kind": {"ja": "カードの種類", "zh": "卡牌种类", "ko": "카드 종류", "en": "Kinds of cards"},
    "special_condition": {"ja": "特殊状態", "zh": "特殊状态", "ko": "특수 상태", "en": "Special Conditions"},
    "type": {"ja": "タイプ", "zh": "属性", "ko": "타입", "en": "Types"},
    "action": {"ja": "行動", "zh": "行动", "ko": "행동", "en": "Actions"},
    "rule_phrase": {"ja": "説明文の表現", "zh": "说明文的表述", "ko": "설명문 표현", "en": "Card text phrases"},
    "rule_box": {"ja": "ルール", "zh": "规则", "ko": "룰", "en": "Rule Boxes"},
    "card_name": {"ja": "カード名", "zh": "卡牌名", "ko": "카드 이름", "en": "Card names"},
}
PRIZE_WORD = {"ja": "サイド{n}枚", "zh": "奖赏卡{n}张", "ko": "프라이즈 {n}장", "en": "{n} Prize card{s}"}

_ENUMERATOR = re.compile(r"^\s*(?:\d+[.．]|[①-⑩])\s*")
_STEP_LABEL = re.compile(r"^\s*(\d{1,2}|[a-z]|[①-⑳])[.．)）]\s*")
_MARKER = re.compile(r"^(?:【(?:FAQ|文例|例)\s*\d*】|例\s*\d*\)|\(例\)|（例）)\s*")


def select_items(selection: Selection, corpus) -> list[CardItem]:
    """The items to print, in the order: citations, chapter, search hits, glossary,
    procedures. Each record appears once."""
    if selection.is_empty():
        raise InputError(
            "nothing to print: give citations, --chapter, --query, --glossary, --procedure or --card"
        )
    if selection.lang is not None and selection.lang not in CARD_LANGS:
        raise InputError(f"--lang {selection.lang!r}: cards are printed in ja, zh, ko or en")
    lang = selection.lang
    records = [resolve_citation(corpus, ident, lang) for ident in selection.citations]
    if selection.chapter:
        records += chapter_records(corpus, selection.chapter, lang)
    english = lang == "en"
    items = [record_item(record, corpus, english=english) for record in _unique(records)]
    if selection.query:
        shown = {item.key for item in items}
        for record, terms in search_records(corpus, selection.query, lang, selection.query_limit):
            if record.id not in shown:
                shown.add(record.id)
                items.append(query_item(record, corpus, terms, english=english))
    if selection.glossary:
        items += glossary_items(selection.glossary, lang or "ja", corpus)
    for name in _procedure_names(selection.procedures):
        items.append(procedure_item(name, lang or "ja", corpus))
    return items


def resolve_citation(corpus, ident: str, lang: str | None):
    """The record of a citation or bare ID, in `lang`'s document when that document
    has the same item; otherwise the record as cited (an FAQ of one guide has no
    counterpart in the other), so the card still prints, under its own ID."""
    try:
        return corpus.resolve(ident, lang)
    except UnknownIdError:
        raise
    except InputError:  # it exists, but not in `lang`
        return corpus.resolve(ident)


def _unique(records):
    seen = set()
    for record in records:
        if record.id not in seen:
            seen.add(record.id)
            yield record


# -- corpus records ---------------------------------------------------------------

def chapter_records(corpus, chapter: str, lang: str | None) -> list:
    """A chapter (or any section) and every section under it, in reading order."""
    head = corpus.resolve(chapter, lang)
    if head.kind != "section":
        raise InputError(f"--chapter {chapter}: {head.id} is a {head.kind}, not a chapter")
    out = [head] if _has_own_text(head) else []
    for child_id in head.children:
        child = corpus.get(child_id)
        if child.kind == "section":
            out += chapter_records(corpus, child.id, None)
    return out


def _has_own_text(record) -> bool:
    return any(b.get("text", "").strip() for b in record.blocks if b.get("type") not in ("faq", "example")) \
        or (not record.blocks and record.text.strip() != "")


# A query prints what answers it, bounded (`cards --query "burn checkup"`): the hits that
# score at least RELEVANT of the best one (at most --limit), and of a long record only its
# blocks that name what the query asked — at most EXCERPT_BLOCKS, with a pointer to the whole
# record — so a section of ten cards that mentions Burn once prints as one card.
RELEVANT = 0.25
LONG_RECORD_CHARS = 700
EXCERPT_BLOCKS = 3


def search_records(corpus, query: str, lang: str | None, limit: int) -> list[tuple]:
    """(record, the words the query matched in it) for each relevant hit, best first."""
    from judgebot.search import search

    result = search(query, lang=lang or "all", doc=None, limit=limit)
    hits = result.get("hits", [])
    best = max((hit.get("score") or 0 for hit in hits), default=0)
    forms = [form for term in result.get("expanded") or [] for form in term.get("forms", [])]
    words = [w for w in query.split() if len(w) > 1]
    return [(corpus.get(hit["id"]), tuple(dict.fromkeys(list(hit.get("matched") or []) + forms + words)))
            for hit in hits if best and (hit.get("score") or 0) >= RELEVANT * best]


def query_item(record, corpus, terms: tuple[str, ...], english: bool = False) -> CardItem:
    """A search hit's card: the record, or of a long one the blocks that name the terms."""
    item = record_item(record, corpus, english=english)
    if sum(len(b.text) for b in item.blocks) <= LONG_RECORD_CHARS:
        return item
    wanted = [t.lower() for t in terms if t.strip()]
    named = [b for b in item.blocks if b.type != "note" and any(t in b.text.lower() for t in wanted)]
    kept = (named or [b for b in item.blocks if b.type != "note"][:1])[:EXCERPT_BLOCKS]
    kept.append(Block("note", label=label("see", item.lang), text=record.id))
    item.blocks = kept
    item.citations = list(dict.fromkeys([record.id] + [c for b in kept for c in b.cite]))
    return item


def record_item(record, corpus, english: bool = False) -> CardItem:
    """The card of a record, in its own language, or (`english`) in its English
    rendering, said to be unofficial, with the original cited as the authority."""
    attribution = corpus.documents[record.doc].attribution if record.doc in corpus.documents else {}
    if english and record.text_en is None:
        raise InputError(f"{record.id}: no English rendering of this record yet; print it with --lang ja, zh or ko")
    lang = "en" if english else record.lang if record.lang in DOCUMENT_LANGS else "ja"
    if record.kind in ("faq", "example"):
        text = _strip_marker(record.text_en if english else record.text)
        first, _, rest = text.partition("\n")
        title = (record.title_en or record.title) if english else record.title
        if not english and first.strip() == title.strip() and rest.strip():
            text = rest  # the card's title already shows the first line
        blocks = [Block(record.kind, text=text, label=_sub_label(record.kind, record.id, lang),
                        cite=(record.id,))]
    elif english:
        blocks = [_block({**raw, "text": rendering}, record, corpus, lang, english=True)
                  for raw, rendering in zip(record.blocks, record.blocks_en or [])]
    else:
        blocks = [_block(raw, record, corpus) for raw in record.blocks]
    blocks = [b for b in blocks if b.text.strip() or b.row]
    if not blocks:
        text = record.text_en if english else record.text
        blocks = [Block("para", line) for line in text.splitlines() if line.strip()]
    if not blocks and record.children:  # a chapter heading: list what it holds
        children = [corpus.get(c) for c in record.children if c in corpus]
        blocks = [Block("bullet", f"{child.section}  {child.title}") for child in children]
    blocks = _superseded_blocks(record, lang) + blocks
    blocks += [Block("note", label=_note_label(lang), text=note) for note in record.notes]
    shown_refs = [r for r in record.refs if r in corpus]
    if shown_refs:
        blocks.append(Block("note", label=label("see", lang), text=" ".join(shown_refs)))
    citations = [record.id] + [c for b in blocks for c in b.cite]
    return CardItem(
        key=record.id,
        kind=record.kind if record.kind in ("section", "faq", "example") else "section",
        lang=lang,
        kicker=f"{record.doc} · {record.section}" + (f" · {record.title_en}" if record.title_en and not english else ""),
        title=((record.title_en or record.title) if english else record.title) or record.section,
        blocks=blocks,
        source=_source_line(attribution, record.id) + (f" · {_english_notice()}" if english else ""),
        citations=list(dict.fromkeys(citations)),
    )


def _superseded_blocks(record, lang: str) -> list[Block]:
    """An older document's rule the current guide changed says so first, on the card
    itself, with what changed and the current rule's citation."""
    if not record.superseded_by:
        return []
    from judgebot.i18n import msg, render

    return [Block("note", label="⚠ " + render(msg("corpus.superseded_label"), lang) + ":",
                  text=f"{record.differs} → {' '.join(record.superseded_by)}", cite=tuple(record.superseded_by))]


def _english_notice() -> str:
    from judgebot.i18n import msg, render

    return render(msg("corpus.english_card_notice"), "en")


def _block(raw: dict, record, corpus, lang: str | None = None, english: bool = False) -> Block:
    kind = raw.get("type", "para")
    text = raw.get("text") or ""
    ref = raw.get("ref")
    level = int(raw.get("level") or 0)
    if kind in ("faq", "example"):
        if ref and ref in corpus and not text.strip():
            text = corpus.get(ref).text_en if english else corpus.get(ref).text
        return Block(kind, text=_strip_marker(text), level=level,
                     label=_sub_label(kind, ref, lang or record.lang),
                     cite=(ref,) if ref and ref in corpus else ())
    if kind == "step":
        match = _STEP_LABEL.match(text)
        if match:
            return Block(kind, text=text[match.end():], level=level, label=match.group(1))
    return Block(kind, text=text, level=level)


def _note_label(lang: str) -> str:
    """judgebot's own annotations are labelled as such on a card, never printed as rule text."""
    from judgebot.i18n import msg, render

    return render(msg("corpus.note_label"), lang) + ":"


def _sub_label(kind: str, ref: str | None, lang: str) -> str:
    """"FAQ 2" for …/faq-2, "文例 1" for …/ex-1."""
    number = ref.rsplit("-", 1)[-1] if ref and "/" in ref else ""
    return f"{label(kind, lang)} {number}".strip()


def _strip_marker(text: str) -> str:
    """Drop the leading 【FAQ】/【文例 1】/例) marker: the card prints its own label."""
    return _MARKER.sub("", text.lstrip(), count=1)


def _source_line(attribution: dict, citation: str) -> str:
    parts = [attribution.get("title"), _version(attribution), citation]
    return " · ".join(p for p in parts if p)


def _version(attribution: dict) -> str:
    version = str(attribution.get("version") or "").strip()
    if version and not version.lower().startswith("ver"):
        version = f"Ver.{version}"
    return version


# -- procedures ---------------------------------------------------------------------

def _procedure_names(names: list[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        if name == "all":
            out += PROCEDURE_ORDER
        elif name in PROCEDURES:
            out.append(name)
        else:
            raise InputError(f"--procedure {name!r}: choose from {', '.join(PROCEDURE_ORDER)} or all")
    return list(dict.fromkeys(out))


def localize_citations(cites, lang: str, corpus) -> tuple[str, ...]:
    """Each citation in the document of `lang` where an equivalent exists; citations
    that do not resolve in the corpus are left out (a card never prints a dead ID)."""
    out: list[str] = []
    for cite in cites:
        if cite not in corpus:
            continue
        record = corpus.get(cite)
        if record.lang != lang:
            try:
                cite = corpus.follow(record, lang).id
            except InputError:
                pass
        out.append(cite)
    return tuple(dict.fromkeys(out))


def procedure_item(name: str, lang: str, corpus) -> CardItem:
    blocks: list[Block] = []
    citations: list[str] = []
    for number, step in enumerate(PROCEDURES[name], start=1):
        cites = localize_citations(step.cite + see_also(name, step.key), lang, corpus)
        citations += cites
        blocks.append(Block("step", text=_step_text(step, lang), label=str(number), cite=cites))
    if name == "knockout":
        blocks.append(Block("table", text=_prize_table(lang)))
    docs = list(dict.fromkeys(c.split(":", 1)[0] for c in citations))
    sources = [
        " ".join(p for p in (corpus.documents[d].attribution.get("title"), _version(corpus.documents[d].attribution)) if p)
        for d in docs if d in corpus.documents
    ]
    return CardItem(
        key=f"procedure:{name}",
        kind="procedure",
        lang=lang,
        kicker=f"{label('procedure', lang)} · {PROCEDURE_TITLES[name]['en']}",
        title=PROCEDURE_TITLES[name][lang],
        blocks=blocks,
        source=" · ".join(["judgebot"] + [s for s in sources if s]),
        citations=list(dict.fromkeys(citations)),
    )


def _step_text(step: Step, lang: str) -> str:
    title = _ENUMERATOR.sub("", step.label(lang))
    detail = (step.detail or {}).get(lang)
    return f"{title}\n{detail}" if detail else title


def _prize_table(lang: str) -> str:
    """One row per Prize count: "サイド2枚<TAB>ポケモンex、ポケモンV、…"."""
    by_count: dict[int, list[str]] = {}
    for rule, prizes in PRIZES_BY_RULE.items():
        by_count.setdefault(prizes, []).append(RULE_BOX_NAMES.get(rule, {}).get(lang, rule))
    joiner = ", " if lang in ("ko", "en") else "、"
    return "\n".join(f"{PRIZE_WORD[lang].format(n=n, s='' if n == 1 else 's')}\t{joiner.join(names)}"
                     for n, names in sorted(by_count.items()))


# -- glossary -----------------------------------------------------------------------

def glossary_items(kind: str, lang: str, corpus) -> list[CardItem]:
    from judgebot.glossary import all_entries

    entries = list(all_entries())
    kinds = list(dict.fromkeys(str(getattr(e, "kind", "") or "term") for e in entries))
    if kind != "all" and kind not in kinds:
        raise InputError(f"--glossary {kind!r}: choose all or one of {', '.join(kinds)}")
    items = []
    for group in kinds if kind == "all" else [kind]:
        blocks = []
        for entry in entries:
            if str(getattr(entry, "kind", "") or "term") != group:
                continue
            row = {code: str(getattr(entry, code, "") or "") for code in GLOSSARY_LANGS}
            cites = localize_citations(getattr(entry, "sections", ()) or (), lang, corpus)
            blocks.append(Block("term", row=row, cite=cites))
        if not blocks:
            continue
        items.append(CardItem(
            key=f"glossary:{group}",
            kind="glossary",
            lang=lang,
            kicker=f"{label('glossary', lang)} · ja / zh / ko / en",
            title=f"{label('glossary', lang)}: {GLOSSARY_KIND_NAMES.get(group, {}).get(lang, group)}",
            blocks=blocks,
            source="judgebot glossary (data/glossary.yaml)",
            citations=sorted({c for b in blocks for c in b.cite}),
        ))
    return items
