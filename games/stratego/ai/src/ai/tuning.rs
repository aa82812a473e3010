//! The AI's weights that are worth tuning, with their defaults. Each can be
//! set by name (`name=value`), so the arena can pit two settings against
//! each other without rebuilding.

use thiserror::Error;

/// A `name=value` setting that could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TuningError {
    /// No `=` in the setting.
    #[error("{0:?} is not of the form name=value")]
    NotAnAssignment(String),
    /// The name is not one of [`Tuning::NAMES`].
    #[error("unknown weight {0:?} (known: {names})", names = Tuning::NAMES.join(", "))]
    UnknownName(String),
    /// The value does not parse as a number of the weight's type.
    #[error("{value:?} is not a valid value for {name}")]
    BadValue {
        /// The weight.
        name: String,
        /// The text given.
        value: String,
    },
}

/// The tunable weights of evaluation, search and move choice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Scale, in percent, of the bonus for pieces the other side has not identified.
    pub hidden: i32,
    /// Pressure per enemy mover near a Flag, per square closer than 5.
    pub flag_pressure: i32,
    /// Scale, in percent, of the penalty for enemy pieces that may be Miners
    /// near our Flag.
    pub flag_guard: i32,
    /// Scale, in percent, of the penalty for losing the race home to a
    /// possible Miner.
    pub flag_race: i32,
    /// Reward per square our nearest mover is closer than 12 to the enemy Flag.
    pub flag_approach: i32,
    /// Reward per square our nearest Miner is closer than 12 to a Bomb by the enemy Flag.
    pub guard_approach: i32,
    /// Bonus for a piece of ours next to the enemy Flag.
    pub flag_adjacent: i32,
    /// Penalty per unidentified enemy piece next to our known Marshal while
    /// the enemy Spy lives unidentified.
    pub spy_guard: i32,
    /// Scale, in percent, of the reward for closing in on enemy pieces we beat.
    pub hunt: i32,
    /// Share, in percent, of the hunting reward for our pieces that tie an
    /// enemy piece none of ours beats.
    pub tie_hunt: i32,
    /// The tie hunt reaches across the board ([`MAX_RING`] squares) with the
    /// same pull at every step, instead of seven squares with a pull that
    /// fades to almost nothing past three.
    ///
    /// [`MAX_RING`]: super::geometry::MAX_RING
    pub tie_far: bool,
    /// Weight of the bonus for trading down when ahead.
    pub trade: i32,
    /// Grade the +30% of a piece no enemy mover beats or ties over this
    /// many stoppers ([`super::values::Values::graded`]): a third of it with
    /// two enemy movers left that beat or tie it, two thirds with one, at
    /// 3 (0: only a piece with no stopper gets it). 3 by default: its
    /// self-play SPRT against 0 accepted it (52.6% over 474 games) and no
    /// pool member dropped (docs/player.md, "Evaluation").
    pub ruling_grades: i32,
    /// Value of each mover with an empty square next to it.
    pub mobility: i32,
    /// Value of each mover the other side has neither seen move nor
    /// identified (it may be a Bomb, so strong pieces leave it alone).
    /// 5 by default: with it and `unleashed` at 20, celsius 97.0% over 100
    /// games against 92.0% without, peternlewis 79.0% against 71.5%, the
    /// same seeds and seats
    /// (`docs/experiments/2026-11-27-hidden-piece-weights.md`).
    pub unmoved: i32,
    /// Scale, in percent, of the penalty for our pieces near identified
    /// enemy pieces that beat them. 200 by default: with the search capped
    /// at three plies against a cautious opponent, it stands for the
    /// approach and capture the search does not see (peternlewis: 93.5%
    /// over 100 games against 88.0% without, the same seeds and seats;
    /// celsius 96.0% against 96.5%, both runs on a loaded machine, and
    /// 94.5% on a quiet one); at four plies and more it gains nothing
    /// (`docs/experiments/2026-11-28-threat-and-rampage.md`).
    pub threat: i32,
    /// Against an opponent searched as attacking freely
    /// ([`super::eval::AttackRule::Free`]: one that has attacked pieces it
    /// could not know it beat), `threat` counts our unmoved pieces too.
    pub threat_unmoved: bool,
    /// Scale, in percent, of the penalty for enemy pieces stronger than
    /// every piece of ours the other side has not identified. 20 by
    /// default; at 60 peternlewis scored 65.5% against 80.5% at 20 (100
    /// games each at 100 ms a move,
    /// `docs/experiments/2026-11-27-hidden-piece-weights.md`).
    pub unleashed: i32,
    /// Root bonus, in percent of a rampaging enemy piece's base value (one
    /// identified and taking our pieces: see [`super::rampage`]), for an
    /// attack on it by a piece of ours that beats or ties it; half of it
    /// for a step of our nearest such piece towards it. 0 (off) by default.
    pub rampage: i32,
    /// Value of a won game when averaging root moves over boards.
    pub flag_value: f64,
    /// Scores are squashed as `flag_value × tanh(score / squash)` before
    /// averaging (0: not squashed).
    pub squash: f64,
    /// Penalty per earlier occurrence of the position a quiet move leads to.
    pub repeat_penalty: f64,
    /// Penalty for moving a piece straight back.
    pub undo_penalty: f64,
    /// Boards drawn before the first search pass.
    pub samples: usize,
    /// Deepest search pass.
    pub max_depth: i32,
    /// Root moves this much below the best may get only an upper bound.
    pub margin: i32,
    /// Stop searching once the best move is this much above the second.
    pub easy_margin: f64,
    /// Below the root, the searching player attacks only identified pieces.
    pub blind_root: bool,
    /// Below the root, the opponent attacks only pieces it has identified.
    pub blind_opponent: bool,
    /// Below the root, the opponent always attacks as
    /// [`super::eval::AttackRule::Cautious`] (over `blind_opponent` and
    /// `adaptive_opponent`).
    pub cautious_opponent: bool,
    /// Below the root, the opponent attacks as
    /// [`super::eval::AttackRule::Cautious`] until it has made
    /// `reckless_limit` attacks it might have lost
    /// ([`super::opponent`]), then freely (or blind, by `blind_opponent`).
    pub adaptive_opponent: bool,
    /// How many such attacks show that the opponent is not cautious.
    pub reckless_limit: u32,
    /// Below the root, a cautious opponent's Marshal, General, Colonels
    /// and Majors attack our moved pieces freely
    /// ([`super::eval::AttackRule::Bold`]; set by the opponent model after
    /// `bold_limit` attacks of theirs on our moved unidentified pieces that
    /// they might have lost, [`super::opponent`]). On: two self-play SPRTs
    /// accepted it and no pool member dropped (docs/player.md, "Search").
    pub bold_opponent: bool,
    /// With `bold_opponent` off, how many such attacks make a cautious
    /// opponent bold (0: never).
    pub bold_limit: u32,
    /// Root bonus for an attack of our Marshal, General, Colonel or Major
    /// on a moved unidentified enemy piece (0: none): plays the bold
    /// opponent that `bold_limit` is for, in experiments.
    pub bold_attack: f64,
    /// Deepest search pass while the opponent is modelled as cautious:
    /// the time goes to more boards instead (`pimc`).
    pub cautious_depth: i32,
    /// `cautious_depth` does not hold when the first `samples` boards
    /// drawn hold at most this many distinct ones: the beliefs are then
    /// nearly certain and more boards add nothing (0: it always holds).
    pub settled_boards: usize,
    /// A precious piece attacking an unmoved piece is not credited with the
    /// Flag while a cheap probe is left (`pimc`).
    pub probe_flag: bool,
    /// The search tries first, at each position, the move found best at
    /// the same shape on the other determinizations
    /// ([`super::position::Pos::shape`], `search`): fewer nodes, the same
    /// values. Off until an SPRT against the AI without it accepts it (the
    /// rule every change to the AI passes: docs/player.md, "Strength").
    pub order_hints: bool,
    /// How near the target (squares, as the crow walks) a cheap probe must
    /// stand for `probe_flag`; beyond [`super::geometry::MAX_RING`]: anywhere.
    pub probe_reach: usize,
    /// A precious piece's root attack on an unmoved unidentified piece
    /// weighs the Bomb at no less than this share of the Bomb rate among
    /// the enemy's unmoved unidentified pieces (`pimc`; 0: the belief
    /// alone). The AI attacks where its belief errs low: in self-play its
    /// Majors and up met Bombs in 32.1% of those attacks while believing
    /// 20.5% (docs/experiments/2026-12-07-grades-and-late-starters.md).
    /// Where no board drew a Bomb, the raised odds meet the move's plain
    /// average and change little (`pimc::Attack`). 0 (off) by default: not
    /// measured in play yet.
    pub bomb_floor: f64,
    /// Plies without a battle before cheap pieces are pushed at the
    /// enemy's unidentified ones ([`super::stall`]).
    pub stall_start: u32,
    /// Growth of that push per further ply, in root-value units.
    pub stall_ramp: f64,
    /// Most push.
    pub stall_max: f64,
    /// How many movers fewer than the opponent's we may have and still be
    /// pushed (0: only when not behind): with 0, three of hunter's six
    /// draws in one run of 100 games were stalls with us one, two and four
    /// movers behind, and six of its eight in another (one or two behind)
    /// (`docs/experiments/2026-11-29-settled-boards-and-flag-defence.md`).
    pub stall_behind: usize,
    /// Cost of each unmoved unidentified enemy piece next to our
    /// identified Marshal after a root move, while their Spy lives
    /// unidentified, in root-value units ([`super::spy_watch`]).
    pub spy_risk: f64,
    /// Share of [`Tuning::spy_risk`] for a moved unidentified enemy piece
    /// beside one of their identified Generals or Colonels, a possible
    /// escorting Spy ([`super::spy_watch`]); other moved pieces count
    /// [`super::spy_watch::MOVED_SHARE`]. As much by default: at 0.5 our
    /// Marshal shunned the identified pieces it is there to take and lost
    /// in self-play (docs/player.md, the spy watch).
    pub spy_escort: f64,
    /// Share of the prior over an enemy piece's rank that ignores where it
    /// started (each rank as its share of the army,
    /// [`super::prior::weights`]); the rest follows human setups.
    pub prior_agnostic: f64,
    /// Likelihood of the Miner for an enemy piece whose first move, a
    /// quiet one, comes on or after their [`Tuning::late_turns`]-th move
    /// ([`super::knowledge::Knowledge::tuned`]): programs keep their
    /// Miners back for the end game, and a back piece that starts
    /// marching late is the Miner that opens our Flag's Bombs. 1 (off) by
    /// default: not measured in play yet (docs/player.md, "Knowledge").
    pub late_miner: f64,
    /// The enemy's move from which a first move is late (see
    /// [`Tuning::late_miner`]).
    pub late_turns: u32,
    /// Likelihood of the Flag per side of an unmoved enemy piece left
    /// open: a neighbouring square outside the setup area, or whose piece
    /// has moved ([`super::knowledge`]). Setups close the Flag in with
    /// Bombs and the board's edges, so an open piece is rarely the Flag
    /// (in self-play, pieces attacked at a believed 10-30% were never the
    /// Flag before this term).
    pub flag_open_side: f64,
    /// Reorder the setup's Captains and less along each front column
    /// ([`super::setups::random_setup`]): a match's setups then almost
    /// never repeat. Off: no measurement has accepted it yet
    /// (docs/player.md, "Setups").
    pub setup_reorder: bool,
    /// Make the setup's swaps three, each of two pieces of different ranks,
    /// in place of three to six tries most of which do nothing
    /// ([`super::setups::Variation`]): a match's setups then almost never
    /// repeat, and each differs from its template by three swaps. Off: it
    /// passed its self-play SPRT but scored lower against peternlewis
    /// (docs/player.md, "Setups").
    pub setup_swaps: bool,
    /// Wall a Sergeant or Lieutenant in with Bombs on the back column, in
    /// a corner four rows or more from the Flag
    /// ([`super::setups::random_setup_with`]): the Flag is then not the
    /// only piece there an opponent can find by elimination (unmoved, every
    /// neighbour a Bomb), and its Miner sent to the decoy loses. On by
    /// default: its self-play SPRT accepted it and no pool member dropped
    /// (docs/player.md, "Setups").
    pub setup_decoy: bool,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            hidden: 100,
            flag_pressure: 6,
            flag_guard: 100,
            flag_race: 100,
            flag_approach: 2,
            guard_approach: 3,
            flag_adjacent: 150,
            spy_guard: 60,
            hunt: 100,
            tie_hunt: 50,
            tie_far: false,
            trade: 150,
            ruling_grades: 3,
            mobility: 2,
            unmoved: 5,
            threat: 200,
            threat_unmoved: false,
            unleashed: 20,
            rampage: 0,
            flag_value: 2000.0,
            squash: 1000.0,
            repeat_penalty: 12.0,
            undo_penalty: 4.0,
            samples: 24,
            max_depth: 12,
            margin: 600,
            easy_margin: 500.0,
            blind_root: true,
            blind_opponent: false,
            cautious_opponent: false,
            adaptive_opponent: true,
            reckless_limit: 2,
            bold_opponent: true,
            bold_limit: 0,
            bold_attack: 0.0,
            cautious_depth: 3,
            settled_boards: 6,
            probe_flag: true,
            order_hints: false,
            probe_reach: 4,
            bomb_floor: 0.0,
            stall_start: 60,
            stall_ramp: 3.0,
            stall_max: 150.0,
            stall_behind: 3,
            spy_risk: 300.0,
            spy_escort: 0.1,
            prior_agnostic: 0.2,
            late_miner: 1.0,
            late_turns: 100,
            flag_open_side: 0.15,
            setup_reorder: false,
            setup_swaps: false,
            setup_decoy: true,
        }
    }
}

