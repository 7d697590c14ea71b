"""A simultaneous event's pack: what the organiser gives each club taking part, as one JSON file.

A *simultaneous event* is one set of deals played by many clubs, each in
its own session (its *heat*), the results scored together as one field
(``scoring/scorers/field.py``); the book's clubs met over the same deals in
"a short tournament between a large number of clubs" (W. H. Barney, *Whist
and Duplicate Whist*, 1900, p. 48). A club needs the deals, the event's
name and rules, and a way to send its heat back. The pack carries them:

- ``format`` ``"clubwhist-sim-pack"`` and ``version`` 1;
- ``event``: ``ref`` (the organiser's id of the event), ``name``,
  ``organiser`` (the organising club's name), ``plays_from`` and
  ``plays_to`` (ISO dates), ``release_at`` (an ISO date and time with its
  offset: the hands and frequency tables are shown to nobody at the club
  but the director before it), each between the years ``whist.dates``
  gives (2000 to 2100, the release time in UTC), ``methods`` (of
  ``matchpoints``, ``trick``, ``exponent``);
- ``club``: the club's name as the organiser knows it (its heat's ``Site``);
- ``results_url``: where the club's app sends its heat over the API, or
  ``""`` when the organiser takes files only;
- ``key``: the club's key for that address (a secret: whoever holds it
  sends the club's heat);
- ``deals``: the deals as PBN text (``tournaments.pbn.reader``).

Pure: no Django. ``read_pack`` refuses a file it cannot trust whole, with
one sentence a director reads (``PackError``).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from typing import Any

from whist.dates import RANGE_WORDS, date_in_range, moment_in_range

FORMAT = "clubwhist-sim-pack"
VERSION = 1
#: The methods that compare tables on a deal across a field (``scoring/scorers/field.py``).
FIELD_METHODS = ("matchpoints", "trick", "exponent")
MAX_PACK_BYTES = 2_000_000
KEY = re.compile(r"[A-Za-z0-9_-]{16,128}")
REF = re.compile(r"[A-Za-z0-9_-]{1,80}")
URL = re.compile(r"https?://[^\s\"<>]{1,500}")


class PackError(ValueError):
    """A pack that cannot be read or trusted; the message says why, in one sentence."""


@dataclass(frozen=True)
class Pack:
    """What a club taking part in a simultaneous event needs (the module's docstring says each field)."""

    ref: str
    event: str
    organiser: str
    club: str
    plays_from: dt.date
    plays_to: dt.date
    release_at: dt.datetime
    methods: tuple[str, ...]
    results_url: str
    key: str
    deals: str


def pack_text(pack: Pack) -> str:
    """The pack as the JSON file a club imports."""
    body = {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            "ref": pack.ref,
            "name": pack.event,
            "organiser": pack.organiser,
            "plays_from": pack.plays_from.isoformat(),
            "plays_to": pack.plays_to.isoformat(),
            "release_at": pack.release_at.isoformat(),
            "methods": list(pack.methods),
        },
        "club": pack.club,
        "results_url": pack.results_url,
        "key": pack.key,
        "deals": pack.deals,
    }
    return json.dumps(body, indent=1, ensure_ascii=False) + "\n"


def read_pack(data: bytes | str) -> Pack:
    """The pack in a file, or ``PackError`` saying what is wrong with it."""
    if len(data) > MAX_PACK_BYTES:
        raise PackError(f"This file is larger than a pack can be ({MAX_PACK_BYTES // 1_000_000} MB).")
    try:
        body = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise PackError("This is not a pack of a simultaneous event: it is not JSON.") from exc
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise PackError("This is not a pack of a simultaneous event (its format is not clubwhist-sim-pack).")
    if body.get("version") != VERSION:
        raise PackError(f"This pack is of version {body.get('version')!r}; this app reads version {VERSION}.")
    event = body.get("event")
    if not isinstance(event, dict):
        raise PackError("The pack does not say which event it is for.")
    return _pack(body, event)


def _pack(body: dict[str, Any], event: dict[str, Any]) -> Pack:
    """The pack's fields, each checked."""
    plays_from, plays_to = _date(event, "plays_from"), _date(event, "plays_to")
    if plays_to < plays_from:
        raise PackError("The pack's event ends before it begins.")
    return Pack(
        ref=_matching(event, "ref", REF, "letters, digits, - and _"),
        event=_text(event, "name", 120),
        organiser=_text(event, "organiser", 120),
        club=_text(body, "club", 120),
        plays_from=plays_from,
        plays_to=plays_to,
        release_at=_moment(event, "release_at"),
        methods=_methods(event.get("methods")),
        results_url=_url(body.get("results_url", "")),
        key=_matching(body, "key", KEY, "16 to 128 letters, digits, - and _"),
        deals=_text(body, "deals", MAX_PACK_BYTES, multiline=True),
    )


def _text(source: dict[str, Any], name: str, longest: int, *, multiline: bool = False) -> str:
    """A non-empty string of at most ``longest`` characters (one line unless ``multiline``)."""
    value = source.get(name)
    if not isinstance(value, str) or not value.strip():
        raise PackError(f"The pack has no {name.replace('_', ' ')}.")
    if len(value) > longest or (not multiline and any(c in value for c in "\r\n\x00")):
        raise PackError(
            f"The pack's {name.replace('_', ' ')} is not one line of at most {longest} characters."
        )
    return value if multiline else value.strip()


def _matching(source: dict[str, Any], name: str, pattern: re.Pattern[str], words: str) -> str:
    """A string that matches ``pattern`` whole."""
    value = source.get(name)
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise PackError(f"The pack's {name} is not {words}.")
    return value


def _date(source: dict[str, Any], name: str) -> dt.date:
    """An ISO date."""
    value = source.get(name)
    try:
        day = dt.date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        day = None
    if day is None:
        return _bad_date(name)
    if not date_in_range(day):
        raise PackError(f"The pack's {name.replace('_', ' ')} {value} is not {RANGE_WORDS}.")
    return day


def _bad_date(name: str) -> dt.date:
    raise PackError(f"The pack's {name.replace('_', ' ')} is not a date such as 2026-11-27.")


def _moment(source: dict[str, Any], name: str) -> dt.datetime:
    """An ISO date and time with its offset from UTC."""
    value = source.get(name)
    try:
        moment = dt.datetime.fromisoformat(value) if isinstance(value, str) and len(value) <= 40 else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise PackError(
            "The pack's release time is not a date and time with its offset from UTC,"
            " such as 2026-11-28T22:00:00+00:00."
        )
    if not moment_in_range(moment):
        raise PackError(f"The pack's release time {value} is not {RANGE_WORDS}.")
    return moment


def _methods(value: object) -> tuple[str, ...]:
    """One to three of the field's methods, each once."""
    if (
        not isinstance(value, list)
        or not value
        or len(set(map(str, value))) != len(value)
        or any(m not in FIELD_METHODS for m in value)
    ):
        raise PackError("The pack's methods are not some of: " + ", ".join(FIELD_METHODS) + ".")
    return tuple(value)


def _url(value: object) -> str:
    """An http(s) address, or "" (the organiser takes files only)."""
    if value == "":
        return ""
    if not isinstance(value, str) or not URL.fullmatch(value):
        raise PackError("The pack's results address is not an http or https address.")
    return value
