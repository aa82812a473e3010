//! Move-generation benchmarks of the rules engine (placeholder from the foundation issue).
fn main() {}
