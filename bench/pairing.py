"""Swiss and McMahon pairing speed and memory, and the replay of the OpenGotha test files.

    python bench/pairing.py             # the timing table
    python bench/pairing.py --replay    # also the per-file replay report (OpenGotha files)
    python bench/pairing.py --quick     # smaller events only
    python bench/pairing.py --weights   # also malavasi's round 2 under each pairing_weights
    python bench/pairing.py --dutch-1000 --dutch-limit 600   # FIDE Dutch at 1,000 players too

Timing: one round of the 985-player McMahon file of the European Go Congress (malavasi, round 2
from round 1: with the players the file has in round 2, and with all 985 playing) and of random
Swiss events of 100 to 2,000 players (round 1, and round 5 after four
played rounds). ``engine`` is the pairing alone (:func:`arbiter.events.swiss.system.propose`:
reading the event, the candidate graph, the matching); ``pair`` is the whole
``Event.pair_next_round`` (games, handicaps). Memory is the peak of Python allocations during
the pairing (tracemalloc, measured in a separate run) plus rustworkx's graph (its edges are
counted). Targets (issue 6): ≤ 0.5 s for the McMahon round, ≤ 2 s for a 2,000-player Swiss round.

Quality of the McMahon rounds (issue 19), beside OpenGotha 3.51.02's pairing of the same round 2
(malavasi as filed, from its round 1): ``|W−B|=2`` is the number of players who played both
rounds with the same colour (handicap games left out), ``country``/``club`` the pairs of
compatriots/clubmates, ``MMS gaps`` the sum over the pairs of their McMahon-score difference.
OpenGotha's figures (59 players, 3–4 compatriot pairs, 42) were measured with OpenGotha 3.51.02
itself and are quoted, not recomputed. ``--weights`` adds the same figures for every
``pairing_weights`` value.

FIDE Dutch (``swiss-dutch``, issue 19): one round of bbpPairings' 100- and 300-player
tournaments (and with ``--dutch-1000`` the 1,000-player one, stopped after ``--dutch-limit``
seconds), beside bbpPairings' own time (bench/pairing_dutch.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from rich.console import Console
from rich.table import Table

from arbiter.commands.event_pairing import progress_bar
from arbiter.events.event import Event
from arbiter.events.formats.opengotha import opengotha_parameters, read_opengotha
from arbiter.events.results import Result
from arbiter.events.swiss.mcmahon import mcmahon_scores
from arbiter.events.swiss.opengotha_costs import OpenGothaParameters
from arbiter.events.swiss.replay import replay
from arbiter.events.swiss.system import propose
from pairing_dutch import dutch_table

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "opengotha"
MALAVASI = DATA / "pairgoth-tests" / "malavasi" / "malavasi.geobug.xml"
#: OpenGotha 3.51.02's round 2 of malavasi (as filed): players at |W−B| = 2, compatriot pairs,
#: MMS-gap sum (measured with OpenGotha, see the module's docstring).
OPENGOTHA_3_51 = {"imbalanced": "59", "country": "3–4", "gaps": "42"}


def swiss_event(n: int, played: int, seed: int = 1) -> Event:
    """A Toguz Korgool Swiss event of ``n`` rated players with ``played`` random rounds."""
    rng = random.Random(seed)
    e = Event.create("toguz", "swiss", rounds=9)
    for i in range(n):
        e, _ = e.add_player(f"P{i:04d} X", rating=rng.randrange(1200, 2500))
    for _ in range(played):
        e = e.pair_next_round()
        rnd = e.rounds[-1]
        games = tuple(
            g.with_result(Result.parse(rng.choice(("1-0", "0-1", "1/2-1/2")), "toguz"))
            for g in rnd.games
        )
        e = e.with_round(replace(rnd, games=games))
    return e


def timed(fn: Callable[[], object], repeat: int) -> float:
    """The median time of ``fn`` over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_mib(fn: Callable[[], object]) -> float:
    """Peak Python memory allocated while ``fn`` runs, in MiB."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


def quality(event: Event) -> dict[str, str]:
    """The figures of the last round of a McMahon ``event`` (just paired): players whose games
    so far (without handicap) have two more of one colour, compatriot and clubmate pairs, the
    sum of the pairs' McMahon-score gaps before the round."""
    number = len(event.rounds)
    games = event.rounds[-1].games
    scores = mcmahon_scores(event, number - 1)
    balance: dict[int, int] = {}
    for rnd in event.rounds:
        for g in rnd.games:
            if not g.handicap:
                balance[g.black] = balance.get(g.black, 0) + 1
                balance[g.white] = balance.get(g.white, 0) - 1
    paired = {no for g in games for no in (g.black, g.white)}

    def same(attr: str) -> int:
        return sum(
            1
            for g in games
            if (a := getattr(event.player(g.black), attr).strip().casefold())
            and a == getattr(event.player(g.white), attr).strip().casefold()
        )

    gaps = sum(abs(scores[g.black] - scores[g.white]) for g in games)
    return {
        "imbalanced": str(sum(1 for no in paired if abs(balance.get(no, 0)) == 2)),
        "country": str(same("country")),
        "club": str(same("club")),
        "gaps": f"{float(gaps):g}",
    }


