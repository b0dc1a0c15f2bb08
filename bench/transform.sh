# A bench suite (`suite transform` in bench/run.sh): uses lib.sh's pair, $LETS and $root; runs in bench/corpus/.
# lets transform against the tools it replaces, doing the same change: a set on a 500-line YAML
# file against Debian's `yq -y -i` (the Python wrapper, which rewrites the file), and on a
# 270-line JSON file against `jq` (which prints the new document; it has no in-place mode).
# The file is restored before every run, for lets and the peer alike.
mkdir -p transform
if [ ! -f transform/big.yaml ] || [ ! -f transform/big.json ]; then
	python3 - <<'PY'
import json
d = {"name": "bench-app", "version": "1.0.0", "private": True, "scripts": {}, "dependencies": {},
     "devDependencies": {}, "config": {}}
for i in range(60):
    d["scripts"]["task%d" % i] = "node scripts/task%d.js --flag %d" % (i, i)
for i in range(80):
    d["dependencies"]["pkg-%d" % i] = "^%d.%d.%d" % (i % 7, i % 13, i % 5)
for i in range(75):
    d["devDependencies"]["dev-%d" % i] = "~%d.0.%d" % (i % 4, i)
d["config"]["review"] = {"threads": 2, "labels": ["a", "b"]}
for i in range(40):
    d["config"]["opt%d" % i] = i
open("transform/big.json", "w").write(json.dumps(d, indent=2) + "\n")
out = ["services:"]
for i in range(45):
    out += ["  svc%d:" % i, "    image: acme/svc%d:1.%d" % (i, i), "    restart: unless-stopped",
            "    environment:", "      LEVEL: info", "      PORT: %d" % (3000 + i), "    ports:",
            "      - \"%d:80\"" % (8000 + i), "    # service %d" % i, "    replicas: 1"]
out += ["volumes:", "  data: {}"]
while len(out) < 500:
    out.append("# filler %d" % len(out))
open("transform/big.yaml", "w").write("\n".join(out) + "\n")
PY
fi
PREPARE="cp transform/big.yaml transform/work.yaml" \
	pair transform-yaml 0.05 "$LETS transform transform/work.yaml --set services.svc44.replicas=3 -q" \
	"yq -y -i '.services.svc44.replicas = 3' transform/work.yaml"
PREPARE="cp transform/big.json transform/work.json" \
	pair transform-json 0.2 "$LETS transform transform/work.json --set config.review.threads=3 -q" \
	"jq '.config.review.threads = 3' transform/work.json"
