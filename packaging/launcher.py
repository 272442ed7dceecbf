"""Entry script for the PyInstaller bundle."""

from ascend_studio.__main__ import main

raise SystemExit(main())
