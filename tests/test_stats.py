"""``referee stats`` over finished sessions (from the archive's index, not replays)."""

from __future__ import annotations

import json

from referee.cli import archive as views
from referee.cli import commands
from referee.store.sessions import Store
from tests.conftest import EXAMPLES


def stats(capsys, store, **filters):
    args = {"player": None, "players_count": None, "since": None, "game_name": None}
    args.update(filters)
    views.show_stats(store, as_json=True, lang="en", **args)
    return json.loads(capsys.readouterr().out)["games"]["na-grunwald"]


def archive(tmp_path):
    store = Store(tmp_path)
    files = [EXAMPLES / n for n in ("two-players.json", "three-players.json", "four-players.json",
                                    "in-progress-three-players.json")]
    commands.import_records(store, files, None, None, "en")
    return store


def test_stats_over_finished_games(tmp_path, capsys):
    store = archive(tmp_path)
    capsys.readouterr()
    s = stats(capsys, store)
    assert s["games"] == 3  # the game in progress does not count
    marek = s["players"]["Marek"]  # 3 players: 31 points, 3rd; 4 players: 38 points, winner
    assert (marek["games"], marek["wins"], marek["win_rate"]) == (2, 1, 0.5)
    assert (marek["average_total"], marek["best_total"]) == (34.5, 38)
    assert marek["titles"] == {"crown_commander": 1, "mercenary_commander": 1, "quartermaster": 1}
    assert marek["average_points"]["knights"] == 23.5
    assert s["players"]["Ola"]["wins"] == 1 and s["players"]["Bartek"]["wins"] == 0
    assert all(p["average_skirmish_losses"] >= 0 for p in s["players"].values())


def test_stats_filters(tmp_path, capsys):
    store = archive(tmp_path)
    capsys.readouterr()
    assert stats(capsys, store, player="Ola")["games"] == 1
    assert stats(capsys, store, players_count=4)["games"] == 1
    assert stats(capsys, store, since="2026-10-10")["games"] == 2
    nothing = stats(capsys, store, since="2027-01-01")
    assert (nothing["games"], nothing["players"], nothing["head_to_head"]) == (0, {}, [])


def test_stats_for_one_player_shows_only_that_players_figures(tmp_path, capsys):
    """``--player Marek``: Marek's row, titles and columns, over the games Marek played; not his
    opponents' (they played other games too, which these figures do not count)."""
    from rich.console import Console

    store = archive(tmp_path)
    capsys.readouterr()
    s = stats(capsys, store, player="Marek")
    assert s["games"] == 2 and list(s["players"]) == ["Marek"]
    out = Console(width=120, record=True, file=open("/dev/null", "w"))
    views.show_stats(store, as_json=False, player="Marek", players_count=None, since=None,
                     game_name=None, lang="en", console=out)
    text = out.export_text()
    assert "Marek" in text and "2 finished games" in text
    # his figures name nobody else; his head to head names whom he played, and only his pairs
    mine, pairs = text.split("Head to head")
    pairs = pairs.split("Winning streaks")[0]
    for other in ("Jacek", "Kasia", "Ania", "Ola", "Bartek"):
        assert other not in mine, other
    assert [row for row in pairs.splitlines() if "–" in row and "Marek" not in row] == []
    assert "Ola" not in pairs and "Bartek" not in pairs  # never played with him
    # the name as typed at a prompt, in any case
    assert stats(capsys, store, player="marek") == s and stats(capsys, store, player=" MAREK") == s


def test_stats_names_and_counts_the_damaged_sessions(tmp_path, capsys):
    """A session file that cannot be read is not silently left out of the figures: ``stats``
    names it (text and JSON) and exits as ``list`` does for it (0)."""
    import subprocess
    import sys

    store = archive(tmp_path)
    (tmp_path / "sessions" / "two-players" / "session.json").write_text("{not json")
    capsys.readouterr()
    views.show_stats(store, as_json=True, lang="en", player=None, players_count=None, since=None,
                     game_name=None)
    doc = json.loads(capsys.readouterr().out)
    assert doc["damaged"] == ["two-players"] and doc["games"]["na-grunwald"]["games"] == 2

    def referee(*args):
        return subprocess.run([sys.executable, "-m", "referee", "--data-dir", str(tmp_path), *args],
                              capture_output=True, text=True, env={"COLUMNS": "200", "PATH": ""})

    listed, counted = referee("list"), referee("stats")
    assert counted.returncode == listed.returncode == 0, counted.stderr
    assert "1 damaged session is counted nowhere: two-players" in counted.stdout
    assert "2 finished games" in counted.stdout
    pl = referee("--lang", "pl", "stats", "--player", "Marek")
    assert "1 uszkodzona partia nie jest nigdzie liczona: two-players" in pl.stdout


