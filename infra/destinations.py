"""Where the app's own requests may go: public addresses, and the hosts the deployment names.

A director types the addresses the app then asks (a pack's, and through it
where the heat goes and where the field is published). Asked blindly, such
an address reaches what the server can reach and the director cannot: the
server's own services on loopback, the hall's or the data centre's private
network, a cloud's metadata service on a link-local address. So a name is
resolved here, every address it gives is checked, and the request connects
to a checked address itself, never to the name again (a name that answers
a public address to the check and a private one to the connection, *DNS
rebinding*, gains nothing). The same approach as the ``advocate`` library
for requests and the ``ssrf`` packages for Go's dialer.

An address is **public** when it is none of: loopback, private (RFC 1918,
IPv6 unique local), link-local, multicast, reserved, unspecified, shared
(carrier-grade NAT), IPv6 site-local; an IPv6 address that carries an IPv4
one (IPv4-mapped ``::ffff:a.b.c.d``, 6to4, Teredo) is judged by the IPv4
address too.

``OUTBOUND_ALLOWED_HOSTS`` (a setting, empty by default) names what is
allowed anyway: host names (every address such a name gives) and networks
(``192.168.1.0/24``, ``127.0.0.1``), for an organiser on the hall's own
network or, in the tests, on loopback.
"""

from __future__ import annotations

import ipaddress
import socket
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as ResolveTimeout
from dataclasses import dataclass

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
#: One address ``getaddrinfo`` gives: family, socket type, protocol, canonical name, socket address.
AddrInfo = tuple[
    socket.AddressFamily, socket.SocketKind, int, str, tuple[str, int] | tuple[str, int, int, int]
]

#: Names resolved at once: a resolver that never answers holds one of these, never the request itself.
RESOLVERS = 4
_resolver = ThreadPoolExecutor(max_workers=RESOLVERS, thread_name_prefix="outbound-resolve")


class Refused(Exception):
    """The destination is not one the app asks: an address neither public nor allowed."""


class NotFound(Exception):
    """The name gives no address (or the resolver did not answer in time: ``late``)."""

    def __init__(self, late: bool = False) -> None:
        super().__init__("late" if late else "unknown")
        self.late = late


@dataclass(frozen=True)
class Allowed:
    """The hosts the deployment allows anyway: names (lower case) and networks."""

    names: frozenset[str]
    networks: tuple[IPNetwork, ...]

    @classmethod
    def from_settings(cls) -> Allowed:
        """``OUTBOUND_ALLOWED_HOSTS`` read: each entry a network (an address is one) or else a host name."""
        names: set[str] = set()
        networks: list[IPNetwork] = []
        for entry in settings.OUTBOUND_ALLOWED_HOSTS:
            text = str(entry).strip().strip("[]")
            try:
                networks.append(ipaddress.ip_network(text, strict=False))
            except ValueError:
                names.add(text.lower().rstrip("."))
        return cls(frozenset(names), tuple(networks))

    def has(self, host: str, address: IPAddress) -> bool:
        """Whether the deployment allows this address of this host, public or not."""
        return host.lower().rstrip(".") in self.names or any(address in net for net in self.networks)


def _carried(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries (6to4; Teredo's server and client)."""
    carried = [address.sixtofour] if address.sixtofour else []
    return carried + list(address.teredo or ())


def is_public(address: IPAddress) -> bool:
    """Whether an address is on the public internet (none of the kinds the module names)."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return is_public(address.ipv4_mapped)
        if address.is_site_local or not all(is_public(inner) for inner in _carried(address)):
            return False
    return address.is_global and not (
        address.is_private
        or address.is_loopback
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
    )


def ip_of(info: AddrInfo) -> IPAddress:
    """The address of one ``getaddrinfo`` answer (an IPv6 zone, ``%eth0``, left off)."""
    return ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])


def resolve(host: str, port: int, seconds: float) -> list[AddrInfo]:
    """Every TCP address of ``host`` (``NotFound`` when none, or none within ``seconds``)."""
    asked = _resolver.submit(socket.getaddrinfo, host, port, 0, socket.SOCK_STREAM)
    try:
        found = asked.result(timeout=max(seconds, 0))
    except ResolveTimeout:
        asked.cancel()
        raise NotFound(late=True) from None
    except (OSError, UnicodeError, ValueError):
        raise NotFound() from None
    if not found:
        raise NotFound()
    return list(found)  # type: ignore[arg-type]


def checked(host: str, port: int, seconds: float) -> list[AddrInfo]:
    """The addresses of ``host`` to connect to: every one public or allowed, else ``Refused``."""
    found = resolve(host, port, seconds)
    allowed = Allowed.from_settings()
    for info in found:
        address = ip_of(info)
        if not (is_public(address) or allowed.has(host, address)):
            raise Refused()
    return found
