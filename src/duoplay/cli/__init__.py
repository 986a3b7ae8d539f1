"""The `duoplay` command line."""
