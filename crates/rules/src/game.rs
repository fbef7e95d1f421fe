//! A game in progress: rule set, state, history, status; play, undo, resign; save files.

use crate::board::Hole;
use crate::position::{Move, MoveList, Position, State, Undo};
use crate::rules::{DrawReason, IllegalMove, Rules, Status, WinReason};
use crate::variant::{RuleSet, SetupError, Variant};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One played move as the history keeps it: the move, who made it and the route it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub mv: Move,
    pub seat: u8,
    /// Holes visited, origin first (empty for a pass). Not part of the move's identity.
    pub route: Vec<Hole>,
    undo: Undo,
    /// The game's progress before this move, restored when it is taken back.
    progress_before: Progress,
}

/// How close each player has come to finishing, for the no-progress draw
/// (`Rules::no_progress_plies`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Per seat, the lowest distance still to go it has had in the game.
    pub best: [u32; 6],
    /// Plies since a player last set its lowest distance.
    pub quiet_plies: u32,
}

impl Progress {
    fn of(rules: &Rules, state: &State) -> Progress {
        let mut best = [0; 6];
        for seat in 0..rules.players() {
            best[seat as usize] = rules.distance_to_go(state, seat);
        }
        Progress {
            best,
            quiet_plies: 0,
        }
    }

    /// After a move to `state`.
    fn after(mut self, rules: &Rules, state: &State) -> Progress {
        let mut closer = false;
        for seat in 0..rules.players() {
            let now = rules.distance_to_go(state, seat);
            if now < self.best[seat as usize] {
                self.best[seat as usize] = now;
                closer = true;
            }
        }
        self.quiet_plies = if closer { 0 } else { self.quiet_plies + 1 };
        self
    }
}

impl Played {
    /// Hops in the route (0 for a pass, 1 for a step).
    pub fn hops(&self) -> usize {
        self.route.len().saturating_sub(1)
    }
}

/// A player's place when a game is ranked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub seat: u8,
    /// 1-based; players level on marbles home and distance share a place.
    pub place: u8,
    /// Marbles in the target (the winner counts as full).
    pub home: u32,
    /// `Rules::distance_to_go`.
    pub distance: u32,
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ResignError {
    #[error("the game is already over")]
    GameOver,
    #[error("there is no seat {0}")]
    NoSuchSeat(u8),
}

#[derive(Debug, Error)]
pub enum LoadError {
    #[error("not a readable save file: {0}")]
    Json(#[from] serde_json::Error),
    #[error("not a starhalma save file (format is '{0}')")]
    Format(String),
    #[error("save file version {0} is newer than this game understands ({SAVE_VERSION})")]
    Version(u32),
    #[error("move {index} ('{mv}') cannot be played: {reason}")]
    Illegal {
        index: usize,
        mv: Move,
        reason: IllegalMove,
    },
    #[error("the recorded resignation is not possible: {0}")]
    Resignation(ResignError),
    #[error("the recorded starting position is not possible: {0}")]
    Start(String),
}

const SAVE_FORMAT: &str = "starhalma-game";
/// The newest save-file version this crate writes and reads.
pub const SAVE_VERSION: u32 = 1;

/// What a save file holds: the setup and the moves. Loading replays and checks every move, so a
/// loaded game is identical to the saved one, history included.
#[derive(Serialize, Deserialize)]
struct GameRecord {
    format: String,
    version: u32,
    variant: Variant,
    /// A hand-built starting position; absent for the rule set's own start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<StartRecord>,
    moves: Vec<Move>,
    #[serde(default)]
    resigned: Option<u8>,
    /// The seat that moved first from the rule set's own start (absent: seat 0).
    #[serde(default, skip_serializing_if = "is_seat_zero")]
    first: u8,
}

fn is_seat_zero(seat: &u8) -> bool {
    *seat == 0
}

/// A starting position in a save file: every piece as `[hole, seat, king]`.
#[derive(Serialize, Deserialize)]
struct StartRecord {
    pieces: Vec<(Hole, u8, bool)>,
    active: u8,
    ply: u32,
}

impl StartRecord {
    fn of(state: &State) -> StartRecord {
        let pos = &state.position;
        let pieces = (0..6u8)
            .flat_map(|seat| pos.holes_of(seat).map(move |h| (h, seat, pos.is_king(h))))
            .collect();
        StartRecord {
            pieces,
            active: state.active,
            ply: state.ply,
        }
    }
}

/// A game: the only place its state changes.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "GameRecord", into = "GameRecord")]
pub struct Game {
    rules: Rules,
    /// The hand-built start of a game made by `from_state`.
    start: Option<State>,
    /// The seat to move first.
    first: u8,
    state: State,
    history: Vec<Played>,
    resigned: Option<u8>,
    status: Status,
    progress: Progress,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.rules.variant() == other.rules.variant()
            && self.start == other.start
            && self.first == other.first
            && self.state == other.state
            && self.history == other.history
            && self.resigned == other.resigned
            && self.status == other.status
    }
}

impl Eq for Game {}

