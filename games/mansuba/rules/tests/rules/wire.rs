//! The wire format: the greeting both ways, replies and their errors, the
//! turn messages as a player reads them.

use game_core::Rng;
use mansuba::wire::{self, Event, Greeting};
use mansuba::{
    Action, ConfigName, First, Options, Outcome, Played, Relation, Setup, Sort, UncheckedAction,
};

fn start(options: &Options, seed: u64) -> mansuba::Position {
    Setup::new(options, options.default_max_turns())
        .unwrap()
        .start(&mut Rng::new(seed))
}

#[test]
fn the_base_greeting() {
    let options = Options {
        first: First::Seat(0),
        ..Options::default()
    };
    let g = Greeting::of(&start(&options, 1), 1).to_wire();
    assert_eq!(
        g,
        "1 2\n10 10\nsquare4\nsimple\noff\n200 0\n0\n1\n\
         P pawn step:all jump:all multi-jump:all\n\
         P P P P P P P P P P\n\
         0 10 20 30 40 50 60 70 80 90\n\
         9 19 29 39 49 59 69 79 89 99\n"
    );
}

#[test]
fn greetings_read_back_into_the_same_game() {
    for config in ConfigName::ALL {
        for players in [2, 5] {
            let options = Options {
                config,
                players,
                ..Options::default()
            };
            let pos = start(&options, 9);
            for seat in 0..usize::from(players) {
                let g = Greeting::of(&pos, seat);
                let text = g.to_wire();
                let mut lines = text.lines().map(str::to_owned);
                let back =
                    Greeting::read(|| lines.next().ok_or(mansuba::WireError::Blank(0))).unwrap();
                assert_eq!(back, g);
                let mine = back.position().unwrap();
                assert_eq!(mine.board(), pos.board());
                assert_eq!(
                    (mine.relation(), mine.to_move(), mine.change_every()),
                    (pos.relation(), pos.to_move(), pos.change_every())
                );
                let (mut a, mut b) = (Vec::new(), Vec::new());
                mine.legal_actions(&mut a);
                pos.legal_actions(&mut b);
                assert_eq!(a, b);
            }
        }
    }
}

#[test]
fn replies_of_every_form() {
    let p = |s: &str| wire::parse_reply(&[s.as_bytes().to_vec()]);
    assert_eq!(p("14 27"), Ok(UncheckedAction::Move { from: 14, to: 27 }));
    assert_eq!(
        p("  014\t 27 \r"),
        Ok(UncheckedAction::Move { from: 14, to: 27 })
    );
    assert_eq!(p("pass"), Ok(UncheckedAction::Pass));
    assert_eq!(
        p("escape 35"),
        Ok(UncheckedAction::Escape {
            place: 35,
            sort: None
        })
    );
    assert_eq!(
        p("escape 35 T"),
        Ok(UncheckedAction::Escape {
            place: 35,
            sort: Some(Sort::Tower)
        })
    );
    let e = |s: &str| p(s).unwrap_err().to_string();
    assert_eq!(
        e("hello"),
        "expected `FROM TO` (two place numbers), `escape PLACE [SORT]` or `pass`, got \"hello\""
    );
    assert!(e("14").ends_with("got \"14\""));
    assert!(e("14 27 3").ends_with("got \"14 27 3\""));
    assert!(e("PASS").ends_with("got \"PASS\""));
    assert_eq!(
        e("14 -3"),
        "expected a place number (decimal digits), got \"-3\""
    );
    assert_eq!(
        e("1 99999999999"),
        "expected a place number (decimal digits), got \"99999999999\""
    );
    assert_eq!(
        e("escape 3 X"),
        "expected a sort letter, P T E B Q or K, got \"X\""
    );
    assert_eq!(e("   "), "line 1 is blank");
    assert!(e("1\u{b6} 2").contains("0xc2"));
    assert!(e(&"1".repeat(70)).contains("over the 64-byte limit"));
}

#[test]
fn turn_messages_read_back() {
    let played = Played {
        action: Action::Escape {
            place: 35,
            sort: Sort::Tower,
        },
        captured: None,
        escaped: Some(false),
        outcome: Outcome::Next,
    };
    let text = wire::turn_message(2, &played, Some(Relation::Hex));
    assert_eq!(text, "2 escape 35 T held\nrelation hex\nN\n");
    let events: Vec<Event> = text
        .lines()
        .map(|l| wire::parse_event(l).unwrap())
        .collect();
    assert_eq!(
        events,
        [
            Event::Acted {
                seat: 2,
                action: UncheckedAction::Escape {
                    place: 35,
                    sort: Some(Sort::Tower)
                },
                escaped: Some(false)
            },
            Event::Relation(Relation::Hex),
            Event::Result(Outcome::Next)
        ]
    );
    assert_eq!(
        wire::parse_event("0 14 27"),
        Ok(Event::Acted {
            seat: 0,
            action: UncheckedAction::Move { from: 14, to: 27 },
            escaped: None
        })
    );
    assert_eq!(wire::parse_event("3 E"), Ok(Event::Illegal(3)));
    assert_eq!(wire::parse_event("4 F"), Ok(Event::Failed(4)));
    assert_eq!(wire::parse_event("W"), Ok(Event::Result(Outcome::Win)));
    assert!(wire::parse_event("relation moebius").is_err());
    assert!(wire::parse_event("x 1 2").is_err());
    assert_eq!(wire::illegal_message(1), "1 E\n");
    assert_eq!(wire::failure_message(1), "1 F\n");
}
