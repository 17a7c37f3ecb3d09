"""arbiter: runs Go and Toguz Korgool competitions the way the federations' rulebooks prescribe.

The core (``games``, ``clock``, ``match``, ``records``, ``events``) is pure Python with no I/O;
the server and the command line are shells around it.
"""

__version__ = "0.1.0"
