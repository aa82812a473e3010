//! Mansuba's drawing in Chromium: under each relation (square4, square8,
//! triangular, hex) and with two, three and five players, every position
//! of real games shows exactly the pieces (each seat in its own colour),
//! the start places, the relation's links, the prisoners and the relation
//! in force that the record implies.

use game_core::Rng;
use mansuba::referee_game::MoveRecord;
use mansuba::{Options, Place, Position, Relation, Setup, Sort, UncheckedAction};
use serde::Deserialize;

use super::{assert_every_position, chromium, open_game, options_of, player_spec};

/// A Mansuba record, typed.
type MansubaRecord = referee_schema::Record<MoveRecord, game_core::NoSetup>;

/// What the page shows of a position: the relation and the shape of its
/// tiles (`hex:polygon`, `square8:rect`); every place as
/// `PLACE:PIECE:START` (`12:1T:0`: player 1's tower on a start place of
/// player 0; `13::`); the links (`A B`, sorted); the prisoners (`SEAT
/// PLACE SORT`, sorted); each seat's `SEAT:PIECES:PRISONERS`.
#[derive(Debug, PartialEq, Deserialize)]
struct Shown {
    relation: String,
    places: Vec<String>,
    links: Vec<String>,
    prisoners: Vec<String>,
    players: Vec<String>,
}

/// Reads [`Shown`] off the drawing: a piece's seat is the seat whose
/// colour its disc is drawn in, a start place's the seat whose colour its
/// tile is tinted with (so that two seats in one colour would fail).
const READ: &str = r#"(function () {
  const view = document.querySelector("section.view");
  const svg = view.querySelector("svg.mansuba-board");
  const rgb = function (hex) {
    const n = parseInt(hex.slice(1), 16);
    return "rgb(" + (n >> 16) + ", " + ((n >> 8) & 255) + ", " + (n & 255) + ")";
  };
  const seatOf = function (colour) {
    return KIT_SEAT_COLOURS.findIndex(function (c) { return c === colour || rgb(c) === colour; });
  };
  const pieces = new Map();
  view.querySelectorAll("g.mansuba-piece").forEach(function (g) {
    pieces.set(g.dataset.at, seatOf(g.querySelector("circle").getAttribute("fill")) + g.querySelector("text").textContent);
  });
  const places = Array.from(view.querySelectorAll("g[data-place]")).map(function (g) {
    const tile = g.querySelector(".mansuba-tile");
    const start = tile.classList.contains("start") ? String(seatOf(tile.style.fill)) : "";
    const piece = pieces.get(g.dataset.place) || "";
    if (g.dataset.start !== start || g.dataset.piece !== piece) return "data- attributes differ: " + g.outerHTML;
    return g.dataset.place + ":" + piece + ":" + start;
  });
  const sorted = function (sel, f) { return Array.from(view.querySelectorAll(sel)).map(f).sort(); };
  const tile = view.querySelector(".mansuba-tile").tagName;
  const side = view.querySelector(".mansuba-relation").dataset.relation;
  return {
    relation: (side === svg.dataset.relation ? side : "differs: " + side) + ":" + tile,
    places: places,
    links: sorted("line[data-link]", function (l) { return l.dataset.link; }),
    prisoners: sorted("circle[data-prisoner]", function (c) {
      const seat = seatOf(c.getAttribute("fill"));
      return (String(seat) === c.dataset.seat ? seat : "differs") + " " + c.dataset.place + " " + c.dataset.sort;
    }),
    players: sorted("li[data-seat]", function (li) {
      return li.dataset.seat + ":" + li.dataset.pieces + ":" + li.dataset.prisoners;
    }),
  };
})()"#;

/// What each position of `record` must show, from the rules: the
/// referee's draws (escapes, new relations) as the record gives them.
fn expected(record: &MansubaRecord) -> Vec<Shown> {
    let options: Options = options_of(record);
    let setup = Setup::new(&options, record.settings.max_turns).expect("the game");
    let mut pos = setup.start(&mut Rng::new(record.settings.seed.expect("a seed")));
    let mut out = vec![shown(&pos)];
    for m in &record.moves {
        let d = &m.detail;
        let place = |p: Option<u16>| u32::from(p.expect("a place"));
        let u = match d.action.as_str() {
            "move" => UncheckedAction::Move {
                from: place(d.from),
                to: place(d.to),
            },
            "escape" => UncheckedAction::Escape {
                place: place(d.place),
                sort: d
                    .sort
                    .as_deref()
                    .and_then(|s| s.chars().next())
                    .and_then(Sort::from_letter),
            },
            _ => UncheckedAction::Pass,
        };
        let action = pos.check(&u).expect("a recorded turn is legal");
        pos.play(action, d.escaped == Some(true));
        if let Some(r) = &d.relation {
            pos.set_relation(Relation::from_name(r).expect("a relation"));
        }
        out.push(shown(&pos));
    }
    out
}

