#!/usr/bin/env python3
"""Merges container runtimes into dockerd's daemon.json without touching anything else.

Usage: gvisor-merge-runtimes.py DAEMON_JSON RUNTIME_PATH NAME=ARGS_JSON [NAME=ARGS_JSON ...]

Each NAME becomes {"path": RUNTIME_PATH, "runtimeArgs": ARGS}; every other key and every other
runtime is kept. Prints "changed" or "unchanged" (the file is not rewritten when every entry is
already as wanted, so a re-run does not reload dockerd). A file that is not a JSON object, or whose
"runtimes" is not an object, is refused with exit 3 and left as it was: guessing could lose a
setting dockerd depends on. The new file is written beside the old one and renamed over it, so
dockerd never reads half a file; the old file's mode is kept.
"""
import json
import os
import sys
import tempfile


def refuse(message):
    sys.stderr.write(f"{message}; nothing was changed\n")
    sys.exit(3)


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    path, runtime_path, pairs = argv[1], argv[2], argv[3:]
    config = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if text.strip():
            try:
                config = json.loads(text)
            except json.JSONDecodeError as e:
                refuse(f"{path}: not valid JSON ({e})")
            if not isinstance(config, dict):
                refuse(f"{path}: not a JSON object")
    runtimes = config.get("runtimes", {})
    if not isinstance(runtimes, dict):
        refuse(f'{path}: "runtimes" is not an object')
    wanted = {}
    for pair in pairs:
        name, sep, args = pair.partition("=")
        if not sep or not name:
            sys.stderr.write(f"expected NAME=ARGS_JSON, got {pair!r}\n")
            return 2
        wanted[name] = {"path": runtime_path, "runtimeArgs": json.loads(args)}
    if all(runtimes.get(name) == entry for name, entry in wanted.items()):
        print("unchanged")
        return 0
    runtimes.update(wanted)
    config["runtimes"] = runtimes
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    mode = os.stat(path).st_mode & 0o777 if os.path.exists(path) else 0o644
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".daemon.json.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(config, f, indent=2)
            f.write("\n")
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    print("changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
