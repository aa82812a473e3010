//! Course clients of Coursidor (`.so` libraries implementing `player.h`)
//! under the real referee, each in a `coursidor-host` of its own: the
//! example client against itself and against our player on every board
//! type; the graph a client receives; and clients that crash, loop, call
//! `exit()`, abort in GSL, return garbage, print to stdout or read stdin,
//! break the host's descriptors, or are no library or lack a function —
//! each loses its own game (or, printing, plays on), harms nothing else,
//! and the verdict says why (the host's status and last line). The clients are built here with gcc against the
//! headers of `examples/coursidor/include` (gcc and libgsl-dev: `make test`
//! installs them; plain `cargo test` skips these tests without them).

use std::path::{Path, PathBuf};

use coursidor::HostStop;
use referee_schema::{Phase, Reason};

use crate::run::{Play, Played, player_spec, replays};
use crate::util::{TestDir, compile_c, repo_file};
use crate::verdict::{assert_clean, assert_ended, assert_ended_by, assert_won};
use tests::tools::{need, need_file};

/// The workspace's `examples/coursidor/NAME`.
fn example(name: &str) -> PathBuf {
    repo_file(&format!("examples/coursidor/{name}"))
}

/// gcc and libgsl's headers, and a directory for the clients and their
/// games.
struct Kit {
    cc: PathBuf,
    dir: TestDir,
}

impl Kit {
    /// `None` (skipped, saying so) when gcc or libgsl's headers are missing.
    fn new(test: &str) -> Option<Kit> {
        let cc = need("cc", test)?;
        need_file("/usr/include/gsl/gsl_spmatrix_uint.h", "libgsl-dev", test)?;
        Some(Kit {
            cc,
            dir: TestDir::new(),
        })
    }

    /// The directory.
    fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Compiles `sources` (files) with the course's headers and `flags`
    /// into `out`: an object file with `-c` among the flags, else a shared
    /// library as a course client is built (no `-lgsl`: the host makes GSL
    /// visible).
    fn compile(&self, out: &Path, flags: &[&str], sources: &[PathBuf]) {
        let include = format!("-I{}", example("include").display());
        let mut all = vec!["-std=c99", "-fPIC", &include];
        if !flags.contains(&"-c") {
            all.push("-shared");
        }
        all.extend(flags);
        compile_c(&self.cc, &all, out, sources);
    }

    /// A client from `sources` (files): `NAME.so`.
    fn build(&self, name: &str, sources: &[PathBuf]) -> String {
        let out = self.dir().join(format!("{name}.so"));
        self.compile(&out, &[], sources);
        out.display().to_string()
    }

    /// The example client, its `function` renamed `random_FUNCTION`, linked
    /// with `wrapper` (a C source that defines `function`, and calls the
    /// example's): `NAME.so`.
    fn wrapped_example(&self, name: &str, function: &str, wrapper: &str) -> String {
        let wrapper = self.source(name, wrapper);
        let renamed = self.dir().join(format!("{name}-example.o"));
        let rename = format!("-D{function}=random_{function}");
        self.compile(&renamed, &["-c", &rename], &[example("random-client.c")]);
        self.build(name, &[wrapper, renamed])
    }

    /// The example client, its `play` running `body` first (after the
    /// headers `includes`, each `<NAME.h>`): `NAME.so`.
    fn wrapped_play(&self, name: &str, includes: &[&str], body: &str) -> String {
        let includes: String = includes
            .iter()
            .map(|h| format!("#include <{h}>\n"))
            .collect();
        let wrapper = format!(
            r#"{includes}#include "player.h"
struct move_t random_play(const struct move_t previous);
struct move_t play(const struct move_t previous) {{
  {body}
  return random_play(previous);
}}
"#
        );
        self.wrapped_example(name, "play", &wrapper)
    }

    /// Writes `text` to `NAME.c`.
    fn source(&self, name: &str, text: &str) -> PathBuf {
        let p = self.dir().join(format!("{name}.c"));
        std::fs::write(&p, text).unwrap();
        p
    }

    /// The example client.
    fn random_client(&self) -> String {
        self.build("random", &[example("random-client.c")])
    }

