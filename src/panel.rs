//! The controls panel (seed 003's "Button controls") and the keyboard.
//!
//! The panel lists the active person's movable marbles by their own row/space labels (`R10 S1`,
//! the king as "King"); pressing one lists its destinations ("1 step", "2 jumps, +4 rows");
//! pressing a destination sends the same `MoveRequest` a click on the board sends. The panel
//! is a view of the board's `Selection`, so choosing on one shows on the other.
//!
//! Keys: arrows move the focus, Enter or Space presses, Escape goes back to choosing a marble;
//! U undo, P pass, H hint, A / T the angled and top-down views, C shows or hides the panel,
//! B hides or shows the 3D board (the panel then draws the board as text), M mutes.

use crate::camera::{CameraView, ViewRequest};
use crate::core::{GameSet, Match, MoveRequest, MoveSource, Viewing};
use crate::picking::{PressKind, Selection, handle_press};
use crate::sound::SoundSettings;
use crate::ui::{
    BUTTON_BACKGROUND, BUTTON_BORDER, ButtonSize, Screen, UiAction, must_pass, styled_button,
};
use bevy::prelude::*;
use starhalma_rules::{Hole, Label, MoveKind};

/// Where the panel is and whether the 3D board is shown.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelSettings {
    pub shown: bool,
    pub board_hidden: bool,
}

impl Default for PanelSettings {
    fn default() -> Self {
        PanelSettings {
            shown: true,
            board_hidden: false,
        }
    }
}

/// What a panel button does.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelButton {
    /// Choose (or put back) this marble.
    Marble(Hole),
    /// Move the chosen marble here.
    Destination(Hole),
    /// Back to choosing a marble.
    Back,
    /// Pass (only offered when nothing else is possible).
    Pass,
}

/// One line of the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub label: String,
    pub button: PanelButton,
}

/// A button the keyboard can reach, in `order`.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Focusable(pub u32);

/// The button the keyboard is on.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Focus(pub Option<Entity>);

/// "R10 S1", or "King (R10 S1)", in the active player's own labels.
pub fn marble_label(state: &Match, hole: Hole) -> String {
    let game = &state.game;
    let camp = game.variant().camp_of(game.active());
    let label = Label::of(hole, camp);
    if game.position().is_king(hole) {
        format!("King ({label})")
    } else {
        label.to_string()
    }
}

/// "R12 S3: 2 jumps, +4 rows": where a move of the chosen marble ends, how, and the rows gained.
pub fn destination_label(state: &Match, from: Hole, to: Hole, kind: MoveKind) -> String {
    let game = &state.game;
    let camp = game.variant().camp_of(game.active());
    let (a, b) = (Label::of(from, camp), Label::of(to, camp));
    let gained = b.row as i32 - a.row as i32;
    let how = match kind {
        MoveKind::Step => "1 step".to_string(),
        MoveKind::Swap => "swap".to_string(),
        _ => {
            let mv = starhalma_rules::Move { kind, from, to };
            let hops = game.rules().route(game.state(), mv).len().saturating_sub(1);
            if hops == 1 {
                "1 jump".to_string()
            } else {
                format!("{hops} jumps")
            }
        }
    };
    format!("{b}: {how}, {gained:+} rows")
}

/// Panel order: the front row (nearest the target) first, then from the player's left.
fn front_first(hole: Hole, camp: u8) -> (std::cmp::Reverse<u8>, u8) {
    let label = Label::of(hole, camp);
    (std::cmp::Reverse(label.row), label.space)
}

