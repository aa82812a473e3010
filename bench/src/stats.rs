//! Summaries of repeated measurements: median, percentiles, min and max.

/// A set of measurements of one quantity, sorted.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    sorted: Vec<f64>,
}

impl Summary {
    /// Summarises `values` (NaNs are not expected and sort last).
    ///
    /// # Panics
    /// If `values` is empty: a figure needs at least one measurement.
    pub fn new(mut values: Vec<f64>) -> Summary {
        assert!(!values.is_empty(), "a summary of no measurement");
        values.sort_by(f64::total_cmp);
        Summary { sorted: values }
    }

    /// How many measurements.
    pub fn len(&self) -> usize {
        self.sorted.len()
    }

    /// Always false: a summary holds at least one measurement.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The smallest measurement.
    pub fn min(&self) -> f64 {
        self.sorted[0]
    }

    /// The largest measurement.
    pub fn max(&self) -> f64 {
        self.sorted[self.sorted.len() - 1]
    }

    /// The median (the mean of the two middle values for an even count).
    pub fn median(&self) -> f64 {
        game_search::stats::median_of_sorted(&self.sorted)
            .expect("a summary holds at least one measurement")
    }

    /// The `p`-th percentile (0..=100) by the nearest-rank method: the
    /// smallest value with at least `p`% of the measurements at or below
    /// it, so p99 of 200 values is the 198th smallest.
    pub fn percentile(&self, p: f64) -> f64 {
        let n = self.sorted.len();
        let rank = ((p / 100.0) * n as f64).ceil() as usize;
        self.sorted[rank.clamp(1, n) - 1]
    }

    /// `median (min … max)` with `digits` decimals.
    pub fn display(&self, digits: usize) -> String {
        format!(
            "{:.d$} (min {:.d$}, max {:.d$})",
            self.median(),
            self.min(),
            self.max(),
            d = digits
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(Summary::new(vec![3.0, 1.0, 2.0]).median(), 2.0);
        assert_eq!(Summary::new(vec![4.0, 1.0, 3.0, 2.0]).median(), 2.5);
    }

    #[test]
    fn nearest_rank_percentiles() {
        let s = Summary::new((1..=200).map(f64::from).collect());
        assert_eq!(s.percentile(50.0), 100.0);
        assert_eq!(s.percentile(99.0), 198.0);
        assert_eq!(s.percentile(100.0), 200.0);
        assert_eq!(s.percentile(0.0), 1.0);
        assert_eq!((s.min(), s.max()), (1.0, 200.0));
    }

    #[test]
    fn one_value_is_every_statistic() {
        let s = Summary::new(vec![7.0]);
        assert_eq!(
            (s.min(), s.median(), s.percentile(99.0), s.max()),
            (7.0, 7.0, 7.0, 7.0)
        );
        assert_eq!(s.display(1), "7.0 (min 7.0, max 7.0)");
    }
}
