//! Setups (§3.1): a validated placement of one player's 40 pieces.

use std::fmt;

use crate::error::SetupError;
use crate::piece::{Player, Rank};
use crate::square::Square;
use crate::wire;

/// A valid initial placement of one player's 40 pieces: exactly the counts
/// of §2, on the player's four columns.
///
/// The ranks are kept in wire order: row `A` left to right over the
/// player's columns, then row `B`, .., row `J`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    player: Player,
    ranks: [Rank; Rank::TOTAL],
}

impl Setup {
    /// The 40 squares of `player`'s setup area, in wire order.
    pub fn squares(player: Player) -> [Square; Rank::TOTAL] {
        let cols = player.setup_columns();
        std::array::from_fn(|i| {
            Square::new((i / 4) as u8, cols[i % 4]).expect("setup squares lie on the board")
        })
    }

    /// Validates ranks given in wire order.
    pub fn new(player: Player, ranks: &[Rank]) -> Result<Setup, SetupError> {
        let ranks: [Rank; Rank::TOTAL] = ranks
            .try_into()
            .map_err(|_| SetupError::WrongLength { given: ranks.len() })?;
        let mut counts = [0usize; 12];
        for r in ranks {
            counts[r.index()] += 1;
        }
        for rank in Rank::ALL {
            let given = counts[rank.index()];
            if given != usize::from(rank.count()) {
                return Err(SetupError::RankCount { rank, given });
            }
        }
        Ok(Setup { player, ranks })
    }

    /// Validates the code lines of a setup reply, already cleaned (see
    /// [`wire::clean_line`]) with blank lines removed. Line numbers in
    /// errors count from 1.
    pub fn from_lines<S: AsRef<str>>(player: Player, lines: &[S]) -> Result<Setup, SetupError> {
        let ranks = lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                l.as_ref()
                    .parse::<Rank>()
                    .map_err(|source| SetupError::Line {
                        line: i + 1,
                        source,
                    })
            })
            .collect::<Result<Vec<Rank>, SetupError>>()?;
        Setup::new(player, &ranks)
    }

    /// Validates a whole setup reply as text: lines separated by `\n`,
    /// cleaned and with blank lines skipped as §3 says.
    pub fn from_wire(player: Player, text: &str) -> Result<Setup, SetupError> {
        let mut lines = Vec::with_capacity(Rank::TOTAL);
        for (i, raw) in wire::split_lines(text).enumerate() {
            if let Some(l) = wire::clean_line(raw.as_bytes(), i + 1)? {
                lines.push(l);
            }
        }
        Setup::from_lines(player, &lines)
    }

    /// The 40 code lines, each ending in `\n`.
    pub fn to_wire(&self) -> String {
        let mut s = String::with_capacity(120);
        for r in self.ranks {
            s.push_str(&r.code().to_string());
            s.push('\n');
        }
        s
    }

    /// Whose setup this is.
    pub fn player(&self) -> Player {
        self.player
    }

    /// The ranks in wire order.
    pub fn ranks(&self) -> &[Rank; Rank::TOTAL] {
        &self.ranks
    }

    /// Each square of the setup area with the rank placed on it, in wire order.
    pub fn placements(&self) -> impl Iterator<Item = (Square, Rank)> + '_ {
        Setup::squares(self.player).into_iter().zip(self.ranks)
    }

    /// The rank placed on `sq`, if `sq` is in this player's setup area.
    pub fn rank_at(&self, sq: Square) -> Option<Rank> {
        let i = self
            .player
            .setup_columns()
            .iter()
            .position(|&c| c == sq.col())?;
        Some(self.ranks[usize::from(sq.row()) * 4 + i])
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup(player {}: ", self.player)?;
        for (i, r) in self.ranks.iter().enumerate() {
            if i > 0 && i % 4 == 0 {
                f.write_str("/")?;
            }
            write!(f, "{}", r.symbol())?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{CODES, ranks, setup};

    #[test]
    fn accepts_a_valid_setup_for_either_player() {
        for p in Player::BOTH {
            let s = setup(p);
            assert_eq!(Setup::from_wire(p, &s.to_wire()).unwrap(), s);
        }
    }

    #[test]
    fn squares_are_in_wire_order_and_absolute() {
        let s0 = Setup::squares(Player::Zero);
        assert_eq!(s0[0].to_string(), "A0");
        assert_eq!(s0[3].to_string(), "A3");
        assert_eq!(s0[4].to_string(), "B0");
        assert_eq!(s0[39].to_string(), "J3");
        let s1 = Setup::squares(Player::One);
        assert_eq!(s1[0].to_string(), "A6");
        assert_eq!(s1[3].to_string(), "A9");
        assert_eq!(s1[39].to_string(), "J9");
        let one = setup(Player::One);
        assert_eq!(one.rank_at("A7".parse().unwrap()), Some(Rank::Flag));
        assert_eq!(one.rank_at("A5".parse().unwrap()), None);
    }

    #[test]
    fn names_the_bad_line() {
        let mut text = setup(Player::Zero).to_wire();
        text = text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                if i == 16 {
                    "13".to_owned()
                } else {
                    l.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let err = Setup::from_wire(Player::Zero, &text).unwrap_err();
        assert_eq!(err.to_string(), "line 17: 13 is not a piece code");
    }

    #[test]
    fn names_the_wrong_count_and_length() {
        // The army with one piece changed: a Captain to a Major, the Flag
        // to a Bomb; then cut short and made longer.
        let changed = |from: Rank, to: Rank| {
            let mut r = ranks();
            let i = r.iter().position(|&x| x == from).unwrap();
            r[i] = to;
            r
        };
        let mut longer = ranks();
        longer.push(Rank::Scout);
        for (r, expected) in [
            (
                changed(Rank::Captain, Rank::Major),
                "4 Majors given, 3 expected",
            ),
            (changed(Rank::Flag, Rank::Bomb), "0 Flags given, 1 expected"),
            (ranks()[..39].to_vec(), "39 codes given, 40 expected"),
            (longer, "41 codes given, 40 expected"),
        ] {
            let err = Setup::new(Player::Zero, &r).unwrap_err();
            assert_eq!(err.to_string(), expected);
        }
    }

    #[test]
    fn tolerates_cr_spaces_and_blank_lines() {
        let text: String = CODES.iter().map(|c| format!("  {c}\t\r\n\n")).collect();
        assert!(Setup::from_wire(Player::One, &text).is_ok());
    }

    #[test]
    fn refuses_non_numeric_lines() {
        let mut lines: Vec<String> = CODES.iter().map(|c| c.to_string()).collect();
        lines[0] = "KO".to_owned();
        let err = Setup::from_lines(Player::Zero, &lines).unwrap_err();
        assert_eq!(err.to_string(), "line 1: KO is not a piece code");
    }
}