    /// A client whose `play` runs `body` (with `me`, the colour, and `g`,
    /// the graph, at hand).
    fn faulty(&self, name: &str, body: &str) -> String {
        let text = format!(
            r#"#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "player.h"
static struct graph_t *g;
static unsigned int me;
char const *get_player_name(void) {{ return "{name}"; }}
void initialize(unsigned int id, struct graph_t *graph) {{ g = graph; me = id; }}
struct move_t play(const struct move_t previous) {{
  struct move_t m = previous;
  (void)g;
  m.c = (enum player_color_t)me;
  {body}
  return m;
}}
void finalize(void) {{}}
"#
        );
        let src = self.source(name, &text);
        self.build(name, &[src])
    }

    /// Plays `referee --game coursidor ARGS` where the clients are.
    fn play(&self, args: &[&str]) -> Played {
        Play::game("coursidor").args(args).in_dir(self.dir()).run()
    }

    /// A client whose `play` runs `body` plays black against the example
    /// client, which is never harmed: the verdict and the faulty client's
    /// log.
    fn fault(&self, name: &str, body: &str, extra: &[&str]) -> Played {
        let (bad, random) = (self.faulty(name, body), self.random_client());
        let mut args = vec!["--first", "0", "--seed", "4"];
        args.extend(extra);
        let o = self.play(&[&args[..], &[&bad, &random]].concat());
        assert_eq!(o.summary.winner, Some(1), "{name}: {}", o.json);
        assert_eq!(o.summary.players[1].failure, None, "{name}: {}", o.json);
        assert_eq!(
            o.summary.players[1].exit.code,
            Some(0),
            "{name}: {}",
            o.json
        );
        o
    }
}

/// Seat `seat`, playing `colour`, lost because its host stopped for
/// `why`: the verdict names the seat, the host's status and its last line,
/// which says `more`.
#[track_caller]
fn assert_stopped(o: &Played, seat: usize, colour: &str, why: HostStop, more: &str) {
    let s = &o.summary;
    assert_eq!(s.reason, Reason::Exited, "{}", o.json);
    assert_eq!(s.winner, Some(1 - seat as u8), "{}", o.json);
    assert_eq!(s.players[seat].exit.code, Some(why.status()), "{}", o.json);
    let head = format!(
        "player {seat} ({colour}): exited with status {}: {}",
        why.status(),
        why.last_line("")
    );
    assert!(
        s.detail.starts_with(&head) && s.detail.contains(more),
        "{head:?} ... {more:?}: {}",
        o.json
    );
    // The log ends with the same line.
    let log = o.log(seat);
    let last = log.lines().last().unwrap_or_default();
    assert!(s.detail.ends_with(last), "{last:?}: {}", o.json);
}

#[test]
fn the_example_client_plays_itself_and_our_player_on_every_board() {
    let Some(kit) = Kit::new("the_example_client_plays_itself_and_our_player_on_every_board")
    else {
        return;
    };
    let so = kit.random_client();
    // The same library twice: each host loads its own copy, in its own
    // process, so the two share no state.
    let o = kit.play(&["-M", "400", "--seed", "1", &so, &so]);
    assert!(matches!(o.summary.reason, Reason::Game(_)), "{}", o.json);
    assert_clean(&o.summary);
    for (i, p) in o.summary.players.iter().enumerate() {
        assert!(p.program.ends_with("coursidor-host"), "{}", o.json);
        assert_eq!(p.args, std::slice::from_ref(&so));
        assert!(o.log(i).contains("named \"random client\""), "{}", o.log(i));
    }
    replays(kit.dir());
    // Against the tour baseline on each board type: it loses, by the rules.
    let tour = player_spec("coursidor", "--strategy tour --seed 3");
    for board in [
        ["-t", "T", "-m", "5"],
        ["-t", "C", "-m", "6"],
        ["-t", "H", "-m", "9"],
    ] {
        let mut args = board.to_vec();
        args.extend(["--seed", "2", "--player", &so, "--player", &tour]);
        let o = kit.play(&args);
        assert_won(&o.summary, "tour_completed", 1);
        assert_eq!(o.summary.players[0].failure, None, "{}", o.json);
        replays(kit.dir());
    }
}

