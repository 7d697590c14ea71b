"""The bottom of the house: what every app leans on and that leans on none of them.

SQL helpers (``prepared``, ``joined``, ``insert``), the Redis cache and its hit
counter (``cache``), throttles, parsers and the lockout (``security``), a
request's size and a busy database's answer (``bounds``), the deployment's
system checks (``checks``), link tokens and their masking in the logs
(``links``, ``logs``), file paths (``files``). The apps (``tournaments``,
``scoring``) and the project package (``clubwhist``: settings, URLs, Celery,
WSGI) import from here; nothing here imports them (checked by ``make lint``'s
import contracts).
"""
