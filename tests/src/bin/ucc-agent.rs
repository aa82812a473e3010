//! `ucc-agent`: a Stratego agent for the UCC 2012 manager's protocol
//! (`docs/ucc.md`), written from that manager's manual alone and sharing no
//! code with the referee's translation, so that the end-to-end tests check
//! the translation against an independent reading.
//!
//! It keeps the board from its side in the manager's coordinates (`(X, Y)`,
//! RED on the top rows), updated from the move lines it receives, and
//! checks every board it is sent against it: a board that disagrees, or a
//! line it cannot read, makes it exit with status 3 and the reason on
//! stderr. It plays random legal moves (seeded), Scouts included, and can
//! misbehave on its N-th move: surrender, send a line of its choice, or
//! never answer.
//!
//! On `QUIT` it writes `quit: LINE` to stderr and exits 0; at the end of its
//! input without a `QUIT`, `eof` and exits 0.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Parser;

#[derive(Parser, Debug)]
#[command(about = "A UCC 2012 Stratego agent for tests: random legal moves, chosen faults")]
struct Cli {
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// On its N-th move, send SURRENDER.
    #[arg(long, value_name = "N")]
    surrender_at: Option<u32>,
    /// On its N-th move, send LINE instead of a move (N:LINE).
    #[arg(long, value_name = "N:LINE")]
    say_at: Option<String>,
    /// On its N-th move, never answer.
    #[arg(long, value_name = "N")]
    stall_at: Option<u32>,
    /// Send these four rows as its setup (comma-separated) instead of the
    /// manual's.
    #[arg(long, value_name = "ROWS")]
    setup: Option<String>,
}

/// The manual's setup for RED (back row first); BLUE sends it mirrored.
const RED: [&str; 4] = ["FB8sB479B8", "BB31555583", "6724898974", "967B669999"];

/// The board from our side: `grid[y][x]`, as the manager prints it.
type Grid = [[u8; 10]; 10];

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

fn fail(why: String) -> ! {
    eprintln!("ucc-agent: {why}");
    std::process::exit(3)
}

fn step(x: i32, y: i32, dir: &str, n: i32) -> (i32, i32) {
    match dir {
        "UP" => (x, y - n),
        "DOWN" => (x, y + n),
        "LEFT" => (x - n, y),
        "RIGHT" => (x + n, y),
        _ => fail(format!("{dir:?} is not a direction")),
    }
}

fn on_board(x: i32, y: i32) -> bool {
    (0..10).contains(&x) && (0..10).contains(&y)
}

fn mine(c: u8) -> bool {
    c.is_ascii_digit() || matches!(c, b's' | b'F' | b'B')
}

/// Applies a move line `X Y DIR [M] OUTCOME [A D]` to our board.
fn apply(grid: &mut Grid, line: &str) {
    let w: Vec<&str> = line.split(' ').collect();
    let num = |s: &str| {
        s.parse::<i32>()
            .unwrap_or_else(|_| fail(format!("{s:?} in {line:?} is not a number")))
    };
    if w.len() < 4 {
        fail(format!("{line:?} is not a move line"));
    }
    let (x, y) = (num(w[0]), num(w[1]));
    let (n, rest) = match w[3].parse::<i32>() {
        Ok(n) => (n, &w[4..]),
        Err(_) => (1, &w[3..]),
    };
    let (tx, ty) = step(x, y, w[2], n);
    if !on_board(x, y) || !on_board(tx, ty) {
        fail(format!("{line:?} leaves the board"));
    }
    let (x, y, tx, ty) = (x as usize, y as usize, tx as usize, ty as usize);
    let mover = grid[y][x];
    if mover == b'.' || mover == b'+' {
        fail(format!("{line:?} moves from an empty square"));
    }
    let ours = mine(mover);
    let outcome = rest.first().copied().unwrap_or("");
    let ranks = || {
        if rest.len() != 3 || rest[1].len() != 1 || rest[2].len() != 1 {
            fail(format!("{line:?}: a battle names two ranks"));
        }
        (rest[1].as_bytes()[0], rest[2].as_bytes()[0])
    };
    grid[y][x] = b'.';
    match outcome {
        "OK" if rest.len() == 1 && grid[ty][tx] == b'.' => grid[ty][tx] = mover,
        "KILLS" => {
            let (a, _) = ranks();
            grid[ty][tx] = if ours { a } else { b'#' };
        }
        "DIES" => {
            ranks();
        }
        "BOTHDIE" => {
            ranks();
            grid[ty][tx] = b'.';
        }
        _ => fail(format!("{line:?}: unexpected outcome")),
    }
}

