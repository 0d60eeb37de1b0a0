"""Rules as data: the Unity tables (:mod:`drydock.core.rules.unity`) and the :class:`Ruleset` over them."""

from drydock.core.rules.formula import Formula
from drydock.core.rules.ruleset import Ruleset
from drydock.core.rules.unity import UNITY

__all__ = ["UNITY", "Formula", "Ruleset"]
