# Attention Atlas: `make serve` and `make test` are the Quick start (README.md).
# Each target installs what is missing (idempotent, quiet when done), builds
# what changed, then does its job.

PORT ?= 8000
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := emscripten libeigen3-dev catch2 chromium firefox-esr webkit2gtk-driver xvfb clang libclang-rt-14-dev fonts-texgyre-math python3-fonttools
JOBS ?= 2
# Fuzzing time in seconds, split evenly over the fuzzers: test-fuzz (in make test, on a copy of the
# committed corpus) and fuzz (by hand, growing tests/fuzz/corpus/).
FUZZ_TEST_SECONDS ?= 60
FUZZ_SECONDS ?= 600
# No test may wait for ever: one that hangs fails after 5 minutes, naming itself, rather than
# holding the whole run until CI's time runs out (the longest passes in about a minute).
NODE_TEST := node --test --test-reporter=spec --test-timeout=300000
# Debian's em++ runs its JS optimizer with Node and needs Debian's acorn.
export NODE_PATH := /usr/share/nodejs

.PHONY: all deps dist native wasm site serve test check test-core test-wasm test-browser test-smoke \
        test-engines sanitize test-sanitize test-fuzz fuzz bench clean corpus model

all: dist

deps: node_modules/.stamp
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; } \
	    || { echo "Could not install the Debian packages:$$missing"; exit 1; }; \
	fi

node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

native: deps
	@cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build build/native -j$(JOBS) -- --no-print-directory -s

# The core, the Catch2 suite and the fuzzers under ASan + UBSan, built by clang
# (CMake options ATLAS_SANITIZE, ATLAS_FUZZ); Debug keeps Eigen's index checks.
sanitize: deps
	@[ -f build/sanitize/CMakeCache.txt ] || CXX=clang++ cmake -S . -B build/sanitize \
	  -DCMAKE_BUILD_TYPE=Debug -DATLAS_SANITIZE=ON -DATLAS_FUZZ=ON >/dev/null
	@cmake --build build/sanitize -j$(JOBS) -- --no-print-directory -s

wasm: deps
	@[ -f build/wasm/CMakeCache.txt ] || emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release \
	  -DEigen3_DIR=/usr/share/eigen3/cmake >/dev/null
	@cmake --build build/wasm -j$(JOBS) -- --no-print-directory -s
	@test -f dist/attention-core.js

site: deps wasm
	@node site/build.mjs

dist: site

serve: dist
	@echo "Serving dist/ on http://localhost:$(PORT)  (Ctrl+C stops)"
	@node tools/serve.mjs dist $(PORT)

# The full gate (CI runs it, .ci/run): every level. Builds first, so a build error stops it at once.
test: native dist sanitize
	@$(MAKE) --no-print-directory test-core test-wasm test-browser test-smoke test-engines test-sanitize test-fuzz

# The quick loop while working: levels 1 and 2 and a Chromium smoke of every section
# (each builds what it tests first).
check:
	@$(MAKE) --no-print-directory test-core test-wasm test-smoke

# Each level depends on what it tests, so none runs on a stale build.
test-core: native
	@echo "== Level 1: Catch2 on the native core"
	@ctest --test-dir build/native --output-on-failure --progress -j$(JOBS)

test-wasm: dist
	@echo "== Level 2: node:test on dist/attention-core.js"
	@$(NODE_TEST) tests/wasm/ tests/tools/ tests/site/

test-browser: dist
	@echo "== Level 3: Chromium (playwright-core) on dist/"
	@$(NODE_TEST) --test-concurrency=1 tests/browser/

test-smoke: dist
	@echo "== Smoke: every section draws and redraws in Chromium, over http and from file://"
	@$(NODE_TEST) tests/engines/smoke.test.mjs

# Firefox (firefox-esr over WebDriver BiDi) and WebKit (WebKitGTK under Xvfb): tests/engines/.
# Fails with one line naming what is missing if a browser or driver is not installed.
test-engines: dist
	@echo "== Level 4: Firefox and WebKit on dist/"
	@node tests/engines/requirements.mjs
	@$(NODE_TEST) --test-concurrency=1 tests/engines/firefox.test.mjs tests/engines/webkit.test.mjs

test-sanitize: sanitize
	@echo "== Level 1 again, under AddressSanitizer + UndefinedBehaviorSanitizer"
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir build/sanitize --output-on-failure --progress -j$(JOBS)

test-fuzz: sanitize
	@echo "== libFuzzer on the core's entry points, $(FUZZ_TEST_SECONDS) s in all"
	@tests/fuzz/run.sh build/sanitize/fuzz $(FUZZ_TEST_SECONDS)

fuzz: sanitize
	@tests/fuzz/run.sh build/sanitize/fuzz $(FUZZ_SECONDS) --grow

# The training text of `make model`: the six novels of Debian's r-cran-janeaustenr (fetched with
# apt-get download, never installed; read without R) as build/corpus/train.txt, heldout.txt and
# corpus.json. Needs only Node, apt-get and dpkg-deb; `make test` never needs it.
corpus: build/corpus/corpus.json

build/corpus/corpus.json: $(wildcard tools/corpus/*.mjs)
	@node tools/corpus/austen.mjs build/corpus

# Trains the character model of the "Trained model" views (tools/model/train_model.cpp; the time
# and every recipe tried are in tools/model/RUNS.md) and writes site/model/austen.atlm, which is
# committed: `make dist` turns it into dist/atlas-model.js, and neither `make dist` nor `make test`
# ever trains. The
# held-out text is committed beside it (public domain) so a test can recompute the held-out loss,
# and austen-corpus.json keeps the text's source and the unigram and bigram baselines of the
# held-out loss (tools/corpus/entropy.mjs), which the trained views' note reads.
model: native corpus
	@cmake --build build/native -j$(JOBS) --target atlas_train_model -- --no-print-directory -s
	@build/native/atlas_train_model build/corpus/train.txt build/corpus/heldout.txt \
	  "$$(node -p "const s = require('./build/corpus/corpus.json').source; s.package + ' ' + s.version + ' (Debian; ' + s.licence + ', the novels are public domain)'")" \
	  site/model/austen.atlm
	@cp build/corpus/heldout.txt site/model/austen-heldout.txt
	@node -e "const c = require('./build/corpus/corpus.json'); \
	  require('fs').writeFileSync('site/model/austen-corpus.json', JSON.stringify({ source: c.source, books: c.books, baselines: c.statistics.heldOutUnderTrain }, null, 2) + '\n')"

# Lighthouse is the npm package of bench/lighthouse (111 MB): only `make bench` installs it.
LIGHTHOUSE := bench/lighthouse
bench: native dist $(LIGHTHOUSE)/node_modules/.stamp
	@node bench/run.mjs

$(LIGHTHOUSE)/node_modules/.stamp: $(LIGHTHOUSE)/package.json $(LIGHTHOUSE)/package-lock.json
	npm ci --prefix $(LIGHTHOUSE) --no-audit --no-fund --loglevel=error
	@touch $@

clean:
	rm -rf build dist
