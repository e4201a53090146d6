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

Cutting is slow (seconds per subset), so the wheel ships one subset per language and
weight already cut for every character of the packaged data (`data/fonts/`, built by
`python3 dev.py fonts`, see `font_build.py`): cards of the packaged rules, FAQs,
procedures and glossary use those directly and cut nothing. Text outside them (a
corpus of your own) is cut from Noto; the same selection gives the same subset,
so those subsets are cached in the user cache directory (`cache_dir()/fonts/`), keyed by
the font file (name, size, mtime), weight, language and a digest of the character
set; so are each font's character coverage (its cmap, parsed once) and its `locl`
substitutions. Cache files are written atomically and checked (sha256) when read; a
cache that cannot be written only costs time.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import unicodedata
from array import array
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from judgebot.cache_files import read_checked, write_checked
from judgebot.errors import InputError
from judgebot.paths import cache_dir, packaged_data_dir

FONT_PACKAGES = {
    "regular": ("cvttf_NotoSansCJK_Regular", "cvttf-notosanscjk-regular"),
    "bold": ("cvttf_NotoSansCJK_Bold", "cvttf-notosanscjk-bold"),
}
FONT_LICENSE = "Noto Sans CJK, SIL Open Font License 1.1 (Adobe / Google)"

# OpenType language-system tags whose `locl` lookups give each language's glyph forms.
LOCL_TAGS = {"ja": "JAN ", "zh": "ZHS ", "ko": "KOR "}
# An English card quotes card names as printed in Japanese: it is drawn with the
# Japanese glyph forms (and wrapped at spaces, see flowables.Styles).
GLYPH_FORMS = {"en": "ja"}
# Bump when the way subsets are cut changes: older cache entries are then not used.
SUBSET_FORMAT = 2


@dataclass(frozen=True)
class CardFont:
    """A reportlab-registered font family for one language."""

    lang: str
    regular: str  # registered reportlab font names
    bold: str
    missing: tuple[str, ...]  # characters the font has no glyph for


@lru_cache(maxsize=4)
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
    forms = GLYPH_FORMS.get(lang, lang)
    if forms not in LOCL_TAGS:
        raise InputError(f"no card font for language {lang!r}; use one of ja, zh, ko, en")
    names = {}
    missing: set[str] = set()
    for weight, wanted in (("regular", chars), ("bold", chars if bold_chars is None else bold_chars)):
        charset = "".join(sorted({c for c in wanted if _printable(c)}))
        packaged = _packaged_font(forms, weight, charset)
        if packaged is not None:
            name, font_bytes, lacking = packaged
            missing.update(lacking)
            _register(name, font_bytes)
            names[weight] = name
            continue
        digest = hashlib.sha256(f"{forms}\0{charset}".encode()).hexdigest()[:10]
        name = f"JBNoto-{forms}-{weight}-{digest}"
        # reportlab shares one parsed face among fonts with the same PostScript name,
        # so each subset gets its own: NotoSansCJKja-Regular-<digest>.
        font_bytes, lacking = _subset_ttf(weight, forms, charset, f"NotoSansCJK{forms}-{weight.title()}-{digest}")
        missing.update(lacking)
        _register(name, font_bytes)
        names[weight] = name
    _register_family(names["regular"], names["bold"])
    return CardFont(lang, names["regular"], names["bold"], tuple(sorted(missing)))


def missing_chars(chars) -> set[str]:
    """The printable characters of `chars` that Noto Sans CJK has no glyph for."""
    printable = {c for c in chars if _printable(c)}
    manifest = packaged_fonts()
    if manifest is not None and printable <= manifest.known:
        return printable & manifest.lacking
    cmap = _cmap("regular")
    return {c for c in printable if ord(c) not in cmap}


@dataclass(frozen=True)
class PackagedFonts:
    """The subsets shipped in the wheel (data/fonts/manifest.json)."""

    folder: Path
    chars: frozenset[str]  # the characters every shipped subset draws
    lacking: frozenset[str]  # packaged characters Noto Sans CJK has no glyph for
    files: dict[str, str]  # "ja-regular" -> file name

    @property
    def known(self) -> frozenset[str]:
        return self.chars | self.lacking


PACKAGED_MANIFEST = "manifest.json"


