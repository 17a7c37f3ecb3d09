"""OpenGotha tournament files (XML): import and export.

OpenGotha, the pairing program of European Go, keeps a whole tournament in one XML file
(``tournament.dtd``): ``Players/Player`` (``name``, ``firstName``, ``rank``, ``rating``,
``club``, ``country``, ``egfPin``, ``participating`` one digit per round, ``registeringStatus``
``FIN`` or ``PRE``), ``Games/Game`` (``roundNumber``, ``tableNumber``, ``blackPlayer`` and
``whitePlayer`` as keys: name and first name without blanks, upper case; ``handicap``;
``result`` ``RESULT_BLACKWINS``, ``RESULT_WHITEWINS_BYDEF``, ...), ``ByePlayers/ByePlayer``,
``Teams/Team/Board`` and ``TournamentParameterSet`` (general, handicap, placement, pairing).

The mapping, both ways (docs/formats.md gives the whole table), one module each:

- :mod:`.parameters`: the event is McMahon when the first placement criterion is ``MMS``, else
  Swiss; the general and handicap parameters are the event's settings;
- :mod:`.teams`: a file whose games are all board games between teams is a team event
  (imported only);
- :mod:`.players`, :mod:`.individual`: ``participating`` and ``registeringStatus``: ``entered``
  is the first round played, ``withdrawn`` the round after the last; a pre-registered player
  (``PRE``) is entered but takes part in no round (``withdrawn`` 1); a round skipped within a
  paired round is a bye worth the file's absence value (``genMMS2ValueAbsent`` in McMahon,
  ``genNBW2ValueAbsent`` in Swiss);
- :mod:`.games`: results: Black wins ``B+``, White wins ``W+``, equal ``0`` (jigo), both lose
  ``Void``; the ``_BYDEF`` forms are forfeits (``+-``, ``-+``, ``--``);
- :mod:`.placement`: placement criteria become tiebreak codes (``MMS``, ``NBW`` → ``PTS``,
  ``SOSM``/``SOSW`` → ``SOS``, ``SOSOSM`` → ``SOSOS``, ``SODOSM`` → ``SODOS``, ``CUSSM`` →
  ``CUSS``, ``DC`` → ``DE``);
- :mod:`.pairing_parameters`: the seeding methods and same-club and same-country weights;
- :mod:`.tree`: the XML itself; :mod:`.reading` and :mod:`.writing` put the parts together.

>>> xml = '''<Tournament dataVersion="201"><Players>
... <Player name="Minieri" firstName="Davide" rank="3D" club="75Ju" country="FR"/>
... <Player name="Daguenet" firstName="Mathieu" rank="3D" participating="10000"/>
... </Players><Games>
... <Game roundNumber="1" tableNumber="1" blackPlayer="DAGUENETMATHIEU"
...       whitePlayer="MINIERIDAVIDE" handicap="0" result="RESULT_WHITEWINS"/>
... </Games></Tournament>'''
>>> event = read_opengotha(xml)
>>> event.system, [p.name for p in event.players], str(event.rounds[0].games[0].result)
('swiss', ['Minieri Davide', 'Daguenet Mathieu'], 'W+')
>>> read_opengotha(write_opengotha(event)) == event
True
"""

from arbiter.events.formats.opengotha.games import RESULTS_IN, UNREPRESENTABLE
from arbiter.events.formats.opengotha.pairing_parameters import SEEDING_IN, SEEDING_OUT
from arbiter.events.formats.opengotha.parameters import opengotha_parameters
from arbiter.events.formats.opengotha.placement import (
    CRITERIA_IN,
    CRITERIA_OUT,
    MAX_CRITERIA,
    TEAM_CRITERIA_IN,
)
from arbiter.events.formats.opengotha.players import (
    MAX_ROUNDS,
    parse_rank,
    player_key,
    rank_text,
    rating_from_rank,
)
from arbiter.events.formats.opengotha.reading import import_opengotha, read_opengotha
from arbiter.events.formats.opengotha.writing import write_opengotha

__all__ = [
    "CRITERIA_IN",
    "CRITERIA_OUT",
    "MAX_CRITERIA",
    "MAX_ROUNDS",
    "RESULTS_IN",
    "SEEDING_IN",
    "SEEDING_OUT",
    "TEAM_CRITERIA_IN",
    "UNREPRESENTABLE",
    "import_opengotha",
    "opengotha_parameters",
    "parse_rank",
    "player_key",
    "rank_text",
    "rating_from_rank",
    "read_opengotha",
    "write_opengotha",
]
