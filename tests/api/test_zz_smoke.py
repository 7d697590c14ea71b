import pytest
pytestmark = pytest.mark.django_db

def test_smoke(director_api, running_session, table, client):
    pk = running_session.pk
    for url in ["/api/v1/clubs/", "/api/v1/clubs/test/", "/api/v1/clubs/test/players/", "/api/v1/sessions/",
                f"/api/v1/sessions/{pk}/", f"/api/v1/sessions/{pk}/entrants/", f"/api/v1/sessions/{pk}/trays/",
                f"/api/v1/sessions/{pk}/movement/", f"/api/v1/sessions/{pk}/tables/", f"/api/v1/sessions/{pk}/slips/",
                f"/api/v1/sessions/{pk}/standings/", f"/api/v1/sessions/{pk}/board/", f"/api/v1/sessions/{pk}/pbn/",
                "/api/v1/movements/", "/api/v1/movements/howell/?pairs=8&analyse=1", "/api/v1/movements/recommend/?session_kind=pairs&entrants=8&deals=20"]:
        r = director_api.get(url)
        print(url, r.status_code, str(r.content[:300]))
        assert r.status_code == 200, (url, r.content)
    r = director_api.post(f"/api/v1/tables/{table.token}/results/", {"tray": 1, "ns_tricks": 8}, format="json")
    print(r.status_code, r.json())
    r = director_api.post(f"/api/v1/tables/{table.token}/results/", {"tray": 1, "ns_tricks": 9}, format="json")
    print(r.status_code, r.json())
    r = director_api.get(f"/api/v1/tables/{table.token}/")
    print(r.status_code, str(r.json())[:500])
    r = director_api.get(f"/api/v1/sessions/{pk}/standings/")
    print(r.status_code, r.json(), r.headers)
    r = director_api.get(f"/api/v1/sessions/{pk}/standings/", HTTP_IF_NONE_MATCH=r.headers["ETag"])
    print(r.status_code)
