//! A game with a scripted opponent: the real game, played by the match
//! driver as any other, except that at one turn of an opponent's the
//! script puts words in the opponent's mouth (an illegal move, an
//! unreadable reply) or makes it fail (it is asked for one line more than
//! the game's reply, which its program never sends: it times out). What
//! the program under check is told then is kept, to be quoted.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;

use game_core::{
    End, Game, IllegalOf, Launch, ParseErrorOf, Question, Seat, SetupPhase, Tell, UncheckedOf,
    Viewer,
};

/// What the opponent is made to do, at its first turn after the program
/// under check has moved once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Plan {
    /// Nothing: the opponent plays its own game.
    Plain,
    /// A reply that reads as a move but is illegal here: a move played
    /// before (the program's last, then earlier ones), which the position
    /// no longer allows.
    Illegal,
    /// A reply that does not read as a move.
    Unreadable,
    /// The opponent's program fails: it is asked one line more than its
    /// reply, and runs out of time waiting.
    Fails,
}

/// What the script did, for the check's report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deviation {
    /// The seat that deviated, once it has.
    pub seat: Option<Seat>,
    /// The lines it was made to send (for [`Plan::Illegal`] and
    /// [`Plan::Unreadable`]).
    pub sent: Vec<Vec<u8>>,
    /// What the program under check was told of it.
    pub told: String,
    /// Set when the plan could not be carried out (no illegal reply that
    /// reads as a move was found), in words.
    pub impossible: Option<String>,
}

#[derive(Default)]
struct State {
    /// The moves the program under check has played.
    program_moves: usize,
    /// The reply lines of every move played, oldest first.
    history: Vec<Vec<Vec<u8>>>,
    /// The substitute lines of the opponent's reply now awaited.
    substitute: Option<Vec<Vec<u8>>>,
    deviation: Deviation,
}

/// Game `G` with the opponents of seat `me` scripted by a [`Plan`].
pub struct Scripted<G: Game> {
    inner: G,
    me: Seat,
    plan: Plan,
    /// The game ends after this many moves of the program's, if the
    /// rules have not ended it first.
    moves: Option<usize>,
    /// Shared with the [`Watch`]: the driver keeps the game to itself.
    state: Rc<RefCell<State>>,
}

/// What the script of a [`Scripted`] game did, seen from outside the game.
pub struct Watch(Rc<RefCell<State>>);

impl Watch {
    /// What the script did.
    pub fn deviation(&self) -> Deviation {
        self.0.borrow().deviation.clone()
    }
}

impl<G: Game> Scripted<G> {
    /// `game`, with `me` the seat of the program under check, ended
    /// after `moves` of its moves (if the rules do not end it first), and
    /// the watch of its script.
    pub fn new(game: G, me: Seat, plan: Plan, moves: Option<usize>) -> (Scripted<G>, Watch) {
        let state = Rc::new(RefCell::new(State::default()));
        let watch = Watch(Rc::clone(&state));
        let game = Scripted {
            inner: game,
            me,
            plan,
            moves,
            state,
        };
        (game, watch)
    }

    /// Whether the opponent at `seat` deviates at this turn.
    fn deviates_now(&self, seat: Seat) -> bool {
        let st = self.state.borrow();
        self.plan != Plan::Plain
            && seat != self.me
            && st.program_moves > 0
            && st.deviation.seat.is_none()
            && st.deviation.impossible.is_none()
    }

    /// A reply of `seat`'s that reads as a move and is illegal here: a
    /// move played before, the latest first.
    fn illegal_reply(&self, seat: Seat) -> Option<Vec<Vec<u8>>> {
        let st = self.state.borrow();
        st.history.iter().rev().find_map(|lines| {
            let unchecked = self.inner.parse(seat, lines).ok()?;
            self.inner
                .check(seat, &unchecked)
                .is_err()
                .then(|| lines.clone())
        })
    }

    /// Keeps what the program under check is told in `tell` (the
    /// deviation's news), past what was queued before (`from`).
    fn keep_told(&self, tell: &Tell, from: usize) {
        let told: String = tell.messages()[from..]
            .iter()
            .filter(|(s, _)| *s == self.me)
            .map(|(_, text)| text.as_str())
            .collect();
        self.state.borrow_mut().deviation.told.push_str(&told);
    }
}

/// The setup phase of [`Scripted<G>`]: `G`'s own.
pub struct Forward<G>(PhantomData<fn(&G)>);

impl<G: Game> SetupPhase<Scripted<G>> for Forward<G> {
    type Setup = <G::Phase as SetupPhase<G>>::Setup;
    type Error = <G::Phase as SetupPhase<G>>::Error;
    type Record = <G::Phase as SetupPhase<G>>::Record;
    const SECRET: bool = <G::Phase as SetupPhase<G>>::SECRET;

    fn question(game: &Scripted<G>, seat: Seat) -> Option<Question> {
        G::Phase::question(&game.inner, seat)
    }

