"""Names from Babel's CLDR data: countries, languages and cities, in the game's language.

Babel is already a dependency of the server. Territories keyed by numbers are regions
("Europa", "Sudamérica") and are left out, as are groupings and codes that are not
places one can live in (the EU, the UN, "unknown region", Antarctica). Cities are the time
zones' exemplar cities: CLDR names a few hundred ("Stockholm", "Varsovie", "Pekin"), in the
language when it spells them its own way, else as the zone's id does ("Europe/Oslo").
"""

from __future__ import annotations

import re
from typing import Any

from duoplay.games.duple.words.folding import fold, normalise

_NOT_COUNTRIES = frozenset({"EU", "EZ", "UN", "QO", "ZZ", "XA", "XB", "AQ"})
_NOT_LANGUAGES = frozenset({"und", "mul", "zxx", "mis"})
_PARENTHESES = re.compile(r"^(.*?)\s*\((.*)\)$")


def _aliases(name: str) -> list[str]:
    """"Myanmar (Birmania)" -> also "Myanmar", "Birmania"; "Congo - Kinshasa" -> also "Congo"."""
    name = normalise(name)
    found = [name]
    match = _PARENTHESES.match(name)
    if match:
        found += [match.group(1), match.group(2)]
    if " - " in name:
        found.append(name.split(" - ", 1)[0])
    return [a for a in found if a]


def _locale(lang: str) -> Any:
    try:
        from babel import Locale
    except ModuleNotFoundError:
        return None
    return Locale.parse(lang)


def countries(lang: str) -> dict[str, str]:
    """Folded name -> name as written, for every country and territory (no regions)."""
    locale = _locale(lang)
    if locale is None:
        return {}
    found: dict[str, str] = {}
    for code, name in locale.territories.items():
        if code.isdigit() or code in _NOT_COUNTRIES:
            continue
        for alias in _aliases(name):
            found.setdefault(fold(lang, alias), alias)
    return found


_NOT_CITIES = frozenset({"Unknown", "Azores", "Canary", "Faroe", "Madeira", "Bermuda", "Galapagos",
                         "Easter", "Christmas", "Cocos", "Reunion", "Mayotte", "Guam", "Midway", "Wake",
                         "South Georgia", "Stanley", "Troll", "Vostok", "Casey", "Davis", "Mawson",
                         "Palmer", "Rothera", "Syowa", "McMurdo", "Macquarie", "DumontDUrville"})


def cities(lang: str) -> dict[str, str]:
    """Folded name -> name as written, for the cities CLDR names (time zones' exemplar cities)."""
    locale = _locale(lang)
    if locale is None:
        return {}
    from babel.core import get_global

    own = {zone: names.get("city") for zone, names in locale.time_zones.items()}
    found: dict[str, str] = {}
    for zone in get_global("zone_territories"):
        if "/" not in zone or zone.startswith(("Etc/", "SystemV/")):
            continue
        default = zone.rsplit("/", 1)[1].replace("_", " ")
        if default in _NOT_CITIES:
            continue
        name = own.get(zone) or default
        for alias in _aliases(name):
            found.setdefault(fold(lang, alias), alias)
    return found


_NOT_REGIONS = frozenset({"001", "QO"})  # the world, "outlying Oceania"


def regions(lang: str) -> dict[str, str]:
    """Folded name -> name as written, for CLDR's regions ("Europa", "Sudamérica", "Caribe") and
    Antarctica: places, though not countries."""
    locale = _locale(lang)
    if locale is None:
        return {}
    found: dict[str, str] = {}
    for code, name in locale.territories.items():
        if (code.isdigit() and code not in _NOT_REGIONS) or code == "AQ":
            for alias in _aliases(name):
                found.setdefault(fold(lang, alias), alias)
    return found


def languages(lang: str) -> dict[str, str]:
    """Folded name -> name as written, for every language CLDR names (no regional variants)."""
    locale = _locale(lang)
    if locale is None:
        return {}
    found: dict[str, str] = {}
    for code, name in locale.languages.items():
        if "_" in code or code in _NOT_LANGUAGES:
            continue
        for alias in _aliases(name):
            found.setdefault(fold(lang, alias), alias)
    return found
