//! The pool of opponents `strength` plays our AI against, and the accept
//! rule of a change: the members given on the command line
//! (`--pool NAME=COMMAND`, `--target NAME=SCORE`), and whether a member's
//! score dropped against a stored baseline run.

use referee_schema::ProgramSpec;
use thiserror::Error;

use crate::summary::Tally;

/// The name of the measured AI in every match: no member may take it.
pub const AI: &str = "ai";

/// Why a pool member or a target was refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum PoolError {
    /// `--pool` without `NAME=`.
    #[error("--pool `{0}`: expected NAME=COMMAND (the member's name, then its command line)")]
    Unnamed(String),
    /// The command line does not read.
    #[error("--pool `{text}`: {reason}")]
    Command {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A member named as the measured AI.
    #[error("--pool `{0}`: `ai` names the measured AI; give the member another name")]
    Reserved(String),
    /// `--target` not `NAME=SCORE`.
    #[error(
        "--target `{0}`: expected NAME=SCORE, the score a fraction in [0, 1] (e.g. ismcts=0.8)"
    )]
    Target(String),
}

/// A pool member from `NAME=COMMAND`: the command split like a shell
/// command line, `{seed}` in it replaced by each game's seed.
pub fn parse_member(text: &str) -> Result<ProgramSpec, PoolError> {
    let spec = ProgramSpec::parse(text).map_err(|e| PoolError::Command {
        text: text.to_owned(),
        reason: e.to_string(),
    })?;
    match spec.name.as_deref() {
        None => Err(PoolError::Unnamed(text.to_owned())),
        Some(AI) => Err(PoolError::Reserved(text.to_owned())),
        Some(_) => Ok(spec),
    }
}

/// A target from `NAME=SCORE`: the lowest score of our AI against member
/// NAME, a fraction in [0, 1].
pub fn parse_target(text: &str) -> Result<(String, f64), PoolError> {
    let bad = || PoolError::Target(text.to_owned());
    let (name, score) = text.split_once('=').ok_or_else(bad)?;
    let score: f64 = score.trim().parse().map_err(|_| bad())?;
    if name.is_empty() || !(0.0..=1.0).contains(&score) {
        return Err(bad());
    }
    Ok((name.to_owned(), score))
}

/// How a member's score compares with the baseline run's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Against {
    /// The baseline run has no game against this member.
    NoBaseline,
    /// The baseline's score lies within or under the new run's 95% interval.
    Held {
        /// The baseline's score.
        baseline: f64,
    },
    /// The baseline's score lies above the new run's 95% interval: the
    /// member's score dropped by more than chance explains.
    Dropped {
        /// The baseline's score.
        baseline: f64,
    },
}

impl Against {
    /// The new run `new` against the baseline `baseline` (`None`: none
    /// stored for the member).
    pub fn judge(new: &Tally, baseline: Option<&Tally>) -> Against {
        let Some(base) = baseline.filter(|b| b.total.games > 0) else {
            return Against::NoBaseline;
        };
        let baseline = base.score();
        let (_, upper) = new.interval();
        // The interval's bound is computed in floating point: every game
        // won gives an upper bound a rounding below 1.
        if new.total.games > 0 && upper + 1e-9 < baseline {
            Against::Dropped { baseline }
        } else {
            Against::Held { baseline }
        }
    }

    /// Whether the member's score dropped.
    pub fn dropped(self) -> bool {
        matches!(self, Against::Dropped { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, losses: u32) -> Tally {
        let mut t = Tally::default();
        for _ in 0..wins {
            t.total.add(1.0);
        }
        for _ in 0..losses {
            t.total.add(0.0);
        }
        t
    }

    #[test]
    fn members_are_named_commands() {
        let m =
            parse_member("ismcts=target/release/player --strategy ismcts --seed {seed}").unwrap();
        assert_eq!(m.name.as_deref(), Some("ismcts"));
        assert_eq!(m.path, "target/release/player");
        assert_eq!(m.args, ["--strategy", "ismcts", "--seed", "{seed}"]);
        assert!(matches!(
            parse_member("target/release/player"),
            Err(PoolError::Unnamed(_))
        ));
        assert!(matches!(
            parse_member("ai=./x"),
            Err(PoolError::Reserved(_))
        ));
        assert!(matches!(
            parse_member("x='./a"),
            Err(PoolError::Command { .. })
        ));
    }

    #[test]
    fn targets_are_fractions() {
        assert_eq!(parse_target("ismcts=0.8").unwrap(), ("ismcts".into(), 0.8));
        for bad in ["ismcts", "ismcts=80", "=0.5", "x=-0.1", "x=high"] {
            assert!(parse_target(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_drop_is_a_baseline_above_the_new_interval() {
        let base = tally(19, 1);
        // 15 of 20: the interval (0.53, 0.89) lies under 0.95.
        assert_eq!(
            Against::judge(&tally(15, 5), Some(&base)),
            Against::Dropped { baseline: 0.95 }
        );
        // 18 of 20 (0.70, 0.97): within chance.
        assert!(!Against::judge(&tally(18, 2), Some(&base)).dropped());
        // Better is never a drop, nor the same.
        assert!(!Against::judge(&tally(20, 0), Some(&base)).dropped());
        assert!(!Against::judge(&tally(4, 0), Some(&tally(4, 0))).dropped());
        assert_eq!(Against::judge(&tally(5, 5), None), Against::NoBaseline);
        assert_eq!(
            Against::judge(&tally(5, 5), Some(&Tally::default())),
            Against::NoBaseline
        );
    }
}
