# Record Keeper. `make demo` and `make test` are all a fresh Debian machine needs.

# bash: the browser tests read their exit status through a pipe (PIPESTATUS).
SHELL := /bin/bash

PREFIX ?= /usr/local
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
DEMO_DIR ?= /tmp/rk-demo
BENCH_DIR ?= /tmp/rk-bench
CRASH_DIR ?= /tmp/rk-crash
CRASH_TRIALS ?= 350
# Debian packages the build, the tests and the benchmarks use. The release
# build links URLSession's libcurl into rk-serve and rk-lookup (Package.swift).
DEBIAN_PACKAGES := git pkg-config python3 python3-venv libgit2-dev libvips-dev libvips-tools libzbar-dev libcurl4-openssl-dev tmux
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build release deps browser-deps test-deps bench-deps venv test browser-test crash demo example-art bench install clean

# $(call apt-install,PACKAGES[,what happens without them]): installs the Debian
# packages not yet installed; with a second argument a failure only warns.
define apt-install
@missing=""; for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
done; \
if [ -n "$$missing" ]; then \
  echo "Installing Debian packages:$$missing"; \
  { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; } \
    $(if $(2),|| echo "warning: could not install$$missing; $(2)"); \
fi
endef

all: build

deps:
	$(call apt-install,$(DEBIAN_PACKAGES))

# The browser tests drive Debian's headless Chromium; without it they are skipped, saying so.
# The emoji font draws the scan badges (💎 👍 😐 💩) in their screenshots.
BROWSER_PACKAGES := chromium chromium-driver fonts-noto-color-emoji
browser-deps:
	$(call apt-install,$(BROWSER_PACKAGES),the browser tests will be skipped)

# The ssh tests of rk clone and rk sync start Debian's sshd on a loopback port;
# without it they are skipped, saying so.
TEST_PACKAGES := openssh-server openssh-client
test-deps:
	$(call apt-install,$(TEST_PACKAGES),the ssh tests will be skipped)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The tests hold rk's Markdown reading to reference CommonMark parsers
# (markdown-it-py, commonmark.py), `rk schema` to a JSON Schema validator
# (jsonschema, with PyYAML), and drive the browser with Selenium, all run
# from this virtualenv; made once, when missing.
VENV := .build/venv
REFERENCE_PARSERS := markdown-it-py==4.3.0 commonmark==0.9.2
SCHEMA_VALIDATOR := jsonschema==4.26.0 PyYAML==6.0.3
VENV_PACKAGES := $(REFERENCE_PARSERS) $(SCHEMA_VALIDATOR) selenium==4.51.0

venv: deps
	@grep -qxF '$(VENV_PACKAGES)' $(VENV)/installed.txt 2>/dev/null || { \
	  rm -rf $(VENV) && python3 -m venv $(VENV) && \
	  $(VENV)/bin/python3 -m pip install --quiet --disable-pip-version-check $(VENV_PACKAGES) && \
	  echo '$(VENV_PACKAGES)' > $(VENV)/installed.txt; }

test: deps venv browser-deps test-deps format-check app-test
	$(SWIFT) build --build-tests
	RK_REFERENCE_PYTHON="$(CURDIR)/$(VENV)/bin/python3" $(SWIFT) test --skip-build
	@$(MAKE) --no-print-directory browser-test

# Sources and Tests as swift-format (shipped with the toolchain) writes them, with
# .swift-format's settings; `make format` rewrites them so.
.PHONY: format-check format
format-check:
	$(SWIFT) format lint --strict --parallel --recursive Sources Tests Package.swift

format:
	$(SWIFT) format format --in-place --parallel --recursive Sources Tests Package.swift

