"""FIDE Dutch (``swiss-dutch``) pairing speed, beside bbpPairings' (bench/pairing.py prints it).

One round of bbpPairings' own tournaments (../shared/data/swiss: p100d, p300d, p1000c) paired
from the rounds before it, each in a fresh process: the time of ``dutch_pairs`` and the process's
peak resident memory above what it held before the pairing (the matcher's weights live in C, out
of tracemalloc's sight). bbpPairings' figures are the data README's, measured on this kind of
machine. A row that runs longer than the time limit is stopped and shown as such.
"""

from __future__ import annotations

import multiprocessing
import resource
import time
from dataclasses import replace
from pathlib import Path

from rich.table import Table

SWISS = Path(__file__).resolve().parents[2] / "shared" / "data" / "swiss"

#: (file, round to pair, bbpPairings' time for a round of it)
#: (p300d's round 7 has announced absences, which arbiter does not record: round 6 is paired.)
ROWS = (("p100d", 9, "0.1"), ("p300d", 6, "0.7–1.0"), ("p1000c", 7, "37–51"))


def _pair(name: str, number: int, out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    from arbiter.events.formats.trf import read_trf
    from arbiter.events.systems.swiss_dutch import dutch_pairs

    event = read_trf((SWISS / f"{name}.trf").read_text(encoding="utf-8"))
    cut = replace(event, rounds=event.rounds[: number - 1])
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    pairs = dutch_pairs(cut, number)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rnd = event.rounds[number - 1]
    want = {(g.white, g.black) for g in rnd.games} | {
        (b.no, None) for b in rnd.byes if b.kind == "bye"
    }
    same = {frozenset(p) for p in pairs} == {frozenset(p) for p in want}
    out.put((seconds, (peak - before) / 1024, len(event.players), same))


def dutch_row(name: str, number: int, bbp: str, limit: float) -> list[str]:
    """The table row of round ``number`` of ``name``, stopped after ``limit`` seconds."""
    if not (SWISS / f"{name}.trf").exists():
        return [name, "", str(number), "file missing", "", bbp, ""]
    out: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    child = multiprocessing.Process(target=_pair, args=(name, number, out))
    child.start()
    child.join(limit + 30)  # reading the file and importing come before the pairing
    if child.is_alive():
        child.terminate()
        child.join()
        return [name, "", str(number), f"> {limit:.0f} (stopped)", "", bbp, ""]
    seconds, mib, players, same = out.get()
    return [
        name,
        f"{players:,}",
        str(number),
        f"{seconds:.2f}",
        f"{mib:.0f}",
        bbp,
        "yes" if same else "NO",
    ]


def dutch_table(limit: float, largest: bool) -> Table:
    """FIDE Dutch rows; the 1,000-player one only with ``largest``."""
    table = Table(title="FIDE Dutch (swiss-dutch): one round from the rounds before it")
    headers = ("file", "players", "round", "arbiter s", "MiB", "bbpPairings s", "pairs as file")
    for header in headers:
        table.add_column(header, justify="right" if header != "file" else "left")
    for name, number, bbp in ROWS if largest else ROWS[:2]:
        table.add_row(*dutch_row(name, number, bbp, limit))
    return table
