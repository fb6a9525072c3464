"""The 95% confidence interval of a mean, as every match and simulation reports it.

>>> round(half_width_95([1.0, 3.0]), 4), half_width_95([2.0])
(1.96, inf)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import numpy as np
from numpy.typing import NDArray

__all__ = ["Z95", "half_width_95"]

Z95: Final = 1.959963984540054
"""The standard normal's two-sided 95% quantile."""


def half_width_95(values: Sequence[float] | NDArray[np.float64]) -> float:
    """The 95% half-width of the mean of ``values`` (infinite for fewer than two): the
    mean is within this of the true mean 95 times in 100, by the normal approximation.

    >>> round(half_width_95([1.0, -1.0, 1.0, -1.0]), 4)
    1.1316
    >>> round(half_width_95(np.array([1.0, -1.0, 1.0, -1.0])), 4)
    1.1316
    """
    k = len(values)
    if k < 2:
        return math.inf
    if isinstance(values, np.ndarray):  # millions of deals: numpy's sums, not Python's
        return Z95 * math.sqrt(float(values.var(ddof=1)) / k)
    mean = math.fsum(values) / k
    variance = math.fsum((v - mean) ** 2 for v in values) / (k - 1)
    return Z95 * math.sqrt(variance / k)
