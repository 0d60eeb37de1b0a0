"""Fleets in files: the fleet file's shape (:mod:`.shape`), reading a fleet file (:mod:`.read`) or a fleet
workbook (:mod:`.workbook`), and writing either (:mod:`.write`). The :class:`~drydock.core.fleet.Fleet` itself,
its ratings and 2.2 limits, is core (:mod:`drydock.core.fleet`); which file is a fleet is
:mod:`drydock.formats.filekinds`; a command's inputs, fleets included, :mod:`drydock.formats.inputs`.
"""
