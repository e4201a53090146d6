"""The page defects of issue 22, each in a real browser (Playwright driving Debian's
chromium against `judgebot serve`'s app on loopback), and axe-core on every page:
0 violations of any impact, light and dark.

axe-core (MPL-2.0) is vendored in tests/web/vendor/axe-core/ and injected into the
page under test; nothing is fetched from the network.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.web.test_browser import CHROMIUM, PHONE, _href

ROOT = Path(__file__).resolve().parents[2]
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
SCENARIO = (ROOT / "rulings" / "spec-example_iron-defender.yaml").read_text(encoding="utf-8")
SPACED_ID = "rules-ko:기술의 데미지 계산의 순서"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (python3 dev.py test installs it as root)"),
]


@pytest.fixture
def desk(browser, server):
    """A desktop browser with a keyboard."""
    context = browser.new_context(viewport={"width": 1000, "height": 800}, base_url=server)
    page = context.new_page()
    yield page
    context.close()


def expect():
    return pytest.importorskip("playwright.sync_api").expect


def _active_id(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


# -- the scenario editor ---------------------------------------------------------

def test_tab_leaves_the_editor_and_reaches_the_controls_after_it(desk):
    desk.goto("/check")
    desk.focus("#scenario")
    before = desk.input_value("#scenario")
    desk.keyboard.press("Tab")
    assert _active_id(desk) == "lang"  # the ruling language, then the Rule button
    desk.keyboard.press("Tab")
    assert desk.evaluate("document.activeElement.textContent") == "Rule"
    desk.keyboard.press("Shift+Tab")
    desk.keyboard.press("Shift+Tab")
    assert _active_id(desk) == "scenario"
    assert desk.input_value("#scenario") == before  # nothing typed into the scenario


def test_enter_keeps_the_indentation_of_the_line(desk):
    desk.goto("/check")
    desk.fill("#scenario", "you:\n  active:\n    name: x")
    desk.focus("#scenario")
    desk.keyboard.press("Control+End")
    desk.keyboard.press("Enter")
    desk.keyboard.type("hp: 10")
    assert desk.input_value("#scenario") == "you:\n  active:\n    name: x\n    hp: 10"
    desk.keyboard.press("Control+z")  # the browser's undo takes the typing back, not the page
    assert desk.input_value("#scenario").startswith("you:\n  active:\n    name: x")


def test_the_example_picker_shows_the_loaded_example_and_arrows_do_not_submit(desk):
    from judgebot.web.service import examples

    names = list(examples())
    desk.goto("/check")
    assert desk.input_value("#example") == names[0]  # the example in the editor
    desk.goto(f"/check?example={names[2]}")
    assert desk.input_value("#example") == names[2]
    assert desk.input_value("#scenario") == examples()[names[2]]["text"]
    url = desk.url
    desk.focus("#example")
    desk.keyboard.press("ArrowDown")
    desk.wait_for_timeout(300)
    assert desk.url == url  # choosing is not loading
    assert desk.input_value("#example") == names[3]
    assert desk.input_value("#scenario") == examples()[names[2]]["text"]
    with desk.expect_navigation():
        desk.click(".examples button")
    assert desk.url.endswith(f"example={names[3]}")
    assert desk.input_value("#example") == names[3]
    assert desk.input_value("#scenario") == examples()[names[3]]["text"]


def test_an_edited_scenario_is_not_shown_as_an_example(desk):
    desk.goto("/check")
    desk.fill("#scenario", SCENARIO.replace("title:", "title: my own version of", 1))
    desk.click(".editor button")
    desk.wait_for_selector(".verdict")
    assert desk.input_value("#example") == ""
    assert "Your own scenario" in desk.locator("#example option:checked").inner_text()


# -- errors in a scenario ----------------------------------------------------------

def _contrast(page, selector: str) -> float:
    colours = page.evaluate(f"""(() => {{
        const e = document.querySelector({selector!r}); const s = getComputedStyle(e);
        let b = e, bg = 'rgba(0, 0, 0, 0)';
        while (b && (bg = getComputedStyle(b).backgroundColor) === 'rgba(0, 0, 0, 0)') b = b.parentElement;
        return [s.color, bg]; }})()""")

    def luminance(css: str) -> float:
        r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    light, dark = sorted((luminance(colours[0]), luminance(colours[1])), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_invalid_lines_number_is_visible(browser, server, scheme):
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, base_url=server)
    page = context.new_page()
    lines = SCENARIO.splitlines()
    hp = next(i for i, line in enumerate(lines) if "hp:" in line)
    lines[hp] = lines[hp].split("hp:")[0] + "hp: lots"
    page.goto("/check")
    page.fill("#scenario", "\n".join(lines) + "\n")
    page.click(".editor button")
    page.wait_for_selector("#error")
    number = page.locator("#bad-line .n")
    assert number.inner_text() == str(hp + 1)
    assert number.is_visible()
    assert _contrast(page, "#bad-line .n") >= 4.5
    assert _contrast(page, ".lines li:not(.bad) .n") >= 4.5
    context.close()


def test_an_unclosed_bracket_is_marked_on_the_line_it_opens(desk):
    text = "title: t\nyou:\n  active: {name: x, hp: 10}\nopponent:\n  bench: [a, b\nask: {retreat: {}}\n"
    desk.goto("/check")
    desk.fill("#scenario", text)
    desk.click(".editor button")
    desk.wait_for_selector("#error")
    assert "line 5" in desk.locator("#error h2").inner_text()
    assert desk.locator("#bad-line .n").inner_text() == "5"
    assert "bench: [a, b" in desk.locator("#bad-line").inner_text()
    assert "'[' is not closed" in desk.locator("#error").inner_text()


def test_a_crafted_form_of_eleven_fields_is_a_400_page_under_the_policy(desk):
    desk.goto("/check")
    desk.evaluate("""(() => { const form = document.querySelector('.editor');
        for (let i = 0; i < 10; i++) { const e = document.createElement('input');
            e.type = 'hidden'; e.name = 'scenario'; e.value = 'x'; form.appendChild(e); } })()""")
    with desk.expect_navigation() as navigation:
        desk.click(".editor button")
    response = navigation.value
    assert response.status == 400
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert "more than 10 fields" in desk.locator("main").inner_text()
    assert desk.locator("h1").count() == 1


# -- cards --------------------------------------------------------------------------

def test_card_pdf_of_a_record_whose_id_has_spaces(desk):
    desk.goto(_href(SPACED_ID))
    link = desk.locator(".actions a.button")
    assert link.inner_text() == "Card PDF"
    with desk.expect_download() as download:
        link.click()
    path = download.value.path()
    assert Path(path).read_bytes().startswith(b"%PDF-")
    response = desk.request.get(link.get_attribute("href"))
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"


def test_the_cards_form_reads_ids_with_spaces(desk):
    desk.goto("/cards")
    desk.fill("#ids", f"{SPACED_ID} guide-ja:I-A-03")
    with desk.expect_download() as download:
        desk.click(".stack button")
    assert Path(download.value.path()).read_bytes().startswith(b"%PDF-")


def test_an_empty_cards_form_explains_itself_and_keeps_the_form(desk):
    desk.goto("/cards")
    with desk.expect_navigation() as navigation:
        desk.click(".stack button")
    assert navigation.value.status == 400
    assert "choose the records to print" in desk.locator("#error").inner_text()
    assert desk.locator("form.stack").count() == 1  # not a dead end: choose a chapter now
    desk.select_option("#chapter", "I-A")
    with desk.expect_download() as download:
        desk.click(".stack button")
    assert Path(download.value.path()).read_bytes().startswith(b"%PDF-")


def test_an_unknown_id_on_the_cards_form_offers_the_closest(desk):
    desk.goto("/cards")
    desk.fill("#ids", "guide-ja:I-A-3")
    with desk.expect_navigation() as navigation:
        desk.click(".stack button")
    assert navigation.value.status == 404
    assert desk.input_value("#ids") == "guide-ja:I-A-3"  # what was typed, kept
    suggestion = desk.locator("#error a", has_text="guide-ja:I-A-03")
    assert suggestion.count() == 1
    with desk.expect_download():
        suggestion.click()


# -- terms ----------------------------------------------------------------------------

def test_an_unknown_term_offers_the_closest_terms_and_a_search(desk):
    desk.goto("/term")
    desk.fill("input[name=q]", "weaknes")
    desk.press("input[name=q]", "Enter")
    desk.wait_for_selector(".term")  # a typo of an English term is read as it
    desk.goto("/term?q=" + quote("ポケモンチェク"))
    assert "No glossary term matches" in desk.locator("#no-term").inner_text()
    assert desk.locator("#no-term a.suggestion").first.inner_text() == "ポケモンチェック"
    assert desk.locator("#no-term a.suggestion").first.get_attribute("lang") == "ja"
    desk.goto("/term?q=colltion")
    assert desk.locator("#no-term a.suggestion").count() >= 1
    first = desk.locator("#no-term a.suggestion").first
    word = first.inner_text()
    first.click()
    desk.wait_for_selector(".term")
    assert desk.input_value("input[name=q]") == word
    desk.goto("/term?q=" + quote("zzzz qqqq"))
    desk.click("#no-term a.search-instead")
    desk.wait_for_url("**/?q=*")
    assert desk.input_value("input[name=q]") == "zzzz qqqq"


# -- every page: a heading, the right fonts, honest choices -------------------------

PAGES = ["/", "/?q=" + quote("にげる"), "/?q=zzzzzzzz", "/?q=" + quote("撤退") + "&lang=zh",
         _href("guide-ja:I-A-03"), _href("guide-zh:I-A-03"), _href("guide-ja:II-B-07/faq-1"), _href(SPACED_ID),
         "/term", "/term?q=" + quote("弱点"), "/term?q=zzzzzz", "/check", "/cards", "/cards.pdf",
         "/nothing", _href("guide-ja:II-Z-99"), "/check?example=nothing",
         _href("guide-ja:II-B-07") + "?lang=en", _href("rules-ja:やけど"), _href("rules-ja:やけど") + "?lang=en",
         "/?q=" + quote("やけど"), "/?q=" + quote("can a paralyzed pokemon retreat")]


def test_every_page_has_one_h1(desk):
    for url in PAGES:
        desk.goto(url)
        assert desk.locator("h1").count() == 1, url
    desk.goto("/check")
    desk.fill("#scenario", SCENARIO)
    desk.click(".editor button")
    desk.wait_for_selector(".verdict")
    assert desk.locator("h1").count() == 1


def _fonts_of(page, selector: str) -> list[str]:
    """The fonts chromium drew the element's own text with, most glyphs first."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return [f["familyName"] for f in sorted(fonts, key=lambda f: -f["glyphCount"])]


