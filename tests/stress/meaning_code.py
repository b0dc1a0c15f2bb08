#!/usr/bin/env python3
"""Differential stress test of lets edit's shape proof (issue 26 A2): random edits, inserts,
whitespace folds and brace moves on real Python, JavaScript and Go files, each result judged by
an oracle that shares no code with lets:

  Python      the interpreter's own compile() and ast: every statement outside the edited lines
              keeps its chain of enclosing statements (and the block of each: body, orelse,
              handlers ...), so every def and class keeps its qualified name; a file that
              compiled still compiles.
  JavaScript  node's parser (vm.Script / vm.SourceTextModule, nothing runs) still accepts a file
              it accepted; on a file it accepted, a bracket lexer (strings, template literals,
              comments, regex literals): every line outside the edit keeps the lines its
              enclosing brackets open on.
  Go          the same bracket lexer (raw strings, runes).

An edit lets applies (exit 0) that the oracle says changed meaning outside the edited lines, or
broke a file that compiled, is a silent change: the test fails, naming it. A refusal (exit 3)
must leave the file's bytes as they were. Lines outside the edit must keep their bytes.

  meaning_code.py LETS_BINARY EDITS SEED
Prints "N edits, M refused, 0 silent changes" last."""
import ast
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


# ---- corpus ---------------------------------------------------------------------------------

def usable(path, max_bytes=60000):
    try:
        size = os.path.getsize(path)
        if size < 1500 or size > max_bytes:
            return False
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError):
        return False
    lines = text.split("\n")
    return "\r" not in text and max(len(l) for l in lines) < 160 and len(lines) > 30


def corpus(rng, tmp):
    """Copies of a sample of the machine's sources (the originals are never touched)."""
    found = {
        "py": sorted(glob.glob("/usr/lib/python3*/*.py")),
        "js": sorted(p for p in glob.glob(os.path.join(ROOT, "deps/node_modules/**/*.js"), recursive=True)
                     if ".min." not in p and "/test" not in p),
        "go": sorted(glob.glob("/usr/share/doc/git/contrib/**/*.go", recursive=True)
                     + glob.glob(os.path.join(ROOT, "tests/fixtures/**/*.go"), recursive=True)),
    }
    want = {"py": 14, "js": 14, "go": 10}
    files = []
    for lang, paths in found.items():
        ok = [p for p in paths if usable(p)] or [p for p in paths if os.path.getsize(p) > 200]
        rng.shuffle(ok)
        for i, p in enumerate(ok[: want[lang]]):
            d = os.path.join(tmp, lang)
            os.makedirs(d, exist_ok=True)
            dst = os.path.join(d, "f%02d_%s" % (i, os.path.basename(p)))
            shutil.copyfile(p, dst)
            files.append((lang, dst))
    return files


# ---- oracles --------------------------------------------------------------------------------

def py_chains(src):
    """line -> (statement type, chain) for the first statement starting on each line; a chain is
    the enclosing statements outermost first, each as (its line, the field holding the next)."""
    tree = ast.parse(src)
    out = {}

    def visit(node, chain):
        for field, value in ast.iter_fields(node):
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, (ast.stmt, ast.excepthandler)) or type(child).__name__ == "match_case":
                    line = getattr(child, "lineno", None) or child.pattern.lineno
                    col = getattr(child, "col_offset", 0) if hasattr(child, "col_offset") else child.pattern.col_offset
                    here = chain + ((getattr(node, "lineno", 0), field),)
                    if line not in out or out[line][2] > col:
                        out[line] = (type(child).__name__, here, col, getattr(child, "name", None))
                    visit(child, here)
                elif isinstance(child, ast.AST) and not isinstance(child, ast.expr):
                    visit(child, chain)

    visit(tree, ())
    return {k: (v[0], v[1], v[3]) for k, v in out.items()}


