//! A Stratego record (`referee --record`) replayed from one seat, with the
//! observations that seat made: shared by the `explain`, `beliefs` and
//! `material` examples; and how every example ends when its output is
//! closed early ([`quiet_when_closed`], `calibration`'s only use of it).

// Each example uses a part of this module (explain has no use for the
// players, say): what one leaves unused is not dead.
#![allow(dead_code)]

use anyhow::{Context, Result, bail};
use referee_schema::Record;
use stratego::referee_game::MoveRecord;
use stratego::{Game, Move, MoveResult, Player, Rank, Rules, Setup, UncheckedMove, View};
use stratego_ai::ai::exposure::Exposure;
use stratego_ai::ai::knowledge::Knowledge;
use stratego_ai::ai::tuning::Tuning;

/// A record's setups, players and moves, read and converted.
pub struct Recorded {
    /// Player 0's and player 1's setups.
    pub setups: [Setup; 2],
    /// Each seat's command line, as the record gives it.
    pub players: Vec<String>,
    /// Each move: its seat, the move and its result, as recorded. A
    /// surrender (a UCC agent resigning) ends the list: it is no move.
    pub moves: Vec<(Player, UncheckedMove, MoveResult, MoveRecord)>,
    /// The winning seat, `None` for a draw or an interrupted game.
    pub winner: Option<u8>,
}

impl Recorded {
    /// Our AI's seat: `seat_override`, or else the one seat whose program
    /// is our `player` (its file name starts with `player`: `player-v9` is
    /// a build of ours too) playing the AI: `player --strategy greedy`, the
    /// opponent of `make bench-strength`, is ours but not the AI.
    pub fn our_seat(&self, path: &str, seat_override: Option<Player>) -> Result<Player> {
        if let Some(s) = seat_override {
            return Ok(s);
        }
        let ours = |p: &String| {
            let mut words = p.split_whitespace();
            let program = words
                .next()
                .and_then(|prog| prog.rsplit('/').next())
                .is_some_and(|name| name.starts_with("player"));
            let words: Vec<&str> = words.collect();
            let strategy = words
                .iter()
                .enumerate()
                .find_map(|(i, w)| match w.strip_prefix("--strategy") {
                    Some("") => words.get(i + 1).copied(),
                    Some(rest) => rest.strip_prefix('='),
                    None => None,
                })
                .unwrap_or("ai");
            program && strategy == "ai"
        };
        match (self.players.first(), self.players.get(1)) {
            (Some(a), Some(b)) if ours(a) && !ours(b) => Ok(Player::Zero),
            (Some(a), Some(b)) if ours(b) && !ours(a) => Ok(Player::One),
            _ => bail!("{path}: which seat is ours? (--seat 0|1)"),
        }
    }
}

/// Takes `--seat 0|1` out of `args`, if there.
pub fn seat_option(args: &mut Vec<String>) -> Result<Option<Player>> {
    let Some(at) = args.iter().position(|a| a == "--seat") else {
        return Ok(None);
    };
    let value = args.get(at + 1).context("--seat needs 0 or 1")?;
    let seat = match value.as_str() {
        "0" => Player::Zero,
        "1" => Player::One,
        other => bail!("--seat {other:?}: 0 or 1"),
    };
    args.drain(at..at + 2);
    Ok(Some(seat))
}

/// Takes every `--tune NAME=VALUE` out of `args` (the player's
/// `--tune`), applied in order to the default tuning: the AI's settings
/// its replayed beliefs follow.
pub fn tune_options(args: &mut Vec<String>) -> Result<Tuning> {
    let mut tuning = Tuning::default();
    while let Some(at) = args.iter().position(|a| a == "--tune") {
        let setting = args.get(at + 1).context("--tune needs NAME=VALUE")?;
        tuning
            .set(setting)
            .with_context(|| format!("--tune {setting}"))?;
        args.drain(at..at + 2);
    }
    Ok(tuning)
}

/// Runs `each` on every record named on the command line, with the
/// `--seat` given if any (`name`, the program's, for its usage and its
/// messages). A record that does not replay (a game still being played, a
/// move refused) is named and left out, not the whole run.
pub fn each_record(
    name: &str,
    mut each: impl FnMut(&str, Option<Player>) -> Result<()>,
) -> Result<()> {
    records(name, false, |path, seat, _| each(path, seat))
}

/// [`each_record`] for a program whose beliefs follow the AI's tuning:
/// `--tune NAME=VALUE` options too ([`tune_options`]).
pub fn each_tuned_record(
    name: &str,
    each: impl FnMut(&str, Option<Player>, &Tuning) -> Result<()>,
) -> Result<()> {
    records(name, true, each)
}

