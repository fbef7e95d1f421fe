//! The interface: the menu, the HUD, the game-over panel, the controls panel, the keyboard and
//! the move list. Buttons and keys become [`ActionPressed`]; what changes the game goes out as a
//! `MoveRequest` or `GameCommand` for core to apply; what only changes the interface (views,
//! speed, sound, panel) is set here.
//!
//! This module owns the names the screens share; each screen lives in a private submodule.

mod access;
mod arrange;
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

pub use arrange::{ButtonGroup, HudSlot, SheetOpen};
pub use game_over::GameOverPanel;
pub use guided::Guide;
pub use how_to_play::{DiagramHole, DiagramMark, HowToPlay, ModalFocus, RulesPage};
pub use hud::HudText;
pub use menu::MenuSummary;
pub use move_list::ReplayButton;
pub use my_games::{KEPT_AT_MOST, KeptGame, KeptGames, LevelStats, Outcome};
pub use page::{Announcement, PageControls, PageGroup, PageItem, PagePress};
pub use panel::{PanelButton, panel_entries};
pub use play_online::{MenuPage, TextField, Typing};
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
use crate::net::OnlineMemory;
use crate::selection::Choice;
use crate::sound::SoundSettings;
use bevy::prelude::*;
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

/// What a button (or the key standing for it) does.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub enum UiAction {
    Rules(RuleSet),
    Players(u8),
    CycleSeat(u8),
    Start,
    Undo,
    Resign,
    Pass,
    PlayAgain,
    ChangeMode,
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
    /// The menu's "Who starts": Red, or random.
    CycleStarts,
    /// Web: show the page's buttons under the board, or keep them for screen readers only.
    TogglePageControls,
    Hint,
    Save,
    Load,
    /// Continue the last online room, else the autosaved game.
    Continue,
    /// Open a room for the menu's choice and play friends by link.
    PlayFriend,
    /// The next move clock for rooms "Play a friend" opens.
    CycleRoomClock,
    /// Draw another suggested name to play online under.
    NewName,
    /// Copy the room's link.
    CopyLink,
    /// Copy the finished online game's replay link.
    CopyReplayLink,
    /// A spectator takes the lowest open seat.
    TakeSeat,
    /// The host seats the computer in the open seats.
    FillComputer,
    /// Online, 3+ players: leave; the computer plays on.
    Leave,
    /// Online, after the game: the same players again, seats shifted by one.
    Rematch,
    /// Online, seated: open or close the bar of reactions.
    OpenReactions,
    /// Send everyone in the room this reaction.
    React(starhalma_protocol::Reaction),
    /// Show or hide others' reactions.
    MuteReactions,
    /// Take back the seat the clock left to the computer (any button does it too).
    Back,
    /// The next language (English, Japanese, Nepali).
    CycleLanguage,
    /// Start the guided first game.
    GuidedGame,
    /// Open the rules screen for the rules in play (or chosen on the menu).
    HowToPlay,
    /// Open the rules screen at the section about this rule (from the game-over panel).
    RulesTopic(starhalma_guide::Topic),
    /// Show another rule set's rules.
    RulesPage(RuleSet),
    NextSection,
    PreviousSection,
    CloseHowToPlay,
    /// Open or close the sheet of secondary buttons (compact layouts).
    ToggleMore,
    /// The menu's Play online page: open it (and follow the public tables), or go back.
    OpenOnline,
    CloseOnline,
    /// A seat at a waiting public table for the menu's rule set and count, or a new one.
    QuickMatch,
    /// The same for any rule set with the menu's player count.
    QuickMatchAny,
    /// Open a public table (listed in the lobby) for the menu's choice.
    HostPublic,
    /// Start the room server inside the game and open a private table on it (desktop).
    HostHere,
    /// Start (or stop) typing into this field.
    Type(play_online::TextField),
    /// Take the typed name.
    TakeName,
    /// Take the typed player code: play as the player it stands for (another device's).
    TakePlayerCode,
    /// Start over as a new player (pressed twice: the first press asks).
    NewIdentity,
    /// Play on the typed server.
    TakeServer,
    /// Enter the room whose code or link was typed.
    JoinCode,
    /// Ask the server for the list of public tables again.
    RefreshLobby,
    /// Sit at this waiting public table.
    SitAt(starhalma_protocol::RoomCode),
    /// Watch this public table's game.
    Watch(starhalma_protocol::RoomCode),
    /// The menu's My games page: open it (and ask the server for the player's online games).
    OpenMyGames,
    /// List more of the games kept on this device.
    MoreKeptGames,
    /// Open this kept game (by its place in [`KeptGames`]) as a replay.
    OpenKeptGame(usize),
    /// Open this online game (by its place on the page the server sent) as a replay.
    OpenRecord(usize),
    /// Read the next, older page of the player's online games.
    MoreOnlineGames,
    /// The menu's Leaderboard page, for the menu's rule set.
    OpenLeaderboard,
    /// The leaderboard of this family.
    LeaderboardOf(starhalma_protocol::Family),
    /// The leaderboard for games of this many players (none: all counts).
    LeaderboardPlayers(Option<u8>),
    /// Ask the server for the leaderboard again.
    RefreshLeaderboard,
    /// Back from My games or the Leaderboard to the menu.
    CloseRecords,
}