    fn parse(
        game: &Scripted<G>,
        seat: Seat,
        lines: &[Vec<u8>],
    ) -> Result<Self::Setup, Self::Error> {
        G::Phase::parse(&game.inner, seat, lines)
    }

    fn answer(game: &Scripted<G>, seat: Seat, accepted: bool) -> String {
        G::Phase::answer(&game.inner, seat, accepted)
    }

    fn record(game: &Scripted<G>, setup: &Self::Setup) -> Self::Record {
        G::Phase::record(&game.inner, setup)
    }

    fn begin(game: &mut Scripted<G>, setups: Vec<Self::Setup>) {
        G::Phase::begin(&mut game.inner, setups)
    }

    fn reply(game: &Scripted<G>, seat: Seat, rec: &Self::Record) -> Vec<Vec<u8>> {
        G::Phase::reply(&game.inner, seat, rec)
    }
}

impl<G: Game> Game for Scripted<G> {
    type Phase = Forward<G>;
    type Move = G::Move;
    type MoveRecord = G::MoveRecord;

    fn seats(&self) -> usize {
        self.inner.seats()
    }

    fn launch(&self) -> Launch {
        self.inner.launch()
    }

    fn greeting(&self, seat: Seat) -> String {
        self.inner.greeting(seat)
    }

    /// The rules' end, or the end after the program's last move: the end
    /// then finds it waiting for the others, not thinking about a move it
    /// was about to be asked for.
    fn end(&self) -> Option<End> {
        let end = self.inner.end();
        let played = self.state.borrow().program_moves;
        match self.moves {
            Some(n) if end.is_none() && played >= n => Some(End {
                winner: None,
                reason: "check_moves",
                words: "the check's game was long enough",
                detail: format!("player {} made {played} moves", self.me),
            }),
            _ => end,
        }
    }

    fn to_move(&self) -> Seat {
        self.inner.to_move()
    }

    fn question(&self, seat: Seat) -> Question {
        let mut q = self.inner.question(seat);
        if !self.deviates_now(seat) {
            return q;
        }
        let mut st = self.state.borrow_mut();
        match self.plan {
            Plan::Plain => {}
            Plan::Fails => {
                q.lines += 1;
                st.deviation.seat = Some(seat);
            }
            Plan::Illegal => {
                drop(st);
                let found = self.illegal_reply(seat);
                st = self.state.borrow_mut();
                match found {
                    Some(lines) => st.substitute = Some(lines),
                    None => {
                        st.deviation.impossible = Some(
                            "no move played so far reads as an illegal move of the opponent's"
                                .into(),
                        );
                    }
                }
            }
            Plan::Unreadable => {
                let lines = vec![b"?".to_vec(); q.lines.max(1)];
                if self.inner.parse(seat, &lines).is_ok() {
                    st.deviation.impossible = Some("\"?\" reads as a move of this game".into());
                } else {
                    st.substitute = Some(lines);
                }
            }
        }
        q
    }

    fn parse(&self, seat: Seat, lines: &[Vec<u8>]) -> Result<UncheckedOf<G>, ParseErrorOf<G>> {
        let substitute = self.state.borrow_mut().substitute.take();
        match substitute {
            Some(instead) if seat != self.me => {
                let mut st = self.state.borrow_mut();
                st.deviation.seat = Some(seat);
                st.deviation.sent = instead.clone();
                drop(st);
                self.inner.parse(seat, &instead)
            }
            _ => self.inner.parse(seat, lines),
        }
    }

    fn check(&self, seat: Seat, mv: &UncheckedOf<G>) -> Result<G::Move, IllegalOf<G>> {
        self.inner.check(seat, mv)
    }

    fn play(&mut self, mv: G::Move, tell: &mut Tell) -> G::MoveRecord {
        let mover = self.inner.to_move();
        let rec = self.inner.play(mv, tell);
        let lines = self.inner.move_reply(&rec);
        let mut st = self.state.borrow_mut();
        st.history.push(lines);
        if mover == self.me {
            st.program_moves += 1;
        }
        rec
    }

    fn tell_illegal(&self, seat: Seat, parsed: Option<&UncheckedOf<G>>, tell: &mut Tell) {
        let from = tell.messages().len();
        self.inner.tell_illegal(seat, parsed, tell);
        if seat != self.me {
            self.keep_told(tell, from);
        }
    }

    fn tell_failure(&self, seat: Seat, tell: &mut Tell) {
        let from = tell.messages().len();
        self.inner.tell_failure(seat, tell);
        if seat != self.me {
            self.keep_told(tell, from);
        }
    }

    fn draw(&self, colour: bool) -> String {
        self.inner.draw(colour)
    }

    fn move_reply(&self, rec: &G::MoveRecord) -> Vec<Vec<u8>> {
        self.inner.move_reply(rec)
    }

    fn scene(&self, viewer: Option<Seat>) -> Option<String> {
        self.inner.scene(viewer)
    }

