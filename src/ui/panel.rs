//! The controls panel (seed 003's "Button controls").
//!
//! The panel lists the active person's movable marbles by their own row/space labels (`R10 S1`,
//! the king as "King"); pressing one lists its destinations ("1 step", "2 jumps, +4 rows");
//! pressing a destination sends the same `MoveRequest` a click on the board sends. The panel
//! is a view of the board's `Selection`, so choosing on one shows on the other. With the 3D
//! board hidden it also draws the board as text.

use super::hud::{HudColumn, build_hud};
use super::widgets::{
    BUTTON_BACKGROUND, ButtonSize, Focus, Focusable, HEADING, PANEL_BACKGROUND, label,
    styled_button,
};
use super::{PanelSettings, Screen, UiSet, move_words};
use crate::core::{GameSet, Match, MoveRequest, MoveSource, Viewing};
use crate::locale::{Glue, Phrase, Say, colour_name, set_say};
use crate::marbles::SymbolMark;
use crate::selection::{PressKind, Selection, SelectionSet, handle_press};
use bevy::prelude::*;
use starhalma_rules::{Hole, Label, MoveKind};

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
    pub label: Phrase,
    pub button: PanelButton,
}

/// "R10 S1", or "King (R10 S1)", in the active player's own labels.
fn marble_label(state: &Match, hole: Hole) -> Phrase {
    let game = &state.game;
    let camp = game.variant().camp_of(game.active());
    let label = Phrase::Verbatim(Label::of(hole, camp).to_string());
    if game.position().is_king(hole) {
        Phrase::msg("panel-king").with("label", label)
    } else {
        label
    }
}

/// "R12 S3: 2 jumps, +4 rows": where a move of the chosen marble ends, how, and the rows gained.
fn destination_label(state: &Match, from: Hole, to: Hole, kind: MoveKind) -> Phrase {
    let game = &state.game;
    let camp = game.variant().camp_of(game.active());
    let (a, b) = (Label::of(from, camp), Label::of(to, camp));
    let gained = b.row as i32 - a.row as i32;
    let mv = starhalma_rules::Move { kind, from, to };
    let hops = game.rules().route(game.state(), mv).len().saturating_sub(1);
    Phrase::msg("panel-destination")
        .with("label", Phrase::Verbatim(b.to_string()))
        .with("how", move_words(kind, hops))
        .with("rows", Phrase::Verbatim(format!("{gained:+}")))
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
    if state.must_pass() {
        return vec![Entry {
            label: Phrase::msg("panel-pass"),
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
            label: Phrase::msg("panel-back"),
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
pub(super) struct PanelRoot;

#[derive(Component)]
struct PanelTitle;

#[derive(Component)]
pub(super) struct PanelList;

/// The board drawn as text, for players who hide the 3D board.
#[derive(Component)]
struct TextBoard;

/// The panel stands in the HUD's left column, under its lines.
fn build_panel(mut commands: Commands, column: Query<Entity, With<HudColumn>>) {
    let panel = commands.spawn((
        PanelRoot,
        DespawnOnExit(Screen::Playing),
        Node {
            margin: UiRect::top(px(8)),
            align_self: AlignSelf::Start,
            max_height: vh(78),
            flex_direction: FlexDirection::Column,
            flex_wrap: FlexWrap::Wrap,
            align_items: AlignItems::Start,
            padding: UiRect::all(px(6)),
            ..default()
        },
        BackgroundColor(PANEL_BACKGROUND),
        Pickable::IGNORE,
        children![
            (PanelTitle, label(Phrase::empty(), 18.0, HEADING)),
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
                label(Phrase::empty(), 14.0, Color::srgb(0.9, 0.92, 0.96))
            ),
        ],
    ));
    if let Ok(column) = column.single() {
        let panel = panel.id();
        commands.entity(column).add_child(panel);
    }
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
    mut titles: Query<&mut Say, (With<PanelTitle>, Without<TextBoard>)>,
    mut boards: Query<&mut Say, (With<TextBoard>, Without<PanelTitle>)>,
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
        Phrase::msg("panel-replay")
    } else if state.game.is_over() {
        Phrase::msg("panel-game-over")
    } else if !state.human_to_move() {
        Phrase::msg("panel-waiting")
            .with("colour", state.game.variant().colour(state.game.active()))
    } else if let Some(from) = selection.from {
        Phrase::msg("panel-marble-to").with("marble", marble_label(&state, from))
    } else {
        Phrase::msg("panel-your-marbles")
    };
    for mut say in &mut titles {
        set_say(&mut say, title.clone());
    }
    let board_text = if settings.board_hidden {
        text_board(viewing.shown(&state), &selection)
    } else {
        Phrase::empty()
    };
    for mut say in &mut boards {
        set_say(&mut say, board_text.clone());
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

/// The shown position as text (the seed's picture): colour initials (of the English names:
/// the picture is notation), a king in lower case, `@` the chosen marble, `+` where it can go,
/// `.` an empty hole; then the key in the player's language.
fn text_board(game: &starhalma_rules::Game, selection: &Selection) -> Phrase {
    let pos = game.position();
    let variant = game.variant();
    let initial = |seat: u8| variant.colour(seat).name().chars().next().unwrap_or('?');
    let picture = starhalma_rules::board::render(|h| {
        if selection.from == Some(h) {
            return '@';
        }
        if selection.destinations().any(|d| d == h) {
            return '+';
        }
        match pos.owner(h) {
            Some(seat) if pos.is_king(h) => initial(seat).to_ascii_lowercase(),
            Some(seat) => initial(seat),
            None => '.',
        }
    });
    let colours = variant
        .seats()
        .map(|s| {
            Phrase::msg("text-board-colour")
                .with("initial", Phrase::Verbatim(initial(s).to_string()))
                .with("colour", colour_name(variant.colour(s)))
        })
        .collect();
    let mut lines = vec![
        Phrase::Verbatim(picture),
        Phrase::Joined(colours, Glue::Literal("  ")),
        Phrase::msg("text-board-key"),
    ];
    if game.rule_set() == starhalma_rules::RuleSet::Diamond {
        lines.push(Phrase::msg("text-board-king"));
    }
    Phrase::Joined(lines, Glue::Literal("\n"))
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

/// With the 3D board hidden, every mesh (board, marbles, marks) is hidden too: all of them when
/// the setting changes, and new ones as they appear. The marbles' symbols follow their marbles
/// (and their own setting).
fn hide_board(
    settings: Res<PanelSettings>,
    mut meshes: Query<(Ref<Mesh3d>, &mut Visibility), Without<SymbolMark>>,
) {
    let wanted = if settings.board_hidden {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    let all = settings.is_changed();
    for (mesh, mut visibility) in &mut meshes {
        if all || mesh.is_added() {
            visibility.set_if_neq(wanted);
        }
    }
}

pub(super) struct PanelPlugin;

impl Plugin for PanelPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Playing), build_panel.after(build_hud))
            .add_systems(
                Update,
                (
                    on_panel_buttons.in_set(UiSet::Buttons),
                    (
                        update_panel,
                        hide_board.run_if(
                            resource_changed::<PanelSettings>
                                .or_eager(any_match_filter::<Added<Mesh3d>>),
                        ),
                    )
                        .chain()
                        .in_set(GameSet::Mirror)
                        .after(SelectionSet)
                        .run_if(in_state(Screen::Playing)),
                ),
            );
    }
}
