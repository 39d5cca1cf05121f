"""The frozen GM Desk's entry point: PyInstaller runs this file as `__main__`."""

import sys

from desktop.app import main

if __name__ == "__main__":
    sys.exit(main())
