"""The site administrator's work: a new club, its first director, and the link they set a password by.

A site administrator (``site_selectors.is_site_admin``: a superuser, or a
user named by ``manage.py site_admin add``) makes a club and its first
director from the site's own pages, not Django's admin. The director is a
new user without a password; the site administrator is shown a link to
hand over, and it is e-mailed when a mail server is set.

The link sets the password once. Its token is Django's password-reset
token of a kind of its own (``DirectorLinkTokens``): a signature over the
user's password and last login, so it dies when the password is set (and
the director logged in), and after ``DIRECTOR_LINK_HOURS``. A new link is
issued only for a director who has not used theirs (``awaits_link``).
Every step is in the club's action log.
"""

from __future__ import annotations

import re
import smtplib
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage, get_connection
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.crypto import constant_time_compare
from django.utils.encoding import force_bytes
from django.utils.http import base36_to_int, urlsafe_base64_decode, urlsafe_base64_encode

from tournaments.locks import locked

from ..models import Club, SiteAdministrator
from ..site_selectors import ID_MAX, awaits_link, director_of, is_site_admin
from .club import check_email, club_create, clubs_directed_by, director_add, log_action
from .errors import FieldErrors, NotFound, UserError
from .text import column_text

#: A club's short name, as its public pages' addresses carry it: lowercase letters and digits in words
#: joined by single hyphens ("riverside-whist").
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
#: The longest password the set-password page takes: any passphrase fits, and hashing one is bounded.
PASSWORD_MAX_CHARS = 256
#: The longest link the set-password page reads: a real one is about 50 characters.
LINK_MAX_CHARS = 200
#: The mail backends that send nothing anywhere: with them the link is not mailed (the console's would
#: write a live link into the server's log).
UNSENT = {
    "django.core.mail.backends.console.EmailBackend",
    "django.core.mail.backends.dummy.EmailBackend",
}

NOT_WORKING = (
    "This link does not work: it has been used already, or it was not copied whole. "
    "Ask the site administrator for a new one."
)


class LinkRefused(NotFound):
    """A set-password link that is used, expired, tampered with or not for a new director (404)."""


class DirectorLinkTokens(PasswordResetTokenGenerator):
    """Django's password-reset token, of a kind of its own, alive for ``DIRECTOR_LINK_HOURS``.

    The signature covers the user's id, password, last login and e-mail
    address (``_make_hash_value``), so setting the password, or logging in,
    ends it. Its own salt keeps it apart from any password-reset token.
    """

    key_salt = "tournaments.services.site.DirectorLinkTokens"

    def made_at(self, user: Any, token: str) -> int | None:
        """When the token was made (seconds since 2001), if it is genuine for the user as they are now."""
        stamp, dash, _ = str(token).partition("-")
        try:
            made = base36_to_int(stamp) if dash else None
        except ValueError:
            return None
        for secret in [self.secret, *self.secret_fallbacks]:
            if made is not None and constant_time_compare(
                self._make_token_with_timestamp(user, made, secret), token
            ):
                return made
        return None

    def expired(self, made: int) -> bool:
        """Whether a token made then is older than ``DIRECTOR_LINK_HOURS``."""
        return self._num_seconds(self._now()) - made > int(settings.DIRECTOR_LINK_HOURS) * 3600

    def check_token(self, user: Any, token: Any) -> bool:
        """Whether the token is genuine for the user as they are now, and young enough."""
        made = self.made_at(user, token) if user and token else None
        return made is not None and not self.expired(made)


LINK_TOKENS = DirectorLinkTokens()


@dataclass(frozen=True)
class DirectorLink:
    """A set-password link issued: for whom, in which club, the link itself, and what the mail did."""

    club: Club
    director: Any
    url: str
    mailed: str


def require_site_admin(user: Any) -> None:
    """Refuse anyone but a site administrator, as if the page did not exist."""
    if not is_site_admin(user):
        raise NotFound("No such page.")


def _one_line(value: Any, label: str, field: str) -> str:
    """Text without control characters (a line break, a tab), or a ``UserError`` on the field."""
    text = str(value or "")
    if any(unicodedata.category(c) == "Cc" for c in text):
        raise UserError(f"{label} holds a line break, a tab or another control character.", field=field)
    return text


def check_club_name(value: Any) -> str:
    """A new club's name: given, on one line, at most its column's length, not another club's."""
    name = _one_line(column_text(value, Club, "name", label="A club's name"), "A club's name", "name")
    if not name:
        raise UserError("A club needs a name.", field="name")
    if Club.objects.filter(name__iexact=name).exists():
        raise UserError(
            f"A club named {name!r} is already on the site: give this one its own name.", field="name"
        )
    return name


