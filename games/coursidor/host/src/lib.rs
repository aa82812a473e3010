//! `coursidor-host`: runs a course client of Coursidor — a shared library
//! implementing the course's `player.h` — as a program player of the
//! referee (`docs/games/coursidor.md`, "The course's clients"). The
//! referee runs it in place of any `.so` it is given, one host per player:
//! each loads libgsl and its client in a process of its own, so a client
//! that crashes, loops or exits harms nothing but its own game.

#[allow(unsafe_code)]
pub mod ffi;
pub mod session;
