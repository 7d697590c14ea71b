"""What the set-up page shows: entrants, the engine's recommendations, the chosen movement.

Reads only; every write goes through ``services.setup``. Kept apart from the
views so that each view stays about ten lines.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from whist.cards import SUIT_SYMBOL, rank_text

from ..display import movement_named, movement_title, plural, variant_words
from ..forms import EntrantRowsForm, MovementChoiceForm, NamesForm, PBNImportForm
from ..models import TRUMP_SUITS, Entrant, EntrantKind, Player, ScoringMethod, Session
from ..movements import FAMILIES, Movement, MovementUserError
from ..movements.advice import ScoringAdvice, scoring_advice
from ..movements.analysis import analyse
from ..movements.balance import balance, minus
from ..movements.balance_text import keeps_directions
from ..movements.design import DESIGNED, best_switch, switch_searched
from ..movements.drive import seats_by_results
from ..movements.limits import MAX_DEALS, SWITCH_MAX_TABLES
from ..movements.recommend import Recommendation, comparison_words, meeting_words, ranking_reasons
from ..previews import movement_recommendations
from ..printing.data import trump_words
from ..printing.drawing import diagram_svg_inline
from ..printing.hands import tray_hands_of
from ..selectors import club_movements_fitting
from ..services import entrant_names
from ..services.errors import UserError
from ..services.sessions import KIND_SHAPE, next_number
from ..services.teams import MAX_TEAMS, TEAMS_OF_FAMILY, is_teams_session
from .entrants import entrants_hint, names_form_for, names_help

DEFAULT_DEALS = 24
MAX_ROWS = 16
#: Three teams of six pairs (pp. 57-58) need eighteen rows.
MAX_TEAM_ROWS = 24
SHOWN_RECOMMENDATIONS = 5
#: Rows beyond the roster's free players: for visitors typed in (a new club's roster may be empty).
VISITOR_ROWS = 2

#: What to call one entrant and many, by kind of session.
UNIT_WORDS: dict[str, tuple[str, str]] = {
    EntrantKind.PAIRS: ("pair", "pairs"),
    EntrantKind.FOURS: ("team", "teams"),
    EntrantKind.SIXES: ("team", "teams"),
    EntrantKind.EIGHTS: ("team", "teams"),
    EntrantKind.INDIVIDUALS: ("player", "players"),
    EntrantKind.TEAMS: ("pair", "pairs"),
}


def deals_wanted(request: HttpRequest, session: Session) -> int:
    """Deals available: the ``deals`` asked for, or the chosen movement's, or a usual evening's."""
    raw = request.GET.get("deals", "")
    if raw.isascii() and raw.isdigit() and len(raw) <= 3 and 1 <= int(raw) <= MAX_DEALS:
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
    #: What tells it apart from another choice with the same figures ("" when none has them).
    twin_note: str = ""
    #: Why it stands where it does in the list.
    ranked: str = ""

    @property
    def name(self) -> str:
        """The book's name, with the variant ("modification 3"), or the plan it is the same as."""
        variant = self.rec.variant or (self.rec.aliases[0] if self.rec.aliases else "")
        return f"{self.rec.title}, {variant_words(variant)}" if variant else self.rec.title

    @property
    def summary(self) -> str:
        """What the system is, in a line (the family's own summary)."""
        family = FAMILIES.get(self.rec.family)
        return family.summary if family else ""

    @property
    def advice(self) -> ScoringAdvice | None:
        """The scoring method the book gives this movement, and why."""
        return scoring_advice(self.rec.family)

    @property
    def method_label(self) -> str:
        """The recommended method as the drop-down names it."""
        advice = self.advice
        return ScoringMethod(advice.method).label if advice else ""


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
    if is_teams_session(session):  # only the movements for as many teams as were entered
        teams = session.entrants.filter(kind="team", team_members__isnull=False).distinct().count()
        recs = [r for r in recs if TEAMS_OF_FAMILY.get(r.family) == teams]
    return [
        RecommendationView(
            rec=r,
            value=f"{r.family}|{r.variant or ''}|{r.trays}",
            best=i == 0,
            twin_note=_twin_note(r, recs),
            ranked=why,
        )
        for i, (r, why) in enumerate(zip(recs, ranking_reasons(recs), strict=True))
    ]


