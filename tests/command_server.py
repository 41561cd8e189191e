"""``python -m proofs`` for the tests, forked from one interpreter that has already imported the toolkit.

The suite runs the command line a few hundred times (the README's commands, the command-line tests, the
scaffold, certificate and example tests). A fresh interpreter spends about 1.5 s of CPU importing sympy, the
toolkit and the catalog before it reads its arguments (the suite ran about 50 s longer on two cores).

Here each command is still a process of its own, with the caller's arguments, working directory, environment
and standard streams, whose exit code (or the signal that ended it) comes back to the caller: a child of a
server that imported the modules and loaded the catalog once, as every command does first, and then waits.
Nothing else is shared: the server never runs a command itself, so no result, cache or state of one command
reaches another. Tests of how a process starts, stops on a signal or dies keep starting real interpreters.

* :func:`server` (a context manager, one per test process) starts the server and names its socket in
  :data:`VARIABLE` for the commands the tests start through ``bash``;
* :func:`run` runs ``python -m proofs ARGS`` through it, as ``subprocess.run(..., capture_output=True,
  text=True)`` would;
* :func:`forward` is the other end for a process that stands for ``python -m proofs`` (``tests.readme_proofs``):
  it hands its own standard streams to a command and exits as the command exits.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

__all__ = ["VARIABLE", "server", "run", "forward", "serve"]

#: The environment variable naming the server's socket.
VARIABLE = "PROOFS_COMMAND_SERVER"

ROOT = Path(__file__).resolve().parents[1]
_HEADER = struct.Struct("!I")  # the length of the request that follows
_PID = struct.Struct("!q")
_CODE = struct.Struct("!i")


# --- the server --------------------------------------------------------------------------------------------
def serve(path: str) -> None:
    """Import what every command imports first, listen on ``path``, say ``ready`` on stdout, and fork one
    child per request, until stdin closes (the test process that started it ended)."""
    import proofs.cli  # noqa: F401 - imported here once, so that no command imports it again
    import tests.shared_runs  # noqa: F401 - the README's commands share results (installed on request)
    from proofs.base import registry

    registry.load()  # the built-in catalog: the first thing every command does
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the per-request children are reaped by the kernel
    print("ready", flush=True)
    watch = selectors.DefaultSelector()
    watch.register(listener, selectors.EVENT_READ)
    watch.register(sys.stdin, selectors.EVENT_READ)
    while True:
        ready = {key.fileobj for key, _ in watch.select()}
        if sys.stdin in ready and not sys.stdin.buffer.read1(1):
            return  # the test process is gone
        if listener in ready:
            connection, _ = listener.accept()
            if os.fork() == 0:
                watch.close()
                listener.close()
                _attend(connection)  # never returns
            connection.close()


def _receive_exactly(connection: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            raise EOFError("the caller went away")
        data += chunk
    return data


def _attend(connection: socket.socket) -> None:
    """One request, in a child of the server: fork the command, send its pid, wait for it, send how it ended."""
    header, fds, _, _ = socket.recv_fds(connection, _HEADER.size, 3)
    request = json.loads(_receive_exactly(connection, _HEADER.unpack(header)[0]))
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # before the fork: this child waits for the command itself
    pid = os.fork()
    if pid == 0:
        connection.close()
        _become(request, fds)  # never returns
    with contextlib.suppress(OSError):  # on both sides of the fork, so that the group exists once the pid is sent
        os.setpgid(pid, pid)
    for fd in fds:
        os.close(fd)
    connection.sendall(_PID.pack(pid))
    _, status = os.waitpid(pid, 0)
    with contextlib.suppress(OSError):
        connection.sendall(_CODE.pack(os.waitstatus_to_exitcode(status)))
    os._exit(0)


def _become(request: dict, fds: list[int]) -> None:
    """The command itself: the caller's streams, folder, environment and arguments, then ``python -m proofs``;
    the interpreter exits as the command's own would (``sys.exit`` with its code, the exit handlers run)."""
    for number, fd in enumerate(fds):
        os.dup2(fd, number)
        os.close(fd)
    os.setpgid(0, 0)  # a group of its own, so that a timeout or a signal reaches the processes it forks too
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.path[0] = request["cwd"]  # what ``python -m`` puts first
    if request["shared"]:
        from tests.shared_runs import install

        install()
    import runpy

    sys.argv = ["proofs", *request["argv"]]
    runpy.run_module("proofs", run_name="__main__", alter_sys=True)
    sys.exit(0)


