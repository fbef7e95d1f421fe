//! The interface: the menu, the HUD, the game-over panel, the controls panel, the keyboard and
//! the move list. Each screen's buttons carry that screen's action type and their presses reach
//! only its handler ([`buttons`]); what changes the game goes out as a `MoveRequest` or
//! `GameCommand` for core to apply; what only changes the interface (views, speed, sound,
//! panel) is set where it is shown.
//!
//! This module owns the names the screens share; each screen lives in a private submodule.

mod access;
mod arrange;
mod buttons;
mod game_over;
mod guided;
mod how_to_play;
mod hud;
mod keyboard;
mod leaderboard;
mod menu;
mod move_list;
mod my_games;
mod online;
mod page;
mod panel;
mod play_online;
mod reactions;
mod scroll;
mod theme;
mod widgets;

pub use arrange::{ButtonGroup, HudSlot, SheetOpen, ToggleMore};
pub use buttons::{ButtonAction, ButtonName, ButtonPressed, Pressed};
pub use game_over::GameOverPanel;
pub use guided::Guide;
pub(crate) use guided::StartGuided;
pub(crate) use how_to_play::OpenRules;
pub use how_to_play::RulesButton;
pub use how_to_play::{DiagramHole, DiagramMark, HowToPlay, ModalFocus, RulesPage};
pub use hud::HudText;
pub use leaderboard::BoardButton;
pub use menu::{ChoiceButton, MainButton};
pub use menu::{MenuSummary, MenuTable};
pub use move_list::ReplayButton;
pub use my_games::GamesButton;
pub use my_games::{KeptGame, KeptGames, Outcome};
pub use online::RoomButton;
pub use page::{Announcement, PageControls, PagePress};
pub use panel::{PanelButton, panel_entries};
pub use play_online::OnlineButton;
pub use play_online::{MenuPage, TextField, Typing};
pub use reactions::ReactionButton;
pub use reactions::{ReactionBubble, Reactions};
pub use widgets::{Focus, Focusable};

use crate::ai::{HintRequest, NoHint};
use crate::camera::{CameraView, ViewRequest};
use crate::core::{
    CommandRejected, GameCommand, Match, MoveApplied, MoveRejected, MoveRequest, MoveSource,
    SeatKind, Setup,
};
use crate::frame::{Frame, OnScreen};
use crate::locale::{Phrase, SeatSymbols};
use crate::marbles::{AnimationSettings, Speed};
use crate::selection::Choice;
use crate::sound::SoundSettings;
use bevy::prelude::*;
use buttons::AddButtons;
use starhalma_locale::id;
use starhalma_rules::{MoveKind, RuleSet, Variant};

#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Menu,
    Playing,
}

/// The choices on the menu.
#[derive(Resource, Clone, Debug)]
pub struct MenuChoice {
    pub rules: RuleSet,
    pub players: u8,
    pub seats: Vec<SeatKind>,
    pub starts: WhoStarts,
}

/// Who moves first in a new game: Red, as the laws, the table and the Diamond Game page have
/// it, or a toss, as the shop rules do ("a toss of a coin decides who starts", seed 004).
/// Offered for every rule set; kept in the settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WhoStarts {
    #[default]
    Red,
    Random,
}

impl WhoStarts {
    /// The seat to start among `players`: Red's, or the toss of `seed`.
    pub fn seat(self, players: u8, seed: u64) -> u8 {
        match self {
            WhoStarts::Red => 0,
            WhoStarts::Random => starhalma_ai::SplitMix(seed).below(players.into()) as u8,
        }
    }
}

impl Default for MenuChoice {
    fn default() -> Self {
        let setup = Setup::default();
        MenuChoice {
            rules: setup.variant.rules(),
            players: setup.variant.players(),
            seats: setup.seats,
            starts: WhoStarts::default(),
        }
    }
}

impl MenuChoice {
    /// The setup of a new game; `toss` seeds the toss when the start is random.
    pub fn setup(&self, toss: u64) -> Setup {
        let variant = Variant::new(self.rules, self.players).expect("the menu offers valid counts");
        Setup {
            variant,
            seats: self.seats.clone(),
            first: self.starts.seat(self.players, toss),
        }
    }
}

