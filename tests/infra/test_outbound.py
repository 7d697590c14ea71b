"""The app's own requests (``infra.outbound``): where they may go, how long they may take, what comes back.

Real servers on loopback throughout (``outbound_servers``): a listening socket proves that a refused
destination is never connected to; a server answering a byte at a time, that the deadline is for the
whole exchange; an https server with a certificate made for ``localhost``, that the certificate is
checked against the name asked although the connection is made to the address checked.
"""

from __future__ import annotations

import ipaddress
import socket
import ssl
import time
from collections.abc import Iterator
from typing import Any

import pytest

from infra import destinations, outbound
from infra.outbound import Refused, Unreachable, exchange
from tests.infra.outbound_servers import (
    Certificate,
    answering,
    certificate,
    dripping,
    elapsed,
    listening,
    tls_serving,
)

LOOPBACK = ["127.0.0.1"]


@pytest.fixture(autouse=True)
def nothing_allowed(settings: Any) -> None:
    """The deployment's default: no host allowed beyond the public internet, the deadline 10 seconds."""
    settings.OUTBOUND_ALLOWED_HOSTS = []
    settings.OUTBOUND_DEADLINE_SECONDS = 10


class Sockets:
    """Every address a socket was asked to connect to while the spy was in place."""

    def __init__(self) -> None:
        self.connected: list[Any] = []


@pytest.fixture
def sockets(monkeypatch: pytest.MonkeyPatch) -> Sockets:
    """A spy on the sockets the process opens (no server runs in these tests)."""
    seen = Sockets()

    class Spy(socket.socket):
        def connect(self, address: Any) -> None:
            seen.connected.append(address)
            raise ConnectionRefusedError("a test's spy: no connection is made")

    monkeypatch.setattr(socket, "socket", Spy)
    return seen


def resolving(monkeypatch: pytest.MonkeyPatch, answers: dict[str, list[list[str]]]) -> list[str]:
    """Make names resolve to given addresses (each call the next list, the last again); the names asked."""
    asked: list[str] = []
    real = socket.getaddrinfo

    def fake(host: str, port: int, *args: Any, **kwargs: Any) -> Any:
        if host not in answers:
            return real(host, port, *args, **kwargs)
        asked.append(host)
        calls = answers[host]
        addresses = calls[min(asked.count(host), len(calls)) - 1]
        return [
            (
                socket.AF_INET6 if ":" in a else socket.AF_INET,
                socket.SOCK_STREAM,
                6,
                "",
                (a, port, 0, 0) if ":" in a else (a, port),
            )
            for a in addresses
        ]

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    return asked


# --- Where a request may go ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "address",
    [
        "8.8.8.8",
        "1.1.1.1",
        "2606:4700:4700::1111",
        "::ffff:8.8.8.8",
        "2002:808:808::1",  # 6to4 of a public address
    ],
)
def test_a_public_address_is_public(address: str) -> None:
    assert destinations.is_public(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "127.8.9.10",
        "0.0.0.0",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.10",
        "169.254.169.254",
        "100.64.0.1",
        "224.0.0.1",
        "239.255.255.250",
        "240.0.0.1",
        "255.255.255.255",
        "192.0.2.1",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "fd12:3456::1",
        "fec0::1",
        "ff02::1",
        "ff0e::1",
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
        "::ffff:169.254.169.254",
        "::127.0.0.1",
        "2002:7f00:1::",
        "2002:a00:1::",
        "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
        "64:ff9b::a00:1",
        "2001:db8::1",
    ],
)
def test_loopback_private_link_local_multicast_and_reserved_addresses_are_not_public(address: str) -> None:
    assert not destinations.is_public(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:{port}/api/v1/sims/x/pack/",
        "https://127.0.0.1:{port}/",
        "http://127.1:{port}/",
        "http://2130706433:{port}/",
        "http://0.0.0.0:{port}/",
        "http://localhost:{port}/",
        "http://LocalHost:{port}/",
        "http://[::ffff:127.0.0.1]:{port}/",
    ],
)
def test_a_loopback_destination_is_refused_and_never_connected_to(url: str) -> None:
    with listening("127.0.0.1") as listener:
        with pytest.raises(Refused) as refused:
            exchange(url.format(port=listener.port), headers={})
        assert not listener.knocked()
    assert refused.value.why == "the club's server does not ask addresses on a local or private network"


def test_an_ipv6_loopback_destination_is_refused_and_never_connected_to() -> None:
    with listening("::1") as listener:
        with pytest.raises(Refused):
            exchange(f"http://[::1]:{listener.port}/", headers={})
        assert not listener.knocked()


@pytest.mark.parametrize(
    "host",
    [
        "10.0.0.5",
        "172.20.1.1",
        "192.168.1.10",
        "169.254.169.254",
        "100.64.0.1",
        "224.0.0.1",
        "255.255.255.255",
        "[fe80::1]",
        "[fd00::5]",
        "[ff02::1]",
        "[::ffff:192.168.1.10]",
        "[::ffff:169.254.169.254]",
        "[2002:a9fe:a9fe::1]",
    ],
)
def test_a_private_link_local_or_multicast_destination_is_refused_before_any_connection(
    host: str, sockets: Sockets
) -> None:
    with pytest.raises(Refused):
        exchange(f"http://{host}/latest/meta-data/", headers={})
    assert sockets.connected == []


