# The two commands a newcomer needs (see README.md):
#   make demo   the agent on a scripted model with a pi extension; then what the examples register
#   make test   install what the tests need and run the whole suite
#   make check  the contributor's fast loop: vet + go test -short (cached; no npm, no real pi)

GO ?= go

.PHONY: demo test check deps build bench bench-cost

demo:
	$(GO) run ./examples/embed
	$(GO) run ./cmd/pigo check --no-builtin-tools -e examples/hello-tool -e examples/permission -e examples/settings-tool -e examples/todo-view
	$(GO) run ./cmd/pigo tool greet '{"name":"pigo"}' -e examples/hello-tool

PI_EXAMPLES = node_modules/@mariozechner/pi-coding-agent/examples/extensions
PI16_EXAMPLES = node_modules/@earendil-works/pi-coding-agent/examples/extensions
# pi 1.6's examples with their own npm dependencies. gondolin is not among
# them: it pins @earendil-works/gondolin 0.14.0, which npm does not have.
PI16_DEP_EXAMPLES = with-deps custom-provider-anthropic custom-provider-gitlab-duo

deps:
	$(GO) mod download
	npm ci --no-audit --no-fund
	# pi examples that need their own npm dependencies (conformance suites)
	for d in with-deps sandbox custom-provider-anthropic; do \
		(cd $(PI_EXAMPLES)/$$d && npm install --no-audit --no-fund --omit=dev --no-package-lock) || exit 1; \
	done
	for d in $(PI16_DEP_EXAMPLES); do \
		(cd $(PI16_EXAMPLES)/$$d && npm install --no-audit --no-fund --omit=dev --no-package-lock) || exit 1; \
	done
	# the npm-package corpus jsapi/platformtest runs in Node 22 and in pigo
	cd jsapi/platformtest/npm && npm ci --no-audit --no-fund

test: deps
	$(GO) vet ./...
	npx tsc -p tsconfig.json --noEmit
	npx tsc -p jsapi/compat/modules/tsconfig.json --noEmit
	$(GO) test -race -count=1 -timeout 25m ./...

check:
	$(GO) vet ./...
	$(GO) test -short ./...

build:
	$(GO) build -o bin/pigo ./cmd/pigo

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/ ./jsapi/

# what a plugin costs, pigo against pi 1.6 in one run: start-up (20 examples,
# 20 heavy-import extensions and each further one, none), edit-to-live
# latency and memory after 1,000 edited reloads
bench-cost:
	$(GO) run ./bench/startup -table
	$(GO) run ./bench/reload -pi16 -reloads 1000
