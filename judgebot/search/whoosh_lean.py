"""Import Whoosh without the standard-library modules it loads but never uses here.

Importing `whoosh.query` costs about 80 ms, half of it for modules no search touches:
`whoosh.compat` imports `urllib.request` (and with it http.client, ssl, email) for a
download helper, `cached_property` imports `asyncio` for coroutine properties, and
`whoosh.query.terms` compiles the English morphology tables of `Variations` queries.
Every judgebot search pays its process's start-up, so this module imports the Whoosh
modules search and indexing use while those three names are stand-ins that load the
real module on first use; then it takes the stand-ins out of `sys.modules`, so any
later import gets the real module.

Import this module before any `whoosh` module (search.query, search.analysis and
search.index do).
"""

from __future__ import annotations

import importlib
import inspect
import sys
import types

WHOOSH_MODULES = (
    "whoosh.analysis",
    "whoosh.formats",
    "whoosh.system",
    "whoosh.fields",
    "whoosh.query",
    "whoosh.index",
    "whoosh.searching",
    "whoosh.codec.whoosh3",
)


class _StandIn(types.ModuleType):
    """Loads the real module on the first attribute asked of it once the import
    window is over; during the window it has only the attributes set on it."""

    def __getattr__(self, name: str):
        if sys.modules.get(self.__name__) is self:
            raise AttributeError(f"{self.__name__}.{name} asked for while Whoosh is being imported")
        return getattr(importlib.import_module(self.__name__), name)


def _deferred_function(module: str, name: str):
    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    return call


def _iscoroutinefunction(func) -> bool:
    # What cached_property asks on every first read of a property (Whoosh's reader
    # reads one per search): a plain function is answered without loading asyncio.
    if inspect.iscoroutinefunction(func) or hasattr(func, "_is_coroutine"):
        return importlib.import_module("asyncio").iscoroutinefunction(func)
    return False


def _stand_ins() -> dict[str, types.ModuleType]:
    urllib_request = _StandIn("urllib.request")
    urllib_request.urlretrieve = _deferred_function("urllib.request", "urlretrieve")
    morph_en = _StandIn("whoosh.lang.morph_en")
    morph_en.variations = _deferred_function("whoosh.lang.morph_en", "variations")
    asyncio = _StandIn("asyncio")
    asyncio.iscoroutinefunction = _iscoroutinefunction
    return {"urllib.request": urllib_request, "asyncio": asyncio, "whoosh.lang.morph_en": morph_en}


def import_whoosh() -> None:
    if all(name in sys.modules for name in WHOOSH_MODULES):
        return
    placed = []
    for name, module in _stand_ins().items():
        if name not in sys.modules:
            sys.modules[name] = module
            placed.append(name)
    try:
        for name in WHOOSH_MODULES:
            importlib.import_module(name)
    finally:
        for name in placed:
            del sys.modules[name]


import_whoosh()
