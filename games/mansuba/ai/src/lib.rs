//! Our Mansuba player (in progress).