JS_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {"", "return", "typeof", "instanceof", "in", "of", "new",
                                               "delete", "void", "throw", "case", "do", "else", "yield", "await"}


def bracket_chains(src, lang):
    """line -> the lines the brackets around its first code token open on, outermost first."""
    out, stack = {}, []
    i, n, line, seen, prev = 0, len(src), 1, False, ""
    if src.startswith("#!"):
        i = src.find("\n") if "\n" in src else n
    while i < n:
        c = src[i]
        if c == "\n":
            line, seen = line + 1, False
            i += 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += src.count("\n", i, j)
            i = j
            continue
        if not seen:
            out[line], seen = tuple(l for l, _ in stack), True
        start = i
        if c in "\"'" or c == "`" or (c == "/" and lang == "js" and prev in JS_REGEX_AFTER):
            i = skip_literal(src, i, lang)
            prev = "lit"
        elif c in "([{":
            stack.append((line, c))
            i += 1
            prev = c
        elif c in ")]}":
            if stack:
                stack.pop()
            i += 1
            prev = c if c == "}" else "lit"
        elif c.isalnum() or c in "_$":
            m = re.compile(r"[\w$.]+").match(src, i)
            i = m.end()
            prev = m.group(0) if m.group(0) in JS_REGEX_AFTER else "lit"
        else:
            i += 1
            prev = c
        line += src.count("\n", start, i)
        if src.count("\n", start, i):
            seen = True  # a literal ran to this line: its first token was inside the literal
    return out


def skip_literal(src, i, lang):
    """The end of the string, template, raw string or regex literal starting at i."""
    n, q = len(src), src[i]
    if q == "`" and lang == "go":
        j = src.find("`", i + 1)
        return n if j < 0 else j + 1
    i += 1
    depth, klass, prev = 0, False, "("
    while i < n:
        c = src[i]
        if c == "\\":
            i += 2
            continue
        if q == "`" and depth and c == "/" and prev in "(,=:[!&|?{};+-*%<>~^":
            i = skip_literal(src, i, lang)  # a regex literal inside ${...}
            prev = "x"
            continue
        if q == "`" and depth and c not in " \t\n":
            prev = c
        if q == "`":
            if depth == 0 and c == "`":
                return i + 1
            if src.startswith("${", i):
                depth += 1
                i += 2
                continue
            if depth and c == "}":
                depth -= 1
            elif depth and c == "{":
                depth += 1
            elif depth and c in "\"'`":
                i = skip_literal(src, i, lang)
                continue
        elif q == "/":
            if c == "\n":
                return i
            if c == "[":
                klass = True
            elif c == "]":
                klass = False
            elif c == "/" and not klass:
                i += 1
                while i < n and (src[i].isalnum() or src[i] == "_"):
                    i += 1
                return i
        else:
            if c == "\n":
                return i
            if c == q:
                return i + 1
        i += 1
    return n


