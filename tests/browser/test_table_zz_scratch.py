import sys
from tournaments.services import deals, sessions

def test_scratch(live_server, seated_session, new_page):
    print([m for m in sys.modules if "conftest" in m])
    import conftest
    print(conftest.__file__)
