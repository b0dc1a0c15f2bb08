#!/usr/bin/env python3
"""Property test for `lets transform` over a corpus of real-world-shaped config files.

For each random --set / --delete / --append on a working copy of a corpus file it asserts:
  (a) every line lets did not mark (~ + -) in its --json region is a line of the old file, in
      order: a line diff of old and new bytes touches only lines lets marked;
  (b) the new file still parses, read by a reader lets does not use: jq (after comments and
      trailing commas are blanked, as JSONC readers do), Python's tomllib, PyYAML;
  (c) the whole document, read back by that reader, equals the old document with the operation
      applied in Python: the value set reads back as set, a deleted key is gone, an appended item
      is last, and nothing else changed.
A refusal lets documents (exit 7: a key it cannot change in place) must leave the file untouched;
it does not count toward the total. Usage: property.py LETS CORPUS_DIR [OPS] [SEED]."""
import copy
import difflib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

import yaml

LETS, CORPUS = os.path.abspath(sys.argv[1]), sys.argv[2]
WANT = int(sys.argv[3]) if len(sys.argv) > 3 else 500
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 20261130)


def strip_jsonc(text):
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    s = "".join(out)
    return re.sub(r",(\s*[}\]])", r" \1", s)


def read_json(data):
    text = data.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    r = subprocess.run(["jq", "-c", "."], input=strip_jsonc(text).encode(), capture_output=True)
    if r.returncode:
        raise ValueError("jq: " + r.stderr.decode())
    return json.loads(r.stdout)


def read_yaml(data):
    return yaml.safe_load(data.decode("utf-8"))


def read_frontmatter(data):
    lines = data.decode("utf-8").split("\n")
    assert lines[0] == "---", "frontmatter lost its opening fence"
    end = lines.index("---", 1)
    return yaml.safe_load("\n".join(lines[1:end])) or {}


def read_toml(data):
    return tomllib.loads(data.decode("utf-8"))


READERS = {".json": read_json, ".yml": read_yaml, ".yaml": read_yaml, ".md": read_frontmatter, ".toml": read_toml}
BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def key_text(k):
    if BARE.match(k):
        return k
    if '"' in k or "\\" in k:
        return None
    return '"' + k + '"'


def paths(doc, prefix=(), out=None):
    """Every (path, value) in doc; path is a tuple of keys and indexes."""
    out = [] if out is None else out
    if isinstance(doc, dict):
        for k, v in doc.items():
            if not isinstance(k, str):
                continue  # YAML 1.1 reads a key `on:` as True; lets keys are strings
            out.append((prefix + (k,), v))
            paths(v, prefix + (k,), out)
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out.append((prefix + (i,), v))
            paths(v, prefix + (i,), out)
    return out


def path_text(p):
    parts = []
    for s in p:
        if isinstance(s, int):
            parts.append("[%d]" % s)
        else:
            t = key_text(s)
            if t is None:
                return None
            parts.append(("." if parts else "") + t)
    return "".join(parts)


def get(doc, p):
    for s in p:
        doc = doc[s]
    return doc


WORDS = ["alpha", "beta gamma", "x: y", "a # b", "yes", "no", "on", "null", "true", "123", "1.5",
         "quote\"d", "it's", "tab\there", "caf\u00e9", "-dash", "[br]", "{br}", "", " lead", "trail ",
         "@at", "%pct", "*star", "!bang", "&amp", "a,b", "path/to/x", "x=1"]


def random_string():
    return rng.choice(WORDS) if rng.random() < 0.7 else "v%d" % rng.randrange(10**6)


def value_like(old, ext):
    """A typed value for --set on an existing scalar, and what it must read back as."""
    if isinstance(old, bool):
        v = rng.choice([True, False])
        return ("true" if v else "false"), v
    if isinstance(old, int):
        v = rng.randrange(-10**9, 10**9)
        return str(v), v
    if isinstance(old, float):
        v = rng.randrange(1, 10**4) / 4
        return repr(v), v
    s = random_string()
    return s, s


def new_value(ext):
    """A value for a new key or an append: typed as JSON reads it."""
    choice = rng.randrange(6)
    if choice == 0:
        v = rng.randrange(-1000, 10**6)
        return str(v), v
    if choice == 1:
        return "true", True
    if choice == 2:
        return '["a", 2]', ["a", 2]
    if choice == 3:
        return '{"k": "v", "n": 1}', {"k": "v", "n": 1}
    s = random_string()
    try:
        json.loads(s)
        s = "s-" + s  # a string that JSON would read as something else is not a string
    except ValueError:
        pass
    if s.strip() != s or not s:
        s = "s" + s.strip() + "s"
    return s, s