@pytest.mark.parametrize("citation, variant", [("guide-ja:I-A-03", "JP"), ("guide-zh:I-A-03", "SC"),
                                              ("rules-ko:B-09", "KR")])
def test_each_language_is_drawn_with_its_own_cjk_font(desk, citation, variant):
    """Han characters differ between Japan, China and Korea: zh and ko were drawn with the JP font."""
    desk.goto(_href(citation))
    assert _fonts_of(desk, ".body p")[0] == f"Noto Sans CJK {variant}"
    used = _fonts_of(desk, "h1")  # the title, and its citation in monospace
    assert f"Noto Sans CJK {variant}" in used
    assert [f for f in used if "CJK" in f and not f.endswith(variant)] == []


def test_search_hits_are_drawn_in_their_documents_language(desk):
    desk.goto("/?q=" + quote("撤退") + "&lang=zh")
    desk.wait_for_selector(".hit")
    assert desk.locator(".hit").first.get_attribute("lang") == "zh"
    assert _fonts_of(desk, ".hit .title")[0] == "Noto Sans CJK SC"
    desk.goto("/?q=" + quote("후퇴") + "&lang=ko")
    assert _fonts_of(desk, ".hit .title")[0] == "Noto Sans CJK KR"


def test_the_english_choice_says_it_reads_the_query_in_english(desk):
    desk.goto("/")
    labels = {o.get_attribute("value"): o.inner_text() for o in desk.locator("select[name=lang] option").all()}
    assert labels["en"] == "English query (all documents)"  # no document is in English
    assert labels["all"] == "All documents"
    assert desk.locator("select[name=lang]").get_attribute("aria-label") == "Search in"
    desk.fill("input[name=q]", "retreat")
    desk.select_option("select[name=lang]", "en")
    desk.press("input[name=q]", "Enter")
    desk.wait_for_selector(".hit")
    assert desk.input_value("select[name=lang]") == "en"
    assert {desk.locator(".hit").nth(i).get_attribute("lang") for i in range(desk.locator(".hit").count())} <= {"ja", "zh", "ko"}


