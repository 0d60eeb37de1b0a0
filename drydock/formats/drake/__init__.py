"""Unity Drake notation (A.6): :func:`from_drake` reads it, :func:`to_drake` writes it.

Canonical layout written by :func:`to_drake` (the book's A.6 example is canonical)::

    Imperial MAJESTIC-class Battlecruiser (185)
    --
    ID:
    NAME:
    --
    Screens: 2                          one line, or "Screens:" and four "-Fwd:" ... "-Aft:" lines
    --
    Hull: 8-7-6-5-4-3-2-1
    Engines: 4-3-2-1
    Weapons: 17-13-9-5
    Shields: 3-3-2-1                    directional shielding: followed by "-Fwd: 3" ... "-Aft: 1"
    --
    Lightning Turret | ACE [][]| BDF [][] // (2)
    4-8-12 | 2x5+/1/1 (Pr1)
    Close Defense: 2-4-6 | 1x4+/1/1     a secondary mode (C.2): "Label: " + a second stat line
    Torpedo Rack | AB2 [][] // (1)      AB2 = dual mounts (C.3), one box per mount
    MA 8 | 1x4+/2/2 (Exp)               a seeker (C.4); Expendable weapons print "[]<>" boxes
    --
    Equipment: Countermeasures []| Hyperdrive [] // (1)
    Traits: Carrier (4), Ionized Hull   "(n)" for capacity, flights or more than one
    Marines: 4                          one line per munition class
    # a note                            Design.notes, one "# " comment line each

Sections are separated by "--" lines; lines that do not apply are left out; several
ships are separated by a blank line. Mode traits are separated by ", ".

**drydock extension lines** (Drake A.6 has no place for these; a plain Drake reader
skips comment lines and ignores unknown keys): ``Tech: E+1 S0 W-1 F+2`` (A.4 technology
levels Engines/Shields/Weapons/Fighters, written only when one is not 0); ``Faction:``,
``Class:``, ``Type:`` (written only when the header line cannot be split back into the
same three names, e.g. a class with a space); ``# text`` (one note each).

**Stated values** (header CR, the four tracks, loss limits): the reader keeps a value
*only when it differs from the computed one* (``Design.stated``,
``Battery.stated_loss_limit``; ``validate()`` reports each as a ``STATED_*`` warning); a
stated value equal to the computed value carries no information and is dropped. The
writer prints the stated value where there is one and the computed value otherwise.
Both round trips therefore hold: writing the parse of canonical text gives the same
bytes (the book's Majestic keeps its CR 185 and weapons track 17-13-9-5), and
``from_drake(to_drake(d)) == d`` for a design whose stated values all differ from the
computed ones. The ratings themselves are read from the tracks: hull, engine and
shield ratings are the first value of their track.

Tolerated on input: ``x``/``X``/``×``; ``[]``, ``[ ]``, ``▢``, ``☐``, ``□`` boxes (with
``<>``/``◊`` diamonds, ignored); spaces around ``|`` and ``//``; tracks split by ``-``
or spaces; ``--`` lines present, glued to the next line, or replaced by blank lines;
CRLF; a battery on one line (stat line after ``// (n)``) or its banks wrapped after a
trailing ``|``; the header without ``(CR)``; ``MA 8``, ``MA8`` or ``8`` for a seeker;
``Skr`` in a trait list (dropped: the MA makes a seeker); a secondary mode without a
label, or named by a ``Primary>Secondary`` battery name (Z.2); traits and system names
as abbreviations or full names in any case, split by ``,``, ``;``, ``|`` or spaces;
``Screens:`` or ``Screens: N`` (N = their total) above directional screens; munitions as ``4`` or
``4-3-2-1``; ``# comment`` lines before the first ship (ignored). ``Screens: N`` with a
different N above directional screens is both kinds (forbidden, A.5 [6] [7]): both are
kept and ``validate()`` reports ``SCREENS_MIXED``; nothing written is dropped.

Not representable (documented limits): names containing ``|`` or line breaks, notes
with line breaks, leading/trailing spaces of names, zero or negative counts (a bank or
equipment item without boxes reads as one), a stated hull/engine/shield track whose
first value is not the rating, the order of systems across the three system lines
(read back grouped: equipment, traits, munitions), and standard screens beside
directional screens whose count equals the directional total (read as the total line).
"""

from drydock.formats.drake.read import (
    DrakeSyntaxError,
    canonical,
    from_drake,
    keep_disagreeing,
    split_header,
    system_line_order,
)
from drydock.formats.drake.write import DrakeWriteError, ship_to_drake, to_drake

__all__ = ["DrakeSyntaxError", "DrakeWriteError", "canonical", "from_drake", "keep_disagreeing", "ship_to_drake",
           "split_header", "system_line_order", "to_drake"]
