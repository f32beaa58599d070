"""Statistics over the finished games, from what the store lists (``listing.GameInfo``).

Everything here reads the stored outcome of each game (its ``facts``, written once when the
game ends) and the table's names; no state is decoded and no game replayed, so the Stats
screen and ``companion stats`` cost one listing however long the games were. Plain
functions returning plain values (JSON-able dicts): the screen and the CLI word them.

Names in the results are catalog names as stored (``{"en": ..., "ja": ...}``) where the
game has them, so either language can show them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from companion.core.i18n import tr
from companion.store.listing import GameInfo


def finished(games: Iterable[GameInfo], game_key: str | None = None) -> list[GameInfo]:
    """The finished games (with a readable outcome), oldest first; of ``game_key`` if given."""
    out = [
        g
        for g in games
        if g.finished and g.outcome is not None and (game_key is None or g.game_key == game_key)
    ]
    return sorted(out, key=lambda g: (g.last_played, g.id))


def rate(won: int, played: int) -> float | None:
    return round(won / played, 3) if played else None


def _tally(rows: Iterable[tuple[str, bool]]) -> dict[str, dict[str, Any]]:
    """``{key: {"played", "won", "rate"}}`` from (key, won) pairs, in first-seen order."""
    out: dict[str, dict[str, Any]] = {}
    for key, won in rows:
        t = out.setdefault(key, {"played": 0, "won": 0})
        t["played"] += 1
        t["won"] += int(won)
    for t in out.values():
        t["rate"] = rate(t["won"], t["played"])
    return out


def _histogram(values: Iterable[int]) -> dict[str, int]:
    """How often each value occurs, smallest first (keys as text: JSON objects)."""
    counts = Counter(values)
    return {str(v): counts[v] for v in sorted(counts)}


def _mean(values: Sequence[float]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


# -- the games ----------------------------------------------------------------------------


def unicornus(games: Sequence[GameInfo]) -> dict[str, Any]:
    """Win rate overall, by Princess card and by the number of players; the round each game
    was won or lost in."""
    facts = [(g, g.outcome.facts) for g in games]
    names: dict[str, Any] = {}
    for _g, f in facts:
        if f.get("princess"):
            names[f["princess"]["id"]] = f["princess"].get("name") or {"en": f["princess"]["id"]}
    won = [g.outcome.result == "won" for g in games]
    return {
        "games": len(games),
        "won": sum(won),
        "rate": rate(sum(won), len(games)),
        "by_princess": _tally(
            (f["princess"]["id"], g.outcome.result == "won") for g, f in facts if f.get("princess")
        ),
        "princess_names": names,
        "by_players": _tally(
            (str(f["players"]), g.outcome.result == "won") for g, f in facts if f.get("players")
        ),
        "won_in_round": _histogram(
            g.outcome.round for g in games if g.outcome.result == "won" and g.outcome.round
        ),
        "lost_in_round": _histogram(
            g.outcome.round for g in games if g.outcome.result == "lost" and g.outcome.round
        ),
        "endings": dict(Counter(f.get("ending") or g.outcome.result for g, f in facts)),
    }


def insurrection(games: Sequence[GameInfo]) -> dict[str, Any]:
    """Scores (every player's, as a distribution, and the winners' average), the leaders kept
    and how often their player won, and how many games Good and Evil ended."""
    scores = [s for g in games for _p, s in g.outcome.scores]
    winning = [s for g in games for p, s in g.outcome.scores if p in g.outcome.winners]
    leaders: list[tuple[str, bool]] = []
    names: dict[str, Any] = {}
    for g in games:
        for player, leader in (g.outcome.facts.get("leaders") or {}).items():
            if leader:
                leaders.append((leader["id"], player in g.outcome.winners))
                names[leader["id"]] = leader.get("name") or {"en": leader["id"]}
    endings = Counter(g.outcome.facts.get("ending") or g.outcome.result for g in games)
    return {
        "games": len(games),
        "scores": _histogram(scores),
        "average_score": _mean(scores),
        "average_winning_score": _mean(winning),
        "best_score": max(scores, default=None),
        "leaders": _tally(leaders),
        "leader_names": names,
        "endings": {"good": endings.get("good", 0), "evil": endings.get("evil", 0)},
    }


def magical_friends(games: Sequence[GameInfo]) -> dict[str, Any]:
    """The round each game finished in, the friends each wizard brought to the tavern and the
    trophies each won (as distributions and averages)."""
    wizards = [w for g in games for w in g.outcome.facts.get("wizards") or ()]
    tavern = [int(w["tavern"]) for w in wizards]
    trophies = [int(w["trophies"]) for w in wizards]
    return {
        "games": len(games),
        "finished_in_round": _histogram(g.outcome.round for g in games if g.outcome.round),
        "tavern": _histogram(tavern),
        "average_tavern": _mean(tavern),
        "trophies": _histogram(trophies),
        "average_trophies": _mean(trophies),
        "average_winning_score": _mean(
            [s for g in games for p, s in g.outcome.scores if p in g.outcome.winners]
        ),
    }


BY_GAME = {
    "unicornus": unicornus,
    "insurrection": insurrection,
    "magical-friends": magical_friends,
}


def players(games: Sequence[GameInfo]) -> dict[str, dict[str, Any]]:
    """Each player's record over ``games``: played, won (a co-operative win counts for every
    player at the table), the win rate and the average score where the game scores."""
    out: dict[str, dict[str, Any]] = {}
    for g in games:
        for seat in g.table:
            p = out.setdefault(seat.name, {"played": 0, "won": 0, "scores": []})
            p["played"] += 1
            p["won"] += int(g.won(seat))
            score = g.score(seat)
            if score is not None:
                p["scores"].append(score)
    return {
        name: {
            "played": p["played"],
            "won": p["won"],
            "rate": rate(p["won"], p["played"]),
            "average_score": _mean(p["scores"]),
        }
        for name, p in sorted(out.items(), key=lambda kv: (-kv[1]["played"], kv[0]))
    }


def stats(games: Iterable[GameInfo], game_key: str | None = None) -> dict[str, Any]:
    """The figures of every game (or of ``game_key``) and of every player, from the finished
    games in ``games``: ``{"games": {key: figures}, "players": {...}}``."""
    done = finished(games, game_key)
    keys = [game_key] if game_key else list(BY_GAME)
    return {
        "games": {
            key: BY_GAME[key]([g for g in done if g.game_key == key])
            for key in keys
            if key in BY_GAME
        },
        "players": players(done),
    }


# -- the figures in words (the same sentences in the Stats screen and `companion stats`) ------
def name(value: Any) -> str:
    """A catalog name (``{"en", "ja"}``) in the reader's language, or a plain value."""
    return tr("records.name", name=value)


def percent(value: float | None) -> str:
    return "—" if value is None else f"{round(value * 100)}%"


def number(value: float | None) -> str:
    return "—" if value is None else f"{value:g}"


def headline(key: str, fig: dict[str, Any]) -> list[str]:
    """The sentences that sum up one game's figures (its tables and charts come after)."""
    if key == "unicornus":
        return [
            tr("records.stats.win_rate", won=fig["won"], n=fig["games"], rate=percent(fig["rate"]))
        ]
    if key == "insurrection":
        avg, win = number(fig["average_score"]), number(fig["average_winning_score"])
        good, evil = fig["endings"]["good"], fig["endings"]["evil"]
        return [
            tr("records.stats.averages", avg=avg, win=win),
            tr("records.stats.endings", good=good, evil=evil),
        ]
    if key == "magical-friends":
        tavern, trophies = number(fig["average_tavern"]), number(fig["average_trophies"])
        win = number(fig["average_winning_score"])
        return [tr("records.stats.mf_averages", tavern=tavern, trophies=trophies, win=win)]
    return []
