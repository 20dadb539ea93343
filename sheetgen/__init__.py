"""sheetgen: YAML game content in, print-ready PDFs and SVGs out."""

__version__ = "0.1.0"
