//! The sequential probability ratio test of fastchess and fishtest
//! (the generalised SPRT on logistic Elo): trinomial, from wins, draws and
//! losses, or pentanomial, from the points of game pairs.
//!
//! H0: the first program is `elo0` Elo stronger than the second; H1: it is
//! `elo1` stronger (`elo0 < elo1`). After each game the log-likelihood
//! ratio `LLR = N Σ p̂ᵢ ln(p1ᵢ / p0ᵢ)` is compared with the bounds
//! `ln(β / (1 − α))` and `ln((1 − β) / α)`: below the lower one H0 is
//! accepted, above the upper one H1. `p̂` is the observed distribution of
//! the scores {0, ½, 1}; `p0`, `p1` are the distributions closest to it
//! (maximum likelihood) whose mean score is that of `elo0`, `elo1`
//! (Van den Bergh, "Comments on Normalized Elo", prop. 1.1). Like
//! fastchess, empty categories count as 0.001 games so that the LLR is
//! defined from the first game on.
//!
//! Paired games (`tournament --pairs`) are counted as pairs: the first
//! program's points in a pair, 0, ½, 1, 1½ or 2, are five categories of
//! scores {0, ¼, ½, ¾, 1} (points per game), `N` the number of pairs, and
//! the same test runs on them, as fastchess's pentanomial GSPRT does. A
//! pair's two games are correlated (same start, seats swapped), which the
//! trinomial test would treat as independent.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::results::tally::{Penta, Wdl};

/// SPRT parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Why `--sprt` parameters were rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SprtError {
    /// Not four comma-separated numbers.
    #[error("expected elo0,elo1,alpha,beta (four numbers), got `{0}`")]
    Syntax(String),
    /// `elo0` is not below `elo1`.
    #[error("elo0 must be less than elo1")]
    EloOrder,
    /// `alpha` or `beta` is outside (0, 1), or their sum is not below 1.
    #[error("alpha and beta must be in (0, 1) with alpha + beta < 1")]
    Probability,
}

impl FromStr for Sprt {
    type Err = SprtError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let numbers: Vec<f64> = s
            .split(',')
            .map(|x| x.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| SprtError::Syntax(s.to_owned()))?;
        let [elo0, elo1, alpha, beta] = numbers[..] else {
            return Err(SprtError::Syntax(s.to_owned()));
        };
        if !numbers.iter().all(|x| x.is_finite()) {
            return Err(SprtError::Syntax(s.to_owned()));
        }
        if elo0 >= elo1 {
            return Err(SprtError::EloOrder);
        }
        let open_unit = |p: f64| p > 0.0 && p < 1.0;
        if !open_unit(alpha) || !open_unit(beta) || alpha + beta >= 1.0 {
            return Err(SprtError::Probability);
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0 {}, elo1 {}, alpha {}, beta {}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// What the test says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Not enough evidence yet.
    Continue,
    /// H0 accepted (LLR at or below the lower bound).
    H0,
    /// H1 accepted (LLR at or above the upper bound).
    H1,
}

impl Sprt {
    /// The lower bound, `ln(β / (1 − α))`.
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound, `ln((1 − β) / α)`.
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The decision for a log-likelihood ratio.
    pub fn decide(&self, llr: f64) -> Decision {
        if llr >= self.upper() {
            Decision::H1
        } else if llr <= self.lower() {
            Decision::H0
        } else {
            Decision::Continue
        }
    }

    /// The log-likelihood ratio of H1 against H0 given the first program's
    /// wins, draws and losses; 0 without games.
    pub fn llr(&self, wdl: Wdl) -> f64 {
        if wdl.games() == 0 {
            return 0.0;
        }
        let regularise = |n: u32| if n == 0 { 1e-3 } else { f64::from(n) };
        let counts = [
            regularise(wdl.losses),
            regularise(wdl.draws),
            regularise(wdl.wins),
        ];
        self.generalised_llr(&counts, &SCORES)
    }