/// The panel's lines for the game and selection: the movable marbles, or the chosen marble's
/// destinations and Back, or Pass; nothing when no person here is to move.
pub fn panel_entries(state: &Match, selection: &Selection) -> Vec<Entry> {
    if !state.human_to_move() {
        return Vec::new();
    }
    if must_pass(state) {
        return vec![Entry {
            label: "Pass (no move)".into(),
            button: PanelButton::Pass,
        }];
    }
    let camp = state.game.variant().camp_of(state.game.active());
    if let Some(from) = selection.from {
        let mut targets: Vec<Hole> = selection.destinations().collect();
        targets.sort_by_key(|&h| front_first(h, camp));
        targets.dedup();
        let mut entries: Vec<Entry> = targets
            .into_iter()
            .filter_map(|to| {
                let mv = selection.move_to(to)?;
                Some(Entry {
                    label: destination_label(state, from, to, mv.kind),
                    button: PanelButton::Destination(to),
                })
            })
            .collect();
        entries.push(Entry {
            label: "Back".into(),
            button: PanelButton::Back,
        });
        return entries;
    }
    let mut movable: Vec<Hole> = state
        .game
        .legal_moves()
        .into_iter()
        .filter(|m| !m.is_pass())
        .map(|m| m.from)
        .collect();
    movable.sort_by_key(|&h| front_first(h, camp));
    movable.dedup();
    movable
        .into_iter()
        .map(|h| Entry {
            label: marble_label(state, h),
            button: PanelButton::Marble(h),
        })
        .collect()
}

#[derive(Component)]
struct PanelRoot;

#[derive(Component)]
struct PanelTitle;

#[derive(Component)]
struct PanelList;

/// The board drawn as text, for players who hide the 3D board.
#[derive(Component)]
pub struct TextBoard;

fn build_panel(mut commands: Commands) {
    commands.spawn((
        PanelRoot,
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            left: px(12),
            top: px(120),
            max_height: percent(80),
            flex_direction: FlexDirection::Column,
            flex_wrap: FlexWrap::Wrap,
            align_items: AlignItems::Start,
            padding: UiRect::all(px(6)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.04, 0.05, 0.09, 0.55)),
        Pickable::IGNORE,
        children![
            (
                PanelTitle,
                Text::new(""),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(1.0, 0.85, 0.5)),
                Pickable::IGNORE,
            ),
            (
                PanelList,
                Node {
                    flex_direction: FlexDirection::Column,
                    flex_wrap: FlexWrap::Wrap,
                    max_height: px(520),
                    ..default()
                },
                Pickable::IGNORE,
            ),
            (
                TextBoard,
                Text::new(""),
                TextFont::from_font_size(14.0),
                TextColor(Color::srgb(0.9, 0.92, 0.96)),
                Pickable::IGNORE,
            ),
        ],
    ));
}

fn panel_button(entry: &Entry, order: u32) -> impl Bundle {
    (
        styled_button(
            entry.label.clone(),
            entry.button,
            ButtonSize::Medium,
            BUTTON_BACKGROUND,
        ),
        Focusable(order),
    )
}

