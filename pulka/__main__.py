"""`python -m pulka` runs the command line."""

from ._start import main

main()
