//! The AI against slow references: canonical keys against the orbits of
//! positions under every symmetry, the solver against plain minimax, the
//! safety rules on random positions.

mod keys;
mod solver;
mod util;
