//! `oust-faulty`: an Oust per-move program that plays random legal moves
//! until the board holds `--at` stones, then misbehaves as `--mode` says —
//! to probe the referee in the per-move model.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use game_core::Rng;
use oust::{IllegalMove, Move, Point, Position, wire};
use tests::faulty::sys;

/// How to misbehave.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
enum Mode {
    /// Never: random legal moves.
    None,
    /// A line of words.
    Garbage,
    /// `-1 0`.
    Negative,
    /// `3,4`.
    Comma,
    /// One number only.
    OneNumber,
    /// A point that holds a stone.
    Occupied,
    /// A placement touching its own stones that captures nothing legally
    /// (once one exists).
    IllegalCapture,
    /// Coordinates off the board (a pass) while placements are legal.
    Pass,
    /// A line over the 64-byte limit.
    LongLine,
    /// A byte that is not printable ASCII.
    Binary,
    /// No answer: sleeps an hour.
    Sleep,
    /// Aborts (SIGABRT) without answering.
    Crash,
    /// Exits with status 0 without answering.
    ExitSilent,
    /// Answers a legal move, then keeps running, ignoring SIGTERM.
    Linger,
    /// Leaves a `setsid` sleeper behind, then answers a legal move.
    SetsidChild,
}

/// Plays random legal Oust moves until the board holds --at stones, then
/// misbehaves as MODE says.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// The misbehaviour.
    #[arg(long, value_enum, default_value_t = Mode::None)]
    mode: Mode,
    /// Misbehave once the board holds at least this many stones.
    #[arg(long, default_value_t = 0)]
    at: usize,
    /// Seed of the random moves (mixed with the number of stones, so that
    /// each move's process differs).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The time allowed, in seconds (the referee's argument; unused).
    seconds: Option<u64>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        return ExitCode::FAILURE;
    }
    let Ok((opts, cells, colour)) = wire::parse_position(&text) else {
        eprintln!("oust-faulty: bad position:\n{text}");
        return ExitCode::FAILURE;
    };
    let pos = Position::from_cells(opts, &cells, colour, 0);
    let stones = cells.iter().filter(|&&c| c != 0).count();
    let mut rng = Rng::new(cli.seed ^ (stones as u64).wrapping_mul(0x9e37_79b9));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let legal = |rng: &mut Rng| -> String {
        let m = moves[rng.below(moves.len() as u64) as usize];
        match m.point() {
            Some(p) => {
                let (c, r) = opts.coords(p);
                format!("{c} {r}\n")
            }
            None => format!("{} {}\n", opts.cols, opts.rows),
        }
    };
    let acting = cli.mode != Mode::None && stones >= cli.at;
    let out: Vec<u8> = if !acting {
        legal(&mut rng).into_bytes()
    } else {
        match cli.mode {
            Mode::None => unreachable!("not acting"),
            Mode::Garbage => b"hello world\n".to_vec(),
            Mode::Negative => b"-1 0\n".to_vec(),
            Mode::Comma => b"3,4\n".to_vec(),
            Mode::OneNumber => b"3\n".to_vec(),
            Mode::Occupied => match cells.iter().position(|&c| c != 0) {
                Some(i) => {
                    let (c, r) = opts.coords(Point(i as u16));
                    format!("{c} {r}\n").into_bytes()
                }
                None => legal(&mut rng).into_bytes(),
            },
            Mode::IllegalCapture => {
                let g = pos.groups();
                let bad = (0..opts.points()).map(|i| Point(i as u16)).find(|&p| {
                    pos.stone(p).is_none()
                        && matches!(
                            pos.placement(p, colour, &g),
                            Err(IllegalMove::NoEnemyTouched { .. } | IllegalMove::NotLarger { .. })
                        )
                });
                match bad {
                    Some(p) => {
                        let (c, r) = opts.coords(p);
                        format!("{c} {r}\n").into_bytes()
                    }
                    None => legal(&mut rng).into_bytes(),
                }
            }
            Mode::Pass => {
                if moves == [Move::Pass] {
                    legal(&mut rng).into_bytes()
                } else {
                    format!("{} 0\n", opts.cols).into_bytes()
                }
            }
            Mode::LongLine => vec![b'7'; 100].into_iter().chain(*b"\n").collect(),
            Mode::Binary => b"1 \xb6\n".to_vec(),
            Mode::Sleep => {
                std::thread::sleep(Duration::from_secs(3600));
                Vec::new()
            }
            Mode::Crash => std::process::abort(),
            Mode::ExitSilent => return ExitCode::SUCCESS,
            Mode::Linger => {
                let _ = sys::ignore_sigterm();
                let mut stdout = std::io::stdout().lock();
                let _ = stdout.write_all(legal(&mut rng).as_bytes());
                let _ = stdout.flush();
                std::thread::sleep(Duration::from_secs(3600));
                return ExitCode::SUCCESS;
            }
            Mode::SetsidChild => {
                let _ = sys::fork_setsid_grandchild();
                legal(&mut rng).into_bytes()
            }
        }
    };
    let mut stdout = std::io::stdout().lock();
    if stdout
        .write_all(&out)
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
