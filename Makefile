# The two commands a newcomer needs (see README.md):
#   make demo   load an example extension, show its registrations, run its tool
#   make test   install what the tests need and run the whole suite

GO ?= go

.PHONY: demo test deps build bench

demo:
	$(GO) run ./cmd/pigo check -e examples/hello-tool -e examples/permission -e examples/settings-tool -e examples/todo-view
	$(GO) run ./cmd/pigo tool greet '{"name":"pigo"}' -e examples/hello-tool

deps:
	$(GO) mod download
	npm ci --no-audit --no-fund

test: deps
	$(GO) vet ./...
	npx tsc -p tsconfig.json --noEmit
	$(GO) test -race -count=1 ./...

build:
	$(GO) build -o bin/pigo ./cmd/pigo

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/ ./jsapi/
