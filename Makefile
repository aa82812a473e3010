# Build, test and benchmark the Stratego referee and player.
# `make demo` and `make test` are the two commands a newcomer needs.

CARGO ?= cargo

.PHONY: all build test bench clean

all: build

## build: release builds of every binary (referee, player)
build:
	$(CARGO) build --release --workspace --bins

## test: every test of the workspace, then formatting and lints
test:
	$(CARGO) test --workspace --all-targets
	$(CARGO) test --workspace --doc
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

## bench: the benchmarks (criterion micro-benchmarks of the rules engine)
bench:
	$(CARGO) bench -p protocol --bench movegen

## clean: remove build output and game logs
clean:
	$(CARGO) clean
	find logs -mindepth 1 ! -name .gitkeep -exec rm -rf {} +

## bench-strength: the AI against the random and greedy baselines through the
## real referee (GAMES per opponent, JOBS at once; about an hour per 100 games
## and job); prints W/D/L, score with 95% interval, endings, reply times
.PHONY: bench-strength
GAMES ?= 200
JOBS ?= 2
bench-strength:
	$(CARGO) build --release --workspace --bins
	target/release/strength --games $(GAMES) --jobs $(JOBS)
