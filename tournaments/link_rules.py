"""Whether a phone's link opens: every refusal of a link named once, and raised here only.

A phone's every request begins with its link (``selectors.table_by_token``, ``selectors.follower_by_token``):
a table's QR code, an entrant's printed link, or a phone's pass. A link that does not open answers 404
and says no more than its holder may know: that it is not valid, or, for a pass the director ended,
whose it was and why (the phone showed that entrant all evening). The send's own refusals are the
send's (``entry.send.rules.Refusal``); these come before any send is read.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from .errors import NotFound
from .link_reads import LinkRead, PassRead, TableRead

#: What a private link's secret can be (``secrets.token_urlsafe``): anything else is not a link.
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


class LinkRefusal(Enum):
    """Why a phone's link opens nothing: its words, with the link's figures."""

    TABLE_LINK = "This table link is not valid. Ask the director for the table's QR code."
    NOT_VALID = "This link is not valid. Scan your table's QR code, or ask the director."
    PASS_ENDED = (
        "This phone no longer follows {entrant} ({why}). Scan your table's QR code and say who you are."
    )

    def error(self, **figures: Any) -> NotFound:
        """The refusal as the 404 the page and the API answer with."""
        return NotFound(self.value.format(**figures))


def table_opens(found: TableRead | None) -> TableRead:
    """The table a table link's token found, unless there was none or the link is revoked."""
    if found is None or found.token_revoked:
        raise LinkRefusal.TABLE_LINK.error()
    return found


def link_opens(found: LinkRead | None) -> LinkRead:
    """The entrant's own link a token found, unless there was none or it is revoked."""
    if found is None or found.revoked:
        raise LinkRefusal.NOT_VALID.error()
    return found


def pass_opens(phone_pass: PassRead) -> PassRead:
    """A phone's pass, unless the link it follows is revoked or the director ended it (saying whose it
    was, and why)."""
    if phone_pass.link.revoked:
        raise LinkRefusal.NOT_VALID.error()
    if phone_pass.ended_at is not None:
        raise LinkRefusal.PASS_ENDED.error(entrant=phone_pass.link.entrant, why=phone_pass.ended_why)
    return phone_pass
