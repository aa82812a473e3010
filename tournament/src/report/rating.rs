//! Elo ratings from a crosstable: the Bradley–Terry model on the Elo
//! scale, fitted by maximum likelihood over all games, with 95% intervals.
//!
//! * Model: program `i` scores against `j` with expectation
//!   `p = 1 / (1 + 10^((r_j − r_i) / 400))`; a draw counts as half a win.
//! * Fit: the ratings maximise `Σ s ln p + (1 − s) ln(1 − p)` over all
//!   games (Newton's method; the function is concave, so the optimum is
//!   unique). Only differences are determined; they are reported relative
//!   to the pool mean (default) or to one anchor program.
//! * Prior: when a program wins (or loses) every game against the rest, the
//!   maximum does not exist (ratings run off to infinity). A weak prior of
//!   `prior_draws` virtual draws added to every pair that played keeps such
//!   ratings finite, like BayesElo's prior, and its effect vanishes as games
//!   accumulate; with `prior_draws = 0` the fit is pure maximum likelihood
//!   and such data give [`RatingError::Unbounded`].
//! * Intervals: the robust ("sandwich") covariance `H⁻¹ B H⁻¹` (`H`: the
//!   negative Hessian, `B`: the sum of the per-game score-gradient outer
//!   products, virtual draws included). Unlike the plain inverse Hessian it
//!   accounts for draws, which vary less than a coin flip; for two programs
//!   without prior it is exactly the delta-method error of cutechess-cli's
//!   Elo difference ([`pair_elo`]). Intervals are ±1.96 standard errors.

use std::f64::consts::LN_10;

use thiserror::Error;

use crate::report::linalg;
use crate::results::tally::{Crosstable, Penta, Wdl};

/// Elo per natural unit of the logistic: `p = σ(K (r_i − r_j))`.
const K: f64 = LN_10 / 400.0;

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// What ratings are relative to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The mean rating of the programs that played is 0.
    Mean,
    /// This program (by index) is rated 0; intervals are those of the
    /// differences to it.
    Program(usize),
}

/// How to fit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingOptions {
    /// Virtual draws added to every pair of programs that played each other.
    pub prior_draws: f64,
    /// The zero point.
    pub anchor: Anchor,
}

impl Default for RatingOptions {
    fn default() -> Self {
        RatingOptions {
            prior_draws: 1.0,
            anchor: Anchor::Mean,
        }
    }
}

/// One program's rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// Elo, relative to the anchor.
    pub elo: f64,
    /// Half-width of the 95% interval.
    pub ci95: f64,
}

/// Why ratings could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RatingError {
    /// Two groups of programs never played each other.
    #[error("programs {0} and {1} are not connected by games, so their ratings cannot be compared")]
    Disconnected(usize, usize),
    /// Without a prior, some group of programs won every game against the
    /// rest, so the maximum-likelihood ratings are infinite.
    #[error(
        "maximum-likelihood ratings are infinite: program {0} won or lost every game against \
         some group of programs (use a prior)"
    )]
    Unbounded(usize),
    /// The anchor program played no game.
    #[error("the anchor program {0} played no game")]
    AnchorWithoutGames(usize),
}

/// Sufficient statistics of one pair `(i, j)`, from `i`'s side, prior
/// included.
#[derive(Debug, Clone, Copy)]
struct Pair {
    i: usize,
    j: usize,
    /// Games.
    n: f64,
    /// Points of `i`: Σ s.
    s: f64,
    /// Σ s² (for the spread of the scores around their expectation).
    s2: f64,
}

impl Pair {
    fn new(i: usize, j: usize, wdl: Wdl, prior_draws: f64) -> Pair {
        let (w, d) = (f64::from(wdl.wins), f64::from(wdl.draws));
        Pair {
            i,
            j,
            n: f64::from(wdl.games()) + prior_draws,
            s: w + 0.5 * d + 0.5 * prior_draws,
            s2: w + 0.25 * d + 0.25 * prior_draws,
        }
    }
}

