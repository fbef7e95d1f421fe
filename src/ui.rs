//! Menu and HUD: choose a game; see whose turn it is, the last move and marbles home; undo,
//! resign, pass, play again, change mode, camera views.

use crate::ai::Thinker;
use crate::camera::{CameraView, ViewRequest};
use crate::core::{
    GameReset, GameSet, Match, MoveApplied, MoveRejected, MoveRequest, MoveSource, SeatKind, Setup,
};
use crate::marbles::AnimationSettings;
use crate::panel::{Focusable, KeyAction};
use crate::persist::{AUTOSAVE, FileRequest, SAVED_GAME, Store, can_continue};
use crate::picking::Selection;
use crate::sound::SoundSettings;
use bevy::prelude::*;
use starhalma_ai::Level;
use starhalma_rules::{Blocked, Label, RuleSet, Status, Variant, WinReason};

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
}

impl Default for MenuChoice {
    fn default() -> Self {
        MenuChoice {
            rules: RuleSet::Table { long_hops: false },
            players: 2,
            seats: vec![SeatKind::Human, SeatKind::Computer(Level::Medium)],
        }
    }
}

impl MenuChoice {
    pub fn setup(&self) -> Setup {
        let variant = Variant::new(self.rules, self.players).expect("the menu offers valid counts");
        Setup {
            variant,
            seats: self.seats.clone(),
        }
    }
}

const RULE_CHOICES: [(&str, RuleSet); 6] = [
    ("Laws", RuleSet::Laws),
    ("Table", RuleSet::Table { long_hops: false }),
    ("Table, long hops", RuleSet::Table { long_hops: true }),
    (
        "Masters, swap",
        RuleSet::Masters {
            blocked: Blocked::Swap,
        },
    ),
    (
        "Masters, fill",
        RuleSet::Masters {
            blocked: Blocked::Fill,
        },
    ),
    ("Diamond", RuleSet::Diamond),
];

/// What a button does.
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
    Hint,
    Save,
    Load,
    /// Continue the autosaved game.
    Continue,
}

/// The animation speeds offered: seconds per hop.
pub const SPEEDS: [(&str, f32); 4] = [
    ("Slow", 0.45),
    ("Normal", 0.28),
    ("Fast", 0.14),
    ("Instant", 0.02),
];

/// The name of the speed closest to `seconds_per_hop`.
pub fn speed_name(seconds_per_hop: f32) -> &'static str {
    SPEEDS
        .iter()
        .min_by(|a, b| {
            (a.1 - seconds_per_hop)
                .abs()
                .total_cmp(&(b.1 - seconds_per_hop).abs())
        })
        .map(|s| s.0)
        .unwrap_or("Normal")
}

/// The HUD's text lines.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum HudText {
    Turn,
    LastMove,
    Home,
    Message,
}

/// The latest refusal or notice, shown until the next move.
#[derive(Resource, Default, Clone, Debug)]
pub struct Notice(pub String);

fn seat_label(kind: SeatKind) -> &'static str {
    match kind {
        SeatKind::Human => "Human",
        SeatKind::Computer(level) => level.name(),
    }
}

/// A button the keyboard can reach (menu and game-over panel), in `order`.
fn focusable_button(
    label: impl Into<String>,
    action: UiAction,
    selected: bool,
    order: u32,
) -> impl Bundle {
    (button(label, action, selected), Focusable(order))
}

fn button(label: impl Into<String>, action: UiAction, selected: bool) -> impl Bundle {
    let background = if selected {
        BUTTON_SELECTED
    } else {
        BUTTON_BACKGROUND
    };
    styled_button(label, action, ButtonSize::Large, background)
}

pub const BUTTON_BACKGROUND: Color = Color::srgb(0.16, 0.18, 0.24);
pub const BUTTON_SELECTED: Color = Color::srgb(0.25, 0.45, 0.75);
pub const BUTTON_BORDER: Color = Color::srgb(0.45, 0.5, 0.6);

