#!/usr/bin/env python3
"""Differential stress test of the meaning proof (issue 26): random edits, inserts and transforms
on real JSON, YAML, TOML and Markdown-frontmatter files, checked by readers lets does not use.

Files: package.json and tsconfig files, every YAML file from deps/node_modules (the build's
dependencies), the corpus in tests/transform/corpus and the TOML files in tests/fixtures; YAML,
TOML and frontmatter documents made from package.json data (the shapes of real configs), and
multi-document YAML streams of them. Each is copied into a scratch directory; nothing under
deps/ is touched.

Oracle for an edit lets calls ok (exit 0): the new file parses (json after JSONC comments and
trailing commas are blanked, PyYAML, tomllib), and the two documents differ only in values whose
source touches the changed lines — the lines between the longest common prefix and suffix of the
two versions. The documents are compared as trees, lists aligned by difflib (an item added or
removed shifts no other item); where a value sits comes from PyYAML's node marks, and for JSON and
TOML from the small scanners below, whose trees must equal the real parser's. A value that changed,
appeared or went away with its source wholly outside the changed lines is a silent change.

Oracle for a transform lets calls ok: the new document equals the old one with the operation
applied here (the value set or appended read back from the new file; a string stays a string, and
an item appended to a list of strings is a string).

A refusal (exit 3 and the rest) must leave the file's bytes as they were. For each meaning refusal
the same edit is applied here and judged by the oracle: a refusal the oracle would have let through
is counted as unneeded (a measure, not a failure).

Usage: meaning.py LETS REPO OPS SEED. Prints "N edits, M refused, S silent changes" last; exits 1
when S > 0 or a refusal changed a file."""
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

LETS, REPO = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
WANT = int(sys.argv[3]) if len(sys.argv) > 3 else 300
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 26)
BARE = re.compile(r"^[A-Za-z0-9_-]+$")


# ---- readers: values, and where each value sits (0-based first and last line) ----


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
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return re.sub(r",(\s*[}\]])", r" \1", "".join(out))


class JsonSpans:
    """A recursive-descent reader of (comment-blanked) JSON that records each value's lines; its
    tree must equal json.loads's."""

    def __init__(self, text):
        self.s, self.i, self.spans = text, 0, {}
        self.line_at = []
        line = 0
        for ch in text:
            self.line_at.append(line)
            line += ch == "\n"
        self.line_at.append(line)

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] in " \t\r\n":
            self.i += 1

    def value(self, path, start=None):
        self.ws()
        c = self.s[self.i]
        start = self.i if start is None else start
        if c == "{":
            self.i += 1
            out = {}
            self.ws()
            while self.s[self.i] != "}":
                self.ws()
                ks = self.i
                k = self.string()
                self.ws()
                assert self.s[self.i] == ":"
                self.i += 1
                out[k] = self.value(path + (k,), ks)
                self.ws()
                if self.s[self.i] == ",":
                    self.i += 1
                    self.ws()
            self.i += 1
        elif c == "[":
            self.i += 1
            out = []
            self.ws()
            while self.s[self.i] != "]":
                out.append(self.value(path + (len(out),)))
                self.ws()
                if self.s[self.i] == ",":
                    self.i += 1
                    self.ws()
            self.i += 1
        elif c == '"':
            out = self.string()
        else:
            m = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?|true|false|null").match(self.s, self.i)
            self.i = m.end()
            out = json.loads(m.group(0))
        self.spans[path] = (self.line_at[start], self.line_at[self.i - 1])
        return out

    def string(self):
        m = re.compile(r'"(?:[^"\\]|\\.)*"', re.S).match(self.s, self.i)
        self.i = m.end()
        return json.loads(m.group(0))


def read_json(text):
    if text.startswith("\ufeff"):
        text = text[1:]
    plain = strip_jsonc(text)
    doc = json.loads(plain)
    sc = JsonSpans(plain)
    if sc.value(()) != doc:
        raise AssertionError("the JSON span reader disagrees with json.loads")
    return doc, sc.spans