/// Fits ratings for the programs of `table`; programs that played no game
/// get `None`.
pub fn fit(
    table: &Crosstable,
    options: &RatingOptions,
) -> Result<Vec<Option<Rating>>, RatingError> {
    let n = table.len();
    let active: Vec<usize> = (0..n).filter(|&p| table.total(p).games() > 0).collect();
    let mut out = vec![None; n];
    if let Anchor::Program(a) = options.anchor
        && !active.contains(&a)
    {
        return Err(RatingError::AnchorWithoutGames(a));
    }
    if active.len() < 2 {
        return Ok(out);
    }
    let m = active.len();
    let mut pairs = Vec::new();
    for (x, &i) in active.iter().enumerate() {
        for (y, &j) in active.iter().enumerate().skip(x + 1) {
            let wdl = table.get(i, j);
            if wdl.games() > 0 {
                pairs.push(Pair::new(x, y, wdl, options.prior_draws));
            }
        }
    }
    check_connected(m, &pairs).map_err(|(x, y)| RatingError::Disconnected(active[x], active[y]))?;
    check_bounded(m, &pairs).map_err(|x| RatingError::Unbounded(active[x]))?;

    let r = newton(m, &pairs);
    let cov = covariance(m, &pairs, &r);
    // Re-express relative to the anchor: r' = T r with T = I − 1 wᵀ.
    let w: Vec<f64> = match options.anchor {
        Anchor::Mean => vec![1.0 / m as f64; m],
        Anchor::Program(a) => {
            let x = active.iter().position(|&p| p == a).expect("checked above");
            (0..m).map(|y| if y == x { 1.0 } else { 0.0 }).collect()
        }
    };
    let mut t = vec![0.0; m * m];
    for x in 0..m {
        for y in 0..m {
            t[x * m + y] = f64::from(u8::from(x == y)) - w[y];
        }
    }
    let zero: f64 = w.iter().zip(&r).map(|(w, r)| w * r).sum();
    let cov = linalg::matmul(&linalg::matmul(&t, &cov, m), &linalg::transpose(&t, m), m);
    for (x, &p) in active.iter().enumerate() {
        out[p] = Some(Rating {
            elo: r[x] - zero,
            ci95: Z95 * cov[x * m + x].max(0.0).sqrt(),
        });
    }
    Ok(out)
}

/// Union–find over the pairs that played: every program must be reachable.
fn check_connected(m: usize, pairs: &[Pair]) -> Result<(), (usize, usize)> {
    let mut parent: Vec<usize> = (0..m).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for p in pairs {
        let (a, b) = (root(&mut parent, p.i), root(&mut parent, p.j));
        parent[a] = b;
    }
    let r0 = root(&mut parent, 0);
    match (1..m).find(|&x| root(&mut parent, x) != r0) {
        Some(x) => Err((0, x)),
        None => Ok(()),
    }
}

/// The maximum exists iff "scored at least something against" is strongly
/// connected: from program 0 every program can be reached both along the
/// relation and against it. (With a prior every pair scores both ways.)
fn check_bounded(m: usize, pairs: &[Pair]) -> Result<(), usize> {
    let reach = |forward: bool| {
        let mut seen = vec![false; m];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(x) = stack.pop() {
            for p in pairs {
                // Edge i → j when i scored against j; j → i when j did.
                let edges = [(p.i, p.j, p.s > 0.0), (p.j, p.i, p.n - p.s > 0.0)];
                for (from, to, scored) in edges {
                    let (from, to) = if forward { (from, to) } else { (to, from) };
                    if scored && from == x && !seen[to] {
                        seen[to] = true;
                        stack.push(to);
                    }
                }
            }
        }
        seen
    };
    for seen in [reach(true), reach(false)] {
        if let Some(x) = seen.iter().position(|&s| !s) {
            return Err(x);
        }
    }
    Ok(())
}

/// `ln σ(x)`, without overflow for large `|x|`.
fn ln_sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn log_likelihood(pairs: &[Pair], r: &[f64]) -> f64 {
    pairs
        .iter()
        .map(|p| {
            let x = K * (r[p.i] - r[p.j]);
            p.s * ln_sigmoid(x) + (p.n - p.s) * ln_sigmoid(-x)
        })
        .sum()
}

/// The negative Hessian of the log-likelihood at `r` (the Laplacian of the
/// pair weights `K² n p (1 − p)`).
fn information(m: usize, pairs: &[Pair], r: &[f64]) -> Vec<f64> {
    let mut h = vec![0.0; m * m];
    for pair in pairs {
        let p = sigmoid(K * (r[pair.i] - r[pair.j]));
        let w = K * K * pair.n * p * (1.0 - p);
        add_laplacian(&mut h, m, pair.i, pair.j, w);
    }
    h
}

fn add_laplacian(a: &mut [f64], m: usize, i: usize, j: usize, w: f64) {
    a[i * m + i] += w;
    a[j * m + j] += w;
    a[i * m + j] -= w;
    a[j * m + i] -= w;
}

/// Drops the first row and column: rating 0 is pinned at 0 during the fit,
/// which removes the one free direction (adding a constant to everyone).
fn reduced(a: &[f64], m: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity((m - 1) * (m - 1));
    for x in 1..m {
        out.extend_from_slice(&a[x * m + 1..x * m + m]);
    }
    out
}