/// How big a button is: menu and HUD, the controls panel, the move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonSize {
    Large,
    Medium,
    Small,
}

/// A button with a text label; `action` is the component its handler looks for.
pub fn styled_button(
    label: impl Into<String>,
    action: impl Component,
    size: ButtonSize,
    background: Color,
) -> impl Bundle {
    let (padding, margin, border, font) = match size {
        ButtonSize::Large => (UiRect::axes(px(12), px(6)), 3, 1, 18.0),
        ButtonSize::Medium => (UiRect::axes(px(10), px(4)), 2, 2, 16.0),
        ButtonSize::Small => (UiRect::axes(px(8), px(3)), 2, 1, 15.0),
    };
    (
        Button,
        action,
        Node {
            padding,
            margin: UiRect::all(px(margin)),
            border: UiRect::all(px(border)),
            justify_content: JustifyContent::Center,
            ..default()
        },
        BackgroundColor(background),
        BorderColor::all(BUTTON_BORDER),
        children![(
            Text::new(label.into()),
            TextFont::from_font_size(font),
            TextColor(Color::WHITE),
            Pickable::IGNORE,
        )],
    )
}

#[derive(Component)]
struct MenuRoot;

fn build_menu(
    mut commands: Commands,
    choice: Res<MenuChoice>,
    store: Option<Res<Store>>,
    old: Query<Entity, With<MenuRoot>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let root = commands
        .spawn((
            MenuRoot,
            DespawnOnExit(Screen::Menu),
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                row_gap: px(10),
                ..default()
            },
            BackgroundColor(Color::srgba(0.02, 0.03, 0.06, 0.75)),
        ))
        .id();
    let title = commands
        .spawn((
            Text::new("starhalma"),
            TextFont::from_font_size(48.0),
            TextColor(Color::WHITE),
        ))
        .id();
    commands.entity(root).add_child(title);
    // Start comes first for the keyboard: Enter on the menu starts the game.
    let mut order = 1;
    let mut row = |commands: &mut Commands, buttons: Vec<(String, UiAction, bool)>| {
        let r = commands
            .spawn(Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                ..default()
            })
            .id();
        for (label, action, selected) in buttons {
            let focus_order = if action == UiAction::Start { 0 } else { order };
            order += 1;
            let b = commands
                .spawn(focusable_button(label, action, selected, focus_order))
                .id();
            commands.entity(r).add_child(b);
        }
        commands.entity(root).add_child(r);
    };
    row(
        &mut commands,
        RULE_CHOICES
            .iter()
            .map(|(name, rules)| {
                (
                    name.to_string(),
                    UiAction::Rules(*rules),
                    *rules == choice.rules,
                )
            })
            .collect(),
    );
    row(
        &mut commands,
        choice
            .rules
            .player_counts()
            .iter()
            .map(|&n| {
                (
                    format!("{n} players"),
                    UiAction::Players(n),
                    n == choice.players,
                )
            })
            .collect(),
    );
    let variant = Variant::new(choice.rules, choice.players).expect("menu keeps counts valid");
    row(
        &mut commands,
        choice
            .seats
            .iter()
            .enumerate()
            .map(|(i, &kind)| {
                let colour = variant.colour(i as u8);
                (
                    format!("{colour}: {}", seat_label(kind)),
                    UiAction::CycleSeat(i as u8),
                    false,
                )
            })
            .collect(),
    );
    let mut last = vec![("Start".into(), UiAction::Start, true)];
    if let Some(store) = store {
        if can_continue(&store) {
            last.push(("Continue".into(), UiAction::Continue, false));
        }
        if matches!(store.read(SAVED_GAME), Ok(Some(_))) {
            last.push(("Load saved game".into(), UiAction::Load, false));
        }
    }
    row(&mut commands, last);
}

