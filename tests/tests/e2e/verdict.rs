//! Checks of a game's verdict that fail showing the verdict whole.

use referee_schema::{Reason, Summary};

/// The game ended for `reason`, won by `winner` (`None`: nobody), with
/// exactly `detail`.
#[track_caller]
pub fn assert_ended(s: &Summary, reason: &str, winner: Option<u8>, detail: &str) {
    assert_eq!(
        (s.reason.as_str(), s.winner, s.detail.as_str()),
        (reason, winner, detail),
        "{}",
        s.to_json()
    );
}

/// Seat `winner` won, the game ending for `reason`.
#[track_caller]
pub fn assert_won(s: &Summary, reason: &str, winner: u8) {
    assert_eq!(
        (s.reason.as_str(), s.winner),
        (reason, Some(winner)),
        "{}",
        s.to_json()
    );
}

/// The game ended in a draw (nobody won, half a point each) for
/// `reason`.
#[track_caller]
pub fn assert_drawn(s: &Summary, reason: &str) {
    assert_eq!(
        (s.reason.as_str(), s.winner, s.result.as_deref()),
        (reason, None, Some("1/2-1/2")),
        "{}",
        s.to_json()
    );
}

/// The game ended for one of `reasons`.
#[track_caller]
pub fn assert_ended_by(s: &Summary, reasons: &[&str]) {
    assert!(reasons.contains(&s.reason.as_str()), "{}", s.to_json());
}

/// Every seat played without a fault (no illegal move, no timeout, no
/// failure) and exited 0 by itself.
#[track_caller]
pub fn assert_clean(s: &Summary) {
    for (i, p) in s.players.iter().enumerate() {
        assert_eq!(
            (p.illegal_moves, p.timeouts, &p.failure, p.exit.code),
            (0, 0, &None, Some(0)),
            "player {i}: {}",
            s.to_json()
        );
    }
}

/// The referee killed seat `seat` (`why`: `sigterm`, `sigkill`,
/// `timeout`), which died of `signal`.
#[track_caller]
pub fn assert_killed(s: &Summary, seat: usize, signal: &str, why: &str) {
    let exit = &s.players[seat].exit;
    assert_eq!(
        (exit.signal.as_deref(), exit.killed_by_referee.as_deref()),
        (Some(signal), Some(why)),
        "player {seat}: {}",
        s.to_json()
    );
}

/// Seat `seat` lost for `reason`, the verdict's detail naming it (as
/// `player 0`, with what the rules call it if anything: `player 0
/// (black)`) and holding `detail`, and every other seat played on without
/// a failure.
#[track_caller]
pub fn assert_lost(s: &Summary, seat: usize, reason: &Reason, detail: &str) {
    let json = s.to_json();
    assert_eq!(&s.reason, reason, "{json}");
    let named = s
        .detail
        .strip_prefix(&format!("player {seat}"))
        .is_some_and(|rest| rest.starts_with([':', ' ']));
    assert!(named && s.detail.contains(detail), "{detail:?}: {json}");
    if s.players.len() == 2 {
        assert_eq!(s.winner, Some(1 - seat as u8), "{json}");
    }
    for (i, p) in s.players.iter().enumerate().filter(|&(i, _)| i != seat) {
        assert_eq!(p.failure, None, "player {i}: {json}");
    }
}