def choose_op(doc, ext):
    every = [(p, v) for p, v in paths(doc) if path_text(p)]
    kind = rng.choice(["set", "set", "new", "delete", "append"])
    if kind == "set":
        scalars = [(p, v) for p, v in every if not isinstance(v, (dict, list)) and v is not None]
        if not scalars:
            return choose_op(doc, ext)
        p, old = rng.choice(scalars)
        text, want = value_like(old, ext)
        return "--set", path_text(p) + "=" + text, ("set", p, want)
    if kind == "new":
        maps = [((), doc)] + [(p, v) for p, v in every if isinstance(v, dict)]
        p, m = rng.choice(maps)
        key = "k%d" % rng.randrange(10**5)
        text, want = new_value(ext)
        full = p + (key,)
        return "--set", path_text(full) + "=" + text, ("set", full, want)
    if kind == "delete":
        p, _ = rng.choice(every)
        return "--delete", path_text(p), ("delete", p, None)
    lists = [(p, v) for p, v in every if isinstance(v, list)]
    if not lists:
        return choose_op(doc, ext)
    p, lst = rng.choice(lists)
    if ext == ".toml" and lst and all(isinstance(x, dict) for x in lst):
        text, want = '{"name": "n%d", "n": 1}' % rng.randrange(1000), None
        want = json.loads(text)
    else:
        text, want = new_value(ext)
        if lst and all(isinstance(x, str) for x in lst) and not isinstance(want, (str, dict, list)):
            want = text  # a list of strings gains a string (issue 26, item 7)
    return "--append", path_text(p) + "=" + text, ("append", p, want)


def expected(doc, op):
    kind, p, want = op
    doc = copy.deepcopy(doc)
    parent = get(doc, p[:-1]) if kind != "append" else get(doc, p)
    if kind == "set":
        parent[p[-1]] = want
    elif kind == "delete":
        del parent[p[-1]]
    else:
        parent.append(want)
    return doc


def check_region(old, new, region):
    """(a): the new file's lines lets did not mark are the old file's lines, in order, less only as
    many as lets marked replaced or deleted."""
    marked = {l["number"] for l in region["lines"] if l["marker"] in ("replaced", "inserted")}
    removed = sum(1 for l in region["lines"] if l["marker"] in ("replaced", "deleted"))
    a, b = old.split(b"\n"), new.split(b"\n")
    kept = [line for n, line in enumerate(b, 1) if n not in marked]
    i = 0
    for line in kept:
        while i < len(a) and a[i] != line:
            i += 1
        if i == len(a):
            raise AssertionError("an unmarked line is not an old line: %r" % line)
        i += 1
    if len(a) - len(kept) != removed:
        raise AssertionError("%d old lines changed or went, lets marked %d" % (len(a) - len(kept), removed))


def main():
    work = tempfile.mkdtemp(prefix="lets-prop-")
    files = sorted(f for f in os.listdir(CORPUS) if os.path.splitext(f)[1] in READERS)
    applied = refused = failures = 0
    try:
        subprocess.run(["git", "init", "-q", work], check=True)
        rounds = 0
        while applied < WANT and rounds < WANT * 4:
            rounds += 1
            name = files[rounds % len(files)]
            ext = os.path.splitext(name)[1]
            path = os.path.join(work, name)
            if rounds % (len(files) * 15) < len(files):
                shutil.copy(os.path.join(CORPUS, name), path)  # start again from the corpus now and then
            elif not os.path.exists(path):
                shutil.copy(os.path.join(CORPUS, name), path)
            old = open(path, "rb").read()
            doc = READERS[ext](old)
            flag, arg, op = choose_op(doc, ext)
            r = subprocess.run([LETS, "transform", name, flag, arg, "--json"], cwd=work, capture_output=True,
                               env=dict(os.environ, LETS_NO_STATS="1"))
            new = open(path, "rb").read()
            label = "%s %s %s" % (name, flag, arg)
            try:
                if r.returncode == 7 and b"cannot be changed in place" in r.stderr:
                    assert new == old, "a refusal changed the file"
                    refused += 1
                    if os.environ.get("PROP_VERBOSE"):
                        print("refused %s: %s" % (label, r.stderr.decode().strip()))
                    continue
                assert r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr.decode())
                out = json.loads(r.stdout)
                check_region(old, new, out.get("region", {"lines": []}))
                got = READERS[ext](new)
                want = expected(doc, op)
                assert got == want, "read back %r, want %r" % (got, want)
                applied += 1
            except Exception as e:  # noqa: BLE001 - report every kind of failure the same way
                failures += 1
                print("FAIL %s\n  %s" % (label, e))
                shutil.copy(os.path.join(CORPUS, name), path)
                if failures > 20:
                    break
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("transform property: %d operations applied, %d refused in place, %d failed" % (applied, refused, failures))
    return 0 if failures == 0 and applied >= WANT else 1


if __name__ == "__main__":
    sys.exit(main())