impl Tuning {
    /// The names [`Tuning::set`] accepts.
    pub const NAMES: [&'static str; 54] = [
        "hidden",
        "flag_pressure",
        "flag_guard",
        "flag_race",
        "flag_approach",
        "guard_approach",
        "flag_adjacent",
        "spy_guard",
        "hunt",
        "tie_hunt",
        "tie_far",
        "trade",
        "ruling_grades",
        "mobility",
        "unmoved",
        "threat",
        "threat_unmoved",
        "unleashed",
        "rampage",
        "flag_value",
        "squash",
        "repeat_penalty",
        "undo_penalty",
        "samples",
        "max_depth",
        "margin",
        "easy_margin",
        "blind_root",
        "blind_opponent",
        "cautious_opponent",
        "adaptive_opponent",
        "reckless_limit",
        "bold_opponent",
        "bold_limit",
        "bold_attack",
        "cautious_depth",
        "settled_boards",
        "probe_flag",
        "order_hints",
        "probe_reach",
        "bomb_floor",
        "stall_start",
        "stall_ramp",
        "stall_max",
        "stall_behind",
        "spy_risk",
        "spy_escort",
        "prior_agnostic",
        "late_miner",
        "late_turns",
        "flag_open_side",
        "setup_reorder",
        "setup_swaps",
        "setup_decoy",
    ];

