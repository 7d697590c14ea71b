"""What the services announce, heard at the edge: a change to a session's slips, hand records wanted.

The services write and never queue work themselves (they import no tasks):
each change they commit is announced here, and ``scoring.recompute``
(connected when the app is ready, ``ScoringConfig.ready``) queues the
coalesced recompute, or the solver, once the transaction commits.
"""

from __future__ import annotations

from django.dispatch import Signal

#: Sent with ``session_id``; ``running``: the session runs; ``seating_version``: its seating as read;
#: ``owes_more``: a table's send, and the table still owes a tray (the session is not all played).
slips_changed = Signal()
#: Sent with ``session_id`` when the director publishes its hand records: the deals are solved.
hand_records_wanted = Signal()


def announce_slips_changed(
    session_id: int, *, running: bool, seating_version: int | None = None, owes_more: bool = False
) -> None:
    """Announce a change to the session's slips (its results version already counted)."""
    slips_changed.send(
        sender=None,
        session_id=session_id,
        running=running,
        seating_version=seating_version,
        owes_more=owes_more,
    )


def announce_hand_records_wanted(session_id: int) -> None:
    """Announce that the session's hand records are to be shown (their deals solved, off the pages' path)."""
    hand_records_wanted.send(sender=None, session_id=session_id)
