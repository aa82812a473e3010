//! Alpha-beta search of one determinization: negamax with a transposition
//! table, killer and history move ordering, and a quiescence search over
//! the attacks that do not lose.
//!
//! Below the root, attacks the attacker loses are pruned: on a board where
//! every rank is known, throwing a piece away is never better than keeping
//! it (unless no other move exists). At the root every move is searched and
//! given a value, because the values are averaged over determinizations.

use stratego::{Fight, Move, MoveList, Player, Rank, fight};

use super::eval::{AttackRule, EvalContext, FlagZone, evaluate};
use super::fights::{BEATEN_BY, BEATS};
use super::opponent::is_precious;
use super::position::Pos;
use super::values;
use game_search::Budget;

/// Score of a won game (Flag taken, or the opponent cannot move), less the
/// number of plies to reach it.
pub const WIN: i32 = 100_000;
/// Scores beyond this are won or lost games.
pub const WIN_BOUND: i32 = WIN - 1000;
const INF: i32 = WIN + 1;
const MAX_PLY: usize = 64;
const MAX_QDEPTH: i32 = 6;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    from: u8,
    to: u8,
    depth: i8,
    bound: u8,
    score: i32,
}

/// A move that was best, or refuted, at a position's shape
/// ([`Pos::shape`]) on some determinization: tried early at that shape on
/// the others.
#[derive(Clone, Copy, Default)]
struct Hint {
    key: u64,
    from: u8,
    to: u8,
}

/// Entries of the hint table.
const HINTS: usize = 1 << 16;

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// One root search: which moves, in which order, how deep.
#[derive(Clone, Copy, Debug)]
pub struct RootJob<'a> {
    /// The root moves.
    pub moves: &'a [Move],
    /// Indices into `moves`, best first (from the previous pass).
    pub order: &'a [usize],
    /// Plies to search.
    pub depth: i32,
    /// Moves more than this below the best so far may get only an upper bound.
    pub margin: i32,
}

/// Search state kept across the determinizations and moves of a game.
#[derive(Clone)]
pub struct Searcher {
    tt: Vec<Entry>,
    mask: usize,
    /// Best moves by shape, across the determinizations of a decision
    /// and its passes: the table above is keyed by the whole board, which
    /// differs from one determinization to the next wherever a hidden
    /// rank does, so it passes nothing on between them.
    hints: Vec<Hint>,
    /// Whether the hint table is used.
    use_hints: bool,
    killers: [[(u8, u8); 2]; MAX_PLY],
    history: Vec<i32>,
    nodes: u64,
    aborted: bool,
    /// Whether the table holds the values of a search in which the
    /// opponent did not know our Flag ([`EvalContext::hoping`]): values of
    /// the two models must not mix.
    hoping: bool,
}

impl std::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("tt_entries", &self.tt.len())
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(1 << 18)
    }
}

/// A move by its squares' indices, as the tables keep it.
type MoveKey = (u8, u8);

fn key_of(m: Move) -> MoveKey {
    (m.from().index() as u8, m.to().index() as u8)
}

