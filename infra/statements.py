"""Every statement the app writes by hand, in one place: a phone's request runs them on its hot path.

A club night's burst runs these on every phone request and every send, and the ORM's compiling of them
cost several times the queries (bench/profile_entry.py). Each is written out here once, and each names
its tables one way: literally, as Django names the models' tables (``tests/table/test_send_sql.py``
holds every name to a model's table, and each statement to an ORM twin that reads or writes the same).
The modules that run them (``tournaments.link_reads``, ``tournaments.locks``,
``tournaments.selectors.slips_version``, ``entry.selectors.rounds``, ``entry.send.sql``) turn their rows
into plain named tuples, or the models an answer shows.

Nothing here imports an app: these are the statements' words only, so every app may import them.
"""

from __future__ import annotations

from collections.abc import Sequence

# A phone's link, read by its token with its session and club (``tournaments.link_reads``).

TABLE_COLUMNS = ("id", "session_id", "number", "token", "token_revoked", "results_version")
#: Every column of the session but its heavy ones: the movement, a pack, its placings (``MOVEMENT_FIELDS``).
SESSION_COLUMNS = (
    "id",
    "club_id",
    "series_id",
    "date",
    "title",
    "entrant_kind",
    "movement_family",
    "movement_variant",
    "trays_count",
    "deals_per_round",
    "scoring_method",
    "status",
    "declared_trump",
    "current_round",
    "tables_advance",
    "show_running_score",
    "phones_claim",
    "running_score_hidden_rounds",
    "minutes_per_tray",
    "change_minutes",
    "publish_standings",
    "publish_travellers",
    "publish_hand_records",
    "results_version",
    "seating_version",
    "hands_release_at",
    "sim_sent_at",
    "sim_sends",
    "published_at",
    "provisional_until",
    "created_at",
    "updated_at",
)
CLUB_COLUMNS = ("id", "name", "slug", "provisional_hours", "created_at")
LINK_COLUMNS = ("id", "session_id", "entrant_id", "side", "token", "revoked", "join_code", "join_failures")
ENTRANT_COLUMNS = ("id", "session_id", "kind", "number", "label", "is_phantom", "team_id")
PASS_COLUMNS = (
    "id",
    "link_id",
    "session_id",
    "token",
    "device",
    "table_id",
    "via",
    "created_at",
    "ended_at",
    "ended_why",
    "seen_at",
    "doubted_at",
    "doubted_why",
    "doubted_table_id",
)


def _columns(alias: str, names: Sequence[str]) -> str:
    """``alias.name, ...``."""
    return ", ".join(f"{alias}.{name}" for name in names)


_SESSION_AND_CLUB = (
    "JOIN tournaments_session s ON s.id = {on} JOIN tournaments_club c ON c.id = s.club_id WHERE {token} = %s"
)
TABLE_BY_TOKEN = (
    f"SELECT {_columns('t', TABLE_COLUMNS)}, {_columns('s', SESSION_COLUMNS)}, {_columns('c', CLUB_COLUMNS)}"
    " FROM tournaments_table t " + _SESSION_AND_CLUB.format(on="t.session_id", token="t.token")
)
LINK_BY_TOKEN = (
    f"SELECT {_columns('l', LINK_COLUMNS)}, {_columns('e', ENTRANT_COLUMNS)},"
    f" {_columns('s', SESSION_COLUMNS)}, {_columns('c', CLUB_COLUMNS)} FROM tournaments_entrantlink l"
    " JOIN tournaments_entrant e ON e.id = l.entrant_id "
    + _SESSION_AND_CLUB.format(on="l.session_id", token="l.token")
)
PASS_BY_TOKEN = (
    f"SELECT {_columns('p', PASS_COLUMNS)}, {_columns('l', LINK_COLUMNS)}, {_columns('e', ENTRANT_COLUMNS)},"
    f" {_columns('s', SESSION_COLUMNS)}, {_columns('c', CLUB_COLUMNS)} FROM tournaments_phonepass p"
    " JOIN tournaments_entrantlink l ON l.id = p.link_id JOIN tournaments_entrant e ON e.id = l.entrant_id "
    + _SESSION_AND_CLUB.format(on="l.session_id", token="p.token")
)


# A send: the lines it finds, the line it stores, its trump card, its traveller (``entry.send.sql``).

