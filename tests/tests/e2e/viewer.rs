//! The HTML viewer in a real browser (Debian's Chromium, headless, driven
//! over the DevTools protocol): the page of a real game loads without a
//! console error, and stepping through it shows, in every view, exactly
//! the board the record implies.

use std::collections::HashSet;

use serde_json::Value;
use stratego::{Game, Player, Rank, Rules, Setup, Square, UncheckedMove};

use crate::run::{Play, Played, player_spec, run_in};
use crate::util::StrategoRecord;
use serde::de::DeserializeOwned;
use tests::cdp::Browser;
use tests::tools::need;

mod coursidor;
mod mansuba;
mod oust;

/// The boards the record implies, position by position: for each view
/// ("all", then each player's), every square as `SQUARE:OWNER:RANK`
/// (`A4::` empty, `A6:1:?` a piece that view does not know).
fn expected_boards(record: &StrategoRecord) -> Vec<Boards> {
    let setup = |p: Player| {
        let codes = record.setups[p.index()].as_ref().expect("both setups");
        let ranks: Vec<Rank> = codes.iter().map(|&c| Rank::from_code(c).unwrap()).collect();
        Setup::new(p, &ranks).unwrap()
    };
    let rules = Rules {
        max_turns: record.settings.max_turns,
        two_square_rule: false,
    };
    let mut game = Game::new(&setup(Player::Zero), &setup(Player::One), rules);
    // Squares of pieces seen in battle (a revealed piece keeps it as it moves).
    let mut revealed: HashSet<Square> = HashSet::new();
    let boards = |game: &Game, revealed: &HashSet<Square>| {
        let view = |viewer: Option<Player>| {
            Square::all()
                .map(|sq| match game.board().get(sq) {
                    None => format!("{sq}::"),
                    Some(p) if viewer.is_none_or(|v| v == p.owner) || revealed.contains(&sq) => {
                        format!("{sq}:{}:{}", p.owner.index(), p.rank.code())
                    }
                    Some(p) => format!("{sq}:{}:?", p.owner.index()),
                })
                .collect()
        };
        vec![
            ("all".to_owned(), view(None)),
            ("0".to_owned(), view(Some(Player::Zero))),
            ("1".to_owned(), view(Some(Player::One))),
        ]
    };
    let mut out = vec![boards(&game, &revealed)];
    for m in &record.moves {
        let d = &m.detail;
        let u =
            UncheckedMove::from_lines(&d.square, &d.direction, &d.distance.to_string()).unwrap();
        let mv = game.check(&u).expect("a recorded move is legal");
        let (from, to) = (mv.from(), mv.to());
        game.play(mv);
        let was_revealed = revealed.remove(&from);
        revealed.remove(&to);
        let occupied = game.board().get(to).is_some();
        if occupied && (d.result == "B" || was_revealed) {
            revealed.insert(to);
        }
        out.push(boards(&game, &revealed));
    }
    out
}

/// Every view's board in the page, as [`expected_boards`] writes them.
const READ_BOARDS: &str = r#"Array.from(document.querySelectorAll("section.view")).map(function (s) {
  return [s.dataset.view, Array.from(s.querySelectorAll("td[data-square]")).map(function (td) {
    return td.dataset.square + ":" + td.dataset.owner + ":" + td.dataset.rank;
  })];
})"#;

type Boards = Vec<(String, Vec<String>)>;

fn page_boards(b: &mut Browser) -> Boards {
    let v = b.eval(READ_BOARDS);
    serde_json::from_value(v).expect("views and squares")
}

/// Fails, listing the squares that differ, unless the page shows `want`.
fn assert_boards(b: &mut Browser, want: &Boards, when: &str) {
    let got = page_boards(b);
    let views = |bs: &Boards| bs.iter().map(|(v, _)| v.clone()).collect::<Vec<_>>();
    assert_eq!(views(&got), views(want), "the views {when}");
    let wrong: Vec<String> = got
        .iter()
        .zip(want)
        .flat_map(|((view, g), (_, w))| {
            g.iter()
                .zip(w)
                .filter(|(a, b)| a != b)
                .map(move |(a, b)| format!("view {view}: page {a}, record {b}"))
        })
        .collect();
    assert!(wrong.is_empty(), "the boards {when}: {wrong:#?}");
}

