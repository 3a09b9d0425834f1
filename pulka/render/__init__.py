"""Reports of a game: terminal text now; the XLSX and PDF exporters live beside it."""