/// The move clock "Play a friend" gives the rooms it opens (none: friends wait for each
/// other). Kept in the settings.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoomClock(pub Option<starhalma_protocol::MoveClock>);

impl RoomClock {
    /// The next choice: none, 20 s, 60 s, 3 min, none.
    pub fn next(self) -> RoomClock {
        use starhalma_protocol::MoveClock;
        let all = MoveClock::ALL;
        RoomClock(match self.0 {
            None => Some(all[0]),
            Some(clock) => all
                .iter()
                .position(|c| *c == clock)
                .and_then(|i| all.get(i + 1).copied()),
        })
    }
}

/// The game screen's own buttons (the HUD, the game-over panel, the U, P, H and N keys).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub enum GameButton {
    Undo,
    Resign,
    Pass,
    PlayAgain,
    ChangeMode,
    Hint,
    Save,
    Load,
    /// Open the rules screen for the rules in play.
    HowToPlay,
    /// Open the rules screen at the section about this rule (from the game-over panel).
    RulesTopic(starhalma_guide::Topic),
}

/// How the game is shown and heard (the HUD, the panel, the move list and their keys).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewButton {
    View(CameraView),
    CycleSpeed,
    ToggleSound,
    /// Show or hide the seats' symbols (key S).
    ToggleSymbols,
    /// Show or hide the controls panel (key C).
    TogglePanel,
    /// Hide or show the 3D board (key B).
    ToggleBoard,
    /// The move list in row/space labels or in the engine's notation (key L).
    ToggleNotation,
}

/// A menu button's action, of whichever page's type: the key by which `sync_menu` keeps a
/// button across changes (the press itself goes out as the inner type).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub(crate) enum MenuAction {
    Choice(ChoiceButton),
    Main(MainButton),
    Online(OnlineButton),
    Games(GamesButton),
    Board(BoardButton),
}

impl MenuAction {
    /// Gives the button the action its page's handler reads.
    pub(super) fn put_on(self, button: &mut EntityCommands) {
        match self {
            MenuAction::Choice(a) => button.insert(a),
            MenuAction::Main(a) => button.insert(a),
            MenuAction::Online(a) => button.insert(a),
            MenuAction::Games(a) => button.insert(a),
            MenuAction::Board(a) => button.insert(a),
        };
    }
}

impl From<ChoiceButton> for MenuAction {
    fn from(a: ChoiceButton) -> Self {
        MenuAction::Choice(a)
    }
}

impl From<MainButton> for MenuAction {
    fn from(a: MainButton) -> Self {
        MenuAction::Main(a)
    }
}

impl From<OnlineButton> for MenuAction {
    fn from(a: OnlineButton) -> Self {
        MenuAction::Online(a)
    }
}

impl From<GamesButton> for MenuAction {
    fn from(a: GamesButton) -> Self {
        MenuAction::Games(a)
    }
}

impl From<BoardButton> for MenuAction {
    fn from(a: BoardButton) -> Self {
        MenuAction::Board(a)
    }
}

/// A button of the game screen (the HUD's, the game-over panel's, the move list's) by what it
/// does, whichever screen type carries its press: the key by which the HUD shows, hides and
/// names them.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub(crate) enum HudAction {
    Game(GameButton),
    View(ViewButton),
    Room(RoomButton),
    Reaction(ReactionButton),
    More,
}

impl HudAction {
    /// Gives the button the action its handler reads.
    pub(super) fn put_on(self, button: &mut EntityCommands) {
        match self {
            HudAction::Game(a) => button.insert(a),
            HudAction::View(a) => button.insert(a),
            HudAction::Room(a) => button.insert(a),
            HudAction::Reaction(a) => button.insert(a),
            HudAction::More => button.insert(ToggleMore),
        };
    }
}

impl From<GameButton> for HudAction {
    fn from(a: GameButton) -> Self {
        HudAction::Game(a)
    }
}

impl From<ViewButton> for HudAction {
    fn from(a: ViewButton) -> Self {
        HudAction::View(a)
    }
}

impl From<RoomButton> for HudAction {
    fn from(a: RoomButton) -> Self {
        HudAction::Room(a)
    }
}

