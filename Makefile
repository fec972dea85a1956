# Echolot — the commands a new user types: `make play` and `make test`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PKGS := liblua5.4-dev libopenal-dev libsndfile1-dev libsqlite3-dev zlib1g-dev pkg-config
BENCH_ARGS ?=
PLAY_ARGS ?=

.PHONY: deps build test play bench clean

## deps: install the system libraries (Lua 5.4, OpenAL Soft, libsndfile, SQLite, zlib) when pkg-config
## cannot find them.
deps:
	@if pkg-config --exists lua5.4 openal sndfile sqlite3 zlib 2>/dev/null; then :; else \
		echo "Installing $(PKGS) …"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(PKGS) >/dev/null; \
	fi

build: deps
	$(SWIFT) build

## test: every test, through the real Lua, SQLite, OpenAL loopback and pseudo-terminals; a
## test that fails is run once more alone, and what failed is repeated at the end (tools/test.sh).
test: deps
	@SWIFT="$(SWIFT)" tools/test.sh

## play: the shipped tutorial (more options: make play PLAY_ARGS="--plain", see docs/playing.md).
# Quiet: a screen reader would read SwiftPM's hundreds of progress lines before the game;
# -q still prints the compiler's errors and warnings, and a failed build stops here.
play: deps
	@$(SWIFT) build -q --product echolot
	@"$$($(SWIFT) build --show-bin-path)/echolot" play $(PLAY_ARGS)

## bench: release build of the benchmarks; figures go to docs/PERFORMANCE.md.
bench: deps
	$(SWIFT) build -c release --product EcholotBench
	"$$($(SWIFT) build -c release --show-bin-path)/EcholotBench" $(BENCH_ARGS)

clean:
	rm -rf .build