def row(label: str, event: Event, repeat: int) -> list[str]:
    number = len(event.rounds) + 1
    result = propose(event, number)
    engine = timed(lambda: propose(event, number), repeat)
    whole = timed(event.pair_next_round, repeat)
    memory = peak_mib(lambda: propose(event, number))
    solution = result.solution
    assert solution is not None
    figures: list[str] = ["", "", ""]
    if event.system == "mcmahon":
        q = quality(event.pair_next_round())
        figures = [q["imbalanced"], q["country"], q["gaps"]]
        if label.endswith("as filed"):
            figures = [
                f"{q[k]} (OG {OPENGOTHA_3_51[k]})" for k in ("imbalanced", "country", "gaps")
            ]
    return [
        label,
        str(len(result.field.contestants)),
        str(number),
        f"{engine:.2f}",
        f"{whole:.2f}",
        f"{memory:.0f}",
        f"{solution.edges:,}",
        f"{solution.graph} {solution.stage}",
        *figures,
    ]


def timing_table(quick: bool) -> Table:
    table = Table(title="Pairing one round (median seconds; this machine)")
    headers = ("event", "players", "round", "engine s", "pair s", "MiB", "edges", "graph")
    for header in (*headers, "|W−B|=2", "country", "MMS gaps"):
        table.add_column(header, justify="right" if header != "event" else "left")
    repeat = 3
    if MALAVASI.exists():
        congress = read_opengotha(MALAVASI)
        congress = replace(congress, rounds=congress.rounds[:1])
        table.add_row(*row("McMahon malavasi, round 2 as filed", congress, repeat))
        everyone = replace(
            congress,
            players=tuple(replace(p, entered=1, withdrawn=None) for p in congress.players),
        )
        table.add_row(*row("McMahon malavasi, all 985 playing", everyone, repeat))
    for n in (100, 500) if quick else (100, 500, 1000, 2000):
        for played in (0, 4):
            with progress_bar():
                event = swiss_event(n, played)
            table.add_row(*row(f"Swiss random {n}", event, repeat))
    return table


def weights_table() -> Table:
    """Malavasi's round 2 as filed, paired with each ``pairing_weights`` value."""
    table = Table(title="McMahon malavasi, round 2 as filed, by pairing_weights")
    for header in ("weights", "|W−B|=2", "country", "club", "MMS gaps"):
        table.add_column(header, justify="right" if header != "weights" else "left")
    congress = read_opengotha(MALAVASI)
    congress = replace(congress, rounds=congress.rounds[:1])
    for weights in ("arbiter", "opengotha-3.51", "opengotha-3.52"):
        q = quality(congress.set("pairing_weights", weights).pair_next_round())
        table.add_row(weights, q["imbalanced"], q["country"], q["club"], q["gaps"])
    og = OPENGOTHA_3_51
    table.add_row("OpenGotha 3.51.02 itself", og["imbalanced"], og["country"], "", og["gaps"])
    return table


def replay_table() -> Table:
    table = Table(title="Replay of the OpenGotha files: round N paired from rounds 1..N-1")
    for header in ("file", "rounds", "pairs", "same pairs", "cost not worse", "better", "ours"):
        table.add_column(header)
    files = sorted(
        p
        for p in [
            *(DATA / "pairgoth-tests").rglob("*.xml"),
            *(DATA / "opengotha-repo").glob("*.xml"),
        ]
        if "equipe" not in p.name
    )
    for path in files:
        event = read_opengotha(path)
        if not event.rounds:
            continue
        params = OpenGothaParameters.from_file(opengotha_parameters(path))
        with progress_bar():
            report = replay(event, params)
        pairs = sum(r.pairs for r in report)
        agree = sum(r.agree for r in report)
        native = sum(r.arbiter_agree or 0 for r in report)
        worse = [r.number for r in report if r.our_cost < r.stored_cost]
        better = [r.number for r in report if r.our_cost > r.stored_cost]
        table.add_row(
            path.name,
            str(len(report)),
            str(pairs),
            f"{agree} ({100 * agree / max(pairs, 1):.0f}%)",
            "yes" if not worse else f"NO: rounds {worse}",
            ", ".join(f"R{n}" for n in better) or "-",
            f"{native} ({100 * native / max(pairs, 1):.0f}%)",
        )
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller events only")
    parser.add_argument("--replay", action="store_true", help="also the replay report")
    parser.add_argument("--weights", action="store_true", help="malavasi by pairing_weights")
    parser.add_argument("--dutch-1000", action="store_true", help="FIDE Dutch at 1,000 too")
    parser.add_argument(
        "--dutch-limit", type=float, default=300.0, help="seconds before a Dutch row is stopped"
    )
    args = parser.parse_args(argv)
    console = Console(width=180)
    console.print(timing_table(args.quick))
    console.print(dutch_table(args.dutch_limit, args.dutch_1000))
    if args.weights and MALAVASI.exists():
        console.print(weights_table())
    if args.replay:
        console.print(replay_table())
        console.print(
            "same pairs: stored pairs found again with OpenGotha's cost function (the file's "
            "parameters, participants and bye); cost not worse: our total OpenGotha cost is at "
            "least the stored one in every round; better: rounds where it is higher; ours: "
            "stored pairs found again with arbiter's own weights."
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
