"""Real cards: the card database and its look-ups (SCENARIOS.md "Real cards").

A package of its own, beside `corpus/` and `engine/`: the engine, search, the web app
and the CLI ask it; it imports none of them. At development time `importer` (with
`source`, `tsliteral`, `build`) turns the TCGdex snapshot and PokéAPI's species names
into `data/carddb/cards.sqlite`; at run time `lookup` answers from that file (`store`).

The API the rest of judgebot uses (all in `lookup`):

- `find(query) -> Found`: by name (any language, exact), printed `SET NUMBER`, name +
  number, or TCGdex id; `Found.cards` are the distinct functional cards, `Found.print`
  a pinned print, `Found.nearest` the nearest names on a miss.
- `nearest(query)`, `clearly_nearest(query)`: did-you-mean.
- `narrow(cards, attacks=, abilities=, values=)`: the candidates a scenario's other keys fit.
- `candidates_line(cards)`: the candidates and what differs, for an ambiguity error.
- `get(card_id)`, `iter_cards()`: card records (format: docs/CARDDB.md).
- `texts(card)`, `iter_texts()`, `text_by_key(key)`: every printed text with a stable
  key `card id/part/index` (`sv03-125/attack/0`), for the card-text parser.
- `prefix(text, limit)`: names for autocomplete.
"""
