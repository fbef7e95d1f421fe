//! The match: the engine's `Game` as a resource, and the two systems that change it.
//!
//! Every source of a change (a click on the board, a button, a key, the computer, a network
//! peer, a replay) writes a [`MoveRequest`] (a move) or a [`GameCommand`] (undo, resign, new
//! game, load). [`apply_commands`] and [`apply_move_requests`], in [`GameSet::Apply`], check each
//! against the rules and either apply it, announcing [`MoveApplied`] (with the recorded route),
//! [`CommandApplied`] and, when the whole game changed, [`GameReset`]; or refuse it with a
//! [`MoveRejected`] / [`CommandRejected`] reason. Nothing else writes `Match`.

use crate::locale::{Phrase, illegal, resign_error, variant_name};
use bevy::prelude::*;
use starhalma_ai::Level;
use starhalma_rules::{Game, Hole, IllegalMove, Move, MoveKind, Played, RuleSet, Variant};

/// Who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeatKind {
    Human,
    Computer(Level),
    /// Played on another device (a friend or the server's computer, online): only moves the
    /// server confirmed are played for it here.
    Remote,
}

impl SeatKind {
    /// The name save files and settings use: `human`, `easy`, `medium`, `hard`.
    pub fn file_name(self) -> String {
        match self {
            SeatKind::Human => "human".into(),
            SeatKind::Computer(level) => level.name().to_ascii_lowercase(),
            SeatKind::Remote => "remote".into(),
        }
    }

    /// A seat from its file name (any case).
    pub fn from_file_name(name: &str) -> Option<SeatKind> {
        if name.trim().eq_ignore_ascii_case("human") {
            return Some(SeatKind::Human);
        }
        name.parse().ok().map(SeatKind::Computer)
    }
}

/// Where a move request came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveSource {
    Board,
    Panel,
    Keyboard,
    Computer,
    Network,
    Replay,
}

impl MoveSource {
    /// Sources a person at this device uses.
    pub fn is_local_person(self) -> bool {
        matches!(
            self,
            MoveSource::Board | MoveSource::Panel | MoveSource::Keyboard
        )
    }
}

/// What a game is started with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    pub variant: Variant,
    pub seats: Vec<SeatKind>,
}

impl Default for Setup {
    /// The menu's first choice: the table's rules, a person against Medium.
    fn default() -> Self {
        Setup {
            variant: Variant::new(RuleSet::Table { long_hops: false }, 2)
                .expect("the table is played by two"),
            seats: vec![SeatKind::Human, SeatKind::Computer(Level::Medium)],
        }
    }
}

impl Setup {
    /// Seat 0 a person, the others the computer at `level`.
    pub fn against_computer(variant: Variant, level: Level) -> Setup {
        let seats = variant
            .seats()
            .map(|s| {
                if s == 0 {
                    SeatKind::Human
                } else {
                    SeatKind::Computer(level)
                }
            })
            .collect();
        Setup { variant, seats }
    }

    /// Is this a setup a game can start with (one seat kind per player)?
    fn check(&self) -> Result<(), Phrase> {
        let players = self.variant.players();
        if self.seats.len() != players as usize {
            return Err(Phrase::msg("reason-seat-count")
                .with("players", players)
                .with("seats", self.seats.len()));
        }
        Ok(())
    }
}

/// The game being played and who sits where. The engine's `Game` is the only truth; entities
/// mirror it.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    pub game: Game,
    pub setup: Setup,
}

impl Default for Match {
    fn default() -> Self {
        Match::new(Setup::default())
    }
}

impl Match {
    pub fn new(setup: Setup) -> Match {
        Match {
            game: Game::new(setup.variant),
            setup,
        }
    }

    pub fn seat_kind(&self, seat: u8) -> SeatKind {
        self.setup.seats[seat as usize]
    }

