"""Child processes of bench/real_recordings.py: run, fail loudly, time (wall and CPU)."""

import os
import subprocess
import sys
import time


def say(*parts):
    print("eval-real-recordings:", *parts, file=sys.stderr, flush=True)


def fail(message):
    say(message)
    sys.exit(2)


def run(cmd, **kw):
    done = subprocess.run(cmd, text=True, capture_output=True, **kw)
    if done.returncode != 0:
        sys.stderr.write((done.stdout + done.stderr)[-4000:])
        fail(f"{' '.join(cmd[:6])} ... failed with exit code {done.returncode}")
    return done


def timed(cmd, log_path, cwd=None):
    """Runs cmd (stdout+stderr to log_path); returns (wall s, cpu s of it and its children)."""
    with open(log_path, "w") as log:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=cwd)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        with open(log_path) as log:
            sys.stderr.write(log.read()[-4000:])
        fail(f"{' '.join(cmd[:4])} ... failed with exit code {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime
