//! The AI's parts: the tour table against value iteration over the pawn's
//! states; the search's choices.

mod search;
mod tours;
