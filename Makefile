# Build, test and benchmark the referee and our players, for every game.
# `make demo` and `make test` are the two commands a newcomer needs;
# `make help` lists every target (the `## target: what it does` lines).

CARGO ?= cargo

.PHONY: all help build demo play demo-oust demo-quarto play-quarto play-oust play-coursidor play-mansuba demo-mansuba demo-coursidor demo-coursidor-so viewer-demo tournament-demo tournament-bench test test-tools bench bench-strength bench-sparring bench-pool bench-sprt bench-oust-strength bench-oust-variants bench-quarto-strength bench-mansuba-strength bench-coursidor-strength fuzz clean

all: build

## help: this list, every target and what it does
# A block's first `##` line names its target; the lines after it are its
# description, even one that happens to start with a word and a colon.
help:
	@awk '/^## / { line = substr($$0, 4); print (inblock ? "    " : "") line; inblock = 1; next } { inblock = 0 }' $(MAKEFILE_LIST)

## build: release builds of every binary (referee, player, tournament, faulty-player, the bench helpers)
## and library (Coursidor's client library, target/release/libcoursidor_player.so)
build:
	$(CARGO) build --release --workspace --bins --lib

## demo: a real game between two random players, with the board drawn
demo: build
	target/release/referee -v \
		--arg0=--strategy --arg0=random --arg0=--seed --arg0=1 \
		--arg1=--strategy --arg1=random --arg1=--seed --arg1=2 \
		target/release/player target/release/player

# The demo of each game but Stratego's: `demo-GAME` plays one game of it
# through the referee, the board drawn after each move (-v), with the game's
# options DEMO_OPTIONS_GAME and its players DEMO_PLAYERS_GAME (below).
DEMO_GAMES = oust quarto mansuba coursidor
$(DEMO_GAMES:%=demo-%): demo-%: build
	target/release/referee --game $* $(DEMO_OPTIONS_$*) -v \
		$(DEMO_PLAYERS_$*)

## demo-oust: a real game of Oust on 7x7 (a process per move) between our AI
## (thinking 0.3 s a move) and the greedy baseline, the board drawn after each move
DEMO_OPTIONS_oust = --time-limit-ms 2000
DEMO_PLAYERS_oust = \
	--player 'ai=target/release/player --game oust --move-time-ms 300' \
	--player 'greedy=target/release/player --game oust --strategy greedy --seed 1'

## demo-quarto: a real game of Quarto at level 4 (a session per player)
## between our AI and the greedy baseline, the board drawn after each move
DEMO_OPTIONS_quarto = --level 4
DEMO_PLAYERS_quarto = \
	--player 'ai=target/release/player --game quarto' \
	--player 'greedy=target/release/player --game quarto --strategy greedy --seed 1'

## demo-mansuba: a real game of Mansuba with three players (a session each):
## our AI against two closer players, on the full configuration (pawns,
## towers, elephants, bishops, captures, a relation that changes), the
## board drawn after each turn
DEMO_OPTIONS_mansuba = -c full --players 3 --seed 7
DEMO_PLAYERS_mansuba = \
	--player 'ai=target/release/player --game mansuba' \
	--player 'closer1=target/release/player --game mansuba --strategy closer --seed 1' \
	--player 'closer2=target/release/player --game mansuba --strategy closer --seed 2'

## demo-coursidor: a real game of Coursidor on the default board (T 6, four
## objectives; a session per player) between our AI and the tour baseline,
## the board drawn after each move
DEMO_OPTIONS_coursidor = -t T -m 6 --seed 1
DEMO_PLAYERS_coursidor = \
	--player 'ai=target/release/player --game coursidor' \
	--player 'tour=target/release/player --game coursidor --strategy tour --seed 2'

