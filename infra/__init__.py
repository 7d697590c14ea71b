"""The bottom of the house: what every app leans on and that leans on none of them.

The modules here: literal SQL (``statements``: every statement the app writes
by hand; ``sql``: timestamps with their zone, as the ORM gives them;
``prepared``: those statements prepared once on each PostgreSQL connection),
the Redis cache and the throttles' counter (``cache``), who the client is, the
throttles, the parsers and the login lockout (``security``), a request's size
and a busy database's answer (``bounds``), the deployment's system checks
(``checks``, registered by ``apps``), link tokens in URLs and their masking in
the logs (``links``, ``logs``), the app's own requests to other servers and
where they may go (``outbound``, ``destinations``), the files kept under
``var/`` (``files``), and a web process made ready before its first request
(``warm``). The apps (``tournaments``, ``scoring``, ``sims``, ``entry``) and
the project package (``clubwhist``: settings, URLs, Celery, WSGI) import from
here; nothing here imports them (checked by ``make lint``'s import contracts).
"""
