"""The `judgebot` command: parses options, calls the library, prints the result.

Every domain error becomes a one-line message and an exit code in one place
(`present.output.run_action`, through `_run`): 0 success, 1 a --verify expectation did
not hold, 2 bad input. `judgebot search` and `judgebot check` with plainly valid
arguments are answered by the launcher (judgebot.launch) without loading this module.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Callable, List, Optional

import typer

from judgebot.errors import InputError
from judgebot.present.output import console as _console
from judgebot.present.output import error_line as _error_line
from judgebot.present.output import human as _human
from judgebot.present.output import print_json as _print_json
from judgebot.present.output import run_action

app = typer.Typer(
    # --install-completion / --show-completion [bash|zsh|fish|powershell] (docs/CLI.md).
    add_completion=True,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    # Plain help: typer's rich help imports rich.markdown and markdown-it, which cost as
    # much as typer and rich themselves (benchmarks/README.md).
    rich_markup_mode=None,
    help="Rules reference for the Pokémon TCG: search the rulebooks, show a rule, "
    "look up a term, check a ruling, print rule cards.",
)



def _show_version(value: bool) -> None:
    if not value:
        return
    from judgebot.about import document_versions, program_version

    lines = [f"judgebot {program_version()}"]
    for doc in document_versions():
        when = f" ({doc['date']})" if doc["date"] else ""
        lines.append(f"  {doc['doc']}: {doc['title']} {doc['version'] or 'undated'}{when}")
    typer.echo("\n".join(lines))
    raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="Print judgebot's version and each document's version, then exit."),
) -> None:
    """Rules reference for the Pokémon TCG: search the rulebooks, show a rule, look up a term,
    check a ruling, print rule cards."""

class Lang(str, Enum):
    ja = "ja"
    zh = "zh"
    ko = "ko"
    en = "en"
    all = "all"


class ShowLang(str, Enum):
    ja = "ja"
    zh = "zh"
    ko = "ko"
    en = "en"


JsonOpt = typer.Option(False, "--json", help="Print one JSON document on stdout.")


NoPagerOpt = typer.Option(False, "--no-pager", help="Never page long output on a terminal.")


def _count(n: int, noun: str) -> str:
    """'1 card', '2 cards'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _run(action: Callable[[], int | None]) -> None:
    """Run a command body; map errors to one-line messages and exit codes (present.output)."""
    raise typer.Exit(run_action(action))


@app.command()
def search(
    query: str = typer.Argument(..., metavar="QUERY", help="Keywords or a question, in ja/zh/ko/en."),
    lang: Optional[Lang] = typer.Option(None, "--lang", help="Language of the documents to search (default: all, the query's own language first; `all`: no preference)."),
    doc: Optional[str] = typer.Option(None, "--doc", metavar="DOC", help="Only this document (guide-ja, guide-zh, rules-ko, rules-ja, wiki-ja)."),
    limit: int = typer.Option(10, "--limit", min=1, max=200, metavar="N", help="Number of hits."),
    json_: bool = JsonOpt,
    no_pager: bool = NoPagerOpt,
) -> None:
    """Search the rule documents (ranked hits with the section ID and title)."""

    def body():
        from judgebot.commands import search_command

        search_command(query, lang.value if lang else None, doc, limit, json_, no_pager)

    _run(body)


@app.command()
def show(
    ident: str = typer.Argument(..., metavar="ID", help="A citation (guide-ja:I-A-03) or a bare section ID (I-A-03)."),
    lang: Optional[ShowLang] = typer.Option(None, "--lang", help="Show the item in this language's document; en: the English rendering beside the original."),
    json_: bool = JsonOpt,
    no_pager: bool = NoPagerOpt,
) -> None:
    """Show one section, FAQ or example, with its references and equivalents."""

    def body():
        from judgebot.corpus import load_corpus
        from judgebot.present.streams import text_argument

        corpus = load_corpus()
        record = corpus.resolve(text_argument(ident, "the ID"), lang.value if lang else None)
        if json_:
            _print_json(record.to_contract())
        else:
            from judgebot.present.show_view import render_record

            english = lang is ShowLang.en
            _human(lambda console: render_record(record, corpus, console, english=english), no_pager)

    _run(body)


@app.command()
def term(
    word: str = typer.Argument(..., metavar="WORD", help="A game term in Japanese, Chinese, Korean or English."),
    json_: bool = JsonOpt,
    no_pager: bool = NoPagerOpt,
) -> None:
    """Look a game term up in the multilingual glossary."""

    def body():
        from judgebot.glossary import lookup
        from judgebot.present.streams import text_argument

        result = lookup(text_argument(word, "the term"))
        if json_:
            _print_json(result)
        else:
            from judgebot.present.term_view import render_terms

            _human(lambda console: render_terms(result, console), no_pager)

    _run(body)


