"""Importers: other tools' exports turned into sheetgen content (YAML text). They read
and check; the command line writes."""
