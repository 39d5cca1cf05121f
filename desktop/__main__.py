"""`python -m desktop` starts GM Desk."""

import sys

from desktop.app import main

sys.exit(main())
