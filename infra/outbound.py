"""One HTTP request from the club's app to another server (a simultaneous event's organiser).

The app calls out in a few places only: a club sends its heat to the
organiser, fetches its pack or the published field. Each is one request
made here, the same way:

- only ``http`` and ``https`` addresses (never ``file:`` or another scheme);
- only to a public address or one the deployment allows
  (``infra.destinations``, ``OUTBOUND_ALLOWED_HOSTS``): the name is
  resolved once, every address checked, and the connection made to a
  checked address; over https the certificate is still checked against the
  name (SNI and hostname), as for any request;
- one deadline for the whole exchange, ``OUTBOUND_DEADLINE_SECONDS``:
  resolving, connecting, the TLS handshake, sending and every read of the
  answer each get only what is left of it, so a server that answers a byte
  at a time is cut off at the deadline, not at each read's;
- no redirect is followed (a club's key goes only to the address named: a
  3xx is the answer itself), no proxy is used, and at most ``limit`` bytes
  of the answer are read;
- the status and the body of every answer, an error status too
  (``Answer``); a request refused here is ``Refused``, a network that
  fails ``Unreachable``, each with ``why`` in the app's own words (never
  the other server's) for the caller's sentence.
"""

from __future__ import annotations

import http.client
import io
import socket
import ssl
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

from . import destinations

NOT_HTTP = "the address is not an http or https address"
#: The most bytes handed to the socket at once, each send given what is left of the deadline.
SEND_CHUNK = 16_384


class Unreachable(Exception):
    """The other server could not be reached; ``why`` says how, in a few words of the app's."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class Refused(Unreachable):
    """The address is not one the app asks (a local or private network's, not allowed)."""

    def __init__(self) -> None:
        super().__init__("the club's server does not ask addresses on a local or private network")


@dataclass(frozen=True)
class Answer:
    """What the other server answered: its status and the first bytes of its body."""

    status: int
    body: bytes


def deadline_seconds() -> float:
    """How long one whole exchange may take (``OUTBOUND_DEADLINE_SECONDS``)."""
    return float(settings.OUTBOUND_DEADLINE_SECONDS)


def _left(deadline: float) -> float:
    """The seconds left before ``deadline`` (``time.monotonic``); ``TimeoutError`` when none are."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("the deadline has passed")
    return left


class _Reads(io.RawIOBase):
    """A socket's reads, each given only what is left of the deadline (what http.client reads through)."""

    def __init__(self, sock: socket.socket, deadline: float) -> None:
        self.sock, self.deadline = sock, deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        self.sock.settimeout(_left(self.deadline))
        return self.sock.recv_into(buffer)


class _TimedSocket:
    """What http.client uses of its socket (``sendall``, ``makefile``, ``close``), within the deadline.

    http.client closes its connection as soon as it has an answer's head when the server will close,
    then reads the body: the socket itself is closed by its ``CheckedConnection.shut`` instead.
    """

    def __init__(self, sock: socket.socket, deadline: float) -> None:
        self.sock, self.deadline = sock, deadline

    def sendall(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            self.sock.settimeout(_left(self.deadline))
            view = view[self.sock.send(view[:SEND_CHUNK]) :]

    def makefile(self, mode: str = "rb", *args: Any, **kwargs: Any) -> io.BufferedReader:
        return io.BufferedReader(_Reads(self.sock, self.deadline))

    def close(self) -> None:
        """Nothing yet: the answer may still be read (``CheckedConnection.shut`` closes the socket)."""


def _connect(host: str, port: int, deadline: float) -> socket.socket:
    """A socket connected to a checked address of ``host`` (the first that answers)."""
    failed: OSError = ConnectionRefusedError("no address answered")
    for family, kind, proto, _name, address in destinations.checked(host, port, _left(deadline)):
        sock = socket.socket(family, kind, proto)
        try:
            sock.settimeout(_left(deadline))
            sock.connect(address)
            return sock
        except OSError as exc:
            sock.close()
            failed = exc
    raise failed


class CheckedConnection(http.client.HTTPConnection):
    """http.client's connection, made to a checked address of its host under one deadline.

    ``tls`` (an ``ssl.SSLContext``) makes it https: the handshake names the host (SNI) and the
    context checks the certificate against it, though the socket was connected to an address.
    """

    def __init__(self, host: str, port: int, *, deadline: float, tls: ssl.SSLContext | None = None) -> None:
        super().__init__(host, port)
        self.deadline, self.tls = deadline, tls
        self.default_port = 443 if tls else 80
        self.raw: socket.socket | None = None

    def connect(self) -> None:
        sock = _connect(self.host, self.port, self.deadline)
        try:
            if self.tls is not None:
                sock = self.tls.wrap_socket(sock, server_hostname=self.host, do_handshake_on_connect=False)
                sock.settimeout(_left(self.deadline))
                sock.do_handshake()
        except BaseException:
            sock.close()
            raise
        self.raw, self.sock = sock, _TimedSocket(sock, self.deadline)

    def shut(self) -> None:
        """Close the connection and its socket, the answer read or not."""
        self.close()
        if self.raw is not None:
            self.raw.close()


def _why(exc: BaseException) -> str:
    """What went wrong, in the app's words (the other server's are never repeated)."""
    if isinstance(exc, destinations.NotFound) and not exc.late:
        return "its name is not known"
    if isinstance(exc, TimeoutError | destinations.NotFound):
        seconds = deadline_seconds()
        return f"it did not answer within {seconds:g} second{'' if seconds == 1 else 's'}"
    if isinstance(exc, ssl.SSLCertVerificationError):
        return "its certificate was not accepted"
    if isinstance(exc, ssl.SSLError):
        return "the secure connection failed"
    if isinstance(exc, ConnectionRefusedError):
        return "nothing answered at that address"
    if isinstance(exc, http.client.HTTPException):
        return "its answer was not HTTP"
    return "the network failed"


def _connection(url: str, deadline: float) -> tuple[CheckedConnection, str]:
    """The connection for ``url`` and the path to ask, or ``Unreachable`` for an address it is not."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port or (443 if scheme == "https" else 80)
        if scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(scheme)
        tls = ssl.create_default_context() if scheme == "https" else None
        connection = CheckedConnection(parts.hostname, port, deadline=deadline, tls=tls)
    except (ValueError, http.client.InvalidURL):  # a port out of range, a control character
        raise Unreachable(NOT_HTTP) from None
    return connection, (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def exchange(
    url: str, *, headers: Mapping[str, str], data: bytes | None = None, limit: int = 64_000
) -> Answer:
    """GET ``url`` (POST ``data`` when given): the answer, whatever its status, or ``Unreachable``."""
    deadline = time.monotonic() + deadline_seconds()
    connection, path = _connection(url, deadline)
    try:
        connection.request("GET" if data is None else "POST", path, body=data, headers=dict(headers))
        response = connection.getresponse()
        return Answer(response.status, response.read(limit))
    except destinations.Refused:
        raise Refused() from None
    except (destinations.NotFound, OSError, http.client.HTTPException, ValueError) as exc:
        raise Unreachable(_why(exc)) from None
    finally:
        connection.shut()