class Loader(yaml.SafeLoader):
    """PyYAML's safe loader, but an anchor defined again replaces the first (YAML allows it; PyYAML
    alone refuses it)."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            # the alias as a node of its own, where the alias is written
            ev = self.peek_event()
            node = super().compose_node(parent, index)
            kind = type(node)
            flow = getattr(node, "flow_style", None)
            if kind is yaml.ScalarNode:
                copy_ = yaml.ScalarNode(node.tag, node.value, ev.start_mark, ev.end_mark, node.style)
            else:
                copy_ = kind(node.tag, node.value, ev.start_mark, ev.end_mark, flow)
            copy_.alias = True  # what it holds is written where its anchor is
            return copy_
        anchor = self.peek_event().anchor
        if anchor is not None:
            self.anchors.pop(anchor, None)
        return super().compose_node(parent, index)


def construct_any(loader, suffix, node):
    """A tag PyYAML has no constructor for (YAML allows any): the value as it is written."""
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node, deep=True)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_scalar(node)


Loader.add_multi_constructor("", construct_any)


def yaml_docs(text, base=0):
    """[(doc, spans)] per document; spans map a path to its lines (an empty value reaches the line
    below it: it is null only while no indented line follows)."""
    loader = Loader(text)
    out = []
    try:
        while loader.check_node():
            node = loader.get_node()
            spans = {}
            yaml_spans(loader, node, (), spans, base)
            out.append((loader.construct_document(node) if node else None, spans))
    finally:
        loader.dispose()
    return out


def yaml_spans(loader, node, path, spans, base, first=None, at=None):
    """The lines of node's value at path, from its key's line (first) when it has one; under an
    alias, the alias's lines (at)."""
    s, e = node.start_mark, node.end_mark
    last = e.line - 1 if e.column == 0 and e.line > s.line else e.line
    if isinstance(node, yaml.ScalarNode) and s.index == e.index:
        last = s.line + 1
    start = s.line if first is None else min(first, s.line)
    spans[path] = at or (start + base, max(last, start) + base)
    if getattr(node, "alias", False) and not at:
        at = spans[path]
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            key = loader.construct_object(k, deep=True)
            yaml_spans(loader, v, path + (key,), spans, base, k.start_mark.line, at)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            yaml_spans(loader, v, path + (i,), spans, base, None, at)


def read_yaml(text):
    docs = yaml_docs(text)
    if len(docs) == 1:
        return docs[0]
    spans = {}
    lines = text.split("\n")
    for i, (_, sp) in enumerate(docs):
        for p, v in sp.items():
            spans[(i,) + p] = v
        # a document's own line is its "---" marker (an empty one holds nothing else)
        if () in sp:
            lo, hi = sp[()]
            k = lo - 1
            while k >= 0 and lines[k].strip() == "":
                k -= 1
            if k >= 0 and (lines[k] == "---" or lines[k].startswith("--- ")):
                spans[(i,)] = (k, hi)
    return [d for d, _ in docs], spans


def read_frontmatter(text):
    lines = text.split("\n")
    if lines[0] != "---":
        raise ValueError("no frontmatter")
    end = next(i for i in range(1, len(lines)) if lines[i] in ("---", "..."))
    docs = yaml_docs("\n".join(lines[1:end]) + "\n", base=1)
    if not docs:
        return {}, {}  # an empty frontmatter ("---" then "---") holds no value
    if len(docs) != 1:
        raise ValueError("frontmatter of %d documents" % len(docs))
    doc, spans = docs[0]
    return ({} if doc is None else doc), spans


def toml_value_end(text, i):
    """The index past the TOML value at text[i] (strings, arrays, inline tables, the rest)."""
    for q in ('"""', "'''"):
        if text.startswith(q, i):
            j = text.find(q, i + 3)
            while text.startswith(q[0], j + 3):
                j += 1
            return j + 3
    c = text[i]
    if c in "\"'":
        j = i + 1
        while text[j] != c:
            j += 2 if c == '"' and text[j] == "\\" else 1
        return j + 1
    if c in "[{":
        depth, j = 0, i
        while True:
            ch = text[j]
            if ch in "\"'":
                j = toml_value_end(text, j)
                continue
            if ch == "#":
                j = text.find("\n", j)
                continue
            depth += ch in "[{"
            depth -= ch in "]}"
            j += 1
            if not depth:
                return j
    m = re.compile(r"[^\s,#\]}]+( [0-9:.+-Z]+)?").match(text, i)
    return m.end()


