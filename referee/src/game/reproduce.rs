//! A recorded game's fault played again (`referee reproduce`): one seat's
//! program is sent what it was sent in the record, under the record's
//! settings, the other seats' replies being the record's ([`Script`]);
//! then whether the fault recurs.

use game_core::{Game, SetupPhase, SetupRecordOf};
use referee_schema::{Reason, Record};
use serde_json::{Map, Value};

use super::config::MatchConfig;
use super::driver::{MatchError, Script, play_scripted};
use super::report::MatchReport;

/// What a reproduction found.
#[derive(Debug)]
pub struct Reproduction {
    /// Whether the recorded fault recurred: the same reason, the same seat.
    pub reproduced: bool,
    /// What happened, in one line: `reproduced: timeout at ply 7: ...`
    /// or `not reproduced: ...`.
    pub line: String,
    /// The game played again, when it reached an end (not when the
    /// program left the record).
    pub report: Option<MatchReport>,
}

/// Whether the detail of a verdict names `seat` as the one at fault
/// (`player 1 (blue): ...`, `player 1's setup refused: ...`).
pub fn names_seat(detail: &str, seat: usize) -> bool {
    let name = format!("player {seat}");
    detail.match_indices(&name).any(|(at, _)| {
        let after = detail[at + name.len()..].chars().next();
        !after.is_some_and(|c| c.is_ascii_digit())
            && !detail[..at].ends_with(|c: char| c.is_ascii_alphanumeric())
    })
}

/// Whether the record's game ended by a fault of `seat`'s program or
/// replies; `Err` says why not, in words.
pub fn recorded_fault<M, S>(record: &Record<M, S>, seat: usize) -> Result<(), String> {
    let end = &record.end;
    if end.reason.fault().is_none() {
        return Err(format!(
            "the recorded game ended by {} ({}), not by a player's fault: there is nothing to \
             reproduce",
            end.reason, end.detail
        ));
    }
    if !names_seat(&end.detail, seat) {
        return Err(format!(
            "the recorded game ended by {} of another player than {seat} ({}): give that \
             player's --seat",
            end.reason, end.detail
        ));
    }
    Ok(())
}

/// Where a game ended: in the setups, or at the ply of the reply that
/// ended it.
fn moment<G: Game>(moves: usize, in_setups: bool) -> String {
    if G::Phase::SECRET && in_setups {
        "in the setups".to_owned()
    } else {
        format!("at ply {}", moves + 1)
    }
}

/// Plays `record`'s game again with `cfg` (the record's settings, and the
/// program of `seat` to run) and says whether `seat`'s recorded fault
/// recurs. Only `seat`'s program runs.
pub fn reproduce<G: Game>(
    game: G,
    options: Map<String, Value>,
    game_name: &str,
    cfg: &MatchConfig,
    record: &Record<G::MoveRecord, SetupRecordOf<G>>,
    seat: usize,
) -> Result<Reproduction, MatchError> {
    let seats = game.seats();
    let script = Script {
        record,
        runs: (0..seats).map(|s| s == seat).collect(),
    };
    let recorded_in_setups = record.moves.is_empty()
        && (record.setups.len() < seats || record.setups.iter().any(Option::is_none));
    let was = &record.end;
    let was_at = moment::<G>(record.moves.len(), recorded_in_setups);
    let report = match play_scripted(game, options, game_name, cfg, &script) {
        Ok(report) => report,
        Err(MatchError::OffRecord(why)) => {
            return Ok(Reproduction {
                reproduced: false,
                line: format!(
                    "not reproduced: {why}; the record: {} {was_at} ({})",
                    was.reason, was.detail
                ),
                report: None,
            });
        }
        Err(e) => return Err(e),
    };
    let now = &report.summary;
    let in_setups = now.moves == 0
        && now.players.iter().any(|p| {
            p.setup
                .is_some_and(|s| s != referee_schema::SetupStatus::Accepted)
        });
    let now_at = moment::<G>(now.moves as usize, in_setups);
    let reproduced = now.reason == was.reason && names_seat(&now.detail, seat);
    let line = if now.reason == Reason::Interrupted {
        format!("not reproduced: {}", now.detail)
    } else if reproduced {
        let same_moment = if now_at == was_at {
            String::new()
        } else {
            format!(" (the record: {was_at})")
        };
        format!(
            "reproduced: {} {now_at}{same_moment}: {}",
            now.reason, now.detail
        )
    } else {
        format!(
            "not reproduced: the game ended by {} {now_at} ({}); the record: {} {was_at} ({})",
            now.reason, now.detail, was.reason, was.detail
        )
    };
    Ok(Reproduction {
        reproduced,
        line,
        report: Some(report),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seat_at_fault_is_named_whole() {
        assert!(names_seat("player 1 (blue): no complete reply", 1));
        assert!(names_seat("player 1's setup refused: line 1", 1));
        assert!(names_seat(
            "both players failed; player 0: x; player 1: y",
            0
        ));
        assert!(!names_seat("player 10 (x): y", 1));
        assert!(!names_seat("player 0 (red): y", 1));
    }
}