    /// Is the active seat played by a person at this device?
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.seat_kind(self.game.active()) == SeatKind::Human
    }

    /// The first seat a person plays (the camera faces it), if any.
    pub fn first_person(&self) -> Option<u8> {
        self.setup
            .seats
            .iter()
            .position(|&k| k == SeatKind::Human)
            .map(|s| s as u8)
    }

    /// The seat a Resign button resigns: the person to move, else the first person here.
    pub fn resigning_seat(&self) -> Option<u8> {
        if self.human_to_move() {
            Some(self.game.active())
        } else {
            self.first_person()
        }
    }

    /// Does the person to move have nothing to play but a pass?
    pub fn must_pass(&self) -> bool {
        self.human_to_move() && self.game.legal_moves().iter().all(|m| m.is_pass())
    }

    /// Diamond Game: the player to move has filled the 15 target holes but the king is not on
    /// the tip (seed 003: the game is won only with the king on the tip).
    pub fn king_to_the_tip(&self) -> bool {
        let game = &self.game;
        if game.rule_set() != RuleSet::Diamond || game.is_over() {
            return false;
        }
        let seat = game.active();
        let rules = game.rules();
        let target = rules.target(seat);
        let mine = game.position().pieces(seat);
        let king_on_tip = game.position().kings() & mine & rules.target_tip(seat).bit() != 0;
        mine & target == target && !king_on_tip
    }

    /// The move Medium would play for the person to move (none when no person here is to
    /// move, or when passing is all that is left).
    pub fn hint(&self) -> Option<Move> {
        if !self.human_to_move() {
            return None;
        }
        let mut planner = starhalma_ai::Planner::new(self.game.rules(), 7);
        let mv = planner
            .plan(
                &self.game,
                Level::Medium,
                starhalma_ai::Budget::nodes(50_000),
            )
            .mv;
        (!mv.is_pass()).then_some(mv)
    }

    /// Take back moves for an undo: against the computer, back to before the person's last
    /// move, the computer's replies included; among people (or computers only), one move.
    /// False when there is nothing to take back.
    pub fn undo_for_people(&mut self) -> bool {
        if self.first_person().is_none() {
            return self.game.undo();
        }
        let mut undone_any = false;
        loop {
            let Some(last) = self.game.history().last() else {
                return undone_any;
            };
            let by_person = self.seat_kind(last.seat) == SeatKind::Human;
            if !self.game.undo() {
                return undone_any;
            }
            undone_any = true;
            if by_person {
                return true;
            }
        }
    }
}

/// What the board shows: the live game, or a read-only position of its past (the move list's
/// replay). The live game goes on untouched while a replay is shown; local moves and the
/// computer wait until the player returns to it.
#[derive(Resource, Clone, Debug, Default)]
pub enum Viewing {
    #[default]
    Live,
    Replay {
        /// Moves played in the shown position.
        ply: usize,
        /// The live game taken back to that point.
        game: Box<Game>,
    },
}

impl Viewing {
    /// The live game shown as it was after `ply` moves (`ply` past the end: the live game).
    pub fn replay(live: &Game, ply: usize) -> Viewing {
        if ply >= live.history().len() {
            return Viewing::Live;
        }
        let mut game = live.clone();
        // Undo takes back a resignation first, then moves.
        while game.history().len() > ply || game.resigned().is_some() {
            if !game.undo() {
                break;
            }
        }
        Viewing::Replay {
            ply,
            game: Box::new(game),
        }
    }

    pub fn is_live(&self) -> bool {
        matches!(self, Viewing::Live)
    }

    /// The game the board shows.
    pub fn shown<'a>(&'a self, state: &'a Match) -> &'a Game {
        match self {
            Viewing::Live => &state.game,
            Viewing::Replay { game, .. } => game,
        }
    }
}

/// A request to move: `from` and `to` name the holes (a jump chain by its destination), or a
/// pass.
#[derive(Message, Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveRequest {
    pub intent: Intent,
    pub source: MoveSource,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Intent {
    Between {
        from: Hole,
        to: Hole,
    },
    Pass,
    /// This very move, kind included (a server's move: a Diamond king may both step and jump to
    /// one hole, and a masters swap must stay a swap).
    Exact(Move),
}

impl MoveRequest {
    pub fn between(from: Hole, to: Hole, source: MoveSource) -> MoveRequest {
        MoveRequest {
            intent: Intent::Between { from, to },
            source,
        }
    }

    pub fn pass(source: MoveSource) -> MoveRequest {
        MoveRequest {
            intent: Intent::Pass,
            source,
        }
    }