def test_a_name_that_resolves_to_a_private_address_is_refused(
    monkeypatch: pytest.MonkeyPatch, sockets: Sockets
) -> None:
    asked = resolving(monkeypatch, {"organiser.example": [["10.20.30.40"]]})
    with pytest.raises(Refused):
        exchange("https://organiser.example/api/v1/sims/x/pack/", headers={})
    assert asked == ["organiser.example"] and sockets.connected == []


def test_every_address_of_a_name_is_checked(monkeypatch: pytest.MonkeyPatch, sockets: Sockets) -> None:
    resolving(monkeypatch, {"organiser.example": [["8.8.8.8", "2606:4700::1", "127.0.0.1"]]})
    with pytest.raises(Refused):
        exchange("http://organiser.example/", headers={})
    assert sockets.connected == []


def test_a_public_address_is_connected_to_as_resolved(
    monkeypatch: pytest.MonkeyPatch, sockets: Sockets
) -> None:
    resolving(monkeypatch, {"organiser.example": [["8.8.8.8"]]})
    with pytest.raises(Unreachable) as failed:
        exchange("http://organiser.example/", headers={})
    assert sockets.connected == [("8.8.8.8", 80)]
    assert failed.value.why == "nothing answered at that address"


@pytest.mark.parametrize("allowed", [["127.0.0.1"], ["127.0.0.0/8"], ["localhost"], ["LocalHost."]])
def test_the_hosts_the_deployment_allows_are_asked(settings: Any, allowed: list[str]) -> None:
    settings.OUTBOUND_ALLOWED_HOSTS = allowed
    host = "localhost" if "localhost" in allowed[0].lower() else "127.0.0.1"
    with answering(200, b'{"ok": true}') as base:
        got = exchange(base.replace("127.0.0.1", host) + "/pack/", headers={"Accept": "application/json"})
    assert (got.status, got.body) == (200, b'{"ok": true}')


def test_a_name_allowed_does_not_allow_its_address_by_another_name(settings: Any) -> None:
    settings.OUTBOUND_ALLOWED_HOSTS = ["localhost"]
    with listening("127.0.0.1") as listener:
        with pytest.raises(Refused):
            exchange(f"http://127.0.0.1:{listener.port}/", headers={})
        assert not listener.knocked()


