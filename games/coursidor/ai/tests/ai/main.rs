//! The AI's parts against slow references: the tour table against value
//! iteration over the pawn's states.

mod tours;