## demo-coursidor-so: the course's clients (.so libraries) under the
## referee, each run in coursidor-host: the example client (built with gcc
## against libgsl-dev, installed from Debian if missing) against our AI as a
## client library, the board drawn after each move
demo-coursidor-so: build
	scripts/need.sh cc:gcc $(GSL_HEADER):libgsl-dev
	mkdir -p logs/demo-coursidor-so
	cc -std=c99 -O2 -Wall -Wextra -shared -fPIC -Iexamples/coursidor/include \
		-o logs/demo-coursidor-so/random-client.so examples/coursidor/random-client.c
	target/release/referee --game coursidor -v --seed 1 --log-dir logs/demo-coursidor-so \
		target/release/libcoursidor_player.so logs/demo-coursidor-so/random-client.so

## play: you (red, moving first) against our AI at Stratego, at the terminal
## (human, no time limit for you; one of our setups proposed, another on request)
play: build
	target/release/referee --player-time-limit-ms 0=none \
		--player 'you=target/release/human' \
		--player 'ai=target/release/player'

## play-quarto: you against our AI at Quarto, at the terminal (human --game
## quarto, no time limit for you), level QUARTO_LEVEL (1 to 4, default 1)
QUARTO_LEVEL ?= 1
play-quarto: build
	target/release/referee --game quarto --level $(QUARTO_LEVEL) --player-time-limit-ms 0=none \
		--player 'you=target/release/human --game quarto' \
		--player 'ai=target/release/player --game quarto'

## play-oust: you (black, moving first) against our AI at Oust, at the
## terminal (human --game oust, no time limit for you), on OUST_SIZE x
## OUST_SIZE (default 5). The referee starts a process per move: the game
## is remembered between them in a directory of its own under /tmp, bound
## into the sandbox (a bind under the working directory would be hidden by
## its overlay) and open to any uid (as root, each seat runs as one of its
## own), removed after the game
OUST_SIZE ?= 5
play-oust: build
	memory=$$(mktemp -d /tmp/play-oust.XXXXXX) && chmod a+rwx "$$memory" && \
	target/release/referee --game oust --cols $(OUST_SIZE) --rows $(OUST_SIZE) \
		--player-time-limit-ms 0=none --sandbox-bind "$$memory:rw" \
		--player "you=target/release/human --game oust --memory $$memory" \
		--player 'ai=target/release/player --game oust'; \
		status=$$?; rm -rf "$$memory"; exit $$status

## play-coursidor: you (black, moving first) against our AI at Coursidor,
## at the terminal (human --game coursidor, no time limit for you), on the
## board COURSIDOR_BOARD (default -t T -m 4 --objectives 2)
COURSIDOR_BOARD ?= -t T -m 4 --objectives 2
play-coursidor: build
	target/release/referee --game coursidor $(COURSIDOR_BOARD) --first 0 \
		--player-time-limit-ms 0=none \
		--player 'you=target/release/human --game coursidor' \
		--player 'ai=target/release/player --game coursidor'

## play-mansuba: you (seat 0, moving first) against our AI and the closer
## baseline at Mansuba, three players, at the terminal (human --game
## mansuba, no time limit for you), configuration MANSUBA_CONFIG (default
## base) on a world of 10 x 4
MANSUBA_CONFIG ?= base
play-mansuba: build
	target/release/referee --game mansuba -c $(MANSUBA_CONFIG) --players 3 --width 10 \
		--height 4 --first 0 --player-time-limit-ms 0=none \
		--player 'you=target/release/human --game mansuba' \
		--player 'ai=target/release/player --game mansuba' \
		--player 'closer=target/release/player --game mansuba --strategy closer --seed 1'

## viewer-demo: a real game of each game (Stratego's AI against the random
## player; the others' demo-GAME games above), each written as the HTML
## viewer's page and a screenshot of its last position taken by a headless
## Chromium (installed from Debian if missing): logs/viewer-demo/GAME.html
## and GAME.png. `viewer-demo-GAME` does one game's.
CHROMIUM_FLAGS = --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync
VIEWER_GAMES = stratego $(DEMO_GAMES)
DEMO_PLAYERS_stratego = \
	--player 'ai=target/release/player --move-time-ms 100 --seed 1' \
	--player 'random=target/release/player --strategy random --seed 2'
