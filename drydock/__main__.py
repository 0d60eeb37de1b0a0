"""``python -m drydock``: the drydock command."""

from drydock.cli.main import main

main()