/// Maximises the log-likelihood with program 0 pinned at 0.
fn newton(m: usize, pairs: &[Pair]) -> Vec<f64> {
    let mut r = vec![0.0; m];
    let mut f = log_likelihood(pairs, &r);
    for _ in 0..200 {
        let mut g = vec![0.0; m];
        for pair in pairs {
            let p = sigmoid(K * (r[pair.i] - r[pair.j]));
            let d = K * (pair.s - pair.n * p);
            g[pair.i] += d;
            g[pair.j] -= d;
        }
        let h = reduced(&information(m, pairs, &r), m);
        let Some(l) = linalg::cholesky(&h, m - 1) else {
            break;
        };
        let step = linalg::cholesky_solve(&l, m - 1, &g[1..]);
        // Newton steps on a concave function only overshoot far from the
        // optimum; halve until the likelihood does not decrease.
        let mut t = 1.0;
        loop {
            let mut next = r.clone();
            for x in 1..m {
                next[x] += t * step[x - 1];
            }
            let f_next = log_likelihood(pairs, &next);
            if f_next >= f || t < 1e-12 {
                r = next;
                f = f_next;
                break;
            }
            t *= 0.5;
        }
        let size = step.iter().fold(0.0f64, |a, s| a.max((t * s).abs()));
        if size < 1e-9 {
            break;
        }
    }
    r
}

/// The sandwich covariance of the ratings (program 0 pinned at 0), as a full
/// `m × m` matrix with zero first row and column.
fn covariance(m: usize, pairs: &[Pair], r: &[f64]) -> Vec<f64> {
    let mut b = vec![0.0; m * m];
    for pair in pairs {
        let p = sigmoid(K * (r[pair.i] - r[pair.j]));
        // Σ over games of (s − p)², each game's gradient being K (s − p).
        let spread = (pair.s2 - 2.0 * p * pair.s + pair.n * p * p).max(0.0);
        add_laplacian(&mut b, m, pair.i, pair.j, K * K * spread);
    }
    let h = reduced(&information(m, pairs, r), m);
    let mut full = vec![0.0; m * m];
    let Some(h_inv) = linalg::spd_inverse(&h, m - 1) else {
        full.iter_mut().for_each(|x| *x = f64::INFINITY);
        return full;
    };
    let k = m - 1;
    let c = linalg::matmul(&linalg::matmul(&h_inv, &reduced(&b, m), k), &h_inv, k);
    for x in 1..m {
        for y in 1..m {
            full[x * m + y] = c[(x - 1) * k + (y - 1)];
        }
    }
    full
}

/// The Elo difference of one side over the other and the half-width of its
/// 95% interval, from their wins, draws and losses, as cutechess-cli
/// computes it but with the delta-method interval; `None` without games or
/// with a 100% or 0% score (the difference is then infinite).
pub fn pair_elo(wdl: Wdl) -> Option<(f64, f64)> {
    let s = wdl.score()?;
    if s <= 0.0 || s >= 1.0 {
        return None;
    }
    let n = f64::from(wdl.games());
    let (w, d, l) = (
        f64::from(wdl.wins) / n,
        f64::from(wdl.draws) / n,
        f64::from(wdl.losses) / n,
    );
    let variance = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
    let elo = -400.0 * (1.0 / s - 1.0).log10();
    let ci = Z95 * (variance / n).sqrt() / (K * s * (1.0 - s));
    Some((elo, ci))
}

