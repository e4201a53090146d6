"""The rulings as examples: this folder is installed as the package judgebot.rulings (see
setup.py) so that an installed judgebot can list, copy and check them (`judgebot examples`;
read through judgebot.examples, never by path from the source tree). A regular package, so
that importlib.resources gives its folder as a plain path."""
