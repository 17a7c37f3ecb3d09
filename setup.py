"""Build the compiled parts: the Toguz Korgool rules core and its search, and the blossom matcher
of the FIDE Dutch system.

Everything else is declared in pyproject.toml.
"""

from setuptools import Extension, setup

TOGUZ_INCLUDE = ["src/arbiter/games/toguz"]
CFLAGS = ["-O3", "-std=c11", "-Wall", "-Wextra"]

setup(
    ext_modules=[
        Extension(
            "arbiter.games.toguz._core",
            sources=["src/arbiter/games/toguz/_core.c"],
            depends=["src/arbiter/games/toguz/rules.h"],
            include_dirs=TOGUZ_INCLUDE,
            extra_compile_args=CFLAGS,
        ),
        Extension(
            "arbiter.engines._toguz_search",
            sources=["src/arbiter/engines/_toguz_search.c"],
            depends=[
                "src/arbiter/games/toguz/rules.h",
                "src/arbiter/engines/toguz_pvs.h",
                "src/arbiter/engines/toguz_eval.h",
            ],
            include_dirs=TOGUZ_INCLUDE,
            extra_compile_args=CFLAGS,
        ),
        Extension(
            "arbiter.events.swiss._matching",
            sources=["src/arbiter/events/swiss/_matching.c"],
            depends=[
                "src/arbiter/events/swiss/blossom.h",
                "src/arbiter/events/swiss/bignum.h",
                "src/arbiter/events/swiss/warm.h",
                "src/arbiter/events/swiss/matcher.h",
            ],
            extra_compile_args=CFLAGS,
        ),
    ],
)