@lru_cache(maxsize=1)
def packaged_fonts() -> PackagedFonts | None:
    """The shipped subsets, or None when the package has none (cards then cut from Noto)."""
    folder = packaged_data_dir() / "fonts"
    try:
        manifest = json.loads((folder / PACKAGED_MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return PackagedFonts(folder, frozenset(manifest["chars"]), frozenset(manifest["lacking"]),
                         {key: entry["file"] for key, entry in manifest["fonts"].items()})


def _packaged_font(lang: str, weight: str, charset: str) -> tuple[str, bytes, set[str]] | None:
    """(registered name, TrueType bytes, characters it lacks) of the shipped subset of
    `lang` and `weight`, if it draws every character of `charset`."""
    shipped = packaged_fonts()
    if shipped is None or f"{lang}-{weight}" not in shipped.files or not set(charset) <= shipped.known:
        return None
    font_bytes = _packaged_bytes(shipped.folder / shipped.files[f"{lang}-{weight}"])
    if font_bytes is None:
        return None
    return f"JBNoto-{lang}-{weight}-packaged", font_bytes, set(charset) & shipped.lacking


@lru_cache(maxsize=6)
def _packaged_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


# Type icons the guide-zh OCR left as emoji, printed as the type's word in the guides'
# brackets (a glyph every subset has): ⚡ is the Lightning icon (雷, guide-zh 「⚡ 宝可梦」).
TYPE_ICONS = {"⚡": "【雷】"}


def stand_in(char: str) -> str:
    """What a card prints for a character no embedded font can draw: a type icon as its
    type's word, anything else as its Unicode name — never a blank box."""
    if char in TYPE_ICONS:
        return TYPE_ICONS[char]
    return "[" + unicodedata.name(char, f"U+{ord(char):04X}").title() + "]"


@lru_cache(maxsize=2)
def _cmap(weight: str = "regular") -> frozenset[int]:
    """The code points the font has glyphs for: parsed once, then read from the cache."""
    path = _cache_path(weight, "cmap", "bin")
    data = read_checked(path)
    if data is not None:
        codes = array("I")
        codes.frombytes(data)
        return frozenset(codes)
    from fontTools.ttLib import TTFont

    found = frozenset(TTFont(str(font_file(weight)), lazy=True).getBestCmap())
    write_checked(path, array("I", sorted(found)).tobytes())
    return found


@lru_cache(maxsize=4)
def font_key(weight: str) -> str:
    """Identifies the installed font file (and the subsetting format) in cache names."""
    path = font_file(weight)
    stat = path.stat()
    text = f"{SUBSET_FORMAT}\0{path.name}\0{stat.st_size}\0{stat.st_mtime_ns}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _cache_path(weight: str, *parts: str) -> Path:
    *names, suffix = parts
    return cache_dir() / "fonts" / (f"{font_key(weight)}-{weight}-" + "-".join(names) + f".{suffix}")


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
    """A TrueType-outline subset of the Noto OTF with `lang`'s glyph forms, and the
    characters of `charset` it has no glyph for."""
    digest = hashlib.sha256(f"{charset}\0{postscript_name}".encode()).hexdigest()[:24]
    path = _cache_path(weight, lang, digest, "ttf")
    cmap = _cmap(weight)
    missing = tuple(c for c in charset if ord(c) not in cmap)
    font_bytes = read_checked(path)
    if font_bytes is None:
        font_bytes = _cut_subset(weight, lang, [ord(c) for c in charset if ord(c) in cmap], postscript_name)
        write_checked(path, font_bytes)
    return font_bytes, missing


def _cut_subset(weight: str, lang: str, codepoints: list[int], postscript_name: str) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    # recalcTimestamp off: the subset keeps the source's dates, so the bytes (and the
    # PDF that embeds them) do not depend on when they were made.
    font = TTFont(str(font_file(weight)), recalcTimestamp=False)
    substitutes = _locl(weight)[lang]
    for table in font["cmap"].tables:
        for cp in codepoints:
            if cp in substitutes and cp in table.cmap:
                table.cmap[cp] = substitutes[cp]
    for tag in ("GSUB", "GPOS", "BASE", "VORG", "vhea", "vmtx", "DSIG"):
        if tag in font:
            del font[tag]  # never decompiled: the locl forms are in the cmap now

    options = subset.Options()
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "BASE", "VORG", "vhea", "vmtx", "DSIG"]
    # The CFF outlines are replaced by glyf ones below (which carry no hints), so
    # removing the CFF hints first would be wasted work.
    options.hinting = True
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.glyph_names = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    _rename(font, postscript_name)
    _cff_to_glyf(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _rename(font, postscript_name: str) -> None:
    """Name the subset after its language and character set, so the PDF's font list
    tells the Japanese, Chinese and Korean subsets apart."""
    for record in font["name"].names:
        if record.nameID == 6:
            record.string = postscript_name


@lru_cache(maxsize=2)
def _locl(weight: str) -> dict[str, dict[int, str]]:
    """Per language: CJK code point -> the glyph of that language's form (`locl`).
    One GSUB parse for all languages, then read from the cache."""
    path = _cache_path(weight, "locl", "json")
    data = read_checked(path)
    if data is not None:
        return {lang: {int(cp): glyph for cp, glyph in mapping.items()}
                for lang, mapping in json.loads(data).items()}
    from fontTools.ttLib import TTFont

    font = TTFont(str(font_file(weight)), lazy=True)
    cmap = font.getBestCmap()
    result = {lang: _locl_of(font, tag, cmap) for lang, tag in LOCL_TAGS.items()}
    write_checked(path, json.dumps(result, sort_keys=True).encode())
    return result


def _locl_of(font, lang_tag: str, cmap: dict[int, str]) -> dict[int, str]:
    """The `locl` substitutes for `lang_tag` of the CJK code points."""
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
    return {cp: substitute[glyph] for cp, glyph in cmap.items() if cp >= 0x2E80 and glyph in substitute}


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