#[test]
fn a_client_receives_a_graph_of_its_own_in_csr_with_the_layout() {
    let Some(kit) = Kit::new("a_client_receives_a_graph_of_its_own_in_csr_with_the_layout") else {
        return;
    };
    // The example client, its initialize checking the graph first.
    let so = kit.wrapped_example(
        "check",
        "initialize",
        r#"#include <stdio.h>
#include <string.h>
#include "player.h"
void random_initialize(unsigned int id, struct graph_t *graph);
void initialize(unsigned int id, struct graph_t *g) {
  gsl_spmatrix_uint *t = g->t;
  unsigned int entries = 0, bad = 0;
  for (unsigned int v = 0; v < g->num_vertices; v++)
    for (int k = t->p[v]; k < t->p[v + 1]; k++) {
      unsigned int w = (unsigned int)t->i[k], d = t->data[k];
      entries++;
      if (d < 1 || d > 6 || gsl_spmatrix_uint_get(t, w, v) != opposite_dir(d))
        bad++;
    }
  fprintf(stderr, "graph: id %u type %d %s %zux%zu, %u vertices, %u edges, %u entries, %u bad, starts %u %u, objectives",
          id, (int)g->type, gsl_spmatrix_uint_type(t), t->size1, t->size2, g->num_vertices,
          g->num_edges, entries, bad, g->start[0], g->start[1]);
  for (unsigned int i = 0; i < g->num_objectives; i++)
    fprintf(stderr, " %u", g->objectives[i]);
  fprintf(stderr, "\n");
  random_initialize(id, g);
}
"#,
    );
    for (board, first, expect) in [
        (
            ["-t", "T", "-m", "6"],
            "1",
            "type 0 CSR 91x91, 91 vertices, 240 edges, 480 entries, 0 bad, starts 0 90",
        ),
        (
            ["-t", "C", "-m", "4"],
            "0",
            "type 1 CSR 30x30, 30 vertices, 60 edges, 120 entries, 0 bad, starts 0 29",
        ),
        (
            ["-t", "H", "-m", "6"],
            "0",
            "type 2 CSR 84x84, 84 vertices, 198 edges, 396 entries, 0 bad, starts 0 83",
        ),
    ] {
        let mut args = board.to_vec();
        args.extend([
            "-M",
            "2",
            "--first",
            first,
            "--objectives",
            "6",
            "--seed",
            "9",
            &so,
            &so,
        ]);
        let o = kit.play(&args);
        assert_eq!(o.summary.reason.as_str(), "turn_limit", "{}", o.json);
        for seat in 0..2 {
            let l = o.log(seat);
            let line = l
                .lines()
                .find(|l| l.starts_with("graph: "))
                .unwrap_or_else(|| panic!("{l}"));
            let colour = if seat.to_string() == first { 0 } else { 1 };
            assert!(
                line.starts_with(&format!("graph: id {colour} {expect}, objectives ")),
                "{line}"
            );
            // The objectives are the greeting's, in order: six of them.
            let objectives = line.rsplit("objectives").next().unwrap();
            assert_eq!(objectives.split_whitespace().count(), 6, "{line}");
            let host = l.lines().find(|l| l.contains("objectives [")).unwrap();
            let listed: String = objectives.split_whitespace().collect::<Vec<_>>().join(", ");
            assert!(
                host.ends_with(&format!("objectives [{listed}]")),
                "{host} / {line}"
            );
        }
    }
}

#[test]
fn a_client_that_crashes_loops_exits_or_aborts_in_gsl_loses_its_game() {
    let Some(kit) = Kit::new("a_client_that_crashes_loops_exits_or_aborts_in_gsl_loses_its_game")
    else {
        return;
    };
    let o = kit.fault("crash", "*(volatile int *)0 = 1;", &[]);
    assert_eq!(o.summary.reason, Reason::Crashed, "{}", o.json);
    let signal = o.summary.players[0].exit.signal.as_deref();
    assert_eq!(signal, Some("SIGSEGV"), "{}", o.json);
    let o = kit.fault("spin", "for (;;) {}", &["--time-limit-ms", "300"]);
    assert_eq!(o.summary.reason, Reason::Timeout, "{}", o.json);
    // exit() in play(), whatever its status (0 looked like a clean end):
    // the host's own status, saying so.
    for (name, status) in [("quit", 3), ("quit0", 0)] {
        let o = kit.fault(name, &format!("exit({status});"), &[]);
        let said = format!("it called exit({status}) in play()");
        assert_stopped(&o, 0, "black", HostStop::ClientExit, &said);
    }
    // gsl_spmatrix_uint_set on a CSR matrix: GSL's handler aborts.
    let o = kit.fault("gsl", "gsl_spmatrix_uint_set(g->t, 0, 0, 1);", &[]);
    assert_eq!(o.summary.reason, Reason::Crashed, "{}", o.json);
    let signal = o.summary.players[0].exit.signal.as_deref();
    assert_eq!(signal, Some("SIGABRT"), "{}", o.json);
    assert!(o.log(0).contains("gsl: "), "{}", o.log(0));
}

