//! The outcome of a game: the points of every seat, and the result string
//! that writes them (`1-0`, `0-1`, `1/2-1/2`, `0-1/2-1/2`...).

use thiserror::Error;

/// The points each seat scored: 1 to a winner and 0 to the others; a
/// draw shares the point among the seats still in the game (all of them,
/// or all but those that lost by a fault).
#[derive(Clone, PartialEq, Debug)]
pub struct Outcome {
    points: Vec<f64>,
}

/// Why a result string or a verdict's outcome was refused.
#[derive(Clone, PartialEq, Debug, Error)]
pub enum OutcomeError {
    /// Not a result: points separated by `-`, each `0`, `1` or `N/D`.
    #[error("invalid result {0:?} (expected points separated by '-', like \"1-0\" or \"1/2-1/2\")")]
    Result(String),
    /// The points do not add up to one.
    #[error("invalid result {0:?}: the points add up to {1}, not 1")]
    Sum(String, f64),
    /// `winner` is not a seat of the game.
    #[error("invalid winner {0} (expected a seat number or null)")]
    Winner(String),
    /// `winner` and `result` disagree.
    #[error("winner {winner} contradicts result {result}")]
    Contradiction {
        /// The `winner` field as JSON.
        winner: String,
        /// The `result` field.
        result: String,
    },
    /// Neither `winner` nor `result` says anything.
    #[error("the verdict has neither a winner nor a result")]
    Missing,
    /// The game was interrupted: no outcome.
    #[error("the game was interrupted and has no result")]
    Interrupted,
}

impl Outcome {
    /// `seat` won a game of `seats` seats.
    pub fn win(seat: usize, seats: usize) -> Outcome {
        Outcome {
            points: (0..seats).map(|s| f64::from(u8::from(s == seat))).collect(),
        }
    }

    /// A draw among all `seats`.
    pub fn draw(seats: usize) -> Outcome {
        Outcome {
            points: vec![1.0 / seats as f64; seats],
        }
    }

    /// The seats in `lost` lost (by a fault); the others share the point
    /// (one of them alone: it wins). If every seat lost, a draw.
    pub fn lost(lost: &[usize], seats: usize) -> Outcome {
        let rest = (0..seats).filter(|s| !lost.contains(s)).count();
        if rest == 0 {
            return Outcome::draw(seats);
        }
        Outcome {
            points: (0..seats)
                .map(|s| {
                    if lost.contains(&s) {
                        0.0
                    } else {
                        1.0 / rest as f64
                    }
                })
                .collect(),
        }
    }

    /// The points, seat by seat.
    pub fn points(&self) -> &[f64] {
        &self.points
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.points.len()
    }

    /// The seat that took the whole point, if one did.
    pub fn winner(&self) -> Option<usize> {
        self.points.iter().position(|&p| p == 1.0)
    }

    /// Whether every seat scored the same.
    pub fn is_draw(&self) -> bool {
        self.points.windows(2).all(|w| w[0] == w[1])
    }

    /// The result string: each seat's points, `-` between them.
    pub fn result(&self) -> String {
        self.points
            .iter()
            .map(|&p| fraction(p))
            .collect::<Vec<_>>()
            .join("-")
    }

    /// Reads a result string.
    pub fn from_result(text: &str) -> Result<Outcome, OutcomeError> {
        let bad = || OutcomeError::Result(text.to_owned());
        let mut points = Vec::new();
        for part in text.split('-') {
            let p = match part.split_once('/') {
                None => part.parse::<u32>().map_err(|_| bad())? as f64,
                Some((n, d)) => {
                    let n: u32 = n.parse().map_err(|_| bad())?;
                    let d: u32 = d.parse().map_err(|_| bad())?;
                    if d == 0 {
                        return Err(bad());
                    }
                    f64::from(n) / f64::from(d)
                }
            };
            points.push(p);
        }
        if points.len() < 2 {
            return Err(bad());
        }
        let sum: f64 = points.iter().sum();
        if (sum - 1.0).abs() > 1e-9 {
            return Err(OutcomeError::Sum(text.to_owned(), sum));
        }
        Ok(Outcome { points })
    }
}

/// `p` as `0`, `1` or the smallest fraction `N/D` (D up to 60) that
/// writes it.
fn fraction(p: f64) -> String {
    if p == 0.0 {
        return "0".to_owned();
    }
    if p == 1.0 {
        return "1".to_owned();
    }
    for d in 2..=60u32 {
        let n = p * f64::from(d);
        if (n - n.round()).abs() < 1e-9 {
            return format!("{}/{d}", n.round() as u32);
        }
    }
    format!("{p}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_seat_results_are_the_classic_ones() {
        assert_eq!(Outcome::win(0, 2).result(), "1-0");
        assert_eq!(Outcome::win(1, 2).result(), "0-1");
        assert_eq!(Outcome::draw(2).result(), "1/2-1/2");
        assert_eq!(Outcome::lost(&[0], 2), Outcome::win(1, 2));
        assert_eq!(Outcome::lost(&[0, 1], 2), Outcome::draw(2));
    }

    #[test]
    fn many_seats_share() {
        assert_eq!(Outcome::draw(3).result(), "1/3-1/3-1/3");
        assert_eq!(Outcome::lost(&[1], 3).result(), "1/2-0-1/2");
        assert_eq!(Outcome::lost(&[1], 3).winner(), None);
        assert_eq!(Outcome::win(4, 5).result(), "0-0-0-0-1");
    }

    #[test]
    fn results_round_trip_and_bad_ones_are_named() {
        for r in [
            "1-0",
            "0-1",
            "1/2-1/2",
            "1/3-1/3-1/3",
            "1/2-0-1/2",
            "0-0-0-0-1",
        ] {
            assert_eq!(Outcome::from_result(r).unwrap().result(), r);
        }
        assert!(matches!(
            Outcome::from_result("2-0"),
            Err(OutcomeError::Sum(..))
        ));
        for bad in ["1-x", "1"] {
            let e = Outcome::from_result(bad);
            assert!(matches!(e, Err(OutcomeError::Result(_))), "{bad}: {e:?}");
        }
    }
}
