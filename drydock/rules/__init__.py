"""Rules as data: the Unity tables (:mod:`drydock.rules.unity`) and the :class:`Ruleset` over them."""

from drydock.rules.formula import Formula
from drydock.rules.ruleset import Ruleset
from drydock.rules.unity import UNITY

__all__ = ["UNITY", "Formula", "Ruleset"]
