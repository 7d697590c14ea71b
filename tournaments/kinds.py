"""What each kind of session's entrants are, and how many players each has: read by selectors and services."""

from __future__ import annotations

from .models import Entrant, EntrantKind

#: What each kind of session's entrants are, and how many players each has.
KIND_SHAPE: dict[str, tuple[str, int]] = {
    EntrantKind.PAIRS: (Entrant.Kind.PAIR, 2),
    EntrantKind.FOURS: (Entrant.Kind.TEAM, 4),
    EntrantKind.SIXES: (Entrant.Kind.TEAM, 6),
    EntrantKind.EIGHTS: (Entrant.Kind.TEAM, 8),
    EntrantKind.INDIVIDUALS: (Entrant.Kind.PLAYER, 1),
    # Teams of more than eight are entered and seated pair by pair, each pair with its team (pp. 56-59).
    EntrantKind.TEAMS: (Entrant.Kind.PAIR, 2),
}
