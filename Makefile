# lets — `make` installs what is missing and builds build/lets; `make check` runs every test.
#
# Two phases: the outer make installs system packages and npm sources, then re-runs make for the
# build, because the build's file lists (grammar scanners, the BLAKE3 directory) can only be read
# once those exist. Third-party code is compiled once into build/third_party/ and shared by every
# flavour (release, asan, static, unit tests).

SHELL := /bin/bash
ifeq ($(origin CC),default)
CC := gcc
endif
PREFIX ?= /usr/local
DESTDIR ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

BUILD := build
# The repository `lets update` installs releases from (make RELEASE_REPO=owner/name); empty, the
# default, makes update say how to update a source build instead. A change rebuilds update.o.
RELEASE_REPO ?=
RELEASE_STAMP := $(BUILD)/release-repo
$(shell mkdir -p $(BUILD) && { { [ -f $(RELEASE_STAMP) ] && [ "$$(cat $(RELEASE_STAMP))" = '$(RELEASE_REPO)' ]; } || printf '%s' '$(RELEASE_REPO)' > $(RELEASE_STAMP); })
TP := $(BUILD)/third_party
NODE := deps/node_modules
NPM_STAMP := $(NODE)/.stamp-lets
TS_LIB := $(NODE)/tree-sitter/vendor/tree-sitter/lib
BLAKE3_DIR := $(lastword $(sort $(wildcard /usr/share/cargo/registry/blake3-*/c)))

# One grammar per line: <C function suffix, tree_sitter_NAME>:<src dir under deps/node_modules>.
GRAMMARS := \
	bash:tree-sitter-bash/src \
	c:tree-sitter-c/src \
	cpp:tree-sitter-cpp/src \
	c_sharp:tree-sitter-c-sharp/src \
	go:tree-sitter-go/src \
	java:tree-sitter-java/src \
	javascript:tree-sitter-javascript/src \
	json:tree-sitter-json/src \
	php:tree-sitter-php/php/src \
	php_only:tree-sitter-php/php_only/src \
	python:tree-sitter-python/src \
	ruby:tree-sitter-ruby/src \
	rust:tree-sitter-rust/src \
	swift:tree-sitter-swift/src \
	typescript:tree-sitter-typescript/typescript/src \
	tsx:tree-sitter-typescript/tsx/src \
	toml:@tree-sitter-grammars/tree-sitter-toml/src \
	yaml:@tree-sitter-grammars/tree-sitter-yaml/src \
	markdown:@tree-sitter-grammars/tree-sitter-markdown/tree-sitter-markdown/src \
	markdown_inline:@tree-sitter-grammars/tree-sitter-markdown/tree-sitter-markdown-inline/src

# Hardened as Debian builds its packages (dpkg-buildflags, hardening=+all): position-independent
# code, a stack protector, FORTIFY (it needs -O2), stack-clash probes; and each function and object
# in its own section, so the link can drop what no verb reaches. The third-party objects get the
# same: they are linked into the same binary and parse the same untrusted input.
HARDEN_CFLAGS := -fPIE -fstack-protector-strong -D_FORTIFY_SOURCE=2 -fstack-clash-protection \
	-ffunction-sections -fdata-sections
TP_CFLAGS := -O2 -w -fno-strict-aliasing $(HARDEN_CFLAGS)
# The third-party objects depend on the npm stamp, not the Makefile: this stamp rebuilds them when
# their flags change.
TP_STAMP := $(TP)/cflags
$(shell mkdir -p $(TP) && { { [ -f $(TP_STAMP) ] && [ "$$(cat $(TP_STAMP))" = '$(TP_CFLAGS)' ]; } || printf '%s' '$(TP_CFLAGS)' > $(TP_STAMP); })
WARN := -Wall -Wextra -Werror
BASE_CFLAGS := -std=c11 -g $(WARN) -D_GNU_SOURCE -Isrc -I$(BLAKE3_DIR) -I$(TS_LIB)/include -MMD -MP
REL_CFLAGS := $(BASE_CFLAGS) -O2 $(HARDEN_CFLAGS)
ASAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
ASAN_CFLAGS := $(BASE_CFLAGS) -O1 $(ASAN_FLAGS)
# For src/ only: every function not static has a declaration in sight, so a verb's function is
# checked against verb_fn (src/verbs.h) where it is defined, not only where the table names it.
SRC_WARN := -Wmissing-prototypes