/// One row of menu buttons: (label, action, highlighted).
pub(crate) type MenuRow = Vec<(Phrase, UiAction, bool)>;

/// A line of a menu page: a row of buttons, a line of text, or the chosen rules' summary.
pub(crate) enum MenuLine {
    Buttons(MenuRow),
    Text(Phrase),
    Summary,
}

/// A button pressed (by a pointer, or by Enter on the focused one) or its shortcut key.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct ActionPressed(pub UiAction);

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
pub struct SavedGames {
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

/// Buttons with a `UiAction` pressed by a pointer or by Enter.
fn press_buttons(
    interactions: Query<(&Interaction, &UiAction), Changed<Interaction>>,
    mut pressed: MessageWriter<ActionPressed>,
) {
    for (interaction, &action) in &interactions {
        if *interaction == Interaction::Pressed {
            pressed.write(ActionPressed(action));
        }
    }
}

/// The actions that change the game: sent to core as commands and requests.
fn game_actions(
    mut actions: MessageReader<ActionPressed>,
    state: Res<Match>,
    mut commands: MessageWriter<GameCommand>,
    mut requests: MessageWriter<MoveRequest>,
    mut next: ResMut<NextState<Screen>>,
    mut hints: MessageWriter<HintRequest>,
    (choice, time): (Res<MenuChoice>, Res<Time<Real>>),
) {
    for ActionPressed(action) in actions.read() {
        match action {
            UiAction::Undo => {
                commands.write(GameCommand::Undo);
            }
            UiAction::Resign => {
                if let Some(seat) = state.resigning_seat() {
                    commands.write(GameCommand::Resign(seat));
                }
            }
            UiAction::Pass => {
                requests.write(MoveRequest::pass(MoveSource::Panel));
            }
            UiAction::PlayAgain => {
                // The same seats; a random start is tossed again.
                let mut setup = state.setup.clone();
                if choice.starts == WhoStarts::Random {
                    setup.first = choice
                        .starts
                        .seat(setup.variant.players(), time.elapsed().as_nanos() as u64);
                }
                commands.write(GameCommand::NewGame(setup));
            }
            UiAction::ChangeMode => next.set(Screen::Menu),
            UiAction::Hint => {
                hints.write(HintRequest);
            }
            _ => {}
        }
    }
}

/// The actions that change only how the game is shown and heard.
fn setting_actions(
    mut actions: MessageReader<ActionPressed>,
    mut views: MessageWriter<ViewRequest>,
    mut speed: ResMut<AnimationSettings>,
    mut sound: ResMut<SoundSettings>,
    mut panel: ResMut<PanelSettings>,
    mut symbols: ResMut<SeatSymbols>,
) {
    for ActionPressed(action) in actions.read() {
        match action {
            UiAction::View(view) => {
                views.write(ViewRequest(*view));
            }
            UiAction::CycleSpeed => {
                let next = Speed::nearest(speed.seconds_per_hop).next();
                speed.seconds_per_hop = next.seconds_per_hop();
            }
            UiAction::ToggleSound => sound.muted = !sound.muted,
            UiAction::ToggleSymbols => symbols.shown = !symbols.shown,
            UiAction::TogglePanel => panel.shown = !panel.shown,
            UiAction::ToggleBoard => panel.board_hidden = !panel.board_hidden,
            UiAction::ToggleNotation => panel.notation = !panel.notation,
            UiAction::TogglePageControls => panel.page_controls = !panel.page_controls,
            _ => {}
        }
    }
}

/// Save, Load and Continue go to the persistence plugin (Continue only when no online room
/// waits to be rejoined).
fn file_actions(
    mut actions: MessageReader<ActionPressed>,
    memory: Res<OnlineMemory>,
    mut files: MessageWriter<FileRequest>,
) {
    for ActionPressed(action) in actions.read() {
        let request = match action {
            UiAction::Save => FileRequest::Save,
            UiAction::Load => FileRequest::Load(StoredFile::SavedGame),
            UiAction::Continue if memory.last_link.is_none() => {
                FileRequest::Load(StoredFile::Autosave)
            }
            _ => continue,
        };
        files.write(request);
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
}

/// A screen, page or overlay changes at the start of the next frame: ask for that frame.
fn ask_for_transition(changes: PendingChanges, mut keep: ResMut<crate::rest::KeepAwake>) {
    let PendingChanges {
        screen,
        page,
        reactions,
    } = changes;
    let waiting = pending(screen) || pending(page) || pending(reactions);
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
            .add_message::<ActionPressed>()
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
                    press_buttons.in_set(Frame::Buttons),
                    (game_actions, setting_actions, file_actions)
                        .run_if(on_message::<ActionPressed>)
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
