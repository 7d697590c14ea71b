"""What the set-up page shows: entrants, the engine's recommendations, the chosen movement.

Reads only; every write goes through ``services.setup``. Kept apart from the
views so that each view stays about ten lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe

from ..display import SUIT_SYMBOL
from ..forms import EntrantRowsForm, MovementChoiceForm, PBNImportForm
from ..models import Entrant, EntrantKind, Player, Session
from ..movements import FAMILIES, Movement, MovementUserError
from ..movements.analysis import analyse
from ..movements.limits import MAX_DEALS
from ..movements.recommend import Recommendation
from ..previews import movement_recommendations
from ..printing.data import trump_words
from ..printing.drawing import diagram_svg_inline
from ..printing.hands import tray_hands_of
from ..services.errors import UserError
from ..services.sessions import KIND_SHAPE

DEFAULT_DEALS = 24
MAX_ROWS = 16
SHOWN_RECOMMENDATIONS = 5

#: What to call one entrant and many, by kind of session.
UNIT_WORDS: dict[str, tuple[str, str]] = {
    EntrantKind.PAIRS: ("pair", "pairs"),
    EntrantKind.FOURS: ("team", "teams"),
    EntrantKind.SIXES: ("team", "teams"),
    EntrantKind.EIGHTS: ("team", "teams"),
    EntrantKind.INDIVIDUALS: ("player", "players"),
}


def deals_wanted(request: HttpRequest, session: Session) -> int:
    """Deals available: the ``deals`` asked for, or the chosen movement's, or a usual evening's."""
    raw = request.GET.get("deals", "")
    if raw.isascii() and raw.isdigit() and 1 <= int(raw) <= MAX_DEALS:
        return int(raw)
    return session.trays_count or DEFAULT_DEALS


def entrant_kind(session: Session) -> str:
    """The kind of entrant this session's movement seats: pair, team or player."""
    return KIND_SHAPE[session.entrant_kind][0]


def _counts(session: Session) -> tuple[int, int]:
    """(entrants, players) as the movements count them; a phantom counts as a pair."""
    kind, size = KIND_SHAPE[session.entrant_kind]
    entrants = session.entrants.filter(kind=kind).count()
    return entrants, entrants * size


@dataclass(frozen=True)
class RecommendationView:
    """One recommendation as the page shows it, with the value its radio posts."""

    rec: Recommendation
    value: str
    best: bool

    @property
    def name(self) -> str:
        """The book's name, with the variant (``mod3``) where there is one."""
        return f"{self.rec.title}, {self.rec.variant}" if self.rec.variant else self.rec.title

    @property
    def balance_percent(self) -> int:
        """Balance of comparisons as a whole percent."""
        return round(self.rec.balance * 100)


def recommendations(session: Session, deals: int) -> list[RecommendationView]:
    """The engine's recommendations for this session's entrants, best first."""
    entrants, _ = _counts(session)
    if entrants < 2:
        return []
    try:
        kind = str(session.entrant_kind)
        recs = movement_recommendations(session_kind=kind, entrants=entrants, deals=deals)
    except MovementUserError:
        return []
    return [
        RecommendationView(rec=r, value=f"{r.family}|{r.variant or ''}|{r.trays}", best=i == 0)
        for i, r in enumerate(recs)
    ]


def family_choices(session: Session) -> list[tuple[str, Any]]:
    """Every system of the book (and each variant) that seats this kind of session."""
    out: list[tuple[str, Any]] = []
    for f in sorted(FAMILIES.values(), key=lambda f: f.title):
        if session.entrant_kind not in f.session_kinds:
            continue
        label = f"{f.title} ({f.pages})"
        if not f.variants:
            out.append((f"{f.name}|", label))
            continue
        variants = [(f"{f.name}|{v}", f"{f.title}, {variant_words(v)}") for v in f.variants]
        out.append((label, [(f"{f.name}|", f"{f.title}, as the book first gives it"), *variants]))
    return out


def variant_words(variant: str) -> str:
    """ "mod3" as "modification 3", "form2" as "form 2"; other names as they are."""
    for short, word in (("mod", "modification"), ("form", "form"), ("plan", "plan")):
        if variant.startswith(short) and variant[len(short) :].isdigit():
            return f"{word} {variant[len(short) :]}"
    return variant