class CardQueryLang(str, Enum):
    ja = "ja"
    zh = "zh"
    ko = "ko"
    en = "en"


@app.command()
def card(
    query: str = typer.Argument(..., metavar="QUERY", help="A card's name in any language (typos tolerated), "
                                                         "a set code and number (OBF 125), a name with one, or a "
                                                         "TCGdex id (sv03-125)."),
    lang: Optional[CardQueryLang] = typer.Option(None, "--lang", help="Show the card in this language "
                                                                 "(default: JUDGEBOT_LANG, the locale, else English)."),
    json_: bool = JsonOpt,
    no_pager: bool = NoPagerOpt,
) -> None:
    """Look a real card up: what is printed, in four languages, legality, prints, rulings."""

    def body():
        from judgebot.card_answer import card_document
        from judgebot.i18n import default_language

        language = default_language(lang.value if lang else None)
        doc = card_document(query, language)
        if json_:
            _print_json(doc)
        else:
            from judgebot.present.card_view import render_card

            _human(lambda console: render_card(doc, console, language), no_pager)

    _run(body)


@app.command()
def index(
    rebuild: bool = typer.Option(False, "--rebuild", help="Make it again even if the index is current."),
    from_scratch: bool = typer.Option(False, "--from-scratch", help="Build it from the corpus even when the copy shipped with judgebot is this corpus's."),
    json_: bool = JsonOpt,
) -> None:
    """Build the search index (search builds it on first use)."""

    def body():
        from judgebot.search import ensure_index

        info = ensure_index(rebuild=rebuild or from_scratch, from_scratch=from_scratch)
        if json_:
            _print_json(info)
        else:
            state = {"cache": "up to date", "shipped": "restored from the copy shipped with judgebot",
                     "corpus": "built"}[info["source"]]
            if info.get("repaired"):
                state = f"damaged ({info['repaired']}), {state}"
            _console().print(
                f"index {state}: {info['documents']} records, corpus {info['content_hash']}, "
                f"at {info['path']}"
            )

    _run(body)


@app.command()
def check(
    paths: List[Path] = typer.Argument(..., metavar="PATH...", help="Scenario files or directories (every *.yaml, recursively); - reads one scenario from standard input."),
    verify: bool = typer.Option(False, "--verify", help="Compare each ruling with the scenario's `expect`; exit 1 if one does not hold."),
    json_: bool = JsonOpt,
    lang: Optional[str] = typer.Option(None, "--lang", metavar="ja|zh|ko|en",
                                       help="Language of the ruling text and of the editions cited (default: "
                                            "JUDGEBOT_LANG, else the locale's language, else en)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only the rulings whose expectation failed, the errors and the summary line."),
) -> None:
    """Rule on board states described in scenario files."""

    def body():
        from judgebot.commands import check_command

        return check_command(paths, verify, json_, lang, quiet)

    _run(body)