fn text(b: &mut Browser, id: &str) -> String {
    b.eval(&format!("document.getElementById({id:?}).textContent"))
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn click(b: &mut Browser, id: &str) {
    b.eval(&format!("document.getElementById({id:?}).click()"));
}

/// A game of `game` between our players `seats` (their `--strategy`
/// and `--seed`), with `args`, recorded and written as a page
/// (`game.html`), and Chromium showing that page without an error; `None`
/// (skipped, saying so) without Chromium.
fn game_in_chromium<R: DeserializeOwned>(
    test: &str,
    game: &str,
    args: &[&str],
    seats: [&str; 2],
) -> Option<(Browser, Played<R>)> {
    let mut b = chromium(test)?;
    let seats = seats.map(|seat| player_spec(game, seat));
    let o = open_game(&mut b, game, args, &seats);
    Some((b, o))
}

/// Headless Chromium on a blank page; `None` (skipped, saying so)
/// without Chromium.
fn chromium(test: &str) -> Option<Browser> {
    Some(Browser::start(&need("chromium", test)?))
}

/// A game of `game` between `seats` (`--player` specs) with `args`,
/// recorded and written as a page (`game.html`), which `b` opens without
/// an error.
fn open_game<R: DeserializeOwned>(
    b: &mut Browser,
    game: &str,
    args: &[&str],
    seats: &[String],
) -> Played<R> {
    let o = Play::game(game)
        .args(&["--html", "game.html"])
        .args(args)
        .players(seats)
        .run();
    b.open(&format!("file://{}", o.dir.join("game.html").display()));
    assert!(b.errors.is_empty(), "errors on load: {:?}", b.errors);
    o
}

/// The game's options `record` was played with, typed.
fn options_of<O: DeserializeOwned, M, S>(record: &referee_schema::Record<M, S>) -> O {
    serde_json::from_value(Value::Object(record.settings.options.clone()))
        .expect("the record's options")
}

/// Steps through the page open in `b` from its first position to its
/// last, and fails unless `read` (an expression) gives `expected[ply]` at
/// each: what a game's drawing shows, read off the DOM, against what its
/// rules say of the record (`game`, for messages).
fn assert_every_position<T: DeserializeOwned + PartialEq + std::fmt::Debug>(
    b: &mut Browser,
    read: &str,
    expected: &[T],
    game: &str,
) {
    click(b, "first");
    let last = expected.len() - 1;
    for (ply, want) in expected.iter().enumerate() {
        if ply > 0 {
            click(b, "next");
        }
        let got: T = serde_json::from_value(b.eval(read)).unwrap_or_else(|e| {
            panic!("{game} at ply {ply}: the page's drawing does not read: {e}")
        });
        assert_eq!(&got, want, "{game} at ply {ply}");
        assert_eq!(text(b, "ply"), format!("{ply} / {last}"), "{game}");
    }
    assert!(
        b.errors.is_empty(),
        "{game}: console errors: {:?}",
        b.errors
    );
}

#[test]
fn the_viewer_steps_through_a_real_game_in_chromium() {
    let seats = ["--strategy random --seed 11", "--strategy random --seed 12"];
    let test = "the_viewer_steps_through_a_real_game_in_chromium";
    let Some((mut b, o)) = game_in_chromium::<StrategoRecord>(test, "stratego", &[], seats) else {
        return;
    };
    let record = &o.record;
    assert!(
        record.moves.iter().any(|m| m.detail.result == "B"),
        "a game with battles"
    );
    // `referee view` writes the same page from the record.
    run_in(&o.dir, "referee", &["view", "game.json", "-o", "view.html"]).exits(0);
    let page = std::fs::read(o.dir.join("game.html")).unwrap();
    assert_eq!(page, std::fs::read(o.dir.join("view.html")).unwrap());

    let expected = expected_boards(record);
    let last = expected.len() - 1;
    // Forward through the whole game, one move at a time.
    for (ply, boards) in expected.iter().enumerate() {
        if ply > 0 {
            click(&mut b, "next");
        }
        assert_boards(&mut b, boards, &format!("at ply {ply}"));
        assert_eq!(text(&mut b, "ply"), format!("{ply} / {last}"));
        let title = match ply {
            0 => "start".to_owned(),
            p => {
                let m = &record.moves[p - 1];
                format!("move {p}: player {} {}", m.player, m.detail)
            }
        };
        assert_eq!(text(&mut b, "title"), title);
    }
    // At the end: the reason shown; past it, nothing moves.
    assert!(
        b.eval("document.body.classList.contains('at-end')")
            .as_bool()
            .unwrap()
    );
    assert!(text(&mut b, "outcome").contains(&record.end.reason_text));
    click(&mut b, "next");
    assert_eq!(text(&mut b, "ply"), format!("{last} / {last}"));
    // Back, first, last.
    click(&mut b, "prev");
    assert_boards(&mut b, &expected[last - 1], "after prev");
    click(&mut b, "first");
    assert_boards(&mut b, &expected[0], "after first");
    click(&mut b, "last");
    assert_boards(&mut b, &expected[last], "after last");
    // Play runs by itself from the start, and pauses.
    click(&mut b, "first");
    b.eval("document.getElementById('speed').value = '100'");
    click(&mut b, "play");
    std::thread::sleep(std::time::Duration::from_millis(800));
    click(&mut b, "play");
    let frame: usize = b
        .eval("Number(document.body.dataset.frame)")
        .as_u64()
        .unwrap() as usize;
    assert!(frame >= 2, "play advanced to {frame}");
    assert_boards(&mut b, &expected[frame], "after playing");
    // A position in the address opens there (a page of its own: a new
    // fragment alone would not load again).
    b.open(&format!("file://{}#end", o.dir.join("view.html").display()));
    assert_boards(&mut b, &expected[last], "opened at #end");
    // No element is named `end`: the fragment does not scroll the board
    // away (to the end's words), as it did.
    let top = b.eval("document.getElementById('end') === null && window.scrollY === 0");
    assert_eq!(top.as_bool(), Some(true), "#end scrolled the page");
    let judgement: Value = b.eval("document.getElementById('judgement').textContent");
    assert!(
        judgement.as_str().unwrap().contains("the same game"),
        "{judgement}"
    );
    assert!(b.errors.is_empty(), "console errors: {:?}", b.errors);
}

/// A Quarto record, typed.
type QuartoRecord = referee_schema::Record<quarto::referee_game::MoveRecord, game_core::NoSetup>;

/// What the page shows of a Quarto position, as [`quarto_expected`] writes
/// it: every square as `SQUARE:PIECE:WON` (`B3::` empty, `A1:4:1` a piece
/// of the winning pattern), the piece to place (`""` for none) and every
/// piece as `NUMBER:STATE` (`left`, `hand` or `played`).
#[derive(Debug, PartialEq)]
struct QuartoShown {
    squares: Vec<String>,
    hand: String,
    slots: Vec<String>,
}

fn quarto_shown(b: &mut Browser) -> QuartoShown {
    let (squares, hand, slots) =
        serde_json::from_value(b.eval(READ_QUARTO)).expect("squares, hand, pieces");
    QuartoShown {
        squares,
        hand,
        slots,
    }
}

/// Reads [`QuartoShown`] off the page's only view.
const READ_QUARTO: &str = r#"(function () {
  const view = document.querySelector("section.view");
  return [
    Array.from(view.querySelectorAll("td[data-square]")).map(function (td) {
      return td.dataset.square + ":" + td.dataset.piece + ":" + td.dataset.won;
    }),
    view.querySelector("[data-hand]").dataset.hand,
    Array.from(view.querySelectorAll("td[data-slot]")).map(function (td) {
      return td.dataset.piece + ":" + td.dataset.state;
    }),
  ];
})()"#;