/// Rebuild the panel's buttons when its lines change; keep the title and text board current.
/// Work is done only when the game, selection, view or settings changed, or the panel is new
/// (the remembered lines belong to the list entity they were built into).
#[allow(clippy::too_many_arguments)]
fn update_panel(
    mut commands: Commands,
    state: Res<Match>,
    selection: Res<Selection>,
    viewing: Res<Viewing>,
    settings: Res<PanelSettings>,
    mut roots: Query<&mut Node, With<PanelRoot>>,
    lists: Query<(Entity, Option<&Children>), With<PanelList>>,
    mut titles: Query<&mut Text, (With<PanelTitle>, Without<TextBoard>)>,
    mut boards: Query<&mut Text, (With<TextBoard>, Without<PanelTitle>)>,
    mut focus: ResMut<Focus>,
    mut shown: Local<Option<(Entity, Vec<Entry>)>>,
) {
    let Ok((list, children)) = lists.single() else {
        return;
    };
    let new_panel = shown.as_ref().is_none_or(|(built_in, _)| *built_in != list);
    let changed = state.is_changed()
        || selection.is_changed()
        || viewing.is_changed()
        || settings.is_changed();
    if !new_panel && !changed {
        return;
    }
    for mut node in &mut roots {
        let display = if settings.shown {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    let entries = if viewing.is_live() {
        panel_entries(&state, &selection)
    } else {
        Vec::new()
    };
    let title = if !viewing.is_live() {
        "Replay (read-only)".to_string()
    } else if state.game.is_over() {
        "Game over".to_string()
    } else if !state.human_to_move() {
        format!(
            "Waiting for {}",
            state.game.variant().colour(state.game.active())
        )
    } else if let Some(from) = selection.from {
        format!("{} to:", marble_label(&state, from))
    } else {
        "Your marbles:".to_string()
    };
    for mut text in &mut titles {
        if text.0 != title {
            text.0 = title.clone();
        }
    }
    let board_text = if settings.board_hidden {
        text_board(viewing.shown(&state), &selection)
    } else {
        String::new()
    };
    for mut text in &mut boards {
        if text.0 != board_text {
            text.0 = board_text.clone();
        }
    }
    if !new_panel && shown.as_ref().is_some_and(|(_, lines)| *lines == entries) {
        return;
    }
    for &child in children.into_iter().flatten() {
        commands.entity(child).despawn();
    }
    let mut first = None;
    for (i, entry) in entries.iter().enumerate() {
        let button = commands.spawn(panel_button(entry, i as u32)).id();
        first.get_or_insert(button);
        commands.entity(list).add_child(button);
    }
    // The keyboard starts on the first line of a new list.
    focus.0 = first;
    *shown = Some((list, entries));
}

/// The shown position as text (the seed's picture): colour initials, a king in lower case, `@`
/// the chosen marble, `+` where it can go, `.` an empty hole.
pub fn text_board(game: &starhalma_rules::Game, selection: &Selection) -> String {
    let pos = game.position();
    let variant = game.variant();
    let picture = starhalma_rules::board::render(|h| {
        if selection.from == Some(h) {
            return '@';
        }
        if selection.destinations().any(|d| d == h) {
            return '+';
        }
        match pos.owner(h) {
            Some(seat) => {
                let initial = variant
                    .colour(seat)
                    .to_string()
                    .chars()
                    .next()
                    .unwrap_or('?');
                if pos.is_king(h) {
                    initial.to_ascii_lowercase()
                } else {
                    initial
                }
            }
            None => '.',
        }
    });
    let colours: Vec<String> = variant
        .seats()
        .map(|s| {
            let name = variant.colour(s).to_string();
            format!("{} {name}", name.chars().next().unwrap_or('?'))
        })
        .collect();
    format!(
        "{picture}\n{}\n@ chosen  + can go  . empty",
        colours.join("  ")
    ) + if game.rule_set() == starhalma_rules::RuleSet::Diamond {
        "\nlower case: king"
    } else {
        ""
    }
}

/// A panel button pressed (by the pointer, or by Enter on the focused one).
fn on_panel_buttons(
    interactions: Query<(&Interaction, &PanelButton), Changed<Interaction>>,
    state: Res<Match>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequest>,
) {
    for (interaction, &button) in &interactions {
        if *interaction != Interaction::Pressed {
            continue;
        }
        match button {
            PanelButton::Marble(hole) | PanelButton::Destination(hole) => {
                handle_press(
                    hole,
                    PressKind::Panel,
                    &state,
                    &mut selection,
                    &mut requests,
                );
            }
            PanelButton::Back => *selection = Selection::default(),
            PanelButton::Pass => {
                requests.write(MoveRequest::pass(MoveSource::Panel));
            }
        }
    }
}

/// A key press that pressed a button this frame: released on the next.
#[derive(Component)]
struct KeyPressed;

/// The keyboard: focus moves, presses, and the shortcuts.
#[allow(clippy::too_many_arguments)]
fn keyboard(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    mut focus: ResMut<Focus>,
    mut focusables: Query<(Entity, &Focusable, &mut Interaction, &Node, Has<KeyPressed>)>,
    mut selection: ResMut<Selection>,
    mut settings: ResMut<PanelSettings>,
    mut sound: ResMut<SoundSettings>,
    mut views: MessageWriter<ViewRequest>,
    mut actions: MessageWriter<KeyAction>,
    state: Res<Match>,
) {
    // Release what Enter pressed last frame.
    for (entity, _, mut interaction, _, pressed) in &mut focusables {
        if pressed {
            *interaction = Interaction::None;
            commands.entity(entity).remove::<KeyPressed>();
        }
    }
    let mut ring: Vec<(Focusable, Entity)> = focusables
        .iter()
        .filter(|(.., node, _)| node.display != Display::None)
        .map(|(e, f, ..)| (*f, e))
        .collect();
    ring.sort();
    let at = focus.0.and_then(|f| ring.iter().position(|&(_, e)| e == f));
    let step = |delta: isize| -> Option<Entity> {
        if ring.is_empty() {
            return None;
        }
        let n = ring.len() as isize;
        let i = match at {
            Some(i) => (i as isize + delta).rem_euclid(n),
            None => 0,
        };
        Some(ring[i as usize].1)
    };
    if keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::ArrowRight, KeyCode::Tab]) {
        focus.0 = step(1);
    }
    if keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::ArrowLeft]) {
        focus.0 = step(-1);
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        let target = focus.0.filter(|f| ring.iter().any(|&(_, e)| e == *f));
        if let Some(target) = target.or_else(|| step(0))
            && let Ok((entity, _, mut interaction, ..)) = focusables.get_mut(target)
        {
            *interaction = Interaction::Pressed;
            commands.entity(entity).insert(KeyPressed);
        }
    }
    if *screen.get() != Screen::Playing {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) && *selection != Selection::default() {
        *selection = Selection::default();
    }
    if keys.just_pressed(KeyCode::KeyC) {
        settings.shown = !settings.shown;
    }
    if keys.just_pressed(KeyCode::KeyB) {
        settings.board_hidden = !settings.board_hidden;
    }
    if keys.just_pressed(KeyCode::KeyM) {
        sound.muted = !sound.muted;
    }
    if keys.just_pressed(KeyCode::KeyA) {
        views.write(ViewRequest(CameraView::Angled));
    }
    if keys.just_pressed(KeyCode::KeyT) {
        views.write(ViewRequest(CameraView::TopDown));
    }
    for (key, action) in [
        (KeyCode::KeyU, UiAction::Undo),
        (KeyCode::KeyP, UiAction::Pass),
        (KeyCode::KeyH, UiAction::Hint),
        (KeyCode::KeyN, UiAction::PlayAgain),
    ] {
        // N starts a new game only once this one is over: never by a slip mid-game.
        if keys.just_pressed(key) && (action != UiAction::PlayAgain || state.game.is_over()) {
            actions.write(KeyAction(action));
        }
    }
}