#[test]
fn a_client_that_returns_garbage_loses_saying_what_it_returned() {
    let Some(kit) = Kit::new("a_client_that_returns_garbage_loses_saying_what_it_returned") else {
        return;
    };
    let invalid = "the player's move is invalid: ";
    for (name, body, reply, detail) in [
        (
            "type",
            "m.t = (enum move_type_t)42;",
            "! move_t.t is 42, neither WALL (1) nor MOVE (2)",
            "",
        ),
        (
            "notype",
            "m.t = NO_TYPE;",
            "! move_t.t is NO_TYPE (0): no move",
            "",
        ),
        (
            "colour",
            "m.t = MOVE; m.m = 1; m.c = WHITE;",
            "! move_t.c is 1, not this player's colour 0 (BLACK)",
            "",
        ),
        (
            "vertex",
            "m.t = MOVE; m.m = 100000;",
            "M 100000",
            "100000 is not a vertex of the board (0 to 90)",
        ),
        (
            "wall",
            "m.t = WALL; m.e[0].fr = 0; m.e[0].to = 1; m.e[1].fr = 0; m.e[1].to = 6;",
            "W 0 1 0 6",
            "the edges go E and SW from 0: a wall covers two edges in consecutive directions (such as NE and E)",
        ),
    ] {
        let o = kit.fault(name, body, &[]);
        // A `!` reply says itself why it is no move.
        let why = match reply.strip_prefix("! ") {
            Some(said) => format!("{invalid}{said}"),
            None => detail.to_owned(),
        };
        // Quoted as far as a quote goes (the whole reply is in `rejected`).
        let quoted = game_core::printable(reply.as_bytes());
        let detail = format!("player 0 (black) replied {quoted}: {why}");
        assert_ended(&o.summary, "illegal_move", Some(1), &detail);
        // The --json summary carries the refused reply.
        let rejected = &o.summary.rejected;
        assert_eq!(rejected.len(), 1, "{}", o.json);
        assert_eq!(
            (
                rejected[0].player,
                rejected[0].phase,
                &rejected[0].lines[..]
            ),
            (0, Phase::Move, &[reply.to_owned()][..]),
            "{}",
            o.json
        );
        replays(kit.dir());
    }
}

#[test]
fn a_client_that_prints_reads_stdin_or_forks_plays_on() {
    let Some(kit) = Kit::new("a_client_that_prints_reads_stdin_or_forks_plays_on") else {
        return;
    };
    // The example client, chatty: it reads stdin (the end of file at once)
    // and writes protocol-like lines to stdout, which go to its log.
    let chatty = kit.wrapped_play(
        "chatty",
        &["stdio.h"],
        r#"printf("M 0\nW 1 2 1 3\nthinking hard... stdin gives %d\n", getchar());
  fflush(stdout);"#,
    );
    let random = kit.random_client();
    let o = kit.play(&["-M", "60", "--seed", "6", &chatty, &random]);
    assert!(matches!(o.summary.reason, Reason::Game(_)), "{}", o.json);
    assert_eq!(o.summary.players[0].failure, None, "{}", o.json);
    assert!(o.summary.players[0].moves >= 29, "{}", o.json);
    let l = o.log(0);
    assert!(
        l.contains("M 0\nW 1 2 1 3\nthinking hard... stdin gives -1\n"),
        "{l}"
    );
    // A child it forks in play() may exit() as it likes: the host's watch
    // on exit() is for the host's own process.
    let forks = kit.wrapped_play(
        "forks",
        &["stdlib.h", "sys/wait.h", "unistd.h"],
        r#"static int forked;
  if (!forked++) {
    pid_t child = fork();
    if (child == 0)
      exit(0);
    waitpid(child, NULL, 0);
  }"#,
    );
    let o = kit.play(&["-M", "20", "--seed", "6", &forks, &random]);
    assert_ended_by(&o.summary, &["turn_limit", "tour_completed"]);
    assert_clean(&o.summary);
    assert!(!o.log(0).contains("stopped"), "{}", o.log(0));
}