def check_club_slug(value: Any) -> str:
    """A new club's short name (lowercased): given, short enough, of its characters, not another's."""
    slug = column_text(value, Club, "slug", label="A club's short name").lower()
    if not slug:
        raise UserError(
            "A club needs a short name: its public pages' address (/c/short-name/).", field="slug"
        )
    if not SLUG.match(slug):
        raise UserError(
            f"A club's short name holds only letters a to z, digits and single hyphens between them "
            f"(as in riverside-whist), not {slug!r}.",
            field="slug",
        )
    if Club.objects.filter(slug__iexact=slug).exists():
        raise UserError(f"The short name {slug!r} is another club's: choose another.", field="slug")
    return slug


def check_username(value: Any, *, new: bool = True) -> str:
    """A username as Django keeps it: given, short enough, of its characters, and (``new``) not taken."""
    model = get_user_model()
    username = column_text(value, model, "username", label="A username")
    if not username:
        raise UserError("A director needs a username to log in with.", field="username")
    try:
        model.username_validator(username)
    except ValidationError:
        raise UserError(
            f"A username holds only letters, digits and @ . + - _, not {username!r}.", field="username"
        ) from None
    if new and model.objects.filter(username__iexact=username).exists():
        raise UserError(f"The username {username!r} is taken: choose another.", field="username")
    return username


def check_director_name(value: Any) -> str:
    """A new director's name, as they write it: given, on one line, at most its column's length."""
    text = column_text(
        value, get_user_model(), "first_name", label="A director's name", field="director_name"
    )
    name = _one_line(text, "A director's name", "director_name")
    if not name:
        raise UserError("A director needs a name.", field="director_name")
    return name


def check_director_email(value: Any) -> str:
    """A new director's e-mail address: given, and an address."""
    if not str(value or "").strip():
        raise UserError("A director needs an e-mail address: the link can be sent there.", field="email")
    return check_email(value)


def _checked(**checks: tuple[Callable[[Any], str], Any]) -> dict[str, str]:
    """Every field checked by its check; the refusals of all the fields at fault at once."""
    values, errors = {}, {}
    for field, (check, value) in checks.items():
        try:
            values[field] = check(value)
        except UserError as exc:
            errors[exc.field or field] = exc.message
    if errors:
        raise FieldErrors(errors)
    return values


def club_found(
    *, by: Any, name: Any, slug: Any, director_name: Any, email: Any, username: Any
) -> DirectorLink:
    """Make a club and its first director (a new user without a password); their set-password link.

    Every field is checked first and every one at fault is named at once
    (``FieldErrors``); then the club, the user and the directorship are
    made in one transaction, or none of them.
    """
    require_site_admin(by)
    clean = _checked(
        name=(check_club_name, name),
        slug=(check_club_slug, slug),
        director_name=(check_director_name, director_name),
        email=(check_director_email, email),
        username=(check_username, username),
    )
    try:
        with transaction.atomic():
            club = club_create(name=clean["name"], slug=clean["slug"])
            user = get_user_model().objects.create_user(
                username=clean["username"], email=clean["email"], first_name=clean["director_name"]
            )  # no password: an unusable one, until the link sets it
            director_add(club=club, user=user)
            log_action(club=club, user=by, action="club.create", name=club.name, slug=club.slug)
            log_action(club=club, user=by, action="director.add", director=user.pk, username=user.username)
    except IntegrityError:  # the short name or the username taken meanwhile
        raise UserError(
            "Another club or user took that short name or username just now: try again."
        ) from None
    return _issued(by=by, club=club, user=user)


def director_link_again(*, by: Any, club: Club, director_id: int) -> DirectorLink:
    """A new set-password link for a director of the club who has not used theirs (it may have expired)."""
    require_site_admin(by)
    user = director_of(club=club, pk=director_id)
    if not awaits_link(user):
        raise UserError(
            f"{user.get_username()} has set a password (or is an administrator): "
            "a link is only for a new director who has not used theirs."
        )
    return _issued(by=by, club=club, user=user)


