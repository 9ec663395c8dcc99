"""The rows bench/real_recordings.py evaluates: NeMo eval manifests and the built-in set."""

import json
import os
import shutil

from processes import fail, run

PS_DATA = "/usr/share/pocketsphinx/test/data"
BUILTIN_SET = "pocketsphinx-testdata"
# Today's references for the recordings Debian ships in pocketsphinx-testdata (BSD-2, CMU):
# (file in the package, speaker, reference). The speaker is the file group (CMU names no speaker).
BUILTIN_ROWS = [
    ("goforward.raw", "goforward", "go forward ten meters"),
    ("tidigits/dhd.2934z.raw", "tidigits-dhd", "two nine three four zero"),
    ("cards/001.wav", "cards", "ten of clubs"),
    ("cards/002.wav", "cards", "four queen of clubs"),
    ("cards/003.wav", "cards", "seven of clubs"),
    ("cards/004.wav", "cards", "five five"),
    ("cards/005.wav", "cards", "eight of spades four of clubs seven of hearts"),
]


def data_dir():
    if os.environ.get("ASRWB_HOME"):
        return os.environ["ASRWB_HOME"]
    xdg = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(xdg, "asrwb")


def builtin_rows(work):
    """The pocketsphinx-testdata recordings (installed, else apt-get download), as WAV rows."""
    data = PS_DATA
    if not os.path.isfile(os.path.join(data, "goforward.raw")):
        pkg = os.path.join(work, "pkg")
        os.makedirs(pkg)
        try:
            run(["apt-get", "-o", "APT::Sandbox::User=root", "download", "pocketsphinx-testdata"],
                cwd=pkg)
            deb = [f for f in os.listdir(pkg) if f.endswith(".deb")][0]
            run(["dpkg-deb", "-x", os.path.join(pkg, deb), pkg])
        except IndexError:
            fail("pocketsphinx-testdata is not installed and apt-get download failed "
                 "(apt-get install pocketsphinx-testdata)")
        data = pkg + PS_DATA
    audio = os.path.join(work, "builtin")
    os.makedirs(audio)
    rows = []
    for name, speaker, text in BUILTIN_ROWS:
        src = os.path.join(data, name)
        dst = os.path.join(audio, name.replace("/", "-").rsplit(".", 1)[0] + ".wav")
        if name.endswith(".raw"):  # headerless 16 kHz 16-bit mono: give it a header our engine reads
            run(["sox", "-t", "raw", "-r", "16000", "-e", "signed", "-b", "16", "-c", "1", "-L",
                 src, dst])
        else:
            shutil.copy(src, dst)
        rows.append({"set": BUILTIN_SET, "speaker": speaker, "text": text, "audio": dst,
                     "source": f"{BUILTIN_SET}:{name}"})
    return rows


def manifest_rows(path):
    rows = []
    base = os.path.dirname(os.path.abspath(path))
    default_set = os.path.splitext(os.path.basename(path))[0]
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                audio = row["audio_filepath"]
                text = row["text"]
            except (ValueError, KeyError) as e:
                fail(f"{path}:{n}: not a NeMo row ({e})")
            rows.append({"set": str(row.get("set") or default_set),
                         "speaker": str(row.get("speaker") or "?"), "text": text,
                         "audio": audio if os.path.isabs(audio) else os.path.join(base, audio),
                         "source": f"{path}:{n}"})
    return rows


def durations(paths):
    out = []
    for i in range(0, len(paths), 200):
        chunk = paths[i:i + 200]
        out += [float(x) for x in run(["soxi", "-D"] + chunk).stdout.split()]
    return out