# The app's modules under Node's own test runner (Tests/app/*.test.mjs: node:test and
# node:assert, no npm packages), with Debian's nodejs.
.PHONY: app-test
app-test:
	$(call apt-install,nodejs)
	node --test Tests/app/*.test.mjs

# The app of `rk serve` in headless Chromium (Tests/browser); screenshots at phone
# (390x844) and desktop size go to .build/screenshots/. Without Chromium a local
# run skips them, saying so loudly; with RK_REQUIRE_BROWSER=1 (CI: .ci/run, and
# any CI service that sets CI=true and runs `make test` itself) that fails
# instead, as does any browser test that skips itself.
RK_REQUIRE_BROWSER ?= $(if $(filter true 1,$(CI)),1,0)
browser-test: venv browser-deps
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
	  if [ "$(RK_REQUIRE_BROWSER)" = 1 ]; then \
	    echo "FAILED: RK_REQUIRE_BROWSER=1 and the browser tests need chromium and chromium-driver, which could not be installed." >&2; exit 1; \
	  fi; \
	  printf '\n%s\n%s\n\n' "*** SKIPPED: every browser test (Tests/browser): chromium and chromium-driver could not be installed. ***" \
	    "*** The app is NOT tested. CI sets RK_REQUIRE_BROWSER=1, which makes this a failure. ***" >&2; \
	else \
	  $(SWIFT) build && \
	  RK_BIN_DIR="$$($(SWIFT) build --show-bin-path)" RK_SCREENSHOTS="$(CURDIR)/.build/screenshots" \
	    $(VENV)/bin/python3 -m unittest discover --start-directory Tests/browser --pattern 'test_*.py' -v 2>&1 | tee .build/browser-test.log; \
	  status=$${PIPESTATUS[0]}; [ "$$status" = 0 ] || exit "$$status"; \
	  if [ "$(RK_REQUIRE_BROWSER)" = 1 ] && grep -qE '(skipped|SKIPPED)' .build/browser-test.log; then \
	    echo "FAILED: RK_REQUIRE_BROWSER=1 and browser tests were skipped (see above)." >&2; exit 1; \
	  fi; \
	fi

# Kills rk at random moments of its changes (and of packing) and checks that
# every change ends complete or rolled back; see bench/crash.py.
crash: deps
	$(SWIFT) build
	python3 bench/crash.py --rk "$$($(SWIFT) build --show-bin-path)/rk" --root "$(CRASH_DIR)" --trials $(CRASH_TRIALS)

# Runs rk on a copy of example-collection, so the project's own files are never written.
demo: release
	@bash scripts/demo.sh "$$($(SWIFT) build -c release --show-bin-path)/rk" "$(DEMO_DIR)"

# Redraws example-collection's covers and gallery photos (our own abstract art) with
# libvips; the results are committed, so `make demo` needs nothing of this.
example-art: deps
	$(SWIFT) build --product rk-cover
	python3 scripts/make-example-art.py --rk-cover "$$($(SWIFT) build --show-bin-path)/rk-cover"

# wrk drives the server suite (bench/server_bench.py).
BENCH_PACKAGES := wrk
bench-deps:
	$(call apt-install,$(BENCH_PACKAGES))

# The app rows of the server suite (bench/app_bench.py) drive headless Chromium from the venv.
bench: release bench-deps venv browser-deps
	python3 bench/bench.py --rk "$$($(SWIFT) build -c release --show-bin-path)/rk" --root "$(BENCH_DIR)"

install: release
	@bin="$$($(SWIFT) build -c release --show-bin-path)"; \
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/libexec/rk" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" && \
	install -m 755 "$$bin/rk" "$(DESTDIR)$(PREFIX)/bin/rk" && \
	install -m 755 "$$bin/rk-cover" "$(DESTDIR)$(PREFIX)/libexec/rk/rk-cover" && \
	install -m 755 "$$bin/rk-serve" "$(DESTDIR)$(PREFIX)/libexec/rk/rk-serve" && \
	install -m 755 "$$bin/rk-lookup" "$(DESTDIR)$(PREFIX)/libexec/rk/rk-lookup" && \
	rm -rf "$(DESTDIR)$(PREFIX)/libexec/rk/RecordKeeper_RecordKeeperServer.resources" && \
	cp -R "$$bin/RecordKeeper_RecordKeeperServer.resources" "$(DESTDIR)$(PREFIX)/libexec/rk/" && \
	install -m 644 man/rk.1 "$(DESTDIR)$(PREFIX)/share/man/man1/rk.1" && \
	"$$bin/rk" --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/rk" && \
	"$$bin/rk" --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_rk" && \
	"$$bin/rk" --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/rk.fish"

clean:
	rm -rf .build
