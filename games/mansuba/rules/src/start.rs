//! The players' start places: the base version's two columns, or, for any
//! number of players (achievement 6), the HEIGHT places nearest to a seed
//! place each, the seeds as far apart as the relation allows.

use crate::error::SetupError;
use crate::world::{Neighbours, Place, UNREACHABLE, World};

/// How the start places are chosen.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// Two players: seat 0 (BLACK) on the first column, seat 1 (WHITE) on
    /// the last, top to bottom (the base version).
    Columns,
    /// Each seat's HEIGHT places nearest to its seed place, ties by index;
    /// the seeds maximise their smallest pairwise distance (ties: the
    /// first set by index), seat `i` taking the `i`-th seed by index.
    Seeds,
}

impl Layout {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Columns => "columns",
            Layout::Seeds => "seeds",
        }
    }
}

/// The start places of every seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StartSets {
    /// Per seat, its places in order (the order the lineup of sorts is
    /// laid out in).
    pub sets: Vec<Vec<Place>>,
    /// The seeds (the layout [`Layout::Seeds`]).
    pub seeds: Option<Vec<Place>>,
    /// The smallest distance between two seeds.
    pub spread: Option<u16>,
}

/// The base version's columns: seat 0 on column 0, seat 1 on the last.
pub fn columns(world: World, players: usize) -> Result<StartSets, SetupError> {
    if players != 2 {
        return Err(SetupError::ColumnsPlayers(players));
    }
    let column = |c: i32| -> Vec<Place> {
        (0..i32::from(world.height()))
            .map(|r| world.place(r, c).expect("inside"))
            .collect()
    };
    Ok(StartSets {
        sets: vec![column(0), column(i32::from(world.width()) - 1)],
        seeds: None,
        spread: None,
    })
}

/// A set of places as bits.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn disjoint(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & b == 0)
    }
    fn and(&self, other: &Bits) -> Bits {
        Bits(self.0.iter().zip(&other.0).map(|(a, b)| a & b).collect())
    }
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn remove(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
    }
    fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }
}

/// The seed layout for `players` seats of `count` places each, under
/// `neighbours`' relation; an error when no layout fits (too few places
/// within reach, or start sets that must overlap).
pub fn seeded(
    neighbours: &Neighbours,
    players: usize,
    count: usize,
) -> Result<StartSets, SetupError> {
    let world = neighbours.world();
    let n = world.size();
    // Each place's start set if it were a seed: its `count` nearest.
    let mut near: Vec<Option<(Vec<Place>, Bits)>> = Vec::with_capacity(n);
    let mut dist: Vec<Vec<u16>> = Vec::with_capacity(n);
    for p in 0..n as Place {
        let order = neighbours.nearest(p);
        dist.push(neighbours.distances([p]));
        near.push((order.len() >= count).then(|| {
            let places: Vec<Place> = order[..count].iter().map(|&(q, _)| q).collect();
            let mut bits = Bits::new(n);
            for &q in &places {
                bits.set(usize::from(q));
            }
            (places, bits)
        }));
    }
    let candidates: Vec<usize> = (0..n).filter(|&p| near[p].is_some()).collect();
    if candidates.is_empty() {
        return Err(SetupError::NoStartSet {
            relation: neighbours.relation(),
            count,
        });
    }
    // Pairs that could be seeds together: disjoint start sets.
    let mut disjoint: Vec<Bits> = vec![Bits::new(n); n];
    for &a in &candidates {
        let (_, bits_a) = near[a].as_ref().expect("a candidate");
        for &b in &candidates {
            if a != b && bits_a.disjoint(&near[b].as_ref().expect("a candidate").1) {
                disjoint[a].set(b);
            }
        }
    }
    let finite_max = candidates
        .iter()
        .flat_map(|&a| candidates.iter().map(move |&b| (a, b)))
        .map(|(a, b)| dist[a][b])
        .filter(|&d| d != UNREACHABLE)
        .max()
        .unwrap_or(0);
    // Seeds in different components are as far apart as can be.
    let top = finite_max.saturating_add(1).max(1);
    let search = |d: u16| -> Option<Vec<usize>> {
        let rows: Vec<Bits> = (0..n)
            .map(|a| {
                let mut far = Bits::new(n);
                for &b in &candidates {
                    if dist[a][b] >= d {
                        far.set(b);
                    }
                }
                far.and(&disjoint[a])
            })
            .collect();
        let mut all = Bits::new(n);
        for &c in &candidates {
            all.set(c);
        }
        let mut pick = Vec::with_capacity(players);
        first_clique(&rows, &all, players, &mut pick).then_some(pick)
    };
    // Feasibility only falls as the distance asked for grows.
    let (mut lo, mut hi) = (1u16, top);
    let mut best = search(1).ok_or(SetupError::Overlap {
        relation: neighbours.relation(),
        players,
        count,
    })?;
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        match search(mid) {
            Some(found) => {
                lo = mid;
                best = found;
            }
            None => hi = mid - 1,
        }
    }
    let seeds: Vec<Place> = best.iter().map(|&p| p as Place).collect();
    let spread = seeds
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| seeds[i + 1..].iter().map(move |&b| (a, b)))
        .map(|(a, b)| dist[usize::from(a)][usize::from(b)])
        .min();
    Ok(StartSets {
        sets: best
            .iter()
            .map(|&p| near[p].as_ref().expect("a candidate").0.clone())
            .collect(),
        seeds: Some(seeds),
        spread,
    })
}

/// The first set (by index) of `k` members of `cand` pairwise linked by
/// `rows`, appended to `pick`. A branch is cut when a greedy colouring of
/// its candidates into sets of pairwise unlinked places (of which a
/// clique takes one place each at most) has fewer than the places still
/// needed: the bound of the maximum-clique searches (Tomita's MCQ).
fn first_clique(rows: &[Bits], cand: &Bits, k: usize, pick: &mut Vec<usize>) -> bool {
    if k == 0 {
        return true;
    }
    let mut rest = cand.clone();
    while rest.count() as usize >= k {
        if k >= 2 && colours_at_least(rows, &rest, k) < k {
            return false;
        }
        let Some(c) = rest.first() else { break };
        rest.clear(c);
        // `rest` now holds the members above `c` only.
        let next = rest.and(&rows[c]);
        pick.push(c);
        if first_clique(rows, &next, k - 1, pick) {
            return true;
        }
        pick.pop();
    }
    false
}

/// The number of classes of a greedy colouring of `cand` (each class
/// pairwise unlinked), counting no further than `enough`.
fn colours_at_least(rows: &[Bits], cand: &Bits, enough: usize) -> usize {
    let mut left = cand.clone();
    let mut classes = 0;
    while left.first().is_some() {
        classes += 1;
        if classes >= enough {
            return classes;
        }
        // One class: places not linked to any place already in it.
        let mut open = left.clone();
        while let Some(v) = open.first() {
            open.clear(v);
            left.clear(v);
            open.remove(&rows[v]);
        }
    }
    classes
}