/// Maps a score `ply` plies from the root into the table's convention
/// (distance to the win from this node) and back.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl Searcher {
    /// A searcher with a transposition table of `entries` entries (rounded
    /// up to a power of two).
    pub fn new(entries: usize) -> Searcher {
        let n = entries.next_power_of_two().max(1024);
        Searcher {
            tt: vec![Entry::default(); n],
            mask: n - 1,
            hints: vec![Hint::default(); HINTS],
            use_hints: true,
            killers: [[(0, 0); 2]; MAX_PLY],
            history: vec![0; 100 * 100],
            nodes: 0,
            aborted: false,
            hoping: false,
        }
    }

    /// Whether moves found best at the same shape on other
    /// determinizations are tried early (on by default; off, the search
    /// is as it was without, for measurements).
    pub fn set_hints(&mut self, on: bool) {
        self.use_hints = on;
    }

    /// Nodes searched since the last [`Searcher::new_move`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the move-ordering statistics of the previous move and resets
    /// the node count.
    pub fn new_move(&mut self) {
        self.killers = [[(0, 0); 2]; MAX_PLY];
        for h in &mut self.history {
            *h /= 8;
        }
        self.nodes = 0;
    }

    /// The value of each root move of `job` (legal in `pos`, the side to
    /// move being `ctx.root()`). `None` if the budget ran out first.
    pub fn root_values(
        &mut self,
        pos: &mut Pos,
        ctx: &EvalContext,
        job: &RootJob<'_>,
        budget: &Budget,
    ) -> Option<Vec<i32>> {
        let RootJob {
            moves,
            order,
            depth,
            margin,
        } = *job;
        self.aborted = false;
        if ctx.is_hoping() != self.hoping {
            self.tt.fill(Entry::default());
            self.hoping = ctx.is_hoping();
        }
        let mut values = vec![-INF; moves.len()];
        let mut best = -INF;
        for &i in order {
            let mv = moves[i];
            let u = pos.make(mv);
            let v = if takes_flag(&u) {
                WIN - 1
            } else {
                let alpha = if best == -INF { -INF } else { best - margin };
                -self.negamax(pos, ctx, depth - 1, -INF, -alpha, 1, budget)
            };
            pos.unmake(u);
            if self.aborted {
                return None;
            }
            values[i] = v;
            best = best.max(v);
        }
        Some(values)
    }

    fn check_budget(&mut self, budget: &Budget) {
        self.nodes += 1;
        if budget.exhausted(self.nodes) {
            self.aborted = true;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &mut Pos,
        ctx: &EvalContext,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        budget: &Budget,
    ) -> i32 {
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, ctx, alpha, beta, ply, 0, budget);
        }
        self.check_budget(budget);
        if self.aborted {
            return 0;
        }
        let key = pos.hash();
        let slot = (key as usize) & self.mask;
        let entry = self.tt[slot];
        let mut tt_move = None;
        let shape = pos.shape();
        let hint_slot = (shape as usize) & (HINTS - 1);
        let hint = self.hints[hint_slot];
        let hint_move = (self.use_hints && hint.key == shape).then_some((hint.from, hint.to));
        if entry.key == key && entry.bound != 0 {
            tt_move = Some((entry.from, entry.to));
            if i32::from(entry.depth) >= depth {
                let s = from_tt(entry.score, ply);
                match entry.bound {
                    EXACT => return s,
                    LOWER if s >= beta => return s,
                    UPPER if s <= alpha => return s,
                    _ => {}
                }
            }
        }

        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return -(WIN - ply as i32);
        }
        let me = pos.to_move();
        let rule = ctx.attack_rule(me);
        if rule != AttackRule::Free {
            blind_attacks_out(pos, &mut moves, rule, ctx.attacked_whatever(me), || false);
        }
        let spared = ctx.spared(me);
        if spared != 0 && moves.iter().any(|m| m.to().bit() & spared == 0) {
            moves.retain(|m| m.to().bit() & spared == 0);
        }
        let mut scores = [0i32; MoveList::CAPACITY];
        let mut playable = 0;
        for (k, &m) in moves.iter().enumerate() {
            let s = self.order_score(pos, me, m, (tt_move, hint_move), ply);
            scores[k] = s;
            if s > LOSING_ATTACK {
                playable += 1;
            }
        }
        let prune_losing = playable > 0;

        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for k in 0..moves.len() {
            // Selection sort step: bring the best remaining move to `k`.
            let mut top = k;
            for j in k + 1..moves.len() {
                if scores[j] > scores[top] {
                    top = j;
                }
            }
            moves.swap(k, top);
            scores.swap(k, top);
            if prune_losing && scores[k] <= LOSING_ATTACK {
                break;
            }
            let m = moves[k];
            let u = pos.make(m);
            let v = if takes_flag(&u) {
                WIN - ply as i32 - 1
            } else {
                -self.negamax(pos, ctx, depth - 1, -beta, -alpha, ply + 1, budget)
            };
            pos.unmake(u);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(m);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                let is_quiet = pos.board().get(m.to()).is_none();
                if is_quiet {
                    let km = key_of(m);
                    if self.killers[ply][0] != km {
                        self.killers[ply][1] = self.killers[ply][0];
                        self.killers[ply][0] = km;
                    }
                    let h = &mut self.history[m.from().index() * 100 + m.to().index()];
                    *h = (*h + depth * depth).min(1 << 20);
                }
                break;
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > orig_alpha {
            EXACT
        } else {
            UPPER
        };
        let (from, to) = best_move.map_or((0, 0), key_of);
        if self.use_hints && bound != UPPER && best_move.is_some() {
            self.hints[hint_slot] = Hint {
                key: shape,
                from,
                to,
            };
        }
        self.tt[slot] = Entry {
            key,
            from,
            to,
            depth: depth.min(127) as i8,
            bound,
            score: to_tt(best, ply),
        };
        best
    }

    fn order_score(
        &self,
        pos: &Pos,
        me: Player,
        m: Move,
        (tt_move, hint_move): (Option<MoveKey>, Option<MoveKey>),
        ply: usize,
    ) -> i32 {
        let km = key_of(m);
        if tt_move == Some(km) {
            return 2_000_000;
        }
        let board = pos.board();
        if let Some(target) = board.get(m.to()) {
            let attacker = board.get(m.from()).map_or(Rank::Scout, |p| p.rank);
            debug_assert!(target.owner != me);
            let score = attack_score(attacker, target.rank);
            // An attack that won on another board may lose on this one:
            // it stays pruned.
            if hint_move == Some(km) && score > LOSING_ATTACK {
                return 1_900_000;
            }
            return score;
        }
        if hint_move == Some(km) {
            return 1_900_000;
        }
        if self.killers[ply][0] == km {
            return 900_000;
        }
        if self.killers[ply][1] == km {
            return 800_000;
        }
        self.history[m.from().index() * 100 + m.to().index()]
    }

    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &mut Pos,
        ctx: &EvalContext,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: i32,
        budget: &Budget,
    ) -> i32 {
        self.check_budget(budget);
        if self.aborted {
            return 0;
        }
        let me = pos.to_move();
        let sign = if me == ctx.root() { 1 } else { -1 };
        let stand = sign * evaluate(pos, ctx);
        if stand >= beta || qdepth >= MAX_QDEPTH || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        // Only attacks are searched here: generating them alone spares
        // the quiet moves (most of them) that would be dropped next.
        let mut moves = MoveList::new();
        pos.legal_attacks(&mut moves);
        let rule = ctx.attack_rule(me);
        if rule != AttackRule::Free {
            blind_attacks_out(pos, &mut moves, rule, ctx.attacked_whatever(me), || {
                pos.board().has_quiet_move(me)
            });
        }
        let spared = ctx.spared(me);
        if spared != 0 {
            moves.retain(|m| m.to().bit() & spared == 0);
        }
        let board = pos.board();
        let score = |m: Move| match (board.get(m.from()), board.get(m.to())) {
            (Some(a), Some(t)) => attack_score(a.rank, t.rank),
            _ => LOSING_ATTACK,
        };
        moves.retain(|m| score(m) > LOSING_ATTACK);
        moves.sort_unstable_by_key(|&m| -score(m));
        let mut best = stand;
        for &m in moves.iter() {
            let u = pos.make(m);
            let v = if takes_flag(&u) {
                WIN - ply as i32 - 1
            } else {
                -self.quiesce(pos, ctx, -beta, -alpha, ply + 1, qdepth + 1, budget)
            };
            pos.unmake(u);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Removes the searching player's attacks on pieces whose rank it does not
/// know (unless nothing else is legal: no other move in `moves`, and no
/// quiet move left out of `moves`, which `quiet_elsewhere` tells, asked
/// only when it decides), but for attacks that win whatever the piece is.
///
/// On a determinized board every rank is visible, and a search left free
/// to attack below the root picks exactly the attacks that happen to win on
/// that board: averaged over boards, walking the Marshal into unknown
/// pieces then looks safe because on each board it "knows" where the Bombs
/// are (strategy fusion). The root's attacks are averaged honestly; below
/// it, the searching player only attacks what it has seen. The opponent is
/// left omniscient: a pessimistic model of its threats is the safe one.
///
/// An attack the attacker wins against every rank the target may hold
/// (the ranks of the opponent's unidentified pieces, the same on every
/// board; only movers for a piece that has moved) is no guess, and stays:
/// once their Marshal was gone and their General identified, our General
/// wins against any unidentified piece that has moved, and without this
/// the search could not plan the approach and the capture. peternlewis's
/// General did: after our Marshal was gone it attacked 316 unidentified
/// pieces of ours that had moved (1.7 a game) and won 315; ours, after
/// theirs was gone, 99 (0.5 a game).
///
/// [`AttackRule::Cautious`] (for the opponent, as an experiment) keeps
/// what peternlewis's rules allow instead: its cheap pieces probe
/// anything, its others take only what they beat whatever it is, and
/// never where a piece next to the target may take them back.
///
/// Attacks that `whatever` holds stay under any rule
/// ([`EvalContext::attacked_whatever`]: the opponent's on the squares
/// beside our Flag, and its Miners' on the Flag).
fn blind_attacks_out(
    pos: &Pos,
    moves: &mut MoveList,
    rule: AttackRule,
    whatever: FlagZone,
    quiet_elsewhere: impl FnOnce() -> bool,
) {
    let board = pos.board();
    let them = pos.to_move().opponent();
    let known = pos.known(them);
    let (mut any, mut movers) = (0u16, 0u16);
    for (r, &squares) in pos.by_rank(them).iter().enumerate() {
        if squares & !known != 0 {
            any |= 1 << r;
            if Rank::ALL[r].can_move() {
                movers |= 1 << r;
            }
        }
    }
    let moved = pos.moved(them);
    let bold = rule == AttackRule::Bold;
    let cautious = rule == AttackRule::Cautious || bold;
    // What a piece of `them` next to the target may be, for the caution:
    // its rank if identified, else any moving rank still unidentified.
    let danger_from = |s: stratego::Square| -> u16 {
        match board.get(s) {
            Some(p) if p.owner == them && known & s.bit() != 0 => 1 << p.rank.index(),
            Some(p) if p.owner == them => movers,
            _ => 0,
        }
    };
    let blind = |m: Move| {
        let to = m.to().bit();
        let Some(target) = board.get(m.to()) else {
            return false;
        };
        let Some(attacker) = board.get(m.from()) else {
            return true;
        };
        let r = attacker.rank;
        if whatever.holds(r, to) {
            return false;
        }
        if cautious && is_probe(r) {
            return false;
        }
        if bold && moved & to != 0 && is_precious(r) {
            return false;
        }
        // peternlewis's first rule: its Spy takes our Marshal when it can.
        if cautious && r == Rank::Spy && known & to != 0 && target.rank == Rank::Marshal {
            return false;
        }
        if known & to == 0 {
            let could_be = if moved & to != 0 { movers } else { any };
            if could_be & !BEATS[r.index()] != 0 {
                return true;
            }
        }
        if cautious {
            let takers = BEATEN_BY[r.index()] | 1 << r.index();
            // The attacker's own square holds none of `them`: no filter.
            return m.to().neighbours().any(|n| danger_from(n) & takers != 0);
        }
        false
    };
    // The quiet moves are looked for only when every move listed is blind
    // (an empty list has nothing to remove).
    if !moves.is_empty() && (moves.iter().any(|&m| !blind(m)) || quiet_elsewhere()) {
        moves.retain(|m| !blind(m));
    }
}

/// The ranks that attack unidentified pieces to see what they are, under
/// [`AttackRule::Cautious`].
fn is_probe(r: Rank) -> bool {
    matches!(
        r,
        Rank::Captain | Rank::Lieutenant | Rank::Sergeant | Rank::Scout
    )
}

/// Ordering scores at or below this are attacks the attacker loses.
const LOSING_ATTACK: i32 = -1_000_000;

/// Ordering score of an attack: Flag first, then winning attacks by the
/// value taken, trades, and losing attacks last.
fn attack_score(attacker: Rank, defender: Rank) -> i32 {
    if defender == Rank::Flag {
        return 3_000_000;
    }
    let gain = values::base(defender) * 16 - values::base(attacker);
    match fight(attacker, defender) {
        Fight::AttackerWins => 1_000_000 + gain,
        Fight::BothRemoved => 950_000 + gain,
        Fight::DefenderWins => LOSING_ATTACK - values::base(attacker),
    }
}

fn takes_flag(u: &super::position::PosUndo) -> bool {
    u.board_undo()
        .target()
        .is_some_and(|t| t.rank == Rank::Flag)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{bits, position, sq};
    use stratego::{Board, Piece};

    /// Our attacks below the root that survive, on the board of `pieces`
    /// (as [`position`] reads them), player 1's pieces on `known`
    /// identified, those on `known` and `moved` seen to move.
    fn kept(pieces: &str, known: &[&str], moved: &[&str]) -> Vec<String> {
        kept_by(AttackRule::Blind, pieces, known, moved)
    }

    /// [`kept`] under `rule`.
    fn kept_by(rule: AttackRule, pieces: &str, known: &[&str], moved: &[&str]) -> Vec<String> {
        kept_in(rule, FlagZone::default(), pieces, known, moved)
    }

    /// [`kept_by`], with the attacks `zone` holds kept whatever the rule.
    fn kept_in(
        rule: AttackRule,
        zone: FlagZone,
        pieces: &str,
        known: &[&str],
        moved: &[&str],
    ) -> Vec<String> {
        let moved = bits(moved) | bits(known);
        let pos = Pos::new(position(pieces), Player::Zero, [0, bits(known)], [0, moved]);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        blind_attacks_out(&pos, &mut moves, rule, zone, || false);
        let mut out: Vec<String> = moves
            .iter()
            .filter(|m| pos.board().get(m.to()).is_some())
            .map(|m| format!("{}{}", m.from(), m.to()))
            .collect();
        out.sort();
        out
    }

    /// The quiescence search generates the attacks alone: a blind attack
    /// goes whenever a quiet move exists, though none is in the list, and
    /// stays only when nothing else is legal, as with the full list.
    #[test]
    fn blind_attacks_go_when_a_quiet_move_exists_outside_the_attack_list() {
        use Rank::*;
        let mut b = Board::empty();
        // Our Scout at A0 boxed in by our Bomb at B0 and their unmoved,
        // unidentified piece at A1 (a Bomb): its only move is the attack.
        b.set(sq("A0"), Some(Piece::new(Player::Zero, Scout)));
        b.set(sq("B0"), Some(Piece::new(Player::Zero, Bomb)));
        b.set(sq("A1"), Some(Piece::new(Player::One, Bomb)));
        b.set(sq("J9"), Some(Piece::new(Player::One, Flag)));
        let boxed = Pos::new(b.clone(), Player::Zero, [0, 0], [0, 0]);
        let attacks = |pos: &Pos| {
            let mut moves = MoveList::new();
            pos.legal_attacks(&mut moves);
            blind_attacks_out(
                pos,
                &mut moves,
                AttackRule::Blind,
                FlagZone::default(),
                || pos.board().has_quiet_move(Player::Zero),
            );
            moves.len()
        };
        assert_eq!(attacks(&boxed), 1, "the only legal move stays");
        // A Sergeant of ours with room to move: the attack goes.
        b.set(sq("E5"), Some(Piece::new(Player::Zero, Sergeant)));
        let free = Pos::new(b, Player::Zero, [0, 0], [0, 0]);
        assert_eq!(attacks(&free), 0);
    }

    /// The root values of every move of `pos` at `depth`, passes 1 to
    /// `depth` on each of `boards` in turn, with the hint table on or off.
    fn values_over(boards: &[Board], depth: i32, hints: bool) -> (Vec<Vec<i32>>, u64) {
        let tuning = super::super::tuning::Tuning::default();
        let mut searcher = Searcher::new(1 << 14);
        searcher.set_hints(hints);
        searcher.new_move();
        let budget = Budget::new(
            std::time::Instant::now(),
            std::time::Instant::now() + std::time::Duration::from_secs(600),
            std::time::Duration::ZERO,
            None,
        );
        let mut out = Vec::new();
        for d in 1..=depth {
            out.clear();
            for b in boards {
                // Their pieces unknown to us, ours known to them: one shape.
                let mut pos = Pos::new(b.clone(), Player::Zero, [u128::MAX, 0], [0, 0]);
                let ctx = EvalContext::new(b, Player::Zero, &tuning);
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                let order: Vec<usize> = (0..moves.len()).collect();
                let job = RootJob {
                    moves: &moves,
                    order: &order,
                    depth: d,
                    margin: 600,
                };
                out.push(searcher.root_values(&mut pos, &ctx, &job, &budget).unwrap());
            }
        }
        (out, searcher.nodes())
    }

    #[test]
    fn hints_from_other_determinizations_save_nodes_and_change_no_value() {
        use Rank::*;
        // Three determinizations of one position: their four pieces near
        // ours drawn as different ranks.
        let draws = [
            [Colonel, Captain, Sergeant, Scout],
            [Captain, Colonel, Scout, Sergeant],
            [Sergeant, Scout, Colonel, Captain],
        ];
        let boards: Vec<Board> = draws
            .iter()
            .map(|d| {
                position(&format!(
                    "Flag A0, General E3, Major F3, Captain D3, Sergeant C2, Scout G2 \
                     / Flag J9, {} E6, {} F6, {} D6, {} G7",
                    d[0], d[1], d[2], d[3]
                ))
            })
            .collect();
        let a = Pos::new(boards[0].clone(), Player::Zero, [u128::MAX, 0], [0, 0]);
        let b = Pos::new(boards[1].clone(), Player::Zero, [u128::MAX, 0], [0, 0]);
        assert_eq!(a.shape(), b.shape());
        let (with, n_with) = values_over(&boards, 4, true);
        let (without, n_without) = values_over(&boards, 4, false);
        assert!(
            n_with < n_without,
            "{n_with} nodes with hints, {n_without} without"
        );
        // Values within the window (the best less the margin) are exact,
        // whatever the order; below it they are bounds.
        for (w, o) in with.iter().zip(&without) {
            let best = *o.iter().max().unwrap();
            assert_eq!(*w.iter().max().unwrap(), best);
            for (x, y) in w.iter().zip(o) {
                if *y >= best - 600 {
                    assert_eq!(x, y);
                }
            }
        }
    }

    #[test]
    fn an_attack_on_an_unidentified_piece_stays_only_if_it_wins_whatever_the_piece() {
        // Their Marshal identified far away; two unidentified movers left
        // (a Captain that has moved, a Bomb that has not) and a Flag.
        let pieces = "General E4, Scout F5 / Marshal J9, Captain E5, Bomb F6, Flag A9";
        // The General wins against any mover but their identified Marshal:
        // it may attack the moved piece. The Scout may not; nobody may
        // attack the unmoved one (it may be the Bomb).
        let k = kept(pieces, &["J9"], &["E5"]);
        assert_eq!(k, vec!["E4E5".to_string()]);
        // With their Marshal unidentified, the moved piece may be it.
        let k = kept(pieces, &[], &["E5", "J9"]);
        assert!(k.is_empty(), "{k:?}");
        // Identified pieces are attacked as before.
        let k = kept(pieces, &["J9", "E5", "F6"], &["E5"]);
        assert_eq!(
            k,
            vec!["E4E5".to_string(), "F5E5".to_string(), "F5F6".to_string()]
        );
    }

    #[test]
    fn a_cautious_side_probes_with_cheap_pieces_and_keeps_away_from_takers() {
        // Their Major identified at E5, their Marshal unidentified at E6
        // next to it, an unmoved Bomb at F7 and a Flag far off.
        let pieces = "General E4, Sergeant F6 / Major E5, Marshal E6, Bomb F7, Flag A9";
        let (known, moved) = (["E5"], ["E5", "E6"]);
        // Blind: the General takes the known Major; the Sergeant attacks
        // nothing unidentified (neither E6 nor the unmoved F7).
        let blind = kept_by(AttackRule::Blind, pieces, &known, &moved);
        assert_eq!(blind, vec!["E4E5".to_string()]);
        // Cautious: the piece next to the Major may be their Marshal, so
        // the General leaves it; the Sergeant probes both its neighbours.
        let cautious = kept_by(AttackRule::Cautious, pieces, &known, &moved);
        assert_eq!(cautious, vec!["F6E6".to_string(), "F6F7".to_string()]);
        // With their Marshal identified far away, nothing next to the Major
        // beats or ties the General: it takes the Major again.
        let pieces = "General E4, Sergeant F6 / Major E5, Captain E6, Marshal J0, Flag A9";
        let cautious = kept_by(AttackRule::Cautious, pieces, &["E5", "J0"], &moved);
        assert_eq!(cautious, vec!["E4E5".to_string(), "F6E6".to_string()]);
    }

    #[test]
    fn a_bold_side_sends_its_strong_pieces_at_moved_pieces_only() {
        // Our General beside their moved, unidentified Sergeant (E5) and
        // their unmoved one (F4); their Marshal unidentified far off, so
        // either target may be it; a Sergeant of ours beside both.
        let pieces = "General E4, Sergeant F5 / Sergeant E5, Sergeant F4, Marshal J0, Flag A9";
        let moved = ["E5", "J0"];
        // Cautious: the General attacks neither; the Sergeant probes both.
        let cautious = kept_by(AttackRule::Cautious, pieces, &[], &moved);
        assert_eq!(cautious, vec!["F5E5".to_string(), "F5F4".to_string()]);
        // Bold: the General takes the moved piece (on this board it wins),
        // not the unmoved one (a Bomb, for all it knows).
        let bold = kept_by(AttackRule::Bold, pieces, &[], &moved);
        assert_eq!(
            bold,
            vec!["E4E5".to_string(), "F5E5".to_string(), "F5F4".to_string()]
        );
        // Whatever the piece beside it: the caution about takers is gone
        // for moved targets, as under Free.
        let guarded = "General E4 / Sergeant E5, Marshal E6, Flag A9";
        let bold = kept_by(AttackRule::Bold, guarded, &[], &["E5", "E6"]);
        assert_eq!(bold, vec!["E4E5".to_string()]);
        assert!(kept_by(AttackRule::Cautious, guarded, &[], &["E5", "E6"]).is_empty());
    }

    #[test]
    fn a_cautious_spy_takes_an_identified_marshal() {
        // Their identified Marshal at E5 beside an unidentified piece of
        // theirs that may tie or beat anything: the Spy still attacks.
        let pieces = "Spy E4 / Marshal E5, General E6, Flag A9";
        let k = kept_by(AttackRule::Cautious, pieces, &["E5"], &["E5", "E6"]);
        assert_eq!(k, vec!["E4E5".to_string()]);
    }

    #[test]
    fn a_cautious_side_attacks_the_squares_beside_the_other_flag_whatever_they_hold() {
        // Our Miner beside their Bomb, which guards their Flag, and beside
        // an unmoved piece of theirs elsewhere; our Major beside the Flag
        // itself. All of theirs unmoved and unidentified, their Marshal
        // among them. Cautious, neither attacks (each target may be the
        // Marshal) ...
        let theirs = "Bomb J1, Flag J0, Bomb I2, Marshal A9";
        let none = kept_by(
            AttackRule::Cautious,
            &format!("Miner J2, Major I0 / {theirs}"),
            &[],
            &[],
        );
        assert!(none.is_empty(), "{none:?}");
        // ... but the squares beside the Flag, when it is theirs to lose,
        // are attacked whatever the rule: the Bomb beside it, not the other
        // Bomb, nor the Flag, which they would not know is there, but by a
        // Miner.
        let zone = FlagZone {
            sides: bits(&["J1", "I0"]),
            flag: bits(&["J0"]),
        };
        let kept = |ours: &str| {
            let pieces = format!("{ours} / {theirs}");
            kept_in(AttackRule::Cautious, zone, &pieces, &[], &[])
        };
        assert_eq!(kept("Miner J2, Major I0"), vec!["J2J1".to_string()]);
        assert_eq!(
            kept("Miner J2, Miner I0"),
            vec!["I0J0".to_string(), "J2J1".to_string()]
        );
    }
}
