"""Worker processes for the parts of a build that run in parallel (reading content files,
laying out and rendering targets): forked from the build on Linux, so each starts with what
the build has already imported and read, and ended with it, even a build killed outright."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

#: The descriptors of the output locks this process holds (`files.outputs.output_lock`): a
#: worker closes its copies (`release_inherited_locks`), so that the lock goes with the build.
HELD_LOCKS: set[int] = set()

#: How much more memory than it started with a worker may take: a template (or anything
#: else) that would take all of the machine's fails in its own target with a MemoryError.
WORKER_MEMORY = 2 * 1024**3


def worker_pool(jobs: int, initializer: Callable[..., None] | None = None, initargs: tuple = ()) -> ProcessPoolExecutor:
    """A pool of `jobs` forked worker processes; each runs `initializer(*initargs)` first."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # Forked on Linux, whatever the default (Python 3.14 changes it): the workers start with
    # the build's imports and documents instead of importing and reading them again.
    # Elsewhere the platform's own way (macOS's system libraries are not safe to fork).
    context = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    return ProcessPoolExecutor(
        max_workers=jobs, mp_context=context, initializer=_start, initargs=(os.getpid(), initializer, initargs)
    )


def _start(parent: int, initializer: Callable[..., Any] | None, initargs: tuple) -> None:
    import signal

    release_inherited_locks()
    end_with_parent(parent)
    limit_memory(WORKER_MEMORY)
    # Ctrl-C reaches every process of the build: the build says what it means, a worker
    # only ends (what it was writing is a temporary file the next build removes). A build
    # that ignores it (run in the background by a script) has workers that ignore it too.
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, lambda *_: os._exit(1))
    if initializer is not None:
        initializer(*initargs)


def end_with_parent(parent: int | None) -> None:
    """A worker ends when the build that started it does, even one killed outright (Linux's
    parent-death signal; elsewhere the pool's own shutdown)."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        if parent is not None and os.getppid() != parent:  # the build ended before the signal was asked for
            os._exit(1)
    except (OSError, AttributeError):
        pass


def limit_memory(headroom: int) -> None:
    """Let this process's data (its heap and private mappings: Linux's RLIMIT_DATA) grow
    by at most `headroom` bytes from what it holds now; nothing where that is not known."""
    try:
        import resource

        with open("/proc/self/status", encoding="ascii") as status:
            held = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmData:"))
        soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
        limit = held + headroom if hard == resource.RLIM_INFINITY else min(held + headroom, hard)
        if soft == resource.RLIM_INFINITY or soft > limit:
            resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))
    except (ImportError, OSError, ValueError, StopIteration):
        pass


def release_inherited_locks() -> None:
    """In a forked worker: close the copies of the parent's lock descriptors. The parent's
    lock stays (it has its own); a worker that outlives a killed build no longer keeps the
    output folder locked."""
    for fd in list(HELD_LOCKS):
        with contextlib.suppress(OSError):
            os.close(fd)
    HELD_LOCKS.clear()
