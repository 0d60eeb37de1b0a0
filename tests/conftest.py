"""The suite's process-wide set-up.

A shell without job control starts a background command (``cmd &`` in a script) with Ctrl-C ignored, and every
child inherits that: the tests that press Ctrl-C on a drydock process (``rate --watch``, a parallel battle) would
then wait for a process that cannot hear it. The suite restores Python's own Ctrl-C handler, so it passes however
it is launched; the commands under test keep the disposition a player's shell gives them.
"""

import signal

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
