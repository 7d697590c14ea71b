"""The session's lock: the one order every writer of its slips (and every recompute) takes it in.

Apart from ``lines.py`` so that the standings' recompute, which the tasks
import, can take it too without importing the tasks back.
"""

from __future__ import annotations

from clubwhist.joined import JoinedRead, Step
from tournaments.models import MOVEMENT_FIELDS, Session

#: The session's row, locked: read on every send, as SQL written once (``clubwhist.joined``: the
#: ORM's compiling cost more than the query).
SESSION_LOCKED = JoinedRead([Step(Session, skip=MOVEMENT_FIELDS)], "id", for_update=True)


def lock_session(session_id: int) -> Session:
    """The session's row, locked until the transaction ends: taken before any check that decides a write.

    Every service that writes a line, or decides on one, takes this lock
    first and the line's lock after it, in that order, so two of them never
    wait on each other (PostgreSQL would abort one as a deadlock).
    """
    session: Session | None = SESSION_LOCKED.first(session_id)
    if session is None:
        raise Session.DoesNotExist(f"No session {session_id}.")
    return session