class Node:
    """node's parser, kept running: accepts a path, says whether it parses (nothing runs)."""

    SCRIPT = r"""
const vm = require('vm'), fs = require('fs');
require('readline').createInterface({input: process.stdin}).on('line', p => {
  const src = fs.readFileSync(p, 'utf8').replace(/^#!.*/, '');
  let r = 'ok';
  try { new vm.Script('(function (exports, require, module, __filename, __dirname) {' + src + '\n})'); }
  catch (e) {
    try { new vm.SourceTextModule(src); }
    catch (e2) { r = /import|export/.test(String(e.message)) ? String(e2.message) : String(e.message); }
  }
  process.stdout.write(JSON.stringify(r) + '\n');
});
"""

    def __init__(self):
        self.p = None
        if shutil.which("node"):
            self.p = subprocess.Popen(["node", "--experimental-vm-modules", "--no-warnings", "-e", self.SCRIPT],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def error(self, path):
        if not self.p:
            return None
        self.p.stdin.write(path + "\n")
        self.p.stdin.flush()
        r = json.loads(self.p.stdout.readline())
        return None if r == "ok" else r

    def close(self):
        if self.p:
            self.p.stdin.close()
            self.p.wait()


def compile_error(lang, path, text, node):
    if lang == "py":
        try:
            compile(text, path, "exec")
        except (SyntaxError, ValueError) as e:
            return "%s: %s (line %s)" % (type(e).__name__, e.msg if hasattr(e, "msg") else e, getattr(e, "lineno", "?"))
        return None
    if lang == "js":
        return node.error(path)
    return None


def shape_of(lang, text):
    try:
        return py_chains(text) if lang == "py" else bracket_chains(text, lang)
    except SyntaxError:
        return None


# ---- the line map and the verdict ---------------------------------------------------------

def line_map(before, after, hunks):
    """Maps before's lines outside hunks (1-based inclusive (first, last, delta) in before's
    numbering, ascending) to after's; None when a mapped line's bytes differ."""
    bl, al = before.split("\n"), after.split("\n")
    m, shift, k = {}, 0, 0
    for ln in range(1, len(bl) + 1):
        while k < len(hunks) and ln > hunks[k][1]:
            shift += hunks[k][2]
            k += 1
        if k < len(hunks) and hunks[k][0] <= ln <= hunks[k][1]:
            continue
        la = ln + shift
        if la < 1 or la > len(al) or al[la - 1] != bl[ln - 1]:
            return None
        m[ln] = la
    return m


def chain_keys(chain, lmap, after_side, inside):
    """A chain with each line replaced by its after line, or "E" inside the edit (runs once)."""
    out = []
    for elem in chain:
        line, field = (elem if isinstance(elem, tuple) else (elem, None))
        if after_side:
            k = "E" if line in inside else line
        else:
            k = lmap.get(line, "E") if line else 0
        k = (k, field if k != "E" else None)
        if not out or out[-1] != k:
            out.append(k)
    return out


def verdict(lang, before, after, hunks, shape_b, path, node, compiled_before):
    """None when the oracle sees no change of meaning outside the hunks, else what changed."""
    lmap = line_map(before, after, hunks)
    if lmap is None:
        return "bytes outside the edited lines changed"
    if compiled_before:
        err = compile_error(lang, path, after, node)
        if err:
            return "no longer compiles: " + err
    shape_a = shape_of(lang, after)
    if shape_b is None or shape_a is None or (lang == "js" and not compiled_before):
        return None  # the bracket lexer is trusted on code node's parser reads
    inside = set(range(1, after.count("\n") + 2)) - set(lmap.values())
    for lb, la in lmap.items():
        if lb not in shape_b:
            continue
        if la not in shape_a:
            return "line %d (%r) no longer starts a statement" % (lb, before.split("\n")[lb - 1].strip())
        if lang == "py":
            tb, cb, nb = shape_b[lb]
            ta, ca, na = shape_a[la]
            if tb != ta:
                return "line %d: a %s became a %s" % (lb, tb, ta)
        else:
            cb, ca = shape_b[lb], shape_a[la]
        kb = chain_keys(cb, lmap, False, inside)
        ka = chain_keys(ca, lmap, True, inside)
        if kb != ka:
            return "line %d (%r) changed blocks: %s -> %s" % (lb, before.split("\n")[lb - 1].strip(), kb, ka)
    return None


# ---- edits ----------------------------------------------------------------------------------

def unit_of(lang, lines):
    if lang == "go":
        return "\t"
    for l in lines:
        m = re.match(r"( +)\S", l)
        if m and len(m.group(1)) in (2, 4):
            return m.group(1)
    return "    "


def reindent(text, unit, rng):
    lines = text.split("\n")
    how = rng.choice(["in", "out", "first-in", "first-out"])
    out = []
    for i, l in enumerate(lines):
        if how.startswith("first") and i:
            out.append(l)
        elif how.endswith("in"):
            out.append(unit + l if l.strip() else l)
        else:
            out.append(l[len(unit):] if l.startswith(unit) else l.lstrip())
    return "\n".join(out)


PY_LINES = ["if x:", "else:", "try:", "for _ in x:", "while x:", "return", "return 1", "break", "continue",
            "yield 1", "await x", "pass", "def f():", "class C:", "with x:", "x = (", ")"]
BRACE_LINES = ["}", "{", "if (x) {", "} else {", "return;", "x();", "})", "(", ")"]
GO_LINES = ["}", "{", "if x {", "} else {", "return", "x()", "for {", "func() {"]


def occurrences(text, old):
    """How many places old occurs at, overlapping ones included (lets takes the first of two
    overlapping places as its one match, so the test must not count them as one)."""
    n, at = 0, text.find(old)
    while at >= 0 and n < 2:
        n += 1
        at = text.find(old, at + 1)
    return n


def pick_old(lines, rng, text):
    """A unique run of whole lines: (first, last) 1-based, or None."""
    for _ in range(20):
        i = rng.randrange(len(lines))
        if not lines[i].strip():
            continue
        j = i
        while j < len(lines) and j < i + 6:
            old = "\n".join(lines[i:j + 1])
            if occurrences(text, old) == 1 and old.strip():
                return i + 1, j + 1
            j += 1
    return None


def make_edit(lang, text, rng):
    """(kind, argv-after-the-path or None for a batch, batch lines, hunks-in-before or None)."""
    lines = text.split("\n")
    unit = unit_of(lang, lines)
    kind = rng.choice(["reindent", "reindent", "delete", "replace", "header", "header", "insert", "fold",
                       "brace", "brace"])
    span = pick_old(lines, rng, text)
    if not span:
        return None
    a, b = span
    old = "\n".join(lines[a - 1:b])
    indent = re.match(r"\s*", lines[a - 1]).group(0)
    if kind == "reindent":
        new = reindent(old, unit, rng)
    elif kind == "delete":
        new = rng.choice(["", lines[a - 1]])
    elif kind == "replace":
        k = rng.randrange(len(lines))
        new = "\n".join(lines[k:k + rng.randint(1, 3)])
    elif kind == "header":
        pool = PY_LINES if lang == "py" else GO_LINES if lang == "go" else BRACE_LINES
        extra = rng.choice(pool)
        ind = indent + rng.choice(["", unit]) if rng.random() < 0.3 else indent
        new = old + "\n" + ind + extra if rng.random() < 0.5 else ind + extra + "\n" + old
    elif kind == "insert":
        k = rng.randrange(len(lines))
        new = "\n".join(l.strip() if rng.random() < 0.5 else l for l in lines[k:k + rng.randint(1, 3)])
        if not new.strip():
            return None
        anchor = "@'^%s$'" % re.escape(lines[a - 1]).replace("'", "\\x27")
        side = rng.choice(["--insert-after", "--insert-before"])
        return kind, [side, anchor, "--new", new], None, None
    elif kind == "fold":
        folded = "\n".join(l.strip() for l in lines[a - 1:b])
        if folded == old or text.count(folded):
            return None
        new = reindent(old, unit, rng) if rng.random() < 0.5 else old.replace("(", "( ", 1)
        return kind, ["--old", folded, "--new", new], None, [(a, b)]
    elif kind == "brace":
        return brace_batch(lang, lines, text, rng)
    return kind, ["--old", old, "--new", new], None, [(a, b)]


def brace_batch(lang, lines, text, rng):
    """Two entries: one removes a closing line, the other adds one further down (or the reverse),
    so everything between may change blocks; for Python, a dedent and a later indent."""
    closers = [i for i, l in enumerate(lines) if l.strip() in ("}", "})", "};", ")")] if lang != "py" else \
        [i for i, l in enumerate(lines) if l.strip() and not l.strip().startswith("#")]
    if not closers:
        return None
    i = rng.choice(closers)
    if i == 0 or not lines[i - 1].strip():
        return None
    first = "\n".join(lines[i - 1:i + 1])
    later = [j for j in range(i + 2, min(len(lines), i + 40)) if lines[j].strip()]
    if not later or occurrences(text, first) != 1:
        return None
    j = rng.choice(later)
    second = lines[j]
    if occurrences(text, second) != 1:
        return None
    if lang == "py":
        new1 = lines[i - 1] + "\n" + lines[i].strip()
        new2 = "    " + second
    else:
        new1 = lines[i - 1]
        new2 = second + "\n" + lines[i]
    batch = [{"file": None, "old": first, "new": new1}, {"file": None, "old": second, "new": new2}]
    hunks = [(i, i + 1), (j + 1, j + 1)]
    return "brace", None, batch, hunks


def run(lets, cwd, argv, stdin=None):
    env = dict(os.environ, LETS_NO_STATS="1")
    return subprocess.run([lets] + argv, cwd=cwd, input=stdin, capture_output=True, text=True, env=env,
                          timeout=60)


def count_nl(s):
    return s.count("\n")


def hunks_of(kind, spans, argv, batch, before, after, out_json):
    """(first, last, delta) per edited run of before's lines."""
    if kind == "insert":
        lines = out_json.get("lines") or []
        if not lines:
            return []
        # an insert covers no line of before: it sits before its first line
        return [(lines[0], lines[0] - 1, len(lines))]
    total = count_nl(after) - count_nl(before)
    if kind == "fold":
        # where a fold landed is lets' choice among the regions that fold alike: its lines, whose
        # neighbours line_map then proves untouched
        lines = out_json.get("lines") or []
        return [(lines[0], lines[-1] - total, total)] if lines else []
    if kind == "brace":
        d1 = count_nl(batch[0]["new"]) - count_nl(batch[0]["old"])
        return [(spans[0][0], spans[0][1], d1), (spans[1][0], spans[1][1], total - d1)]
    return [(spans[0][0], spans[0][1], total)]


def main():
    lets, edits, seed = os.path.abspath(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="lets-meaning-")
    node = Node()
    try:
        files = corpus(rng, tmp)
        if not files:
            print("no sources found")
            return 1
        originals = {p: open(p, encoding="utf-8").read() for _, p in files}
        cache = {}
        tally = {"edits": 0, "refused": 0, "silent": 0, "skipped": 0, "oracle_ok_refused": 0}
        by_kind = {}
        failures = []
        attempts = 0
        while tally["edits"] < edits and attempts < edits * 20:
            attempts += 1
            lang, path = rng.choice(files)
            before = open(path, encoding="utf-8").read()
            e = make_edit(lang, before, rng)
            if not e:
                continue
            kind, argv, batch, spans = e
            name = os.path.relpath(path, tmp)
            if batch:
                for entry in batch:
                    entry["file"] = name
                r = run(lets, tmp, ["edit", "--from", "-", "--json"], "".join(json.dumps(x) + "\n" for x in batch))
                shown = ["edit", "--from", "-"] + [json.dumps(x) for x in batch]
            else:
                r = run(lets, tmp, ["edit", name] + argv + ["--json"])
                shown = ["edit", name] + argv
            after = open(path, encoding="utf-8").read()
            if r.returncode not in (0, 3):
                tally["skipped"] += 1
                if after != before:
                    failures.append((name, shown, "exit %d but the file changed" % r.returncode))
                continue
            tally["edits"] += 1
            by_kind.setdefault(kind, [0, 0])[0] += 1
            if r.returncode == 3:
                tally["refused"] += 1
                by_kind[kind][1] += 1
                if after != before:
                    failures.append((name, shown, "refused, yet the file changed"))
                elif PROBE:
                    probe_refusal(lets, tmp, name, path, lang, kind, argv, batch, spans, before, node, cache,
                                  tally, shown)
                continue
            out_json = {}
            if not batch:
                try:
                    out_json = json.loads(r.stdout.split("\n")[0])
                except ValueError:
                    pass
            hunks = hunks_of(kind, spans, argv, batch, before, after, out_json)
            compiled = compiles_before(lang, path, before, node, cache)
            why = verdict(lang, before, after, hunks, shape_of(lang, before), path, node, compiled)
            if why:
                tally["silent"] += 1
                failures.append((name, shown, why))
                keep(len(failures), name, before, after)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(originals[path])
        node.close()
        for name, argv, why in failures[:int(os.environ.get("MEANING_SHOW", "10"))]:
            print("SILENT CHANGE in %s: %s" % (name, why))
            print("  lets " + " ".join(sh(a) for a in argv))
        kinds = ", ".join("%s %d/%d" % (k, v[1], v[0]) for k, v in sorted(by_kind.items()))
        print("refused/applied by kind: %s; %d skipped (not found, ambiguous)" % (kinds, tally["skipped"]))
        if PROBE:
            print("%d refusals the oracle finds no fault with" % tally["oracle_ok_refused"])
        print("%d edits, %d refused, %d silent changes" % (tally["edits"], tally["refused"], len(failures)))
        return 1 if failures else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


PROBE = os.environ.get("MEANING_PROBE") == "1"


def keep(n, name, before, after):
    """MEANING_KEEP=DIR: the texts of each silent change, for a closer look."""
    d = os.environ.get("MEANING_KEEP")
    if not d:
        return
    os.makedirs(d, exist_ok=True)
    base = os.path.join(d, "%03d_%s" % (n, name.replace("/", "_")))
    for suffix, text in ((".before", before), (".after", after)):
        with open(base + suffix, "w", encoding="utf-8") as f:
            f.write(text)


def probe_refusal(lets, tmp, name, path, lang, kind, argv, batch, spans, before, node, cache, tally, shown):
    """MEANING_PROBE=1: applies a refused edit with --no-check and asks the oracle; a refusal the
    oracle finds no fault with is counted (and printed): the proof's false refusals."""
    if batch:
        r = run(lets, tmp, ["edit", "--from", "-", "--json", "--no-check"], "".join(json.dumps(x) + "\n" for x in batch))
    else:
        r = run(lets, tmp, ["edit", name] + argv + ["--json", "--no-check"])
    after = open(path, encoding="utf-8").read()
    out_json = {}
    if not batch:
        try:
            out_json = json.loads(r.stdout.split("\n")[0])
        except ValueError:
            pass
    if r.returncode == 0:
        hunks = hunks_of(kind, spans, argv, batch, before, after, out_json)
        why = verdict(lang, before, after, hunks, shape_of(lang, before), path, node,
                      compiles_before(lang, path, before, node, cache))
        if not why:
            tally["oracle_ok_refused"] += 1
            print("REFUSED, ORACLE SAYS FINE: lets " + " ".join(sh(a) for a in shown))
    with open(path, "w", encoding="utf-8") as f:
        f.write(before)


def compiles_before(lang, path, text, node, cache):
    """Whether the text before the edit compiled (JavaScript through a scratch copy)."""
    if (path, text) in cache:
        return cache[(path, text)]
    if lang == "py":
        ok = compile_error(lang, path, text, None) is None
    elif lang == "js":
        scratch = os.path.join(os.path.dirname(os.path.dirname(path)), "scratch.js")
        with open(scratch, "w", encoding="utf-8") as f:
            f.write(text)
        ok = node.error(scratch) is None
    else:
        ok = False
    cache.clear()
    cache[(path, text)] = ok
    return ok


def sh(s):
    return s if re.fullmatch(r"[\w@%+=:,./#-]+", s) else "$'" + s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + "'"


if __name__ == "__main__":
    sys.exit(main())
