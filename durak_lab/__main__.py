"""``python -m durak_lab``: the durak-lab command line (see :mod:`durak_lab.cli`)."""

from durak_lab.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