fn records(
    name: &str,
    tunable: bool,
    mut each: impl FnMut(&str, Option<Player>, &Tuning) -> Result<()>,
) -> Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let seat = seat_option(&mut args)?;
    let tuning = if tunable {
        tune_options(&mut args)?
    } else {
        Tuning::default()
    };
    if args.is_empty() {
        let tune = if tunable {
            " [--tune NAME=VALUE]..."
        } else {
            ""
        };
        bail!("usage: {name} [--seat 0|1]{tune} RECORD...");
    }
    let mut skipped = 0;
    for path in &args {
        if let Err(e) = each(path, seat, &tuning) {
            eprintln!("{name}: {path}: skipped: {e:#}");
            skipped += 1;
        }
    }
    if skipped > 0 {
        eprintln!("{name}: {skipped} of {} records skipped", args.len());
    }
    Ok(())
}

fn setup(player: Player, codes: &[u8]) -> Result<Setup> {
    let ranks: Vec<Rank> = codes
        .iter()
        .map(|&c| Rank::from_code(c).context("a piece code"))
        .collect::<Result<_>>()?;
    Ok(Setup::new(player, &ranks)?)
}

fn result_of(m: &MoveRecord) -> Result<MoveResult> {
    Ok(match (m.result.as_str(), m.attacker, m.defender) {
        ("N", _, _) => MoveResult::Nothing,
        ("B", Some(a), Some(d)) => MoveResult::Battle {
            attacker: Rank::from_code(a).context("attacker")?,
            defender: Rank::from_code(d).context("defender")?,
        },
        _ => bail!("move {m}: no result this replay knows"),
    })
}

/// Reads the record at `path`.
pub fn load(path: &str) -> Result<Recorded> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
    let record: Record<MoveRecord, Vec<u8>> = Record::from_json(&text)?;
    let setups: Vec<&Vec<u8>> = record.setups.iter().flatten().collect();
    let [s0, s1] = setups[..] else {
        bail!("{path}: the record has no two setups");
    };
    let setups = [setup(Player::Zero, s0)?, setup(Player::One, s1)?];
    let mut moves = Vec::with_capacity(record.moves.len());
    for m in record.moves {
        if m.detail.result == MoveRecord::SURRENDER {
            break;
        }
        let u = UncheckedMove::from_lines(
            &m.detail.square,
            &m.detail.direction,
            &m.detail.distance.to_string(),
        )?;
        let r = result_of(&m.detail)?;
        let seat = if m.player == 0 {
            Player::Zero
        } else {
            Player::One
        };
        moves.push((seat, u, r, m.detail));
    }
    Ok(Recorded {
        setups,
        players: record.players,
        moves,
        winner: record.end.winner,
    })
}

/// The game as it stands and what `seat` knows of it.
pub struct Replay {
    /// The seat whose observations are replayed.
    pub seat: Player,
    /// The whole game (the true ranks).
    pub game: Game,
    /// The seat's view.
    pub view: View,
    /// Which of the seat's pieces the opponent has seen.
    pub exposure: Exposure,
    /// The seat's beliefs about the enemy pieces.
    pub knowledge: Knowledge,
}

impl Replay {
    /// The start of `recorded` seen from `seat`, with the beliefs of an
    /// AI tuned `tuning`.
    pub fn new(recorded: &Recorded, seat: Player, tuning: &Tuning) -> Replay {
        let view = View::new(&recorded.setups[seat.index()]);
        let knowledge = Knowledge::tuned(&view, tuning);
        Replay {
            seat,
            game: Game::new(&recorded.setups[0], &recorded.setups[1], Rules::default()),
            view,
            exposure: Exposure::new(),
            knowledge,
        }
    }

    /// Plays a recorded move everywhere; our own, checked against our
    /// view, is returned (a strategy replaying along observes it).
    pub fn play(&mut self, by: Player, u: UncheckedMove, r: MoveResult) -> Result<Option<Move>> {
        let mv = self.game.check(&u)?;
        self.game.play(mv);
        if by == self.seat {
            let mv = self.view.check(&u)?;
            self.view.apply_own(mv, r)?;
            self.exposure.observe_own(mv, r);
            Ok(Some(mv))
        } else {
            self.view.apply_opponent(u, r)?;
            self.exposure.observe_opponent(u, r);
            self.knowledge
                .observe_opponent(&self.view, &self.exposure, u, r);
            Ok(None)
        }
    }
}

/// `result`, but a write to a standard output closed early (`| head`) is
/// a quiet end, not an error: the reader has what it wanted.
pub fn quiet_when_closed(result: Result<()>) -> Result<()> {
    match result {
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            Ok(())
        }
        r => r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `beliefs … | head -1` panicked ("failed printing to stdout: Broken
    /// pipe") once `head` had its line.
    #[test]
    fn output_piped_into_head_ends_quietly() {
        let closed = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        let written = Err(anyhow::Error::from(closed).context("writing the report"));
        assert!(quiet_when_closed(written).is_ok());
        let other = Err(anyhow::anyhow!("no such record"));
        assert!(quiet_when_closed(other).is_err());
        assert!(quiet_when_closed(Ok(())).is_ok());
    }
}
