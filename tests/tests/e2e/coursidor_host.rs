//! Course clients of Coursidor (`.so` libraries implementing `player.h`)
//! under the real referee, each in a `coursidor-host` of its own: the
//! example client against itself and against our player on every board
//! type; the graph a client receives; and clients that crash, loop, call
//! `exit()`, abort in GSL, return garbage, print to stdout or read stdin,
//! or lack a function — each loses its own game (or, printing, plays on)
//! and harms nothing else. The clients are built here with gcc against the
//! headers of `examples/coursidor/include` (gcc and libgsl-dev: `make test`
//! installs them; plain `cargo test` skips these tests without them).

use std::path::{Path, PathBuf};
use std::process::Command;

use referee_schema::{Reason, Summary};

use crate::util::{TestDir, shared, workspace_bin};
use tests::tools::{need, need_file};

/// The workspace's `examples/coursidor/NAME`.
fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/coursidor")
        .join(name)
}

/// gcc and libgsl's headers, or `None` when `test` is to be skipped.
fn tools(test: &str) -> Option<PathBuf> {
    let cc = need("cc", test)?;
    need_file("/usr/include/gsl/gsl_spmatrix_uint.h", "libgsl-dev", test)?;
    Some(cc)
}

/// Runs `cc` on `sources` (files) with the course's headers and `flags`
/// into `out`: an object file with `-c` among the flags, else a shared
/// library as a course client is built (no `-lgsl`: the host makes GSL
/// visible).
fn compile(cc: &Path, out: &Path, flags: &[&str], sources: &[PathBuf]) {
    let shared_lib = !flags.contains(&"-c");
    let result = {
        let _guard = shared();
        Command::new(cc)
            .args(["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-fPIC"])
            .args(shared_lib.then_some("-shared"))
            .arg(format!("-I{}", example("include").display()))
            .args(flags)
            .arg("-o")
            .arg(out)
            .args(sources)
            .output()
            .unwrap()
    };
    assert!(
        result.status.success(),
        "{} does not compile: {}",
        out.display(),
        String::from_utf8_lossy(&result.stderr)
    );
}

/// A client from `sources` (files) with `flags`: `dir/NAME.so`.
fn build(cc: &Path, dir: &Path, name: &str, flags: &[&str], sources: &[PathBuf]) -> PathBuf {
    let out = dir.join(format!("{name}.so"));
    compile(cc, &out, flags, sources);
    out
}

/// Writes `text` to `dir/NAME.c`.
fn source(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(format!("{name}.c"));
    let _guard = shared();
    std::fs::write(&p, text).unwrap();
    p
}

/// The example client, built in `dir`.
fn random_client(cc: &Path, dir: &Path) -> PathBuf {
    build(cc, dir, "random", &[], &[example("random-client.c")])
}

