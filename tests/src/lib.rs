//! Test tools for the referee: the adversarial `faulty-player` and the
//! helpers of the end-to-end suite.

pub mod faulty;