def test_a_method_not_answered_is_a_page_with_allow(desk):
    desk.goto("/")
    desk.evaluate("document.querySelector('form.bar').method = 'post'")
    desk.fill("input[name=q]", "x")
    with desk.expect_navigation() as navigation:
        desk.press("input[name=q]", "Enter")
    response = navigation.value
    assert response.status == 405 and response.headers["allow"] == "GET, HEAD"
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert "use GET, HEAD" in desk.locator("main").inner_text()


def test_the_check_api_opened_in_a_browser_says_to_post(desk):
    response = desk.goto("/api/check")
    assert response.status == 405 and response.headers["allow"] == "POST"
    assert response.headers["content-type"].startswith("application/json")
    assert "use POST" in desk.locator("body").inner_text()


def test_an_unknown_id_of_100_kb_is_echoed_cut_short(desk):
    response = desk.goto(_href("guide-ja:" + "Z" * 100_000))
    assert response.status == 404
    text = desk.locator("main").inner_text()
    assert "unknown ID 'guide-ja:ZZZ" in text and len(text) < 500


# -- axe-core on every page ------------------------------------------------------------

def _axe(page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_any_page(browser, server, scheme):
    # bypass_csp: only so that axe's own script can be injected; the pages are the same.
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, base_url=server, bypass_csp=True)
    page = context.new_page()
    found = {}
    for url in PAGES:
        page.goto(url)
        found[url] = _axe(page)
    page.goto("/check")
    page.fill("#scenario", SCENARIO)
    page.click(".editor button")
    page.wait_for_selector(".verdict")
    found["/check (a ruling)"] = _axe(page)
    page.goto("/check")
    page.fill("#scenario", SCENARIO.replace("hp:", "hp: lots #", 1))
    page.click(".editor button")
    page.wait_for_selector("#error")
    found["/check (an invalid scenario)"] = _axe(page)
    context.close()
    assert {url: violations for url, violations in found.items() if violations} == {}


