//! Oust's drawing in Chromium: every position of a real game shows
//! exactly the stones the record implies, the last move's point and the
//! stones it captured.

use oust::{Colour, Options, Point, Position, UncheckedMove};

use super::{assert_every_position, chromium, open_game, options_of, player_spec};

/// An Oust record, typed.
type OustRecord = referee_schema::Record<oust::referee_game::MoveRecord, game_core::NoSetup>;

/// What the page shows of a position: every point as
/// `COL ROW:STONE:LAST:CAPTURED` (`2 3:black:last:`, `1 0::` empty,
/// `4 4::captured` a stone the last move removed), then each colour's
/// stones as `COLOUR:COUNT`.
type Shown = (Vec<String>, Vec<String>);

/// Reads [`Shown`] off the drawing (the circles drawn, checked against
/// the points' data- attributes).
const READ: &str = r#"(function () {
  const view = document.querySelector("section.view");
  const points = Array.from(view.querySelectorAll("g[data-col]")).map(function (g) {
    const stone = g.querySelector("circle.oust-stone");
    const colour = stone ? (stone.classList.contains("black") ? "black" : "white") : "";
    const last = g.querySelector(".oust-last") ? "last" : "";
    const captured = g.querySelector(".oust-cross") && g.querySelector(".oust-ghost") ? "captured" : "";
    const data = [g.dataset.stone, g.dataset.last ? "last" : "", g.dataset.captured ? "captured" : ""];
    if (data.join(":") !== [colour, last, captured].join(":")) return "data- attributes differ: " + g.outerHTML;
    return g.dataset.col + " " + g.dataset.row + ":" + colour + ":" + last + ":" + captured;
  });
  const stones = Array.from(view.querySelectorAll("li[data-colour]")).map(function (li) {
    return li.dataset.colour + ":" + li.dataset.stones;
  });
  return [points, stones];
})()"#;

/// What each position of `record` must show, from the rules.
fn expected(record: &OustRecord) -> Vec<Shown> {
    let options: Options = options_of(record);
    let mut pos = Position::new(options, record.settings.max_turns);
    let shown = |pos: &Position, last: Option<Point>, captured: &[Point]| {
        let points = (0..options.points())
            .map(|i| {
                let p = Point(i as u16);
                let (c, r) = options.coords(p);
                let stone = pos.stone(p).map(|s| s.to_string()).unwrap_or_default();
                let last = if last == Some(p) { "last" } else { "" };
                let captured = if captured.contains(&p) {
                    "captured"
                } else {
                    ""
                };
                format!("{c} {r}:{stone}:{last}:{captured}")
            })
            .collect();
        let stones = [Colour::Black, Colour::White]
            .map(|c| format!("{c}:{}", pos.stones(c)))
            .to_vec();
        (points, stones)
    };
    let mut out = vec![shown(&pos, None, &[])];
    for m in &record.moves {
        let d = &m.detail;
        // A pass is any point off the board.
        let (col, row) = d
            .col
            .zip(d.row)
            .unwrap_or((u32::from(options.cols), u32::from(options.rows)));
        let mv = pos
            .check(&UncheckedMove::new(col, row))
            .expect("a recorded move is legal");
        let before: Vec<u8> = pos.cells().to_vec();
        pos.play(mv);
        let captured: Vec<Point> = (0..options.points())
            .map(|i| Point(i as u16))
            .filter(|p| before[p.index()] != 0 && pos.stone(*p).is_none())
            .collect();
        assert_eq!(captured.len(), usize::from(d.captured), "move {}", m.ply);
        out.push(shown(&pos, mv.point(), &captured));
    }
    out
}

#[test]
fn the_oust_viewer_draws_every_position_of_a_real_game_in_chromium() {
    let test = "the_oust_viewer_draws_every_position_of_a_real_game_in_chromium";
    let Some(mut b) = chromium(test) else { return };
    let seats = ["--strategy random --seed 3", "--strategy random --seed 4"]
        .map(|s| player_spec("oust", s));
    let o = open_game::<OustRecord>(&mut b, "oust", &["--cols", "5", "--rows", "5"], &seats);
    let record = &o.record;
    assert!(
        record
            .moves
            .iter()
            .filter(|m| m.detail.captured > 0)
            .count()
            >= 2,
        "a game with captures"
    );
    let expected = expected(record);
    assert_eq!(expected[0].0.len(), 25, "5 x 5 points");
    assert_every_position(&mut b, READ, &expected, "oust");
    // At the end, the winner's words.
    let end = b.eval("document.querySelector('.kit-end').textContent");
    let winner = ["black", "white"][usize::from(record.end.winner.expect("a winner"))];
    assert!(
        end.as_str()
            .unwrap()
            .starts_with(&format!("{winner} (player ")),
        "{end}"
    );
}
