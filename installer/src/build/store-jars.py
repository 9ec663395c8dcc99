"""Rewrites jars with every entry stored (not deflated), for the package's xz to compress.

Entries, their order and the manifest stay as they were (a signature, if any, covers the
uncompressed bytes). A native library inside a jar (*.so, *.so.N) is stripped of its symbols on
the way when `strip` is on PATH: JavaCPP unpacks it from the jar and needs no symbol table.

usage: python3 store-jars.py JAR...
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

NATIVE = re.compile(r"\.so(\.[0-9]+)*$")
STRIP = shutil.which("strip")


def stripped(data: bytes, workdir: str) -> bytes:
    """The library's bytes without its symbol table (as they are where strip cannot read them)."""
    path = os.path.join(workdir, "lib.so")
    with open(path, "wb") as f:
        f.write(data)
    if subprocess.run([STRIP, "--strip-unneeded", path], stderr=subprocess.DEVNULL).returncode != 0:
        return data
    with open(path, "rb") as f:
        return f.read()


def store(path: str, workdir: str) -> None:
    tmp = path + ".stored"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as dst:
        for info in src.infolist():
            data = src.read(info)  # before the type changes: it says how to read the entry
            if STRIP and NATIVE.search(info.filename) and data[:4] == b"\x7fELF":
                data = stripped(data, workdir)
            info.compress_type = zipfile.ZIP_STORED
            dst.writestr(info, data)
    os.replace(tmp, path)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as work:
        for jar in sys.argv[1:]:
            store(jar, work)