/// A HUD action asked for by a shortcut key; the HUD handles it as if its button was pressed.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct KeyAction(pub UiAction);

/// The focused button wears a bright border, so the focus is always visible.
fn show_focus(focus: Res<Focus>, mut buttons: Query<(Entity, &mut BorderColor), With<Focusable>>) {
    for (entity, mut border) in &mut buttons {
        let color = if Some(entity) == focus.0 {
            Color::srgb(1.0, 0.85, 0.2)
        } else {
            BUTTON_BORDER
        };
        let wanted = BorderColor::all(color);
        if *border != wanted {
            *border = wanted;
        }
    }
}

/// With the 3D board hidden, every mesh (board, marbles, marks) is hidden too.
fn hide_board(settings: Res<PanelSettings>, mut meshes: Query<&mut Visibility, With<Mesh3d>>) {
    let wanted = if settings.board_hidden {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut visibility in &mut meshes {
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}

pub struct PanelPlugin;

impl Plugin for PanelPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PanelSettings>()
            .init_resource::<Focus>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<SoundSettings>()
            .add_message::<ViewRequest>()
            .add_message::<KeyAction>()
            .add_systems(OnEnter(Screen::Playing), build_panel)
            .add_systems(
                Update,
                (
                    keyboard.in_set(GameSet::Input).before(on_panel_buttons),
                    on_panel_buttons.in_set(GameSet::Input),
                    (update_panel, show_focus, hide_board)
                        .chain()
                        .in_set(GameSet::Mirror)
                        .after(crate::picking::SelectionSet)
                        .run_if(in_state(Screen::Playing)),
                ),
            );
    }
}
