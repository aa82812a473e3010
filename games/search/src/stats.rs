//! The statistics of measurements: the median of timings, the interval of
//! a score, the seeds a bench draws its positions from.

/// The median of `values` (the mean of the two middle ones for an even
/// count); `None` for no value. NaNs sort last.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    median_of_sorted(&v)
}

/// The median of `sorted`, already in ascending order (the mean of the two
/// middle ones for an even count); `None` for no value.
pub fn median_of_sorted(sorted: &[f64]) -> Option<f64> {
    let n = sorted.len();
    if n == 0 {
        return None;
    }
    Some(if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    })
}

/// The 95% Wilson score interval of a proportion `p` over `n` trials:
/// unlike the normal approximation it stays inside [0, 1] and is not empty
/// when every trial succeeds. `(0, 1)` for no trial.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// What `draw` gives for the first of `seed`, `seed + step`, `seed + 2 *
/// step`, ... for which it gives something: a bench's position drawn from
/// a seed, the seeds whose game does not fit (it ended, say) passed over.
pub fn first_drawn<P>(seed: u64, step: u64, mut draw: impl FnMut(u64) -> Option<P>) -> P {
    let mut s = seed;
    loop {
        if let Some(p) = draw(s) {
            return p;
        }
        s += step;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_seed_that_draws_something() {
        let mut tried = Vec::new();
        let got = first_drawn(3, 10, |s| {
            tried.push(s);
            (s > 30).then_some(s * 2)
        });
        assert_eq!((got, tried), (66, vec![3, 13, 23, 33]));
    }

    #[test]
    fn medians() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
    }

    #[test]
    fn wilson_is_inside_the_unit_interval_and_not_empty_at_the_edges() {
        let (lo, hi) = wilson(1.0, 20.0);
        assert!(lo > 0.8 && lo < 1.0 && hi == 1.0, "{lo} {hi}");
        let (lo, hi) = wilson(0.0, 20.0);
        assert!(lo == 0.0 && hi > 0.0 && hi < 0.2, "{lo} {hi}");
        let (lo, hi) = wilson(0.5, 100.0);
        assert!((lo - 0.404).abs() < 0.001 && (hi - 0.596).abs() < 0.001);
        assert_eq!(wilson(0.5, 0.0), (0.0, 1.0));
    }
}
