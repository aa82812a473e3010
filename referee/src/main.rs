//! `referee`: runs a Stratego game between two player programs (built by the referee issue).

fn main() {}
