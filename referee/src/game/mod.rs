//! The match driver.
