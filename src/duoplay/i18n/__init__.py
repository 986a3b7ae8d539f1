"""Message catalogs for the browser client (gettext .po files, compiled to JSON with Babel)."""