.PHONY: $(VIEWER_GAMES:%=viewer-demo-%)
viewer-demo: $(VIEWER_GAMES:%=viewer-demo-%)
	@echo "pages: logs/viewer-demo/GAME.html  screenshots: logs/viewer-demo/GAME.png ($(VIEWER_GAMES))"
$(VIEWER_GAMES:%=viewer-demo-%): viewer-demo-%: build
	scripts/need.sh chromium
	mkdir -p logs/viewer-demo/$*
	target/release/referee --game $* $(DEMO_OPTIONS_$*) --log-dir logs/viewer-demo/$* \
		--record logs/viewer-demo/$*.json --html logs/viewer-demo/$*.html \
		$(DEMO_PLAYERS_$*)
	profile=$$(mktemp -d) && chromium $(CHROMIUM_FLAGS) --user-data-dir="$$profile" \
		--window-size=1300,900 --screenshot="$(CURDIR)/logs/viewer-demo/$*.png" \
		"file://$(CURDIR)/logs/viewer-demo/$*.html#end" 2>/dev/null; \
		status=$$?; rm -rf "$$profile"; exit $$status
	@echo "page: logs/viewer-demo/$*.html  screenshot: logs/viewer-demo/$*.png"

## tournament-demo: a small round robin (random players, the player's default
## strategy, a player that moves into a lake), reported in logs/demo-report.md
## and as a web page, logs/demo-report.html (each game linked to its viewer page)
tournament-demo: build
	target/release/tournament -j 2 --games 4 \
		'rand1=target/release/player --strategy random --seed {seed}' \
		'rand2=target/release/player --strategy random --seed {seed}' \
		'ai=target/release/player --move-time-ms 50 --seed {seed}' \
		'lake=target/release/faulty-player --mode move-lake --at 20 --seed {seed}' \
		--report logs/demo-report.md --report logs/demo-report.html

## tournament-bench: wall time of a 198-game round robin of four random
## players (33 games per pairing) at -j 2; the report's "This run" line
tournament-bench: build
	rm -rf logs/bench-rr
	target/release/tournament -j 2 --games 33 --quiet --name bench-rr \
		'r1=target/release/player --strategy random --seed {seed}' \
		'r2=target/release/player --strategy random --seed {seed}' \
		'r3=target/release/player --strategy random --seed {seed}' \
		'r4=target/release/player --strategy random --seed {seed}' \
		| grep -E 'This run|games played'

## test: every test of the workspace, then formatting and lints. The tests
## of the viewer (Chromium), human play (tmux), the example players (a C
## compiler, python3), the tournament's executors (GNU parallel, an
## sshd, Slurm) and Coursidor's course clients (gcc, libgsl-dev) need
## those: test-tools installs the missing ones from Debian, and
## REFEREE_TEST_TOOLS=require fails a test that finds one missing (plain
## `cargo test` skips it, saying so).
# The build takes every target (tests and benches too), so that the
# binaries the end-to-end tests run are built with the features the
# dev-dependencies add (serde's `alloc`, among others): with `--bins --lib`
# every crate of the workspace was compiled twice, once for each feature set.
test: test-tools
	$(CARGO) build --workspace --all-targets
	REFEREE_TEST_TOOLS=require $(CARGO) test --workspace --all-targets
	$(CARGO) test --workspace --doc
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

## test-tools: the Debian packages the tests need (Chromium, tmux, gcc,
## python3, GNU parallel, OpenSSH's server, Slurm's controller, node daemon
## and client, libgsl-dev for the course clients of Coursidor)
test-tools:
	scripts/need.sh chromium tmux cc:gcc python3 parallel sshd:openssh-server \
		slurmctld slurmd sbatch:slurm-client $(GSL_HEADER):libgsl-dev

