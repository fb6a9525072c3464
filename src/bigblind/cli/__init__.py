"""The ``bigblind`` command line."""