/// The Elo difference of one side over the other and the half-width of its
/// 95% interval, from its points in game pairs (pentanomial, as fastchess
/// reports paired games): the mean score per game `s` and the variance of
/// a pair's score per game, the interval by the delta method as in
/// [`pair_elo`]; `None` without pairs or with a 100% or 0% score.
pub fn pairs_elo(pairs: Penta) -> Option<(f64, f64)> {
    let n = f64::from(pairs.pairs());
    if n == 0.0 {
        return None;
    }
    let p = pairs.counts.map(|c| f64::from(c) / n);
    let score = |k: usize| k as f64 / 4.0;
    let s: f64 = (0..5).map(|k| p[k] * score(k)).sum();
    if s <= 0.0 || s >= 1.0 {
        return None;
    }
    let variance: f64 = (0..5).map(|k| p[k] * (score(k) - s).powi(2)).sum();
    let elo = -400.0 * (1.0 / s - 1.0).log10();
    let ci = Z95 * (variance / n).sqrt() / (K * s * (1.0 - s));
    Some((elo, ci))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pure(anchor: Anchor) -> RatingOptions {
        RatingOptions {
            prior_draws: 0.0,
            anchor,
        }
    }

    fn table(n: usize, results: &[(usize, usize, Wdl)]) -> Crosstable {
        let mut t = Crosstable::new(n);
        for &(a, b, w) in results {
            t.add_wdl(a, b, w);
        }
        t
    }

    /// A round robin of three programs: 0 against 1, 1 against 2 and 0
    /// against 2.
    fn three(ab: Wdl, bc: Wdl, ac: Wdl) -> Crosstable {
        table(3, &[(0, 1, ab), (1, 2, bc), (0, 2, ac)])
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn two_programs_three_to_one_is_191_elo() {
        let t = table(2, &[(0, 1, Wdl::new(3, 0, 1))]);
        let r = fit(&t, &pure(Anchor::Program(1))).unwrap();
        let expected = 400.0 * 3f64.log10(); // 190.85
        assert!(close(r[0].unwrap().elo, expected, 1e-6), "{r:?}");
        assert_eq!(r[1].unwrap().elo, 0.0);
        assert_eq!(r[1].unwrap().ci95, 0.0);
        // Relative to the mean, each is half the difference away.
        let r = fit(&t, &pure(Anchor::Mean)).unwrap();
        assert!(close(r[0].unwrap().elo, expected / 2.0, 1e-6));
        assert!(close(r[1].unwrap().elo, -expected / 2.0, 1e-6));
    }

    #[test]
    fn two_programs_match_the_cutechess_formula() {
        let w = Wdl::new(30, 50, 20);
        let t = table(2, &[(0, 1, w)]);
        let r = fit(&t, &pure(Anchor::Program(1))).unwrap()[0].unwrap();
        let (elo, ci) = pair_elo(w).unwrap();
        assert!(close(r.elo, elo, 1e-6), "{} vs {elo}", r.elo);
        assert!(close(r.ci95, ci, 1e-6), "{} vs {ci}", r.ci95);
        // By hand: s = 0.55, σ² = 0.3·0.2025 + 0.5·0.0025 + 0.2·0.3025 = 0.1225.
        assert!(close(elo, 34.86, 0.01), "{elo}");
        let by_hand = Z95 * (0.1225f64 / 100.0).sqrt() / (K * 0.55 * 0.45);
        assert!(close(ci, by_hand, 1e-9));
    }

    #[test]
    fn symmetric_results_give_equal_ratings() {
        // A round robin where everyone beats the next one in a cycle, with
        // the same score against everyone: all ratings 0.
        let beats = Wdl::new(3, 2, 1);
        let t = three(beats, beats, beats.reversed());
        for options in [pure(Anchor::Mean), RatingOptions::default()] {
            let r = fit(&t, &options).unwrap();
            for rating in &r {
                assert!(close(rating.unwrap().elo, 0.0, 1e-6), "{r:?}");
            }
            let ci = r[0].unwrap().ci95;
            assert!(ci > 0.0 && r.iter().all(|x| close(x.unwrap().ci95, ci, 1e-6)));
        }
        // All draws: equal ratings whatever the prior.
        let t = table(2, &[(0, 1, Wdl::new(0, 7, 0))]);
        let r = fit(&t, &RatingOptions::default()).unwrap();
        assert!(close(r[0].unwrap().elo, r[1].unwrap().elo, 1e-9));
    }

    #[test]
    fn three_programs_transitive_case() {
        // A beats B 3-1, B beats C 3-1, A and C split 2-2: the ML ratings
        // satisfy the score equations Σ_j n p_ij = Σ_j s_ij for every i.
        let t = three(Wdl::new(3, 0, 1), Wdl::new(3, 0, 1), Wdl::new(2, 0, 2));
        let r: Vec<f64> = fit(&t, &pure(Anchor::Mean))
            .unwrap()
            .iter()
            .map(|x| x.unwrap().elo)
            .collect();
        let expected = |i: usize, j: usize| 4.0 * sigmoid(K * (r[i] - r[j]));
        assert!(close(expected(0, 1) + expected(0, 2), 5.0, 1e-6));
        assert!(close(expected(1, 0) + expected(1, 2), 4.0, 1e-6));
        assert!(close(r.iter().sum::<f64>(), 0.0, 1e-9));
        // A scored 5/8 and C 3/8 against the same field: A above C.
        assert!(r[0] > r[2]);
    }

    #[test]
    fn perfect_scores_stay_finite_with_the_prior() {
        let t = table(2, &[(0, 1, Wdl::new(4, 0, 0))]);
        let r = fit(&t, &RatingOptions::default()).unwrap();
        let d = r[0].unwrap().elo - r[1].unwrap().elo;
        // One virtual draw: 4.5 points of 5, i.e. 400 log10(9) Elo.
        assert!(close(d, 400.0 * 9f64.log10(), 1e-6), "{d}");
        assert!(r[0].unwrap().ci95.is_finite());
        // Without the prior the maximum does not exist.
        assert_eq!(fit(&t, &pure(Anchor::Mean)), Err(RatingError::Unbounded(1)));
    }

    #[test]
    fn a_group_winning_everything_is_unbounded_without_prior() {
        let t = three(Wdl::new(1, 0, 1), Wdl::new(2, 0, 0), Wdl::new(2, 0, 0));
        assert_eq!(fit(&t, &pure(Anchor::Mean)), Err(RatingError::Unbounded(2)));
        let r = fit(&t, &RatingOptions::default()).unwrap();
        assert!(r[2].unwrap().elo < r[0].unwrap().elo);
    }

    #[test]
    fn unconnected_and_idle_programs() {
        let t = table(4, &[(0, 1, Wdl::new(1, 0, 1)), (2, 3, Wdl::new(1, 0, 1))]);
        assert_eq!(
            fit(&t, &RatingOptions::default()),
            Err(RatingError::Disconnected(0, 2))
        );
        let t = table(3, &[(0, 1, Wdl::new(1, 1, 1))]);
        let r = fit(&t, &RatingOptions::default()).unwrap();
        assert!(r[2].is_none() && r[0].is_some());
        assert_eq!(
            fit(
                &t,
                &RatingOptions {
                    anchor: Anchor::Program(2),
                    ..RatingOptions::default()
                }
            ),
            Err(RatingError::AnchorWithoutGames(2))
        );
        assert!(fit(&Crosstable::new(1), &RatingOptions::default()).unwrap()[0].is_none());
    }

    #[test]
    fn anchoring_shifts_ratings_and_changes_intervals() {
        let t = three(Wdl::new(5, 3, 2), Wdl::new(4, 4, 2), Wdl::new(6, 2, 2));
        let mean = fit(&t, &RatingOptions::default()).unwrap();
        let anchored = fit(
            &t,
            &RatingOptions {
                anchor: Anchor::Program(2),
                ..RatingOptions::default()
            },
        )
        .unwrap();
        for p in 0..3 {
            let shift = mean[p].unwrap().elo - mean[2].unwrap().elo;
            assert!(close(anchored[p].unwrap().elo, shift, 1e-6));
        }
        assert_eq!(anchored[2].unwrap().ci95, 0.0);
        // A difference to one program is less certain than a deviation
        // from the mean of three.
        assert!(anchored[0].unwrap().ci95 > mean[0].unwrap().ci95);
    }

    #[test]
    fn pairs_elo_uses_the_variance_of_pairs() {
        // 30 pairs of 0, ½, 1, 1½, 2 points: 2, 5, 10, 8, 5. In Python:
        // s = 17.25 / 30 = 0.575; elo = -400 log10(1 / s - 1) =
        // 52.51156585572754; the variance of a pair's score per game
        // v = Σ pₖ (k/4 − s)², ci = 1.959963984540054 sqrt(v / 30) /
        // (ln 10 / 400 · s (1 − s)) = 71.85446495001044.
        let (elo, ci) = pairs_elo(Penta::new([2, 5, 10, 8, 5])).unwrap();
        assert!(close(elo, 52.511_565_855_727_54, 1e-9), "{elo}");
        assert!(close(ci, 71.854_464_950_010_44, 1e-9), "{ci}");
        // Pairs of one win and one loss each: the games are anything but
        // independent, and the pairs say the programs are exactly even.
        let (elo, ci) = pairs_elo(Penta::new([0, 0, 20, 0, 0])).unwrap();
        assert!(elo.abs() < 1e-12 && ci.abs() < 1e-12, "{elo} ± {ci}");
        assert!(pairs_elo(Penta::default()).is_none());
        assert!(pairs_elo(Penta::new([0, 0, 0, 0, 3])).is_none());
    }

    #[test]
    fn pair_elo_is_undefined_for_perfect_scores() {
        assert_eq!(pair_elo(Wdl::new(3, 0, 0)), None);
        assert_eq!(pair_elo(Wdl::new(0, 0, 0)), None);
        let (elo, _) = pair_elo(Wdl::new(1, 0, 1)).unwrap();
        assert!(close(elo, 0.0, 1e-12));
    }
}