    /// The request that plays `mv` (as the computer's plans and hints name moves).
    pub fn of_move(mv: Move, source: MoveSource) -> MoveRequest {
        if mv.is_pass() {
            MoveRequest::pass(source)
        } else {
            MoveRequest::between(mv.from, mv.to, source)
        }
    }
}

/// A change to the game that is not a move.
#[derive(Message, Clone, PartialEq, Eq, Debug)]
pub enum GameCommand {
    /// Take back the last move (against the computer: the person's last move and the replies).
    Undo,
    /// This seat, played by a person here, resigns.
    Resign(u8),
    /// A new game from the start.
    NewGame(Setup),
    /// A saved game, history included.
    Load(Box<Game>, Setup),
    /// A game played online: the room's game as the server sent it (on entering, after a
    /// resync, a resignation or a rematch), or, while connecting, an empty board where nobody
    /// here moves. Replaces the match; from now on the server decides what is played.
    Online(Box<Game>, Setup),
    /// Online, three players or more: this seat's person leaves and the computer plays on.
    Leave(u8),
    /// Online, after the game: a new game with the same players, seats shifted by one.
    Rematch,
}

/// Who decides what is played.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Authority {
    /// This device: requests and commands are applied here.
    #[default]
    Local,
    /// A room server: local moves and commands are checked here (for an instant reason) and
    /// proposed to it as [`Proposal`]s; only what it confirms is applied, as `Network` move
    /// requests and [`GameCommand::Online`].
    Server,
}

/// Online, what a person here asked for and the rules allow, for the net plugin to send.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proposal {
    Move(Move),
    Resign,
    Leave,
    Rematch,
}

/// A move was played; marbles, animation and HUD follow its recorded route.
#[derive(Message, Clone, Debug)]
pub struct MoveApplied {
    pub played: Played,
}

/// A request was refused; the reason is shown to the player.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveRejected {
    pub request: MoveRequest,
    pub reason: Phrase,
}

/// A command was carried out.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct CommandApplied(pub GameCommand);

/// A command was refused; the reason is shown to the player.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct CommandRejected {
    pub command: GameCommand,
    pub reason: Phrase,
}

/// The whole game changed (new game, undo, load): everything mirroring it rebuilds.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct GameReset;

/// The board switched between the live game and a replayed position: what mirrors the shown
/// game rebuilds (the game itself did not change).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ViewChanged;

/// Run condition: the game the board shows was replaced (a reset, or a switch between the live
/// game and a replay). Both message kinds are always read, so neither is seen twice.
pub(crate) fn shown_game_replaced(
    mut resets: MessageReader<GameReset>,
    mut views: MessageReader<ViewChanged>,
) -> bool {
    resets.read().count() + views.read().count() > 0
}

/// Set while a move is being animated: input and the computer wait for it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Animating(pub bool);

/// Whether the match is being played on screen (not behind the menu): the computer plans only
/// then.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnScreen(pub bool);

impl Default for OnScreen {
    fn default() -> Self {
        OnScreen(true)
    }
}

/// Which move a press on a destination means when several reach it: a step before a jump (only a
/// Diamond king can have both), a swap last.
pub(crate) const MOVE_PREFERENCE: [MoveKind; 3] = [MoveKind::Step, MoveKind::Jump, MoveKind::Swap];

/// The move `intent` names among the legal moves. A step is preferred over a jump to the same
/// hole (only a Diamond king can have both), and a swap is what a move onto an opponent's peg
/// means.
pub(crate) fn resolve(game: &Game, intent: Intent) -> Result<Move, IllegalMove> {
    let (from, to) = match intent {
        Intent::Pass => return game.check(Move::PASS).map(|()| Move::PASS),
        Intent::Exact(mv) => return game.check(mv).map(|()| mv),
        Intent::Between { from, to } => (from, to),
    };
    let legal = game.legal_moves();
    for kind in MOVE_PREFERENCE {
        let mv = Move { kind, from, to };
        if legal.contains(&mv) {
            return Ok(mv);
        }
    }
    // Not legal: let the engine say why, for the move a player most likely meant.
    let kind = if game.position().occupied() & to.bit() != 0 && game.position().owner(to).is_some()
    {
        MoveKind::Swap
    } else if from.distance(to) == 1 {
        MoveKind::Step
    } else {
        MoveKind::Jump
    };
    let mv = Move { kind, from, to };
    match game.check(mv) {
        Err(reason) => Err(reason),
        Ok(()) => Ok(mv),
    }
}