def link_path(user: Any) -> str:
    """The path of a new set-password link for the user: their id and a fresh token, in one segment."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("director_welcome", args=[f"{uid}.{LINK_TOKENS.make_token(user)}"])


def _issued(*, by: Any, club: Club, user: Any) -> DirectorLink:
    """A link for the user: made, e-mailed when a mail server is set, and logged (without the link)."""
    url = f"{settings.SITE_URL.rstrip('/')}{link_path(user)}"
    mailed = _mail(club, user, url)
    log_action(club=club, user=by, action="director.link", director=user.pk, mailed=mailed)
    return DirectorLink(club=club, director=user, url=url, mailed=mailed)


def _mail(club: Club, user: Any, url: str) -> str:
    """Send the director their link when a mail server is set; what happened, as a sentence."""
    if settings.EMAIL_BACKEND in UNSENT:
        return "No mail server is set (EMAIL_HOST), so nothing was e-mailed: hand the link over yourself."
    hours = int(settings.DIRECTOR_LINK_HOURS)
    body = "\n".join(
        [
            f"{user.first_name or user.get_username()},",
            "",
            f"You are a director of {club.name}. Your username is {user.get_username()}.",
            f"Set your password at this link; it works once, within {hours} hours:",
            url,
        ]
    )
    message = EmailMessage(subject=f"{club.name}: set your director's password", body=body, to=[user.email])
    try:
        with get_connection() as connection:
            sent = connection.send_messages([message])
    except (OSError, smtplib.SMTPException) as exc:
        return f"The mail server did not take the message ({exc}): hand the link over yourself."
    if not sent:
        return "The mail server did not take the message: hand the link over yourself."
    return f"The link was e-mailed to {user.email}."


def director_for_link(*, link: Any, lock: bool = False) -> Any:
    """The new director a set-password link is for, or ``LinkRefused`` saying why (``lock``: their row)."""
    text = str(link)
    uid, dot, token = text[: LINK_MAX_CHARS + 1].partition(".")
    try:
        pk = int(urlsafe_base64_decode(uid).decode("ascii")) if dot and len(text) <= LINK_MAX_CHARS else 0
    except (ValueError, UnicodeDecodeError):
        pk = 0
    users = locked(get_user_model().objects.all()) if lock else get_user_model().objects
    user = users.filter(pk=pk).first() if 0 < pk <= ID_MAX else None
    made = LINK_TOKENS.made_at(user, token) if user is not None else None
    if made is None or not awaits_link(user):
        raise LinkRefused(NOT_WORKING)
    if LINK_TOKENS.expired(made):
        hours = int(settings.DIRECTOR_LINK_HOURS)
        raise LinkRefused(
            f"This link has expired: a link to set a password lasts {hours} hours. "
            "Ask the site administrator for a new one."
        )
    return user


def _password(user: Any, password: Any, again: Any) -> str:
    """The password typed twice, checked by the site's password validators, or a ``UserError``."""
    password, again = str(password or ""), str(again or "")
    if len(password) > PASSWORD_MAX_CHARS:
        raise UserError(f"A password has at most {PASSWORD_MAX_CHARS} characters.", field="password")
    if not password:
        raise UserError("Type a password.", field="password")
    if password != again:
        raise UserError("The two passwords differ: type the same one twice.", field="password_again")
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise UserError(" ".join(exc.messages), field="password") from None
    return password


@transaction.atomic
def director_password_set(*, link: Any, password: Any, again: Any) -> Any:
    """Set a new director's password through their link, which it ends; the director, to log in.

    The user's row is locked while the link is checked and the password
    set, so that two sends of one link set it once.
    """
    user = director_for_link(link=link, lock=True)
    user.set_password(_password(user, password, again))
    user.save(update_fields=["password"])
    for club in clubs_directed_by(user=user):
        log_action(club=club, user=user, actor="set-password link", action="director.password_set")
    return user


def site_admin_add(*, username: Any, password: str | None = None) -> tuple[Any, bool]:
    """Make a user a site administrator, creating them (with ``password``) if there is none; (user, made)."""
    name = check_username(username, new=False)
    model = get_user_model()
    user = model.objects.filter(username=name).first()
    made = user is None
    with transaction.atomic():
        if user is None:
            user = model(username=name)
            if not password:
                raise UserError(
                    f"There is no user {name!r}: give a password to create one.", field="password"
                )
            _password(user, password, password)
            user.set_password(password)
            user.save()
        SiteAdministrator.objects.get_or_create(user=user)
    return user, made


def site_admin_remove(*, username: Any) -> bool:
    """The user is no longer named a site administrator (a superuser still is one); whether they were."""
    removed, _ = SiteAdministrator.objects.filter(user__username=str(username)).delete()
    return bool(removed)