# -- the English rendering and the superseded mark ------------------------------------

def test_the_english_view_shows_each_block_above_its_original(desk):
    desk.goto(_href("guide-ja:II-B-07"))
    desk.click("nav.langs a[lang=en]")
    assert desk.url.endswith("?lang=en")
    assert "unofficial translation" in desk.locator(".english-notice").inner_text()
    first = desk.locator(".beside").first
    assert first.locator(".rendering").get_attribute("lang") == "en"
    assert "ダメージ" in first.locator(".original").inner_text()
    faq = desk.locator("section.sub.faq").first
    assert faq.locator(".rendering").count() == 1 and faq.locator(".original").count() == 1
    assert "lang=en" in desk.locator("p.actions a.button").get_attribute("href")


def test_a_superseded_record_says_so_first_and_links_the_current_rule(desk):
    desk.goto(_href("rules-ja:やけど"))
    mark = desk.locator("aside.superseded")
    assert "Superseded" in mark.inner_text() and "Burn" in mark.inner_text()
    mark.locator("a").first.click()
    assert desk.locator("h1 .cite").inner_text() == "guide-ja:I-F"


def test_an_english_query_reads_the_rendering_and_keeps_the_original(desk):
    desk.goto("/?q=" + quote("can a paralyzed pokemon retreat"))
    first = desk.locator("li.hit").first
    assert "unofficial translation" in first.locator(".snippet.rendering").inner_text()
    assert first.locator(".snippet.rendering").get_attribute("lang") == "en"
    assert first.locator(".snippet.original").count() == 1
