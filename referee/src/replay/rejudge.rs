//! A record judged again with today's rules: every setup and move replayed
//! through the game's own parse, check and play, each result compared with
//! the recorded one, and the positions kept as frames for a playback or
//! the viewer. No I/O.

use std::time::Duration;

use game_core::{
    Context, Game, Limits, Seat, SeatLimit, SetupPhase, SetupRecordOf, Spec, Tell, Viewer,
};
use referee_schema::{Phase, Reason, Record, RejectedReply};
use thiserror::Error;

use crate::game::verdict::{illegal_detail, who, without_early_note};

/// A record that cannot be replayed at all.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// Not a record of this game (or not JSON).
    #[error("not a record of {game}: {source}")]
    Read {
        /// The game.
        game: &'static str,
        /// serde_json's message.
        #[source]
        source: serde_json::Error,
    },
    /// The record's game options are not the game's.
    #[error("the record's options of {game} do not read: {source}")]
    Options {
        /// The game.
        game: &'static str,
        /// serde_json's message.
        #[source]
        source: serde_json::Error,
    },
    /// The game refuses the record's options.
    #[error("the record's options of {game} are refused")]
    Refused {
        /// The game.
        game: &'static str,
        /// Why.
        #[source]
        source: game_core::OptionsError,
    },
    /// The record has not one setup or refused setup per seat.
    #[error("the record holds {given} setups, the game has {seats} players")]
    Setups {
        /// Setups in the record.
        given: usize,
        /// The game's seats.
        seats: usize,
    },
}

/// One position of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Frame {
    /// 0 at the start, else the ply of the move that led here.
    pub ply: u32,
    /// What happened, for people: `start`, `move 3: player 0 B3 E 1 -> N`.
    pub title: String,
    /// The board as text ([`Game::draw`]).
    pub text: String,
    /// The viewer's scenes ([`Game::scene`]): everyone's, then each seat's.
    pub scenes: Vec<Option<String>>,
}

/// How a record compares with today's rules.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Judgement {
    /// Every move, and the end, as recorded.
    Same,
    /// Every move as recorded; the end was a program's fault (a timeout, a
    /// crash...) or an unreadable reply that was not kept, which rules
    /// cannot judge again.
    MovesOnly(String),
    /// The first difference: which move (or setup, or the end) and how.
    Differs(String),
}

/// A record replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game's name.
    pub game: &'static str,
    /// Each seat's player, for people.
    pub players: Vec<String>,
    /// The positions, from the start to the last move replayed.
    pub frames: Vec<Frame>,
    /// The recorded end, for people: `1-0: the flag was captured (player 0
    /// took the flag: A3 E 3)`.
    pub end: String,
    /// The comparison with today's rules.
    pub judgement: Judgement,
    /// How the game's viewer draws its scenes.
    pub viewer: Viewer,
    /// Seats.
    pub seats: usize,
}

/// Replays the record `text` of game `S` with today's rules; `colour`
/// colours the frames' text.
pub fn rejudge<S: Spec>(text: &str, colour: bool) -> Result<Replay, ReplayError> {
    type Rec<G> = Record<<G as Game>::MoveRecord, SetupRecordOf<G>>;
    let record: Rec<S::Game> = Record::from_json(text).map_err(|source| ReplayError::Read {
        game: S::NAME,
        source,
    })?;
    let options: S::Options =
        serde_json::from_value(serde_json::Value::Object(record.settings.options.clone()))
            .map_err(|source| ReplayError::Options {
                game: S::NAME,
                source,
            })?;
    let s = &record.settings;
    let move_time = Duration::from_millis(s.time_limit_ms);
    let mut limits = Limits::new(
        move_time,
        s.setup_time_limit_ms
            .map_or(move_time, Duration::from_millis),
    );
    // Each seat's own limit, as the game was told it.
    for (slot, own) in limits
        .seats
        .iter_mut()
        .zip(s.player_time_limits_ms.iter().flatten())
    {
        *slot = match own {
            Some(ms) if Duration::from_millis(*ms) == move_time => SeatLimit::Shared,
            Some(ms) => SeatLimit::Own(Duration::from_millis(*ms)),
            None => SeatLimit::Unlimited,
        };
    }
    let context = Context {
        max_turns: s.max_turns,
        limits,
        seed: s.seed.unwrap_or(0),
    };
    let game = S::new(&options, &context).map_err(|source| ReplayError::Refused {
        game: S::NAME,
        source,
    })?;
    let seats = game.seats();
    let mut players = record.players.clone();
    players.resize_with(seats, String::new);
    for (i, p) in players.iter_mut().enumerate() {
        if p.is_empty() {
            *p = format!("player {i}");
        }
    }
    let mut r = Replayer {
        game,
        record: &record,
        colour,
        frames: Vec::new(),
    };
    let judgement = r.run();
    let viewer = r.game.viewer();
    Ok(Replay {
        game: S::NAME,
        players,
        frames: r.frames,
        end: end_words(&record),
        judgement,
        viewer,
        seats,
    })
}

