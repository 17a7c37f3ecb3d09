"""FIDE Tournament Report Files (TRF16, with the TRF-2026 records): import and export.

A TRF is the file chess programs exchange: FIDE's rating reports, the pairing engines
(bbpPairings, JaVaFo) and Swiss-Manager read and write it. Toguz Korgool federations run their
Swiss events with chess software, so an arbiter event goes out as a TRF to be checked with
those tools, and a Swiss-Manager event comes in.

Records read and written (:mod:`.tournament_records`, :mod:`.player_line`):

- ``012`` name, ``022`` city, ``032`` federation, ``042``/``052`` dates, ``092`` free-text type
  (arbiter writes the game and who ``w`` is), ``102`` chief arbiter, ``122`` time control;
- ``001`` players: start number (the participant's number), sex, title (3 characters), name
  ``Surname, Given``, rating, federation, FIDE id, birth date, points, rank, then one block a
  round: opponent, colour, result;
- TRF-2026: ``142`` rounds (also JaVaFo's ``XXR``), ``152`` initial colour, ``162`` points of a
  win, draw, loss and pairing bye, ``192`` the system (``FIDE_DUTCH`` is ``swiss-dutch``,
  ``CUSTOM_SWISS`` ``swiss``, ``BERGER_ROUNDROBIN`` ``round-robin``, ...), ``202``/``212``
  tie-breaks, ``240`` half-, full- and zero-point byes.

Colours: TRF's ``w`` is the side that moves first: Black in Go, White in Toguz Korgool. Results
(:mod:`.games`) map onto ``1 = 0 + - H F U Z``: ``1``/``0`` a win and a loss over the board,
``=`` a draw (Go's jigo), ``+``/``-`` a forfeit, ``U`` a pairing bye, ``H`` a half-point bye,
``Z`` a zero-point bye (an absence), ``F`` a full-point bye.

:mod:`.reading` and :mod:`.writing` put the parts together; writing needs only the
competition's value, so the ``swiss-dutch`` system can hand its pairing engine a TRF.

>>> from arbiter.events import Event
>>> from dataclasses import replace
>>> from arbiter.events.rounds import Game, Round
>>> from arbiter.events.results import Result
>>> e = Event.create("toguz", "swiss-dutch", name="Bishkek Open", rounds=5)
>>> e, _ = e.add_player("Asanov Bakyt", rating=1850, country="KGZ", gender="m")
>>> e, _ = e.add_player("Bekova Aida", rating=1790, gender="f")
>>> game = Game(1, 1, None, black=2, white=1, result=Result.parse("1(82)-0(60)", "toguz"))
>>> e = replace(e, rounds=(Round(1, (game,)),))
>>> text = write_trf(e)
>>> print(text.splitlines()[-3])
001    1 m    Asanov, Bakyt                     1850 KGZ                         1.0    1     2 w 1
>>> str(read_trf(text).rounds[0].games[0].result)
'1-0'
"""

from arbiter.events.formats.trf.reading import import_trf, read_trf
from arbiter.events.formats.trf.tournament_records import (
    SYSTEM_CODES,
    TIEBREAKS_IN,
    TIEBREAKS_OUT,
)
from arbiter.events.formats.trf.writing import write_trf

__all__ = ["SYSTEM_CODES", "TIEBREAKS_IN", "TIEBREAKS_OUT", "import_trf", "read_trf", "write_trf"]