@app.command()
def examples(
    names: Optional[List[str]] = typer.Argument(None, metavar="[NAME]...", help="Examples by name (guide-ja_II-B-07_faq-1, attack/weakness-x2); all when none is given."),
    copy: Optional[Path] = typer.Option(None, "--copy", metavar="DIR", help="Copy them into DIR (subfolders kept; an existing file is never overwritten)."),
    check_: bool = typer.Option(False, "--check", help="Rule on them and compare with their `expect`, as `check --verify` does."),
    json_: bool = JsonOpt,
    lang: Optional[str] = typer.Option(None, "--lang", metavar="ja|zh|ko|en", help="Language of the rulings (with --check)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="With --check: only failed expectations, errors and the summary."),
) -> None:
    """The rulings shipped with judgebot: list them, print one, copy them, check them."""

    def body():
        from judgebot.commands import examples_command

        return examples_command(names or [], copy, check_, json_, lang, quiet)

    _run(body)


class SchemaName(str, Enum):
    scenario = "scenario"
    catalog = "catalog"


@app.command()
def schema(
    which: SchemaName = typer.Argument(SchemaName.scenario, help="The scenario file's schema, or a card-catalog file's."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="FILE", help="Write the schema to FILE (atomically) instead of stdout."),
) -> None:
    """Print the JSON Schema of the scenario format (draft-07), for editors: save it and put
    `# yaml-language-server: $schema=FILE` at the top of a scenario (docs/SCENARIOS.md)."""

    def body():
        from judgebot.engine.format.schema import published

        text = published("scenario" if which is SchemaName.scenario else "catalog_file") + "\n"
        if output is None:
            sys.stdout.write(text)
            return
        from judgebot.files import write_atomically

        write_atomically(output, text.encode("utf-8"))
        sys.stderr.write(f"wrote {output}\n")

    _run(body)


@app.command()
def ingest(
    sources: Optional[Path] = typer.Option(None, "--sources", "--seeds", metavar="DIR", help="Folder with the five source documents (default: the ones shipped with judgebot)."),
    out: Optional[Path] = typer.Option(None, "--out", metavar="DIR", help="Where to write the corpus (default: data/corpus of a source checkout; required when judgebot is installed)."),
    json_: bool = JsonOpt,
) -> None:
    """Regenerate the structured corpus from the source documents."""

    def body():
        from judgebot.corpus.ingest import ingest_all
        from judgebot.paths import corpus_dir, is_installed_package_path, sources_dir

        seeds = sources or sources_dir()
        if not seeds.is_dir():
            raise InputError(f"{seeds}: not a folder with the source documents")
        target = out or corpus_dir()
        if is_installed_package_path(target):
            raise InputError(
                f"{target}: inside the installed package, which is never written to; "
                "choose a folder with --out DIR"
            )
        report = ingest_all(seeds, target)
        if json_:
            _print_json(report)
        else:
            console = _console()
            for doc, counts in report["documents"].items():
                console.print(f"{doc}: " + ", ".join(f"{n} {k}" for k, n in counts.items()))
            console.print(f"repairs: {report['repairs']}; written to {report['out']}")

    _run(body)


class CardLang(str, Enum):
    ja = "ja"
    zh = "zh"
    ko = "ko"
    en = "en"


class PageSize(str, Enum):
    a4 = "a4"
    letter = "letter"


class CardSize(str, Enum):
    poker = "63x88"
    a7 = "a7"


class ProcedureName(str, Enum):
    attack = "attack"
    damage = "damage"
    checkup = "checkup"
    retreat = "retreat"
    knockout = "knockout"
    game_end = "game_end"
    setup = "setup"
    ability = "ability"
    evolve = "evolve"
    bench = "bench"
    play = "play"
    attach = "attach"
    all = "all"


@app.command()
def cards(
    citations: Optional[List[str]] = typer.Argument(None, metavar="[CITATION]...", help="Sections or FAQs: guide-ja:I-A-03, guide-ja:II-B-07/faq-1, or a bare ID like I-A-03."),
    chapter: Optional[str] = typer.Option(None, "--chapter", metavar="SECTION", help="A whole chapter (II-B) or a section with everything under it."),
    query: Optional[str] = typer.Option(None, "--query", metavar="QUERY", help="Print the hits of this search."),
    limit: int = typer.Option(9, "--limit", min=1, max=100, metavar="N", help="Number of search hits for --query."),
    glossary: Optional[str] = typer.Option(None, "--glossary", metavar="KIND", help="Glossary cards in ja/zh/ko/en: 'all' or one kind (special_condition, zone, ...)."),
    procedure: Optional[List[ProcedureName]] = typer.Option(None, "--procedure", help="Quick-reference card of a procedure (repeatable; 'all' for every one)."),
    lang: Optional[CardLang] = typer.Option(None, "--lang", help="Card language: citations are followed to the document of this language (default: each citation's own; ja for the rest); en: the English rendering (unofficial) of each record."),
    page: PageSize = typer.Option(PageSize.a4, "--page", help="Paper size."),
    real: Optional[List[str]] = typer.Option(None, "--card", metavar="NAME", help="A real card's rulings sheet (repeatable): its text and whether the engine applies it, the FAQs about it, one worked ruling; a name in any language, OBF 125 or sv03-125. Without --lang, in the language the name is written in."),
    size: CardSize = typer.Option(CardSize.poker, "--size", help="Card size: 63x88 mm (trading card) or A7 (74x105 mm). (--card 63x88 and --card a7 are read as the size, as before.)"),
    output: Path = typer.Option(Path("judgebot-cards.pdf"), "--output", "-o", metavar="FILE", help="The PDF to write."),
    json_: bool = JsonOpt,
) -> None:
    """Print rule cards: a PDF of card-sized rules, FAQs, procedures or glossary terms, several to a page with cut marks."""

    def body():
        from judgebot.cards import Selection, build_cards
        from judgebot.present.streams import text_argument

        sizes = [c for c in real or [] if c in {s.value for s in CardSize}]  # --card a7: the old spelling of --size
        card = CardSize(sizes[-1]) if sizes and size is CardSize.poker else size
        selection = Selection(
            cards=[text_argument(c, "--card") for c in real or [] if c not in sizes],
            citations=[text_argument(c, "the citation") for c in citations or []],
            chapter=text_argument(chapter, "--chapter") if chapter is not None else None,
            query=text_argument(query, "--query") if query is not None else None,
            query_limit=limit,
            glossary=glossary,
            procedures=[p.value for p in procedure or []],
            lang=lang.value if lang else None,
        )
        summary = build_cards(selection, output, page=page.value, card=card.value)
        if json_:
            _print_json(summary)
            return
        console = _console()
        console.print(
            f"wrote {summary['output']}: {_count(summary['cards'], 'card')} on "
            f"{_count(summary['pages'], (page.value.upper() if page is PageSize.a4 else 'Letter') + ' page')}, "
            f"{summary['per_page']} per page ({card.value} cards, cut along the marks)"
        )
        for item in summary["items"]:
            console.print(f"  {item['id']}  {item['title']}  ({_count(item['cards'], 'card')})")
        for char, shown in summary["stand_ins"].items():
            console.print(f"  note: no font has a glyph for {char!r}; printed as {shown}")

    _run(body)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", metavar="HOST", help="Address to listen on. 0.0.0.0 shares the page on the network (read the README first)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, metavar="PORT", help="TCP port."),
    workers: int = typer.Option(2, "--workers", min=1, max=32, metavar="N", help="Processes that rule on scenarios, side by side (each ruling is stopped 10 s after it arrives, its wait for a worker included)."),
) -> None:
    """Serve the rules reference, the scenario checker and the JSON API to a web browser.

    Example: judgebot serve --port 8000, then open http://127.0.0.1:8000/ on this machine.
    """

    def body():
        from judgebot.web.server import serve as run_server

        run_server(host, port, workers)

    _run(body)


