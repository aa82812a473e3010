//! Static evaluation of a determinized position, from the searching
//! player's point of view.
//!
//! Terms, largest first:
//! - material, with the context-dependent values of [`values`](super::values);
//! - hidden information: a piece whose rank the other side has not seen is
//!   worth more than its rank alone (the opponent must guess, and bluffs
//!   work), most of all for the strong pieces and the Spy;
//! - flag safety: enemy movers close to a Flag threaten it; and, for the
//!   searching player's own Flag only, a pessimistic term for enemy pieces
//!   that could be Miners closing in on it (see [`intruders`]);
//! - progress, for the searching player only: our pieces closing in on
//!   known enemy pieces they beat, and our Miners (or any mover if no Bomb
//!   guards it) closing in on the enemy Flag of this determinization, so
//!   that averaged over determinizations the search walks towards the
//!   likely Flag instead of shuffling;
//! - a small bonus for trading down when ahead;
//! - mobility: movers with room to move;
//! - cover: movers the other side has not seen move, which may be Bombs
//!   to it;
//! - threat: our pieces the other side knows are not Bombs (all of them
//!   against an opponent that attacks what may be a Bomb, by the tuning's
//!   `threat_unmoved`), near an identified enemy piece that beats them;
//! - unleashed: enemy pieces stronger than every piece of ours the other
//!   side has not identified.

use stratego::bits::{BOARD, BitIter, Bits, LAKES};
use stratego::{Board, Player, Rank, Square};

use super::fights::{BEATEN_BY, BEATS, union_of};
use super::geometry::{MAX_RING, Walk, nearest, nearest_within, ring, spread};
use super::position::Pos;
use super::tuning::Tuning;
use super::values::Values;

/// Bonus for each of a side's pieces the other side has not identified.
const HIDDEN: [i32; 12] = [
    30, // Marshal
    20, // General
    10, // Colonel
    6,  // Major
    3,  // Captain
    2,  // Lieutenant
    2,  // Sergeant
    3,  // Miner
    2,  // Scout
    15, // Spy
    0,  // Flag
    4,  // Bomb
];

/// Penalty for an enemy piece that may be a Miner, by its distance to our
/// Flag (none from 5 squares on), before the `flag_guard` scale.
const INTRUDER: [i32; 5] = [0, 240, 120, 50, 15];

/// Penalty for the nearest enemy piece that may be a Miner, by its distance
/// to our Flag, when none of our pieces that stop a Miner stands nearer the
/// Flag than it (none from 8 squares on), before the `flag_race` scale.
const RACE: [i32; 8] = [0, 300, 200, 130, 90, 60, 35, 15];

/// The same for an enemy piece known to be a Miner.
const RACE_KNOWN_MINER: [i32; 8] = [0, 1200, 1000, 800, 500, 250, 100, 40];

/// Share (per hundred) of the race penalty by how many steps our nearest
/// defender comes too late (0: in time; from 3 on, or none: all of it).
const RACE_LATE: [i32; 3] = [0, 70, 85];

/// Value added to a known enemy Miner by its distance to our Flag (none
/// from 7 squares on), for the hunt.
const MINER_URGENCY: [i32; 7] = [0, 400, 300, 200, 120, 60, 30];

/// Share (per thousand) of an enemy piece's value for our nearest piece
/// that beats it, by distance (none from 8 squares on).
const HUNT_SHARE: [i32; 8] = [0, 250, 120, 100, 80, 60, 40, 20];

/// The same for a ruling enemy piece and our nearest piece that ties it,
/// under [`Tuning::tie_far`]: two hundredths of its value for each step
/// from across the board ([`MAX_RING`] squares) to two squares off, and
/// the hunt's own share next to it, where the attack is one move away.
const TIE_FAR_SHARE: [i32; MAX_RING + 1] =
    [0, 250, 200, 180, 160, 140, 120, 100, 80, 60, 40, 20, 10];

/// Share (per hundred) of one of our pieces' value for each identified
/// enemy piece that beats it, by distance (none from 4 squares on), before
/// the `threat` scale.
const THREAT_SHARE: [i32; 4] = [0, 25, 10, 4];

/// What evaluation needs that does not change during one search: whose
/// point of view, and where each side's Flag stands in this determinization.
#[derive(Clone, Copy, Debug)]
pub struct EvalContext {
    root: Player,
    tuning: Tuning,
    flag: [Option<Square>; 2],
    guard: [Bits; 2],
    /// The attack rule of each player below the root, by player index:
    /// worked out once from the tuning instead of at every node.
    rules: [AttackRule; 2],
    /// What the opponent attacks whatever its rule: see
    /// [`EvalContext::attacked_whatever`].
    flag_zone: FlagZone,
    /// Whether the opponent is searched as not knowing where our Flag is:
    /// see [`EvalContext::hoping`].
    hoping: bool,
}

fn neighbours_bits(sq: Square) -> Bits {
    sq.neighbours().fold(0, |acc, n| acc | n.bit())
}

impl EvalContext {
    /// The context for `root` searching `board` with the weights of `tuning`.
    pub fn new(board: &Board, root: Player, tuning: &Tuning) -> EvalContext {
        let mut flag = [None; 2];
        let mut guard = [0; 2];
        for p in Player::BOTH {
            if let Some((sq, _)) = board.pieces(p).find(|&(_, r)| r == Rank::Flag) {
                flag[p.index()] = Some(sq);
                guard[p.index()] = board
                    .pieces(p)
                    .filter(|&(s, r)| r == Rank::Bomb && neighbours_bits(sq) & s.bit() != 0)
                    .fold(0, |acc, (s, _)| acc | s.bit());
            }
        }
        let opponent = if tuning.cautious_opponent && tuning.bold_opponent {
            AttackRule::Bold
        } else if tuning.cautious_opponent {
            AttackRule::Cautious
        } else if tuning.blind_opponent {
            AttackRule::Blind
        } else {
            AttackRule::Free
        };
        let searcher = if tuning.blind_root {
            AttackRule::Blind
        } else {
            AttackRule::Free
        };
        let mut rules = [opponent; 2];
        rules[root.index()] = searcher;
        let flag_zone = flag[root.index()].map_or(FlagZone::default(), |sq| FlagZone {
            sides: neighbours_bits(sq),
            flag: sq.bit(),
        });
        EvalContext {
            root,
            tuning: *tuning,
            flag,
            guard,
            rules,
            flag_zone,
            hoping: false,
        }
    }