/// Plays move requests (the only system that plays moves). Online, a person's move here is
/// only proposed to the server; the server's confirmation comes back as a `Network` request.
#[allow(clippy::too_many_arguments)]
fn apply_move_requests(
    mut requests: MessageReader<MoveRequest>,
    mut state: ResMut<Match>,
    animating: Res<Animating>,
    viewing: Res<Viewing>,
    authority: Res<Authority>,
    mut applied: MessageWriter<MoveApplied>,
    mut rejected: MessageWriter<MoveRejected>,
    mut proposals: MessageWriter<Proposal>,
) {
    for &request in requests.read() {
        match check_request(&state, request, animating.0, &viewing, *authority) {
            Ok(mv) if *authority == Authority::Server && request.source != MoveSource::Network => {
                proposals.write(Proposal::Move(mv));
            }
            Ok(mv) => match state.game.play(mv) {
                Ok(played) => {
                    applied.write(MoveApplied {
                        played: played.clone(),
                    });
                }
                Err(reason) => {
                    rejected.write(MoveRejected {
                        request,
                        reason: illegal(&reason),
                    });
                }
            },
            Err(reason) => {
                rejected.write(MoveRejected { request, reason });
            }
        }
    }
}

/// The move a request makes, or why it is refused. A `Network` move is the server's: it is
/// played for any seat, and only while a server is the authority.
fn check_request(
    state: &Match,
    request: MoveRequest,
    animating: bool,
    viewing: &Viewing,
    authority: Authority,
) -> Result<Move, Phrase> {
    if animating {
        return Err(Phrase::msg("reason-animating"));
    }
    if !viewing.is_live() && request.source != MoveSource::Network {
        return Err(Phrase::msg("reason-replay"));
    }
    if state.game.is_over() {
        return Err(illegal(&IllegalMove::GameOver));
    }
    let allowed = if request.source == MoveSource::Network {
        authority == Authority::Server
    } else {
        match state.seat_kind(state.game.active()) {
            SeatKind::Human => {
                request.source.is_local_person() || request.source == MoveSource::Replay
            }
            SeatKind::Computer(_) => {
                matches!(request.source, MoveSource::Computer | MoveSource::Replay)
            }
            SeatKind::Remote => false,
        }
    };
    if !allowed {
        return Err(Phrase::msg("reason-not-your-turn"));
    }
    resolve(&state.game, request.intent).map_err(|reason| illegal(&reason))
}

/// What a command did.
enum Outcome {
    /// The game changed in place (a resignation).
    Changed,
    /// The whole game was replaced or taken back: everything mirroring it rebuilds.
    Reset,
    /// Online: checked here and sent to the server, which decides.
    Proposed(Proposal),
}

/// Carries out commands (the only other system that writes the game). A new, undone or loaded
/// game is always shown live.
#[allow(clippy::too_many_arguments)]
fn apply_commands(
    mut commands: MessageReader<GameCommand>,
    mut state: ResMut<Match>,
    mut viewing: ResMut<Viewing>,
    mut authority: ResMut<Authority>,
    mut applied: MessageWriter<CommandApplied>,
    mut rejected: MessageWriter<CommandRejected>,
    mut resets: MessageWriter<GameReset>,
    mut proposals: MessageWriter<Proposal>,
) {
    for command in commands.read() {
        match carry_out(&mut state, &mut authority, command) {
            Ok(Outcome::Proposed(proposal)) => {
                proposals.write(proposal);
            }
            Ok(outcome) => {
                if matches!(outcome, Outcome::Reset) {
                    if !viewing.is_live() {
                        *viewing = Viewing::Live;
                    }
                    resets.write(GameReset);
                }
                applied.write(CommandApplied(command.clone()));
            }
            Err(reason) => {
                rejected.write(CommandRejected {
                    command: command.clone(),
                    reason,
                });
            }
        }
    }
}

