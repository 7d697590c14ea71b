import random
from pathlib import Path
from tournaments.services import deals, sessions

SHOTS = Path("var/screenshots")

def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"scratch-{name}.png"), full_page=True)

def test_scratch(live_server, seated_session, phone, new_page):
    deals.trays_deal(session=seated_session, rng=random.Random(3))
    s = sessions.session_start(session=seated_session)
    sessions.session_publish_switches(session=s, running_score=True)
    t1 = s.tables.get(number=1)
    url = f"{live_server.url}/t/{t1.token}/"
    phone.goto(url)
    shot(phone, "1-fresh")
    phone.locator("#tray-1 .trick .face").nth(8).click()
    shot(phone, "2-picked")
    phone.locator("#tray-1 .send-btn").click()
    phone.wait_for_selector(".flash:not([hidden])")
    phone.wait_for_timeout(500)
    shot(phone, "3-sent")
    other = new_page()
    other.goto(url)
    shot(other, "4-other")