def test_the_connection_goes_to_the_address_checked_not_to_a_later_answer(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """DNS rebinding: the name answers an allowed address to the check and another one after it."""
    settings.OUTBOUND_ALLOWED_HOSTS = LOOPBACK
    with answering(200, b"checked") as base:
        port = int(base.rsplit(":", 1)[1])
        with listening("127.0.0.2", port) as later:
            asked = resolving(monkeypatch, {"rebind.example": [["127.0.0.1"], ["127.0.0.2"]]})
            got = exchange(f"http://rebind.example:{port}/", headers={})
            assert not later.knocked()
    assert got.body == b"checked" and asked == ["rebind.example"]


@pytest.mark.parametrize(
    "url", ["file:///etc/passwd", "ftp://127.0.0.1/", "gopher://x/", "http://", "http://x:99999/"]
)
def test_only_http_and_https_addresses_are_asked(url: str) -> None:
    with pytest.raises(Unreachable, match="not an http or https address"):
        exchange(url, headers={})


# --- How long, and how much --------------------------------------------------------------------------


@pytest.fixture
def short_deadline(settings: Any) -> float:
    """One second for the whole exchange, the stand-in on loopback allowed."""
    settings.OUTBOUND_ALLOWED_HOSTS = LOOPBACK
    settings.OUTBOUND_DEADLINE_SECONDS = 1
    return 1.0


@pytest.mark.parametrize(
    ("head", "body"),
    [
        (b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n", b"x" * 100),  # the body a byte at a time
        (b"", b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"),  # the status and headers too
        (b"HTTP/1.1 200 OK\r\n", b"X-Slow: " + b"y" * 100 + b"\r\n\r\n"),  # one long header line
    ],
)
def test_a_server_answering_a_byte_at_a_time_is_cut_off_at_the_deadline(
    short_deadline: float, head: bytes, body: bytes
) -> None:
    with dripping(head, body, every=0.3) as base:
        start = time.monotonic()
        with pytest.raises(Unreachable) as late:
            exchange(base + "/", headers={})
        took = elapsed(start)
    assert late.value.why == "it did not answer within 1 second"
    assert short_deadline - 0.1 <= took < short_deadline + 0.5


def test_a_server_that_says_nothing_is_cut_off_at_the_deadline(short_deadline: float) -> None:
    with dripping(b"", b"", every=0.3) as base:
        start = time.monotonic()
        with pytest.raises(Unreachable, match="did not answer within 1 second"):
            exchange(base + "/", headers={}, data=b'{"pbn": ""}')
        assert short_deadline - 0.1 <= elapsed(start) < short_deadline + 0.5


def test_an_answer_just_within_the_deadline_is_read(short_deadline: float) -> None:
    with dripping(b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\n", b"abc", every=0.2) as base:
        got = exchange(base + "/", headers={})
    assert got.body == b"abc"


def test_at_most_limit_bytes_of_an_answer_are_read(short_deadline: float) -> None:
    with answering(200, b"z" * 2_000_000) as base:
        start = time.monotonic()
        got = exchange(base + "/", headers={}, limit=1000)
    assert got.body == b"z" * 1000 and elapsed(start) < short_deadline


def test_a_redirect_is_the_answer_not_followed(short_deadline: float) -> None:
    with listening("127.0.0.1") as elsewhere:
        target = f"http://127.0.0.1:{elsewhere.port}/"
        with answering(302, b"", {"Location": target}) as base:
            got = exchange(base + "/", headers={"X-Sim-Key": "k" * 20})
        assert got.status == 302 and not elsewhere.knocked()


def test_a_server_that_does_not_speak_http_is_a_sentence(short_deadline: float) -> None:
    with (
        dripping(b"SSH-2.0-OpenSSH_9.6\r\n\r\n", b"", every=0.1) as base,
        pytest.raises(Unreachable) as failed,
    ):
        exchange(base + "/", headers={})
    assert failed.value.why == "its answer was not HTTP"


# --- https: the certificate checked against the name --------------------------------------------------


@pytest.fixture(scope="module")
def localhost_cert(tmp_path_factory: pytest.TempPathFactory) -> Certificate:
    return certificate(tmp_path_factory.mktemp("tls"), "localhost")


@pytest.fixture
def trusting(monkeypatch: pytest.MonkeyPatch, localhost_cert: Certificate) -> None:
    """The app's https requests trust the test's certificate (as they trust the system's authorities)."""
    make = ssl.create_default_context
    monkeypatch.setattr(outbound.ssl, "create_default_context", lambda: make(cafile=str(localhost_cert.cert)))


@pytest.fixture
def tls_server(localhost_cert: Certificate, settings: Any) -> Iterator[Any]:
    settings.OUTBOUND_DEADLINE_SECONDS = 5
    with tls_serving(localhost_cert) as server:
        yield server


def test_an_https_server_whose_certificate_is_not_trusted_is_refused(settings: Any, tls_server: Any) -> None:
    settings.OUTBOUND_ALLOWED_HOSTS = ["localhost"]
    with pytest.raises(Unreachable) as failed:
        exchange(f"https://localhost:{tls_server.port}/", headers={})
    assert failed.value.why == "its certificate was not accepted" and tls_server.paths == []


def test_https_connects_to_the_address_checked_and_names_the_host_in_the_handshake(
    settings: Any, tls_server: Any, trusting: None
) -> None:
    settings.OUTBOUND_ALLOWED_HOSTS = ["localhost"]
    got = exchange(f"https://localhost:{tls_server.port}/pack/", headers={})
    assert (got.status, got.body) == (200, b"ok")
    assert tls_server.names == ["localhost"] and tls_server.paths == ["/pack/"]


def test_https_checks_the_certificate_against_the_name_asked_not_the_address(
    settings: Any, tls_server: Any, trusting: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.OUTBOUND_ALLOWED_HOSTS = ["127.0.0.1", "organiser.example"]
    with pytest.raises(Unreachable, match="its certificate was not accepted"):
        exchange(f"https://127.0.0.1:{tls_server.port}/", headers={})
    resolving(monkeypatch, {"organiser.example": [["127.0.0.1"]]})
    with pytest.raises(Unreachable, match="its certificate was not accepted"):
        exchange(f"https://organiser.example:{tls_server.port}/", headers={})
    assert tls_server.names == [None, "organiser.example"] and tls_server.paths == []


def test_the_connection_class_hands_the_host_name_to_tls(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever address the socket was connected to, the TLS layer is given the host's name."""
    given: dict[str, Any] = {}

    class Context:
        def wrap_socket(self, sock: socket.socket, **kwargs: Any) -> Any:
            given.update(kwargs)
            raise ssl.SSLError("a test's context: no handshake")

    with listening("127.0.0.1") as listener:
        monkeypatch.setattr(
            outbound, "_connect", lambda host, port, deadline: socket.create_connection(("127.0.0.1", port))
        )
        context: Any = Context()
        conn = outbound.CheckedConnection(
            "organiser.example", listener.port, deadline=time.monotonic() + 5, tls=context
        )
        with pytest.raises(ssl.SSLError):
            conn.connect()
    assert given["server_hostname"] == "organiser.example"


def test_a_port_nobody_listens_on_is_a_sentence(short_deadline: float) -> None:
    with answering(200, b"") as base:
        port = base.rsplit(":", 1)[1]
    with pytest.raises(Unreachable) as failed:
        exchange(f"http://127.0.0.1:{port}/", headers={})
    assert failed.value.why == "nothing answered at that address"