/// Check that a person here plays `seat` in a game still going on.
/// `refusal` is why someone else's seat may not do it.
fn person_here(state: &Match, seat: u8, refusal: &'static str) -> Result<(), Phrase> {
    if seat >= state.game.variant().players() {
        return Err(Phrase::msg("reason-no-seat").with("seat", seat));
    }
    if state.seat_kind(seat) != SeatKind::Human {
        return Err(Phrase::msg(refusal));
    }
    if state.game.is_over() {
        return Err(illegal(&IllegalMove::GameOver));
    }
    Ok(())
}

/// Apply one command to the match. A refused command leaves the match untouched (checks come
/// before any change).
fn carry_out(
    state: &mut ResMut<Match>,
    authority: &mut ResMut<Authority>,
    command: &GameCommand,
) -> Result<Outcome, Phrase> {
    let online = **authority == Authority::Server;
    match command {
        GameCommand::Undo if online => Err(Phrase::msg("reason-no-online-undo")),
        GameCommand::Undo => {
            // Checked first so that a refused undo does not mark the match changed.
            let anything_played =
                !state.game.history().is_empty() || state.game.resigned().is_some();
            if anything_played && state.undo_for_people() {
                Ok(Outcome::Reset)
            } else {
                Err(Phrase::msg("reason-nothing-to-undo"))
            }
        }
        GameCommand::Resign(seat) => {
            person_here(state, *seat, "reason-person-resign")?;
            if online {
                return Ok(Outcome::Proposed(Proposal::Resign));
            }
            state
                .game
                .resign(*seat)
                .map(|_| Outcome::Changed)
                .map_err(|e| resign_error(&e))
        }
        GameCommand::Leave(seat) => {
            if !online {
                return Err(Phrase::msg("reason-leave-offline"));
            }
            if state.game.variant().players() < 3 {
                return Err(Phrase::msg("reason-leave-two"));
            }
            person_here(state, *seat, "reason-person-leave")?;
            Ok(Outcome::Proposed(Proposal::Leave))
        }
        GameCommand::Rematch => {
            if !online {
                return Err(Phrase::msg("reason-rematch-offline"));
            }
            if !state.game.is_over() {
                return Err(Phrase::msg("reason-not-over"));
            }
            Ok(Outcome::Proposed(Proposal::Rematch))
        }
        GameCommand::NewGame(setup) => {
            setup.check()?;
            **state = Match::new(setup.clone());
            authority.set_if_neq(Authority::Local);
            Ok(Outcome::Reset)
        }
        GameCommand::Load(game, setup) | GameCommand::Online(game, setup) => {
            setup.check()?;
            if game.variant() != setup.variant {
                return Err(Phrase::msg("reason-seats-for")
                    .with("setup", variant_name(setup.variant))
                    .with("game", variant_name(game.variant())));
            }
            **state = Match {
                game: (**game).clone(),
                setup: setup.clone(),
            };
            let now = if matches!(command, GameCommand::Online(..)) {
                Authority::Server
            } else {
                Authority::Local
            };
            authority.set_if_neq(now);
            Ok(Outcome::Reset)
        }
    }
}

/// Systems that follow the game run after it changes.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum GameSet {
    /// Input and the computer write requests and commands.
    Input,
    /// The game changes.
    Apply,
    /// Entities, animation and HUD follow.
    Mirror,
}

/// The headless core of the client: the match, requests, commands and their application.
pub(crate) struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<MoveRequest>()
            .add_message::<MoveApplied>()
            .add_message::<MoveRejected>()
            .add_message::<GameCommand>()
            .add_message::<CommandApplied>()
            .add_message::<CommandRejected>()
            .add_message::<GameReset>()
            .add_message::<ViewChanged>()
            .add_message::<Proposal>()
            .init_resource::<Authority>()
            .init_resource::<Match>()
            .init_resource::<Animating>()
            .init_resource::<Viewing>()
            .init_resource::<OnScreen>()
            .configure_sets(
                Update,
                (GameSet::Input, GameSet::Apply, GameSet::Mirror).chain(),
            )
            .add_systems(
                Update,
                // Moves first: a computer move planned for the position before an undo or a
                // new game is then taken back or replaced with it, never played into the next.
                (apply_move_requests, apply_commands)
                    .chain()
                    .in_set(GameSet::Apply),
            );
    }
}
