# clubwhist web and worker image (see docker-compose.yml).
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt
COPY . .
# With DEBUG=0 settings, so the hashed names and the manifest production serves are what gets collected.
RUN DEBUG=0 SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput -v 0
RUN useradd --create-home whist && mkdir -p /app/var && chown whist /app/var
USER whist
EXPOSE 8000
# Three sync workers (gunicorn reads WEB_CONCURRENCY, and so does check --deploy); the request timeout and
# the other bounds are gunicorn.conf.py's, read from /app. More than one worker needs a shared CACHE_URL
# (Redis) for the rate limits to count as one: gunicorn warns at start without it.
ENV WEB_CONCURRENCY=3
CMD ["gunicorn", "clubwhist.wsgi", "--bind", "0.0.0.0:8000", "--access-logfile", "-"]