def toml_keys(s):
    keys = []
    for m in re.finditer(r'\s*("(?:[^"\\]|\\.)*"|\'[^\']*\'|[A-Za-z0-9_-]+)\s*(\.|$)', s):
        k = m.group(1)
        keys.append(json.loads(k) if k[0] == '"' else k.strip("'"))
    return tuple(keys)


def read_toml(text):
    doc = tomllib.loads(text)
    spans, table, aot = {}, (), {}
    starts = [0]
    for ln in text.split("\n"):
        starts.append(starts[-1] + len(ln) + 1)

    def line(off):
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= off:
                lo = mid
            else:
                hi = mid - 1
        return lo

    i = 0
    while i < len(text):
        m = re.compile(r"[ \t]*(\[\[?)([^\]\n]+)\]\]?[ \t]*(#[^\n]*)?\n?").match(text, i)
        if m:
            keys = toml_keys(m.group(2))
            if m.group(1) == "[[":
                aot[keys] = aot.get(keys, -1) + 1
                table = keys + (aot[keys],)
                spans.setdefault(keys, (line(i), line(m.end() - 1)))
            else:
                table = keys
            # the deepest [[array]] element a [a.b] header under it belongs to
            for k in sorted(aot, key=len, reverse=True):
                if m.group(1) == "[" and keys[:len(k)] == k:
                    table = k + (aot[k],) + keys[len(k):]
                    break
            spans.setdefault(table, (line(i), line(m.end() - 1)))
            i = m.end()
            continue
        m = re.compile(r"[ \t]*((?:\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'|[A-Za-z0-9_.\t -])+?)[ \t]*=[ \t]*").match(text, i)
        if m and not text[i:].lstrip(" \t").startswith("#"):
            end = toml_value_end(text, m.end())
            ks = toml_keys(m.group(1))
            spans[table + ks] = (line(i), line(end - 1))
            # the tables a dotted key makes (a.b = 1 makes a) span the lines that write them
            for n in range(1, len(ks)):
                lo, hi = spans.get(table + ks[:n], (line(i), line(end - 1)))
                spans[table + ks[:n]] = (min(lo, line(i)), max(hi, line(end - 1)))
            i = end
        e = text.find("\n", i)
        i = len(text) if e < 0 else e + 1
    return doc, spans


def read(kind, text):
    return {"json": read_json, "yaml": read_yaml, "toml": read_toml, "md": read_frontmatter}[kind](text)


def span_of(spans, path):
    """A path's lines: its own, or its nearest ancestor's (a TOML array item, an implicit table)."""
    for n in range(len(path), -1, -1):
        if path[:n] in spans:
            return spans[path[:n]]
    return (0, 10**9)


# ---- the oracle ----


def common_ends(a, b):
    """How many items a and b share at the start, then at the end of the rest."""
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    s = 0
    while s < min(len(a), len(b)) - p and a[-1 - s] == b[-1 - s]:
        s += 1
    return p, s


def changed_lines(old, new):
    a, b = old.split("\n"), new.split("\n")
    p, s = common_ends(a, b)
    return (p, len(a) - s), (p, len(b) - s)


def outside(span, region):
    return span[1] < region[0] or span[0] >= region[1]


def canon(v):
    if isinstance(v, dict):
        return "{" + ",".join(sorted(repr(k) + ":" + canon(x) for k, x in v.items())) + "}"
    if isinstance(v, list):
        return "[" + ",".join(canon(x) for x in v) + "]"
    return type(v).__name__ + ":" + repr(v)