def no_system_words(session: Session, deals: int) -> str:
    """Why nothing is recommended, truly: too few deals, or no system of the book for this many."""
    entrants, _ = _counts(session)
    one, many = UNIT_WORDS[session.entrant_kind]
    counted = f"{entrants} {one if entrants == 1 else many}"
    if deals < MAX_DEALS and recommendations(session, MAX_DEALS):
        return f"No system of the book seats {counted} in {deals} deals: try more deals."
    words = f"No system of the book seats {counted}, in any number of deals."
    if session.entrant_kind == EntrantKind.PAIRS and entrants == 2:
        words += (
            " Four players at one table play mnemonic duplicate (“Single Table, or Mnemonic Duplicate”, "
            "pp. 25-27, 66): set the session up for individual players."
        )
    return words


def _figures(r: Recommendation) -> tuple[Any, ...]:
    """What the page shows of a choice, to find two that look the same."""
    return (r.family, r.tables, r.rounds, r.trays, r.sitouts_per_round, r.balance, r.meets, r.compared)


def _twin_note(r: Recommendation, recs: Sequence[Recommendation]) -> str:
    """For choices of equal figures: which trays the first table in play starts with, the one thing that
    differs (Table 2's where Table 1 is the sit-out's)."""
    if not any(o is not r and _figures(o) == _figures(r) for o in recs) or not r.first_trays:
        return ""
    trays = ", ".join(map(str, r.first_trays))
    return (
        f"Same figures as another plan; it differs only in which trays make up a set: "
        f"Table {r.first_table} starts with tray{'s' if len(r.first_trays) > 1 else ''} {trays}."
    )


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


