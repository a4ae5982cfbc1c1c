"""PyInstaller's entry script for the bundle: the same entry point as ``awaw-desktop``.

(``awaw_desktop/__main__.py`` itself cannot be the script: run as a script it has no package
for its relative import.)"""

import sys

from awaw_desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