def entrants_form_for(session: Session, data: Any = None) -> EntrantRowsForm:
    """Rows to pick pairs (teams) from the active players not yet entered."""
    _, size = KIND_SHAPE[session.entrant_kind]
    taken = session.entrants.values_list("members__player", flat=True)
    free = list(
        Player.objects.filter(club=session.club, active=True, merged_into__isnull=True)
        .exclude(pk__in=[p for p in taken if p])
        .order_by("name")
    )
    rows = max(1, min(MAX_ROWS, len(free) // size))
    return EntrantRowsForm(data, players=free, rows=rows, size=size)


def _entrant_list(session: Session) -> list[dict[str, Any]]:
    """The entrants with their players' names (and seats, for teams of four)."""
    kind, _ = KIND_SHAPE[session.entrant_kind]
    out = []
    for e in session.entrants.filter(kind=kind).prefetch_related("members__player").order_by("number"):
        members = list(e.members.all())
        names = [f"{m.role} {m.player.name}" if m.role else m.player.name for m in members]
        out.append({"entrant": e, "names": ", ".join(names) if kind != "pair" else " & ".join(names)})
    return out


def movement_facts(session: Session) -> dict[str, Any] | None:
    """The chosen movement: the book's name, sizes, sit-outs, balance, and its diagram."""
    if not session.movement_json:
        return None
    movement = Movement.from_json(session.movement_json)
    family = FAMILIES.get(session.movement_family)
    analysis = analyse(movement)
    sitouts = max(analysis.sitouts_per_round, default=0)
    c = analysis.comparisons
    return {
        "title": family.title if family else session.movement_family,
        "pages": family.pages if family else "",
        "variant": session.movement_variant,
        "tables": movement.tables,
        "rounds": len(movement.rounds),
        "trays": movement.trays,
        "per_round": session.deals_per_round,
        "sitouts": sitouts,
        "balance": round(100 * c.least / c.most) if c.most else 0,
        "diagram": diagram_html(movement),
    }


def diagram_html(movement: Movement) -> SafeString:
    """The movement diagram as inline SVG, the same drawing as on the printed cards.

    Trusted: reportlab escapes every label it writes.
    """
    return mark_safe(diagram_svg_inline(movement))


def _steps(session: Session, entrants: int) -> list[tuple[str, str]]:
    """The four steps of set-up, each done, here or to do."""
    seated = bool(session.movement_family)
    dealt = seated and not session.trays.filter(deal__trump="").exists()
    return [
        ("Entrants", "done" if entrants >= 2 else "here"),
        ("Movement", "done" if seated else ("here" if entrants >= 2 else "")),
        ("Trays", "done" if dealt else ("here" if seated else "")),
        ("Print", "here" if dealt else ""),
    ]


def setup_context(
    *,
    session: Session,
    deals: int,
    entrants_form: EntrantRowsForm | None = None,
    movement_form: MovementChoiceForm | None = None,
) -> dict[str, Any]:
    """Everything the set-up page shows."""
    entrants, _ = _counts(session)
    recs = recommendations(session, deals) if session.is_editable_setup else []
    initial = {
        "scoring_method": session.scoring_method,
        "deals": deals,
        "choice": _current_choice(session, recs),
    }
    one, many = UNIT_WORDS[session.entrant_kind]
    return {
        "session": session,
        "club": session.club,
        "deals": deals,
        "unit": one,
        "units": many,
        "entrants": _entrant_list(session),
        "count": entrants,
        "odd_pairs": session.entrant_kind == EntrantKind.PAIRS and entrants % 2 == 1,
        "entrants_form": entrants_form or (entrants_form_for(session) if session.is_editable_setup else None),
        "recs": recs[:SHOWN_RECOMMENDATIONS],
        "more_recs": recs[SHOWN_RECOMMENDATIONS:],
        "movement_form": movement_form
        or MovementChoiceForm(initial=initial, families=family_choices(session)),
        "movement": movement_facts(session),
        "steps": _steps(session, entrants),
    }


def _current_choice(session: Session, recs: Sequence[RecommendationView]) -> str:
    """The radio to check: the chosen movement if listed, else the best recommendation."""
    current = f"{session.movement_family}|{session.movement_variant}|{session.trays_count}"
    values = [r.value for r in recs]
    if current in values:
        return current
    return values[0] if values else ""


def added_message(session: Session, added: Sequence[Entrant]) -> str:
    """ "Added pairs 1-8." and what became of the movement."""
    one, many = UNIT_WORDS[session.entrant_kind]
    numbers = ", ".join(str(e.number) for e in added)
    word = one if len(added) == 1 else many
    return f"Added {word} {numbers}. {seating_note(session)}".strip()


def seating_note(session: Session) -> str:
    """After the entrants changed: whether the chosen movement still seats them."""
    session.refresh_from_db()
    if not session.movement_family:
        return ""
    _, many = UNIT_WORDS[session.entrant_kind]
    count = session.movement_json.get("entrants")
    return f"The movement was worked out again for {count} {many}: deal the trays again."


def seated_message(movement: Movement) -> str:
    """ "Seated by the Howell Pair System: 4 tables, 7 rounds, 7 trays." """
    family = FAMILIES.get(movement.family)
    title = family.title if family else movement.family
    return (
        f"Seated by the {title}{', ' + movement.variant if movement.variant else ''}: "
        f"{movement.tables} tables, {len(movement.rounds)} rounds, {movement.trays} trays."
    )


def trump_parts(card: str) -> dict[str, str] | None:
    """A trump card for display: rank, suit symbol and letter, and the book's words ("CLUB KING")."""
    if len(card) != 2 or card[1] not in SUIT_SYMBOL:
        return None
    rank = "10" if card[0] == "T" else card[0]
    return {
        "rank": rank,
        "symbol": SUIT_SYMBOL[card[1]],
        "suit": card[1],
        "words": trump_words(card),
    }


def trays_context(session: Session, *, show_hands: bool = False) -> dict[str, Any]:
    """The trays page: each tray's dealer and trump, how many are dealt, and the hands when asked."""
    trays = [
        {
            "tray": t,
            "dealer": t.deal.get_dealer_display(),
            "trump": trump_parts(t.deal.trump),
            "known": t.deal.is_known,
            "hands": t.deal.hands,
            "record": tray_hands_of(t.deal) if show_hands else None,
        }
        for t in session.trays.select_related("deal").order_by("number")
    ]
    entrants, _ = _counts(session)
    return {
        "session": session,
        "club": session.club,
        "trays": trays,
        "dealt": sum(1 for t in trays if t["known"]),
        "steps": _steps(session, entrants),
        "movement": session.movement_family,
        "show_hands": show_hands,
    }


def imported_message(count: int) -> str:
    """ "Imported 7 deals from the PBN file." """
    return f"Imported {count} deal{'s' if count != 1 else ''} from the PBN file."


def pbn_refusal(form: PBNImportForm, exc: UserError) -> PBNImportForm:
    """A refused file: each problem on its own line under the file field."""
    for problem in getattr(exc, "shown", None) or [exc.message]:
        form.add_error("file", problem)
    return form
