"""The app's settings with one more URL: the entry bench's bare insert view (``bench/bare_urls.py``).

The entry bench serves the app with these settings, so the bare view and
the phones' API run in the same gunicorn, with the same middleware, DRF,
database and cache; nothing of the bench is in the app's own URLs.
"""

from clubwhist.settings import *  # noqa: F403

ROOT_URLCONF = "bench.bare_urls"
