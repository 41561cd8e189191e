"""Budgets: the sizes of grids, enumerations and random searches, chosen once per run.

``standard`` is the default of ``python -m proofs``. Every piece of evidence states the sizes it used,
so a verdict can always be read against the budget that earned it.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import invalid

__all__ = ["Budget", "BUDGETS", "budget"]


@dataclass(frozen=True)
class Budget:
    """Sizes for one run.

    examples: hypothesis examples per property search; n_max: largest sample size for exhaustive
    multinomial enumeration; grid: points per parameter axis of exact rational grids; replicates:
    Monte Carlo replicates for simulations; timeout: seconds allowed for one decision-procedure query.
    """

    name: str
    examples: int
    n_max: int
    grid: int
    replicates: int
    timeout: float

    def __post_init__(self) -> None:
        for field_name in ("examples", "n_max", "grid", "replicates"):
            value = getattr(self, field_name)
            if not isinstance(value, int) or value < 1:
                raise invalid(field_name, value, "must be a positive integer")
        if not self.timeout > 0:
            raise invalid("timeout", self.timeout, "must be positive")


BUDGETS: dict[str, Budget] = {
    "quick": Budget("quick", examples=200, n_max=12, grid=5, replicates=20_000, timeout=10.0),
    "standard": Budget("standard", examples=2_000, n_max=40, grid=9, replicates=100_000, timeout=30.0),
    "thorough": Budget("thorough", examples=20_000, n_max=120, grid=17, replicates=1_000_000, timeout=120.0),
}


def budget(name: str | Budget) -> Budget:
    """The budget called ``name`` (``quick``, ``standard``, ``thorough``)."""
    if isinstance(name, Budget):
        return name
    try:
        return BUDGETS[name]
    except KeyError:
        raise invalid("budget", name, f"not one of {sorted(BUDGETS)}") from None