# A header of libgsl-dev: its presence says the package is installed.
GSL_HEADER = /usr/include/gsl/gsl_spmatrix_uint.h

## bench: every benchmark in one run, then a summary (docs/benchmarks.md):
## the rules engines' criterion benchmarks, then procbench's process-level
## figures (overhead per move against the raw-pipe floor, timing precision,
## throughput, memory), then the games' own (oust-bench; quarto-bench: exact
## solve times, docs/games/quarto.md; mansuba-bench: games/s, start sets,
## the AI's search, docs/games/mansuba.md; Coursidor's legal moves, then
## coursidor-bench: tour tables, the AI's nodes/s, games/s through
## coursidor-host, docs/games/coursidor.md). Prints figures and exits 0;
## never fails on a target.
bench: build
	$(CARGO) bench -p stratego --bench movegen -- --warm-up-time 1 --measurement-time 4
	$(CARGO) bench -p oust --bench oust -- --warm-up-time 1 --measurement-time 3
	$(CARGO) bench -p quarto --bench quarto -- --warm-up-time 1 --measurement-time 3
	$(CARGO) bench -p mansuba --bench mansuba -- --warm-up-time 1 --measurement-time 3
	target/release/procbench
	target/release/oust-bench
	target/release/quarto-bench
	target/release/mansuba-bench
	$(CARGO) bench -p coursidor --bench coursidor -- --warm-up-time 1 --measurement-time 3
	target/release/coursidor-bench

## fuzz: the cargo-fuzz targets (line buffer, wire parsers, rules), each for
## FUZZ_SECONDS (default 600); needs `cargo install cargo-fuzz`. cargo-fuzz
## uses nightly-only flags: RUSTC_BOOTSTRAP=1 lets a stable toolchain accept them.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= linebuf wire game coursidor
fuzz:
	@command -v cargo-fuzz >/dev/null || { echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2; exit 1; }
	for t in $(FUZZ_TARGETS); do \
		RUSTC_BOOTSTRAP=1 $(CARGO) fuzz run $$t -- -max_total_time=$(FUZZ_SECONDS) || exit 1; \
	done

## clean: remove build output and game logs
clean:
	$(CARGO) clean
	find logs -mindepth 1 ! -name .gitkeep -exec rm -rf {} +

## bench-strength: the Stratego AI against the random and greedy baselines
## through the real referee (GAMES per opponent, JOBS at once; about an hour
## per 100 games and job); prints W/D/L, score with 95% interval, endings,
## reply times. Every match goes through the tournament library; a run
## stopped early resumes (results in logs/bench-strength/).
GAMES ?= 200
JOBS ?= 2
bench-strength:
	$(CARGO) build --release --workspace --bins
	target/release/strength --games $(GAMES) --jobs $(JOBS)

## bench-sparring: the Stratego AI against the agents of the UCC 2012
## competition (peternlewis, celsius, vixen, asmodeus, hunter), which you
## build in SPARRING (docs/ucc.md says how; nothing is downloaded here),
## through the referee speaking their protocol (--protocol SEAT=ucc):
## SPARRING_GAMES per agent, sides alternating, JOBS at once; W/D/L with the
## 95% interval, endings, reply times. Python agents run under PYTHON2.
## Resumable (logs/bench-sparring/); fails if a target is missed.
SPARRING_GAMES ?= 100
SPARRING_AGENTS ?= peternlewis,celsius,vixen,asmodeus,hunter
PYTHON2 ?= python2.7
# The agents' own limit per reply in ms (empty: the referee's 500, as ours)
SPARRING_AGENT_MS ?=
bench-sparring:
	@test -n "$(SPARRING)" || { echo "usage: make bench-sparring SPARRING=DIR (the directory of the UCC 2012 agents you built: docs/ucc.md)" >&2; exit 2; }
	$(CARGO) build --release --workspace --bins
	target/release/strength --sparring "$(SPARRING)" --python2 "$(PYTHON2)" \
		--opponents $(SPARRING_AGENTS) --games $(SPARRING_GAMES) --jobs $(JOBS) \
		$(if $(SPARRING_AGENT_MS),--opponent-time-limit-ms $(SPARRING_AGENT_MS)) \
		--log-dir logs/bench-sparring