#: The lines a send looks for: its table's line on the tray (by number), its key's in its scope, and the
#: line on the tray of the entrant a phone follows, at whatever table (by its place on the slip: a pair,
#: one pair of a team of four by its side, a player). Each part of the condition is on a unique index;
#: most sends find none.
LINES_FOUND = (
    "SELECT l.id, l.session_id, l.tray_id, t.number, l.table_id, tb.number, l.round_id, r.number,"
    " l.ns_id, ns.number, l.ew_id, ew.number, l.ns_tricks, l.ns_revokes, l.ew_revokes, l.ns_award,"
    " l.ew_award, l.law, l.status, l.claimed, l.version, l.entered_via, l.entered_by, l.entered_user_id,"
    " l.device, l.entered_at, l.confirmed_by, l.confirmed_at, l.entered_side, l.checked_side, l.checked_how,"
    " l.confirmed_device, l.idempotency_key, l.idempotency_scope,"
    " l.idempotency_fingerprint, l.updated_at"
    " FROM scoring_slipline l JOIN tournaments_tray t ON t.id = l.tray_id"
    " JOIN tournaments_table tb ON tb.id = l.table_id JOIN tournaments_round r ON r.id = l.round_id"
    " LEFT JOIN tournaments_entrant ns ON ns.id = l.ns_id LEFT JOIN tournaments_entrant ew ON ew.id = l.ew_id"
    " WHERE (l.table_id = %s AND l.tray_id ="
    " (SELECT id FROM tournaments_tray WHERE session_id = %s AND number = %s))"
    " OR (l.idempotency_scope = %s AND l.idempotency_key = %s)"
    " OR l.id = (SELECT p.line_id FROM scoring_slipseat p WHERE p.entrant_id = %s AND p.side = %s"
    " AND p.tray_id = (SELECT id FROM tournaments_tray WHERE session_id = %s AND number = %s))"
)


#: A new line's columns, in the order ``line_values`` gives them.
LINE_COLUMNS = (
    "session_id, tray_id, round_id, table_id, ns_id, ew_id, ns_tricks, ns_revokes, ew_revokes, ns_award,"
    " ew_award, law, status, claimed, version, entered_via, entered_by, entered_user_id, device, entered_at,"
    " confirmed_by, confirmed_at, entered_side, checked_side, checked_how, confirmed_device, idempotency_key,"
    " idempotency_scope, idempotency_fingerprint, updated_at"
)
LINE_INSERT = f"INSERT INTO scoring_slipline ({LINE_COLUMNS}) VALUES ({', '.join(['%s'] * 30)}) RETURNING id"
#: The bumps of a results version: a table's own send counts in its table's, the rest in the session's.
BUMP = {
    "table": "UPDATE tournaments_table SET results_version = results_version + 1 WHERE id = %s",
    "session": "UPDATE tournaments_session SET results_version = results_version + 1 WHERE id = %s",
}


#: The most places a line has on its slip: the four players of a table (a pair each side: two).
MOST_PLACES = 4


def _seats_insert(seats: int) -> str:
    """The insert of this many places on a slip (``line_id, tray_id, entrant_id, side`` each)."""
    values = ", ".join(["(%s, %s, %s, %s)"] * seats)
    return f"INSERT INTO scoring_slipseat (line_id, tray_id, entrant_id, side) VALUES {values}"


def _line_with_seats_insert(seats: int, bump: str) -> str:
    """PostgreSQL's one statement for a new line, its places on the slip and the bump (``BUMP``): a send's
    three round trips in one. Its parameters: the line's, each place's ``tray_id, entrant_id, side``, then
    the bumped row's id. It returns the line's id."""
    parts = [f"new_line AS ({LINE_INSERT})"]
    if seats:
        rows = ", ".join(["(%s::integer, %s::integer, %s)"] * seats)
        parts.append(
            "new_seats AS (INSERT INTO scoring_slipseat (line_id, tray_id, entrant_id, side)"
            f" SELECT new_line.id, v.tray_id, v.entrant_id, v.side FROM new_line, (VALUES {rows})"
            " AS v (tray_id, entrant_id, side))"
        )
    parts.append(f"bumped AS ({BUMP[bump]})")
    return f"WITH {', '.join(parts)} SELECT id FROM new_line"


#: The insert of a line's places on its slip, by their number (SQLite's second statement of a new line).
SEATS_INSERT = {seats: _seats_insert(seats) for seats in range(1, MOST_PLACES + 1)}
#: PostgreSQL's one statement of a new line, by its number of places and the results version it bumps.
LINE_WITH_SEATS_INSERT = {
    (seats, bump): _line_with_seats_insert(seats, bump) for seats in range(MOST_PLACES + 1) for bump in BUMP
}


#: A trump card turned at the table, kept on the tray's deal only while its trump is not known.
TRUMP_RECORD = "UPDATE tournaments_deal SET trump = %s, trump_table = %s WHERE tray_id = %s AND trump = ''"


#: A tray's traveller by table number, each line with whether the entrant (id, side) a phone follows
#: sat on it (``scoring.visibility.played_trays``: the tray unfolds for it once one line has it).
TRAVELLER = (
    "SELECT tb.number, ns.number, ew.number, l.ns_tricks, l.ns_award, l.ew_award, l.status, l.law,"
    " EXISTS (SELECT 1 FROM scoring_slipseat p WHERE p.line_id = l.id AND p.entrant_id = %s AND p.side = %s)"
    " FROM scoring_slipline l JOIN tournaments_table tb ON tb.id = l.table_id"
    " LEFT JOIN tournaments_entrant ns ON ns.id = l.ns_id LEFT JOIN tournaments_entrant ew ON ew.id = l.ew_id"
    " WHERE l.tray_id = %s ORDER BY tb.number"
)

# Where a table, or an entrant, plays (``entry.selectors.rounds``).