fn build_hud(mut commands: Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            left: px(12),
            top: px(10),
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            ..default()
        },
        Pickable::IGNORE,
        children![
            (
                HudText::Turn,
                Text::new(""),
                TextFont::from_font_size(24.0),
                TextColor(Color::WHITE),
                Pickable::IGNORE
            ),
            (
                HudText::LastMove,
                Text::new(""),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(0.85, 0.88, 0.95)),
                Pickable::IGNORE
            ),
            (
                HudText::Home,
                Text::new(""),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(0.85, 0.88, 0.95)),
                Pickable::IGNORE
            ),
            (
                HudText::Message,
                Text::new(""),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(1.0, 0.75, 0.4)),
                Pickable::IGNORE
            ),
        ],
    ));
    commands.spawn((
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            right: px(10),
            top: px(10),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::End,
            ..default()
        },
        Pickable::IGNORE,
        children![
            button("Angled", UiAction::View(CameraView::Angled), false),
            button("Top-down", UiAction::View(CameraView::TopDown), false),
            button("Speed: Normal", UiAction::CycleSpeed, false),
            button("Sound: on", UiAction::ToggleSound, false),
            button("Hint", UiAction::Hint, false),
            button("Save", UiAction::Save, false),
            button("Load", UiAction::Load, false),
            button("Undo", UiAction::Undo, false),
            button("Pass", UiAction::Pass, false),
            button("Resign", UiAction::Resign, false),
            button("Play again", UiAction::PlayAgain, false),
            button("Change mode", UiAction::ChangeMode, false),
        ],
    ));
}

/// A game to start with instead of the menu's choice (a loaded save file, a screenshot setup).
#[derive(Resource, Clone, Debug)]
pub struct StartWith(pub Match);

fn start_game(
    mut commands: Commands,
    choice: Res<MenuChoice>,
    start_with: Option<Res<StartWith>>,
    mut resets: MessageWriter<GameReset>,
) {
    let game = match start_with {
        Some(s) => {
            commands.remove_resource::<StartWith>();
            s.0.clone()
        }
        None => Match::new(choice.setup()),
    };
    commands.insert_resource(game);
    resets.write(GameReset);
}

