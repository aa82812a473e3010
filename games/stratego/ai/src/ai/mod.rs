//! The Stratego AI: setups, beliefs over the hidden enemy ranks, and
//! determinized alpha-beta search.
//!
//! - [`setups`]: the library of setups and their random variation;
//! - [`prior`], [`knowledge`], [`exposure`]: what each side can know;
//! - [`sample`]: full boards drawn from the belief;
//! - [`position`], [`values`], [`geometry`], [`fights`], [`eval`], [`search`]: search on one board;
//! - [`pimc`]: the decision over many boards, within a [`game_search::Budget`];
//! - [`history`]: repetitions and the two-square rule;
//! - [`stall`]: pushing cheap pieces on when the game has gone quiet;
//! - [`rampage`]: sending our piece that stops an enemy piece taking ours;
//! - [`opponent`]: which attacks the search lets the opponent make;
//! - [`spy_watch`]: keeping our identified Marshal from the enemy Spy;
//! - [`tuning`]: the weights, settable by name for experiments.

pub mod eval;
pub mod exposure;
pub mod fights;
pub mod geometry;
pub mod history;
pub mod knowledge;
pub mod opponent;
pub mod pimc;
pub mod position;
pub mod prior;
pub mod rampage;
pub mod sample;
pub mod search;
pub mod setups;
pub mod spy_watch;
pub mod stall;
pub mod tuning;
pub mod values;
