"""judgebot: a rules reference for the Pokémon Trading Card Game.

Library first: the corpus, search, the reference engine and the rule cards are
plain modules; ``judgebot.cli`` is a thin layer over them.
"""

__version__ = "0.1.0"
