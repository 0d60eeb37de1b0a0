"""The names the ``drydock`` command offers as choices before any of the engine is imported (issue 35: ``battle
--help`` must not load the battle engine): the doctrines (:data:`drydock.engine.ai.DOCTRINES`, tests check the two
agree) and the default one. The plans' names are :data:`drydock.engine.plans.MENU` (a module as light as this)."""

from __future__ import annotations

#: the doctrines of :data:`drydock.engine.ai.DOCTRINES`, in its order (``--doctrine``)
DOCTRINE_NAMES: tuple[str, ...] = ("aggressive", "cautious")
#: the doctrine a battle is fought with unless told otherwise
DEFAULT_DOCTRINE = "aggressive"
#: the deployment plans of :data:`drydock.engine.deployment.DEPLOYMENTS`, in its order (``--deployment``)
DEPLOYMENT_NAMES: tuple[str, ...] = ("standard", "port", "starboard", "spread", "rear")
#: the set-up a battle is fought with unless told otherwise: the mirrored standard set-up (2.3), fair to both sides
DEFAULT_DEPLOYMENT = "standard"
#: the separator of a plan game strategy's plan and deployment: ``close@port`` (drydock.engine.deployment)
STRATEGY_SEP = "@"
