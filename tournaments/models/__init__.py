"""Database models of the club and its sessions (the book's words, DESIGN.md)."""

from .club import ActionLog, Club, ClubDirector, Player, Series, SeriesMember
from .entrant import Entrant, EntrantMember
from .seating import EntrantLink, Round, Seat, SeatedEntrant, Seating, SeatingTray, Table
from .session import EntrantKind, ScoringMethod, Session
from .token import ApiToken
from .tray import Deal, Tray

__all__ = [
    "ActionLog",
    "ApiToken",
    "Club",
    "ClubDirector",
    "Deal",
    "Entrant",
    "EntrantKind",
    "EntrantLink",
    "EntrantMember",
    "Player",
    "Round",
    "ScoringMethod",
    "Seat",
    "SeatedEntrant",
    "Seating",
    "SeatingTray",
    "Series",
    "SeriesMember",
    "Session",
    "Table",
    "Tray",
]