/// Every piece drawn on the page: its number (from its title), the tag of
/// its body (`rect` or `circle`), the body's class, whether it has a hole,
/// and the width of its body on screen over that of its box.
const READ_PIECES: &str = r#"Array.from(document.querySelectorAll("svg.quarto-piece")).map(function (svg) {
  const body = svg.querySelector(".body");
  return [Number(svg.querySelector("title").textContent.split(" ")[0]), body.tagName,
          body.getAttribute("class"), svg.querySelector(".hole") !== null,
          body.getBoundingClientRect().width / svg.getBoundingClientRect().width];
})"#;

/// What the page must show at each position of `record`.
fn quarto_expected(record: &QuartoRecord) -> Vec<QuartoShown> {
    let level = quarto::Level::new(record.settings.options["level"].as_u64().unwrap() as u8)
        .expect("a level");
    let mut pos = quarto::Position::new(level, 0);
    let shown = |pos: &quarto::Position| {
        let over = pos.end().is_some();
        let won = pos.end().and_then(|e| e.won).map_or(0, |(p, _, _)| p.mask);
        let hand = pos.hand().filter(|_| !over);
        QuartoShown {
            squares: quarto::Square::ALL
                .iter()
                .map(|&sq| {
                    let piece = pos.board().get(sq).map(|p| p.number().to_string());
                    let w = if won & sq.bit() != 0 { "1" } else { "" };
                    format!("{sq}:{}:{w}", piece.unwrap_or_default())
                })
                .collect(),
            hand: hand.map(|p| p.number().to_string()).unwrap_or_default(),
            slots: quarto::Piece::ALL
                .iter()
                .map(|&p| {
                    let state = if pos.available().contains(p) {
                        "left"
                    } else if hand == Some(p) {
                        "hand"
                    } else {
                        "played"
                    };
                    format!("{}:{state}", p.number())
                })
                .collect(),
        }
    };
    let mut out = vec![shown(&pos)];
    for m in &record.moves {
        let d = &m.detail;
        let u = quarto::UncheckedMove {
            square: d.square.as_deref().and_then(quarto::Square::parse),
            gift: d.gift.and_then(quarto::Piece::new),
        };
        pos.play(pos.check(&u).expect("a recorded move is legal"));
        out.push(shown(&pos));
    }
    out
}