# --------------------------------------------------------------------------------------------
# what a group looks at (issue 26): by player count, head to head, streaks, records


def _entry(sid, date, scores, winners=None):
    """A finished game's index entry: ``scores`` name -> total (``None``: no points)."""
    best = max((v for v in scores.values() if v is not None), default=None)
    winners = winners if winners is not None else [n for n, v in scores.items() if v == best]
    return {"id": sid, "date": date, "created": date + "T20:00:00+00:00", "complete": True,
            "result": {"winners": winners,
                       "players": {n: {"score": {} if v is None else {"total": v},
                                       "place": 1 if n in winners else 2} for n, v in scores.items()}}}


#: a small archive checked by hand (listed out of order: the streaks follow the dates)
HAND = [
    _entry("g3", "2026-01-03", {"Ala": 30, "Bob": 25, "Cyd": 20}),   # Ala +5
    _entry("g1", "2026-01-01", {"Ala": 10, "Bob": 12}),              # Bob +2
    _entry("g2", "2026-01-02", {"Ala": 40, "Bob": 31}),              # Ala +9: the margin
    _entry("g4", "2026-01-04", {"Ala": 22, "Cyd": 41}),              # Cyd +19 … and the highest
    _entry("g5", "2026-01-05", {"Bob": 18, "Cyd": 18}, ["Bob", "Cyd"]),  # a shared win: no margin
]


def test_group_figures_on_a_hand_checked_archive():
    from referee.core.stats import compute

    r = compute(HAND, (), {})
    assert r["by_count"] == {
        "2": {"games": 4, "players": {
            "Cyd": {"games": 2, "wins": 2, "win_rate": 1.0},
            "Bob": {"games": 3, "wins": 2, "win_rate": 0.667},
            "Ala": {"games": 3, "wins": 1, "win_rate": 0.333}}},
        "3": {"games": 1, "players": {
            "Ala": {"games": 1, "wins": 1, "win_rate": 1.0},
            "Bob": {"games": 1, "wins": 0, "win_rate": 0.0},
            "Cyd": {"games": 1, "wins": 0, "win_rate": 0.0}}}}
    assert r["head_to_head"] == [
        {"players": ["Ala", "Bob"], "games": 3, "wins": {"Ala": 2, "Bob": 1}},
        {"players": ["Ala", "Cyd"], "games": 2, "wins": {"Ala": 1, "Cyd": 1}},
        {"players": ["Bob", "Cyd"], "games": 2, "wins": {"Bob": 1, "Cyd": 1}}]
    # Ala: L W W L -> longest 2, current 0; Bob: W L L W -> 1, 1; Cyd: L W W -> 2, 2
    assert r["streaks"] == {"Ala": {"longest": 2, "current": 0}, "Bob": {"longest": 1, "current": 1},
                            "Cyd": {"longest": 2, "current": 2}}
    assert r["records"] == {
        "highest_score": {"player": "Cyd", "score": 41, "session": "g4", "date": "2026-01-04"},
        "largest_margin": {"player": "Cyd", "margin": 19, "over": ["Ala"], "session": "g4",
                           "date": "2026-01-04"}}


def test_group_figures_for_one_player_and_without_points():
    from referee.core.stats import compute

    r = compute(HAND, (), {}, player="bob")
    assert [p["players"] for p in r["head_to_head"]] == [["Ala", "Bob"], ["Bob", "Cyd"]]
    assert list(r["streaks"]) == ["Bob"] and set(r["by_count"]["2"]["players"]) == {"Bob"}
    assert r["records"]["highest_score"]["score"] == 31  # his, not Cyd's 41
    assert r["records"]["largest_margin"]["margin"] == 2  # his win in g1, not Cyd's +19
    no_points = compute([_entry("w", "2026-01-01", {"Ala": None, "Bob": None}, ["Bob"])], (), {},
                        points=False)
    assert "records" not in no_points
    assert no_points["head_to_head"] == [{"players": ["Ala", "Bob"], "games": 1, "wins": {"Ala": 0, "Bob": 1}}]


