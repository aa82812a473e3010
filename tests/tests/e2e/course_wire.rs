//! `--wire course`: move replies read as the course's referee reads them,
//! every such line quoted in the verdict's warnings, the record keeping
//! the moves as they count (so that `replay --check` judges them again).

use crate::run::replays;
use crate::util::{Game, StrategoRecord, reason};
use crate::verdict::assert_won;

/// The moves of `a_full_game_every_message_byte_for_byte` (main.rs), as a
/// student's program sends them: stack garbage after a direction letter,
/// words, signs and units.
fn sloppy_game() -> Game {
    Game::after_setups(
        "send B3\\nE\\xe6\\x7f\\n1\nread 5\nsend B4x\\nEast\\n+1\nread 7\nsend A3\\nE\\n3x\nread 3\n",
        "read 4\nsend B6\\nWest\\n1\nread 7\nsend B5\\nW\\n1x\nread 8\n",
    )
}

#[test]
fn a_sloppy_game_under_wire_course_plays_as_the_course_referee_reads_it() {
    let o = sloppy_game()
        .options(&["--wire", "course", "--record", "game.json"])
        .run();
    assert_won(&o.summary, "flag_captured", 0);
    assert_eq!(o.summary.moves, 5, "{}", o.json);
    // Each player is told the opponent's moves normalised, byte for byte
    // as in a strict game.
    assert_eq!(o.received, crate::FULL_GAME_RECEIVED);
    assert_eq!(
        o.summary.warnings,
        [
            "player 0 (red): 5 lines read as the course's referee reads them (--wire course): \
             move 1 line 2 \"E\\xe6\\x7f\" read as \"E\"; move 3 line 1 \"B4x\" read as \"B4\"; \
             move 3 line 2 \"East\" read as \"E\"; move 3 line 3 \"+1\" read as \"1\"; \
             move 5 line 3 \"3x\" read as \"3\"",
            "player 1 (blue): 2 lines read as the course's referee reads them (--wire course): \
             move 2 line 2 \"West\" read as \"W\"; move 4 line 3 \"1x\" read as \"1\"",
        ],
        "{}",
        o.json
    );
    // The human summary says them too.
    let record: StrategoRecord =
        serde_json::from_str(&std::fs::read_to_string(o.dir.join("game.json")).unwrap()).unwrap();
    let moves: Vec<String> = record.moves.iter().map(|m| m.detail.to_string()).collect();
    assert_eq!(moves[0], "B3 E 1 -> N");
    assert_eq!(
        moves[2],
        "B4 E 1 -> B 3 1 (Colonel attacks Marshal: the defender wins)"
    );
    assert_eq!(record.settings.options["wire"], "course");
    replays(&o.dir);
}

#[test]
fn the_same_game_is_strict_by_default() {
    let o = sloppy_game().run();
    assert_eq!(reason(&o), "illegal_move", "{}", o.json);
    assert_eq!(
        o.summary.detail,
        "player 0 (red) replied \"B3\" \"E\\xe6\\x7f\" \"1\": line 2 holds the byte 0xe6 at column \
         2, which is not printable ASCII: \"E\\xe6\\x7f\"",
        "{}",
        o.json
    );
    assert!(o.summary.warnings.is_empty(), "{}", o.json);
    assert_eq!(o.received[1], "1\nOK\nE\n");
}

#[test]
fn what_even_the_course_referee_cannot_read_is_refused_under_wire_course() {
    let o = Game::after_setups("send b3\\nE\\n1\nread 1\n", "read 1\n")
        .options(&["--wire", "course"])
        .run();
    assert_eq!(reason(&o), "illegal_move", "{}", o.json);
    assert!(
        o.summary
            .detail
            .ends_with("\"b3\" is not a square (a row letter A..J then a column digit 0..9)"),
        "{}",
        o.json
    );
    assert_eq!(o.received[1], "1\nOK\nE\n");
}