/// Each piece drawn shows its four attributes: brown or light (the
/// body's class, hence its colour), a cube or round (a square or a
/// circle), hollow or not (a hole), tall or short (every tall piece fills
/// more of its box than any short one: on the board, in hand, among the
/// pieces).
fn assert_pieces_show_their_attributes(b: &mut Browser, when: &str) {
    let drawn: Vec<(u8, String, String, bool, f64)> =
        serde_json::from_value(b.eval(READ_PIECES)).expect("the pieces drawn");
    assert!(!drawn.is_empty(), "pieces drawn {when}");
    for (n, tag, class, hole, _) in &drawn {
        let p = quarto::Piece::new(*n).unwrap();
        let cube = p.has(quarto::Attribute::Cube);
        assert_eq!(
            tag,
            if cube { "rect" } else { "circle" },
            "piece {n} {when}"
        );
        let colour = if p.has(quarto::Attribute::Brown) {
            "brown"
        } else {
            "light"
        };
        assert_eq!(class, &format!("body {colour}"), "piece {n} {when}");
        assert_eq!(*hole, p.has(quarto::Attribute::Hollow), "piece {n} {when}");
    }
    let ratios = |tall: bool| {
        drawn
            .iter()
            .filter(move |(n, ..)| {
                quarto::Piece::new(*n).unwrap().has(quarto::Attribute::Tall) == tall
            })
            .map(|d| d.4)
    };
    if let (Some(t), Some(s)) = (
        ratios(true).reduce(f64::min),
        ratios(false).reduce(f64::max),
    ) {
        assert!(
            t > s * 1.3,
            "tall pieces fill {t} of their box, short ones {s}, {when}"
        );
    }
}

#[test]
fn the_quarto_viewer_draws_every_position_of_a_real_game_in_chromium() {
    let seats = ["--strategy greedy --seed 11", "--strategy random --seed 12"];
    let test = "the_quarto_viewer_draws_every_position_of_a_real_game_in_chromium";
    let level = ["--level", "2"];
    let Some((mut b, o)) = game_in_chromium::<QuartoRecord>(test, "quarto", &level, seats) else {
        return;
    };
    let record = &o.record;
    assert_eq!(
        record.end.reason.as_str(),
        "quarto",
        "a game won by a pattern"
    );
    let expected = quarto_expected(record);
    let last = expected.len() - 1;
    // One view: everyone sees everything.
    let views = b.eval("document.querySelectorAll('section.view').length");
    assert_eq!(views.as_u64(), Some(1));
    for (ply, want) in expected.iter().enumerate() {
        if ply > 0 {
            click(&mut b, "next");
        }
        assert_eq!(&quarto_shown(&mut b), want, "at ply {ply}");
        assert_eq!(text(&mut b, "ply"), format!("{ply} / {last}"));
        assert_pieces_show_their_attributes(&mut b, &format!("at ply {ply}"));
    }
    // At the end, the winning pattern is highlighted and told.
    let won: Vec<&String> = expected[last]
        .squares
        .iter()
        .filter(|s| s.ends_with(":1"))
        .collect();
    assert_eq!(won.len(), 4, "{:?}", expected[last]);
    let highlighted = b.eval("document.querySelectorAll('td.won').length");
    assert_eq!(highlighted.as_u64(), Some(4));
    let told = b.eval("document.querySelector('.quarto-hand').textContent");
    assert!(
        told.as_str()
            .unwrap()
            .starts_with(&format!("Player {} wins: ", record.end.winner.unwrap())),
        "{told}"
    );
    assert!(b.errors.is_empty(), "console errors: {:?}", b.errors);
}
