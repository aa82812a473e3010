//! `tournament`: runs many games between programs through the referee.

fn main() {}
