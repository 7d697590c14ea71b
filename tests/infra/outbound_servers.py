"""Real servers on loopback for the tests of the app's own requests (``infra.outbound``).

- ``listening``: a socket that listens and answers nothing; ``knocked`` says whether anyone connected
  (a refused destination must never be connected to);
- ``dripping``: a server that answers one byte at a time (a deadline must cut it off);
- ``answering``: a server that gives one fixed answer to every request, whatever it is asked;
- ``tls_serving``: an https server with a certificate made for a name (``certificate``), which
  records the name each client gave in its handshake (SNI).
"""

from __future__ import annotations

import select
import shutil
import socket
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest


@dataclass
class Listener:
    """A listening socket nobody is meant to reach: its address and port."""

    sock: socket.socket
    host: str
    port: int

    def knocked(self, wait: float = 0.2) -> bool:
        """Whether a connection is waiting to be accepted (the kernel takes it whether or not we accept)."""
        ready, _, _ = select.select([self.sock], [], [], wait)
        return bool(ready)


@contextmanager
def listening(host: str = "127.0.0.1", port: int = 0) -> Iterator[Listener]:
    """A socket listening on ``host`` (an IPv6 address too) that accepts nothing while in the block."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.bind((host, port))
    except OSError as exc:
        pytest.skip(f"cannot listen on {host} here: {exc}")
    with sock:
        sock.listen(8)
        yield Listener(sock, host, sock.getsockname()[1])


def _request_read(conn: socket.socket) -> None:
    """Read a request's head and its body (by its Content-Length), and no more."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        (
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length")
        ),
        0,
    )
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return
        body += chunk


@contextmanager
def _serving_raw(answer: Any, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve on a spare port: each connection's request read, then ``answer(conn, stop)``; its base URL."""
    stop = threading.Event()
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind((host, 0))
    server.listen(8)
    server.settimeout(0.1)

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            with conn:
                try:
                    conn.settimeout(30)
                    _request_read(conn)
                    answer(conn, stop)
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(5)
        server.close()


@contextmanager
def dripping(head: bytes, body: bytes, every: float) -> Iterator[str]:
    """A server that answers ``head`` at once, then ``body`` one byte every ``every`` seconds, then
    holds the connection open without a word more."""

    def answer(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(head)
        for byte in body:
            if stop.wait(every):
                return
            conn.sendall(bytes([byte]))
        stop.wait(30)

    with _serving_raw(answer) as base:
        yield base


@contextmanager
def answering(status: int, body: bytes, headers: dict[str, str] | None = None) -> Iterator[str]:
    """A server that answers every request with this status, these headers and this body."""
    lines = [f"HTTP/1.1 {status} Answer", f"Content-Length: {len(body)}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body

    def answer(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(raw)

    with _serving_raw(answer) as base:
        yield base


@dataclass
class Certificate:
    """A self-signed certificate and its key, made for one host name."""

    name: str
    cert: Path
    key: Path


def certificate(directory: Path, name: str) -> Certificate:
    """A self-signed certificate for ``name`` (its subject and its one DNS name), made by openssl."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    cert, key = directory / f"{name}.crt", directory / f"{name}.key"
    subprocess.run(
        [
            *(
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "2",
                "-subj",
                f"/CN={name}",
            ),
            *("-addext", f"subjectAltName=DNS:{name}", "-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
    )
    return Certificate(name, cert, key)


@dataclass
class TlsServer:
    """An https server on 127.0.0.1: its port, and the name each handshake gave (SNI) and each peer."""

    port: int = 0
    names: list[str | None] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)


class _Quiet(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A handshake the client broke off is what some tests want: say nothing."""


@contextmanager
def tls_serving(cert: Certificate) -> Iterator[TlsServer]:
    """An https server with ``cert`` answering 200 ``ok`` to every GET."""
    found = TlsServer()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            found.paths.append(self.path)
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert.cert, cert.key)
    context.sni_callback = lambda sock, name, ctx: found.names.append(name)  # type: ignore[assignment]
    server = _Quiet(("127.0.0.1", 0), Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    found.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield found
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def elapsed(start: float) -> float:
    """Seconds since ``start`` (``time.monotonic``)."""
    return time.monotonic() - start
