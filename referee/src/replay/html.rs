//! The viewer: one self-contained HTML page (no network) of a replayed
//! game — every view the game draws (everything, then each player's),
//! step and play controls, the battles in each move's title, the end.
//! The game's own script draws its scenes (`game_core::Viewer`); without
//! one, each scene is shown as text.

use serde_json::json;

use super::rejudge::{Judgement, Replay};

/// The shell's style; the game's follows it.
const STYLE: &str = include_str!("viewer.css");

/// The shell's script: controls, stepping, calling the game's `drawScene`.
const SCRIPT: &str = include_str!("viewer.js");

/// The drawing kit the games' scripts share (SVG helpers, the seats'
/// colours, legends), written before the game's script.
const KIT: &str = include_str!("kit.js");

/// The page of `replay`.
pub fn page(replay: &Replay) -> String {
    let first = replay.frames.first();
    let mut views = vec![json!({"key": "all", "index": 0, "label": "Everything"})];
    for seat in 0..replay.seats {
        if first.is_some_and(|f| f.scenes.get(seat + 1).is_some_and(Option::is_some)) {
            views.push(json!({
                "key": seat.to_string(),
                "index": seat + 1,
                "label": format!("Player {seat} ({}) sees", replay.players[seat]),
            }));
        }
    }
    let frames: Vec<_> = replay
        .frames
        .iter()
        .map(|f| json!({"ply": f.ply, "title": f.title, "scenes": f.scenes}))
        .collect();
    let judgement = match &replay.judgement {
        Judgement::Same => {
            "Judged again with today's rules: the same game and the same end.".to_owned()
        }
        Judgement::MovesOnly(why) => format!(
            "Judged again with today's rules: the same moves; the end is not a rule's to judge: {why}."
        ),
        Judgement::Differs(what) => format!("Judged again with today's rules, it differs: {what}."),
    };
    let data = json!({
        "game": replay.game,
        "players": replay.players,
        "views": views,
        "frames": frames,
        "end": replay.end,
        "judgement": judgement,
    });
    // Inside <script>, "</script>" or "<!--" in a string would end or
    // change it: every "<" is written as an escape, which JSON reads back.
    let data = data.to_string().replace('<', "\\u003c");
    let players: Vec<String> = replay
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| format!("player {i}: {}", escape(p)))
        .collect();
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{game}: {title}</title>
<style>
{STYLE}
{game_style}
</style>
</head>
<body>
<header>
<h1>{game}</h1>
<p id="players">{players}</p>
</header>
<nav id="controls">
<button id="first" type="button" title="first position (Home)">|&lt;</button>
<button id="prev" type="button" title="previous move (Left)">&lt;</button>
<button id="play" type="button" title="play or pause (Space)">play</button>
<button id="next" type="button" title="next move (Right)">&gt;</button>
<button id="last" type="button" title="last position (End)">&gt;|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="position">
<span id="ply"></span>
<label>speed <select id="speed"><option value="1000">1 s</option><option value="300" selected>0.3 s</option><option value="100">0.1 s</option></select></label>
</nav>
<p id="title"></p>
<main id="views"></main>
<p id="outcome"><strong>End:</strong> {end}</p>
<p id="judgement"></p>
<script id="game-data" type="application/json">{data}</script>
<script>
{KIT}
{game_script}
</script>
<script>
{SCRIPT}
</script>
</body>
</html>
"#,
        game = escape(replay.game),
        title = escape(&replay.players.join(" vs ")),
        game_style = replay.viewer.style,
        game_script = replay.viewer.script,
        players = players.join(" &mdash; "),
        end = escape(&replay.end),
    )
}

/// Text for HTML: `&`, `<`, `>` and `"` as entities, so that any text
/// (a program's name may hold `<`) is shown as it is, in an element or an
/// attribute's quotes.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::Frame;

    fn replay(script: &'static str) -> Replay {
        Replay {
            game: "nim",
            players: vec!["a<b>".into(), "c".into()],
            frames: vec![Frame {
                ply: 0,
                title: "start".into(),
                text: "|||".into(),
                scenes: vec![Some("</script><b>".into()), None, Some("x".into())],
            }],
            end: "1-0: taken & gone".into(),
            judgement: Judgement::Same,
            viewer: game_core::Viewer { script, style: "" },
            seats: 2,
        }
    }

    #[test]
    fn the_page_is_self_contained_and_escaped() {
        let page = page(&replay(""));
        // The kit is in the page; SVG's namespace is a name, not an address.
        assert!(page.contains("function kitSvg("));
        let loaded = page.replace("\"http://www.w3.org/2000/svg\"", "");
        assert!(!loaded.contains("http://") && !loaded.contains("https://"));
        assert!(!page.contains("src="), "nothing is loaded");
        // Names and the end as text, the scene inside the data escaped.
        assert!(page.contains("player 0: a&lt;b&gt;"));
        assert!(page.contains("1-0: taken &amp; gone"));
        assert!(page.contains("\\u003c/script>\\u003cb>"));
        assert_eq!(page.matches("</script>").count(), 3);
        // Seat 0 has no view, seat 1 has one.
        assert!(page.contains("Player 1 (c) sees"));
        assert!(!page.contains("Player 0 (a"));
    }
}