    /// This context with the opponent searched as not knowing where our
    /// Flag is: it never attacks the Flag below the root, and
    /// [`EvalContext::attacked_whatever`] holds nothing.
    ///
    /// For when every move loses the Flag on every board (see
    /// [`super::pimc`]): the search then has no move to prefer, and the AI
    /// had stood by for up to 198 moves at "lost" while asmodeus's pieces,
    /// blind to our Flag, stood beside it (8 of 15 lost games:
    /// `docs/experiments/2026-11-29-settled-boards-and-flag-defence.md`).
    pub fn hoping(mut self) -> EvalContext {
        self.hoping = true;
        self.flag_zone = FlagZone::default();
        self
    }

    /// Whether this context is [`EvalContext::hoping`].
    pub fn is_hoping(&self) -> bool {
        self.hoping
    }

    /// The squares `p`, to move below the root, never attacks: our Flag,
    /// for the opponent, while [`EvalContext::hoping`]; none otherwise.
    #[inline]
    pub fn spared(&self, p: Player) -> Bits {
        match self.flag[self.root.index()] {
            Some(flag) if self.hoping && p != self.root => flag.bit(),
            _ => 0,
        }
    }

    /// The searching player.
    pub fn root(&self) -> Player {
        self.root
    }

    /// Which attacks `p`, to move below the root, may make (see
    /// [`search`](super::search)).
    #[inline]
    pub fn attack_rule(&self, p: Player) -> AttackRule {
        self.rules[p.index()]
    }

    /// The squares `p`, to move below the root, attacks whatever its
    /// [`AttackRule`] says: for the opponent, the squares beside the
    /// searching player's Flag, and the Flag itself for its Miners; none
    /// for the searching player.
    ///
    /// The rules model what the opponent knows, and a model that errs
    /// there loses the game: under [`AttackRule::Cautious`] a Miner never
    /// took the Bomb beside our Flag (an unidentified piece of ours, the
    /// Flag, stood next to it and might take the Miner back) nor the Flag,
    /// so a 3-ply search saw our Flag safe behind one Bomb with a known
    /// Miner beside it, stepped the Lieutenant guarding it away, and
    /// asmodeus's Miner took the Bomb and opened the way to the Flag (two
    /// games against peternlewis went the same way, each won on the board:
    /// `docs/experiments/2026-11-29-settled-boards-and-flag-defence.md`).
    /// A Miner that has come through a Bomb goes on.
    ///
    /// Other pieces' attacks on the Flag stay under the rule, as the
    /// opponent does not know it is there: with them searched too, an
    /// enemy General beside our Flag's open side made every move a certain
    /// loss three plies on, and the AI stopped defending, while asmodeus's
    /// General, blind to the Flag, stood there for 24 moves. Such a piece
    /// costs what `flag_race` says instead.
    #[inline]
    pub fn attacked_whatever(&self, p: Player) -> FlagZone {
        if p == self.root {
            FlagZone::default()
        } else {
            self.flag_zone
        }
    }
}

/// Squares attacked whatever the attack rule says
/// ([`EvalContext::attacked_whatever`]).
#[derive(Clone, Copy, Default, Debug)]
pub struct FlagZone {
    /// Attacked by any piece: the squares beside the Flag.
    pub sides: Bits,
    /// Attacked by Miners: the Flag.
    pub flag: Bits,
}

impl FlagZone {
    /// Whether an attack by `attacker` on `target` stays.
    #[inline]
    pub fn holds(&self, attacker: Rank, target: Bits) -> bool {
        target & self.sides != 0 || (attacker == Rank::Miner && target & self.flag != 0)
    }
}

/// The attacks a side may make below the root, where it plays on a
/// sampled board that shows every rank.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AttackRule {
    /// Any attack: the side knows the board.
    Free,
    /// Attacks on identified pieces, and on pieces it beats whatever they
    /// are.
    Blind,
    /// As `Blind` for the Marshal, General, Colonel, Major, Miner and Spy,
    /// and none where a piece of the other side next to the target may
    /// beat or tie the attacker; the Captains, Lieutenants, Sergeants and
    /// Scouts attack anything (they are the probes). peternlewis's rules.
    Cautious,
    /// As `Cautious`, but the Marshal, General, Colonels and Majors attack
    /// the other side's moved pieces as under `Free`: an opponent that
    /// leaves our unmoved pieces alone (they may be Bombs) and sends its
    /// strong pieces at the ones that moved.
    Bold,
}

/// Pieces of each rank counted from the sets: what the board keeps
/// counted as it goes, checked against it in debug builds.
fn counts(ranks: &[Bits; 12]) -> [u8; 12] {
    std::array::from_fn(|i| ranks[i].count_ones() as u8)
}

/// The evaluation of `pos` for `ctx.root`.
pub fn evaluate(pos: &Pos, ctx: &EvalContext) -> i32 {
    let board = pos.board();
    let me = ctx.root;
    let them = me.opponent();
    let own = board.counts(me);
    let opp = board.counts(them);
    debug_assert_eq!(own, counts(pos.by_rank(me)));
    debug_assert_eq!(opp, counts(pos.by_rank(them)));
    let t = &ctx.tuning;
    let v_own = Values::graded(&own, &opp, t.ruling_grades);
    let v_opp = Values::graded(&opp, &own, t.ruling_grades);
    let m_own = v_own.total(&own);
    let m_opp = v_opp.total(&opp);
    let mut score = m_own - m_opp;
    score += t.trade * (m_own - m_opp) / (m_own + m_opp + 1);

    let hide = hidden(pos.by_rank(me), pos.known(me)) - hidden(pos.by_rank(them), pos.known(them));
    score += hide * t.hidden / 100;
    score += flag_pressure(board, ctx, me) - flag_pressure(board, ctx, them);
    score -= intruders(pos, ctx) * t.flag_guard / 100;
    score -= flag_race(pos, ctx) * t.flag_race / 100;
    score -= spy_threat(pos, me) * t.spy_guard;
    let ours = pos.by_rank(me);
    let targets = pos.known(them) | pos.moved(them);
    let home = ctx.flag[me.index()];
    let hunted = Hunt {
        targets,
        not_behind: m_own >= m_opp,
        miners_near: home.map(|f| (f, pos.known(them) & pos.by_rank(them)[Rank::Miner.index()])),
    };
    score += hunt(ours, pos.by_rank(them), &hunted, &v_opp, t) * t.hunt / 100;
    score += flag_approach(board, ours, ctx);
    let free = free_squares(board);
    score += (mobile(board, me, free) - mobile(board, them, free)) * t.mobility;
    score += (unmoved(pos, me) - unmoved(pos, them)) * t.unmoved;
    if t.threat != 0 {
        // An opponent searched as attacking freely (one that has attacked
        // pieces it could not know it beat) is taken to go for our unmoved
        // pieces too.
        let reckless = t.threat_unmoved && ctx.attack_rule(them) == AttackRule::Free;
        score -= threat(pos, me, &v_own, reckless) * t.threat / 100;
    }
    if t.unleashed != 0 {
        score -= unleashed(pos, me, &v_opp) * t.unleashed / 100;
    }
    score
}