impl From<ReactionButton> for HudAction {
    fn from(a: ReactionButton) -> Self {
        HudAction::Reaction(a)
    }
}

/// One row of menu buttons: (label, action, highlighted).
pub(crate) type MenuRow = Vec<(Phrase, MenuAction, bool)>;

/// A line of a menu page: a row of buttons, a line of text, or the chosen rules' summary.
pub(crate) enum MenuLine {
    Buttons(MenuRow),
    Text(Phrase),
    Summary,
    /// A row of a table (the lobby's public tables, or its header).
    Table(TableLine),
}

/// A row of a table on a menu page: its cells in the columns' order, and the row's one button
/// (none on the header). On a narrow screen the row folds to two lines.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TableLine {
    pub cells: Vec<Phrase>,
    pub action: Option<(Phrase, MenuAction)>,
    /// The header: its cells are the columns' names.
    pub header: bool,
}

/// The latest refusal or notice, shown until the next move.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Notice(pub Phrase);

/// A game to start with instead of the menu's choice (a loaded save file, a screenshot setup):
/// entering the game screen loads it.
#[derive(Resource, Clone, Debug)]
pub struct StartWith(pub Match);

/// Whether the controls panel is shown, whether the 3D board is hidden, and whether the move
/// list shows the engine's notation instead of row/space labels.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelSettings {
    pub shown: bool,
    pub board_hidden: bool,
    pub notation: bool,
    /// Web: the page's buttons shown under the board (they are always there for screen
    /// readers).
    pub page_controls: bool,
}

impl Default for PanelSettings {
    fn default() -> Self {
        PanelSettings {
            shown: true,
            board_hidden: false,
            notation: false,
            page_controls: false,
        }
    }
}

/// Save, Load and Continue asked for by a button (or a file dropped on the window); the
/// persistence plugin carries them out.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum FileRequest {
    Save,
    /// Load a stored file (the autosave or the saved game).
    Load(StoredFile),
    /// Load a file from disk (dropped on the window).
    LoadPath(std::path::PathBuf),
    /// Open a game kept on this device (by its place in [`KeptGames`]) as a replay.
    OpenKept(usize),
}

/// The two games the store keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoredFile {
    /// The autosave behind "Continue".
    Autosave,
    /// What Save writes and Load reads.
    SavedGame,
}

/// Which stored games exist (kept current by the persistence plugin), for the menu's Continue
/// and Load buttons.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SavedGames {
    pub can_continue: bool,
    pub saved_game: bool,
    /// No settings were ever saved here: the menu offers the guided first game first.
    pub first_start: bool,
}

/// The name of the offered speed closest to `seconds_per_hop`.
fn speed_name(seconds_per_hop: f32) -> Phrase {
    Phrase::msg(match Speed::nearest(seconds_per_hop) {
        Speed::Slow => id::SPEED_SLOW,
        Speed::Normal => id::SPEED_NORMAL,
        Speed::Fast => id::SPEED_FAST,
        Speed::Instant => id::SPEED_INSTANT,
    })
}

/// How a move goes, in words: "1 step", "swap", "1 jump", "3 jumps".
fn move_words(kind: MoveKind, hops: usize) -> Phrase {
    match kind {
        MoveKind::Step => Phrase::msg(id::MOVE_STEP),
        MoveKind::Swap => Phrase::msg(id::MOVE_SWAP),
        _ => Phrase::msg(id::MOVE_JUMPS).with("jumps", hops),
    }
}

fn seat_label(kind: SeatKind) -> Phrase {
    match kind {
        SeatKind::Human => Phrase::msg(id::SEAT_HUMAN),
        SeatKind::Computer(level) => level_name(level),
        SeatKind::Remote => Phrase::msg(id::SEAT_ONLINE),
    }
}

/// A computer level's name: "Easy", "Medium", "Hard".
fn level_name(level: starhalma_ai::Level) -> Phrase {
    use starhalma_ai::Level;
    Phrase::msg(match level {
        Level::Easy => id::LEVEL_EASY,
        Level::Medium => id::LEVEL_MEDIUM,
        Level::Hard => id::LEVEL_HARD,
    })
}

