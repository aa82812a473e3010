//! Integration tests of the rules engine: property tests over random games
//! and messages, and perft fixtures checked against an independent slow
//! move generator.

mod perft;
mod props;
mod util;
