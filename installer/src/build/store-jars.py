"""Rewrites jars with every entry stored (not deflated), for the package's xz to compress.

Entries, their order and the manifest stay as they were (a signature, if any, covers the
uncompressed bytes). With --strip, the jars' native libraries (ELF *.so, *.so.N) are stripped of
their symbols on the way when `strip` is on PATH: JavaCPP unpacks them from the jar and needs no
symbol table. Only for jars that are neither signed nor stripped already (the CUDA ones).

usage: python3 store-jars.py [--strip] JAR...
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


def store(path: str, workdir: str, strip: bool) -> None:
    tmp = path + ".stored"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as dst:
        for info in src.infolist():
            data = src.read(info)  # before the type changes: it says how to read the entry
            if strip and STRIP and NATIVE.search(info.filename) and data[:4] == b"\x7fELF":
                data = stripped(data, workdir)
            info.compress_type = zipfile.ZIP_STORED
            dst.writestr(info, data)
    os.replace(tmp, path)


if __name__ == "__main__":
    args = sys.argv[1:]
    strip = args[:1] == ["--strip"]
    with tempfile.TemporaryDirectory() as work:
        for jar in args[1:] if strip else args:
            store(jar, work, strip)