/// The value of the enemy pieces stronger than every mover of `me` the
/// other side has not identified: nothing of ours they cannot see can beat
/// or stop them, so they may attack any of our pieces that has moved.
///
/// peternlewis attacks a piece only when none of the ranks it may still be
/// beats or ties the attacker: while our General is unidentified, every
/// unidentified piece of ours may be it, and its General leaves them alone.
/// Once we showed ours (a General taking a Scout, at ply 142 of a lost
/// game, both Marshals gone), its General took 13 of our pieces. Only
/// `me`'s side: our own search already attacks only identified pieces
/// below the root ([`Tuning::blind_root`]).
fn unleashed(pos: &Pos, me: Player, v_opp: &Values) -> i32 {
    let hidden = pos.board().movers(me) & !pos.known(me);
    let ours = pos.by_rank(me);
    // Marshal to Scout by rank index; a hidden Spy stops nothing that
    // attacks it.
    let best = (0..=Rank::Scout.index())
        .find(|&r| ours[r] & hidden != 0)
        .unwrap_or(Rank::Spy.index());
    let theirs = pos.by_rank(me.opponent());
    (0..best)
        .map(|r| theirs[r].count_ones() as i32 * v_opp.of(Rank::ALL[r]))
        .sum()
}

/// How much of `me`'s material stands near identified enemy pieces that
/// beat it: each of our movers the other side knows is not a Bomb (it has
/// moved, or a battle showed it; with `reckless`, every mover), for each
/// such enemy piece by distance.
///
/// Against peternlewis, the enemy General we had identified took 5.4 of
/// our pieces a lost game (262 points) against 2.5 a won one (124): once
/// our Marshal is gone or known, its General attacks whatever has moved,
/// and a search four plies deep moves one threatened piece away while the
/// General walks on to the next. Only identified enemy pieces count: an
/// unidentified one has a sampled rank, and counting those would scare
/// our pieces of every phantom.
///
/// celsius sends its identified Colonel or General into our unmoved front
/// row, which it takes for what it is: in 7 of the 10 games lost or drawn
/// over 200 one took 3 to 6 of our pieces in a row while an unmoved piece
/// of ours that beat or tied it stood 1 to 3 squares off
/// (`docs/experiments/2026-11-28-threat-and-rampage.md`).
/// Counting the unmoved pieces against such an opponent (`reckless`)
/// values sending that piece.
fn threat(pos: &Pos, me: Player, v_own: &Values, reckless: bool) -> i32 {
    let them = me.opponent();
    let mut exposed = pos.board().movers(me);
    if !reckless {
        exposed &= pos.moved(me) | pos.known(me);
    }
    let hunters = pos.board().movers(them) & pos.known(them);
    if exposed == 0 || hunters == 0 {
        return 0;
    }
    let ours = pos.by_rank(me);
    let mut total = 0;
    for (r, &squares) in pos.by_rank(them).iter().enumerate().take(10) {
        let squares = squares & hunters;
        if squares == 0 {
            continue;
        }
        // Our exposed pieces it beats, a set and a value per rank, worked
        // out once for all its pieces (on the stack: this runs at leaves).
        let mut prey = [(0 as Bits, 0); 12];
        let mut n = 0;
        let mut ranks = BEATS[r];
        while ranks != 0 {
            let t = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            let set = ours[t] & exposed;
            if set != 0 {
                prey[n] = (set, v_own.of(Rank::ALL[t]));
                n += 1;
            }
        }
        for e in BitIter(squares) {
            for (d, &share) in THREAT_SHARE.iter().enumerate().skip(1) {
                let ring = ring(e as usize, d);
                for &(set, value) in &prey[..n] {
                    total += (set & ring).count_ones() as i32 * value * share / 100;
                }
            }
        }
    }
    total
}

/// How many of `p`'s movers the other side has neither seen move nor
/// identified. Such a piece may be a Bomb: the agents of 2012 send their
/// strong pieces after the pieces they have seen move (celsius's Marshal
/// is drawn to them; peternlewis's attacks only what cannot be a Bomb),
/// as our own hunt does, so a piece that has never moved is safe from
/// them, and moving one more piece than needed gives that up.
fn unmoved(pos: &Pos, p: Player) -> i32 {
    (pos.board().movers(p) & !pos.moved(p) & !pos.known(p)).count_ones() as i32
}

/// The empty squares and those next to one, for [`mobile`]: worked out
/// once a leaf for both sides.
fn free_squares(board: &Board) -> Bits {
    let occupied = board.occupied_by(Player::Zero) | board.occupied_by(Player::One);
    spread(BOARD & !LAKES & !occupied)
}

/// How many of `p`'s movers have an empty square next to them (`free`,
/// from [`free_squares`]: a mover never stands on an empty square):
/// pieces boxed in by their own army or the lakes cannot take part.
fn mobile(board: &Board, p: Player, free: Bits) -> i32 {
    (board.movers(p) & free).count_ones() as i32
}

fn hidden(ranks: &[Bits; 12], known: Bits) -> i32 {
    ranks
        .iter()
        .zip(HIDDEN)
        .map(|(b, h)| (b & !known).count_ones() as i32 * h)
        .sum()
}

/// How much `attacker`'s movers press on the other side's Flag.
fn flag_pressure(board: &Board, ctx: &EvalContext, attacker: Player) -> i32 {
    let Some(flag) = ctx.flag[attacker.opponent().index()] else {
        return 0;
    };
    let movers = board.movers(attacker);
    (1..5)
        .map(|d| (ring(flag.index(), d) & movers).count_ones() as i32 * (5 - d as i32))
        .sum::<i32>()
        * ctx.tuning.flag_pressure
}

/// Enemy pieces that may breach the Bombs around the searching player's
/// Flag, weighted by how close they are to it.
///
/// On a sampled board every enemy piece has a rank, and a piece walking up
/// to our Flag's Bombs is seldom sampled as a Miner (pieces that approach
/// are believed strong), so the search rarely sees the breach coming: the
/// measured losses against `greedy` were a Miner walking along the board's
/// edge, taking the Bomb beside the Flag, then the Flag. The real Flag is
/// known exactly, and losing it loses the game, so here every unidentified
/// enemy mover counts as a possible Miner, and so does an identified
/// Miner; once a side of the Flag is open, every enemy mover counts.
fn intruders(pos: &Pos, ctx: &EvalContext) -> i32 {
    let me = ctx.root;
    let Some(flag) = ctx.flag[me.index()] else {
        return 0;
    };
    let suspects = suspects(pos, ctx);
    if suspects == 0 {
        return 0;
    }
    (1..INTRUDER.len())
        .map(|d| (ring(flag.index(), d) & suspects).count_ones() as i32 * INTRUDER[d])
        .sum()
}

