#!/usr/bin/env bash
# Generates the benchmark corpus under bench/corpus/ (ignored by git). Deterministic: the same
# script always writes the same bytes, so ratios from different runs compare the same work.
#   f200.ts          200-line TypeScript file of ten handlers, valid as written; "needle" on line
#                    119 only, inside handler101 (line 120 is its closing brace)
#   big.go           ~18k-line Go file
#   tree/            a git work tree of 2,000 visible source files, plus .gitignore'd build output,
#                    *.log files and hidden directories that search must skip; one of them,
#                    pkg07/mod3/file1.go, is real Go defining LookupRecord (show '#LookupRecord')
set -euo pipefail
cd "$(dirname "$0")"
VERSION=4
out=corpus
if [ -f "$out/.version" ] && [ "$(cat "$out/.version")" = "$VERSION" ]; then
	exit 0
fi
rm -rf "$out"
mkdir -p "$out"

awk 'BEGIN {
	for (i = 1; i <= 200; i++) {
		if (i == 119)          printf "  const needle = lookup(table, key); // the one needle line\n"
		else if (i % 20 == 1)  printf "export function handler%03d(req: Request, res: Response): void {\n", i
		else if (i % 20 == 0)  printf "}\n"
		else if (i % 20 == 10) printf "\n"
		else                   printf "  const v%03d = compute(req.params[\"k%03d\"], %d) ?? fallback(%d);\n", i, i, i * 7, i
	}
}' > "$out/f200.ts"

awk 'BEGIN {
	printf "package big\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n\t\"strings\"\n)\n\n"
	for (i = 0; i < 667; i++) {
		printf "// Record%04d holds one generated record for benchmarks.\n", i
		printf "type Record%04d struct {\n\tID    int\n\tName  string\n\tTags  []string\n\tScore float64\n}\n\n", i
		printf "// Validate%04d checks a Record%04d and reports the first problem.\n", i, i
		printf "func Validate%04d(r *Record%04d) error {\n", i, i
		printf "\tif r == nil {\n\t\treturn errors.New(\"record%04d: nil\")\n\t}\n", i
		printf "\tif r.ID <= 0 {\n\t\treturn fmt.Errorf(\"record%04d: bad id %%d\", r.ID)\n\t}\n", i
		printf "\tif strings.TrimSpace(r.Name) == \"\" {\n\t\treturn errors.New(\"record%04d: empty name\")\n\t}\n", i
		printf "\tfor _, t := range r.Tags {\n\t\tif t == \"\" {\n\t\t\treturn errors.New(\"record%04d: empty tag\")\n\t\t}\n\t}\n", i
		printf "\treturn nil\n}\n\n"
	}
}' > "$out/big.go"

# 20 packages x 10 modules x 10 files = 2,000 visible files.
tree="$out/tree"
mkdir -p "$tree"
awk -v root="$tree" 'BEGIN {
	for (p = 0; p < 20; p++) for (m = 0; m < 10; m++) {
		dir = sprintf("%s/pkg%02d/mod%d", root, p, m)
		system("mkdir -p " dir)
		for (f = 0; f < 10; f++) {
			ext = (f % 3 == 0) ? "ts" : (f % 3 == 1) ? "go" : "py"
			file = sprintf("%s/file%d.%s", dir, f, ext)
			if (p == 7 && m == 3 && f == 1) {
				printf "package mod3\n\n// LookupRecord finds the record with id in rs.\n" > file
				printf "func LookupRecord(rs []Record, id int) (Record, bool) {\n" > file
				printf "\tfor _, r := range rs {\n\t\tif r.ID == id {\n\t\t\treturn r, true\n\t\t}\n\t}\n" > file
				printf "\treturn Record{}, false\n}\n\n// Record is one row.\ntype Record struct {\n" > file
				printf "\tID   int\n\tName string\n}\n" > file
				close(file)
				continue
			}
			for (l = 1; l <= 40; l++) {
				if (l == 17 && (p * 100 + m * 10 + f) % 97 == 0) printf "TODO(bench): rare marker %d/%d/%d\n", p, m, f > file
				else printf "line %d of pkg%02d/mod%d/file%d: value = compute(%d)\n", l, p, m, f, l * f > file
			}
			close(file)
		}
	}
	# Ignored and hidden content: a fast search must not read any of it.
	for (i = 0; i < 300; i++) {
		d = sprintf("%s/build/out%02d", root, i % 30); system("mkdir -p " d)
		file = sprintf("%s/gen%03d.js", d, i)
		for (l = 1; l <= 40; l++) printf "// generated %d TODO(bench): rare marker\n", l > file
		close(file)
	}
	for (i = 0; i < 100; i++) {
		file = sprintf("%s/pkg%02d/debug%03d.log", root, i % 20, i)
		for (l = 1; l <= 40; l++) printf "log %d TODO(bench): rare marker\n", l > file
		close(file)
	}
	system("mkdir -p " root "/.cache/blobs")
	for (i = 0; i < 100; i++) {
		file = sprintf("%s/.cache/blobs/blob%03d.txt", root, i)
		for (l = 1; l <= 40; l++) printf "cache %d TODO(bench): rare marker\n", l > file
		close(file)
	}
}'
printf 'build/\n*.log\n' > "$tree/.gitignore"
printf 'hidden config TODO(bench): rare marker\n' > "$tree/.env"
# ripgrep and lets honour .gitignore inside a git work tree.
git -C "$tree" init -q

echo "$VERSION" > "$out/.version"
echo "bench corpus written to bench/$out"
