"""Embeddable CJK fonts for the rule cards.

The glyphs come from Noto Sans CJK (SIL Open Font License 1.1), installed by pip
with the project (packages ``cvttf-notosanscjk-regular`` and
``cvttf-notosanscjk-bold``). Those files are CFF-flavoured OpenType, which
reportlab cannot embed, so for each PDF we cut a subset holding only the
characters the PDF prints, convert its outlines to TrueType quadratics with
fontTools, and hand reportlab that small TrueType font, which it embeds
(subsetted again) in the PDF.

One OTF serves all three languages: Noto Sans CJK carries the Japanese, Simplified
Chinese and Korean glyph forms of the shared Han characters behind the OpenType
``locl`` feature. A subset for a language maps each character to that language's
form before cutting, so 直 or 骨 look right to a Japanese and a Chinese reader alike.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from judgebot.errors import InputError

FONT_PACKAGES = {
    "regular": ("cvttf_NotoSansCJK_Regular", "cvttf-notosanscjk-regular"),
    "bold": ("cvttf_NotoSansCJK_Bold", "cvttf-notosanscjk-bold"),
}
FONT_LICENSE = "Noto Sans CJK, SIL Open Font License 1.1 (Adobe / Google)"

# OpenType language-system tags whose `locl` lookups give each language's glyph forms.
LOCL_TAGS = {"ja": "JAN ", "zh": "ZHS ", "ko": "KOR "}


@dataclass(frozen=True)
class CardFont:
    """A reportlab-registered font family for one language."""

    lang: str
    regular: str  # registered reportlab font names
    bold: str
    missing: tuple[str, ...]  # characters the font has no glyph for


def font_file(weight: str) -> Path:
    """The installed Noto Sans CJK OTF of a weight (regular, bold)."""
    module, package = FONT_PACKAGES[weight]
    spec = importlib.util.find_spec(module)
    locations = list(spec.submodule_search_locations or []) if spec else []
    for location in locations:
        found = sorted(Path(location).glob("*.otf"))
        if found:
            return found[0]
    raise InputError(
        f"the CJK font for rule cards is not installed: `pip install {package}` "
        "(or reinstall judgebot with `pip install -e .`)"
    )


def register_fonts(lang: str, chars: str | set[str], bold_chars: str | set[str] | None = None) -> CardFont:
    """Build (or reuse) and register the regular and bold fonts of `lang` that cover
    `chars` (the bold one only `bold_chars`, if given). The same language and
    characters always give the same font bytes."""
    if lang not in LOCL_TAGS:
        raise InputError(f"no card font for language {lang!r}; use one of ja, zh, ko")
    names = {}
    missing: set[str] = set()
    for weight, wanted in (("regular", chars), ("bold", chars if bold_chars is None else bold_chars)):
        charset = "".join(sorted({c for c in wanted if _printable(c)}))
        digest = hashlib.sha256(f"{lang}\0{charset}".encode()).hexdigest()[:10]
        name = f"JBNoto-{lang}-{weight}-{digest}"
        # reportlab shares one parsed face among fonts with the same PostScript name,
        # so each subset gets its own: NotoSansCJKja-Regular-<digest>.
        font_bytes, lacking = _subset_ttf(weight, lang, charset, f"NotoSansCJK{lang}-{weight.title()}-{digest}")
        missing.update(lacking)
        _register(name, font_bytes)
        names[weight] = name
    _register_family(names["regular"], names["bold"])
    return CardFont(lang, names["regular"], names["bold"], tuple(sorted(missing)))


def missing_chars(chars) -> set[str]:
    """The printable characters of `chars` that Noto Sans CJK has no glyph for."""
    cmap = _cmap()
    return {c for c in chars if _printable(c) and ord(c) not in cmap}


def stand_in(char: str) -> str:
    """What a card prints for a character no embedded font can draw: its Unicode
    name (the guide-zh OCR left type icons as emoji such as ⚡), never a blank box."""
    return "[" + unicodedata.name(char, f"U+{ord(char):04X}").title() + "]"


@lru_cache(maxsize=1)
def _cmap() -> frozenset[int]:
    from fontTools.ttLib import TTFont

    return frozenset(TTFont(str(font_file("regular")), lazy=True).getBestCmap())


def _printable(char: str) -> bool:
    """Characters that need a glyph: all but control characters and line breaks."""
    return char == " " or (not char.isspace() and ord(char) >= 0x20)


def _register(name: str, font_bytes: bytes) -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if name in pdfmetrics.getRegisteredFontNames():
        return
    pdfmetrics.registerFont(TTFont(name, io.BytesIO(font_bytes)))


def _register_family(regular: str, bold: str) -> None:
    from reportlab.pdfbase.pdfmetrics import registerFontFamily

    registerFontFamily(regular, normal=regular, bold=bold, italic=regular, boldItalic=bold)


@lru_cache(maxsize=16)
def _subset_ttf(weight: str, lang: str, charset: str, postscript_name: str) -> tuple[bytes, tuple[str, ...]]:
    """A TrueType-outline subset of the Noto OTF with `lang`'s glyph forms."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    # recalcTimestamp off: the subset keeps the source's dates, so the bytes (and the
    # PDF that embeds them) do not depend on when they were made.
    font = TTFont(str(font_file(weight)), recalcTimestamp=False)
    cmap = font.getBestCmap()
    missing = tuple(c for c in charset if ord(c) not in cmap)
    _apply_locl(font, LOCL_TAGS[lang], {ord(c) for c in charset})

    options = subset.Options()
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "BASE", "VORG", "vhea", "vmtx", "DSIG"]
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.glyph_names = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in charset if ord(c) in cmap])
    subsetter.subset(font)
    _rename(font, postscript_name)
    _cff_to_glyf(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue(), missing


def _rename(font, postscript_name: str) -> None:
    """Name the subset after its language and character set, so the PDF's font list
    tells the Japanese, Chinese and Korean subsets apart."""
    for record in font["name"].names:
        if record.nameID == 6:
            record.string = postscript_name


def _apply_locl(font, lang_tag: str, codepoints: set[int]) -> None:
    """Point the cmap of `codepoints` at the `locl` substitutes for `lang_tag`."""
    gsub = font["GSUB"].table
    feature_indices: set[int] = set()
    for script in gsub.ScriptList.ScriptRecord:
        for langsys in script.Script.LangSysRecord:
            if langsys.LangSysTag == lang_tag:
                feature_indices.update(langsys.LangSys.FeatureIndex)
    lookup_indices: set[int] = set()
    for index in feature_indices:
        record = gsub.FeatureList.FeatureRecord[index]
        if record.FeatureTag == "locl":
            lookup_indices.update(record.Feature.LookupListIndex)
    substitute: dict[str, str] = {}
    for index in sorted(lookup_indices):
        lookup = gsub.LookupList.Lookup[index]
        for table in lookup.SubTable:
            if lookup.LookupType == 7:  # extension wrapper
                table = table.ExtSubTable
            substitute.update(getattr(table, "mapping", {}) or {})
    # Only CJK codepoints: Latin letters and ASCII punctuation keep their default
    # proportional forms (the Korean forms of ":" and "." look wrong in citations).
    cjk = [cp for cp in codepoints if cp >= 0x2E80]
    for table in font["cmap"].tables:
        for cp in cjk:
            glyph = table.cmap.get(cp)
            if glyph in substitute:
                table.cmap[cp] = substitute[glyph]


def _cff_to_glyf(font) -> None:
    """Replace CFF (cubic) outlines by TrueType `glyf` (quadratic) outlines."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        # CFF contours run counter-clockwise, TrueType's clockwise.
        glyph_set[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyphs.items():
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for attr in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                 "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, attr, 0)
    font["post"].formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"
