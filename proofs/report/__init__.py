"""The report: its schema, and the table, Markdown and LaTeX renderings built from it."""