/// The enemy pieces that may breach our Flag's Bombs: the unidentified
/// movers and the known Miners; every mover once a side of the Flag is
/// open (a neighbour that is not one of our Bombs: a known Colonel walked
/// through the square of a Bomb a Miner had taken, and our Flag fell,
/// while the two Bombs left counted it as guarded).
fn suspects(pos: &Pos, ctx: &EvalContext) -> Bits {
    let me = ctx.root;
    let them = me.opponent();
    let board = pos.board();
    let movers = board.movers(them);
    let Some(flag) = ctx.flag[me.index()] else {
        return movers;
    };
    let sides = ring(flag.index(), 1) & !LAKES;
    let guarded = sides & !pos.by_rank(me)[Rank::Bomb.index()] == 0;
    if guarded {
        movers & (!pos.known(them) | pos.by_rank(them)[Rank::Miner.index()])
    } else {
        movers
    }
}

/// The race home: the nearest enemy piece that may be a Miner against our
/// nearest piece that stops one (a Sergeant or stronger), by how many
/// steps each needs. When theirs is as near or nearer, ours cannot come
/// back in time, and the search, a few moves deep, sees it only when the
/// Flag falls: ahead by 800, the AI had sent every piece into the enemy
/// camp while a known Miner walked through our Bombs to the Flag
/// (peternlewis).
///
/// Distances are walked, not counted as the crow flies, for each side of
/// the Flag apart: the intruder walks to the side over empty squares and
/// through our Bombs, Scouts and Spy (a Miner takes them), then takes the
/// Flag; our defender walks over empty squares to a square next to that
/// side, from which it takes the intruder standing there, and must get
/// there first. Counted as the crow flies, a Colonel two squares from our
/// Flag, walled off by the Flag's own Bombs, "guarded" it while
/// peternlewis's Miner crossed the board along the top row, took a Bomb
/// beside the Flag and then the Flag, from a position the AI judged +1000.
///
/// Who moves next counts: with us to move, our defender has one step more
/// (without it, a Lieutenant three steps from its post against a known
/// Miner three steps from the side was "too late" at every leaf, so the
/// AI gave the Flag up for lost, stopped defending and lost it to
/// celsius, where stepping back in time would have caught the Miner). A
/// defender late by a step or two costs a share of the penalty
/// ([`RACE_LATE`]), so that coming nearer still counts when the count is
/// too pessimistic (the intruder may not find the shortest walk, a piece
/// of ours in its way may stay).
///
/// Each intruder within seven steps of the Flag is raced by our pieces
/// that beat it (its rank on this board: a Captain walking up to our Flag
/// is not stopped by the Sergeant guarding it); the worst race lost
/// counts. A known Miner that wins its race takes the Flag unless
/// something else happens, so it costs [`RACE_KNOWN_MINER`], most of a
/// game once scores are squashed (at +1300 the AI let one walk from three
/// squares away through two Bombs to the Flag).
fn flag_race(pos: &Pos, ctx: &EvalContext) -> i32 {
    let me = ctx.root;
    let them = me.opponent();
    let Some(flag) = ctx.flag[me.index()] else {
        return 0;
    };
    // No walk is shorter than the crow's distance: pieces farther than
    // that are out of the race before any walk is worked out.
    let within: Bits = (1..RACE.len()).fold(0, |acc, d| acc | ring(flag.index(), d));
    let suspects = suspects(pos, ctx) & within;
    if suspects == 0 {
        return 0;
    }
    let board = pos.board();
    let empty = BOARD & !LAKES & !board.occupied_by(me) & !board.occupied_by(them);
    let ours = pos.by_rank(me);
    let theirs = pos.by_rank(them);
    let taken_on_the_way =
        ours[Rank::Bomb.index()] | ours[Rank::Scout.index()] | ours[Rank::Spy.index()];
    let intruder_walks = empty | taken_on_the_way | suspects;
    let defender_walks = empty | board.movers(me);
    let known_miners = pos.known(them) & theirs[Rank::Miner.index()];
    let tempo = usize::from(pos.to_move() == me);
    // Our pieces that stop each rank: the same for every side, so worked
    // out once, when first needed.
    let mut stoppers: [Option<Bits>; 10] = [None; 10];
    let mut worst = 0;
    // Each side of the Flag is raced apart: a defender beside one side
    // does not stop an intruder coming in by another.
    for side in BitIter(ring(flag.index(), 1) & !LAKES) {
        // Steps to stand on this side; the Flag falls one step later.
        let mut intruder: Walk<{ RACE.len() - 1 }> = Walk::to(1u128 << side, intruder_walks);
        if intruder.steps(suspects).is_none() {
            continue;
        }
        // Steps to a square from which to take the intruder on the side,
        // walked only if some intruder here could raise the worst race.
        let mut defence: Option<Walk<{ RACE.len() + 1 }>> = None;
        // Our nearest defender against each rank, computed once a side.
        let mut defender: [Option<Option<usize>>; 10] = [None; 10];
        for (r, &squares) in theirs.iter().enumerate().take(10) {
            for q in BitIter(squares & suspects) {
                let Some(steps) = intruder.steps(1u128 << q) else {
                    continue;
                };
                let d = steps + 1;
                let penalty = if known_miners & (1u128 << q) != 0 {
                    RACE_KNOWN_MINER[d]
                } else {
                    RACE[d]
                };
                if penalty <= worst {
                    continue;
                }
                let nearest_defender = *defender[r].get_or_insert_with(|| {
                    let stop = *stoppers[r].get_or_insert_with(|| union_of(ours, BEATEN_BY[r]));
                    defence
                        .get_or_insert_with(|| {
                            let posts = ring(side as usize, 1) & !flag.bit();
                            Walk::to(posts, defender_walks)
                        })
                        .steps(stop)
                });
                // Steps to spare: the defender stands on its post when the
                // intruder steps onto the side, at the latest; none, or
                // too late for a share, costs the whole penalty.
                let share = nearest_defender.map_or(100, |ours_steps| {
                    let late = (ours_steps + 1).saturating_sub(steps + tempo);
                    RACE_LATE.get(late).copied().unwrap_or(100)
                });
                worst = worst.max(penalty * share / 100);
            }
        }
    }
    worst
}

