"""Running the workbench: uvicorn on 127.0.0.1, a watcher that rebuilds on every saved
content file, and a clean stop on ctrl-C (open live-update streams end at once)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import uvicorn
from starlette.concurrency import run_in_threadpool

from sheetgen.serve.app import create_app
from sheetgen.serve.workspace import Workspace

HOST = "127.0.0.1"  # never any other interface: the workbench writes into the project
WATCHED_SUFFIXES = (".yaml", ".yml", ".ttf", ".otf", ".csv", ".xlsx")  # and decks' spreadsheets


def relevant(path: str) -> bool:
    name = Path(path).name
    return name.endswith(WATCHED_SUFFIXES) and not name.startswith(".")


async def watch(ws: Workspace, stop: asyncio.Event, log: Callable[[str], None]) -> None:
    """Rebuild after each batch of saved content files, until `stop` is set."""
    from watchfiles import awatch

    folders = [p for p in ws.watched() if p.exists()]
    if not folders:
        return
    async for changes in awatch(
        *folders,
        stop_event=stop,
        debounce=400,
        step=30,
        rust_timeout=200,
        watch_filter=lambda _change, path: relevant(path),
    ):
        if ws.stopping:
            break
        # A file a form saved is rebuilt by the save itself (`rebuild_saved`).
        changed = [p for _, p in changes if not ws.seen_save(p)]
        if not changed:
            continue
        names = sorted({Path(p).name for p in changed})
        try:
            state = await run_in_threadpool(ws.rebuild, False, changed)
        except Exception as exc:  # a bug: say so and keep watching
            log(f"rebuilding failed: {type(exc).__name__}: {exc} (this is a bug in sheetgen)")
            continue
        log(f"changed {', '.join(names[:3])}{' …' if len(names) > 3 else ''}: {state.summary}")


async def rebuild_saved(ws: Workspace, saves: asyncio.Queue, log: Callable[[str], None]) -> None:
    """Rebuild after each file a form saves, without waiting for the watcher to see it: a
    file written into a folder made a moment before (the first save into `new/`) can come
    and go before the watcher watches that folder."""
    while True:
        path = await saves.get()
        try:
            state = await run_in_threadpool(ws.rebuild, False, [path])
        except Exception as exc:  # a bug: say so and keep serving
            log(f"rebuilding failed: {type(exc).__name__}: {exc} (this is a bug in sheetgen)")
            continue
        log(f"saved {path.name}: {state.summary}")


def make_lifespan(ws: Workspace, log: Callable[[str], None], initial_build: bool = True):
    @contextlib.asynccontextmanager
    async def lifespan(_app):
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        saves: asyncio.Queue = asyncio.Queue()

        async def first_then_watch() -> None:
            if initial_build:
                state = await run_in_threadpool(ws.rebuild)
                log(f"built: {state.summary}")
            await watch(ws, stop, log)

        ws.on_save = lambda path: loop.call_soon_threadsafe(saves.put_nowait, path)
        tasks = [asyncio.create_task(first_then_watch()), asyncio.create_task(rebuild_saved(ws, saves, log))]
        try:
            yield
        finally:
            ws.on_save = None
            ws.stop()
            stop.set()
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    return lifespan


class WorkbenchServer(uvicorn.Server):
    """uvicorn's server, telling the workspace to stop first so that live-update streams
    close and the shutdown does not wait for them."""

    def __init__(self, config: uvicorn.Config, ws: Workspace) -> None:
        super().__init__(config)
        self.ws = ws

    def handle_exit(self, sig, frame) -> None:
        self.ws.stop()
        super().handle_exit(sig, frame)


def bind(port: int) -> socket.socket:
    """A listening socket on the loopback interface (port 0: any free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((HOST, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def make_server(
    ws: Workspace, sock: socket.socket, log: Callable[[str], None] = lambda _m: None, initial_build: bool = True
) -> WorkbenchServer:
    app = create_app(ws, lifespan=make_lifespan(ws, log, initial_build))
    config = uvicorn.Config(
        app,
        host=HOST,
        port=sock.getsockname()[1],
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=2,
        ws="none",
    )
    return WorkbenchServer(config, ws)


class Background:
    """The workbench in a thread (for tests and benchmarks): `with Background(ws) as url:`."""

    def __init__(self, ws: Workspace, initial_build: bool = True) -> None:
        self.ws = ws
        self.sock = bind(0)
        self.server = make_server(ws, self.sock, initial_build=initial_build)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.sock.getsockname()[1]}"

    def __enter__(self) -> str:
        self.thread.start()
        while not self.server.started and self.thread.is_alive():
            self.thread.join(0.02)
        return self.url

    def __exit__(self, *exc) -> None:
        self.ws.stop()
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


def serve(ws: Workspace, port: int, open_browser: bool = False) -> None:
    """Serve until ctrl-C."""

    def log(message: str) -> None:
        print(f"sheetgen: {message}", file=sys.stderr, flush=True)

    sock = bind(port)
    server = make_server(ws, sock, log)
    url = f"http://{HOST}:{sock.getsockname()[1]}/"
    log(f"serving {', '.join(ws.targets)} at {url} (ctrl-C stops)")
    if open_browser:
        import webbrowser

        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    log("stopped")