/// What the game screen's own buttons do: the game's changes go to core as commands and
/// requests, files to the persistence plugin, the rules screen to its own handler.
#[allow(clippy::too_many_arguments)] // one handler for the screen's buttons
fn game_buttons(
    mut pressed: MessageReader<Pressed<GameButton>>,
    state: Res<Match>,
    mut commands: MessageWriter<GameCommand>,
    mut requests: MessageWriter<MoveRequest>,
    mut next: ResMut<NextState<Screen>>,
    (mut hints, mut files, mut rules): (
        MessageWriter<HintRequest>,
        MessageWriter<FileRequest>,
        MessageWriter<OpenRules>,
    ),
    (choice, time): (Res<MenuChoice>, Res<Time<Real>>),
) {
    for Pressed(action) in pressed.read() {
        match *action {
            GameButton::Undo => {
                commands.write(GameCommand::Undo);
            }
            GameButton::Resign => {
                if let Some(seat) = state.resigning_seat() {
                    commands.write(GameCommand::Resign(seat));
                }
            }
            GameButton::Pass => {
                requests.write(MoveRequest::pass(MoveSource::Panel));
            }
            GameButton::PlayAgain => {
                // The same seats; a random start is tossed again.
                let mut setup = state.setup.clone();
                if choice.starts == WhoStarts::Random {
                    setup.first = choice
                        .starts
                        .seat(setup.variant.players(), time.elapsed().as_nanos() as u64);
                }
                commands.write(GameCommand::NewGame(setup));
            }
            GameButton::ChangeMode => next.set(Screen::Menu),
            GameButton::Hint => {
                hints.write(HintRequest);
            }
            GameButton::Save => {
                files.write(FileRequest::Save);
            }
            GameButton::Load => {
                files.write(FileRequest::Load(StoredFile::SavedGame));
            }
            GameButton::HowToPlay => {
                rules.write(OpenRules(None));
            }
            GameButton::RulesTopic(topic) => {
                rules.write(OpenRules(Some(topic)));
            }
        }
    }
}

/// What changes only how the game is shown and heard.
fn view_buttons(
    mut pressed: MessageReader<Pressed<ViewButton>>,
    mut views: MessageWriter<ViewRequest>,
    mut speed: ResMut<AnimationSettings>,
    mut sound: ResMut<SoundSettings>,
    mut panel: ResMut<PanelSettings>,
    mut symbols: ResMut<SeatSymbols>,
) {
    for Pressed(action) in pressed.read() {
        match *action {
            ViewButton::View(view) => {
                views.write(ViewRequest(view));
            }
            ViewButton::CycleSpeed => {
                let next = Speed::nearest(speed.seconds_per_hop).next();
                speed.seconds_per_hop = next.seconds_per_hop();
            }
            ViewButton::ToggleSound => sound.muted = !sound.muted,
            ViewButton::ToggleSymbols => symbols.shown = !symbols.shown,
            ViewButton::TogglePanel => panel.shown = !panel.shown,
            ViewButton::ToggleBoard => panel.board_hidden = !panel.board_hidden,
            ViewButton::ToggleNotation => panel.notation = !panel.notation,
        }
    }
}

/// Refusals become the notice; a move played clears it. A room change the game could not
/// follow is the connection's to mend (it asks the server for the game again), not the
/// player's.
fn collect_notices(
    mut rejected: MessageReader<MoveRejected>,
    mut refused: MessageReader<CommandRejected>,
    mut applied: MessageReader<MoveApplied>,
    (mut no_hint, mut hints): (MessageReader<NoHint>, MessageReader<Choice>),
    state: Res<Match>,
    mut notice: ResMut<Notice>,
) {
    if applied.read().count() > 0 && !notice.0.is_empty() {
        notice.0 = Phrase::empty();
    }
    let reasons = rejected.read().map(|r| &r.reason).chain(
        refused
            .read()
            .filter(|r| !matches!(r.command, GameCommand::Room(_)))
            .map(|r| &r.reason),
    );
    if let Some(reason) = reasons.last() {
        notice.0 = Phrase::msg(id::NOTICE_NOT_ALLOWED).with("reason", reason.clone());
    }
    if no_hint.read().count() > 0 {
        notice.0 = Phrase::msg(id::NOTICE_NO_HINT);
    }
    // A hint is said in words as well as shown on the board (a screen reader hears it).
    for choice in hints.read() {
        if let Choice::Hint { mv, ply } = choice
            && *ply == state.game.history().len()
        {
            let camp = state.game.variant().camp_of(state.game.active());
            notice.0 = Phrase::msg(id::NOTICE_HINT)
                .with("from", hud::label_of(mv.from, camp))
                .with("to", hud::label_of(mv.to, camp));
        }
    }
}

