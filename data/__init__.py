"""The bundled data (corpus, glossary, alignment, catalog, source documents).

Lives at the repository's top-level data/ and is installed as the package judgebot.data;
read it through judgebot.paths, never by path from the source tree.
"""