/// Every legal move from our side: `(x, y, direction, distance)`.
fn moves(grid: &Grid) -> Vec<(usize, usize, &'static str, i32)> {
    let mut out = Vec::new();
    for y in 0..10 {
        for x in 0..10 {
            let c = grid[y][x];
            if !mine(c) || matches!(c, b'F' | b'B') {
                continue;
            }
            for dir in ["UP", "DOWN", "LEFT", "RIGHT"] {
                for n in 1..10 {
                    let (tx, ty) = step(x as i32, y as i32, dir, n);
                    if !on_board(tx, ty) {
                        break;
                    }
                    let t = grid[ty as usize][tx as usize];
                    if t == b'.' || t == b'#' {
                        out.push((x, y, dir, n));
                    }
                    if t != b'.' || c != b'9' {
                        break;
                    }
                }
            }
        }
    }
    out
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut rng = Rng(cli.seed.max(1).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = io::stdout().lock();
    let mut read = || match lines.next() {
        Some(Ok(l)) => {
            if l.starts_with("QUIT") {
                eprintln!("quit: {l}");
                std::process::exit(0);
            }
            Some(l)
        }
        _ => None,
    };
    let Some(first) = read() else {
        eprintln!("eof");
        return ExitCode::SUCCESS;
    };
    let w: Vec<&str> = first.split(' ').collect();
    if w.len() != 4 || !matches!(w[0], "RED" | "BLUE") || w[2] != "10" || w[3] != "10" {
        fail(format!("{first:?} is not COLOUR OPPONENT 10 10"));
    }
    let red = w[0] == "RED";
    let rows: Vec<String> = match &cli.setup {
        Some(s) => s.split(',').map(String::from).collect(),
        None if red => RED.iter().map(|s| s.to_string()).collect(),
        None => RED.iter().rev().map(|s| s.to_string()).collect(),
    };
    for r in &rows {
        writeln!(out, "{r}").ok();
    }
    out.flush().ok();
    // Our board: our setup, the enemy's rows all '#', the lakes.
    let mut grid: Grid = [[b'.'; 10]; 10];
    let top = if red { 0 } else { 6 };
    for (i, r) in rows.iter().enumerate().take(4) {
        for (x, c) in r.bytes().take(10).enumerate() {
            grid[top + i][x] = c;
        }
    }
    let enemy = if red { 6..10 } else { 0..4 };
    for row in &mut grid[enemy] {
        *row = [b'#'; 10];
    }
    for y in [4, 5] {
        for x in [2, 3, 6, 7] {
            grid[y][x] = b'+';
        }
    }
    let mut turn = 0u32;
    let mut expect_start = red;
    loop {
        // START (RED's first turn) or the opponent's move, then the board.
        let Some(line) = read() else {
            eprintln!("eof");
            return ExitCode::SUCCESS;
        };
        if expect_start {
            if line != "START" {
                fail(format!("{line:?} where START was expected"));
            }
            expect_start = false;
        } else {
            apply(&mut grid, &line);
        }
        for (y, ours) in grid.iter().enumerate() {
            let Some(row) = read() else {
                fail(format!("the board ends after {y} rows"));
            };
            if row.as_bytes() != ours {
                fail(format!(
                    "board row {y} is {row:?}, ours is {:?}",
                    String::from_utf8_lossy(ours)
                ));
            }
        }
        turn += 1;
        let say = cli
            .say_at
            .as_deref()
            .and_then(|s| s.split_once(':'))
            .filter(|(n, _)| n.parse() == Ok(turn))
            .map(|(_, l)| l.to_owned());
        if cli.stall_at == Some(turn) {
            loop {
                std::thread::sleep(std::time::Duration::from_secs(60));
            }
        }
        let reply = if cli.surrender_at == Some(turn) {
            "SURRENDER".to_owned()
        } else if let Some(l) = say {
            l
        } else {
            let all = moves(&grid);
            if all.is_empty() {
                fail("asked to move without a legal move".into());
            }
            let (x, y, dir, n) = all[rng.below(all.len())];
            if n == 1 {
                format!("{x} {y} {dir}")
            } else {
                format!("{x} {y} {dir} {n}")
            }
        };
        writeln!(out, "{reply}").ok();
        out.flush().ok();
        // The manager repeats the move with its outcome.
        let Some(echo) = read() else {
            eprintln!("eof");
            return ExitCode::SUCCESS;
        };
        let w: Vec<&str> = echo.split(' ').collect();
        let sent: Vec<&str> = reply.split(' ').collect();
        if w.len() < sent.len() || w[..3] != sent[..3] {
            fail(format!("{echo:?} does not repeat our move {reply:?}"));
        }
        apply(&mut grid, &echo);
    }
}
