"""OpenGotha's pairing parameters (``PairingParameterSet``): the seeding methods and the
geographical weights arbiter keeps as settings, both ways, and OpenGotha's own weights written
for the rest.

>>> read_pairing({"paiMaSeedSystem1": "SPLITANDRANDOM", "paiMaSeedSystem2": "SPLITANDFOLD",
...               "paiMaLastRoundForSeedSystem1": "2"})
{'pairing_seeding': 'split-and-random,split-and-random,split-and-fold'}
"""

from __future__ import annotations

from collections.abc import Mapping

from arbiter.events.formats.opengotha.players import rank_text
from arbiter.events.formats.opengotha.tree import whole
from arbiter.events.settings import Config

#: OpenGotha's seeding systems (paiMaSeedSystem1/2) and arbiter's names of them.
SEEDING_IN: dict[str, str] = {
    "SPLITANDRANDOM": "split-and-random",
    "SPLITANDFOLD": "split-and-fold",
    "SPLITANDSLIP": "split-and-slip",
}
SEEDING_OUT: dict[str, str] = {v: k for k, v in SEEDING_IN.items()}


def read_pairing(pps: Mapping[str, str]) -> dict[str, str]:
    """The seeding methods by round and the geography weights of the pairing parameters, as
    the texts of arbiter's settings."""
    if not pps:
        return {}
    out: dict[str, str] = {}
    first = SEEDING_IN.get((pps.get("paiMaSeedSystem1") or "").upper())
    second = SEEDING_IN.get((pps.get("paiMaSeedSystem2") or "").upper(), first)
    if first is not None and second is not None:
        last = whole(pps, "paiMaLastRoundForSeedSystem1", 2, "pairing")
        methods = [first] if first == second else [first] * min(max(last, 0), 20) + [second]
        out["pairing_seeding"] = ",".join(methods)
    geo = whole(pps, "paiSeAvoidSameGeo", 1, "PairingParameterSet")
    for key, attr in (
        ("avoid_club", "paiSePreferMMSDiffRatherThanSameClub"),
        ("avoid_country", "paiSePreferMMSDiffRatherThanSameCountry"),
    ):
        if attr in pps:
            value = whole(pps, attr, 0, "PairingParameterSet")
            out[key] = str(min(max(value, 0), 9) if geo else 0)
    return out


def pairing_attributes(config: Config, mcmahon: bool) -> dict[str, str]:
    """OpenGotha's pairing parameters: the seeding methods and the geography weights from the
    event's settings, OpenGotha's own weights for the rest (arbiter keeps none)."""
    methods = [config.pairing_seeding(r) for r in range(1, 22)]
    first, last_first = methods[0], 0
    while last_first < 20 and methods[last_first] == first:
        last_first += 1
    second = methods[min(last_first, 20)]
    if second == first:
        last_first = 2
    club, country = config.avoid_club, config.avoid_country
    return {
        "paiBaAvoidDuplGame": "500000000000000",
        "paiBaBalanceWB": "1000000",
        "paiBaDeterministic": "true",
        "paiBaRandom": "0",
        "paiMaAdditionalPlacementCritSystem1": "Rating",
        "paiMaAdditionalPlacementCritSystem2": "NULL",
        "paiMaAvoidMixingCategories": "0",
        "paiMaCompensateDUDD": "true",
        "paiMaDUDDLowerMode": "MID",
        "paiMaDUDDUpperMode": "MID",
        "paiMaDUDDWeight": "100000000",
        "paiMaLastRoundForSeedSystem1": str(last_first),
        "paiMaMaximizeSeeding": "5000000",
        "paiMaMinimizeScoreDifference": "100000000000",
        "paiMaSeedSystem1": SEEDING_OUT[first],
        "paiMaSeedSystem2": SEEDING_OUT[second],
        "paiSeAvoidSameGeo": "100000000000" if club or country else "0",
        "paiSeBarThresholdActive": "true",
        "paiSeDefSecCrit": "100000000000",
        "paiSeMinimizeHandicap": "0",
        "paiSeNbWinsThresholdActive": "false" if mcmahon else "true",
        "paiSePreferMMSDiffRatherThanSameClub": str(club),
        "paiSePreferMMSDiffRatherThanSameClubsGroup": "2",
        "paiSePreferMMSDiffRatherThanSameCountry": str(country),
        "paiSeRankThreshold": rank_text(config.bar) if mcmahon else "4D",
        "paiStandardNX1Factor": "0.5",
    }