/// Enemy pieces we have not identified standing next to our Marshal, once
/// the enemy knows where our Marshal is and while its Spy lives unknown.
///
/// Any of them may be the Spy, which takes the Marshal by attacking it. On
/// a sampled board the Spy is where the belief puts it, and the belief,
/// learnt from setups people make, seldom puts it in a front row; programs
/// do (peternlewis keeps its Spy next to its Marshal there, and walks it up
/// to a Marshal it has identified: our revealed Marshal died to it in a
/// third of the games lost to it). Losing the Marshal loses the game more
/// often than its value says, so, as for the Flag's intruders, our side
/// counts every such neighbour as a possible Spy.
fn spy_threat(pos: &Pos, me: Player) -> i32 {
    let them = me.opponent();
    let spy = pos.by_rank(them)[Rank::Spy.index()];
    if spy == 0 || spy & pos.known(them) != 0 {
        return 0;
    }
    let marshal = pos.by_rank(me)[Rank::Marshal.index()] & pos.known(me);
    let Some(m) = BitIter(marshal).next() else {
        return 0;
    };
    let unknown = pos.board().occupied_by(them) & !pos.known(them);
    (ring(m as usize, 1) & unknown).count_ones() as i32
}

/// Our pieces closing in on enemy pieces they beat on this board: a share
/// of the target's value that grows as the nearest such piece gets closer,
/// largest when adjacent (the attack is then one move away). Averaged over
/// boards, the share is weighted by the probability that the attack wins.
///
/// Only pieces that have moved or been identified are hunted: an unmoved
/// unknown piece may be a Bomb, and counting every enemy piece would send
/// the Marshal into the middle of the enemy army for the sum of them all.
///
/// A piece that no piece of ours beats is hunted by our pieces of its rank
/// ([`Tuning::tie_hunt`] percent of the share), as long as we are not
/// behind: trading it removes a piece that rules the board (peternlewis's
/// identified General, once the Marshals were gone, took five of our
/// pieces a game while ours stood aside, and its Colonels after it).
/// Under [`Tuning::tie_far`] that hunt reaches across the board: in 12
/// games lost to peternlewis, an identified enemy piece none of ours beat
/// took three to eleven of our pieces 18 times, and in 4 of them our only
/// piece of its rank stood 8 to 14 squares away, where the hunt gave
/// nothing (`docs/experiments/2026-11-28-threat-and-rampage.md`).
///
/// A known Miner near our Flag is worth more than its rank: by the Flag's
/// distance, [`MINER_URGENCY`] is added to its value (peternlewis sent its
/// Miners one after another at our identified Bombs, the last one through
/// to the Flag, while our pieces stood elsewhere).
fn hunt(ours: &[Bits; 12], theirs: &[Bits; 12], h: &Hunt, v_opp: &Values, tuning: &Tuning) -> i32 {
    let Hunt {
        targets,
        not_behind,
        miners_near,
    } = *h;
    let mut total = 0;
    for (t, &squares) in theirs.iter().enumerate().take(10) {
        let squares = squares & targets;
        if squares == 0 {
            continue;
        }
        let mut hunters = union_of(ours, BEATEN_BY[t]);
        let mut scale = 100;
        let mut shares: &[i32] = &HUNT_SHARE;
        if hunters == 0 && not_behind && t != Rank::Spy.index() {
            hunters = ours[t];
            scale = tuning.tie_hunt;
            if tuning.tie_far {
                shares = &TIE_FAR_SHARE;
            }
        }
        if hunters == 0 {
            continue;
        }
        let value = v_opp.of(Rank::ALL[t]) * scale / 100;
        for e in BitIter(squares) {
            let urgency = match miners_near {
                Some((flag, miners)) if miners & (1u128 << e) != 0 => {
                    let d = nearest(flag.index(), 1u128 << e).unwrap_or(MAX_RING);
                    MINER_URGENCY.get(d).copied().unwrap_or(0)
                }
                _ => 0,
            };
            // Beyond the last share the distance does not matter: the
            // rings farther out are not searched.
            if let Some(d) = nearest_within(e as usize, hunters, shares.len() - 1) {
                total += (value + urgency) * shares[d] / 1000;
            }
        }
    }
    total
}

/// What [`hunt`] hunts: the enemy pieces it may (moved or identified),
/// whether ties are sought (not behind), and our Flag with the enemy's
/// known Miners.
#[derive(Clone, Copy)]
struct Hunt {
    targets: Bits,
    not_behind: bool,
    miners_near: Option<(Square, Bits)>,
}