    /// Applies one `name=value` setting.
    pub fn set(&mut self, setting: &str) -> Result<(), TuningError> {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| TuningError::NotAnAssignment(setting.to_owned()))?;
        let (name, value) = (name.trim(), value.trim());
        let bad = || TuningError::BadValue {
            name: name.to_owned(),
            value: value.to_owned(),
        };
        let int = || value.parse::<i32>().map_err(|_| bad());
        let float = || value.parse::<f64>().map_err(|_| bad());
        // A share of something, 0 to 1: beyond, a weight goes negative or
        // counts a thing beyond itself.
        let share = || {
            float()
                .ok()
                .filter(|w| (0.0..=1.0).contains(w))
                .ok_or_else(bad)
        };
        // A likelihood: its logarithm must be a number.
        let likelihood = || {
            float()
                .ok()
                .filter(|w| w.is_finite() && *w > 0.0)
                .ok_or_else(bad)
        };
        let flag = || match value {
            "0" | "false" => Ok(false),
            "1" | "true" => Ok(true),
            _ => Err(bad()),
        };
        match name {
            "hidden" => self.hidden = int()?,
            "flag_pressure" => self.flag_pressure = int()?,
            "flag_guard" => self.flag_guard = int()?,
            "flag_race" => self.flag_race = int()?,
            "flag_approach" => self.flag_approach = int()?,
            "guard_approach" => self.guard_approach = int()?,
            "flag_adjacent" => self.flag_adjacent = int()?,
            "spy_guard" => self.spy_guard = int()?,
            "hunt" => self.hunt = int()?,
            "tie_hunt" => self.tie_hunt = int()?,
            "tie_far" => self.tie_far = flag()?,
            "trade" => self.trade = int()?,
            "ruling_grades" => self.ruling_grades = int()?,
            "mobility" => self.mobility = int()?,
            "unmoved" => self.unmoved = int()?,
            "threat" => self.threat = int()?,
            "threat_unmoved" => self.threat_unmoved = flag()?,
            "unleashed" => self.unleashed = int()?,
            "rampage" => self.rampage = int()?,
            "flag_value" => self.flag_value = float()?,
            "squash" => self.squash = float()?,
            "repeat_penalty" => self.repeat_penalty = float()?,
            "undo_penalty" => self.undo_penalty = float()?,
            "samples" => self.samples = value.parse().map_err(|_| bad())?,
            "max_depth" => self.max_depth = int()?,
            "margin" => self.margin = int()?,
            "easy_margin" => self.easy_margin = float()?,
            "blind_root" => self.blind_root = flag()?,
            "blind_opponent" => self.blind_opponent = flag()?,
            "cautious_opponent" => self.cautious_opponent = flag()?,
            "adaptive_opponent" => self.adaptive_opponent = flag()?,
            "reckless_limit" => self.reckless_limit = value.parse().map_err(|_| bad())?,
            "bold_opponent" => self.bold_opponent = flag()?,
            "bold_limit" => self.bold_limit = value.parse().map_err(|_| bad())?,
            "bold_attack" => self.bold_attack = float()?,
            "cautious_depth" => self.cautious_depth = int()?,
            "settled_boards" => self.settled_boards = value.parse().map_err(|_| bad())?,
            "probe_flag" => self.probe_flag = flag()?,
            "order_hints" => self.order_hints = flag()?,
            "probe_reach" => self.probe_reach = value.parse().map_err(|_| bad())?,
            "bomb_floor" => self.bomb_floor = share()?,
            "stall_start" => self.stall_start = value.parse().map_err(|_| bad())?,
            "stall_ramp" => self.stall_ramp = float()?,
            "stall_max" => self.stall_max = float()?,
            "stall_behind" => self.stall_behind = value.parse().map_err(|_| bad())?,
            "spy_risk" => self.spy_risk = float()?,
            "spy_escort" => self.spy_escort = float()?,
            "prior_agnostic" => self.prior_agnostic = share()?,
            "late_miner" => self.late_miner = likelihood()?,
            "late_turns" => self.late_turns = value.parse().map_err(|_| bad())?,
            "flag_open_side" => self.flag_open_side = likelihood()?,
            "setup_reorder" => self.setup_reorder = flag()?,
            "setup_swaps" => self.setup_swaps = flag()?,
            "setup_decoy" => self.setup_decoy = flag()?,
            _ => return Err(TuningError::UnknownName(name.to_owned())),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_can_be_set() {
        for name in Tuning::NAMES {
            let mut t = Tuning::default();
            if t.set(&format!("{name}=7")).is_err() {
                // A flag: one of 0 and 1 changes it.
                t.set(&format!("{name}=0")).unwrap();
                if t == Tuning::default() {
                    t.set(&format!("{name}=1")).unwrap();
                }
            }
            assert_ne!(t, Tuning::default(), "{name}");
        }
    }

    #[test]
    fn shares_and_likelihoods_out_of_range_are_refused() {
        let mut t = Tuning::default();
        for name in ["prior_agnostic", "bomb_floor"] {
            for bad in ["1.5", "-0.1", "NaN"] {
                assert!(t.set(&format!("{name}={bad}")).is_err(), "{name}={bad}");
            }
        }
        for bad in ["0", "-1", "NaN", "inf"] {
            assert!(t.set(&format!("late_miner={bad}")).is_err(), "{bad}");
        }
        t.set("prior_agnostic=1").unwrap();
        t.set("bomb_floor=1").unwrap();
        t.set("late_miner=0.5").unwrap();
        assert_eq!(
            (t.prior_agnostic, t.bomb_floor, t.late_miner),
            (1.0, 1.0, 0.5)
        );
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        let mut t = Tuning::default();
        assert_eq!(
            t.set("hunt").unwrap_err().to_string(),
            "\"hunt\" is not of the form name=value"
        );
        assert!(
            t.set("nope=1")
                .unwrap_err()
                .to_string()
                .starts_with("unknown weight \"nope\"")
        );
        assert_eq!(
            t.set("hunt=x").unwrap_err().to_string(),
            "\"x\" is not a valid value for hunt"
        );
    }
}