/// A client whose `play` runs `body` (with `me`, the colour, and `g`, the
/// graph, at hand).
fn faulty(cc: &Path, dir: &Path, name: &str, body: &str) -> PathBuf {
    let text = format!(
        r#"#include <stdio.h>
#include <stdlib.h>
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
    let src = source(dir, name, &text);
    build(cc, dir, name, &[], &[src])
}

/// Plays `referee --game coursidor --json --record game.json ARGS` in
/// `dir` and reads the verdict.
fn play(dir: &Path, args: &[&str]) -> (Summary, String) {
    play_with_env(dir, args, &[])
}

/// [`play`] with variables in the referee's environment (its players
/// inherit them).
fn play_with_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (Summary, String) {
    let _guard = shared();
    let out = Command::new(workspace_bin("referee"))
        .current_dir(dir)
        .envs(env.iter().copied())
        .args(["--game", "coursidor", "--json", "--record", "game.json"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    let s = Summary::from_json(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    (s, json)
}

/// Player `i`'s log.
fn log(dir: &Path, i: usize) -> String {
    std::fs::read_to_string(dir.join(format!("logs/player{i}.log"))).unwrap_or_default()
}

fn replays(dir: &Path) {
    let _guard = shared();
    let out = Command::new(workspace_bin("referee"))
        .current_dir(dir)
        .args(["replay", "--check", "game.json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_example_client_plays_itself_and_our_player_on_every_board() {
    let Some(cc) = tools("the_example_client_plays_itself_and_our_player_on_every_board") else {
        return;
    };
    let dir = TestDir::new();
    let random = random_client(&cc, dir.path());
    let so = random.display().to_string();
    // The same library twice: each host loads its own copy, in its own
    // process, so the two share no state.
    let (s, json) = play(dir.path(), &["-M", "400", "--seed", "1", &so, &so]);
    assert!(matches!(s.reason, Reason::Game(_)), "{json}");
    for (i, p) in s.players.iter().enumerate() {
        assert_eq!(
            (p.illegal_moves, p.timeouts, &p.failure),
            (0, 0, &None),
            "{json}"
        );
        assert_eq!(p.exit.code, Some(0), "{json}");
        assert!(p.program.ends_with("coursidor-host"), "{json}");
        assert_eq!(p.args, std::slice::from_ref(&so));
        let l = log(dir.path(), i);
        assert!(l.contains("named \"random client\""), "{l}");
    }
    replays(dir.path());
    // Against the tour baseline on each board type: it loses, by the rules.
    let tour = format!(
        "{} --game coursidor --strategy tour --seed 3",
        workspace_bin("player").display()
    );
    for board in [
        ["-t", "T", "-m", "5"],
        ["-t", "C", "-m", "6"],
        ["-t", "H", "-m", "9"],
    ] {
        let mut args = board.to_vec();
        args.extend(["--seed", "2", "--player", &so, "--player", &tour]);
        let (s, json) = play(dir.path(), &args);
        assert_eq!(s.reason.as_str(), "tour_completed", "{board:?}: {json}");
        assert_eq!(s.winner, Some(1), "{board:?}: {json}");
        assert_eq!(s.players[0].failure, None, "{json}");
        replays(dir.path());
    }
}

#[test]
fn a_client_receives_a_graph_of_its_own_in_csr_with_the_layout() {
    let Some(cc) = tools("a_client_receives_a_graph_of_its_own_in_csr_with_the_layout") else {
        return;
    };
    let dir = TestDir::new();
    // The example client, its initialize checking the graph first.
    let check = source(
        dir.path(),
        "check",
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
    // The example compiled with its initialize renamed, linked with the
    // wrapper.
    let random_obj = dir.path().join("random.o");
    compile(
        &cc,
        &random_obj,
        &["-c", "-Dinitialize=random_initialize"],
        &[example("random-client.c")],
    );
    let so = build(&cc, dir.path(), "check", &[], &[check, random_obj]);
    let so = so.display().to_string();
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
        let (s, json) = play(dir.path(), &args);
        assert_eq!(s.reason.as_str(), "turn_limit", "{json}");
        for seat in 0..2 {
            let l = log(dir.path(), seat);
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

/// A client built from `body` plays black against the example client:
/// the verdict and the faulty client's log.
fn fault(
    cc: &Path,
    dir: &Path,
    name: &str,
    body: &str,
    extra: &[&str],
) -> (Summary, String, String) {
    let bad = faulty(cc, dir, name, body).display().to_string();
    let random = random_client(cc, dir).display().to_string();
    let mut args = vec!["--first", "0", "--seed", "4"];
    args.extend(extra);
    args.extend([bad.as_str(), random.as_str()]);
    let (s, json) = play(dir, &args);
    // The other player is never harmed.
    assert_eq!(s.winner, Some(1), "{name}: {json}");
    assert_eq!(s.players[1].failure, None, "{name}: {json}");
    assert_eq!(s.players[1].exit.code, Some(0), "{name}: {json}");
    (s, json, log(dir, 0))
}

#[test]
fn a_client_that_crashes_loops_exits_or_aborts_in_gsl_loses_its_game() {
    let Some(cc) = tools("a_client_that_crashes_loops_exits_or_aborts_in_gsl_loses_its_game")
    else {
        return;
    };
    let dir = TestDir::new();
    let d = dir.path();
    let (s, json, _) = fault(&cc, d, "crash", "*(volatile int *)0 = 1;", &[]);
    assert_eq!(s.reason, Reason::Crashed, "{json}");
    assert_eq!(
        s.players[0].exit.signal.as_deref(),
        Some("SIGSEGV"),
        "{json}"
    );
    let (s, json, _) = fault(&cc, d, "spin", "for (;;) {}", &["--time-limit-ms", "300"]);
    assert_eq!(s.reason, Reason::Timeout, "{json}");
    let (s, json, _) = fault(&cc, d, "quit", "exit(3);", &[]);
    assert_eq!(s.reason, Reason::Exited, "{json}");
    assert_eq!(s.players[0].exit.code, Some(3), "{json}");
    // gsl_spmatrix_uint_set on a CSR matrix: GSL's handler aborts.
    let (s, json, log) = fault(&cc, d, "gsl", "gsl_spmatrix_uint_set(g->t, 0, 0, 1);", &[]);
    assert_eq!(s.reason, Reason::Crashed, "{json}");
    assert_eq!(
        s.players[0].exit.signal.as_deref(),
        Some("SIGABRT"),
        "{json}"
    );
    assert!(log.contains("gsl: "), "{log}");
}

#[test]
fn a_client_that_returns_garbage_loses_saying_what_it_returned() {
    let Some(cc) = tools("a_client_that_returns_garbage_loses_saying_what_it_returned") else {
        return;
    };
    let dir = TestDir::new();
    let d = dir.path();
    for (name, body, detail) in [
        (
            "type",
            "m.t = (enum move_type_t)42;",
            "the player's move is invalid: move_t.t is 42, neither WALL (1) nor MOVE (2)",
        ),
        (
            "notype",
            "m.t = NO_TYPE;",
            "the player's move is invalid: move_t.t is NO_TYPE (0): no move",
        ),
        (
            "colour",
            "m.t = MOVE; m.m = 1; m.c = WHITE;",
            "the player's move is invalid: move_t.c is 1, not this player's colour 0 (BLACK)",
        ),
        (
            "vertex",
            "m.t = MOVE; m.m = 100000;",
            "100000 is not a vertex of the board (0 to 90)",
        ),
        (
            "wall",
            "m.t = WALL; m.e[0].fr = 0; m.e[0].to = 1; m.e[1].fr = 0; m.e[1].to = 6;",
            "the edges go E and SW from 0: a wall covers two edges in consecutive directions (such as NE and E)",
        ),
    ] {
        let (s, json, _) = fault(&cc, d, name, body, &[]);
        assert_eq!(s.reason, Reason::IllegalMove, "{name}: {json}");
        assert_eq!(s.detail, format!("player 0: {detail}"), "{json}");
        replays(d);
    }
}

#[test]
fn a_client_that_prints_or_reads_stdin_plays_on_and_a_broken_library_is_named() {
    let Some(cc) =
        tools("a_client_that_prints_or_reads_stdin_plays_on_and_a_broken_library_is_named")
    else {
        return;
    };
    let dir = TestDir::new();
    let d = dir.path();
    // The example client, chatty: it reads stdin (the end of file at once)
    // and writes protocol-like lines to stdout, which go to its log.
    let wrapper = source(
        d,
        "chatty",
        r#"#include <stdio.h>
#include "player.h"
struct move_t random_play(const struct move_t previous);
struct move_t play(const struct move_t previous) {
  printf("M 0\nW 1 2 1 3\nthinking hard... stdin gives %d\n", getchar());
  fflush(stdout);
  return random_play(previous);
}
"#,
    );
    let obj = d.join("random-play.o");
    compile(
        &cc,
        &obj,
        &["-c", "-Dplay=random_play"],
        &[example("random-client.c")],
    );
    let so = build(&cc, d, "chatty", &[], &[wrapper, obj]);
    let random = random_client(&cc, d).display().to_string();
    let chatty = so.display().to_string();
    let (s, json) = play(d, &["-M", "60", "--seed", "6", &chatty, &random]);
    assert!(matches!(s.reason, Reason::Game(_)), "{json}");
    assert_eq!(s.players[0].failure, None, "{json}");
    assert!(s.players[0].moves >= 29, "{json}");
    let l = log(d, 0);
    assert!(
        l.contains("M 0\nW 1 2 1 3\nthinking hard... stdin gives -1\n"),
        "{l}"
    );
    // A library without finalize, and a file that is no library: the host
    // says why in the log and exits; that player loses.
    let partial = source(
        d,
        "partial",
        r#"#include "player.h"
char const *get_player_name(void) { return "partial"; }
void initialize(unsigned int id, struct graph_t *g) { (void)id; (void)g; }
struct move_t play(const struct move_t previous) { return previous; }
"#,
    );
    let partial = build(&cc, d, "partial", &[], &[partial])
        .display()
        .to_string();
    let (s, json) = play(d, &["--first", "1", &partial, &random]);
    assert_eq!(s.reason, Reason::Exited, "{json}");
    assert_eq!(s.winner, Some(1), "{json}");
    let l = log(d, 0);
    assert!(
        l.contains("cannot load the client") && l.contains("has no function finalize"),
        "{l}"
    );
    let junk = d.join("junk.so");
    std::fs::write(&junk, "not a library\n").unwrap();
    let junk = junk.display().to_string();
    let (s, json) = play(d, &[&random, &junk]);
    assert_eq!(s.reason, Reason::Exited, "{json}");
    assert_eq!(s.winner, Some(0), "{json}");
    let l = log(d, 1);
    assert!(
        l.contains("cannot load the client") && l.contains("junk.so"),
        "{l}"
    );
}

#[test]
fn our_ai_as_a_client_library_plays_under_the_host() {
    let Some(cc) = tools("our_ai_as_a_client_library_plays_under_the_host") else {
        return;
    };
    let dir = TestDir::new();
    let d = dir.path();
    let ours = tests::bins::workspace_file("libcoursidor_player.so")
        .display()
        .to_string();
    let random = random_client(&cc, d).display().to_string();
    for (board, first) in [
        (["-t", "T", "-m", "5"], "0"),
        (["-t", "C", "-m", "6"], "1"),
        (["-t", "H", "-m", "6"], "0"),
    ] {
        let mut args = board.to_vec();
        args.extend(["--first", first, "--seed", "8", &ours, &random]);
        let (s, json) = play_with_env(d, &args, &[("COURSIDOR_AI_MOVE_MS", "30")]);
        assert_eq!(s.reason.as_str(), "tour_completed", "{board:?}: {json}");
        assert_eq!(s.winner, Some(0), "{board:?}: {json}");
        assert_eq!(s.players[0].illegal_moves, 0, "{json}");
        let l = log(d, 0);
        assert!(l.contains("named \"coursidor-ai\""), "{l}");
        replays(d);
    }
    // Against itself, from the same file: the point is that one library
    // serves both seats, so any end by the rules will do (two copies
    // thinking 20 ms a move on a loaded machine once blocked each other
    // until the turn limit).
    let (s, json) = play_with_env(
        d,
        &["-t", "T", "-m", "4", "--seed", "2", &ours, &ours],
        &[("COURSIDOR_AI_MOVE_MS", "20")],
    );
    assert!(
        ["tour_completed", "turn_limit"].contains(&s.reason.as_str()),
        "{json}"
    );
    assert!(s.players.iter().all(|p| p.illegal_moves == 0), "{json}");
    assert!(
        s.players
            .iter()
            .all(|p| p.failure.is_none() && p.exit.code == Some(0)),
        "{json}"
    );
}