/// Our nearest mover to the enemy Flag of this board, and our nearest
/// Miner to the Bombs guarding it; a large bonus once a piece stands next
/// to the Flag itself.
fn flag_approach(board: &Board, ours: &[Bits; 12], ctx: &EvalContext) -> i32 {
    let me = ctx.root;
    let them = me.opponent();
    let Some(flag) = ctx.flag[them.index()] else {
        return 0;
    };
    let movers = board.movers(me);
    let nearest_mover = nearest(flag.index(), movers).unwrap_or(MAX_RING) as i32;
    let t = &ctx.tuning;
    let mut score = if nearest_mover == 1 {
        t.flag_adjacent
    } else {
        t.flag_approach * (12 - nearest_mover.min(12))
    };
    let guards = ctx.guard[them.index()] & board.occupied_by(them);
    let miners = ours[Rank::Miner.index()];
    if guards != 0 && miners != 0 {
        let best = BitIter(guards)
            .filter_map(|g| nearest(g as usize, miners))
            .min()
            .unwrap_or(MAX_RING) as i32;
        score += t.guard_approach * (12 - best.min(12));
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{position, sq};

    /// The board of `pieces` (as [`position`] reads them), player 0 to
    /// move, the `known` pieces of each side identified and seen to move.
    fn pos(pieces: &str, known: [Bits; 2]) -> Pos {
        pos_moving(pieces, known, Player::Zero)
    }

    /// [`pos`] with `to_move` to move.
    fn pos_moving(pieces: &str, known: [Bits; 2], to_move: Player) -> Pos {
        pos_seen(pieces, known, known, to_move)
    }

    /// What the settings `on` add to Zero's evaluation of `p` over `off`.
    fn gain(p: &Pos, on: &Tuning, off: &Tuning) -> i32 {
        let on = EvalContext::new(p.board(), Player::Zero, on);
        let off = EvalContext::new(p.board(), Player::Zero, off);
        evaluate(p, &on) - evaluate(p, &off)
    }

    /// [`pos_moving`] with the pieces seen to move apart from the known ones.
    fn pos_seen(pieces: &str, known: [Bits; 2], moved: [Bits; 2], to_move: Player) -> Pos {
        Pos::new(position(pieces), to_move, known, moved)
    }

    #[test]
    fn more_material_is_better() {
        use Player::*;
        let theirs = |rank: Rank| pos(&format!("Flag A0, Major E2 / Flag J9, {rank} E7"), [0, 0]);
        let even = theirs(Rank::Major);
        let ahead = theirs(Rank::Captain);
        let ctx = EvalContext::new(even.board(), Zero, &Tuning::default());
        assert!(evaluate(&ahead, &ctx) > evaluate(&even, &ctx));
    }

    #[test]
    fn revealing_our_marshal_costs_and_revealing_theirs_gains() {
        use Player::*;
        let pieces = "Flag A0, Marshal E2 / Flag J9, Marshal E7";
        let hidden = pos(pieces, [0, 0]);
        let ours_known = pos(pieces, [sq("E2").bit(), 0]);
        let theirs_known = pos(pieces, [0, sq("E7").bit()]);
        let ctx = EvalContext::new(hidden.board(), Zero, &Tuning::default());
        assert!(evaluate(&ours_known, &ctx) < evaluate(&hidden, &ctx));
        assert!(evaluate(&theirs_known, &ctx) > evaluate(&hidden, &ctx));
    }

    #[test]
    fn enemies_near_our_flag_are_a_threat_and_miners_near_theirs_a_plus() {
        use Player::*;
        let far = pos("Flag A0 / Flag J9, Scout J5", [0, 0]);
        let near = pos("Flag A0 / Flag J9, Scout B1", [0, 0]);
        let ctx = EvalContext::new(far.board(), Zero, &Tuning::default());
        assert!(evaluate(&near, &ctx) < evaluate(&far, &ctx));

        let guarded = |miner: &str| {
            pos(
                &format!("Flag A0, Miner {miner} / Flag J9, Bomb J8, Bomb I9"),
                [0, 0],
            )
        };
        let (close, away) = (guarded("H8"), guarded("B2"));
        let ctx = EvalContext::new(close.board(), Zero, &Tuning::default());
        assert!(evaluate(&close, &ctx) > evaluate(&away, &ctx));
    }

    #[test]
    fn a_possible_miner_by_our_guarded_flag_is_a_threat_and_a_known_major_is_not() {
        // The Miners of the losses to `greedy`: our Flag on J0 behind Bombs
        // on I0 and J1; their piece walks along row J.
        use Player::*;
        let at = |square: &str, rank: Rank, known: bool| {
            pos(
                &format!("Flag J0, Bomb I0, Bomb J1 / Flag A9, {rank} {square}"),
                [0, if known { sq(square).bit() } else { 0 }],
            )
        };
        let ctx = EvalContext::new(
            at("J6", Rank::Major, false).board(),
            Zero,
            &Tuning::default(),
        );
        // Whatever it is on this board, an unidentified piece may be a Miner.
        assert!(
            intruders(&at("J2", Rank::Major, false), &ctx)
                > intruders(&at("J4", Rank::Major, false), &ctx)
        );
        assert_eq!(intruders(&at("J6", Rank::Major, false), &ctx), 0);
        assert!(intruders(&at("J2", Rank::Miner, true), &ctx) > 0);
        // An identified Major cannot pass the Bombs.
        assert_eq!(intruders(&at("J2", Rank::Major, true), &ctx), 0);
    }

    #[test]
    fn a_possible_miner_nearer_our_flag_than_any_defender_wins_the_race_home() {
        use Player::*;
        // With them to move.
        let with = |intruder: Rank, known: bool, sergeant: &str| {
            pos_moving(
                &format!("Flag J0, Bomb I0, Bomb J1, Sergeant {sergeant} / Flag A9, {intruder} J4"),
                [0, if known { sq("J4").bit() } else { 0 }],
                One,
            )
        };
        let ctx = EvalContext::new(
            with(Rank::Miner, false, "A5").board(),
            Zero,
            &Tuning::default(),
        );
        // J4 takes the Flag in 4 steps (J3, J2, the Bomb on J1, the Flag);
        // a Sergeant on A5 is far.
        assert_eq!(flag_race(&with(Rank::Miner, false, "A5"), &ctx), RACE[4]);
        // From H1 or G1 it stands next to J1 (on I1) in 1 or 2 steps, before
        // the intruder stands on J1 (3 steps): in time. From F1 (3 steps)
        // it is a step late, from E1 two.
        assert_eq!(flag_race(&with(Rank::Miner, false, "H1"), &ctx), 0);
        assert_eq!(flag_race(&with(Rank::Miner, false, "G1"), &ctx), 0);
        assert_eq!(
            flag_race(&with(Rank::Miner, false, "F1"), &ctx),
            RACE[4] * RACE_LATE[1] / 100
        );
        assert_eq!(
            flag_race(&with(Rank::Miner, false, "E1"), &ctx),
            RACE[4] * RACE_LATE[2] / 100
        );
        // A Sergeant does not stop a Major.
        assert_eq!(flag_race(&with(Rank::Major, false, "H1"), &ctx), RACE[4]);
        // A known Miner that wins its race costs most of a game.
        assert_eq!(
            flag_race(&with(Rank::Miner, true, "A5"), &ctx),
            RACE_KNOWN_MINER[4]
        );
        assert!(
            evaluate(&with(Rank::Miner, false, "H1"), &ctx)
                > evaluate(&with(Rank::Miner, false, "A5"), &ctx)
        );
        assert!(
            evaluate(&with(Rank::Miner, false, "F1"), &ctx)
                > evaluate(&with(Rank::Miner, false, "A5"), &ctx)
        );
    }

    #[test]
    fn regression_a_defender_one_step_from_time_was_given_up_for_lost_with_us_to_move() {
        use Player::*;
        // Celsius: our Flag on F0 walled by Bombs (E0, G0, H0, F1), their
        // known Miner on H2, our Lieutenant on F3, us to move. The Miner
        // stands on G0 in 3 steps (H1, G1, G0, or by the Bomb on H0); the
        // Lieutenant is on G1, next to G0, in 3 (F2, G2, G1), and moves
        // first: it catches the Miner on G0 or on its way. Counted as a
        // lost race at every leaf, the AI gave the Flag up and lost it.
        let at = |to_move: Player| {
            pos_moving(
                "Flag F0, Bomb E0, Bomb G0, Bomb H0, Bomb F1, Lieutenant F3 / Flag A9, Miner H2",
                [0, sq("H2").bit()],
                to_move,
            )
        };
        let ctx = EvalContext::new(at(Zero).board(), Zero, &Tuning::default());
        assert_eq!(flag_race(&at(Zero), &ctx), 0);
        // With the Miner to move, it is a step ahead.
        assert_eq!(
            flag_race(&at(One), &ctx),
            RACE_KNOWN_MINER[4] * RACE_LATE[1] / 100
        );
    }

    #[test]
    fn a_miner_walks_through_the_scouts_and_spy_it_takes_on_the_way() {
        use Player::*;
        // Our Flag on J0 with Bombs on both sides (I0, J1), our Miners on
        // H0 and J2 (they neither stop nor let a Miner by), `blocker` on
        // I1; their Miner on H1.
        let at = |blocker: Rank| {
            pos_moving(
                &format!(
                    "Flag J0, Bomb I0, Bomb J1, Miner H0, Miner J2, {blocker} I1 \
                     / Flag A9, Miner H1"
                ),
                [0, 0],
                One,
            )
        };
        let ctx = EvalContext::new(at(Rank::Scout).board(), Zero, &Tuning::default());
        // Through the Scout or Spy on I1 to the side I0: 2 steps, then the
        // Flag.
        assert_eq!(flag_race(&at(Rank::Scout), &ctx), RACE[3]);
        assert_eq!(flag_race(&at(Rank::Spy), &ctx), RACE[3]);
        // A Lieutenant there is not walked through (and stops it).
        assert_eq!(flag_race(&at(Rank::Lieutenant), &ctx), 0);
    }

    #[test]
    fn regression_a_defender_walled_off_by_the_flags_bombs_does_not_guard_it() {
        use Player::*;
        // Our Flag on E9 in a shell of Bombs (D9, E8, F9), our Colonel on
        // G9 beside the shell; their unidentified piece on B7 walks in by
        // D9 (B8, B9, C9, the Bomb, the Flag: 5 steps). The Colonel, two
        // squares from the Flag as the crow flies, needs 6 steps to a
        // square next to D9 (round by G8, F8, F7, E7, D7, D8).
        // With them to move.
        let at = |colonel: &str| {
            pos_moving(
                &format!(
                    "Flag E9, Bomb D9, Bomb E8, Bomb F9, Colonel {colonel} \
                     / Flag A0, Miner B7"
                ),
                [0, 0],
                One,
            )
        };
        let ctx = EvalContext::new(at("G9").board(), Zero, &Tuning::default());
        assert_eq!(flag_race(&at("G9"), &ctx), RACE[5]);
        // From D7 it steps to D8, next to D9, long before the intruder
        // stands on D9.
        assert_eq!(flag_race(&at("D7"), &ctx), 0);
    }

    #[test]
    fn a_known_miner_near_our_flag_is_hunted_harder() {
        use Player::*;
        // Their known Miner on `miner`; our Sergeant next to it.
        let at = |miner: &str, sergeant: &str| {
            pos(
                &format!("Flag J0, Sergeant {sergeant} / Flag A9, Miner {miner}"),
                [0, sq(miner).bit()],
            )
        };
        let ctx = EvalContext::new(at("I2", "I3").board(), Zero, &Tuning::default());
        let hunted = |p: &Pos| {
            let v_opp = Values::new(&counts(p.by_rank(One)), &counts(p.by_rank(Zero)));
            let h = Hunt {
                targets: p.known(One),
                not_behind: true,
                miners_near: ctx.flag[0].map(|f| (f, p.known(One))),
            };
            hunt(
                p.by_rank(Zero),
                p.by_rank(One),
                &h,
                &v_opp,
                &Tuning::default(),
            )
        };
        // Two squares from our Flag against eight: the same Sergeant
        // beside it is worth far more.
        assert!(hunted(&at("I1", "I2")) > 3 * hunted(&at("B5", "B6")));
    }

    #[test]
    fn regression_one_open_side_lets_any_piece_in() {
        use Player::*;
        // J0's Bomb on J1 was taken: I0 alone guards it, J1 is open.
        let board = pos(
            "Flag J0, Bomb I0 / Flag A9, Colonel J3",
            [0, sq("J3").bit()],
        );
        let ctx = EvalContext::new(board.board(), Zero, &Tuning::default());
        assert_eq!(intruders(&board, &ctx), INTRUDER[3]);
    }

    #[test]
    fn once_the_guard_is_gone_any_piece_by_our_flag_is_a_threat() {
        use Player::*;
        let board = pos("Flag J0 / Flag A9, Major J2", [0, sq("J2").bit()]);
        let ctx = EvalContext::new(board.board(), Zero, &Tuning::default());
        assert_eq!(intruders(&board, &ctx), INTRUDER[2]);
    }

    #[test]
    fn our_known_marshal_next_to_a_piece_that_may_be_their_spy_is_a_threat() {
        use Player::*;
        let at = |their: &str, ours_known: bool, spy_known: bool| {
            pos(
                &format!("Flag A0, Marshal E4 / Flag J9, Sergeant {their}, Spy A9"),
                [
                    if ours_known { sq("E4").bit() } else { 0 },
                    if spy_known { sq("A9").bit() } else { 0 },
                ],
            )
        };
        assert_eq!(spy_threat(&at("E5", true, false), Zero), 1);
        // Not next to it, not known to them, or their Spy known: no threat.
        assert_eq!(spy_threat(&at("E6", true, false), Zero), 0);
        assert_eq!(spy_threat(&at("E5", false, false), Zero), 0);
        assert_eq!(spy_threat(&at("E5", true, true), Zero), 0);
        let ctx = EvalContext::new(at("E5", true, false).board(), Zero, &Tuning::default());
        assert!(evaluate(&at("E5", true, false), &ctx) < evaluate(&at("E6", true, false), &ctx));
    }

    #[test]
    fn our_general_closes_in_on_their_ruling_general_when_not_behind() {
        use Player::*;
        // No Marshal on either side: their known General rules, ours ties it.
        let general_at = |square: &str| {
            pos(
                &format!("Flag A0, General {square}, Major A5 / Flag J9, General E7"),
                [0, sq("E7").bit()],
            )
        };
        let ctx = EvalContext::new(general_at("E2").board(), Zero, &Tuning::default());
        assert!(evaluate(&general_at("E5"), &ctx) > evaluate(&general_at("E2"), &ctx));
        let tied = |p: &Pos, not_behind: bool, tuning: &Tuning| {
            let counts = |pl: Player| counts(p.by_rank(pl));
            let v_opp = Values::new(&counts(One), &counts(Zero));
            let targets = p.known(One) | p.moved(One);
            let h = Hunt {
                targets,
                not_behind,
                miners_near: None,
            };
            hunt(p.by_rank(Zero), p.by_rank(One), &h, &v_opp, tuning)
        };
        let t = Tuning::default();
        assert!(tied(&general_at("E6"), true, &t) > tied(&general_at("E3"), true, &t));
        assert!(tied(&general_at("E3"), true, &t) > 0);
        // Behind, or without the weight, a trade is not sought.
        assert_eq!(tied(&general_at("E6"), false, &t), 0);
        let no_tie = Tuning {
            tie_hunt: 0,
            ..Tuning::default()
        };
        assert_eq!(tied(&general_at("E6"), true, &no_tie), 0);
        // Ten and nine squares off: nothing by default, each step felt
        // under tie_far (a Colonel of ours nine squares from theirs).
        assert_eq!(tied(&general_at("A1"), true, &t), 0);
        let far = Tuning {
            tie_far: true,
            ..Tuning::default()
        };
        assert!(tied(&general_at("B1"), true, &far) > tied(&general_at("A1"), true, &far));
        assert!(tied(&general_at("A1"), true, &far) > 0);
        assert_eq!(tied(&general_at("A1"), false, &far), 0);
    }

    #[test]
    fn only_movers_never_seen_move_or_identified_count_as_unmoved() {
        use Player::*;
        // B1 has moved, C0 was identified (a defender that won a battle):
        // of the three Sergeants, only B0 still counts; never the Bomb.
        let p = pos_seen(
            "Flag A0, Bomb A1, Sergeant B0, Sergeant B1, Sergeant C0 / Flag J9",
            [sq("C0").bit(), 0],
            [sq("B1").bit(), 0],
            Zero,
        );
        assert_eq!(unmoved(&p, Zero), 1);
        assert_eq!(unmoved(&p, One), 0);
        let weighed = |unmoved| Tuning {
            unmoved,
            ..Tuning::default()
        };
        assert_eq!(gain(&p, &weighed(7), &weighed(0)), 7);
    }

    #[test]
    fn boxed_in_pieces_do_not_count_as_mobile() {
        use Player::*;
        let free = pos("Flag A0, Major E2 / Flag J9", [0, 0]);
        assert_eq!(mobile(free.board(), Zero, free_squares(free.board())), 1);
        let boxed = pos("Flag A0, Major A1, Bomb A2, Bomb B1 / Flag J9", [0, 0]);
        assert_eq!(mobile(boxed.board(), Zero, free_squares(boxed.board())), 0);
        assert_eq!(mobile(boxed.board(), One, free_squares(boxed.board())), 0);
    }

    #[test]
    fn an_identified_general_near_our_moved_pieces_threatens_them() {
        use Player::*;
        let pieces = "Flag A0, Major E4, Captain E6, Marshal A5 / Flag J9, General E5";
        let (major, captain, general) = (sq("E4").bit(), sq("E6").bit(), sq("E5").bit());
        let marshal = sq("A5").bit();
        let at = |known: [Bits; 2], moved: [Bits; 2]| pos_seen(pieces, known, moved, Zero);
        let v = Values::graded(
            &at([0, 0], [0, 0]).board().counts(Zero),
            &at([0, 0], [0, 0]).board().counts(One),
            Tuning::default().ruling_grades,
        );
        // Their General unidentified: no threat, whatever it is sampled as.
        assert_eq!(
            threat(&at([0, 0], [major | captain, general]), Zero, &v, false),
            0
        );
        // Identified, next to two of our moved pieces it beats: a quarter
        // of each; our Marshal far off, which it does not beat, adds nothing.
        let seen = at([0, general], [major | captain | marshal, general]);
        assert_eq!(
            threat(&seen, Zero, &v, false),
            v.of(Rank::Major) * 25 / 100 + v.of(Rank::Captain) * 25 / 100
        );
        // Our unmoved, unidentified Captain may be a Bomb to it: not counted.
        let unmoved = at([0, general], [major, general]);
        assert_eq!(
            threat(&unmoved, Zero, &v, false),
            v.of(Rank::Major) * 25 / 100
        );
        // Unless the opponent attacks unmoved pieces all the same.
        assert_eq!(
            threat(&unmoved, Zero, &v, true),
            v.of(Rank::Major) * 25 / 100 + v.of(Rank::Captain) * 25 / 100
        );
        // The weight scales it into the evaluation (200 by default).
        let weighed = |threat| Tuning {
            threat,
            ..Tuning::default()
        };
        let on = weighed(100);
        assert_eq!(
            gain(&seen, &on, &weighed(0)),
            -threat(&seen, Zero, &v, false)
        );
        // `threat_unmoved` counts the unmoved Captain against an opponent
        // searched as attacking freely, not against a cautious one.
        let unmoved_too = Tuning {
            threat_unmoved: true,
            ..on
        };
        assert_eq!(
            gain(&unmoved, &unmoved_too, &on),
            -(v.of(Rank::Captain) * 25 / 100)
        );
        let cautious = |t: Tuning| Tuning {
            cautious_opponent: true,
            ..t
        };
        assert_eq!(gain(&unmoved, &cautious(unmoved_too), &cautious(on)), 0);
    }

    #[test]
    fn showing_our_last_hidden_general_unleashes_their_general() {
        use Player::*;
        let pieces = "Flag A0, General E2, Colonel E3 / Flag J9, General E7, Colonel E8";
        let (general, colonel) = (sq("E2").bit(), sq("E3").bit());
        let at = |known: Bits| pos_seen(pieces, [known, 0], [general | colonel, 0], Zero);
        let v = Values::graded(
            &at(0).board().counts(One),
            &at(0).board().counts(Zero),
            Tuning::default().ruling_grades,
        );
        // Our General hidden: it may be any of our pieces, theirs is held.
        assert_eq!(unleashed(&at(0), Zero, &v), 0);
        assert_eq!(unleashed(&at(colonel), Zero, &v), 0);
        // Shown: their General is stronger than all we hide; their
        // Colonel is still tied by our hidden one.
        assert_eq!(unleashed(&at(general), Zero, &v), v.of(Rank::General));
        // Everything shown: both.
        assert_eq!(
            unleashed(&at(general | colonel), Zero, &v),
            v.of(Rank::General) + v.of(Rank::Colonel)
        );
        let weighed = |unleashed| Tuning {
            unleashed,
            ..Tuning::default()
        };
        assert_eq!(
            gain(&at(general), &weighed(100), &weighed(0)),
            -v.of(Rank::General)
        );
    }
}