/// Entering the game screen: load the game it was asked to start with, if any, and let the
/// computer play.
fn enter_game(
    mut commands: Commands,
    start_with: Option<Res<StartWith>>,
    mut game_commands: MessageWriter<GameCommand>,
    mut on_screen: ResMut<OnScreen>,
) {
    if let Some(start) = start_with {
        let StartWith(Match { game, setup }) = start.clone();
        game_commands.write(GameCommand::Load(Box::new(game), setup));
        commands.remove_resource::<StartWith>();
    }
    on_screen.set_if_neq(OnScreen(true));
}

/// Whether a change of `S` waits for the next frame.
fn pending<S: bevy::state::state::FreelyMutableState>(next: Option<Res<NextState<S>>>) -> bool {
    next.is_some_and(|next| !matches!(*next, NextState::Unchanged))
}

/// The changes of screen, page and overlay waiting for the next frame.
#[derive(bevy::ecs::system::SystemParam)]
struct PendingChanges<'w> {
    screen: Option<Res<'w, NextState<Screen>>>,
    page: Option<Res<'w, NextState<play_online::MenuPage>>>,
    reactions: Option<Res<'w, NextState<Reactions>>>,
    rules: Option<Res<'w, NextState<HowToPlay>>>,
}

/// A screen, page or overlay changes at the start of the next frame: ask for that frame.
fn ask_for_transition(changes: PendingChanges, mut keep: ResMut<crate::rest::KeepAwake>) {
    let PendingChanges {
        screen,
        page,
        reactions,
        rules,
    } = changes;
    let waiting = pending(screen) || pending(page) || pending(reactions) || pending(rules);
    keep.hold(crate::rest::Awake::Transition, waiting);
}

/// Back on the menu the match waits behind it.
fn leave_game(mut on_screen: ResMut<OnScreen>) {
    on_screen.set_if_neq(OnScreen(false));
}

pub(crate) struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>()
            .add_sub_state::<play_online::MenuPage>()
            .init_resource::<MenuChoice>()
            .init_resource::<RoomClock>()
            .init_resource::<Notice>()
            .init_resource::<PanelSettings>()
            .init_resource::<SavedGames>()
            .init_resource::<widgets::Focus>()
            .add_message::<ButtonPressed>()
            .add_buttons::<GameButton>()
            .add_buttons::<ViewButton>()
            .add_message::<Pointer<Click>>()
            .add_message::<FileRequest>()
            .add_systems(
                OnEnter(Screen::Playing),
                // The panel is built inside the HUD's column.
                (enter_game, (hud::build_hud, panel::build_panel).chain()),
            )
            .add_systems(OnEnter(Screen::Menu), leave_game)
            .add_systems(
                Update,
                (
                    game_buttons
                        .run_if(on_message::<Pressed<GameButton>>)
                        .in_set(Frame::Actions),
                    view_buttons
                        .run_if(on_message::<Pressed<ViewButton>>)
                        .in_set(Frame::Actions),
                    collect_notices.in_set(Frame::Notices),
                    ask_for_transition.in_set(Frame::Hud),
                ),
            )
            .add_plugins((
                access::AccessPlugin,
                arrange::ArrangePlugin,
                menu::MenuPlugin,
                hud::HudPlugin,
                game_over::GameOverPlugin,
                panel::PanelPlugin,
                keyboard::KeyboardPlugin,
                move_list::MoveListPlugin,
                online::OnlinePlugin,
                play_online::PlayOnlinePlugin,
                reactions::ReactionsPlugin,
                how_to_play::HowToPlayPlugin,
                guided::GuidedPlugin,
                scroll::ScrollPlugin,
                page::PagePlugin,
            ))
            .add_plugins((my_games::MyGamesPlugin, leaderboard::LeaderboardPlugin));
    }
}