# Two or three examples at the end of each command's --help; "\b" keeps click from
# rewrapping them. tests/test_cli_terminal.py runs the ones that write no file.
COMMAND_EXAMPLES = {
    "search": ['judgebot search "does weakness apply to benched pokemon"',
               "judgebot search 逃げる --lang ja --doc guide-ja",
               "judgebot search 약점 --limit 3 --json"],
    "show": ["judgebot show I-A-03", "judgebot show I-A-03 --lang zh",
             "judgebot show guide-ja:II-B-07/faq-1 --json"],
    "term": ["judgebot term 약점", "judgebot term weakness --json"],
    "card": ['judgebot card "Iron Hands ex"', 'judgebot card "OBF 125" --lang ja', "judgebot card 무쇠손ex --json"],
    "index": ["judgebot index", "judgebot index --rebuild --json", "judgebot index --from-scratch"],
    "check": ["judgebot check rulings/guide-ja_II-B-07_faq-1.yaml",
              "judgebot check --verify --quiet rulings/",
              "judgebot check --lang ja rulings/guide-ja_II-B-07_faq-1.yaml"],
    "ingest": ["judgebot ingest --out corpus/", "judgebot ingest --sources my-sources/ --out corpus/"],
    "cards": ["judgebot cards I-A-03 II-B-07/faq-1 -o cards.pdf",
              "judgebot cards --procedure all --lang ja --size a7",
              'judgebot cards --card "Iron Hands ex" --lang ja -o iron-hands.pdf'],
    "serve": ["judgebot serve", "judgebot serve --port 8080 --workers 4"],
    "schema": ["judgebot schema -o judgebot-scenario.schema.json", "judgebot schema catalog"],
    "examples": ["judgebot examples", "judgebot examples attack/weakness-x2 --copy my-rulings",
                 "judgebot examples --check --quiet"],
}
for _command in app.registered_commands:
    _examples = COMMAND_EXAMPLES.get(_command.name or _command.callback.__name__)
    if _examples:
        _command.epilog = "\b\nExamples:\n" + "\n".join(f"  {e}" for e in _examples)


def _click_exceptions():
    """typer vendors click since 0.22 (typer._click); older releases use click itself."""
    try:
        from typer._click import exceptions
    except ImportError:  # pragma: no cover - older typer
        from click import exceptions
    return exceptions


def main() -> None:
    """Run the app; a bad option or argument is one line on stderr and exit 2
    (CONTRACT.md §2), not click's multi-line usage box; help and version text that
    cannot be written is reported like any output (present.streams)."""
    from judgebot.present.streams import prepare

    prepare()
    sys.exit(run_action(_command_line))


def _command_line() -> int:
    exceptions = _click_exceptions()
    try:
        code = app(standalone_mode=False)
    except exceptions.NoArgsIsHelpError as exc:  # bare `judgebot`: asking for help
        help_text = exc.format_message()  # rich mode has printed it already and returns ""
        if help_text.strip():
            sys.stdout.write(help_text + "\n")
        code = 0
    except exceptions.UsageError as exc:
        command = exc.ctx.command_path if exc.ctx else "judgebot"
        message = " ".join(exc.format_message().split())
        _error_line(f"error: {message} (see `{command} --help`)")
        code = exc.exit_code
    except exceptions.ClickException as exc:
        _error_line(f"error: {' '.join(exc.format_message().split())}")
        code = exc.exit_code
    except typer.Abort:
        sys.stderr.write("judgebot: aborted\n")
        code = 1
    return code if isinstance(code, int) else 0


if __name__ == "__main__":
    main()
