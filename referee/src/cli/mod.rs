//! The `referee` program: its command line, the verdict printed, and the
//! `replay`, `view`, `check` and `reproduce` commands. A library module, generic over the
//! registry of games, so that a program may run it with games of its own
//! added ([`games::And`]): the tests' referee plays a sixth game this way,
//! and the one we ship (`src/main.rs`) plays the list's, [`games::All`].
//! Its errors end here, printed: nothing of it but [`main`] is public.

mod args;
mod check;
mod output;
mod playback;
mod records;
mod reproduce;
mod run;

pub use run::main;
