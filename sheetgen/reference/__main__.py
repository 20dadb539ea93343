"""python -m sheetgen.reference [ROOT]: write the reference pages under ROOT/docs/reference/."""

import sys
from pathlib import Path

from sheetgen.reference import write

for path in write(Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
    print(f"wrote {path}")
