"""Drydock-layout Excel workbooks (Z.2): :mod:`layout` (every cell as data), :mod:`write`, :mod:`read`."""
