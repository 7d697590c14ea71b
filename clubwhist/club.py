"""Serve a club evening from the director's laptop to the phones in the hall (``make club``).

``python -m clubwhist.club`` finds the laptop's address on the hall's
network, makes the production settings for it and serves them with
gunicorn: DEBUG off, a secret key made once and kept in ``var/secret_key``,
ALLOWED_HOSTS and SITE_URL (the address printed in every QR code) with that
address, static files collected and served by the app itself (whitenoise),
plain HTTP on purpose (``LAN_HTTP=1``: a hall has no certificate). It
migrates, builds the demo club into an empty database (its director's
password is random, kept in ``var/director-password``) and prints the
links to open. Nothing it serves is fetched from the internet.

Environment: ``HOST`` (the address to serve and print; detected if unset;
``0.0.0.0`` serves every interface and prints the detected one), ``PORT``
(8000), ``SITE_URL`` (the printed address, if not ``http://HOST:PORT``),
``WEB_CONCURRENCY`` (gunicorn's workers: 1, or 2 with a shared ``CACHE_URL``), ``CLUBWHIST_VAR_DIR``, and
``DATABASE_URL`` as everywhere else.
"""

from __future__ import annotations

import ipaddress
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from infra.files import owner_only

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"
ANY = {"0.0.0.0", "::"}


