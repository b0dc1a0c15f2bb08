#!/usr/bin/env python3
"""Property test for `lets hooks install|uninstall claude-code` on settings files written as JSONC
(// and block comments, trailing commas, CRLF, tabs, minified), generated at random from a few
shapes of settings.json. For each file it asserts:
  (a) install exits 0, and the result, read by a reader lets does not use (Python's json after
      comments and trailing commas are blanked), holds exactly one lets hook per event and
      everything the file held before;
  (b) every byte of the old file other than whitespace is still there, in order (so no comment
      was lost or split), and a second install changes nothing;
  (c) uninstall restores the old bytes exactly, the user's empty "hooks" object and event arrays
      included; only a file of exactly "{}\n", what install writes into a new file less its
      hooks, is removed instead.
Usage: jsonc_property.py LETS [RUNS] [SEED]. Prints one line per failure, then a summary."""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

LETS = os.path.abspath(sys.argv[1])
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 300
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 27)
EVENTS = {"PreToolUse": " hook classify", "SubagentStart": " hook subagent-start", "SessionStart": " guide"}
COMMENTS = ['// c { [ "x"', "/* b */", "/* multi\n line ] */", "//", "/**/", '/* "q" */']
SHAPES = [
    {},
    {"model": "opus"},
    {"hooks": {}},
    {"hooks": {"Stop": []}},
    {"a": 1, "hooks": {"PreToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "echo mine"}]}],
                       "Stop": []}, "env": {"A": "1", "URL": "http://x//y/*z*/"}},
    {"hooks": {"PreToolUse": []}},
    {"x": [1, 2, {"y": []}], "hooks": {"SessionStart": [{"hooks": []}]}},
]


def strip_jsonc(text):
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] not in "\r\n":
                i += 1
        elif text.startswith("/*", i):
            i = text.index("*/", i + 2) + 2
        else:
            out.append(c)
            i += 1
    return re.sub(r",(\s*[}\]])", r"\1", "".join(out))


def comment(pretty, ind):
    if rng.random() >= 0.25:
        return ""
    c = rng.choice(COMMENTS)
    if c.startswith("//"):
        return " " + c + "\n" + ind if pretty else ""
    return " " + c + " "


def render(v, ind, pretty, unit):
    if not isinstance(v, (dict, list)):
        return json.dumps(v)
    items = list(v.items()) if isinstance(v, dict) else [(None, x) for x in v]
    o, cl = ("{", "}") if isinstance(v, dict) else ("[", "]")
    nl = ("\n" + ind) if pretty else ""
    if not items:
        return o + comment(pretty, ind + unit) + (nl if rng.random() < 0.5 else "") + cl
    body = ""
    for i, (k, x) in enumerate(items):
        body += (("\n" + ind + unit) if pretty else "")
        if k is not None:
            body += json.dumps(k) + comment(pretty, ind + unit) + ":" + (" " if pretty else "")
            body += comment(pretty, ind + unit)
        body += render(x, ind + unit, pretty, unit)
        if i < len(items) - 1:
            body += comment(pretty, ind + unit) + "," + comment(pretty, ind + unit)
    if rng.random() < 0.4:
        body += ","
    return o + body + comment(pretty, ind + unit) + nl + cl


def check(text, path, env):
    with open(path, "w", newline="") as f:
        f.write(text)
    r = subprocess.run([LETS, "hooks", "install", "claude-code"], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        return "install exited %d: %s" % (r.returncode, r.stderr.strip())
    after = open(path, newline="").read()
    old, new = json.loads(strip_jsonc(text)), json.loads(strip_jsonc(after))
    for ev, suffix in EVENTS.items():
        cmds = [h["command"] for g in new["hooks"][ev] for h in g["hooks"]]
        if sum(c.endswith(suffix) and "/lets" in c for c in cmds) != 1:
            return "not one lets hook for " + ev
    for k, v in old.items():
        if k != "hooks" and new.get(k) != v:
            return "install changed " + k
    rest = iter(after)
    if not all(ch in rest for ch in re.sub(r"\s", "", text)):
        return "install lost or moved a byte of the old file"
    subprocess.run([LETS, "hooks", "install", "claude-code"], env=env, capture_output=True)
    if open(path, newline="").read() != after:
        return "a second install changed the file"
    r = subprocess.run([LETS, "hooks", "uninstall", "claude-code"], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        return "uninstall exited %d: %s" % (r.returncode, r.stderr.strip())
    if not os.path.exists(path):
        return None if text == "{}\n" else "uninstall removed the file"
    if open(path, newline="").read() != text:
        return "uninstall did not restore the old bytes"
    return None


def main():
    home = tempfile.mkdtemp()
    os.makedirs(home + "/.claude")
    path = home + "/.claude/settings.json"
    env = dict(os.environ, HOME=home, PATH=os.path.dirname(LETS) + ":" + os.environ["PATH"])
    env.pop("CLAUDE_CONFIG_DIR", None)
    failed = 0
    for _ in range(RUNS):
        pretty = rng.random() < 0.8
        text = render(rng.choice(SHAPES), "", pretty, rng.choice(["  ", "    ", "\t"]))
        text += "\n" if rng.random() < 0.8 else ""
        if rng.random() < 0.2:
            text = "// head\n" + text
        if rng.random() < 0.1:
            text = text.replace("\n", "\r\n")
        why = check(text, path, env)
        if why:
            failed += 1
            print("FAIL %s: %r" % (why, text))
    print("%d settings files, %d failed" % (RUNS, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
