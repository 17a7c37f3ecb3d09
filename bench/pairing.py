"""Swiss and McMahon pairing speed and memory, and the replay of the OpenGotha test files.

    python bench/pairing.py             # the timing table
    python bench/pairing.py --replay    # also the per-file replay report (OpenGotha files)
    python bench/pairing.py --quick     # smaller events only

Timing: one round of the 985-player McMahon file of the European Go Congress (malavasi, round 2
from round 1: with the players the file has in round 2, and with all 985 playing) and of random
Swiss events of 100 to 2,000 players (round 1, and round 5 after four
played rounds). ``engine`` is the pairing alone (:func:`arbiter.events.swiss.system.propose`:
reading the event, the candidate graph, the matching); ``pair`` is the whole
``Event.pair_next_round`` (games, handicaps). Memory is the peak of Python allocations during
the pairing (tracemalloc, measured in a separate run) plus rustworkx's graph (its edges are
counted). Targets (issue 6): ≤ 0.5 s for the McMahon round, ≤ 2 s for a 2,000-player Swiss round.
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
from arbiter.events.swiss.opengotha_costs import OpenGothaParameters
from arbiter.events.swiss.replay import replay
from arbiter.events.swiss.system import propose

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "opengotha"
MALAVASI = DATA / "pairgoth-tests" / "malavasi" / "malavasi.geobug.xml"


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


def row(label: str, event: Event, repeat: int) -> list[str]:
    number = len(event.rounds) + 1
    result = propose(event, number)
    engine = timed(lambda: propose(event, number), repeat)
    whole = timed(event.pair_next_round, repeat)
    memory = peak_mib(lambda: propose(event, number))
    solution = result.solution
    assert solution is not None
    return [
        label,
        str(len(result.field.contestants)),
        str(number),
        f"{engine:.2f}",
        f"{whole:.2f}",
        f"{memory:.0f}",
        f"{solution.edges:,}",
        f"{solution.graph} {solution.stage}",
    ]


def timing_table(quick: bool) -> Table:
    table = Table(title="Pairing one round (median seconds; this machine)")
    for header in ("event", "players", "round", "engine s", "pair s", "MiB", "edges", "graph"):
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
    args = parser.parse_args(argv)
    console = Console(width=150)
    console.print(timing_table(args.quick))
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