## bench-pool: the Stratego AI of PLAYER (default ours) against the pool
## (docs/player.md, "Strength"): random, greedy, the UCC agents found in
## SPARRING if given, the build PREVIOUS if given, and the programs of POOL
## (NAME=COMMAND, several separated by `;`; by default the independent
## player, `ismcts`, of this tree's build), POOL_GAMES per member, both
## our builds at PLAYER_ARGS (a node budget) under the referee's
## POOL_TIME_LIMIT_MS; per-member targets. Resumable (POOL_LOG).
POOL_GAMES ?= 100
PLAYER ?= target/release/player
PLAYER_ARGS ?= --max-nodes 200000 --move-time-ms 5000
POOL_TIME_LIMIT_MS ?= 10000
POOL_LOG ?= logs/bench-pool
POOL ?= ismcts=target/release/player --strategy ismcts --seed {seed}
PREVIOUS ?=
# PREVIOUS_ARGS, when set (even to nothing), are PREVIOUS's arguments in
# place of PLAYER_ARGS: for a change of arguments alone, PREVIOUS is the
# same build.
POOL_OPTIONS = --player "$(PLAYER)" --games $(POOL_GAMES) --jobs $(JOBS) \
	--ai-args "$(PLAYER_ARGS)" --time-limit-ms $(POOL_TIME_LIMIT_MS) --opponent-time-limit-ms 2000 \
	$(if $(SPARRING),--sparring "$(SPARRING)" --python2 "$(PYTHON2)") \
	$(if $(PREVIOUS),--previous "$(PREVIOUS)") $(if $(POOL),--pool '$(POOL)') \
	$(if $(and $(PREVIOUS),$(filter-out undefined,$(origin PREVIOUS_ARGS))),--previous-args "$(PREVIOUS_ARGS)")
bench-pool:
	$(CARGO) build --release --workspace --bins
	target/release/strength $(POOL_OPTIONS) --log-dir $(POOL_LOG)

## bench-sprt: the accept rule of a change to the AI: the SPRT (SPRT =
## ELO0,ELO1,ALPHA,BETA, at most SPRT_GAMES paired games) of ours against
## PREVIOUS, then bench-pool's pool, each member's score compared with
## BASELINE (the POOL_LOG of a bench-pool run of PREVIOUS); fails unless
## the SPRT passes and no member drops (SPRT_LOG).
SPRT ?= 0,20,0.05,0.1
SPRT_GAMES ?= 1000
SPRT_LOG ?= logs/bench-sprt
BASELINE ?=
bench-sprt:
	@test -n "$(PREVIOUS)" || { echo "usage: make bench-sprt PREVIOUS=PATH [BASELINE=DIR] (the previous build of the player, a bench-pool run of it)" >&2; exit 2; }
	$(CARGO) build --release --workspace --bins
	target/release/strength $(POOL_OPTIONS) --sprt $(SPRT) --sprt-games $(SPRT_GAMES) \
		$(if $(BASELINE),--baseline "$(BASELINE)") --log-dir $(SPRT_LOG)