def test_stats_json_and_text_carry_the_group_figures(tmp_path, capsys):
    from rich.console import Console

    store = archive(tmp_path)
    capsys.readouterr()
    s = stats(capsys, store)
    assert set(s["by_count"]) == {"2", "3", "4"}
    assert s["records"]["highest_score"] == {"player": "Ola", "score": 48, "session": "two-players",
                                             "date": "2026-10-03"}
    assert s["records"]["largest_margin"]["margin"] == 5  # Ola 48, Bartek 43
    assert {"players": ["Bartek", "Ola"], "games": 1, "wins": {"Bartek": 0, "Ola": 1}} in s["head_to_head"]
    out = Console(width=80, record=True, file=open("/dev/null", "w"))
    views.show_stats(store, as_json=False, player=None, players_count=None, since=None,
                     game_name=None, lang="pl", console=out)
    text = out.export_text()
    for words in ("Wyniki według liczby graczy", "Pojedynki", "Serie zwycięstw",
                  "Najwyższy wynik: 48 — Ola (2026-10-03)", "Największa przewaga: 5 — Ola nad Bartek"):
        assert words in text


# --------------------------------------------------------------------------------------------
# ratings (issue 26): openskill's Plackett-Luce, in play order, the place as the rank


def test_ratings_on_a_hand_checked_archive_match_openskill_in_play_order():
    """The first three games of HAND by date (g1, g2, g3), rated by hand with openskill itself:
    g1 Bob beats Ala, g2 Ala beats Bob, g3 Ala first and Bob and Cyd share the second place."""
    from openskill.models import PlackettLuce

    from referee.core.stats import compute

    m = PlackettLuce()
    ala, bob, cyd = m.rating(), m.rating(), m.rating()
    [[bob1], [ala1]] = m.rate([[bob], [ala]], ranks=[1, 2])
    history_ala = [ala1.ordinal()]
    [[ala2], [bob2]] = m.rate([[ala1], [bob1]], ranks=[1, 2])
    history_ala.append(ala2.ordinal())
    [[ala3], [bob3], [cyd3]] = m.rate([[ala2], [bob2], [cyd]], ranks=[1, 2, 2])
    history_ala.append(ala3.ordinal())
    full = compute(HAND[:3], (), {})
    r = full["ratings"]
    assert full["rated_games"] == [["g1", "2026-01-01"], ["g2", "2026-01-02"], ["g3", "2026-01-03"]]
    assert r["Ala"]["rating"] == round(ala3.ordinal(), 2) and r["Ala"]["games"] == 3
    assert r["Bob"]["rating"] == round(bob3.ordinal(), 2)
    assert r["Cyd"]["rating"] == round(cyd3.ordinal(), 2) and r["Cyd"]["games"] == 1
    assert r["Ala"]["history"] == [[k, round(x, 2)] for k, x in enumerate(history_ala, 1)]  # in play order
    assert r["Cyd"]["history"] == [[3, round(cyd3.ordinal(), 2)]]
    assert list(r) == sorted(r, key=lambda n: -r[n]["rating"])  # the best first
    assert r["Ala"]["mu"] == round(ala3.mu, 3) and r["Ala"]["sigma"] == round(ala3.sigma, 3)


