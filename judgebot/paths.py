"""Where the project's data and caches live."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_DIR = PACKAGE_DIR.parent


def data_dir() -> Path:
    """The bundled data folder (corpus, glossary, catalog); JUDGEBOT_DATA overrides it."""
    override = os.environ.get("JUDGEBOT_DATA")
    return Path(override) if override else PROJECT_DIR / "data"


def corpus_dir() -> Path:
    return data_dir() / "corpus"


def cache_dir() -> Path:
    """Per-user cache directory (the search index lives here, never in the source tree).

    JUDGEBOT_CACHE overrides it; otherwise the platform's user cache dir.
    """
    override = os.environ.get("JUDGEBOT_CACHE")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("judgebot"))