def leaves(v, p):
    """p and every path under it."""
    yield p
    if isinstance(v, dict):
        for k, x in v.items():
            yield from leaves(x, p + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from leaves(x, p + (i,))


class Diff:
    """The differences of two documents: (kind, old path, new path), a value gone or new counted
    with everything under it; lists aligned item by item (difflib), a key renamed on the changed
    lines (its line changed in both, its value the same) paired with its new name."""

    def __init__(self, sa, sb, ra, rb):
        self.sa, self.sb, self.ra, self.rb, self.out = sa, sb, ra, rb, []

    def gone(self, v, p):
        self.out.extend(("removed", q, None) for q in leaves(v, p))

    def new(self, v, p):
        self.out.extend(("added", None, q) for q in leaves(v, p))

    def edited(self, spans, p, region):
        return region[0] <= span_of(spans, p)[0] < region[1]

    def walk(self, a, b, pa, pb):
        if isinstance(a, dict) and isinstance(b, dict):
            gone = [k for k in a if k not in b]
            new = [k for k in b if k not in a]
            for k in a:
                if k in b:
                    self.walk(a[k], b[k], pa + (k,), pb + (k,))
            for k in gone:
                twin = next((n for n in new if canon(b[n]) == canon(a[k]) and self.edited(self.sa, pa + (k,), self.ra)
                             and self.edited(self.sb, pb + (n,), self.rb)), None)
                if twin is not None:
                    new.remove(twin)
                else:
                    self.gone(a[k], pa + (k,))
            for k in new:
                self.new(b[k], pb + (k,))
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            # as many items as before: item by item (difflib would pair a run of equal items
            # around a changed one with the run shifted, and call its ends added and removed)
            for i in range(len(a)):
                self.walk(a[i], b[i], pa + (i,), pb + (i,))
        elif isinstance(a, list) and isinstance(b, list):
            # the items equal at both ends pair up first, as a line diff does; difflib aligns the
            # rest (alone it may pair a run of repeated items with a shifted run)
            ca, cb = [canon(x) for x in a], [canon(x) for x in b]
            pre, suf = common_ends(ca, cb)
            for k in list(range(pre)) + [len(a) - 1 - t for t in range(suf)]:
                kb = k if k < pre else len(b) - (len(a) - k)
                self.walk(a[k], b[kb], pa + (k,), pb + (kb,))
            sm = difflib.SequenceMatcher(None, ca[pre:len(a) - suf], cb[pre:len(b) - suf], autojunk=False)
            for op, i1, i2, j1, j2 in sm.get_opcodes():
                i1, i2, j1, j2 = i1 + pre, i2 + pre, j1 + pre, j2 + pre
                common = min(i2 - i1, j2 - j1) if op == "replace" else (i2 - i1 if op == "equal" else 0)
                for k in range(common):
                    self.walk(a[i1 + k], b[j1 + k], pa + (i1 + k,), pb + (j1 + k,))
                for i in range(i1 + common, i2):
                    self.gone(a[i], pa + (i,))
                for j in range(j1 + common, j2):
                    self.new(b[j], pb + (j,))
        elif type(a) is not type(b) or a != b:
            self.out.append(("changed", pa, pb))
            if isinstance(a, (dict, list)):
                self.gone(a, pa)
            if isinstance(b, (dict, list)):
                self.new(b, pb)


def silent_changes(kind, old, new):
    """The differences of old and new whose source lies wholly outside the changed lines."""
    (da, sa), (db, sb) = read(kind, old), read(kind, new)
    ra, rb = changed_lines(old, new)
    d = Diff(sa, sb, ra, rb)
    d.walk(da, db, (), ())
    bad = []
    for what, pa, pb in d.out:
        if (pa is not None and run_outside(da, sa, pa, ra)) or (pb is not None and run_outside(db, sb, pb, rb)):
            bad.append("%s %s %s" % (what, pa, pb))
    return bad


def run_outside(doc, spans, path, region):
    """Is the value at path outside the changed lines, and so is the list item it is in, and every
    item equal to that one next to it (which of a run of equal items was added or removed is the
    aligner's guess; an empty TOML [[array]] element is any header's)?"""
    if not outside(span_of(spans, path), region):
        return False
    # an item whose own lines all lie in the region (a TOML [[array]] element's header, renamed
    # on the edited line) takes what is under it along, as a key renamed on its line does
    for n in range(len(path) - 1, 0, -1):
        sp = spans.get(path[:n])
        if isinstance(path[n - 1], int) and sp and sp[0] >= region[0] and sp[1] < region[1]:
            return False
    for n in range(len(path), 0, -1):
        if not isinstance(path[n - 1], int):
            continue
        item, lst = path[:n], get(doc, path[:n - 1])
        i = item[-1]
        if lst[i] == {} and any(not outside(span_of(spans, item[:-1] + (j,)), region) for j in range(len(lst))):
            return False
        for step in (-1, 1):
            j = i + step
            while 0 <= j < len(lst) and canon(lst[j]) == canon(lst[i]):
                if not outside(span_of(spans, item[:-1] + (j,)), region):
                    return False
                j += step
        # and the list items around it, at every level: [1, 2] inserted above an equal [1, 2]
    return True


# ---- the files ----


def package_jsons():
    out = []
    for dirpath, dirs, files in os.walk(os.path.join(REPO, "deps", "node_modules"), followlinks=True):
        dirs.sort()
        for f in sorted(files):
            if f == "package.json" or (f.startswith("tsconfig") and f.endswith(".json")) or f.endswith((".yml", ".yaml")):
                out.append(os.path.join(dirpath, f))
    return out


def toml_of(d):
    lines = []
    for k in ("name", "version", "description", "license"):
        if isinstance(d.get(k), str):
            lines.append("%s = %s" % (k, json.dumps(d[k])))
    if isinstance(d.get("keywords"), list):
        lines.append("keywords = %s" % json.dumps([x for x in d["keywords"] if isinstance(x, str)]))
    for table in ("scripts", "dependencies", "devDependencies"):
        if isinstance(d.get(table), dict) and d[table]:
            lines.append("\n[%s]" % table)
            for k, v in d[table].items():
                if isinstance(v, str):
                    lines.append("%s = %s" % (json.dumps(k) if not BARE.match(k) else k, json.dumps(v)))
    return "\n".join(lines) + "\n"


class Indented(yaml.SafeDumper):
    def increase_indent(self, flow=False, indentless=False):
        return super().increase_indent(flow, False)


def corpus():
    files = []  # (name, kind, text)
    sources = package_jsons()
    pkgs, n = [], 0
    for path in sources:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        base = os.path.basename(path)
        kind = "json" if base.endswith(".json") else "yaml"
        try:
            doc, _ = read(kind, text)
        except Exception:
            continue
        if base == "package.json":
            pkgs.append(doc)
            if len(pkgs) % 7:
                continue
        n += 1
        name = ("tsconfig.f%d.json" % n) if base.startswith("tsconfig") else ("f%d.%s" % (n, kind))
        files.append((name, kind, text))
    for sub in ("tests/transform/corpus", "tests/fixtures"):
        for dirpath, dirs, fs in os.walk(os.path.join(REPO, sub)):
            dirs.sort()
            for f in sorted(fs):
                kind = {".toml": "toml", ".yml": "yaml", ".yaml": "yaml", ".md": "md"}.get(os.path.splitext(f)[1])
                if not kind:
                    continue
                with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                    text = fh.read()
                try:
                    read(kind, text)
                except Exception:
                    continue
                n += 1
                files.append(("c%d.%s" % (n, "yaml" if kind == "yaml" else kind), kind, text))
    picked = [p for p in pkgs if isinstance(p, dict) and p.get("name")][:60]
    readmes = []
    for dirpath, dirs, fs in os.walk(os.path.join(REPO, "deps", "node_modules"), followlinks=True):
        dirs.sort()
        if "README.md" in fs:
            readmes.append(os.path.join(dirpath, "README.md"))
        if len(readmes) >= 40:
            break
    for i, p in enumerate(picked):
        data = {k: p[k] for k in ("name", "version", "description", "keywords", "scripts", "dependencies", "repository", "files") if k in p}
        files.append(("g%d.yaml" % i, "yaml", yaml.dump(data, Dumper=Indented if i % 2 else yaml.SafeDumper, sort_keys=False, allow_unicode=True)))
        files.append(("g%d.toml" % i, "toml", toml_of(p)))
        if i % 4 == 0 and i + 1 < len(picked):
            nxt = {k: picked[i + 1][k] for k in ("name", "version", "keywords") if k in picked[i + 1]}
            files.append(("s%d.yaml" % i, "yaml", "---\n" + yaml.safe_dump(data, sort_keys=False) + "---\n" + yaml.safe_dump(nxt, sort_keys=False)))
        if readmes:
            with open(readmes[i % len(readmes)], encoding="utf-8", errors="replace") as fh:
                body = "".join(fh.readlines()[:30])
            fm = {"title": p.get("name"), "description": p.get("description", ""), "tags": [x for x in p.get("keywords", []) if isinstance(x, str)][:6] or ["x"]}
            files.append(("m%d.md" % i, "md", "---\n" + yaml.safe_dump(fm, sort_keys=False, allow_unicode=True) + "---\n" + body))
    good = []
    for name, kind, text in files:
        try:
            read(kind, text)
            good.append((name, kind, text))
        except Exception:
            pass
    return good


# ---- operations ----


def lets(args, stdin=None):
    r = subprocess.run([LETS] + args, input=stdin, capture_output=True, text=True, env=dict(os.environ, LETS_NO_STATS="1"))
    return r.returncode, r.stdout, r.stderr


def indent(s):
    return len(s) - len(s.lstrip(" "))


def random_edit(kind, lines):
    """(old, new, line_hint) of a random line edit, or None."""
    cand = [i for i, l in enumerate(lines) if l.strip() and not l.startswith("---")]
    if not cand:
        return None
    L = rng.choice(cand)
    line = lines[L]
    r = rng.randrange(8)
    if r == 0 and L + 1 < len(lines) and lines[L + 1].strip():  # delete line L
        return line + "\n" + lines[L + 1], lines[L + 1], L + 1
    if r == 1:  # re-indent line L
        return line, " " * max(0, indent(line) + rng.choice([-4, -2, 2, 4])) + line.lstrip(" "), L + 1
    if r == 2:  # duplicate line L
        return line, line + "\n" + line, L + 1
    if r == 3 and kind in ("yaml", "md"):  # a list item after a "key:" line
        keys = [i for i in cand if lines[i].rstrip().endswith(":")]
        if keys:
            L = rng.choice(keys)
            item = " " * (indent(lines[L]) + rng.choice([0, 2, 4])) + "- item%d" % rng.randrange(100)
            return lines[L], lines[L] + "\n" + item, L + 1
    if r == 4 and kind == "json":
        new = " " * indent(line) + '"k%d": %d,' % (rng.randrange(100), rng.randrange(9))
        return line, line + "\n" + new, L + 1
    if r == 4 and kind == "toml":
        new = rng.choice(["[t%d]" % rng.randrange(9), "k%d = 1" % rng.randrange(99), "name = \"x\""])
        return line, line + "\n" + new, L + 1
    if r == 5:  # a number or a word in the line changed
        m = list(re.finditer(r"\d+|[A-Za-z]{3,}", line))
        if m:
            t = rng.choice(m)
            return line, line[:t.start()] + ("7" if t.group(0).isdigit() else "zz") + line[t.end():], L + 1
    # insert a nearby line with some indentation
    src = lines[min(len(lines) - 1, max(0, L + rng.randrange(-3, 4)))]
    if not src.strip():
        src = line
    ind = rng.choice([indent(src), indent(line), indent(line) + 2, max(0, indent(line) - 2), 0])
    return line, line + "\n" + " " * ind + src.lstrip(" "), L + 1


def key_text(k):
    if not isinstance(k, str):
        return None
    if BARE.match(k):
        return k
    return None if '"' in k or "\\" in k or not k else '"' + k + '"'


def path_text(p):
    out = ""
    for s in p:
        if isinstance(s, int):
            out += "[%d]" % s
        else:
            t = key_text(s)
            if t is None:
                return None
            out += ("." if out else "") + t
    return out


def walk(doc, p=()):
    yield p, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from walk(v, p + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from walk(v, p + (i,))


def get(doc, p):
    for s in p:
        doc = doc[s]
    return doc


VALUES = ["3.20", "42", "true", "null", "x y", '"quoted"', '{"k": 1}', "[1, 2]", "v1.2", "it's", "yes"]


def random_transform(kind, doc, multi):
    """(flag, arg, (op, path)) of a random transform, or None."""
    every = [(p, v) for p, v in walk(doc) if p and path_text(p) and (not multi or len(p) > 1)]
    if not every:
        return None
    r = rng.randrange(5)
    p, v = rng.choice(every)
    if r == 0 and isinstance(v, dict):
        p = p + ("n%d" % rng.randrange(99),)
        return "--set", path_text(p) + "=" + rng.choice(VALUES), ("set", p)
    if r == 1:
        return "--delete", path_text(p), ("delete", p)
    if r == 2:
        lists = [(q, w) for q, w in every if isinstance(w, list)]
        if lists:
            q, _ = rng.choice(lists)
            return "--append", path_text(q) + "=" + rng.choice(VALUES), ("append", q)
    if r == 3:
        nulls = [(q, w) for q, w in every if w is None]
        if nulls:
            q, _ = rng.choice(nulls)
            return "--set", path_text(q) + ".sub=1", ("set", q + ("sub",))
    if isinstance(v, (dict, list)):
        return None
    return "--set", path_text(p) + "=" + rng.choice(VALUES), ("set", p)


def alias_paths(text, path):
    """The op's path and, in YAML, every path that reaches a node it goes through by an alias
    (`other: *b` with the path base.x through `base: &b`): what lets announces as "reached N
    aliases through its anchor". The documents the oracle builds do not share aliased nodes."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return [path]
    if root is None:
        return [path]
    where = {}

    def walk(n, p, seen):
        where.setdefault(id(n), []).append(p)
        if id(n) in seen:
            return
        seen = seen | {id(n)}
        if isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                if isinstance(k, yaml.ScalarNode):
                    walk(v, p + (k.value,), seen)
        elif isinstance(n, yaml.SequenceNode):
            for i, v in enumerate(n.value):
                walk(v, p + (i,), seen)

    walk(root, (), frozenset())
    out, node = {path}, root
    for k, step in enumerate(path[:-1]):
        if isinstance(node, yaml.MappingNode):
            node = next((v for kn, v in node.value if isinstance(kn, yaml.ScalarNode) and kn.value == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            node = None
        if node is None:
            break
        for q in where.get(id(node), []):
            out.add(q + path[k + 1:])
    return sorted(out, key=repr)


def transform_silent(kind, old, new, op, path):
    (da, _), (db, _) = read(kind, old), read(kind, new)
    want = copy.deepcopy(da)
    if kind == "yaml" and op in ("delete", "set"):
        paths = alias_paths(old, path)
        if len(paths) > 1:
            try:
                for p in paths:
                    if op == "delete":
                        del get(want, p[:-1])[p[-1]]
                    else:
                        get(want, p[:-1])[p[-1]] = get(db, p)
            except (KeyError, IndexError, TypeError) as e:
                return ["the operation's path reads wrong afterwards: %r" % e]
            return [] if canon(want) == canon(db) else ["the document differs beyond the path asked and its aliases"]
    try:
        if op == "delete":
            parent = get(want, path[:-1])
            del parent[path[-1]]
        elif op == "append":
            lst, got = get(want, path), get(db, path)
            if all(isinstance(x, str) for x in lst) and lst and not isinstance(got[-1], (str, dict, list)):
                return ["an item appended to a list of strings is not a string"]
            lst.append(got[-1])
        else:
            old_v = None
            try:
                old_v = get(da, path)
            except (KeyError, IndexError, TypeError):
                pass
            got = get(db, path)
            if isinstance(old_v, str) and not isinstance(got, str):
                return ["a string set is no longer a string"]
            parent = want
            for s in path[:-1]:
                if isinstance(parent, dict) and parent.get(s) is None:
                    parent[s] = {}  # a new key's parents, or a null made a map
                elif isinstance(parent, list) and parent[s] is None:
                    parent[s] = {}
                parent = parent[s]
            parent[path[-1]] = got
    except (KeyError, IndexError, TypeError) as e:
        return ["the operation's path reads wrong afterwards: %r" % e]
    if kind == "toml":
        drop_empty_tables(want, db)  # a table only a deleted [a.b] implied goes with it
    return [] if canon(want) == canon(db) else ["the document differs beyond the path asked"]


def drop_empty_tables(want, got):
    for k in list(want):
        if isinstance(want[k], list) and not want[k] and k not in got:
            del want[k]  # the last [[array]] element deleted: no array left to write
        elif isinstance(want[k], list) and isinstance(got.get(k), list) and len(want[k]) == len(got[k]):
            for w, g in zip(want[k], got[k]):  # an [[array]] element's tables, the same way
                if isinstance(w, dict) and isinstance(g, dict):
                    drop_empty_tables(w, g)
        elif isinstance(want[k], dict):
            if k not in got and not want[k]:
                del want[k]
            elif isinstance(got.get(k), dict):
                drop_empty_tables(want[k], got[k])
                if not want[k] and k not in got:
                    del want[k]


def apply_at(text, old, new, hint):
    """text with the occurrence of old that holds line hint (1-based) replaced, as lets does."""
    at = text.find(old)
    while at >= 0:
        first = text.count("\n", 0, at) + 1
        if first <= hint <= first + old.count("\n"):
            return text[:at] + new + text[at + len(old):]
        at = text.find(old, at + 1)
    return None


def main():
    files = corpus()
    work = tempfile.mkdtemp(prefix="lets-meaning.")
    subprocess.run(["git", "init", "-q", work], check=True)
    os.chdir(work)
    kinds = {}
    for name, kind, text in files:
        with open(name, "w", encoding="utf-8") as f:
            f.write(text)
        kinds[name] = kind
    names = sorted(kinds)
    counts = {"json": 0, "yaml": 0, "toml": 0, "md": 0}
    for n in names:
        counts[kinds[n]] += 1
    print("corpus: %d files (%s)" % (len(names), ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items()))))
    done = refused = silent = unneeded = skipped = transforms = broken_refusals = meaning = confirmed = 0
    for step in range(WANT * 4):
        if done + refused >= WANT:
            break
        name = rng.choice(names)
        kind = kinds[name]
        with open(name, encoding="utf-8") as f:
            old = f.read()
        try:
            doc, _ = read(kind, old)
        except Exception:
            continue
        lines = old.split("\n")
        is_transform = rng.random() < 0.3
        if is_transform:
            multi = kind == "yaml" and len(yaml_docs(old)) > 1
            t = random_transform(kind, doc, multi)
            if not t:
                continue
            flag, arg, (op, path) = t
            rc, out, err = lets(["transform", name, flag, arg, "-q"])
            what = "transform %s %s %s" % (name, flag, arg)
        else:
            e = random_edit(kind, lines)
            if not e:
                continue
            o, n, hint = e
            if rng.random() < 0.1:
                batch = json.dumps({"file": name, "old": o, "new": n, "line_hint": hint, "exact": True}) + "\n"
                rc, out, err = lets(["edit", "--from", "-", "-q"], stdin=batch)
            else:
                rc, out, err = lets(["edit", name, "--old", o, "--new", n, "--line-hint", str(hint), "--exact", "-q"])
            what = "edit %s --old %r --new %r (line %d)" % (name, o, n, hint)
        with open(name, encoding="utf-8") as f:
            new = f.read()
        if rc != 0:
            if new != old:
                broken_refusals += 1
                print("REFUSED BUT CHANGED (exit %d): %s" % (rc, what))
            if rc == 3:
                refused += 1
                meaning += "meaning check failed" in err
                if "meaning check failed" in err and not is_transform:
                    mine = apply_at(old, o, n, hint)
                    try:
                        found = mine is not None and silent_changes(kind, old, mine)
                        confirmed += bool(found)
                        if mine is not None and not found:
                            unneeded += 1
                            keep = os.environ.get("MEANING_KEEP")
                            if keep:
                                os.makedirs(keep, exist_ok=True)
                                for tag, text in (("before", old), ("mine", mine)):
                                    with open(os.path.join(keep, "u%d-%s.%s" % (unneeded, tag, name)), "w") as f:
                                        f.write(text)
                            if os.environ.get("MEANING_VERBOSE"):
                                print("UNNEEDED REFUSAL: %s\n  %s" % (what, err.strip().replace("\n", "\n  ")))
                    except Exception:
                        pass
            else:
                skipped += 1
            continue
        done += 1
        transforms += is_transform
        try:
            bad = transform_silent(kind, old, new, op, path) if is_transform else silent_changes(kind, old, new)
        except Exception as ex:
            bad = ["the new file does not read: %s" % str(ex).split("\n")[0]]
        if bad:
            silent += 1
            print("SILENT CHANGE: %s\n  %s" % (what, "\n  ".join(bad[:5])))
            keep = os.environ.get("MEANING_KEEP")
            if keep:
                os.makedirs(keep, exist_ok=True)
                for tag, text in (("before", old), ("after", new)):
                    with open(os.path.join(keep, "%d-%s.%s" % (silent, tag, name)), "w", encoding="utf-8") as f:
                        f.write(text)
            with open(name, "w", encoding="utf-8") as f:
                f.write(old)  # keep the corpus as it was for the next operations
    shutil.rmtree(work, ignore_errors=True)
    print("%d transforms; %d calls not applied (not found, ambiguous, unsupported); %d refusals by the meaning proof, "
          "%d of them confirmed by the oracle, %d it would have let through" % (transforms, skipped, meaning, confirmed, unneeded))
    print("%d edits, %d refused, %d silent changes" % (done + refused, refused, silent))
    return 1 if silent or broken_refusals else 0


sys.exit(main())
