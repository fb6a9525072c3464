"""The tracker schema's revisions, oldest first."""
