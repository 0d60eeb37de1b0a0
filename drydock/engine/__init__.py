"""The play engine: a minimal, faithful Starmada Unity game and Monte Carlo match-ups (issue 6).

Modules, bottom up:

- :mod:`~drydock.engine.tables` - play rules as data (range modifiers, damage table, battle sizes ...)
- :mod:`~drydock.engine.hexgrid` - cube/axial hexes, the 12 component arcs and 4 defensive arcs
- :mod:`~drydock.engine.movement` - orders in rulebook notation, engine requirement, execution
- :mod:`~drydock.engine.dice` - to-hit / impact / damage rolls with their exact distributions
- :mod:`~drydock.engine.ships` - designs read once into plain tables; per-battle ship state
- :mod:`~drydock.engine.combat` - attack order, modifiers, volleys, screens, expected damage
- :mod:`~drydock.engine.seekers` - seeking weapons: flights, movement, attack, defensive fire
- :mod:`~drydock.engine.damage` - the End Phase: tracks, loss limits and the loss policy
- :mod:`~drydock.engine.systems` - Appendix B systems in play (cloak, hyperdrive, marines, mines, flares,
  probes, stutterdrive, tractor beams, overthrusters, solar sails) and Proximity
- :mod:`~drydock.engine.shockwave` - B.19 shockwave: hits spread over the elements and minefields in reach
- :mod:`~drydock.engine.munitions` - minefields against flights and seekers, minesweeping, probes as
  weapons and for seekers, shuttlecraft (B.15, B.17, B.20)
- :mod:`~drydock.engine.equipment` - which equipment still works (destroyed equipment gives no benefit)
- :mod:`~drydock.engine.expectations` - the doctrines' expected-damage tables per match-up (banks that bear
  on one target hex)
- :mod:`~drydock.engine.orders_menu` - the doctrines' menu of legal orders, stopping distance, engine margin
- :mod:`~drydock.engine.targeting` - the doctrines' fire: each battery's target
- :mod:`~drydock.engine.plans` - the plan menu (close, hold, standoff, evade): range to steer for, cloak rule
- :mod:`~drydock.engine.ai` - the deterministic doctrines (aggressive, cautious): styles and movement
- :mod:`~drydock.engine.settings` - what a battle is played by (turns, board, doctrine, optional rules, scenario,
  terrain, rules): one frozen record built once by the caller and passed down whole
- :mod:`~drydock.engine.battle` - one battle (fair, point-symmetric set-up), with its turn-by-turn log
- :mod:`~drydock.engine.montecarlo` - many battles, seeds, Wilson intervals, worker processes, the
  robustness of a verdict across doctrines
- :mod:`~drydock.engine.matrix_game` - the exact value and mixed equilibrium of a zero-sum matrix game
- :mod:`~drydock.engine.plan_game` - the verdict as the value of the plan game of doctrine and plan, fought
  until the interval of its value decides it
- :mod:`~drydock.engine.plan_cells` - the game's cells and the verdict's battles (flown from the mix), any --jobs
- :mod:`~drydock.engine.plan_verdict` - the verdict's battles counted in, the final matrix's LP value, the race
  fought on where they left it open

Randomness only through an injected ``random.Random``.
"""

from importlib.util import find_spec


def compiled() -> bool:
    """Whether this engine is the compiled build (``HATCH_BUILD_HOOKS_ENABLE=1 pip install .``, hatch_build.py):
    its modules are then extension modules, found before their Python sources."""
    spec = find_spec("drydock.engine.battle")
    return spec is not None and spec.origin is not None and not spec.origin.endswith(".py")
