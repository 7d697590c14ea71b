"""Two sides to every line, held to a table: ``entry.send.rules.decide_check`` and ``decide_amend`` decide
on plain values, no database.

W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 42: one side sends its count, the other checks it.
Whoever sent, the other side checks: on a phone of its own when it holds one (the sender's phone is then
refused), else on the sender's phone handed across. The side that sent corrects its own count.
"""

from __future__ import annotations

from typing import Any

import pytest

from entry.send.rules import CheckAsked, CheckBy, Refusal, Refuse, decide_amend, decide_check

#: (case, sent by, the checking phone's side, the other side holds a phone, the decision)
CASES: list[tuple[str, str, str, bool, Any]] = [
    ("N-S sent, E-W check on their own phone", "NS", "EW", True, CheckBy("EW", across=False)),
    ("N-S sent, E-W check on a phone of theirs", "NS", "EW", False, CheckBy("EW", across=False)),
    ("N-S sent, E-W have no phone: N-S's handed across", "NS", "NS", False, CheckBy("EW", across=True)),
    ("N-S sent, E-W have a phone: N-S's refused", "NS", "NS", True, Refusal.CHECK_ON_OWN_PHONE),
    ("E-W sent, N-S check on their own phone", "EW", "NS", True, CheckBy("NS", across=False)),
    ("E-W sent, N-S have no phone: E-W's handed across", "EW", "EW", False, CheckBy("NS", across=True)),
    ("E-W sent, N-S have a phone: E-W's refused", "EW", "EW", True, Refusal.CHECK_ON_OWN_PHONE),
    ("a line sent before sides were kept: N-S's", "", "EW", True, CheckBy("EW", across=False)),
    ("a line sent before sides were kept, N-S's phone", "", "NS", True, Refusal.CHECK_ON_OWN_PHONE),
    ("a phone whose entrant is not on the line", "NS", "", False, Refusal.NOT_ON_THE_LINE),
]


@pytest.mark.parametrize(
    ("case", "sent", "checker", "has_phone", "expected"), CASES, ids=[c[0] for c in CASES]
)
def test_who_checks(case: str, sent: str, checker: str, has_phone: bool, expected: Any) -> None:
    decided = decide_check(CheckAsked(tray=4, sent_by=sent, checker=checker, other_has_phone=has_phone))
    if isinstance(expected, Refusal):
        assert isinstance(decided, Refuse) and decided.refusal is expected, case
    else:
        assert decided == expected, case


def test_the_refusal_says_who_sent_and_who_checks_on_which_phone() -> None:
    decided = decide_check(CheckAsked(tray=4, sent_by="EW", checker="EW", other_has_phone=True))
    assert isinstance(decided, Refuse)
    assert decided.error().message == (
        "E-W sent tray 4: N-S check it, or dispute it, on their own phone, not on E-W's. "
        "(If their phone is lost, the director releases it.)"
    )


@pytest.mark.parametrize(
    ("sent", "amender", "refusal"),
    [
        ("NS", "NS", None),
        ("EW", "EW", None),
        ("", "NS", None),
        ("NS", "EW", Refusal.ONLY_THE_SENDER_CORRECTS),
        ("EW", "NS", Refusal.ONLY_THE_SENDER_CORRECTS),
        ("NS", "", Refusal.NOT_ON_THE_LINE),
    ],
)
def test_only_the_side_that_sent_corrects(sent: str, amender: str, refusal: Refusal | None) -> None:
    decided = decide_amend(tray=4, sent_by=sent, amender=amender)
    assert (decided.refusal if decided is not None else None) is refusal
    if decided is not None and refusal is Refusal.ONLY_THE_SENDER_CORRECTS:
        assert decided.error().field == "ns_tricks"