impl Game {
    /// The rule set's own start, seat 0 (Red) to move: the laws' and the table's first player,
    /// and the Diamond Game page's "Red moves first".
    pub fn new(variant: Variant) -> Game {
        Game::starting_with(variant, 0).expect("seat 0 always plays")
    }

    /// The rule set's own start with `first` to move: the shop rules' "a toss of a coin decides
    /// who starts" (seed 004), offered for every rule set. Turns then go round in the usual
    /// order from `first`; the turn counts (the table's 30 and 200 turns each, the Diamond
    /// Game's 400 moves each) count everyone's turns together, so they are unchanged.
    pub fn starting_with(variant: Variant, first: u8) -> Result<Game, SetupError> {
        if first >= variant.players() {
            return Err(SetupError::Seats);
        }
        let rules = Rules::new(variant);
        let mut state = rules.initial_state();
        state.active = first;
        let progress = Progress::of(&rules, &state);
        Ok(Game {
            rules,
            start: None,
            first,
            state,
            history: Vec::new(),
            resigned: None,
            status: Status::Ongoing,
            progress,
        })
    }

    /// A game continuing from a hand-built state (no history before it). Fails when the
    /// position has pieces of seats that are not playing or the active seat is not seated.
    pub fn from_state(variant: Variant, state: State) -> Result<Game, SetupError> {
        let rules = Rules::new(variant);
        let seated = (0..variant.players()).fold(0u128, |m, s| m | state.position.pieces(s));
        if seated != state.position.occupied() || state.active() >= variant.players() {
            return Err(SetupError::Seats);
        }
        let status = rules.status(&state);
        let progress = Progress::of(&rules, &state);
        Ok(Game {
            rules,
            start: Some(state),
            first: state.active,
            state,
            history: Vec::new(),
            resigned: None,
            status,
            progress,
        })
    }

    pub fn variant(&self) -> Variant {
        self.rules.variant()
    }

    pub fn rule_set(&self) -> RuleSet {
        self.rules.variant().rules()
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn position(&self) -> &Position {
        &self.state.position
    }

    /// The seat to move.
    pub fn active(&self) -> u8 {
        self.state.active
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn is_over(&self) -> bool {
        self.status.is_over()
    }

    pub fn history(&self) -> &[Played] {
        &self.history
    }

    pub fn resigned(&self) -> Option<u8> {
        self.resigned
    }

    /// How close each player has come to finishing, and since when nobody has come closer.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// The rules' status of the current state, or the no-progress draw.
    fn judge(&self) -> Status {
        let status = self.rules.status(&self.state);
        match self.rules.no_progress_plies() {
            Some(limit) if status == Status::Ongoing && self.progress.quiet_plies >= limit => {
                Status::Draw {
                    reason: DrawReason::NoProgress,
                }
            }
            _ => status,
        }
    }

    /// The seat that moved first (or was to move at a hand-built start).
    pub fn first(&self) -> u8 {
        self.first
    }

    /// Legal moves of the active seat (a lone pass when it has none; none once the game is
    /// over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let mut list = MoveList::new();
        self.rules.generate(&self.state, &mut list);
        list.to_vec()
    }

    /// Whether `mv` is legal now, with the reason when it is not.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        self.rules.check(&self.state, mv)
    }

    /// Play `mv` for the active seat. An illegal move is refused with its reason and changes
    /// nothing.
    pub fn play(&mut self, mv: Move) -> Result<&Played, IllegalMove> {
        self.check(mv)?;
        let seat = self.state.active;
        let route = self.rules.route(&self.state, mv);
        let undo = self.rules.apply(&mut self.state, mv);
        let progress_before = self.progress;
        self.progress = self.progress.after(&self.rules, &self.state);
        self.status = self.judge();
        self.history.push(Played {
            mv,
            seat,
            route,
            undo,
            progress_before,
        });
        Ok(self.history.last().expect("just pushed"))
    }

    /// Take back the last thing that happened: a resignation, else the last move. Returns false
    /// when there is nothing to take back.
    pub fn undo(&mut self) -> bool {
        if self.resigned.take().is_some() {
            self.status = self.judge();
            return true;
        }
        let Some(played) = self.history.pop() else {
            return false;
        };
        self.rules.undo(&mut self.state, played.undo);
        self.progress = played.progress_before;
        self.status = self.judge();
        true
    }

    /// `seat` resigns and the game ends. With two players the other wins. With more, the winner
    /// is the best-placed of the others: in the Diamond Game the one whose marbles have the
    /// smaller total distance to their target's tip (seed 003); in the other rule sets by the
    /// table's ranking (marbles home, then distance still to go). A tie goes to the player whose
    /// turn comes first after the resigning player's.
    pub fn resign(&mut self, seat: u8) -> Result<Status, ResignError> {
        let n = self.rules.players();
        if seat >= n {
            return Err(ResignError::NoSuchSeat(seat));
        }
        if self.is_over() {
            return Err(ResignError::GameOver);
        }
        let winner = (1..n)
            .map(|k| (seat + k) % n)
            .min_by_key(|&s| self.resignation_key(s))
            .expect("at least two players");
        self.resigned = Some(seat);
        self.status = Status::Won {
            winner,
            reason: WinReason::Resignation,
        };
        Ok(self.status)
    }