def _table_plays(one_tray: bool) -> str:
    """The one query of ``table_plays`` (``one_tray``: of one tray).

    The rounds and entrants are joined by the table's session as well as by their ids: the same rows,
    and PostgreSQL then reads them by their indexes, where it hashed every round and entrant of every
    session the database holds (a send cost more with each evening the club had played)."""
    return (
        "SELECT st.seating_id, s.round_id, r.number, st.tray_id, t.number, t.status,"
        " s.ns_id, ns.number, ns.is_phantom, s.ew_id, ew.number, ew.is_phantom,"
        " EXISTS (SELECT 1 FROM scoring_slipline l WHERE l.table_id = %s AND l.tray_id = st.tray_id)"
        " FROM tournaments_seatingtray st JOIN tournaments_seating s ON s.id = st.seating_id"
        " JOIN tournaments_round r ON r.id = s.round_id AND r.session_id = %s"
        " JOIN tournaments_tray t ON t.id = st.tray_id"
        " LEFT JOIN tournaments_entrant ns ON ns.id = s.ns_id AND ns.session_id = %s"
        " LEFT JOIN tournaments_entrant ew ON ew.id = s.ew_id AND ew.session_id = %s"
        f' WHERE s.table_id = %s{" AND t.number = %s" if one_tray else ""} ORDER BY r.number, st."order"'
    )


#: Every tray a table plays, in the order of play (``table_plays``), and its plays of one tray.
TABLE_PLAYS = _table_plays(one_tray=False)
TABLE_PLAYS_OF_TRAY = _table_plays(one_tray=True)
#: The one query of ``entrant_plays``: each row a play as ``TABLE_PLAYS`` reads it, then its table and the
#: entrant's side there (by the seating's pairs, else by its players' seats).
ENTRANT_PLAYS = (
    "SELECT s.id, s.round_id, r.number, st.tray_id, t.number, t.status,"
    " s.ns_id, ns.number, ns.is_phantom, s.ew_id, ew.number, ew.is_phantom,"
    " EXISTS (SELECT 1 FROM scoring_slipline l WHERE l.table_id = s.table_id AND l.tray_id = st.tray_id),"
    " s.table_id, tb.number, tb.results_version,"
    " CASE WHEN s.ns_id = se.entrant_id THEN 'NS' WHEN s.ew_id = se.entrant_id THEN 'EW' ELSE"
    " COALESCE((SELECT CASE WHEN p.direction IN ('N', 'S') THEN 'NS' ELSE 'EW' END"
    " FROM tournaments_seat p WHERE p.seating_id = s.id AND p.entrant_id = se.entrant_id LIMIT 1), '') END"
    " FROM tournaments_seatedentrant se JOIN tournaments_seating s ON s.id = se.seating_id"
    " JOIN tournaments_round r ON r.id = s.round_id AND r.session_id = %s"
    " JOIN tournaments_table tb ON tb.id = s.table_id"
    " JOIN tournaments_seatingtray st ON st.seating_id = s.id"
    " JOIN tournaments_tray t ON t.id = st.tray_id"
    " LEFT JOIN tournaments_entrant ns ON ns.id = s.ns_id AND ns.session_id = %s"
    " LEFT JOIN tournaments_entrant ew ON ew.id = s.ew_id AND ew.session_id = %s"
    ' WHERE se.entrant_id = %s AND se.side = %s ORDER BY r.number, st."order"'
)
#: The session's slip state as one count that only grows (``tournaments.selectors.slips_version``): its
#: own ``results_version`` (the director's changes) plus each table's (the table's own sends).
SLIPS_VERSION = (
    "SELECT s.results_version + COALESCE((SELECT SUM(t.results_version) FROM tournaments_table t"
    " WHERE t.session_id = s.id), 0) FROM tournaments_session s WHERE s.id = %s"
)

# The locks on a session's rows (``tournaments.locks``, which says their one order).

_SEND_SESSION = (
    "s.id, s.club_id, s.status, s.tables_advance, s.current_round, s.seating_version, s.entrant_kind"
)
#: A table's own send: its row locked, its session's shared (the other tables' sends go on beside it;
#: anything of the director's, which locks the session's row ``FOR UPDATE``, waits).
TABLE_LOCKED = (
    f"SELECT t.id, t.number, t.results_version, {_SEND_SESSION}"
    " FROM tournaments_table t JOIN tournaments_session s ON s.id = t.session_id WHERE t.id = %s"
)
TABLE_LOCKS = " FOR KEY SHARE OF s FOR NO KEY UPDATE OF t"
#: A phone's send, before it reads where its entrant plays: the session's row shared.
SESSION_SHARED = "SELECT s.id FROM tournaments_session s WHERE s.id = %s"
SESSION_SHARES = " FOR KEY SHARE"
#: The director's entry: the session's row locked against everything else that decides a write.
SESSION_LOCKED = f"SELECT {_SEND_SESSION} FROM tournaments_session s WHERE s.id = %s"
SESSION_LOCKS = " FOR UPDATE"


#: A standings recompute's turn: the session's row held against another recompute and the director.
HOLD_FOR_RECOMPUTE = "SELECT 1 FROM tournaments_session WHERE id = %s FOR NO KEY UPDATE"