/// The recorded end in words.
fn end_words<M, S>(record: &Record<M, S>) -> String {
    let e = &record.end;
    let result = e.result.as_deref().unwrap_or("no verdict");
    let words = if e.reason_text.is_empty() {
        e.reason.as_str().to_owned()
    } else {
        e.reason_text.clone()
    };
    if e.detail.is_empty() {
        format!("{result}: {words}")
    } else {
        format!("{result}: {words} ({})", e.detail)
    }
}

/// The raw lines of a refused reply, for messages.
fn shown(reply: &RejectedReply) -> String {
    reply.lines.join(" | ")
}

struct Replayer<'r, G: Game> {
    game: G,
    record: &'r Record<G::MoveRecord, SetupRecordOf<G>>,
    colour: bool,
    frames: Vec<Frame>,
}

impl<G: Game> Replayer<'_, G> {
    fn frame(&mut self, ply: u32, title: String) {
        let scenes = std::iter::once(None)
            .chain((0..self.game.seats()).map(Some))
            .map(|v| self.game.scene(v))
            .collect();
        self.frames.push(Frame {
            ply,
            title,
            text: self.game.draw(self.colour),
            scenes,
        });
    }

    fn rejected(&self, seat: Seat, phase: Phase) -> Option<&RejectedReply> {
        self.record
            .rejected
            .iter()
            .find(|r| usize::from(r.player) == seat && r.phase == phase)
    }

    fn run(&mut self) -> Judgement {
        let record = self.record;
        let end = &record.end;
        if G::Phase::SECRET {
            match self.setups() {
                Ok(true) => {}
                Ok(false) => return Judgement::Same,
                Err(j) => return j,
            }
        } else if !record.setups.is_empty() {
            return Judgement::Differs(format!(
                "the record holds setups, and {} has no setup phase",
                record.game
            ));
        }
        self.frame(0, "start".to_owned());
        for entry in &record.moves {
            let ply = entry.ply;
            let who = format!("move {ply} (player {}: {})", entry.player, entry.detail);
            if let Some(e) = self.game.end() {
                return Judgement::Differs(format!(
                    "{who}: today's rules end the game before it: {}: {}",
                    e.words, e.detail
                ));
            }
            let me = self.game.to_move();
            if me != usize::from(entry.player) {
                return Judgement::Differs(format!(
                    "{who}: today's rules give the move to player {me}"
                ));
            }
            let lines = self.game.move_reply(&entry.detail);
            let mv = match self.game.parse(me, &lines) {
                Ok(u) => self.game.check(me, &u).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            let mv = match mv {
                Ok(mv) => mv,
                Err(why) => {
                    return Judgement::Differs(format!("{who}: today's rules refuse it: {why}"));
                }
            };
            let played = self.game.play(mv, &mut Tell::new());
            if played != entry.detail {
                return Judgement::Differs(format!("{who}: today's rules give {played}"));
            }
            self.frame(ply, format!("move {ply}: player {me} {played}"));
        }
        let after = match record.moves.last() {
            Some(m) => format!("after move {}", m.ply),
            None => "before the first move".to_owned(),
        };
        let today = self.game.end();
        match (&end.reason, today) {
            (Reason::Game(name), Some(e)) => {
                let winner = e.winner.map(|w| w as u8);
                if e.reason == name && e.detail == end.detail && winner == end.winner {
                    Judgement::Same
                } else {
                    Judgement::Differs(format!(
                        "the end: recorded {name} ({}), today's rules give {} ({}) {after}",
                        end.detail, e.reason, e.detail
                    ))
                }
            }
            (Reason::Game(name), None) => Judgement::Differs(format!(
                "the end: recorded {name} ({}), today's rules go on {after}",
                end.detail
            )),
            (_, Some(e)) => Judgement::Differs(format!(
                "the end: recorded {} ({}), today's rules end the game {after}: {} ({})",
                end.reason, end.detail, e.reason, e.detail
            )),
            (Reason::IllegalMove, None) => self.last_reply(),
            (other, None) => Judgement::MovesOnly(format!(
                "the game ended by {other} ({}), a program's fault, not a rule's",
                end.detail
            )),
        }
    }

    /// Judges the refused move that ended the game.
    fn last_reply(&self) -> Judgement {
        let end = &self.record.end;
        let me = self.game.to_move();
        let Some(reply) = self.rejected(me, Phase::Move) else {
            return Judgement::MovesOnly(format!(
                "the last reply broke the framing and was not kept ({})",
                end.detail
            ));
        };
        let Some(lines) = reply.raw_lines() else {
            return Judgement::Differs(format!(
                "the refused reply of player {me} does not read: {}",
                shown(reply)
            ));
        };
        let why = match self.game.parse(me, &lines) {
            Ok(u) => match self.game.check(me, &u) {
                Ok(_) => {
                    return Judgement::Differs(format!(
                        "the last reply (player {me}: {}): recorded as illegal ({}), today's rules accept it",
                        shown(reply),
                        end.detail
                    ));
                }
                Err(e) => e.to_string(),
            },
            Err(e) => e.to_string(),
        };
        let today = illegal_detail(&who(&self.game, me), Some(&lines), &why);
        // The detail without the seat's name and the reply, as referees
        // wrote it before the detail quoted the reply, still reads as the
        // same judgement.
        let plain = format!("player {me}: {why}");
        // A reply whose first lines came before the program was asked
        // says so after the judgement (`early_note`): the record keeps
        // the lines, not when they came.
        let recorded = without_early_note(&end.detail);
        if today == recorded || plain == recorded {
            Judgement::Same
        } else {
            Judgement::Differs(format!(
                "the last reply (player {me}: {}): recorded {:?}, today's rules say {today:?}",
                shown(reply),
                end.detail
            ))
        }
    }

    /// Replays the setup phase. `Ok(true)`: play begins; `Ok(false)`: the
    /// game ended there as recorded; `Err`: a difference.
    fn setups(&mut self) -> Result<bool, Judgement> {
        let record = self.record;
        let seats = self.game.seats();
        if record.setups.len() != seats {
            return Err(Judgement::Differs(format!(
                "the record holds {} setups, the game has {seats} players",
                record.setups.len()
            )));
        }
        let mut accepted = Vec::with_capacity(seats);
        let mut refused = Vec::new();
        for (seat, setup) in record.setups.iter().enumerate() {
            match setup {
                Some(rec) => {
                    let lines = G::Phase::reply(&self.game, seat, rec);
                    match G::Phase::parse(&self.game, seat, &lines) {
                        Ok(s) => accepted.push(s),
                        Err(e) => {
                            return Err(Judgement::Differs(format!(
                                "player {seat}'s setup, accepted in the record, is refused by today's rules: {e}"
                            )));
                        }
                    }
                }
                None => match self.rejected(seat, Phase::Setup) {
                    Some(reply) => {
                        let lines = reply.raw_lines().unwrap_or_default();
                        match G::Phase::parse(&self.game, seat, &lines) {
                            Ok(_) => {
                                return Err(Judgement::Differs(format!(
                                    "player {seat}'s setup, refused in the record, is accepted by today's rules"
                                )));
                            }
                            Err(e) => refused.push(format!("player {seat}'s setup refused: {e}")),
                        }
                    }
                    // No setup kept: the player failed (or the game was
                    // interrupted) before its setup was judged.
                    None => {
                        return match self.record.end.reason {
                            Reason::SetupRefused | Reason::Game(_) | Reason::IllegalMove => {
                                Err(Judgement::Differs(format!(
                                    "player {seat}'s setup is missing from the record"
                                )))
                            }
                            ref other => Err(Judgement::MovesOnly(format!(
                                "the game ended in the setups by {other} ({}), a program's fault, not a rule's",
                                self.record.end.detail
                            ))),
                        };
                    }
                },
            }
        }
        if refused.is_empty() {
            G::Phase::begin(&mut self.game, accepted);
            return Ok(true);
        }
        let end = &self.record.end;
        let recorded = end.detail.split("; ").collect::<Vec<_>>();
        let same = refused.iter().all(|r| recorded.contains(&r.as_str()));
        if same && end.reason == Reason::SetupRefused {
            Ok(false)
        } else if same && end.reason.is_process_failure() {
            Err(Judgement::MovesOnly(format!(
                "the setups as recorded, and a player failed meanwhile ({})",
                end.detail
            )))
        } else {
            Err(Judgement::Differs(format!(
                "the setups: recorded {} ({}), today's rules give {}",
                end.reason,
                end.detail,
                refused.join("; ")
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};
    use stratego::referee_game::Spec as Stratego;

    const SETUP0: [u8; 40] = [
        11, 12, 12, 9, 1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8, 9,
        9, 9, 9, 9, 9, 9, 10, 12, 12, 12, 12,
    ];
    const SETUP1: [u8; 40] = [
        11, 12, 12, 12, 1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8, 9,
        9, 9, 9, 9, 9, 9, 9, 10, 12, 12, 12,
    ];

    fn mv(ply: u32, sq: &str, dir: &str, d: u32, battle: Option<(u8, u8)>) -> Value {
        json!({"ply": ply, "player": (ply + 1) % 2, "square": sq, "direction": dir,
               "distance": d, "result": if battle.is_some() { "B" } else { "N" },
               "attacker": battle.map(|b| b.0), "defender": battle.map(|b| b.1),
               "reply_ms": 0.1})
    }

    /// The game of the end-to-end test `a_full_game_every_message_byte_for_byte`.
    fn record() -> Value {
        json!({
            "schema": 1, "game": "stratego",
            "settings": {"time_limit_ms": 500, "setup_time_limit_ms": 2000, "grace_ms": 100,
                         "max_turns": 2000, "seed": 7, "two_square_rule": false},
            "players": ["a", "b"],
            "setups": [SETUP0.to_vec(), SETUP1.to_vec()],
            "moves": [mv(1, "B3", "E", 1, None), mv(2, "B6", "W", 1, None),
                      mv(3, "B4", "E", 1, Some((3, 1))), mv(4, "B5", "W", 1, None),
                      mv(5, "A3", "E", 3, Some((9, 11)))],
            "end": {"winner": 0, "result": "1-0", "points": [1.0, 0.0], "reason": "flag_captured",
                    "reason_text": "the flag was captured",
                    "detail": "player 0 took the flag: A3 E 3"}
        })
    }

    fn judge(v: &Value) -> Replay {
        rejudge::<Stratego>(&v.to_string(), false).unwrap()
    }

    #[test]
    fn a_record_judged_again_is_the_same_game() {
        let r = judge(&record());
        assert_eq!(r.judgement, Judgement::Same);
        assert_eq!(r.frames.len(), 6);
        assert_eq!(r.frames[0].title, "start");
        assert_eq!(
            r.frames[3].title,
            "move 3: player 0 B4 E 1 -> B 3 1 (Colonel attacks Marshal: the defender wins)"
        );
        // Everyone's view and each player's.
        assert_eq!(r.frames[0].scenes.len(), 3);
        assert!(
            r.frames
                .iter()
                .all(|f| f.scenes.iter().all(Option::is_some))
        );
        assert_eq!(
            r.end,
            "1-0: the flag was captured (player 0 took the flag: A3 E 3)"
        );
        assert_eq!(r.players, ["a", "b"]);
    }

    #[test]
    fn a_different_result_names_the_move() {
        let mut v = record();
        v["moves"][2]["defender"] = json!(2);
        let r = judge(&v);
        assert_eq!(
            r.judgement,
            Judgement::Differs(
                "move 3 (player 0: B4 E 1 -> B 3 2 (Colonel attacks General: the defender \
                 wins)): today's rules give B4 E 1 -> B 3 1 (Colonel attacks Marshal: the \
                 defender wins)"
                    .into()
            )
        );
        // The frames stop before it.
        assert_eq!(r.frames.len(), 3);
    }

    #[test]
    fn an_illegal_recorded_move_is_refused() {
        let mut v = record();
        v["moves"][1]["square"] = json!("A6");
        let Judgement::Differs(why) = judge(&v).judgement else {
            panic!("a difference")
        };
        assert!(
            why.starts_with(
                "move 2 (player 1: A6 W 1 -> N): today's rules refuse it: A6 holds a Flag"
            ),
            "{why}"
        );
    }

    #[test]
    fn a_different_end_is_reported() {
        let mut v = record();
        v["end"]["detail"] = json!("player 0 took the flag: B3 E 1");
        let Judgement::Differs(why) = judge(&v).judgement else {
            panic!("a difference")
        };
        assert!(why.starts_with("the end: recorded flag_captured"), "{why}");
        let mut v = record();
        v["moves"].as_array_mut().unwrap().pop();
        let Judgement::Differs(why) = judge(&v).judgement else {
            panic!("a difference")
        };
        assert!(why.contains("today's rules go on after move 4"), "{why}");
    }

    #[test]
    fn the_illegal_move_that_ended_a_game_is_judged_again() {
        let mut v = record();
        v["moves"] = json!([mv(1, "B3", "E", 1, None)]);
        v["rejected"] = json!([{"player": 1, "phase": "move", "lines": ["A6", "W", "1"]}]);
        v["end"] = json!({"winner": 0, "result": "1-0", "reason": "illegal_move",
                          "reason_text": "an illegal or unreadable move",
                          "detail": "player 1: A6 holds a Flag, which cannot move"});
        assert_eq!(judge(&v).judgement, Judgement::Same);
        v["end"]["detail"] = json!("player 1: something else");
        assert!(matches!(judge(&v).judgement, Judgement::Differs(_)));
        // A timeout is not the rules' to judge.
        v["end"] = json!({"winner": 0, "result": "1-0", "reason": "timeout",
                          "detail": "player 1: no complete reply within 500 ms: nothing received"});
        assert!(matches!(judge(&v).judgement, Judgement::MovesOnly(_)));
    }

    #[test]
    fn a_refused_setup_is_judged_again() {
        let mut v = record();
        let mut bad: Vec<String> = SETUP1.iter().map(u8::to_string).collect();
        bad[0] = "13".into();
        v["setups"] = json!([SETUP0.to_vec(), null]);
        v["rejected"] = json!([{"player": 1, "phase": "setup", "lines": bad}]);
        v["moves"] = json!([]);
        v["end"] = json!({"winner": 0, "result": "1-0", "reason": "setup_refused",
                          "detail": "player 1's setup refused: line 1: 13 is not a piece code"});
        assert_eq!(judge(&v).judgement, Judgement::Same);
    }

    #[test]
    fn records_of_another_game_or_with_bad_options_do_not_replay() {
        assert!(matches!(
            rejudge::<Stratego>("{}", false),
            Err(ReplayError::Read { .. })
        ));
        let mut v = record();
        v["settings"]["two_square_rule"] = json!("yes");
        assert!(matches!(
            rejudge::<Stratego>(&v.to_string(), false),
            Err(ReplayError::Options { .. })
        ));
    }
}