    fn seat_name(&self, seat: Seat) -> Option<String> {
        self.inner.seat_name(seat)
    }

    fn viewer(&self) -> Viewer {
        self.inner.viewer()
    }

    fn warnings(&self) -> Vec<String> {
        self.inner.warnings()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use game_core::{Context, Limits, Spec as _};
    use stratego::referee_game::{Options, Spec as Stratego};

    /// An army, the same codes for either seat (each row is the seat's own
    /// four columns): player 0's Scout on A3, player 1's Marshal on B6.
    const ARMY: [u8; 40] = [
        11, 12, 12, 9, 1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8, 9,
        9, 9, 9, 9, 9, 9, 10, 12, 12, 12, 12,
    ];

    fn lines(words: &str) -> Vec<Vec<u8>> {
        words.split(' ').map(|w| w.as_bytes().to_vec()).collect()
    }

    /// A Stratego game after both setups, player 0 under check.
    fn started(plan: Plan) -> (Scripted<<Stratego as game_core::Spec>::Game>, Watch) {
        let ctx = Context {
            max_turns: 0,
            limits: Limits::new(Duration::from_millis(500), Duration::from_millis(2000)),
            seed: 1,
        };
        let game = Stratego::new(&Options::default(), &ctx).unwrap();
        let (mut game, watch) = Scripted::new(game, 0, plan, None);
        let army: Vec<Vec<u8>> = ARMY.iter().map(|c| c.to_string().into_bytes()).collect();
        let setups = (0..2)
            .map(|seat| Forward::parse(&game, seat, &army).unwrap())
            .collect();
        Forward::begin(&mut game, setups);
        (game, watch)
    }

    /// Player 0's opening move, played through the script.
    fn opening(game: &mut Scripted<<Stratego as game_core::Spec>::Game>) {
        let mv = game.parse(0, &lines("A3 E 1")).unwrap();
        let mv = game.check(0, &mv).unwrap();
        game.play(mv, &mut Tell::new());
    }

    #[test]
    fn the_illegal_plan_replays_the_programs_move_and_keeps_what_it_is_told() {
        let (mut game, watch) = started(Plan::Illegal);
        // Not before the program has moved.
        assert_eq!(game.question(0).lines, 3);
        opening(&mut game);
        let q = game.question(1);
        assert_eq!(q.lines, 3);
        // Whatever the opponent's program sent, the script's reply counts:
        // A3 is empty now.
        let parsed = game.parse(1, &lines("B6 W 1")).unwrap();
        assert!(game.check(1, &parsed).is_err());
        let mut tell = Tell::new();
        game.tell_illegal(1, Some(&parsed), &mut tell);
        let d = watch.deviation();
        assert_eq!((d.seat, d.sent.clone()), (Some(1), lines("A3 E 1")));
        assert_eq!(d.told, "A3\nE\n1\nE\n");
        assert_eq!(d.impossible, None);
    }

    #[test]
    fn the_unreadable_plan_sends_what_reads_as_no_move() {
        let (mut game, watch) = started(Plan::Unreadable);
        opening(&mut game);
        game.question(1);
        assert!(game.parse(1, &lines("B6 W 1")).is_err());
        assert_eq!(watch.deviation().sent, lines("? ? ?"));
    }

    #[test]
    fn the_failing_plan_asks_one_line_more_once() {
        let (mut game, watch) = started(Plan::Fails);
        opening(&mut game);
        assert_eq!(game.question(1).lines, 4);
        assert_eq!(watch.deviation().seat, Some(1));
        assert_eq!(game.question(1).lines, 3);
    }

    #[test]
    fn the_game_ends_after_the_programs_last_move() {
        let ctx = Context {
            max_turns: 0,
            limits: Limits::new(Duration::from_millis(500), Duration::from_millis(2000)),
            seed: 1,
        };
        let game = Stratego::new(&Options::default(), &ctx).unwrap();
        let (mut game, _watch) = Scripted::new(game, 0, Plan::Plain, Some(1));
        let army: Vec<Vec<u8>> = ARMY.iter().map(|c| c.to_string().into_bytes()).collect();
        let setups = (0..2)
            .map(|seat| Forward::parse(&game, seat, &army).unwrap())
            .collect();
        Forward::begin(&mut game, setups);
        assert_eq!(game.end(), None);
        opening(&mut game);
        let end = game.end().expect("over after its one move");
        assert_eq!((end.winner, end.reason), (None, "check_moves"));
    }

    #[test]
    fn the_plain_plan_changes_nothing() {
        let (mut game, watch) = started(Plan::Plain);
        opening(&mut game);
        assert_eq!(game.question(1).lines, 3);
        let parsed = game.parse(1, &lines("B6 W 1")).unwrap();
        assert!(game.check(1, &parsed).is_ok());
        assert_eq!(watch.deviation(), Deviation::default());
    }
}