    /// The log-likelihood ratio of H1 against H0 given the first program's
    /// points in game pairs (pentanomial); 0 without pairs.
    pub fn llr_pairs(&self, penta: Penta) -> f64 {
        if penta.pairs() == 0 {
            return 0.0;
        }
        let counts = penta
            .counts
            .map(|n| if n == 0 { 1e-3 } else { f64::from(n) });
        self.generalised_llr(&counts, &PAIR_SCORES)
    }

    /// `N Σ p̂ᵢ ln(p1ᵢ / p0ᵢ)` for the (regularised) `counts` of the
    /// categories of `scores`.
    fn generalised_llr<const K: usize>(&self, counts: &[f64; K], scores: &[f64; K]) -> f64 {
        let total: f64 = counts.iter().sum();
        let observed = counts.map(|c| c / total);
        let p0 = closest_with_mean(&observed, scores, logistic_score(self.elo0));
        let p1 = closest_with_mean(&observed, scores, logistic_score(self.elo1));
        total
            * (0..K)
                .map(|i| observed[i] * (p1[i].ln() - p0[i].ln()))
                .sum::<f64>()
    }
}

/// The expected score of a side `elo` stronger, on the logistic scale.
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Scores of a loss, a draw and a win.
const SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// Scores per game of a pair of 0, ½, 1, 1½ and 2 points.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The distribution over `scores` (from 0 to 1) with mean `s` that
/// maximises the likelihood of `observed`: `pᵢ = p̂ᵢ / (1 + θ (aᵢ − s))`,
/// where `θ` makes the mean `s`. The defining function of `θ` decreases
/// from +∞ to −∞ on `(−1 / (1 − s), 1 / s)`, so bisection finds it.
fn closest_with_mean<const K: usize>(observed: &[f64; K], scores: &[f64; K], s: f64) -> [f64; K] {
    let f = |theta: f64| -> f64 {
        (0..K)
            .map(|i| observed[i] * (scores[i] - s) / (1.0 + theta * (scores[i] - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    // Only midpoints are evaluated, never the poles at the ends.
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = 0.5 * (lo + hi);
    std::array::from_fn(|i| observed[i] / (1.0 + theta * (scores[i] - s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn bounds_for_five_percent_errors() {
        let s = sprt(0.0, 5.0);
        // ±ln(19), the bounds fastchess prints as (-2.94, 2.94).
        assert!((s.lower() + 2.944_438_979_166_44).abs() < 1e-12);
        assert!((s.upper() - 2.944_438_979_166_44).abs() < 1e-12);
        let s = Sprt {
            alpha: 0.01,
            beta: 0.1,
            ..s
        };
        assert!((s.lower() - (0.1f64 / 0.99).ln()).abs() < 1e-15);
        assert!((s.upper() - 90f64.ln()).abs() < 1e-12);
        assert_eq!(s.decide(4.5), Decision::H1);
        assert_eq!(s.decide(-2.3), Decision::H0);
        assert_eq!(s.decide(0.0), Decision::Continue);
    }

    /// The maximum of Σ p̂ᵢ ln pᵢ over distributions with mean `s`, found
    /// independently by golden-section search over the draw probability.
    fn max_log_likelihood(observed: &[f64; 3], s: f64) -> f64 {
        let ll = |q: f64| {
            let p = [1.0 - s - q / 2.0, q, s - q / 2.0];
            (0..3).map(|i| observed[i] * p[i].ln()).sum::<f64>()
        };
        let (mut a, mut b) = (1e-15, (2.0 * s).min(2.0 * (1.0 - s)) - 1e-15);
        let g = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..300 {
            let c = b - g * (b - a);
            let d = a + g * (b - a);
            if ll(c) > ll(d) {
                b = d;
            } else {
                a = c;
            }
        }
        ll(0.5 * (a + b))
    }

    #[test]
    fn llr_matches_an_independent_maximisation() {
        for (w, d, l, elo0, elo1) in [
            (120, 200, 80, 0.0, 10.0),
            (67, 110, 23, 0.0, 10.0),
            (10, 0, 30, -20.0, 5.0),
            (5, 5, 5, 0.0, 50.0),
            (1000, 1500, 900, -3.0, 3.0),
        ] {
            let s = sprt(elo0, elo1);
            // Empty categories count as 0.001 games, as in `llr`.
            let count = |n: u32| if n == 0 { 1e-3 } else { f64::from(n) };
            let total = count(w) + count(d) + count(l);
            let observed = [count(l) / total, count(d) / total, count(w) / total];
            let expected = total
                * (max_log_likelihood(&observed, logistic_score(elo1))
                    - max_log_likelihood(&observed, logistic_score(elo0)));
            let got = s.llr(Wdl::new(w, d, l));
            assert!(
                (got - expected).abs() < 1e-6,
                "{w}/{d}/{l}: {got} vs {expected}"
            );
        }
    }

    /// The pentanomial GSPRT of fastchess (src/matchmaking/sprt/sprt.cpp:
    /// `SPRT::getLLR` on `penta_*` counts, then `getLLR_logistic` with the
    /// scores {0, ¼, ½, ¾, 1}): counts of pairs LL, LD, WL + DD, WD, WW,
    /// each 0 counted as 0.001; `LLR = N Σ p̂ᵢ ln(p1ᵢ / p0ᵢ)` with `pⱼ` the
    /// maximum-likelihood distribution of mean `1 / (1 + 10^(−eloⱼ / 400))`,
    /// `pᵢ = p̂ᵢ / (1 + θ (aᵢ − s))` (Van den Bergh, prop. 1.1).
    ///
    /// The expected values were computed apart from this code, in Python
    /// with mpmath at 50 digits (θ by 400 bisections):
    ///
    /// ```text
    /// from mpmath import mp, mpf, log, power
    /// mp.dps = 50
    /// def score(elo): return 1/(1+power(10, -mpf(elo)/400))
    /// def mle(ph, a, s):
    ///     f = lambda t: sum(p*(x-s)/(1+t*(x-s)) for p,x in zip(ph,a))
    ///     lo, hi = -1/(1-s), 1/s
    ///     for _ in range(400):
    ///         m = (lo+hi)/2
    ///         if f(m) > 0: lo = m
    ///         else: hi = m
    ///     t = (lo+hi)/2
    ///     return [p/(1+t*(x-s)) for p,x in zip(ph,a)]
    /// def llr(counts, elo0, elo1):
    ///     c = [mpf(n) if n else mpf('0.001') for n in counts]
    ///     N = sum(c); ph = [x/N for x in c]
    ///     a = [mpf(k)/4 for k in range(5)]
    ///     p0 = mle(ph, a, score(elo0)); p1 = mle(ph, a, score(elo1))
    ///     return N*sum(q*(log(y)-log(x)) for q,x,y in zip(ph,p0,p1))
    /// ```
    #[test]
    fn pentanomial_llr_matches_fastchess_formula() {
        for (counts, elo0, elo1, expected) in [
            ([20, 95, 210, 110, 40], 0.0, 5.0, 1.495_845_051_973_178_7),
            ([0, 12, 30, 15, 3], -5.0, 10.0, 1.167_541_913_389_002_2),
            ([3, 40, 120, 60, 7], 0.0, 10.0, 2.040_707_796_749_331_4),
        ] {
            let got = sprt(elo0, elo1).llr_pairs(Penta::new(counts));
            assert!(
                (got - expected).abs() < 1e-9,
                "{counts:?}: {got} vs {expected}"
            );
        }
        assert_eq!(sprt(0.0, 5.0).llr_pairs(Penta::default()), 0.0);
        // Symmetric pairs sit exactly between symmetric hypotheses.
        let even = sprt(-10.0, 10.0).llr_pairs(Penta::new([5, 20, 50, 20, 5]));
        assert!(even.abs() < 1e-9, "{even}");
    }

    #[test]
    fn pairs_count_both_games_once_complete() {
        use crate::results::tally::Pairs;
        use referee_schema::Outcome;
        let mut pairs = Pairs::default();
        // Pair 0: program 0 wins as seat 0, then draws as seat 1.
        pairs.add(&[0, 1], 0, &Outcome::win(0, 2));
        assert_eq!(pairs.get(0, 1).pairs(), 0);
        assert_eq!(pairs.incomplete(), 1);
        pairs.add(&[1, 0], 1, &Outcome::draw(2));
        // Pair 1 in the other order: program 1 wins both.
        pairs.add(&[1, 0], 3, &Outcome::win(0, 2));
        pairs.add(&[0, 1], 2, &Outcome::win(1, 2));
        assert_eq!(pairs.get(0, 1), Penta::new([1, 0, 0, 1, 0]));
        assert_eq!(pairs.get(1, 0), Penta::new([0, 1, 0, 0, 1]));
        assert_eq!(pairs.incomplete(), 0);
    }

    #[test]
    fn llr_is_close_to_the_classic_approximation_for_many_games() {
        // LLR ≈ N (s1 − s0)(2ŝ − s0 − s1) / (2σ²) for small Elo differences.
        let (w, d, l) = (1300u32, 2500u32, 1200u32);
        let s = sprt(0.0, 5.0);
        let n = f64::from(w + d + l);
        let mean = (f64::from(w) + 0.5 * f64::from(d)) / n;
        let var = (f64::from(w) + 0.25 * f64::from(d)) / n - mean * mean;
        let (s0, s1) = (logistic_score(0.0), logistic_score(5.0));
        let approx = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
        let exact = s.llr(Wdl::new(w, d, l));
        assert!(
            (exact - approx).abs() < 0.01 * approx.abs(),
            "{exact} vs {approx}"
        );
    }

    #[test]
    fn llr_signs_and_symmetry() {
        // Equal wins and losses: exactly between symmetric hypotheses.
        assert!(sprt(-10.0, 10.0).llr(Wdl::new(40, 20, 40)).abs() < 1e-9);
        // Evidence for the stronger side pushes the LLR up, and vice versa.
        assert!(sprt(0.0, 10.0).llr(Wdl::new(60, 20, 20)) > 0.0);
        assert!(sprt(0.0, 10.0).llr(Wdl::new(20, 20, 60)) < 0.0);
        assert_eq!(sprt(0.0, 10.0).llr(Wdl::new(0, 0, 0)), 0.0);
        // A perfect score is finite and decides H1 soon.
        let perfect = sprt(0.0, 50.0).llr(Wdl::new(30, 0, 0));
        assert!(
            perfect.is_finite() && perfect > sprt(0.0, 50.0).upper(),
            "{perfect}"
        );
    }

    #[test]
    fn parameters_parse_and_are_checked() {
        assert_eq!(
            "0,5,0.05,0.1".parse::<Sprt>(),
            Ok(Sprt {
                elo0: 0.0,
                elo1: 5.0,
                alpha: 0.05,
                beta: 0.1
            })
        );
        assert_eq!(" -2, 3 ,0.05,0.05".parse::<Sprt>().unwrap().elo0, -2.0);
        for bad in [
            "0,5,0.05",
            "0,5,0.05,0.05,1",
            "a,5,0.05,0.05",
            "0,5,nan,0.05",
        ] {
            assert!(
                matches!(bad.parse::<Sprt>(), Err(SprtError::Syntax(_))),
                "{bad}"
            );
        }
        assert_eq!("5,5,0.05,0.05".parse::<Sprt>(), Err(SprtError::EloOrder));
        assert_eq!("0,5,0,0.05".parse::<Sprt>(), Err(SprtError::Probability));
        assert_eq!("0,5,0.6,0.5".parse::<Sprt>(), Err(SprtError::Probability));
    }
}
