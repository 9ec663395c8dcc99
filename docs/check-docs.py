#!/usr/bin/env python3
"""Keeps the documentation's front door small and its links whole (stdlib only).

Fails (exit 1, one line per finding) when
- README.md has more than 200 lines;
- a cell of a table in docs/FEATURES.md has more than 300 characters;
- a relative markdown link in README.md, docs/*.md or docs/guide/*.md points to a file or folder
  that does not exist (links with a scheme, such as https:, and pure #anchors are not checked;
  the #anchor part of a relative link is dropped, only its file is checked).

Run from anywhere: python3 docs/check-docs.py
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
README_MAX_LINES = 200
CELL_MAX_CHARS = 300

# [text](target) and ![alt](target); the target ends at the first space (an optional "title"
# follows) or at the closing parenthesis.
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def prose_lines(text):
    """(line number, line) outside fenced code blocks, with inline code spans blanked."""
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def table_cells(line):
    """The cells of a markdown table row: split on unescaped pipes outside code spans."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    cells, current, i, ticks = [], [], 0, 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            current.append(body[i : i + 2])
            i += 2
            continue
        if c == "`":
            run = len(body[i:]) - len(body[i:].lstrip("`"))
            ticks = 0 if ticks == run else (run if ticks == 0 else ticks)
            current.append(body[i : i + run])
            i += run
            continue
        if c == "|" and ticks == 0:
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(c)
        i += 1
    cells.append("".join(current).strip())
    return cells


def check_readme_length(problems):
    readme = ROOT / "README.md"
    count = len(readme.read_text(encoding="utf-8").splitlines())
    if count > README_MAX_LINES:
        problems.append(f"README.md: {count} lines, more than {README_MAX_LINES}")
    return count


def check_feature_cells(problems):
    features = ROOT / "docs" / "FEATURES.md"
    if not features.is_file():
        problems.append("docs/FEATURES.md: missing")
        return 0
    longest = 0
    fenced = False
    for number, line in enumerate(features.read_text(encoding="utf-8").splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or not line.lstrip().startswith("|"):
            continue
        for column, cell in enumerate(table_cells(line), start=1):
            longest = max(longest, len(cell))
            if len(cell) > CELL_MAX_CHARS:
                problems.append(
                    f"docs/FEATURES.md:{number}: column {column} has {len(cell)} characters,"
                    f" more than {CELL_MAX_CHARS}: {cell[:60]}…"
                )
    return longest


def checked_files():
    docs = ROOT / "docs"
    files = [ROOT / "README.md"]
    files += sorted(docs.glob("*.md"))
    files += sorted((docs / "guide").glob("*.md"))
    return [f for f in files if f.is_file()]


def check_links(problems):
    count = 0
    for file in checked_files():
        text = file.read_text(encoding="utf-8")
        for number, line in prose_lines(text):
            for match in LINK.finditer(line):
                target = match.group(1)
                if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("#"):
                    continue
                path = target.split("#", 1)[0].split("?", 1)[0]
                if not path:
                    continue
                count += 1
                resolved = (file.parent / path).resolve()
                if not resolved.exists():
                    rel = file.relative_to(ROOT)
                    problems.append(f"{rel}:{number}: link to {target}: no such file")
    return count


def main():
    problems = []
    lines = check_readme_length(problems)
    longest = check_feature_cells(problems)
    links = check_links(problems)
    for p in problems:
        print(p)
    if problems:
        print(f"check-docs: {len(problems)} problem(s)")
        return 1
    print(
        f"check-docs: ok (README.md {lines} lines; longest docs/FEATURES.md cell {longest}"
        f" characters; {links} relative links in {len(checked_files())} files resolve)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