def entrants_form_for(session: Session, data: Any = None) -> EntrantRowsForm:
    """Rows to pick pairs (teams) from the active players not yet entered."""
    _, size = KIND_SHAPE[session.entrant_kind]
    taken = session.entrants.values_list("members__player", flat=True)
    free = list(
        Player.objects.filter(club=session.club, active=True, merged_into__isnull=True)
        .exclude(pk__in=[p for p in taken if p])
        .order_by("name")
    )
    teams = is_teams_session(session)
    rows = min(MAX_TEAM_ROWS if teams else MAX_ROWS, len(free) // size + VISITOR_ROWS)
    return EntrantRowsForm(
        data,
        players=free,
        rows=rows,
        size=size,
        teams=MAX_TEAMS if teams else 0,
        first=next_number(session, KIND_SHAPE[session.entrant_kind][0]),
        unit=UNIT_WORDS[session.entrant_kind][0].capitalize(),
        visitors=True,
    )


def entrants_step(
    session: Session, entrants_form: EntrantRowsForm | None, names_form: NamesForm | None
) -> dict[str, Any]:
    """The entrants step's forms and help: the rows, the list to paste, the session of last week's."""
    editable = session.is_editable_setup
    return {
        "teams_session": is_teams_session(session),
        "entrants_form": entrants_form or (entrants_form_for(session) if editable else None),
        "entrants_hint": entrants_hint(session),
        "names_form": names_form or names_form_for(session),
        "names_help": names_help(session),
        "previous": entrant_names.previous_session(session) if editable else None,
    }


def added_names_message(session: Session, added: entrant_names.Added) -> str:
    """ "Added pairs 9, 10. New on the roster as visitors: Jane Doe (...)." and what became of the seating."""
    said = added_message(session, added.entrants)
    visitors = [p.name for p in added.new_players if p.visitor]
    members = [p.name for p in added.new_players if not p.visitor]
    if visitors:
        said += (
            f" New on the roster as visitors: {', '.join(visitors)} (make a visitor a member on the roster)."
        )
    if members:
        said += f" New members on the roster: {', '.join(members)}."
    if added.active_again:
        said += f" Active on the roster again: {', '.join(p.name for p in added.active_again)}."
    return said


def label_message(entrant: Entrant) -> str:
    """What the director is told once an entrant's own name is changed."""
    if entrant.label:
        return f"{entrant} is named “{entrant.label}”, beside its players' names, on every page."
    return f"{entrant} is named by its players alone."


def entrant_list(session: Session) -> list[dict[str, Any]]:
    """The entrants with their players' names (and seats, for teams of four)."""
    kind, _ = KIND_SHAPE[session.entrant_kind]
    out = []
    entrants = session.entrants.filter(kind=kind).select_related("team").prefetch_related("members__player")
    for e in entrants.order_by("number"):
        members = list(e.members.all())
        names = [f"{m.role} {m.player.name}" if m.role else m.player.name for m in members]
        out.append(
            {
                "entrant": e,
                "names": ", ".join(names) if kind != "pair" else " & ".join(names),
                "label": e.label if not e.is_phantom else "",
                "team": (e.team.label or str(e.team)) if e.team_id and e.team else "",
            }
        )
    if is_teams_session(session):
        out.sort(key=lambda row: (row["team"], row["entrant"].number))
    return out


def movement_facts(session: Session) -> dict[str, Any] | None:
    """The chosen movement: the book's name, sizes, sit-outs, balance, and its diagram."""
    if not session.movement_json:
        return None
    movement = Movement.from_json(session.movement_json)
    family = FAMILIES.get(session.movement_family)
    analysis = analyse(movement)
    sitouts = max(analysis.sitouts_per_round, default=0)
    unit = {"pair": "pair", "team": "team", "player": "player"}[movement.entrant_kind]
    return {
        "title": family.title
        if family
        else movement_title(session.movement_family, session.movement_variant),
        "named": movement_named(session.movement_family, session.movement_variant),
        "pages": family.pages if family else "",
        "variant": variant_words(session.movement_variant) if family else "",
        "meets": meeting_words(analysis, unit),
        "compared": comparison_words(analysis, unit),
        "unit": unit,
        "advice": scoring_advice(session.movement_family),
        "tables": movement.tables,
        "rounds": len(movement.rounds),
        "trays": movement.trays,
        "per_round": session.deals_per_round,
        "sitouts": sitouts,
        "fairness": fairness(movement),
        "switched": (session.movement_params or {}).get("switch") or [],
        "diagram": diagram_html(movement),
    }


def fairness(movement: Movement) -> dict[str, Any] | None:
    """The amount of competition of every two entrants, as words, figures, a shaded matrix and the
    arrow switch that would balance a Mitchell best (None for teams, where the measure does not apply)."""
    try:
        b = balance(movement)
    except MovementUserError:
        return None
    values = [v for row in b.matrix() for v in row if v is not None] or [0]
    low, high = min(values), max(values)
    rows = [
        (a, [(None if v is None else minus(v), "" if v is None else _shade(v, low, high)) for v in row])
        for a, row in zip(b.entrants, b.matrix(), strict=True)
    ]
    proposal, switch_note = switch_proposal(movement)
    return {
        "figures": b.summary,
        "qf": float(b.summary.qf),
        "words": b.words(),
        "entrants": b.entrants,
        "rows": rows,
        "proposal": proposal,
        "switch_note": switch_note,
        "low": minus(low),
        "high": minus(high),
    }


def switch_proposal(movement: Movement) -> tuple[dict[str, Any] | None, str]:
    """The arrow switch that would join a movement's two fields best (None: none helps, or its pairs change
    direction already), and why none is offered where the movement is too large to search."""
    if not keeps_directions(movement):
        return None, ""
    if not switch_searched(movement):
        return None, (
            f"The arrow switch that would make one field is searched for up to {SWITCH_MAX_TABLES} tables; "
            f"at {movement.tables} it would take minutes."
        )
    best = best_switch(movement)
    if not best.rounds:
        return None, ""
    return {"rounds": ", ".join(map(str, best.rounds)), "figures": best.balance.summary}, ""


def _shade(value: int, low: int, high: int) -> str:
    """A cell's shade, 0 (the least amount) to 4 (the most)."""
    return str(0 if high == low else round(4 * (value - low) / (high - low)))


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
    names_form: NamesForm | None = None,
) -> dict[str, Any]:
    """Everything the set-up page shows."""
    entrants, _ = _counts(session)
    recs = recommendations(session, deals) if session.is_editable_setup else []
    choice = _current_choice(session, recs)
    checked = next((r for r in recs if r.value == choice), None)
    advice = checked.advice if checked else None
    initial = {
        "scoring_method": session.scoring_method
        if session.movement_family or advice is None
        else advice.method,
        "deals": deals,
        "choice": choice,
    }
    one, many = UNIT_WORDS[session.entrant_kind]
    return {
        "session": session,
        "club": session.club,
        "deals": deals,
        "unit": one,
        "units": many,
        "entrants": entrant_list(session),
        "count": entrants,
        "odd_pairs": session.entrant_kind == EntrantKind.PAIRS and entrants % 2 == 1,
        **entrants_step(session, entrants_form, names_form),
        **_listed(session, recs, deals),
        "checked": checked,
        "movement_form": movement_form
        or MovementChoiceForm(initial=initial, families=family_choices(session)),
        "movement": movement_facts(session),
        "steps": _steps(session, entrants),
        "club_movements": club_movements_fitting(session=session) if session.is_editable_setup else [],
    }