def test_ratings_rate_war_chest_sides_as_teams():
    """No points (War Chest): the players who share the place are one side, rated as a team."""
    from openskill.models import PlackettLuce

    from referee.core.stats import compute

    game = _entry("w4", "2026-01-01", {"Ala": None, "Bob": None, "Cyd": None, "Dan": None}, ["Ala", "Cyd"])
    m = PlackettLuce()
    [[a, _c], [b, _d]] = m.rate([[m.rating(), m.rating()], [m.rating(), m.rating()]], ranks=[1, 2])
    r = compute([game], (), {}, points=False)["ratings"]
    assert r["Ala"]["rating"] == r["Cyd"]["rating"] == round(a.ordinal(), 2)
    assert r["Bob"]["rating"] == r["Dan"]["rating"] == round(b.ordinal(), 2)
    # as four players alone (the points games' reading) the losers would tie for second: another number
    [[a4], [_b4], [_c4], [_d4]] = m.rate([[m.rating()] for _ in range(4)], ranks=[1, 2, 1, 2])
    assert round(a4.ordinal(), 2) != r["Ala"]["rating"]


def test_ratings_a_player_who_wins_every_game_ends_highest():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from referee.core.stats import compute

    names = ["Ala", "Bob", "Cyd", "Dan"]

    @settings(max_examples=40, deadline=None)
    @given(st.lists(st.tuples(st.sets(st.sampled_from(names[1:]), min_size=1),
                              st.lists(st.integers(0, 30), min_size=3, max_size=3)), min_size=1, max_size=12))
    def check(games):
        entries = []
        for k, (others, points) in enumerate(games):
            scores = {n: points[i] for i, n in enumerate(names[1:]) if n in others}
            scores["Ala"] = max(scores.values()) + 1  # she wins every game, alone
            entries.append(_entry(f"g{k}", f"2026-01-{k + 1:02d}", scores))
        r = compute(entries, (), {})["ratings"]
        assert list(r)[0] == "Ala"
        assert all(r["Ala"]["rating"] > v["rating"] for n, v in r.items() if n != "Ala")

    check()


def test_stats_text_shows_the_ratings_in_both_languages(tmp_path, capsys):
    from rich.console import Console

    store = archive(tmp_path)
    capsys.readouterr()
    s = stats(capsys, store)
    assert s["ratings"] and all(len(v["history"]) == v["games"] for v in s["ratings"].values())
    for lang, words in (("en", "Ratings (openskill"), ("pl", "Rankingi (openskill")):
        out = Console(width=80, record=True, file=open("/dev/null", "w"))
        views.show_stats(store, as_json=False, player=None, players_count=None, since=None,
                         game_name=None, lang=lang, console=out)
        text = out.export_text()
        assert words in text
        assert f"{next(iter(s['ratings'].values()))['rating']:.1f}" in text


def test_openskill_is_imported_only_when_stats_rates(tmp_path):
    """Its ~80 ms are paid by stats over a game with ratings, never at start-up or for --help."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "REFEREE_LANG": "en"}
    for args in (["--help"], ["stats", "--help"], ["--data-dir", str(tmp_path), "list"],
                 ["--data-dir", str(tmp_path), "stats"]):
        r = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee", *args],
                           capture_output=True, text=True, env=env)
        assert r.returncode == 0 and "openskill" not in r.stderr, args
    store = archive(tmp_path)
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee", "--data-dir", str(tmp_path),
                        "stats"], capture_output=True, text=True, env=env)
    assert r.returncode == 0 and "openskill" in r.stderr  # (the check can see it)
    del store


def test_ratings_fast_update_gives_openskills_rate_numbers():
    """core.stats updates through openskill's own step (no deep copies): over random games of 2–4
    players with shared places (a draw of all too), the same numbers as the public ``rate``."""
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from openskill.models import PlackettLuce

    from referee.core.stats import rate

    names = ["Ala", "Bob", "Cyd", "Dan"]
    game = st.lists(st.integers(1, 4), min_size=2, max_size=4).map(lambda ps: dict(zip(names, ps)))

    @settings(max_examples=40, deadline=None)
    @given(st.lists(game, min_size=1, max_size=8))
    def check(games):
        m = PlackettLuce()
        ratings: dict = {}
        for places in games:
            order = sorted(places)
            new = m.rate([[ratings.get(n) or m.rating()] for n in order], ranks=[places[n] for n in order])
            ratings.update({n: t[0] for n, t in zip(order, new)})
        got = rate([(k, "", p) for k, p in enumerate(games)])["players"]
        assert {n: v["rating"] for n, v in got.items()} == {n: round(r.ordinal(), 2) for n, r in ratings.items()}

    check()