SYS_LIBS := -lpcre2-8 -ljansson -lyaml -lpthread -lm
TP_LIBS := $(TP)/libtreesitter.a $(TP)/libblake3.a
# Release is linked static-pie: with no dynamic loader to run it starts in ~0.5 ms of CPU against
# ~0.85 ms for a dynamic PIE build (perf stat, `lets guide`), ships as one file, and still loads at
# a random address. Full RELRO (relro + now) makes the relocated pointers read-only before main;
# --gc-sections drops unreached code; the packed relative relocations (DT_RELR, glibc 2.36) take
# the ~9,500 pointers the start-up relocates in 1.5 KB instead of 228 KB.
REL_LDFLAGS := -static-pie -Wl,-z,relro,-z,now -Wl,--gc-sections -Wl,-z,pack-relative-relocs

SRC := $(sort $(wildcard src/*.c src/output/*.c src/verb/*.c src/symbols/*.c src/edit/*.c src/find/*.c src/map/*.c src/transform/*.c src/format/*.c src/hook/*.c src/mcp/*.c))
REL_OBJ := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(SRC))
ASAN_OBJ := $(patsubst src/%.c,$(BUILD)/asan/obj/%.o,$(SRC))
ASAN_LIB_OBJ := $(filter-out $(BUILD)/asan/obj/main.o,$(ASAN_OBJ))

UNIT_SRC := $(sort $(wildcard tests/unit/t_*.c))
UNIT_HELPERS := $(filter-out tests/unit/t_%.c,$(wildcard tests/unit/*.c))
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/asan/unit/%,$(UNIT_SRC))
RESULTS := $(BUILD)/test-results.txt

# Run the build phase in parallel unless the caller already chose -j.
SUBMAKE = $(MAKE) --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))

.DEFAULT_GOAL := all
.PHONY: fuzz fuzz-bins fuzz-check all deps system-deps check static install bench clean build-release build-check build-static \
	unit-bins run-checks soak

all: deps
	+@$(SUBMAKE) build-release

check: deps
	@deps/install-system.sh --check
	@deps/install-system.sh $(FUZZ_PKGS)
	+@$(SUBMAKE) build-check
	@$(MAKE) --no-print-directory run-checks

static: deps
	+@$(SUBMAKE) build-static

install: all
	install -D -m 0755 $(BUILD)/lets $(DESTDIR)$(PREFIX)/bin/lets

bench: deps
	@deps/install-system.sh hyperfine ripgrep jq yq python3
	+@$(SUBMAKE) build-release
	bench/gen-corpus.sh
	bench/run.sh $(BUILD)/lets

clean:
	rm -rf $(BUILD)

# The long runs of the stress tests make check runs a slice of (minutes, not seconds): `make soak`
# (SOAK_OPS operations, SOAK_SEED to vary them; SOAK_APPENDS appends by another writer against
# SOAK_APPEND_EDITS edits), the 1x/4x/16x size ladder of tests/stress/scale.sh (16x/1x <= 20),
# then MCP_SOAK_CALLS calls to one `lets mcp` session
# over the SDK client, a tenth of the reads cancelled at random (0 protocol errors, memory flat).
.PHONY: soak
SOAK_OPS ?= 5000
SOAK_SEED ?= 26
MCP_SOAK_CALLS ?= 10000
SOAK_APPENDS ?= 10000
SOAK_APPEND_EDITS ?= 1000
soak: deps
	+@$(SUBMAKE) build-release
	MEANING_OPS=$(SOAK_OPS) MEANING_SEED=$(SOAK_SEED) bash tests/stress/meaning-data.sh $(BUILD)/lets
	MEANING_EDITS=$(SOAK_OPS) bash tests/stress/meaning-code.sh $(BUILD)/lets
	STRESS_APPENDS=$(SOAK_APPENDS) STRESS_APPEND_EDITS=$(SOAK_APPEND_EDITS) bash tests/stress/append.sh $(BUILD)/lets
	SCALE_RATIO=1 SCALE_FACTORS="1 4 16" SCALE_BASE_KB=256 bash tests/stress/scale.sh $(BUILD)/lets
	TMPDIR=$$(if [ -w /dev/shm ]; then echo /dev/shm; else echo $${TMPDIR:-/tmp}; fi) MCP_SOAK=$(MCP_SOAK_CALLS) \
		MCP_SOAK_SEED=$(SOAK_SEED) MCP_RSS_LIMIT_KB=512 node tests/mcp/soak.cjs $(BUILD)/lets

# ---- fuzzing (libFuzzer; clang from Debian) ----------------------------------------------------
# `make fuzz FUZZ_SECONDS=N` runs every harness in fuzz/ for N seconds on its committed seed
# corpus (new inputs go to build/fuzz/corpus/, crashes to build/fuzz/crash-*). A crash fails the
# target; turn each one into a regression case before fixing it.
FUZZ_SECONDS ?= 60
FUZZ_CC := clang
FUZZ_SRC := $(sort $(wildcard fuzz/fuzz_*.c))
FUZZ_BIN := $(patsubst fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRC))
FUZZ_FLAGS := -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_CFLAGS := $(BASE_CFLAGS) -O1 -Wno-unused-command-line-argument $(FUZZ_FLAGS)
FUZZ_OBJ := $(patsubst src/%.c,$(BUILD)/fuzz/obj/%.o,$(filter-out src/main.c,$(SRC)))
# What the fuzz build needs beyond the build's packages: clang and its libFuzzer/sanitizer runtime.
FUZZ_PKGS := clang libclang-rt-14-dev
# make check's slice: each harness this many seconds on its committed seeds (a smoke run that
# replays every seed under the sanitizers and mutates a little; the long runs are `make fuzz`).
FUZZ_CHECK_SECONDS ?= 20
FUZZ_CHECK_RUNS ?= 20000

fuzz: deps
	@deps/install-system.sh $(FUZZ_PKGS)
	+@$(SUBMAKE) fuzz-bins
	@mkdir -p $(BUILD)/fuzz/corpus; fail=0; \
	for b in $(FUZZ_BIN); do \
		n=$$(basename $$b); mkdir -p $(BUILD)/fuzz/corpus/$$n; \
		echo "== $$n ($(FUZZ_SECONDS) s)"; \
		$$b -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 \
			-artifact_prefix=$(abspath $(BUILD))/fuzz/crash-$$n- \
			$(abspath $(BUILD))/fuzz/corpus/$$n $(abspath fuzz/corpus)/$$n 2>&1 | grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::average_exec_per_sec|==[0-9]+==ERROR|SUMMARY)' ; \
		[ $${PIPESTATUS[0]} -eq 0 ] || fail=1; \
	done; exit $$fail

fuzz-bins: $(FUZZ_BIN)

# The objects are shared by every harness: keep them, or each harness rebuild recompiles the tree.
.SECONDARY: $(FUZZ_OBJ)

$(BUILD)/fuzz/obj/%.o: src/%.c Makefile
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

$(BUILD)/fuzz/%: fuzz/%.c fuzz/fuzz.h $(FUZZ_OBJ) $(TP_LIBS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MF $@.d -fsanitize=fuzzer -Ifuzz -o $@ $< $(FUZZ_OBJ) $(TP_LIBS) $(SYS_LIBS)

-include $(FUZZ_OBJ:.o=.d) $(FUZZ_BIN:=.d)

# The fuzz slice of make check: skipped (and said so) when the fuzz packages are not installed.
# A fixed seed and run count make it the same inputs on every machine (a slower one stops early at
# FUZZ_CHECK_SECONDS, on a prefix of them): make check must not fail on what a random draw finds.
# The search for new inputs is `make fuzz` and fuzz/campaign.sh.
fuzz-check:
	@if ! deps/install-system.sh --present $(FUZZ_PKGS); then \
		echo "fuzz slice skipped: $(FUZZ_PKGS) not installed"; exit 0; fi; \
	$(SUBMAKE) fuzz-bins || exit 1; fail=0; \
	for b in $(FUZZ_BIN); do \
		n=$$(basename $$b); scratch=$$(mktemp -d); \
		if $$b -seed=1 -runs=$(FUZZ_CHECK_RUNS) -max_total_time=$(FUZZ_CHECK_SECONDS) -timeout=60 -rss_limit_mb=2048 \
			-artifact_prefix=$(abspath $(BUILD))/fuzz/crash-$$n- $$scratch $(abspath fuzz/corpus)/$$n \
			>$(BUILD)/fuzz/$$n.check.log 2>&1; then \
			echo "pass fuzz/$$n ($$(grep -o 'Done [0-9]* runs' $(BUILD)/fuzz/$$n.check.log))"; \
			[ -n "$${LETS_TEST_RESULTS:-}" ] && echo "pass fuzz/$$n" >> "$$LETS_TEST_RESULTS"; \
		else \
			echo "fail fuzz/$$n: see $(BUILD)/fuzz/$$n.check.log"; grep -E '^(==[0-9]+==ERROR|SUMMARY)' $(BUILD)/fuzz/$$n.check.log; \
			[ -n "$${LETS_TEST_RESULTS:-}" ] && echo "fail fuzz/$$n" >> "$$LETS_TEST_RESULTS"; fail=1; \
		fi; \
		rm -rf $$scratch; \
	done; exit $$fail

# ---- phase 1: dependencies -------------------------------------------------------------------

deps: system-deps $(NPM_STAMP)

system-deps:
	@deps/install-system.sh

# npm stamps extracted files with a fixed old mtime, so third-party objects depend on this stamp,
# not on the sources' mtimes, to rebuild after a lockfile change.
$(NPM_STAMP): deps/package-lock.json deps/package.json deps/.npmrc | system-deps
	cd deps && npm ci --ignore-scripts
	@touch $@

# ---- phase 2: build --------------------------------------------------------------------------

build-release: $(BUILD)/lets
	@:
build-static: $(BUILD)/lets-static
	@:
build-check: $(BUILD)/lets $(BUILD)/asan/lets
	@:

ifeq ($(findstring x86_64,$(shell $(CC) -dumpmachine 2>/dev/null)),x86_64)
BLAKE3_SRC := $(addprefix $(BLAKE3_DIR)/,blake3.c blake3_dispatch.c blake3_portable.c \
	blake3_sse2_x86-64_unix.S blake3_sse41_x86-64_unix.S blake3_avx2_x86-64_unix.S \
	blake3_avx512_x86-64_unix.S)
BLAKE3_DEFS :=
else
BLAKE3_SRC := $(addprefix $(BLAKE3_DIR)/,blake3.c blake3_dispatch.c blake3_portable.c)
BLAKE3_DEFS := -DBLAKE3_NO_SSE2 -DBLAKE3_NO_SSE41 -DBLAKE3_NO_AVX2 -DBLAKE3_NO_AVX512
endif
BLAKE3_OBJ := $(patsubst %,$(TP)/obj/%.o,$(notdir $(BLAKE3_SRC)))

# BLAKE3_TESTING makes the dispatcher's feature variable public, so lets hands it what glibc already
# probed instead of BLAKE3 asking the CPU again (src/cpu.h: CPUID is a hypervisor trap on a VM).
$(TP)/obj/blake3_dispatch.c.o: BLAKE3_DEFS += -DBLAKE3_TESTING
$(TP)/obj/%.c.o: $(BLAKE3_DIR)/%.c $(TP_STAMP)
	@mkdir -p $(@D)
	$(CC) $(TP_CFLAGS) $(BLAKE3_DEFS) -c $< -o $@
$(TP)/obj/%.S.o: $(BLAKE3_DIR)/%.S
	@mkdir -p $(@D)
	$(CC) -c $< -o $@

$(TP)/libblake3.a: $(BLAKE3_OBJ)
	@rm -f $@
	ar rcs $@ $^

TS_RUNTIME_OBJ := $(TP)/obj/ts_runtime.o
$(TS_RUNTIME_OBJ): $(TS_LIB)/src/lib.c $(NPM_STAMP) $(TP_STAMP)
	@mkdir -p $(@D)
	$(CC) $(TP_CFLAGS) -I$(TS_LIB)/include -I$(TS_LIB)/src -c $< -o $@

# Object names carry the grammar name: an archive keeps members by base name.
# A grammar's parser.c is compiled as tools/grammar-unrelocated.awk rewrites it: the same tables,
# with no pointer left for the start-up code to relocate.
define grammar_rules
$(TP)/gen/ts_$(1)_parser.c: $(NODE)/$(2)/parser.c tools/grammar-unrelocated.awk $(NPM_STAMP)
	@mkdir -p $$(@D)
	awk -f tools/grammar-unrelocated.awk $$< > $$@.tmp && mv $$@.tmp $$@
$(TP)/obj/ts_$(1)_parser.o: $(TP)/gen/ts_$(1)_parser.c $(TP_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(TP_CFLAGS) -I$(NODE)/$(2) -c $$< -o $$@
$(TP)/obj/ts_$(1)_scanner.o: $(NODE)/$(2)/scanner.c $(NPM_STAMP) $(TP_STAMP)
	@mkdir -p $$(@D)
	$$(CC) $$(TP_CFLAGS) -I$(NODE)/$(2) -c $$< -o $$@
GRAMMAR_OBJ += $(TP)/obj/ts_$(1)_parser.o $(if $(wildcard $(NODE)/$(2)/scanner.c),$(TP)/obj/ts_$(1)_scanner.o)
endef
$(foreach g,$(GRAMMARS),$(eval $(call grammar_rules,$(word 1,$(subst :, ,$(g))),$(word 2,$(subst :, ,$(g))))))

$(TP)/libtreesitter.a: $(TS_RUNTIME_OBJ) $(GRAMMAR_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/obj/%.o: src/%.c Makefile
	@mkdir -p $(@D)
	$(CC) $(REL_CFLAGS) $(SRC_WARN) -c $< -o $@

$(BUILD)/asan/obj/%.o: src/%.c Makefile
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(SRC_WARN) -c $< -o $@

# This platform's name in a release, x86_64-unknown-linux-gnu (the compiler's triple with the
# vendor field Rust's targets have): `make release` names its tarball by it, update looks for it.
RELEASE_TARGET := $(shell $(CC) -dumpmachine | sed 's/^\([^-]*\)-linux-/\1-unknown-linux-/')
RELEASE_DEF := -DLETS_RELEASE_TARGET='"$(RELEASE_TARGET)"' $(if $(RELEASE_REPO),-DLETS_RELEASE_REPO='"$(RELEASE_REPO)"')
$(BUILD)/obj/verb/update.o: REL_CFLAGS += $(RELEASE_DEF)
$(BUILD)/asan/obj/verb/update.o: ASAN_CFLAGS += $(RELEASE_DEF)
$(BUILD)/obj/verb/update.o $(BUILD)/asan/obj/verb/update.o: $(RELEASE_STAMP)

# The linker's --trace (every file it read) names what the binary holds, for Static-Built-Using.
$(BUILD)/lets: $(REL_OBJ) $(TP_LIBS)
	$(CC) $(REL_LDFLAGS) -Wl,--trace -o $@ $(REL_OBJ) $(TP_LIBS) $(SYS_LIBS) > $@.inputs

$(BUILD)/lets-static: $(REL_OBJ) $(TP_LIBS)
	$(CC) -static -o $@ $(REL_OBJ) $(TP_LIBS) $(SYS_LIBS)

$(BUILD)/asan/lets: $(ASAN_OBJ) $(TP_LIBS)
	$(CC) $(ASAN_FLAGS) -o $@ $(ASAN_OBJ) $(TP_LIBS) $(SYS_LIBS)

# A unit test that fails to compile must not leave an older binary behind to be run.
$(BUILD)/asan/unit/%: tests/unit/%.c $(UNIT_HELPERS) $(ASAN_LIB_OBJ) $(TP_LIBS) Makefile
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) -Itests/unit -MF $@.d -o $@ $< $(UNIT_HELPERS) $(ASAN_LIB_OBJ) $(TP_LIBS) \
		$(SYS_LIBS) || { rm -f $@; exit 1; }

unit-bins: $(UNIT_BIN)
	@:

-include $(REL_OBJ:.o=.d) $(ASAN_OBJ:.o=.d) $(UNIT_BIN:=.d)

# ---- tests -----------------------------------------------------------------------------------

# Every suite runs even when an earlier one fails; tests/tally.sh has the last word. A program that
# exits non-zero without recording a failure (a crash, a sanitizer report) is recorded here.
# Leaks fail the suites: detect_leaks=1 is appended last, so a caller's ASAN_OPTIONS cannot turn it off.
export ASAN_OPTIONS := $(if $(ASAN_OPTIONS),$(ASAN_OPTIONS):)detect_leaks=1
export UBSAN_OPTIONS ?= print_stacktrace=1

define record_run
before=$$(grep -c '^fail ' $(RESULTS) || true); \
$(1) || { rc=$$?; after=$$(grep -c '^fail ' $(RESULTS) || true); \
	[ "$$after" -gt "$$before" ] || echo "fail $(2) (exit $$rc, no failure recorded)" >> $(RESULTS); }
endef

run-checks:
	+@mkdir -p $(BUILD); : > $(RESULTS); export LETS_TEST_RESULTS=$(abspath $(RESULTS)); \
	$(SUBMAKE) -k unit-bins || true; \
	for t in $(UNIT_SRC); do \
		name=$$(basename $$t .c); bin=$(BUILD)/asan/unit/$$name; \
		if [ ! -x $$bin ]; then echo "fail unit/$$name (did not compile)" >> $(RESULTS); continue; fi; \
		echo "== unit/$$name"; \
		$(call record_run,$$bin,unit/$$name); \
	done; \
	if [ -f tests/runner-selftest.sh ]; then \
		echo "== runner self-test"; \
		$(call record_run,bash tests/runner-selftest.sh,runner-selftest); \
	fi; \
	if [ ! -f tests/run-cases.sh ]; then \
		echo "make check: tests/run-cases.sh is missing, no CLI case ran" >&2; \
		echo "fail tests/run-cases.sh (missing)" >> $(RESULTS); \
	else \
		for b in $(BUILD)/lets $(BUILD)/asan/lets; do \
			echo "== cases against $$b"; \
			$(call record_run,env TMPDIR=$$(if [ -w /dev/shm ]; then echo /dev/shm; else echo $${TMPDIR:-/tmp}; fi) bash tests/run-cases.sh $$b,cases:$$b); \
		done; \
	fi; \
	for s in $(sort $(wildcard tests/stress/*.sh)); do \
		echo "== $$s"; \
		$(call record_run,bash $$s $(BUILD)/lets,$$s); \
	done; \
	echo "== tests/mcp/run.sh"; \
	$(call record_run,bash tests/mcp/run.sh $(BUILD)/lets $(BUILD)/asan/lets,tests/mcp/run.sh); \
	echo "== tests/format.sh"; \
	$(call record_run,bash tests/format.sh,tests/format.sh); \
	echo "== tests/grammar-unrelocated.sh"; \
	$(call record_run,bash tests/grammar-unrelocated.sh $(BUILD),tests/grammar-unrelocated.sh); \
	echo "== tests/include-cycles.sh"; \
	$(call record_run,bash tests/include-cycles.sh,tests/include-cycles.sh); \
	echo "== tests/new-verb.sh"; \
	$(call record_run,env NEW_VERB_CC="$(CC) $(REL_CFLAGS) $(SRC_WARN)" NEW_VERB_LIBS="$(TP_LIBS) $(SYS_LIBS)" bash tests/new-verb.sh $(BUILD),tests/new-verb.sh); \
	echo "== tests/package.sh"; \
	$(call record_run,bash tests/package.sh $(BUILD),tests/package.sh); \
	echo "== fuzz slice ($(FUZZ_CHECK_RUNS) runs per harness, seed 1)"; \
	$(call record_run,$(MAKE) --no-print-directory fuzz-check,fuzz-check); \
	if [ ! -f tests/tally.sh ]; then \
		echo "make check: tests/tally.sh is missing, cannot tally $(RESULTS)" >&2; exit 1; \
	fi; \
	bash tests/tally.sh $(RESULTS)

# ---- packaging: the manual page, shell completions and the Debian package ---------------------
# lets.1 is printed by tools/gen-man.c, linked against the same objects as build/lets, so the page
# is made from the tables --help prints and cannot drift from it. The completion scripts are what
# `lets completions SHELL` prints. `make deb` stages all of it under build/deb/ and packs it with
# dpkg-deb (gzip: xz takes three times as long for a 2 MB smaller file), then runs lintian (installed by that target only: it is large, and make check does not
# need it; tests/package.sh unpacks the .deb with dpkg -x and runs it).
.PHONY: deb deb-build install-extras
MAN := $(BUILD)/lets.1
GEN_MAN := $(BUILD)/gen-man
LIB_OBJ := $(filter-out $(BUILD)/obj/main.o,$(REL_OBJ))
COMPLETIONS := $(BUILD)/completions/lets.bash $(BUILD)/completions/_lets $(BUILD)/completions/lets.fish
VERSION := $(shell sed -n 's/^\#define LETS_VERSION "\(.*\)"/\1/p' src/verbs.h)
DEB_ARCH = $(shell dpkg --print-architecture)
DEB = $(BUILD)/lets_$(VERSION)_$(DEB_ARCH).deb
DEB_ROOT := $(BUILD)/deb/root

build-release: $(MAN) $(COMPLETIONS)

$(GEN_MAN): tools/gen-man.c $(LIB_OBJ) $(TP_LIBS)
	$(CC) $(REL_CFLAGS) -o $@ $< $(LIB_OBJ) $(TP_LIBS) $(SYS_LIBS)

$(MAN): $(GEN_MAN)
	$(GEN_MAN) > $@.tmp && mv $@.tmp $@

$(BUILD)/completions/lets.bash: $(BUILD)/lets
	@mkdir -p $(@D)
	$(BUILD)/lets completions bash > $@.tmp && mv $@.tmp $@
$(BUILD)/completions/_lets: $(BUILD)/lets
	@mkdir -p $(@D)
	$(BUILD)/lets completions zsh > $@.tmp && mv $@.tmp $@
$(BUILD)/completions/lets.fish: $(BUILD)/lets
	@mkdir -p $(@D)
	$(BUILD)/lets completions fish > $@.tmp && mv $@.tmp $@

# Where each shell looks: bash's and zsh's directories under PREFIX are on their default search
# paths for /usr/local and /usr; fish's is asked of the installed fish, which on Debian reads
# nothing under /usr/local (packaging/fish-completions-dir.sh; FISH_COMPLETIONS_DIR=DIR overrides).
FISH_COMPLETIONS_DIR ?=
install: install-extras
install-extras: all
	install -D -m 0644 $(MAN) $(DESTDIR)$(PREFIX)/share/man/man1/lets.1
	install -D -m 0644 $(BUILD)/completions/lets.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/lets
	install -D -m 0644 $(BUILD)/completions/_lets $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_lets
	dir='$(FISH_COMPLETIONS_DIR)'; [ -n "$$dir" ] || dir=$$(packaging/fish-completions-dir.sh '$(PREFIX)') && \
		install -D -m 0644 $(BUILD)/completions/lets.fish "$(DESTDIR)$$dir/lets.fish"

# `make deb` checks what it packs with Debian's own tools, installed by this target only (they are
# large, and make check does not need them): hardening-check (devscripts) and lintian, which must
# be silent at pedantic level but for the overrides in packaging/lintian-overrides, each with its
# reason (an override that no longer matches fails too, as lintian's unused-override).
#
# hardening-check finds the stack protector and FORTIFY by the libc functions a binary imports, and
# a static binary imports none. So the binary is checked for PIE, RELRO and BIND_NOW, and the
# objects linked into it for the stack protector and FORTIFY: ours, and tree-sitter's. BLAKE3's
# memcpy calls all copy into pointers whose size the compiler cannot see, which FORTIFY has nothing
# to check in and hardening-check calls unprotected; the same TP_CFLAGS are proved on tree-sitter.
# Control-flow integrity (IBT/SHSTK) is not asked: Debian 12 builds neither libc.a nor the static
# libraries with it, and the linker marks a binary only when every object it links is marked.
HARDENING_CHECK := hardening-check --quiet --nocfprotection
deb: deb-build
	@deps/install-system.sh lintian devscripts
	rm -f $(BUILD)/deb/lets-objects.a && ar rcs $(BUILD)/deb/lets-objects.a $(REL_OBJ)
	$(HARDENING_CHECK) --nostackprotector --nofortify $(DEB_ROOT)/usr/bin/lets
	$(HARDENING_CHECK) $(BUILD)/deb/lets-objects.a $(TP)/libtreesitter.a
	$(HARDENING_CHECK) --nofortify $(TP)/libblake3.a
	@echo "hardening-check: PIE, RELRO, BIND_NOW, stack protector and FORTIFY found"
	lintian --info --pedantic --fail-on error,warning,info,pedantic $(DEB)

# deb-build needs the build done first (its file names are known only then), so it re-enters make.
deb-build: all
	+@$(SUBMAKE) $(DEB)

# The maintainer the package names: MAINTAINER='Name <address>', by default git's user.name and
# user.email, else a placeholder make deb warns about. A change repacks the .deb (the stamp).
MAINTAINER_PLACEHOLDER := lets packager <packager@example.invalid>
MAINTAINER ?= $(or $(shell n=$$(git config user.name) && e=$$(git config user.email) && \
	[ -n "$$n" ] && [ -n "$$e" ] && printf '%s <%s>' "$$n" "$$e"),$(MAINTAINER_PLACEHOLDER))
shq = '$(subst ','\'',$(1))'
MAINTAINER_STAMP := $(BUILD)/deb-maintainer
.PHONY: FORCE
$(MAINTAINER_STAMP): FORCE
	@mkdir -p $(@D); [ "$$(cat $@ 2>/dev/null)" = $(call shq,$(MAINTAINER)) ] || printf '%s' $(call shq,$(MAINTAINER)) > $@
# The npm packages compiled in: tree-sitter's runtime and each grammar's package (@scope/name).
npm_pkg = $(if $(filter @%,$(1)),$(word 1,$(subst /, ,$(1)))/$(word 2,$(subst /, ,$(1))),$(word 1,$(subst /, ,$(1))))
NPM_PKGS := tree-sitter $(sort $(foreach g,$(GRAMMARS),$(call npm_pkg,$(word 2,$(subst :, ,$(g))))))

$(DEB): $(BUILD)/lets $(MAN) $(COMPLETIONS) README.md packaging/copyright.in packaging/control.in \
		packaging/changelog.in packaging/lintian-overrides packaging/fill.sh packaging/npm-copyright.sh \
		packaging/static-built-using.sh $(MAINTAINER_STAMP) $(NPM_STAMP)
	@[ $(call shq,$(MAINTAINER)) != '$(MAINTAINER_PLACEHOLDER)' ] || echo "make deb: no MAINTAINER, and git has no" \
		"user.name and user.email: the package names '$(MAINTAINER_PLACEHOLDER)'; pass MAINTAINER='Name <address>'" >&2
	rm -rf $(BUILD)/deb && mkdir -p $(DEB_ROOT)/DEBIAN
	install -D -m 0755 $(BUILD)/lets $(DEB_ROOT)/usr/bin/lets
	strip --remove-section=.comment --remove-section=.note $(DEB_ROOT)/usr/bin/lets
	install -D -m 0644 $(MAN) $(DEB_ROOT)/usr/share/man/man1/lets.1 && gzip -9n $(DEB_ROOT)/usr/share/man/man1/lets.1
	install -D -m 0644 $(BUILD)/completions/lets.bash $(DEB_ROOT)/usr/share/bash-completion/completions/lets
	install -D -m 0644 $(BUILD)/completions/_lets $(DEB_ROOT)/usr/share/zsh/vendor-completions/_lets
	install -D -m 0644 $(BUILD)/completions/lets.fish $(DEB_ROOT)/usr/share/fish/vendor_completions.d/lets.fish
	install -D -m 0644 README.md $(DEB_ROOT)/usr/share/doc/lets/README.md
	mkdir -p $(DEB_ROOT)/usr/share/doc/lets
	packaging/fill.sh packaging/copyright.in "NPM_STANZAS=$$(packaging/npm-copyright.sh $(NODE) $(NPM_PKGS))" \
		> $(DEB_ROOT)/usr/share/doc/lets/copyright
	packaging/fill.sh packaging/changelog.in VERSION=$(VERSION) MAINTAINER=$(call shq,$(MAINTAINER)) | gzip -9n \
		> $(DEB_ROOT)/usr/share/doc/lets/changelog.gz
	install -D -m 0644 packaging/lintian-overrides $(DEB_ROOT)/usr/share/lintian/overrides/lets
	cd $(DEB_ROOT) && find usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums
	packaging/fill.sh packaging/control.in VERSION=$(VERSION) ARCH=$(DEB_ARCH) MAINTAINER=$(call shq,$(MAINTAINER)) \
		"SIZE=$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)" \
		"BUILT_USING=$$(packaging/static-built-using.sh $(BLAKE3_SRC) < $(BUILD)/lets.inputs)" > $(DEB_ROOT)/DEBIAN/control
	chmod 0644 $(DEB_ROOT)/DEBIAN/*
	dpkg-deb --root-owner-group -Zgzip --build $(DEB_ROOT) $@

# ---- release: what `lets update` and lets-installer.sh download --------------------------------
# `make release RELEASE_REPO=owner/name` makes build/release/v<version>/: this platform's tarball
# lets-<target>.tar.gz (lets-<target>/lets, stripped, and README.md), lets-installer.sh and
# SHA256SUMS (sha256sum's lines for both). Its binary is the release build with the repository
# built in (its own update.o; build/lets is left as it is), so it can update itself. Another
# platform's `make release` adds its own tarball: the installer is the same file, and the
# release's SHA256SUMS is the platforms' lines together.
RELEASE_DIR := $(BUILD)/release/v$(VERSION)
RELEASE_ASSET := lets-$(RELEASE_TARGET).tar.gz
RELEASE_STAGE := $(BUILD)/release/stage/lets-$(RELEASE_TARGET)
.PHONY: release release-build
release: deps
	@echo '$(RELEASE_REPO)' | grep -Eqx '[A-Za-z0-9._-]+/[A-Za-z0-9._-]+' || { echo "make release: name the" \
		"repository it is published in, as owner/name: make release RELEASE_REPO=owner/name" >&2; exit 1; }
	+@$(SUBMAKE) release-build
release-build: $(RELEASE_DIR)/SHA256SUMS
	@:

$(BUILD)/release/obj/verb/update.o: src/verb/update.c Makefile $(RELEASE_STAMP)
	@mkdir -p $(@D)
	$(CC) $(REL_CFLAGS) $(SRC_WARN) $(RELEASE_DEF) -c $< -o $@
-include $(BUILD)/release/obj/verb/update.d

$(BUILD)/release/lets: $(filter-out $(BUILD)/obj/verb/update.o,$(REL_OBJ)) $(BUILD)/release/obj/verb/update.o $(TP_LIBS)
	$(CC) $(REL_LDFLAGS) -o $@ $^ $(SYS_LIBS)

# The tarball is reproducible: sorted names, owner root, every time the last commit's.
$(RELEASE_DIR)/SHA256SUMS: $(BUILD)/release/lets README.md packaging/lets-installer.sh.in packaging/fill.sh
	rm -rf $(RELEASE_DIR) $(BUILD)/release/stage && mkdir -p $(RELEASE_DIR) $(RELEASE_STAGE)
	install -m 0755 $(BUILD)/release/lets $(RELEASE_STAGE)/lets
	strip --remove-section=.comment --remove-section=.note $(RELEASE_STAGE)/lets
	install -m 0644 README.md $(RELEASE_STAGE)/README.md
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@$$(git log -1 --format=%ct 2>/dev/null || echo 0) \
		-C $(BUILD)/release/stage -cf - lets-$(RELEASE_TARGET) | gzip -9n > $(RELEASE_DIR)/$(RELEASE_ASSET)
	packaging/fill.sh packaging/lets-installer.sh.in REPO=$(RELEASE_REPO) VERSION=$(VERSION) > $(RELEASE_DIR)/lets-installer.sh
	cd $(RELEASE_DIR) && sha256sum $(RELEASE_ASSET) lets-installer.sh > SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS
