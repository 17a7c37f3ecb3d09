"""The words of live play as the game page's script shows them: sides, seats, statuses, how a
game ended, the chat's phrases, claims, why a request was refused, and the script's sentences
(``%(name)s`` is filled in on the page). The page gets them all in its language
(:func:`script_words`, in ``<script type="application/json" id="live-words">``).
"""

from __future__ import annotations

from typing import Any

from arbiter.i18n import N_
from arbiter.server.web.notice_words import notice_words
from arbiter.server.web.words import translated

#: The words the script looks up, table by table (``W.sides.black``, ``W.reasons[…]``).
TABLES: dict[str, dict[str, str]] = {
    "sides": {"black": N_("Black"), "white": N_("White")},
    "roles": {"man": N_("man"), "woman": N_("woman")},
    "statuses": {
        "ready": N_("Not started"),
        "playing": N_("Playing"),
        "marking": N_("Dead stones"),
        "paused": N_("Paused"),
        "adjourned": N_("Adjourned"),
        "awaiting-decision": N_("Waiting for the referee"),
        "over": N_("Over"),
    },
    "terminations": {
        "kazan": N_("more than half the korgools"),
        "draw-81": N_("81 korgools each"),
        "atsyz-kalu": N_("a side without korgools"),
        "points": N_("counted"),
        "resignation": N_("resignation"),
        "time": N_("on time"),
        "both-flags": N_("both flags down"),
        "agreement": N_("agreed draw"),
        "repetition": N_("repetition"),
        "draw-offers": N_("too many draw offers"),
        "adjudication": N_("adjudication"),
        "warnings": N_("warnings"),
        "late-arrival": N_("late arrival"),
        "forfeit": N_("forfeit"),
        "no-show": N_("no-show"),
        "double-forfeit": N_("double forfeit"),
        "void": N_("no result"),
        "referee": N_("the referee's decision"),
    },
    "phrases": {
        "greeting": N_("Hello, have a good game!"),
        "good-game": N_("Good game."),
        "thanks": N_("Thank you."),
        "resigning": N_("I resign."),
        "protest": N_("I am filing a protest with the referee."),
        "sorry": N_("Sorry."),
    },
    "claims": {
        "repetition": N_("Claim a draw: the position repeated"),
        "draw-offers": N_("Claim the game: too many draw offers"),
        "move-cap": N_("Claim the move cap: the referee decides"),
    },
    "reasons": {
        "not-your-turn": N_("It is not your turn."),
        "illegal-move": N_("That move is not legal."),
        "wrong-phase": N_("That cannot be done now."),
        "game-over": N_("The game is over."),
        "not-permitted": N_("You may not do that."),
        "consent-required": N_("Your partner must agree first."),
        "too-late": N_("Too late for that."),
    },
}
# The tables the pages themselves show.
SIDES = TABLES["sides"]
ROLES = TABLES["roles"]
STATUSES = TABLES["statuses"]
TERMINATIONS = TABLES["terminations"]
PHRASES = TABLES["phrases"]

#: Sentences the page's script shows, translated on the page (``%(name)s`` is filled in there).
SENTENCES = {
    "your_move": N_("Your move"),
    "to_move": N_("%(side)s to move"),
    "starts_at": N_("The game starts at %(time)s"),
    "waiting_players": N_("Waiting for every player to connect"),
    "marking": N_("Mark the dead stones by clicking them, then accept"),
    "paused": N_("Paused by the referee"),
    "adjourned": N_("Adjourned by the referee"),
    "awaiting": N_("Waiting for the referee's decision"),
    "over": N_("Game over: %(result)s (%(how)s)"),
    "draw_offered": N_("Your opponent offers a draw."),
    "draw_sent": N_("You offered a draw."),
    "draw_declined": N_("Your opponent declined the draw."),
    "draw_lapsed": N_("Your opponent played on: the draw offer is declined."),
    "pass": N_("pass"),
    "reviewing": N_("Looking at move %(ply)s of %(plies)s; the game goes on."),
    "confirm_move": N_("Play %(move)s?"),
    "partner_asks": N_("Your partner asks whether to resign."),
    "partner_agreed": N_("Your partner agrees: you may resign."),
    "partner_refused": N_("Your partner does not agree to resign."),
    "turn_is": N_("It is the turn of %(seat)s."),
    "connected": N_("connected"),
    "away": N_("away"),
    "back_within": N_("back within %(time)s"),
    "held": N_("the referee holds the window"),
    "hold": N_("Hold the reconnection window of %(seat)s"),
    "release": N_("Release the reconnection window of %(seat)s"),
    "dropped": N_("dropped %(n)s×"),
    "offline": N_("Connection lost: reconnecting…"),
    "online": N_("Connected"),
    "gone": N_("This game is not available."),
    "computer": N_("computer"),
    "accepted": N_("accepted"),
    "confirm_resign": N_("Resign this game?"),
    "you": N_("you"),
    "referee": N_("referee"),
    "to_players": N_("to everyone"),
    "to_referee": N_("to the referee"),
    "private": N_("private"),
    "postponement": N_("Postponement: %(status)s"),
    "requested": N_("requested"),
    "consented": N_("the opponent agrees"),
    "refused": N_("refused"),
    "granted": N_("granted"),
    "denied": N_("denied"),
    "withdrawn": N_("withdrawn"),
    "by_you": N_("you asked"),
}


def script_words() -> dict[str, Any]:
    """Everything the page's script writes, in the page's language."""
    return {
        **{name: translated(table) for name, table in TABLES.items()},
        **translated(SENTENCES),
        **notice_words(),
    }