def _listed(session: Session, recs: Sequence[RecommendationView], deals: int) -> dict[str, Any]:
    """The first choices, the more, and when there is none the true reason why."""
    none = not recs and session.is_editable_setup
    return {
        "recs": recs[:SHOWN_RECOMMENDATIONS],
        "more_recs": recs[SHOWN_RECOMMENDATIONS:],
        "no_system": no_system_words(session, deals) if none else "",
    }


def _current_choice(session: Session, recs: Sequence[RecommendationView]) -> str:
    """The radio to check: the chosen movement if listed, else the best recommendation."""
    if session.movement_family == DESIGNED:  # seated by one of the club's own movements
        return f"club:{(session.movement_params or {}).get('club_movement', '')}"
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
        f"Seated by the {title}{', ' + variant_words(movement.variant) if movement.variant else ''}: "
        f"{plural(movement.tables, 'table')}, {plural(len(movement.rounds), 'round')}, "
        f"{plural(movement.trays, 'tray')}."
    )


def drive_ended(was_drive: bool, movement: Movement) -> str:
    """What the director is told when a session that was a whist drive is seated by another movement:
    it is no longer a drive (``services.seating.drive_end``); else nothing."""
    if not was_drive or seats_by_results(movement.family, movement.variant):
        return ""
    return (
        " It is no longer a whist drive: its method, changes and prizes are gone"
        " (Set it up as a whist drive to play one again)."
    )


def trump_parts(card: str) -> dict[str, str] | None:
    """A trump card for display: rank, suit symbol and letter, and the book's words ("CLUB KING").

    A suit declared for the sitting (Law IV, Sec. 11) has no rank.
    """
    if len(card) == 1 and card in SUIT_SYMBOL:
        return {"rank": "", "symbol": SUIT_SYMBOL[card], "suit": card, "words": trump_words(card)}
    if len(card) != 2 or card[1] not in SUIT_SYMBOL:
        return None
    return {
        "rank": rank_text(card[0]),
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
            "turned_at": t.deal.trump_table,
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
        "trump_suits": TRUMP_SUITS,
    }


def pack_context(session: Session) -> dict[str, Any]:
    """The trays page's simultaneous event box: the pack the session plays (never its key), its release
    time and whether the hands are still held back (``scoring.visibility`` holds them), and whether the
    session may take a pack now."""
    pack: dict[str, Any] = {k: v for k, v in (session.sim_pack or {}).items() if k != "key"}
    pack.update({day: _iso_date(pack[day]) for day in ("plays_from", "plays_to") if day in pack})
    release = session.hands_release_at
    return {
        "pack": pack or None,
        "release": release,
        "held": not session.hands_released(),
        "takes_pack": session.entrant_kind == EntrantKind.PAIRS
        and session.status in (Session.Status.DRAFT, Session.Status.RUNNING),
    }


def _iso_date(value: object) -> object:
    """A pack's ISO date as a date to show (what it is, if it is not one)."""
    try:
        return dt.date.fromisoformat(value) if isinstance(value, str) else value
    except ValueError:
        return value


def pack_imported_message(session: Session) -> str:
    """ "This session plays Autumn Sim, organised by ...; the hands are held back until ..." """
    pack, release = session.sim_pack or {}, session.hands_release_at
    when = timezone.localtime(release).strftime("%A %d %B %Y, %H:%M %Z") if release else ""
    return (
        f"This session plays {pack.get('event', '')}, organised by {pack.get('organiser', '')}: the pack's"
        f" deals are on the trays, and the hands are shown to nobody but you until {when}."
    )


def imported_message(count: int) -> str:
    """ "Imported 7 deals from the PBN file." """
    return f"Imported {count} deal{'s' if count != 1 else ''} from the PBN file."


def refused_message(what: str, exc: UserError) -> str:
    """A refused file or pack at the top of the page: what was not done and why (a file's problems board
    by board stay beside its field: the first is said here, with how many more)."""
    shown = getattr(exc, "shown", None) or [exc.message]
    first = shown[0][:1].lower() + shown[0][1:] if shown[0][1:2].islower() else shown[0]
    return f"{what}: {first}" + (" (and more, beside the form)" if len(shown) > 1 else "")


def pbn_refusal(form: PBNImportForm, exc: UserError) -> PBNImportForm:
    """A refused file: each problem on its own line under the file field."""
    for problem in getattr(exc, "shown", None) or [exc.message]:
        form.add_error("file", problem)
    return form
