"""Prints a jar manifest whose Class-Path lists the given relative URLs (folders end in '/').

The manifest format wraps lines at 72 bytes with a one-space continuation, which a printf of a
long Class-Path (the CUDA variant's jars) would break.

usage: python3 class-path-manifest.py URL... > MANIFEST.MF
"""
import sys


def wrapped(line: str) -> str:
    raw = line.encode("utf-8")
    parts = [raw[:72]]
    raw = raw[72:]
    while raw:
        parts.append(b" " + raw[:71])
        raw = raw[71:]
    return "\n".join(p.decode("utf-8") for p in parts) + "\n"


if __name__ == "__main__":
    sys.stdout.write("Manifest-Version: 1.0\n")
    sys.stdout.write(wrapped("Class-Path: " + " ".join(sys.argv[1:])))
    sys.stdout.write("Created-By: ASR Workbench installer\n")
