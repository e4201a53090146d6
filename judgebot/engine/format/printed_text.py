"""A real card's printed text as the engine applies it (SCENARIOS.md "Real cards", Text).

judgebot.cardtext reads a text into Format 2; judgebot.carddb.readings picks the reading a
scenario uses (kept in the user cache); this module says what became of the text:

- the English print is read first, the Japanese one where the English is not read
  whole (both prints are checked to agree: data/cardtext/disagreements.yaml);
- APPLIED: its Format 2 keys are merged into the card's entry, under the file's own keys;
  sentences that only read the deck or a hand are listed, not applied;
- NOT_APPLIED: nothing of it is applied and the ruling says why — unless an attack's
  damage counts what it finds: then the file must give the damage by hand;
- NOT_MODELLED: refused, quoting the sentence no template reads.
"""

from __future__ import annotations

from judgebot.carddb.readings import damage_needs_hand, reading, verdict, warm  # noqa: F401  (the engine's names)
from judgebot.cardtext import APPLIED, Reading
from judgebot.i18n import Joined, msg


def why(found: Reading):
    """The ruling's `why` for a text read as applied or listed (in the ruling's language)."""
    listed = tuple(msg(f"card.why.listed.{kind}") for kind in dict.fromkeys(item.why for item in found.listed))
    if found.status == APPLIED:
        return msg("card.why.read") if not listed else msg("card.why.read_listing", listed=Joined(listed))
    return msg("card.why.listed", listed=Joined(listed))