#[test]
fn a_broken_client_library_loses_and_the_verdict_says_why() {
    let Some(kit) = Kit::new("a_broken_client_library_loses_and_the_verdict_says_why") else {
        return;
    };
    let random = kit.random_client();
    // A library without finalize, a file that is no library, a file that
    // is not there: the host stops at once, each with its status.
    let partial = kit.source(
        "partial",
        r#"#include "player.h"
char const *get_player_name(void) { return "partial"; }
void initialize(unsigned int id, struct graph_t *g) { (void)id; (void)g; }
struct move_t play(const struct move_t previous) { return previous; }
"#,
    );
    let partial = kit.build("partial", &[partial]);
    let junk = kit.dir().join("junk.so");
    std::fs::write(&junk, "not a library\n").unwrap();
    let junk = junk.display().to_string();
    let missing = kit.dir().join("missing.so").display().to_string();
    for (seats, loser, colour, why, more) in [
        (
            &["--first", "1", &partial, &random][..],
            0,
            "white",
            HostStop::MissingFunction,
            "partial.so has no function finalize",
        ),
        (
            &["--first", "0", &random, &junk],
            1,
            "white",
            HostStop::NotALibrary,
            "junk.so: ",
        ),
        (
            &["--first", "0", &missing, &random],
            0,
            "black",
            HostStop::NoFile,
            "there is no file /",
        ),
    ] {
        let o = kit.play(seats);
        assert_stopped(&o, loser, colour, why, more);
    }
    // A client that closes every descriptor but stderr, or puts
    // /dev/null in their place, in play(); one that calls exit(0) in
    // initialize().
    let closes = "for (int fd = 0; fd < 64; fd++) if (fd != 2) close(fd);";
    let nulls = "int n = open(\"/dev/null\", O_RDWR); \
                 for (int fd = 0; fd < 64; fd++) if (fd != 2 && fd != n) dup2(n, fd);";
    for (name, body, more) in [
        (
            "closes",
            closes,
            "descriptor 3, the referee's messages, was closed in play()",
        ),
        (
            "nulls",
            nulls,
            "descriptor 3, the referee's messages, was replaced by another file in play()",
        ),
    ] {
        let o = kit.fault(name, body, &[]);
        assert_stopped(&o, 0, "black", HostStop::Descriptors, more);
    }
    let early = kit.wrapped_example(
        "early",
        "initialize",
        r#"#include <stdlib.h>
#include "player.h"
void initialize(unsigned int id, struct graph_t *g) { (void)id; (void)g; exit(0); }
"#,
    );
    let o = kit.play(&["--first", "1", &random, &early]);
    let said = "it called exit(0) in initialize()";
    assert_stopped(&o, 1, "black", HostStop::ClientExit, said);
}

#[test]
fn our_ai_as_a_client_library_plays_under_the_host() {
    let Some(kit) = Kit::new("our_ai_as_a_client_library_plays_under_the_host") else {
        return;
    };
    let ours = tests::bins::workspace_file("libcoursidor_player.so")
        .display()
        .to_string();
    let random = kit.random_client();
    let thinking = |ms: &str, args: &[&str]| {
        Play::game("coursidor")
            .args(args)
            .in_dir(kit.dir())
            .env("COURSIDOR_AI_MOVE_MS", ms)
            .run::<referee_schema::Record>()
    };
    for (board, first) in [
        (["-t", "T", "-m", "5"], "0"),
        (["-t", "C", "-m", "6"], "1"),
        (["-t", "H", "-m", "6"], "0"),
    ] {
        let mut args = board.to_vec();
        args.extend(["--first", first, "--seed", "8", &ours, &random]);
        let o = thinking("30", &args);
        assert_won(&o.summary, "tour_completed", 0);
        assert_eq!(o.summary.players[0].illegal_moves, 0, "{}", o.json);
        assert!(o.log(0).contains("named \"coursidor-ai\""), "{}", o.log(0));
        replays(kit.dir());
    }
    // Against itself, from the same file: the point is that one library
    // serves both seats, so any end by the rules will do (two copies
    // thinking 20 ms a move on a loaded machine once blocked each other
    // until the turn limit, then the default 1000 moves: 200 is enough).
    let self_play = [
        "-t", "T", "-m", "4", "-M", "200", "--seed", "2", &ours, &ours,
    ];
    let o = thinking("20", &self_play);
    assert_ended_by(&o.summary, &["tour_completed", "turn_limit"]);
    assert_clean(&o.summary);
}
