"""axe-core in Chromium, and the geometry of figures and names, for the browser tests.

``serious(page)`` runs axe-core (vendored, ``vendor/axe.min.js``; see its
README) over the page as it stands and returns the violations of serious or
critical impact; ``assert_accessible`` fails with each one named. The
script is evaluated through the DevTools protocol, so a page's
Content-Security-Policy (the API docs') does not keep it out. A page opened
with scripts off (where axe-core's timers never fire) is checked as a copy
of its HTML at its own address, in a page whose own scripts do not load.

``overlaps`` and ``wrapped`` measure the laid-out page: two elements'
boxes that intersect, and a figure whose text runs over more than one line.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
IMPACTS = ("serious", "critical")
RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(
      n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))
  }));
}"""

#: Waits for the page's CSS transitions to end: a face tapped a moment ago is still fading to its colour,
#: and axe-core measured the contrast of a colour half-way (a transition always ends; an animation that
#: repeats for ever would not, so only transitions are awaited).
SETTLED = """async () => {
  const running = document.getAnimations().filter(a => a instanceof CSSTransition);
  await Promise.all(running.map(a => a.finished.catch(() => null)));
}"""


@lru_cache(maxsize=1)
def axe_source() -> str:
    """The vendored axe-core, checked against its recorded digest."""
    data = AXE.read_bytes()
    assert hashlib.sha256(data).hexdigest() == AXE_SHA256, (
        "tests/browser/vendor/axe.min.js is not the recorded one"
    )
    return data.decode("utf-8")


def serious(page: Any, *, scripts_off: bool = False) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it stands."""
    # axe-core waits on timers, which never fire in a page opened with scripts off.
    if scripts_off:
        return _serious_in_a_copy(page)
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source() + "\n;undefined")
    page.evaluate(SETTLED)
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return [v for v in found if v["impact"] in IMPACTS]


def _serious_in_a_copy(page: Any) -> list[dict[str, Any]]:
    """serious() of the page's HTML at its own address, in a page whose scripts are on but not its own."""
    html, url = page.content(), page.url
    context = page.context.browser.new_context(viewport=page.viewport_size)
    try:
        copy = context.new_page()
        copy.route("**/*.js", lambda route: route.abort())
        copy.route(url, lambda route: route.fulfill(body=html, content_type="text/html; charset=utf-8"))
        copy.goto(url)
        return serious(copy)
    finally:
        context.close()


def problems(page: Any, where: str, *, scripts_off: bool = False) -> list[str]:
    """Each serious or critical violation on the page: the page, the rule and the elements."""
    found = serious(page, scripts_off=scripts_off)
    return [f"{where}: {v['impact']} {v['id']}: {v['help']} — {'; '.join(v['nodes'])}" for v in found]


def assert_accessible(page: Any, where: str, *, scripts_off: bool = False) -> None:
    """No serious or critical violation on the page; each one found is named."""
    found = problems(page, where, scripts_off=scripts_off)
    assert not found, f"{page.url}:\n" + "\n".join(found)


BOXES = """(args) => {
  const [rowSel, nameSel, figSel] = args;
  const out = [];
  for (const row of document.querySelectorAll(rowSel)) {
    if (!row.offsetParent && row.getClientRects().length === 0) continue;
    const shown = e => e.getClientRects().length > 0;
    const names = [...row.querySelectorAll(nameSel)].filter(shown).map(e => e.getBoundingClientRect());
    const figs = [...row.querySelectorAll(figSel)].filter(e => shown(e) && e.textContent.trim());
    for (const f of figs) {
      const box = f.getBoundingClientRect();
      const range = document.createRange(); range.selectNodeContents(f);
      const rects = [...range.getClientRects()].filter(r => r.width > 0).sort((a, b) => a.top - b.top);
      let lines = rects.length ? 1 : 0, bottom = rects.length ? rects[0].bottom : 0;
      for (const r of rects) {  // a raised exponent shares its line; a box wholly below starts a new one
        if (r.top >= bottom - 1) { lines += 1; }
        bottom = Math.max(bottom, r.bottom);
      }
      out.push({
        text: f.textContent.trim(), row: row.dataset.entrant || row.dataset.ns || row.dataset.deal || '',
        fig: [box.left, box.top, box.right, box.bottom], lines: lines,
        names: names.map(n => [n.left, n.top, n.right, n.bottom]),
        clipped: f.scrollWidth > f.clientWidth + 1 && getComputedStyle(f).overflow !== 'visible'
      });
    }
  }
  return out;
}"""


def _meet(a: list[float], b: list[float]) -> bool:
    """Whether two boxes (left, top, right, bottom) share any area."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def figure_boxes(page: Any, rows: str, names: str, figures: str) -> list[dict[str, Any]]:
    """Each figure of each row: its box, how many lines its text takes, and the row's name boxes."""
    found: list[dict[str, Any]] = page.evaluate(BOXES, [rows, names, figures])
    return found


def overlaps(found: list[dict[str, Any]]) -> list[str]:
    """Figures whose box meets a name's box in the same row."""
    return [f"{f['row']}: {f['text']!r}" for f in found if any(_meet(f["fig"], n) for n in f["names"])]


def wrapped(found: list[dict[str, Any]]) -> list[str]:
    """Figures broken over more than one line."""
    return [f"{f['row']}: {f['text']!r} on {f['lines']} lines" for f in found if f["lines"] > 1]