# --- the test process's end ---------------------------------------------------------------------------------
@contextlib.contextmanager
def server() -> Iterator[str]:
    """A server for this test process, its socket named in :data:`VARIABLE` while it runs; stopped after."""
    folder = tempfile.mkdtemp(prefix="proofs-commands-")
    path = os.path.join(folder, "socket")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    process = subprocess.Popen([sys.executable, "-c", f"from tests.command_server import serve; serve({path!r})"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT, env=env)
    try:
        started = selectors.DefaultSelector()
        started.register(process.stdout, selectors.EVENT_READ)
        line = process.stdout.readline() if started.select(600) else b""  # a guard against a hang, not a target
        started.close()
        if line.strip() != b"ready":
            process.kill()
            raise RuntimeError(f"the command server did not start (exit {process.wait()})")
        before = os.environ.get(VARIABLE)
        os.environ[VARIABLE] = path
        try:
            yield path
        finally:
            if before is None:
                os.environ.pop(VARIABLE, None)
            else:
                os.environ[VARIABLE] = before
    finally:
        process.stdin.close()
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        with contextlib.suppress(OSError):
            os.unlink(path)
            os.rmdir(folder)


def _request(path: str, argv: list[str], cwd: str, env: dict[str, str], fds: list[int],
             shared: bool) -> tuple[socket.socket, int]:
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(path)
    body = json.dumps({"argv": argv, "cwd": cwd, "env": env, "shared": shared}).encode()
    socket.send_fds(connection, [_HEADER.pack(len(body))], fds)
    connection.sendall(body)
    return connection, _PID.unpack(_receive_exactly(connection, _PID.size))[0]


def _ended(connection: socket.socket) -> int:
    """The command's exit code (negative: the signal that ended it)."""
    try:
        return _CODE.unpack(_receive_exactly(connection, _CODE.size))[0]
    finally:
        connection.close()


def run(argv: list[str] | tuple[str, ...], *, cwd: str | os.PathLike | None = None, timeout: float,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``python -m proofs *argv``, as ``subprocess.run([...], capture_output=True, text=True, cwd=cwd,
    timeout=timeout, env=env)`` returns it (the command killed and ``TimeoutExpired`` raised past
    ``timeout``); a real interpreter when no server runs in this process."""
    command = [sys.executable, "-m", "proofs", *argv]
    path = os.environ.get(VARIABLE)
    if not path:
        return subprocess.run(command, capture_output=True, text=True, cwd=cwd, timeout=timeout, env=env)
    environment = dict(os.environ if env is None else env)
    environment.pop(VARIABLE, None)
    out_read, out_write = os.pipe()
    err_read, err_write = os.pipe()
    with open(os.devnull, "rb") as nothing:
        try:
            connection, pid = _request(path, list(argv), os.fspath(cwd or os.getcwd()), environment,
                                       [nothing.fileno(), out_write, err_write], shared=False)
        finally:
            os.close(out_write)
            os.close(err_write)
    try:
        out, err = _read_both(out_read, err_read, timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)  # the command and what it forked (a claims file's trial load)
        connection.close()
        raise subprocess.TimeoutExpired(command, timeout) from None
    code = _ended(connection)
    return subprocess.CompletedProcess(command, code, out.decode(errors="replace"), err.decode(errors="replace"))


def _read_both(out_fd: int, err_fd: int, timeout: float) -> tuple[bytes, bytes]:
    chunks: dict[int, list[bytes]] = {out_fd: [], err_fd: []}
    watch = selectors.DefaultSelector()
    for fd in chunks:
        watch.register(fd, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    try:
        while watch.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                raise subprocess.TimeoutExpired("proofs", timeout)
            for key, _ in watch.select(left):
                data = os.read(key.fd, 65536)
                if data:
                    chunks[key.fd].append(data)
                else:
                    watch.unregister(key.fd)
                    os.close(key.fd)
    finally:
        for key in list(watch.get_map().values()):
            os.close(key.fd)
        watch.close()
    return b"".join(chunks[out_fd]), b"".join(chunks[err_fd])


def forward(argv: list[str], shared: bool) -> None:
    """Run ``python -m proofs *argv`` through the server named in :data:`VARIABLE` with this process's standard
    streams, folder and environment (a signal this process gets is passed on), and exit as the command did."""
    environment = dict(os.environ)
    path = environment.pop(VARIABLE)
    connection, pid = _request(path, argv, os.getcwd(), environment, [0, 1, 2], shared)

    def pass_on(number, _frame):  # to the command's group, as a terminal's Ctrl-C reaches every process of a job
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, number)

    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, pass_on)
    code = _ended(connection)
    if code < 0:
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    sys.exit(code)
