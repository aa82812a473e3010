//! `oust-faulty`: an Oust per-move program that plays random legal moves
//! until the board holds `--at` stones, then misbehaves as `--mode` says —
//! to probe the referee in the per-move model. The command line and the
//! faults of the process are every game's (`tests::faulty::skeleton`).

use std::io::Read;
use std::process::ExitCode;

use clap::Parser;
use game_core::Rng;
use oust::{IllegalMove, Move, Point, Position, wire};
use tests::faulty::skeleton::{Faults, send};

/// Oust's bad replies.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
enum Fault {
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
}

/// Plays random legal Oust moves until the board holds --at stones, then
/// misbehaves as MODE says. The seed is mixed with the number of stones,
/// so that each move's process plays differently.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(flatten)]
    faults: Faults<Fault>,
    /// The time allowed, in seconds (the referee's argument; unused).
    seconds: Option<u64>,
}

/// The reply `col row` for point `p`.
fn point_text(pos: &Position, p: Point) -> Vec<u8> {
    let (c, r) = pos.options().coords(p);
    format!("{c} {r}\n").into_bytes()
}

/// The bad reply `fault` in `pos`, if this position allows it.
fn bad_reply(fault: Fault, pos: &Position, moves: &[Move]) -> Option<Vec<u8>> {
    let opts = pos.options();
    let points = || (0..opts.points()).map(|i| Point(i as u16));
    Some(match fault {
        Fault::Garbage => b"hello world\n".to_vec(),
        Fault::Negative => b"-1 0\n".to_vec(),
        Fault::Comma => b"3,4\n".to_vec(),
        Fault::OneNumber => b"3\n".to_vec(),
        Fault::Occupied => point_text(pos, points().find(|&p| pos.stone(p).is_some())?),
        Fault::IllegalCapture => {
            let g = pos.groups();
            let bad = points().find(|&p| {
                pos.stone(p).is_none()
                    && matches!(
                        pos.placement(p, pos.to_move(), &g),
                        Err(IllegalMove::NoEnemyTouched { .. } | IllegalMove::NotLarger { .. })
                    )
            })?;
            point_text(pos, bad)
        }
        Fault::Pass if moves == [Move::Pass] => return None,
        Fault::Pass => format!("{} 0\n", opts.cols).into_bytes(),
        Fault::LongLine => vec![b'7'; 100].into_iter().chain(*b"\n").collect(),
        Fault::Binary => b"1 \xb6\n".to_vec(),
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let faults = &cli.faults;
    faults.start();
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
    let mut rng = Rng::new(faults.seed ^ (stones as u64).wrapping_mul(0x9e37_79b9));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let legal = || match moves[rng.below(moves.len() as u64) as usize].point() {
        Some(p) => point_text(&pos, p),
        None => format!("{} {}\n", opts.cols, opts.rows).into_bytes(),
    };
    let reply = faults
        .reply_at(stones as u32)
        .and_then(|fault| bad_reply(fault, &pos, &moves))
        .unwrap_or_else(legal);
    if send(&reply).is_err() {
        return ExitCode::FAILURE;
    }
    faults.end();
    ExitCode::SUCCESS
}
