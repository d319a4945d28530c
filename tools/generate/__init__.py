"""Generators of docs/generated/: maintainer commands that measure and write data files."""
