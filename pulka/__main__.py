"""`python -m pulka` runs the command line."""

from .cli import main

main()
