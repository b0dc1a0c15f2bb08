# lets version (reference.md "lets version", output-format.md §9).

### lets version prints the version
$ lets version
lets 0.0.1

### control: lets --version prints the same
$ lets --version
lets 0.0.1

### version --json carries the version alone, no omitted/stats
$ lets version --json
{"version":"0.0.1"}

### version --jsonl prints the same single object as --json
$ lets version --jsonl
{"version":"0.0.1"}

### every shared flag is accepted by version, and changes nothing
$ lets version --no-check -q --no-ignore --allow-outside --budget 5 --max-bytes 9 --max-file-bytes 9
lets 0.0.1
