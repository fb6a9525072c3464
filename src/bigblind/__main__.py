"""``python -m bigblind``: the same as the ``bigblind`` command."""

from bigblind.cli.main import main

raise SystemExit(main())
