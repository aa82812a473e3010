//! An action as a person types it, in the wire's words: `14 27` (a piece
//! from place 14 to place 27; `14-27` and `14,27` too), `escape 35` (the
//! prisoner captured on 35; `escape 35 T` names its sort), `pass`, in any
//! case. Read into the same unchecked action as the wire's, so that the
//! rules judge it and say why it is refused.

use mansuba::UncheckedAction;
use mansuba::wire;

/// What the person typed, read: an action, or one of
/// [`terminal::command`]'s words.
pub type Typed = terminal::Typed<UncheckedAction>;

/// How to type an action.
pub const HOW: &str = "type the place of your piece, then the place it goes to (14 27), or \
     escape and the place your prisoner was taken on (escape 35), or pass (only when one of your \
     pieces cannot act); moves lists your actions; quit gives up";

/// Reads a typed line.
pub fn read(line: &str) -> Result<Typed, String> {
    if let Some(command) = terminal::command(line) {
        return Ok(command);
    }
    let words: Vec<String> = terminal::words(line, &[',', '-'])
        .into_iter()
        .enumerate()
        .map(|(i, w)| {
            // The sort's letter is upper case on the wire; the rest lower.
            if i == 2 {
                w.to_ascii_uppercase()
            } else {
                w.to_ascii_lowercase()
            }
        })
        .collect();
    if words.is_empty() {
        return Err(HOW.to_owned());
    }
    wire::parse_action(&words.join(" "))
        .map(Typed::Move)
        .map_err(|e| format!("{:?} is not an action: {e}; {HOW}", line.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mansuba::Sort;

    #[test]
    fn actions_are_read_leniently() {
        let mv = |from, to| Ok(Typed::Move(UncheckedAction::Move { from, to }));
        assert_eq!(read("14 27"), mv(14, 27));
        assert_eq!(read(" 14-27 "), mv(14, 27));
        assert_eq!(read("14,27"), mv(14, 27));
        assert_eq!(read("PASS"), Ok(Typed::Move(UncheckedAction::Pass)));
        assert_eq!(
            read("Escape 35"),
            Ok(Typed::Move(UncheckedAction::Escape {
                place: 35,
                sort: None
            }))
        );
        assert_eq!(
            read("escape 35 t"),
            Ok(Typed::Move(UncheckedAction::Escape {
                place: 35,
                sort: Sort::from_letter('T')
            }))
        );
        terminal::assert_reads_commands(read);
    }

    #[test]
    fn errors_say_what_was_received_and_how_to_type() {
        let e = read("hello world").unwrap_err();
        assert!(
            e.starts_with(
                "\"hello world\" is not an action: expected `FROM TO` (two place numbers), \
                 `escape PLACE [SORT]` or `pass`, got \"hello world\"; type the place"
            ),
            "{e}"
        );
        let e = read("14 x").unwrap_err();
        assert!(
            e.contains("expected a place number (decimal digits), got \"x\""),
            "{e}"
        );
        assert!(read("").unwrap_err().starts_with("type the place"));
    }
}