fn shown(pos: &Position) -> Shown {
    let rules = pos.rules();
    let n = rules.world().size() as Place;
    let opt = |s: Option<String>| s.unwrap_or_default();
    let places = (0..n)
        .map(|p| {
            let piece = opt(pos.at(p).map(|q| format!("{}{}", q.seat, q.sort.letter())));
            let start = opt(rules.start_owner(p).map(|s| s.to_string()));
            format!("{p}:{piece}:{start}")
        })
        .collect();
    let mut links: Vec<String> = (0..n)
        .flat_map(|p| {
            pos.neighbours()
                .of(p)
                .filter(move |&(_, q)| p < q)
                .map(move |(_, q)| format!("{p} {q}"))
        })
        .collect();
    links.sort();
    links.dedup();
    let seats = 0..rules.players();
    let mut prisoners: Vec<String> = seats
        .clone()
        .flat_map(|s| {
            pos.prisoners(s)
                .iter()
                .map(move |pr| format!("{s} {} {}", pr.place, pr.sort.letter()))
        })
        .collect();
    prisoners.sort();
    let mut players: Vec<String> = seats
        .map(|s| format!("{s}:{}:{}", pos.pieces(s).len(), pos.prisoners(s).len()))
        .collect();
    players.sort();
    let tile = if pos.relation() == Relation::Hex {
        "polygon"
    } else {
        "rect"
    };
    Shown {
        relation: format!("{}:{tile}", pos.relation()),
        places,
        links,
        prisoners,
        players,
    }
}

#[test]
fn the_mansuba_viewer_draws_every_position_under_each_relation_in_chromium() {
    let test = "the_mansuba_viewer_draws_every_position_under_each_relation_in_chromium";
    let Some(mut b) = chromium(test) else { return };
    let mut relations = std::collections::BTreeSet::new();
    let (mut captures, mut escapes) = (0, 0);
    for (args, players) in [
        // The base version on square4, two players.
        (
            &[
                "--width",
                "6",
                "--height",
                "6",
                "--seed",
                "1",
                "--max-turns",
                "40",
            ][..],
            2,
        ),
        // Chess-like on square8 with captures, three players.
        (
            &[
                "-c",
                "chess-like",
                "--width",
                "8",
                "--height",
                "8",
                "--seed",
                "2",
                "--max-turns",
                "60",
            ],
            3,
        ),
        // Chinese checkers on the triangular lattice, two players.
        (
            &[
                "-c",
                "chinese-checkers",
                "--width",
                "8",
                "--height",
                "8",
                "--seed",
                "3",
                "--max-turns",
                "24",
            ],
            2,
        ),
        // Everything, starting on hex, five players.
        (
            &[
                "-c",
                "full",
                "--relation",
                "hex",
                "--seed",
                "4",
                "--max-turns",
                "100",
            ],
            5,
        ),
        // Everything, three players: a capture, and its prisoner escapes.
        (&["-c", "full", "--seed", "28", "--max-turns", "120"], 3),
    ] {
        let seats: Vec<String> = (0..players)
            .map(|i| player_spec("mansuba", &format!("--strategy closer --seed {i}")))
            .collect();
        let n = players.to_string();
        let args = [args, &["--players", &n]].concat();
        let o = open_game::<MansubaRecord>(&mut b, "mansuba", &args, &seats);
        let record = &o.record;
        captures += record
            .moves
            .iter()
            .filter(|m| m.detail.captured.is_some())
            .count();
        escapes += record
            .moves
            .iter()
            .filter(|m| m.detail.action == "escape")
            .count();
        let expected = expected(record);
        relations.extend(expected.iter().map(|s| s.relation.clone()));
        assert_every_position(
            &mut b,
            READ,
            &expected,
            &format!("mansuba {}", args.join(" ")),
        );
    }
    let all: Vec<String> = Relation::ALL
        .iter()
        .map(|r| {
            format!(
                "{r}:{}",
                if *r == Relation::Hex {
                    "polygon"
                } else {
                    "rect"
                }
            )
        })
        .collect();
    assert!(all.iter().all(|r| relations.contains(r)), "{relations:?}");
    assert!(
        captures >= 2 && escapes >= 1,
        "{captures} captures, {escapes} escapes"
    );
}