def _ip_lines(*args: str) -> list[str]:
    """Lines printed by iproute2's ``ip -o ARGS`` (none if it is missing or fails)."""
    ip = shutil.which("ip") or ("/usr/sbin/ip" if Path("/usr/sbin/ip").exists() else None)
    if ip is None:
        return []
    try:
        done = subprocess.run([ip, "-o", *args], capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    return done.stdout.splitlines() if done.returncode == 0 else []


def _usable(address: str) -> bool:
    """Whether a phone on the same network could reach this IPv4 address."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified)


def _addresses(lines: list[str]) -> list[str]:
    """The IPv4 addresses in ``ip -o -4 addr`` lines."""
    found = (re.search(r"\binet (\d+\.\d+\.\d+\.\d+)/", line) for line in lines)
    return [m[1] for m in found if m and _usable(m[1])]


def lan_address() -> str:
    """The laptop's address on the hall's network, or 127.0.0.1 when it has none.

    The interface of the default route first (the hall's Wi-Fi), then any
    other global address (a hall network with no router to the internet),
    then what the host name resolves to. Reads the system's tables only:
    no packet is sent.
    """
    for route in _ip_lines("-4", "route", "show", "default"):
        device = re.search(r"\bdev (\S+)", route)
        if device:
            found = _addresses(_ip_lines("-4", "addr", "show", "dev", device[1]))
            if found:
                return found[0]
    found = _addresses(_ip_lines("-4", "addr", "show", "scope", "global"))
    if found:
        return sorted(found, key=lambda a: not ipaddress.IPv4Address(a).is_private)[0]
    try:
        names = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        names = []
    usable = [address for address in names if _usable(address)]
    return usable[0] if usable else LOOPBACK


def url_host(host: str) -> str:
    """A host as a URL writes it (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def secret_key(path: Path) -> str:
    """The key kept in PATH, made once (random, readable by its owner only, whatever the umask) if new.

    A key file an older checkout left readable by others is narrowed to its owner.
    """
    owner_only(path)
    if path.is_file() and path.read_text().strip():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as out:
        out.write(key + "\n")
    return key


@dataclass(frozen=True)
class ClubServer:
    """What make club serves: the settings' environment, the addresses to bind, the printed address."""

    env: dict[str, str]
    binds: list[str]
    site_url: str


def club_server(environ: dict[str, str], var_dir: Path) -> ClubServer:
    """The production settings for the hall, from the environment (HOST, PORT, SITE_URL)."""
    host = environ.get("HOST", "").strip() or lan_address()
    port = environ.get("PORT", "").strip() or "8000"
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise SystemExit(f"PORT must be a port number, not {port!r}.")
    shown = lan_address() if host in ANY else host
    site_url = (environ.get("SITE_URL", "").strip() or f"http://{url_host(shown)}:{port}").rstrip("/")
    site = urlsplit(site_url)
    if site.scheme not in {"http", "https"} or not site.hostname:
        raise SystemExit(f"SITE_URL must look like http://192.168.1.20:8000, not {site_url!r}.")
    hosts = list(dict.fromkeys([url_host(shown), url_host(site.hostname), LOOPBACK, "localhost"]))
    binds = [f"{url_host(host)}:{port}"]
    if host not in ANY and host != LOOPBACK:
        binds.append(f"{LOOPBACK}:{port}")  # the laptop's own browser may say localhost
    env = {
        **environ,
        "DEBUG": "0",
        "LAN_HTTP": "0" if site.scheme == "https" else "1",
        "SECRET_KEY": environ.get("SECRET_KEY") or secret_key(var_dir / "secret_key"),
        "ALLOWED_HOSTS": ",".join(hosts),
        "SITE_URL": site_url,
        "CSRF_TRUSTED_ORIGINS": f"{site.scheme}://{site.netloc}",
        "CLUBWHIST_VAR_DIR": str(var_dir),
        "DJANGO_SETTINGS_MODULE": "clubwhist.settings",
    }
    return ClubServer(env=env, binds=binds, site_url=site_url)


def manage(env: dict[str, str], *args: str) -> None:
    """Run one manage.py command with the club's settings; stop if it fails."""
    done = subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], env=env, cwd=ROOT, check=False)
    if done.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed (exit {done.returncode}).")


def gunicorn_command(server: ClubServer) -> list[str]:
    """gunicorn serving the app on every bound address (threads: phones wait on the network, not the CPU).

    Without a shared cache (``CACHE_URL``, Redis: a hall seldom has one) one process with eight threads
    serves the hall, so that the throttles, the pages' cache and the solver's thread are one for every
    phone; two processes each kept their own counts, and a phone refused by one was let in by the other.
    A hall's evening is a few results a second at the most: one process is plenty (bench/). The request
    timeout and the other bounds are gunicorn.conf.py's, read from the repository (``main`` runs from it).
    """
    gunicorn = Path(sys.executable).with_name("gunicorn")
    shared = server.env.get("CACHE_URL", "").startswith(("redis://", "rediss://"))
    workers = server.env.get("WEB_CONCURRENCY", "").strip() or ("2" if shared else "1")
    threads = "4" if workers != "1" else "8"
    args = [str(gunicorn) if gunicorn.exists() else "gunicorn", "clubwhist.wsgi"]
    args += ["--worker-class", "gthread", "--threads", threads, "--access-logfile", "-"]
    args += ["--workers", workers]
    for bind in server.binds:
        args += ["--bind", bind]
    return args


def main() -> None:
    """Prepare the database and static files, print the links, then become gunicorn."""
    var_dir = Path(os.environ.get("CLUBWHIST_VAR_DIR", ROOT / "var")).resolve()
    server = club_server(dict(os.environ), var_dir)
    password_file = str(var_dir / "director-password")
    owner_only(Path(password_file))  # made 0600 by seed_demo; one an older checkout left wider is narrowed
    manage(server.env, "migrate", "--noinput", "-v", "0")  # the settings keep the SQLite file 0600
    manage(server.env, "collectstatic", "--noinput", "-v", "0")
    manage(server.env, "seed_demo", "--if-empty", "--password-file", password_file)
    manage(server.env, "demo_links", "--password-file", password_file)
    plain = server.env["LAN_HTTP"] == "1"
    print(f"Serving the club at {server.site_url}/ (gunicorn; DEBUG off{'; plain HTTP' if plain else ''}).")
    if urlsplit(server.site_url).hostname in {LOOPBACK, "localhost"}:
        print(
            "Only this laptop can open that address: join the hall's Wi-Fi first, or set HOST= or SITE_URL=."
        )
    print("Phones join the hall's Wi-Fi, then scan their table's QR code (printed from a session's")
    print(f"Print tab, 'QR codes'): every printed link starts with {server.site_url}/.")
    print(f"Listening on {', '.join(server.binds)}. Stop with Ctrl-C.\n", flush=True)
    command = gunicorn_command(server)
    os.chdir(ROOT)  # gunicorn.conf.py, read from here, masks table links in the access log
    os.execvpe(command[0], command, server.env)


if __name__ == "__main__":
    main()