# The strength runs of each game but Stratego's: `bench-GAME-strength`
# builds the binaries (and STRENGTH_BUILD_GAME: --lib for Coursidor's
# client) and runs `strength` once per word of STRENGTH_RUNS_GAME (a level,
# a number of players, a quoted board: split into $1, $2 for the rest),
# with the options STRENGTH_OPTIONS_GAME, STRENGTH_GAMES_GAME games per
# opponent, the results in logs/bench-GAME-strength and its sub-directory
# STRENGTH_DIR_GAME, if any. It fails, after every run, if one missed a
# target; a run stopped early resumes.
STRENGTH_BENCHES = oust quarto mansuba coursidor
$(STRENGTH_BENCHES:%=bench-%-strength): bench-%-strength:
	$(strip $(CARGO) build --release --workspace --bins $(STRENGTH_BUILD_$*))
	status=0; for run in $(STRENGTH_RUNS_$*); do \
		set -- $$run; \
		target/release/strength $(strip --game $* $(STRENGTH_OPTIONS_$*)) \
			--games $(STRENGTH_GAMES_$*) --jobs $(JOBS) \
			--log-dir logs/bench-$*-strength$(STRENGTH_DIR_$*) || status=1; \
	done; exit $$status

## bench-oust-strength: the Oust AI against random and greedy through the
## referee, the seed's 4 s per move, 7x7 (OUST_GAMES per opponent)
OUST_GAMES ?= 100
STRENGTH_GAMES_oust = $(OUST_GAMES)
STRENGTH_RUNS_oust = once

## bench-quarto-strength: the Quarto AI against random and greedy through
## the referee (QUARTO_GAMES per opponent, sides alternating, JOBS at once),
## at level 1 and at level 4; about 15 minutes per level at 200 games.
## Fails (after both levels) if a target is missed.
QUARTO_GAMES ?= 200
STRENGTH_GAMES_quarto = $(QUARTO_GAMES)
STRENGTH_RUNS_quarto = 1 4
STRENGTH_OPTIONS_quarto = --game-options "--level $$1"
STRENGTH_DIR_quarto = /level$$1

## bench-mansuba-strength: the Mansuba AI against the seed's closer player
## through the referee (MANSUBA_GAMES games, JOBS at once): two players
## with the simple victory (target: 90% of the games), then three and five
## players (the AI against two and four closers: its share of the games
## won, beside the even share). Fails (after all three) if a target is
## missed; a run stopped early resumes (logs/bench-mansuba-strength/).
MANSUBA_GAMES ?= 200
STRENGTH_GAMES_mansuba = $(MANSUBA_GAMES)
STRENGTH_RUNS_mansuba = 2 3 5
STRENGTH_OPTIONS_mansuba = --game-options "--players $$1" --opponents closer
STRENGTH_DIR_mansuba = /players$$1

## bench-coursidor-strength: the Coursidor AI against random and tour
## through the referee on T 5, T 6, C 6 and H 6 (COURSIDOR_GAMES per
## opponent and board, sides alternating, JOBS at once; the AI's default
## 300 ms a move): about an hour at 100 games. Fails (after every board) if
## a target is missed: 100% against random, 95% against tour.
COURSIDOR_GAMES ?= 100
STRENGTH_GAMES_coursidor = $(COURSIDOR_GAMES)
STRENGTH_BUILD_coursidor = --lib
STRENGTH_RUNS_coursidor = "T 5" "T 6" "C 6" "H 6"
STRENGTH_OPTIONS_coursidor = --game-options "-t $$1 -m $$2" --opponents random,tour
STRENGTH_DIR_coursidor = /$$1$$2

## bench-oust-variants: the seed's comparison of the Oust search's
## optimisations (docs/games/oust.md): the depth each variant reaches in
## 4 s on 7x7 and 11x11 middle games, then each variant against the full
## AI in-process (VARIANT_GAMES games, 200 ms a move, 6 random opening
## moves shared by each pair of games, colours swapped); about 90 minutes
VARIANT_GAMES ?= 100
bench-oust-variants:
	$(CARGO) build --release -p oust-ai --bins
	target/release/oust-bench --variants
	for v in "" --a-no-tt --a-no-ordering "--a-no-iterative --a-depth 4" --a-no-quiescence --a-material-only; do \
		echo "A: full AI $$v"; \
		target/release/oust-arena --a ai $$v --b ai --games $(VARIANT_GAMES) --move-time-ms 200 --opening 6 || exit 1; \
	done
