"""Writing outputs (proofs/files.py): file names from ids bounded and collision-free, every target
checked before work starts, and every command's files written all at once or not at all: a full disk, a
name too long or an interrupt while staging leaves what was there before, and no temporary file."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import InvalidArgument
from proofs.execution import signals
from proofs import files
from proofs.files import MAX_ID_NAME, Transaction, check_directory, check_file, safe_id, write_text, write_tree


def _tree(root: Path) -> dict[str, str]:
    """Every file under ``root`` (hidden ones included) -> its text."""
    return {str(p.relative_to(root)): p.read_text() for p in sorted(root.rglob("*")) if p.is_file()}


# --- names from ids ------------------------------------------------------------------------------------
@pytest.mark.parametrize("claim_id", [
    pytest.param("x" * 240, id="240-characters"),
    pytest.param("T3.10." * 60, id="dots"),
    pytest.param("é" * 100, id="non-ascii-escapes-grow"),
])
def test_a_long_id_becomes_a_bounded_name(claim_id):
    name = safe_id(claim_id)
    assert len(name) == MAX_ID_NAME + 1 and name.isascii()
    assert safe_id(claim_id) == name, "the same id always gives the same name"


def test_long_ids_that_share_a_prefix_get_different_names():
    first, second = "A" * 200 + ".1", "A" * 200 + ".2"
    assert safe_id(first) != safe_id(second)
    assert safe_id(first)[:40] == "A" * 40, "the name starts with a readable prefix"


def test_a_shortened_name_never_equals_a_name_left_as_it_is():
    """Names left as they are have at most MAX_ID_NAME characters; shortened ones exactly one more."""
    short = "x" * MAX_ID_NAME
    assert safe_id(short) == short and len(safe_id(short + "x")) == MAX_ID_NAME + 1


# --- targets checked before work -----------------------------------------------------------------------
@pytest.mark.parametrize("path, message", [
    pytest.param("/proc/version", r"--output='/proc/version': cannot write into /proc", id="proc-file"),
    pytest.param("/proc/nothing/report.json", r"cannot write into /proc", id="under-proc"),
    pytest.param("", r"--output='': is empty", id="empty"),
    pytest.param("{tmp}", r"is a directory, not a file", id="a-directory"),
    pytest.param("{tmp}/a-file/report.json", r"a-file is a file, not a directory", id="parent-is-a-file"),
    pytest.param("{tmp}/" + "n" * 300, r"cannot be written \(File name too long\)", id="name-too-long"),
    pytest.param("{tmp}/" + "d" * 300 + "/report.json", r"cannot be written \(File name too long\)",
                 id="directory-name-too-long"),
])
def test_unwritable_targets_are_one_line_before_any_work(tmp_path, path, message):
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(InvalidArgument, match=message) as caught:
        check_file(path.format(tmp=tmp_path), "--output")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("path, message", [
    pytest.param("/proc/figures", r"directory='/proc/figures': cannot write into /proc", id="under-proc"),
    pytest.param("{tmp}/a-file", r"is a file, not a directory", id="a-file"),
    pytest.param("", r"is empty", id="empty"),
])
def test_unwritable_directories_are_one_line(tmp_path, path, message):
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(InvalidArgument, match=message):
        check_directory(path.format(tmp=tmp_path), "directory")


def test_the_check_leaves_no_probe_behind(tmp_path):
    check_file(tmp_path / "new" / "report.json", "--output")
    check_directory(tmp_path / "tex", "--latex")
    assert list(tmp_path.iterdir()) == []


# --- all or nothing ------------------------------------------------------------------------------------
def test_a_transaction_writes_new_directories_files_and_replaces_a_subdirectory_whole(tmp_path):
    (tmp_path / "tex" / "claims").mkdir(parents=True)
    (tmp_path / "tex" / "claims" / "stale.tex").write_text("from an earlier export")
    (tmp_path / "tex" / "report.pdf").write_text("the user's own file")
    transaction = Transaction()
    transaction.add_directory(tmp_path / "tex", {"report.tex": "r", "claims/a.tex": "a"}, "--latex", replace=("claims",))
    transaction.add_file(tmp_path / "new" / "deep" / "report.json", "{}")
    transaction.add_file(tmp_path / "report.html", "<html>")
    written = transaction.commit()
    assert written == [str(tmp_path / "tex"), str(tmp_path / "new" / "deep" / "report.json"), str(tmp_path / "report.html")]
    assert _tree(tmp_path) == {"tex/report.tex": "r", "tex/claims/a.tex": "a", "tex/report.pdf": "the user's own file",
                               "new/deep/report.json": "{}", "report.html": "<html>"}


def test_two_outputs_naming_one_file_are_refused(tmp_path):
    transaction = Transaction()
    transaction.add_file(tmp_path / "r.json", "a", "--output")
    with pytest.raises(InvalidArgument, match=r"--html=.*r\.json': is also written by --output"):
        transaction.add_file(tmp_path / "r.json", "b", "--html")


@contextlib.contextmanager
def _full_disk(kind: str, monkeypatch: pytest.MonkeyPatch, directory: Path, size_kb: int = 64):
    """``directory`` on a file system with ``size_kb`` KiB: a real tmpfs (``kind="tmpfs"``, skipped with
    its reason when this process may not mount one), or every write past that size failing with ENOSPC
    (``kind="monkeypatched"``)."""
    directory.mkdir()
    mounted = False
    if kind == "tmpfs":
        if os.geteuid() != 0:
            pytest.skip("mounting a small tmpfs needs root; the monkeypatched full disk runs instead")
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(directory)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here ({done.stderr.strip()}); the monkeypatched full disk runs instead")
        mounted = True
    else:
        used = [0]
        original = files._write

        def write(path: Path, content: bytes) -> None:
            used[0] += len(content)
            if used[0] > size_kb * 1024:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
            original(path, content)

        monkeypatch.setattr(files, "_write", write)
    try:
        yield
    finally:
        if mounted:
            subprocess.run(["umount", str(directory)], check=True)


FULL_DISKS = [pytest.param("tmpfs", id="tmpfs"), pytest.param("monkeypatched", id="ENOSPC-monkeypatched")]


@pytest.mark.parametrize("kind", FULL_DISKS)
def test_a_full_disk_leaves_the_previous_export_as_it_was(tmp_path, monkeypatch, kind):
    disk = tmp_path / "disk"
    with _full_disk(kind, monkeypatch, disk):
        write_tree(disk / "tex", {"report.tex": "old report", "claims/a.tex": "old a"})
        before = _tree(disk)
        big = {"report.tex": "new report", **{f"claims/c{k}.tex": "x" * 4096 for k in range(40)}}
        with pytest.raises(InvalidArgument, match=r"--latex=.*tex.*No space left on device.*nothing was written"):
            write_tree(disk / "tex", big, first="report.tex")
        assert _tree(disk) == before, "a failed export must leave the old one, and no temporary file"


@pytest.mark.parametrize("kind", FULL_DISKS)
def test_a_full_disk_while_writing_a_new_file_leaves_nothing(tmp_path, monkeypatch, kind):
    disk = tmp_path / "disk"
    with _full_disk(kind, monkeypatch, disk):
        with pytest.raises(InvalidArgument, match=r"--output=.*No space left on device.*nothing was written"):
            write_text(disk / "report.json", "x" * 200_000)
        assert _tree(disk) == {}


def test_an_interrupt_while_staging_removes_what_was_staged(tmp_path, monkeypatch):
    (tmp_path / "report.json").write_text("previous")
    original = files._write
    calls = [0]

    def interrupted(path: Path, content: bytes) -> None:
        calls[0] += 1
        if calls[0] == 2:
            raise signals.Stop(2)
        original(path, content)

    monkeypatch.setattr(files, "_write", interrupted)
    transaction = Transaction()
    transaction.add_directory(tmp_path / "tex", {"a.tex": "a", "b.tex": "b"}, "--latex")
    transaction.add_file(tmp_path / "report.json", "new")
    with pytest.raises(signals.Stop):
        transaction.commit()
    assert _tree(tmp_path) == {"report.json": "previous"}


def test_a_special_file_is_written_in_place_not_replaced(tmp_path):
    write_text("/dev/null", "discarded")
    assert Path("/dev/null").is_char_device()
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen([sys.executable, "-c", f"print(open({str(fifo)!r}).read(), end='')"],
                              stdout=subprocess.PIPE, text=True)
    write_text(fifo, "through the pipe")
    assert reader.communicate(timeout=30)[0] == "through the pipe" and fifo.is_fifo()


def test_a_symbolic_link_is_followed_and_kept(tmp_path):
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    write_text(tmp_path / "link.json", "new")
    assert (tmp_path / "link.json").is_symlink() and (tmp_path / "real.json").read_text() == "new"
