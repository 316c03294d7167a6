# rmqalloc — build, serve and test. `make help` lists the targets.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

GO       ?= go
PROFILE  ?= java-4.9.3
ADDR     ?= 127.0.0.1:8080
BIN      := $(CURDIR)/.bin
WASM     := js/rmqalloc.wasm
# The full module: the core one plus rebalance analysis (-tags rmqfull),
# loaded by load({ analysis: true }). No size budget.
WASM_FULL := js/rmqalloc-full.wasm
# The analysis module: the full one without the doctor, the live read and
# mqadmin's text formats (-tags rmqfull,rmqnodoctor), loaded by
# load({ analysis: true, doctor: false }): half the full one's size, so the
# playground's first result (rmq.analysis) comes sooner. wasm-opt'd like
# the core one.
WASM_ANALYSIS := js/rmqalloc-analysis.wasm
WASM_EXEC := js/wasm_exec.js
SITE_DIST := site/dist/app.js
# The monitor page's group report: the site's Diagnose drawing, bundled
# and committed (the Go binary embeds it; go install needs no node).
MONITOR_PAGE := cluster/monitor/page/report.js
SITE_SRC  := $(wildcard site/*.js site/lib/*.js js/*.js js/lib/*.js js/lib/embed/*.js) site/build.mjs
GO_SRC   := $(shell find alloc cluster wasm internal -name '*.go' -not -name '*_test.go' 2>/dev/null) go.mod go.sum
# Size budget of the module (issue 4): raw and gzip -9, in bytes.
WASM_MAX_RAW  ?= 2800000
WASM_MAX_GZIP ?= 830000

# -buildvcs=false: builds also run outside a VCS checkout. Added to the
# user's own GOFLAGS (unless they set -buildvcs themselves), never replacing them.
export GOFLAGS := $(if $(findstring -buildvcs,$(GOFLAGS)),$(GOFLAGS),$(strip $(GOFLAGS) -buildvcs=false))

.PHONY: help build generate run test lint vet check-go test-go test-wasm test-js test-e2e test-live screenshot check-size tools chromium binaryen prometheus npm mutbench \
	conformance conformance-js bench bench-js clean

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 16

build: $(WASM) $(WASM_FULL) $(WASM_ANALYSIS) $(WASM_EXEC) $(SITE_DIST) $(MONITOR_PAGE) ## build js/rmqalloc.wasm (core), js/rmqalloc-full.wasm (with analysis and the doctor), js/rmqalloc-analysis.wasm (analysis only), the site's and the monitor page's bundles

# wasm-opt (Debian's binaryen, installed by make tools) shrinks the core
# module, which keeps it within its budget: -Oz measured 2,772,792 bytes
# against -Os's 2,802,737 at the same speed (allocateAll 20000x1000 AVG
# 0.93x, CONSISTENT_HASH 1.01x, 1,000 16x4 allocate calls 1.03x of -Os, in
# one run).
# Without it the module is the Go linker's, and says so. Whether it is
# present is recorded, so the module is rebuilt when it appears or goes.
WASM_OPT_FLAGS := -Oz --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int --enable-mutable-globals
WASM_OPT_STATE := $(BIN)/wasm-opt.state
$(shell mkdir -p $(BIN); s=$$(command -v wasm-opt >/dev/null && echo yes || echo no); [ "$$(cat $(WASM_OPT_STATE) 2>/dev/null)" = "$$s" ] || echo "$$s" > $(WASM_OPT_STATE))

# wasm_opt turns the Go linker's $@.tmp into $@: shrunk when wasm-opt is
# here, as it is otherwise (the core and the analysis modules use it).
define wasm_opt
@if command -v wasm-opt >/dev/null; then \
	wasm-opt $(WASM_OPT_FLAGS) $@.tmp -o $@ && rm -f $@.tmp && echo "wasm-opt -Oz $@"; \
else \
	mv $@.tmp $@; echo "note: wasm-opt not found, $@ is not size-optimized (make tools installs binaryen)"; \
fi
endef

$(WASM): $(GO_SRC) $(WASM_OPT_STATE)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $@.tmp ./wasm
	$(wasm_opt)

# The playground's scripts bundled for production (site/build.mjs, esbuild;
# wasm_exec.js goes into the engine's bundle): index.html loads
# site/dist/app.js and site/dist/worker.js, the worker's small entry, which
# loads site/dist/worker-engine.js.
$(SITE_DIST): $(SITE_SRC) $(WASM_EXEC) site/node_modules/.package-lock.json
	cd site && node build.mjs

$(MONITOR_PAGE): $(SITE_SRC) site/diagnose.css site/verified.json $(wildcard cluster/monitor/page/src/*) cluster/monitor/page/build.mjs site/node_modules/.package-lock.json
	node cluster/monitor/page/build.mjs

$(WASM_FULL): $(GO_SRC)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -tags rmqfull -o $@ ./wasm

$(WASM_ANALYSIS): $(GO_SRC) $(WASM_OPT_STATE)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -tags rmqfull,rmqnodoctor -o $@.tmp ./wasm
	$(wasm_opt)

# wasm_exec.js must come from the Go that built the modules.
$(WASM_EXEC): $(WASM) $(WASM_FULL) $(WASM_ANALYSIS)
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" $@

# gentables writes the tables and the declared operations' code (Go and JS);
# then the real JS encoders write the golden request bytes go test decodes.
generate: ## regenerate the wire tables and the declared operations' Go/JS code (internal/wireschema), and the golden requests
	$(GO) generate ./wasm
	node scripts/wire-golden.mjs

run: build ## build everything and serve the playground at http://$(ADDR)
	$(GO) run ./site/serve -addr $(ADDR)

# tools first, then build in a fresh make, which sees what tools installed
# (wasm-opt changes the core module).
test: ## every test layer: native Go, Go in Chromium, JS package, site end to end, live cluster
	@$(MAKE) --no-print-directory tools
	@$(MAKE) --no-print-directory build
	@scripts/layer.sh start
	@scripts/layer.sh "go version (go.mod's go line suffices)" scripts/check-go-version.sh
	@scripts/layer.sh "go build + vet (native, rmqfull, live, js/wasm core and full)" scripts/govet.sh
	@scripts/layer.sh "staticcheck (every build)" scripts/lint.sh
	@scripts/layer.sh "go test -race (native)" scripts/gotest.sh native
	@scripts/layer.sh "module size" scripts/check-size.sh $(WASM) $(WASM_MAX_RAW) $(WASM_MAX_GZIP) $(WASM_FULL) $(WASM_ANALYSIS)
	@scripts/layer.sh "go test (GOOS=js GOARCH=wasm in Chromium)" scripts/gotest.sh wasm
	@scripts/layer.sh "node --test (js package)" scripts/nodetest.sh js test
	@scripts/layer.sh "playwright (site end to end)" scripts/nodetest.sh site e2e
	@scripts/layer.sh "live (real RocketMQ 4.9.3 and 5.3.3 clusters, ROCKETMQ_KIT)" scripts/test-live.sh
	@scripts/layer.sh summary scripts/summary.sh

lint: ## staticcheck (pinned in tools/go.mod, staticcheck.conf) over the native, rmqfull and js/wasm builds
	scripts/lint.sh

vet: ## go build and go vet over every build: native, -tags rmqfull, -tags live, js/wasm core and full
	scripts/govet.sh

check-go: ## check that go.mod's go line is the lowest Go that builds and vets every build
	scripts/check-go-version.sh
test-go: ## native Go tests only
	scripts/gotest.sh native
test-wasm: tools ## Go tests under GOOS=js GOARCH=wasm in headless Chromium only
	scripts/gotest.sh wasm
test-js: tools build ## node --test of the JS package only
	scripts/nodetest.sh js test
test-e2e: tools build ## Playwright tests of the playground only
	scripts/nodetest.sh site e2e
# Exit 77 = skipped (no kit or no java; it says so loudly), not a failure.
test-live: build ## the live layer only: rmqalloc against the real RocketMQ cluster of ROCKETMQ_KIT (../shared/rocketmq-kit)
	scripts/test-live.sh || [ $$? -eq 77 ]

screenshot: tools build ## refresh site/screenshot.png (the README's picture of the playground)
	cd site && UPDATE_SCREENSHOT=1 node --test --test-name-pattern 'README screenshot' e2e/playground.test.mjs

check-size: ## fail when the core module exceeds its size budget (the full one's size is printed)
	@$(MAKE) --no-print-directory binaryen
	@$(MAKE) --no-print-directory build
	scripts/check-size.sh $(WASM) $(WASM_MAX_RAW) $(WASM_MAX_GZIP) $(WASM_FULL) $(WASM_ANALYSIS)

tools: chromium binaryen prometheus npm $(BIN)/go_js_wasm_exec ## install what the tests need (idempotent)

chromium:
	@test -x /usr/bin/chromium || { echo "installing chromium (apt)"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# promtool checks the monitor's metrics and alert rules (go test
# ./cluster/monitor); the live layer scrapes the monitor with the server.
prometheus:
	@command -v promtool >/dev/null && command -v prometheus >/dev/null || { echo "installing prometheus (apt: promtool and the server)"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq prometheus >/dev/null; }

binaryen:
	@command -v wasm-opt >/dev/null || { echo "installing binaryen (apt: wasm-opt)"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binaryen >/dev/null; }

npm: js/node_modules/.package-lock.json site/node_modules/.package-lock.json
js/node_modules/.package-lock.json: js/package.json js/package-lock.json
	cd js && npm ci --no-audit --no-fund --loglevel=error
site/node_modules/.package-lock.json: site/package.json site/package-lock.json
	cd site && npm ci --no-audit --no-fund --loglevel=error

# wasmbrowsertest, pinned in tools/go.mod, under the name `go test -exec` looks for.
$(BIN)/go_js_wasm_exec: tools/go.mod tools/go.sum
	cd tools && $(GO) build -o $@ github.com/agnivade/wasmbrowsertest

conformance: ## cases on stdin -> results on stdout, natively (PROFILE=java-4.9.3 ...)
	@$(GO) run ./alloc/internal/conformance/cmd/conformance -profile $(PROFILE)

conformance-js: build ## the same through the JS package in Node
	@node js/test/conformance/run.mjs --profile $(PROFILE)

# make bench: every benchmark once, then BenchmarkGroup beside BenchmarkFloor
# pair by pair, BENCH_ROUNDS times (scripts/bench-pairs.sh), and the
# group/floor table of those rounds (internal/cmd/benchratio).
BENCH_ROUNDS    ?= 7
BENCH_PAIR_TIME ?= 200ms
BENCH_CPU       ?= 1,2
bench: ## Go benchmarks, then every BenchmarkGroup as a ratio to its BenchmarkFloor of the same run
	@mkdir -p test-results
	$(GO) test -run '^$$' -bench . -skip '^Benchmark(Group|Floor)$$' -benchmem ./alloc/... | tee test-results/bench.txt
	BENCH_ROUNDS=$(BENCH_ROUNDS) BENCH_PAIR_TIME=$(BENCH_PAIR_TIME) BENCH_CPU=$(BENCH_CPU) GO=$(GO) \
		scripts/bench-pairs.sh | tee test-results/bench-pairs.txt
	@$(GO) run ./internal/cmd/benchratio test-results/bench-pairs.txt

bench-js: build ## JS benchmarks beside the native baseline of the same run
	@mkdir -p test-results
	@$(GO) test -run '^$$' -bench 'BenchmarkGroup/^(AVG|CONSISTENT_HASH_vn10)$$/^Q=(16,C=4|20000,C=1000)$$' ./alloc | tee test-results/bench-native.txt
	@$(GO) test -run '^$$' -bench 'Benchmark(Group|Floor)/^NEARBY_AVG_4rooms$$/^Q=(16,C=4|20000,C=1000)$$' ./alloc | tee -a test-results/bench-native.txt
	@$(GO) test -run '^$$' -bench 'BenchmarkClientGoAVG/^each$$/^Q=(16,C=4|20000,C=1000)$$' ./alloc/goclient | tee -a test-results/bench-native.txt
	@$(GO) test -run '^$$' -bench '^BenchmarkDoctor$$' ./cluster/doctor | tee -a test-results/bench-native.txt
	@node js/bench/bench.mjs --native test-results/bench-native.txt

clean: ## remove build outputs and installed tools
	rm -rf $(BIN) $(WASM) $(WASM_FULL) $(WASM_ANALYSIS) $(WASM_EXEC) js/node_modules site/node_modules test-results

mutbench: ## damage the sample folders (cut, lost/repeated lines, mixed captures, encodings, wrap, ANSI, ...) and count REFUSED / SAME / UNJUDGED / DIFFERENT verdicts per class
	$(GO) run ./cluster/internal/cmd/mutbench
