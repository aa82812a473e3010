//! Every parser of the wire format on arbitrary text: no panic, and
//! anything accepted formats back to text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stratego::wire::{self, clean_line, player_number_from_wire, player_number_to_wire};
use stratego::{MoveResult, OpponentTurn, Player, Rank, Setup, SetupAnswer, Square, UncheckedMove};

fuzz_target!(|data: &[u8]| {
    for raw in data.split(|&b| b == b'\n') {
        if let Ok(Some(line)) = clean_line(raw, 1) {
            assert!(line.len() <= wire::MAX_LINE_BYTES);
            assert_eq!(line, line.trim_matches([' ', '\t']));
            if let Ok(sq) = line.parse::<Square>() {
                assert_eq!(sq.to_string(), line);
            }
            if let Ok(r) = line.parse::<Rank>() {
                assert_eq!(r.code(), line.parse::<u64>().expect("a code is a number") as u8);
            }
            let _ = stratego::parse_distance(line);
            let _ = SetupAnswer::from_line(line);
        }
    }
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = player_number_from_wire(text) {
        assert_eq!(player_number_from_wire(&player_number_to_wire(p)), Ok(p));
    }
    if let Ok(a) = SetupAnswer::from_wire(text) {
        assert_eq!(SetupAnswer::from_wire(a.to_wire()), Ok(a));
    }
    if let Ok(m) = UncheckedMove::from_wire(text) {
        assert_eq!(UncheckedMove::from_wire(&m.to_wire()), Ok(m));
    }
    if let Ok(r) = MoveResult::from_wire(text) {
        assert_eq!(MoveResult::from_wire(&r.to_wire()), Ok(r));
    }
    if let Ok(t) = OpponentTurn::from_wire(text) {
        assert_eq!(OpponentTurn::from_wire(&t.to_wire()), Ok(t));
    }
    for p in Player::BOTH {
        if let Ok(s) = Setup::from_wire(p, text) {
            assert_eq!(Setup::from_wire(p, &s.to_wire()), Ok(s));
        }
    }
});
