"""Build-time pieces of the site: MkDocs hooks."""
