//! Perft, for the rules' tests: the number of move sequences of each depth
//! from a position, pinned by a fixture file (a position a line, then its
//! counts) and checked against the game's fast generator and a slow one
//! its tests write from the rules' text.

/// A position of a fixture file, with the counts it pins.
#[derive(Clone, Debug)]
pub struct Fixture<P> {
    /// Its line in the file, from 1.
    pub line: usize,
    /// The position.
    pub pos: P,
    /// The number of move sequences of depth 1, 2, ...
    pub counts: Vec<u64>,
}

/// Reads a fixture file: on each line a position, read by `parse` from
/// all its words but the last `depths` (given the line number, for its
/// messages), then its counts at depth 1 to `depths`. Blank lines and `#`
/// comments are skipped. A malformed line panics, naming it: the
/// fixtures are the tests' own.
pub fn fixtures<P>(
    text: &str,
    depths: usize,
    parse: impl Fn(usize, &[&str]) -> P,
) -> Vec<Fixture<P>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let line = i + 1;
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words
                .len()
                .checked_sub(depths)
                .unwrap_or_else(|| panic!("line {line}: fewer words than the {depths} counts"));
            let (pos, counts) = words.split_at(at);
            let counts = counts
                .iter()
                .map(|c| {
                    c.parse()
                        .unwrap_or_else(|_| panic!("line {line}: {c:?} is not a count"))
                })
                .collect();
            Fixture {
                line,
                pos: parse(line, pos),
                counts,
            }
        })
        .collect()
}

/// The number of sequences of `depth` moves from `pos`: `moves` lists a
/// position's legal moves (none once the game is over), `play` plays one.
pub fn perft<P: Clone, M: Copy>(
    pos: &P,
    depth: u32,
    moves: &impl Fn(&P, &mut Vec<M>),
    play: &impl Fn(&mut P, M),
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = Vec::new();
    moves(pos, &mut list);
    list.iter()
        .map(|&m| {
            let mut next = pos.clone();
            play(&mut next, m);
            perft(&next, depth - 1, moves, play)
        })
        .sum()
}

/// A way of counting a fixture's move sequences, by name, for the
/// messages: `(position, depth) -> count`.
pub type Counter<'a, P> = (&'a str, &'a dyn Fn(&P, u32) -> u64);

impl<P> Fixture<P> {
    /// Asserts that every counter gives the fixture's count at each depth,
    /// naming the line, the depth and the counter of the first that does
    /// not.
    pub fn check(&self, counters: &[Counter<'_, P>]) {
        for (depth, &expected) in (1..).zip(&self.counts) {
            for (name, count) in counters {
                assert_eq!(
                    count(&self.pos, depth),
                    expected,
                    "line {}, depth {depth}: {name}",
                    self.line
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pile of `n` stones from which a move takes one or two.
    fn takes(n: &u32, out: &mut Vec<u32>) {
        out.clear();
        out.extend((1..=2).filter(|k| k <= n));
    }

    fn take(n: &mut u32, k: u32) {
        *n -= k;
    }

    #[test]
    fn counts_the_sequences_and_checks_the_fixtures() {
        // From 3 stones: 1 1, 1 2 and 2 1 at depth 2; only 1 1 1 at 3.
        assert_eq!(perft(&3, 2, &takes, &take), 3);
        assert_eq!(perft(&3, 3, &takes, &take), 1);
        let text = "# stones d1 d2\n\n3 2 3\n1 1 0\n";
        let f = fixtures(text, 2, |_, w| w[0].parse::<u32>().unwrap());
        assert_eq!(f.len(), 2);
        assert_eq!((f[1].line, f[1].pos, &f[1].counts[..]), (4, 1, &[1, 0][..]));
        for f in &f {
            f.check(&[("perft", &|p, d| perft(p, d, &takes, &take))]);
        }
    }

    #[test]
    #[should_panic(expected = "line 1, depth 2: perft")]
    fn a_wrong_count_names_its_line_and_depth() {
        let f = fixtures("3 2 4", 2, |_, w| w[0].parse::<u32>().unwrap());
        f[0].check(&[("perft", &|p, d| perft(p, d, &takes, &take))]);
    }
}