/// Take back moves for an undo: against the computer, back to before the person's last move,
/// the computer's replies included.
pub fn undo_for_people(state: &mut Match) -> bool {
    let people = state
        .setup
        .seats
        .iter()
        .filter(|&&k| k == SeatKind::Human)
        .count();
    if people == 0 {
        return state.game.undo();
    }
    let mut undone_any = false;
    loop {
        let Some(last) = state.game.history().last() else {
            return undone_any;
        };
        let by_person = state.seat_kind(last.seat) == SeatKind::Human;
        if !state.game.undo() {
            return undone_any;
        }
        undone_any = true;
        if by_person {
            return true;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn on_buttons(
    interactions: Query<(&Interaction, &UiAction), Changed<Interaction>>,
    mut choice: ResMut<MenuChoice>,
    mut state: ResMut<Match>,
    mut thinker: ResMut<Thinker>,
    mut next: ResMut<NextState<Screen>>,
    mut resets: MessageWriter<GameReset>,
    mut requests: MessageWriter<MoveRequest>,
    mut views: MessageWriter<ViewRequest>,
    mut notice: ResMut<Notice>,
    mut speed: ResMut<AnimationSettings>,
    mut sound: ResMut<SoundSettings>,
    mut keys: MessageReader<KeyAction>,
    mut selection: ResMut<Selection>,
    mut files: MessageWriter<FileRequest>,
) {
    let pressed = interactions
        .iter()
        .filter(|(interaction, _)| **interaction == Interaction::Pressed)
        .map(|(_, &action)| action);
    let actions: Vec<UiAction> = pressed.chain(keys.read().map(|k| k.0)).collect();
    for action in actions {
        match action {
            UiAction::Rules(rules) => {
                choice.rules = rules;
                if !rules.player_counts().contains(&choice.players) {
                    choice.players = 2;
                }
                let players = choice.players as usize;
                choice
                    .seats
                    .resize(players, SeatKind::Computer(Level::Medium));
            }
            UiAction::Players(n) => {
                choice.players = n;
                choice
                    .seats
                    .resize(n as usize, SeatKind::Computer(Level::Medium));
            }
            UiAction::CycleSeat(i) => {
                let seat = &mut choice.seats[i as usize];
                *seat = match *seat {
                    SeatKind::Human => SeatKind::Computer(Level::Easy),
                    SeatKind::Computer(Level::Easy) => SeatKind::Computer(Level::Medium),
                    SeatKind::Computer(Level::Medium) => SeatKind::Computer(Level::Hard),
                    SeatKind::Computer(Level::Hard) => SeatKind::Human,
                };
            }
            UiAction::Start => next.set(Screen::Playing),
            UiAction::Undo => {
                thinker.cancel();
                if undo_for_people(&mut state) {
                    resets.write(GameReset);
                }
            }
            UiAction::Resign => {
                let seat = if state.seat_kind(state.game.active()) == SeatKind::Human {
                    Some(state.game.active())
                } else {
                    state
                        .setup
                        .seats
                        .iter()
                        .position(|&k| k == SeatKind::Human)
                        .map(|s| s as u8)
                };
                if let Some(seat) = seat {
                    thinker.cancel();
                    if let Err(e) = state.game.resign(seat) {
                        notice.0 = e.to_string();
                    }
                }
            }
            UiAction::Pass => {
                requests.write(MoveRequest::pass(MoveSource::Panel));
            }
            UiAction::PlayAgain => {
                thinker.cancel();
                let setup = state.setup.clone();
                *state = Match::new(setup);
                resets.write(GameReset);
            }
            UiAction::ChangeMode => {
                thinker.cancel();
                next.set(Screen::Menu);
            }
            UiAction::View(view) => {
                views.write(ViewRequest(view));
            }
            UiAction::CycleSpeed => {
                let now = speed_name(speed.seconds_per_hop);
                let i = SPEEDS.iter().position(|s| s.0 == now).unwrap_or(1);
                speed.seconds_per_hop = SPEEDS[(i + 1) % SPEEDS.len()].1;
            }
            UiAction::ToggleSound => sound.muted = !sound.muted,
            UiAction::Save => {
                files.write(FileRequest::Save);
            }
            UiAction::Load => {
                files.write(FileRequest::Load(SAVED_GAME));
            }
            UiAction::Continue => {
                files.write(FileRequest::Load(AUTOSAVE));
            }
            UiAction::Hint => match hint(&state) {
                Some(shown) => *selection = shown,
                None => notice.0 = "No hint: it is not your turn".into(),
            },
        }
    }
}

fn rebuild_menu_on_change(
    choice: Res<MenuChoice>,
    store: Option<Res<Store>>,
    commands: Commands,
    old: Query<Entity, With<MenuRoot>>,
) {
    if choice.is_changed() && !choice.is_added() {
        build_menu(commands, choice, store, old);
    }
}

fn collect_notices(
    mut rejected: MessageReader<MoveRejected>,
    mut applied: MessageReader<MoveApplied>,
    mut notice: ResMut<Notice>,
) {
    if applied.read().count() > 0 {
        notice.0.clear();
    }
    if let Some(r) = rejected.read().last() {
        notice.0 = format!("Not allowed: {}", r.reason);
    }
}

/// "Yellow moved from R10 S1 to R10 S3 (1 jump)", in the mover's own labels.
pub fn describe_last_move(state: &Match) -> String {
    let Some(last) = state.game.history().last() else {
        return String::new();
    };
    let variant = state.game.variant();
    let colour = variant.colour(last.seat);
    if last.mv.is_pass() {
        return format!("{colour} passed");
    }
    let camp = variant.camp_of(last.seat);
    let hops = last.hops();
    let how = match last.mv.kind {
        starhalma_rules::MoveKind::Step => "1 step".to_string(),
        starhalma_rules::MoveKind::Swap => "swap".to_string(),
        _ if hops == 1 => "1 jump".to_string(),
        _ => format!("{hops} jumps"),
    };
    format!(
        "{colour} moved from {} to {} ({how})",
        Label::of(last.mv.from, camp),
        Label::of(last.mv.to, camp)
    )
}

/// The turn line: whose turn, or how the game ended.
pub fn describe_turn(state: &Match, thinking: bool) -> String {
    let variant = state.game.variant();
    match state.game.status() {
        Status::Ongoing => {
            let seat = state.game.active();
            let colour = variant.colour(seat);
            match state.seat_kind(seat) {
                SeatKind::Computer(level) if thinking => {
                    format!("{colour} ({}) thinking...", level.name())
                }
                SeatKind::Computer(level) => format!("{colour} ({})", level.name()),
                SeatKind::Human => format!("{colour} to move"),
            }
        }
        Status::Won { winner, reason } => {
            let why = match reason {
                WinReason::Resignation => " (resignation)",
                WinReason::AntiSpoil => " (anti-spoiling)",
                _ => "",
            };
            format!("{} wins{why}", variant.colour(winner))
        }
        Status::Draw { .. } => "Draw".to_string(),
        Status::Ranked { .. } => {
            let ranking = state.game.ranking();
            let places: Vec<String> = ranking
                .iter()
                .map(|p| format!("{}. {}", p.place, variant.colour(p.seat)))
                .collect();
            format!("Game over: {}", places.join(", "))
        }
    }
}

fn update_hud(
    state: Res<Match>,
    thinker: Res<Thinker>,
    notice: Res<Notice>,
    mut texts: Query<(&HudText, &mut Text)>,
) {
    let variant = state.game.variant();
    for (which, mut text) in &mut texts {
        let line = match which {
            HudText::Turn => describe_turn(&state, thinker.thinking()),
            HudText::LastMove => describe_last_move(&state),
            HudText::Home => {
                variant
                    .seats()
                    .map(|s| {
                        format!(
                            "{} {}",
                            variant.colour(s),
                            state.game.rules().marbles_home(state.game.state(), s)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("   ")
                    + " home"
            }
            HudText::Message if notice.0.is_empty() && king_to_the_tip(&state) => {
                "King to the tip".to_string()
            }
            HudText::Message => notice.0.clone(),
        };
        if text.0 != line {
            text.0 = line;
        }
    }
}

/// The move Medium would play for the person to move, shown as a selection with its route
/// previewed (rings and the dotted arc, as a normal preview).
pub fn hint(state: &Match) -> Option<Selection> {
    if !state.human_to_move() {
        return None;
    }
    let mut planner = starhalma_ai::Planner::new(state.game.rules(), 7);
    let mv = planner
        .plan(
            &state.game,
            Level::Medium,
            starhalma_ai::Budget::nodes(50_000),
        )
        .mv;
    if mv.is_pass() {
        return None;
    }
    Some(Selection {
        preview: Some(mv.to),
        ..Selection::for_marble(&state.game, mv.from)
    })
}

/// Diamond Game: the player to move has filled the 15 target holes but the king is not on the
/// tip (seed 003: the game is won only with the king on the tip).
pub fn king_to_the_tip(state: &Match) -> bool {
    let game = &state.game;
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

/// Does the person to move have nothing to play but a pass?
pub fn must_pass(state: &Match) -> bool {
    state.human_to_move() && state.game.legal_moves().iter().all(|m| m.is_pass())
}

/// The Pass button shows only when passing is the one thing left to do; the speed and sound
/// buttons show their setting.
fn update_buttons(
    state: Res<Match>,
    speed: Res<AnimationSettings>,
    sound: Res<SoundSettings>,
    mut buttons: Query<(&UiAction, &mut Node, &Children)>,
    mut texts: Query<&mut Text>,
) {
    let pass_shown = must_pass(&state);
    for (action, mut node, children) in &mut buttons {
        let label = match action {
            UiAction::Pass => {
                let display = if pass_shown {
                    Display::Flex
                } else {
                    Display::None
                };
                if node.display != display {
                    node.display = display;
                }
                continue;
            }
            UiAction::CycleSpeed => format!("Speed: {}", speed_name(speed.seconds_per_hop)),
            UiAction::ToggleSound => {
                format!("Sound: {}", if sound.muted { "off" } else { "on" })
            }
            _ => continue,
        };
        for &child in children {
            if let Ok(mut text) = texts.get_mut(child)
                && text.0 != label
            {
                text.0 = label.clone();
            }
        }
    }
}

/// The panel shown when a game ends: the result and what to do next.
#[derive(Component)]
pub struct GameOverPanel;

/// The result lines of a finished game: the winner or a draw, then the ranking with 3+ players.
pub fn result_lines(state: &Match) -> Vec<String> {
    let game = &state.game;
    let variant = game.variant();
    let mut lines = vec![describe_turn(state, false)];
    if variant.players() > 2 && !matches!(game.status(), Status::Draw { .. }) {
        let ranking = game.ranking();
        if !matches!(game.status(), Status::Ranked { .. }) {
            lines.extend(
                ranking
                    .iter()
                    .map(|p| format!("{}. {}", p.place, variant.colour(p.seat))),
            );
        }
    }
    lines
}

fn show_game_over(
    mut commands: Commands,
    state: Res<Match>,
    animating: Res<crate::core::Animating>,
    panels: Query<Entity, With<GameOverPanel>>,
) {
    let wanted = state.game.is_over() && !animating.0;
    let shown = !panels.is_empty();
    if wanted == shown {
        return;
    }
    for e in &panels {
        commands.entity(e).despawn();
    }
    if !wanted {
        return;
    }
    let panel = commands
        .spawn((
            GameOverPanel,
            DespawnOnExit(Screen::Playing),
            Node {
                position_type: PositionType::Absolute,
                left: percent(50),
                top: percent(40),
                margin: UiRect::left(px(-170)),
                width: px(340),
                padding: UiRect::all(px(16)),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(6),
                border: UiRect::all(px(2)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.05, 0.06, 0.1, 0.9)),
            BorderColor::all(Color::srgb(1.0, 0.75, 0.3)),
        ))
        .id();
    for (i, line) in result_lines(&state).into_iter().enumerate() {
        let size = if i == 0 { 28.0 } else { 20.0 };
        let text = commands
            .spawn((
                Text::new(line),
                TextFont::from_font_size(size),
                TextColor(Color::WHITE),
                Pickable::IGNORE,
            ))
            .id();
        commands.entity(panel).add_child(text);
    }
    let row = commands
        .spawn(Node {
            flex_direction: FlexDirection::Row,
            margin: UiRect::top(px(8)),
            ..default()
        })
        .id();
    let again = commands
        .spawn(focusable_button(
            "Play again",
            UiAction::PlayAgain,
            true,
            1000,
        ))
        .id();
    let change = commands
        .spawn(focusable_button(
            "Change mode",
            UiAction::ChangeMode,
            false,
            1001,
        ))
        .id();
    commands.entity(row).add_children(&[again, change]);
    commands.entity(panel).add_child(row);
}

pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        let choice = MenuChoice::default();
        app.insert_resource(Match::new(choice.setup()))
            .insert_resource(choice)
            .init_state::<Screen>()
            .init_resource::<Notice>()
            .add_message::<ViewRequest>()
            .add_message::<KeyAction>()
            .add_message::<FileRequest>()
            .init_resource::<SoundSettings>()
            .add_systems(OnEnter(Screen::Menu), build_menu)
            .add_systems(OnEnter(Screen::Playing), (start_game, build_hud))
            .add_systems(
                Update,
                (
                    on_buttons.in_set(GameSet::Input),
                    rebuild_menu_on_change.run_if(in_state(Screen::Menu)),
                    (collect_notices, update_hud, update_buttons, show_game_over)
                        .chain()
                        .in_set(GameSet::Mirror)
                        .run_if(in_state(Screen::Playing)),
                ),
            );
    }
}
