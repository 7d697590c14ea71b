/* clubwhist's service worker: the phone page opens, and works for the whole round, with no connection.
 *
 * What it keeps, on the phone only:
 *  - the shell: the phone page's styles, script and icon (this release's, named by its version);
 *  - each phone link's own last page (/t/<token>/ or /p/<token>/), under that exact address, so that
 *    a reload with no connection shows the round as it last was. A page is kept only as that link's
 *    answer and is only ever given back for that same address; a link that answers 404 (revoked, or
 *    the pass ended: "Not us", another pair claimed on this phone, the director released it) is forgotten
 *    at once.
 * What it never keeps: the API's answers (Cache-Control: no-store), sends, any other page.
 * Sends made with no connection are kept by the page's script (table.js) and go when it returns.
 * No library: the browser's Cache Storage and fetch.
 */
"use strict";
var VERSION = "{{ version }}";
var SHELL_CACHE = "clubwhist-shell-" + VERSION;
var PAGES_CACHE = "clubwhist-pages";
var SHELL = {{ shell|safe }};
var PHONE_PAGE = /^\/(t|p)\/[^/]+\/$/;
var LEAVE = /^\/p\/[^/]+\/leave$/;
var WAIT_MS = 4000;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("clubwhist-shell-") === 0 && n !== SHELL_CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function keepable(response) {
  return response && response.ok && response.type === "basic" && !response.redirected;
}

function keep(url, response) {
  if (!keepable(response)) return Promise.resolve();
  return caches.open(PAGES_CACHE).then(function (cache) { return cache.put(url, response); });
}

function forget(url) {
  return caches.open(PAGES_CACHE).then(function (cache) { return cache.delete(url); });
}

function offline() {
  var html = "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<title>No connection</title><body style='font-family:system-ui,sans-serif;padding:1rem;color:#1d2329'>" +
    "<h1>No connection</h1><p>This phone has not opened this page before, so it cannot show it without a " +
    "connection. Try again when the club's Wi-Fi is back.</p></body></html>";
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/* The network first (a phone page must show the round as it is); the link's own last page when there is none. */
function phonePage(request) {
  var url = new URL(request.url);
  var address = url.origin + url.pathname;
  var fromNetwork = fetch(request).then(function (response) {
    if (response.status === 404 || response.status === 410) return forget(address).then(function () { return response; });
    return keep(address, response.clone()).then(function () { return response; });
  });
  var late = new Promise(function (resolve) { setTimeout(resolve, WAIT_MS); });
  var kept = function () {
    return caches.open(PAGES_CACHE).then(function (cache) { return cache.match(address); });
  };
  return Promise.race([fromNetwork, late.then(function () { return null; })]).then(function (response) {
    if (response) return response;
    return kept().then(function (page) { return page || fromNetwork; });
  }, function () {
    return kept().then(function (page) { return page || offline(); });
  }).catch(function () { return offline(); });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && LEAVE.test(url.pathname)) {
    event.waitUntil(forget(url.origin + url.pathname.replace(/leave$/, "")));
    return;
  }
  if (request.method !== "GET") return;
  if (PHONE_PAGE.test(url.pathname) && request.mode === "navigate") {
    event.respondWith(phonePage(request));
    return;
  }
  if (SHELL.indexOf(url.pathname) >= 0) {
    event.respondWith(caches.match(request, { ignoreSearch: true }).then(function (found) {
      return found || fetch(request);
    }));
  }
});

/* The page asks to keep (or refresh) its own address after it changed in place, or on its first visit. */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  var url = new URL(data.url || "/", self.location.origin);
  if (!PHONE_PAGE.test(url.pathname)) return;
  var address = url.origin + url.pathname;
  if (data.type === "keep") {
    event.waitUntil(fetch(address, { credentials: "same-origin" }).then(function (response) {
      return response.status === 404 ? forget(address) : keep(address, response);
    }).catch(function () { /* no connection: keep what there is */ }));
  } else if (data.type === "forget") {
    event.waitUntil(forget(address));
  }
});
