"""Database models of the club and its sessions (the book's words, docs/design.md)."""

from .calls import DirectorCall
from .club import ActionLog, Club, ClubDirector, Player, Series, SeriesMember, Sex
from .club_movement import ClubMovement
from .drive import Drive, DriveChange
from .entrant import NAMED, SEATED_NAMES, Entrant, EntrantMember, entrant_name
from .phones import PhonePass
from .seating import EntrantLink, Round, Seat, SeatedEntrant, Seating, SeatingTray, Table
from .session import MOVEMENT_FIELDS, TRUMP_SUITS, EntrantKind, ResultChange, ScoringMethod, Session
from .site import SiteAdministrator
from .token import ApiToken
from .tray import Deal, Tray

__all__ = [
    "MOVEMENT_FIELDS",
    "NAMED",
    "SEATED_NAMES",
    "TRUMP_SUITS",
    "ActionLog",
    "ApiToken",
    "Club",
    "ClubDirector",
    "ClubMovement",
    "Deal",
    "DirectorCall",
    "Drive",
    "DriveChange",
    "Entrant",
    "EntrantKind",
    "EntrantLink",
    "EntrantMember",
    "PhonePass",
    "Player",
    "ResultChange",
    "Round",
    "ScoringMethod",
    "Seat",
    "SeatedEntrant",
    "Seating",
    "SeatingTray",
    "Series",
    "SeriesMember",
    "Session",
    "Sex",
    "SiteAdministrator",
    "Table",
    "Tray",
    "entrant_name",
]
