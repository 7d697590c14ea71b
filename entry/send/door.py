"""A send as it comes through its door: one typed value, made at every door by one function.

Every door a result comes in by (the phone's API, a phone page's plain form, the director's API and
pages, the CLI, the demo) reads its body with its own serializer, then hands it to ``send_of``, which
makes the one ``Send`` the rest of the way takes: the tray and counts as sent, the round and the trump
card if any, the submission key (the ``Idempotency-Key`` header first, else the body's
``idempotency_key``, else a page's hidden ``key``) and the phone's id. Nothing here checks a value:
``rules.check_send`` does, with its named refusals, the same at every door.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The header a client names its submission key in (a page's plain form has its own hidden ``key``).
KEY_HEADER = "Idempotency-Key"


@dataclass(frozen=True)
class Send:
    """A send as asked: the tray and N-S tricks as sent, the revokes charged (Law X), the round the
    sender says it plays (None: not said), the trump card turned at the table (Law III; blank: none; a
    phone page's picker sends its rank and suit apart, ``(rank, suit)``),
    the submission key (None: none) and the id of the phone (or door) that sent it."""

    tray: Any
    ns_tricks: Any
    ns_revokes: Any = 0
    ew_revokes: Any = 0
    round: int | None = None
    trump: Any = ""
    key: str | None = None
    device: str = ""


def send_of(
    data: Mapping[str, Any],
    *,
    headers: Mapping[str, str] | None = None,
    device: str = "",
    with_round: bool = True,
) -> Send:
    """The send a door read (``data``: its serializer's values; ``headers``: the request's, for the key;
    ``with_round``: whether the door's round is the sender's, not a page's leftover)."""
    return Send(
        tray=data["tray"],
        ns_tricks=data["ns_tricks"],
        ns_revokes=data.get("ns_revokes", 0),
        ew_revokes=data.get("ew_revokes", 0),
        round=data.get("round") if with_round else None,
        trump=data.get("trump") or (data.get("trump_rank") or "", data.get("trump_suit") or ""),
        key=key_of(data, headers),
        device=device,
    )


def key_of(data: Mapping[str, Any], headers: Mapping[str, str] | None = None) -> str | None:
    """A send's submission key, read one way at every door (a whist drive's too): the header first, else
    the body's ``idempotency_key``, else a page's hidden ``key``; stripped, None when blank."""
    key = (headers or {}).get(KEY_HEADER) or data.get("idempotency_key") or data.get("key") or ""
    return str(key).strip() or None
