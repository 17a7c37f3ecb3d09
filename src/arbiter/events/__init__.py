"""Competitions: participants, rounds, pairing systems, standings and tiebreaks."""
