"""Weights of the Toguz Korgool evaluation, in centi-korgools per feature.

Written by ``bench/toguz_tune.py`` (logistic regression of game results on the features of
positions from real games); the features are listed in ``toguz_pvs.h``.
"""

WEIGHTS: tuple[int, ...] = (100, 1437, 73, 460, 67, 139, 68, 95, -296, -19, 143, 32)