    /// Smaller is better; `min_by_key` keeps the first of equals, which is turn order.
    fn resignation_key(&self, seat: u8) -> (i64, u32) {
        if self.rule_set() == RuleSet::Diamond {
            (0, self.rules.total_distance_to_tip(&self.state, seat))
        } else {
            (
                -(self.rules.marbles_home(&self.state, seat) as i64),
                self.rules.distance_to_go(&self.state, seat),
            )
        }
    }

    /// `seat`'s marbles in its target, as a result counts them: a player who finished counts the
    /// whole target (seed 001: the winner counts ten even when the opposite player's marbles are
    /// left in it by the anti-spoiling rule; the fill rules likewise), everyone else, a winner by
    /// resignation included, their own marbles there.
    pub fn marbles_home(&self, seat: u8) -> u32 {
        match self.status {
            Status::Won { winner, reason }
                if winner == seat && reason != WinReason::Resignation =>
            {
                self.rules.target(seat).count_ones()
            }
            _ => self.rules.marbles_home(&self.state, seat),
        }
    }

    /// Diamond Game (seed 003): `seat`'s fifteen target holes are filled, with marbles of any
    /// colours, but its king is not on the tip (◎), so the game goes on until the king gets
    /// there ("King to ◎"). Always false in the other rule sets and once the game is over.
    pub fn king_to_tip(&self, seat: u8) -> bool {
        if self.rule_set() != RuleSet::Diamond || self.is_over() || seat >= self.rules.players() {
            return false;
        }
        let position = self.position();
        let target = self.rules.target(seat);
        let tip = self.rules.target_tip(seat).bit();
        let king_on_tip = position.kings() & position.pieces(seat) & tip != 0;
        target & !position.occupied() == 0 && !king_on_tip
    }

    /// Every seat placed: a winner first, then by marbles in the target (more is better), then
    /// by distance still to go (less is better); players level on both share a place. A
    /// resigned player is placed last.
    pub fn ranking(&self) -> Vec<Placement> {
        let winner = match self.status {
            Status::Won { winner, .. } => Some(winner),
            _ => None,
        };
        let mut rows: Vec<(u8, u8, Placement)> = self
            .variant()
            .seats()
            .map(|seat| {
                let home = self.marbles_home(seat);
                let group = if Some(seat) == winner {
                    0
                } else if Some(seat) == self.resigned {
                    2
                } else {
                    1
                };
                let distance = self.rules.distance_to_go(&self.state, seat);
                let p = Placement {
                    seat,
                    place: 0,
                    home,
                    distance,
                };
                (group, seat, p)
            })
            .collect();
        rows.sort_by_key(|(group, seat, p)| (*group, std::cmp::Reverse(p.home), p.distance, *seat));
        let mut out: Vec<Placement> = Vec::with_capacity(rows.len());
        for (i, (group, _, mut p)) in rows.iter().copied().enumerate() {
            let level_with_previous = i > 0 && {
                let (prev_group, _, prev) = rows[i - 1];
                group == 1 && prev_group == 1 && prev.home == p.home && prev.distance == p.distance
            };
            p.place = if level_with_previous {
                out[i - 1].place
            } else {
                i as u8 + 1
            };
            out.push(p);
        }
        out
    }

    /// The game as a JSON save file.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a game always serializes")
    }

    /// Load a save file; a corrupt or foreign file is an error and nothing else happens.
    pub fn from_json(text: &str) -> Result<Game, LoadError> {
        let record: GameRecord = serde_json::from_str(text)?;
        Game::from_record(record)
    }

    fn from_record(record: GameRecord) -> Result<Game, LoadError> {
        if record.format != SAVE_FORMAT {
            return Err(LoadError::Format(record.format));
        }
        if record.version > SAVE_VERSION {
            return Err(LoadError::Version(record.version));
        }
        let mut game = match record.start {
            None => Game::starting_with(record.variant, record.first)
                .map_err(|e| LoadError::Start(e.to_string()))?,
            Some(start) => {
                let position = Position::from_placements(start.pieces)
                    .map_err(|e| LoadError::Start(e.to_string()))?;
                let state = State::new(position, start.active, start.ply);
                Game::from_state(record.variant, state)
                    .map_err(|e| LoadError::Start(e.to_string()))?
            }
        };
        for (index, mv) in record.moves.into_iter().enumerate() {
            game.play(mv).map_err(|reason| LoadError::Illegal {
                index: index + 1,
                mv,
                reason,
            })?;
        }
        if let Some(seat) = record.resigned {
            game.resign(seat).map_err(LoadError::Resignation)?;
        }
        Ok(game)
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = LoadError;
    fn try_from(record: GameRecord) -> Result<Game, LoadError> {
        Game::from_record(record)
    }
}

impl From<Game> for GameRecord {
    fn from(game: Game) -> GameRecord {
        GameRecord {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_VERSION,
            variant: game.variant(),
            start: game.start.as_ref().map(StartRecord::of),
            moves: game.history.iter().map(|p| p.mv).collect(),
            resigned: game.resigned,
            first: if game.start.is_some() { 0 } else { game.first },
        }
    }
}
