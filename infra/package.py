"""`python -m infra.package DIR`: precompile a built Lambda package's Python to bytecode.

Lambda runs code from a read-only /var/task, so Python can never cache the bytecode of modules
shipped as source: every cold start would compile them again (our own modules: ~30 ms of a
handler's import, measured). `make build` runs this over `.aws-sam/build` after `sam build`;
the pyc files are written with unchecked-hash invalidation, so they are used as they are,
whatever the file times in the deployment zip. bench/ measures cold start on such a copy.
"""

from __future__ import annotations

import compileall
import py_compile
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def precompile(root: Path) -> bool:
    """Write unchecked-hash .pyc files for every module under root; True when all compiled."""
    return bool(
        compileall.compile_dir(
            str(root), quiet=1, force=True, workers=0, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH
        )
    )


def packaged_copy() -> Path:
    """A precompiled copy of functions/ (our code as it is deployed), in a new temporary folder."""
    target = Path(tempfile.mkdtemp(prefix="twinmem-package-")) / "functions"
    shutil.copytree(ROOT / "functions", target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    precompile(target)
    return target


if __name__ == "__main__":
    folders = [Path(a) for a in sys.argv[1:]] or [ROOT / ".aws-sam" / "build"]
    raise SystemExit(0 if all(precompile(f) for f in folders) else 1)
