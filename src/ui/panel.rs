//! The controls panel (seed 003's "Button controls").
//!
//! The panel lists the active person's movable marbles by their own row/space labels (`R10 S1`,
//! the king as "King"); pressing one lists its destinations ("1 step", "2 jumps, +4 rows");
//! pressing a destination sends the same `MoveRequest` a click on the board sends. The panel
//! is a view of the board's `Selection`, so choosing on one shows on the other. With the 3D
//! board hidden it also draws the board as text.

use super::arrange::{HudColumn, PanelList, PanelRoot};
use super::page::PageSection;
use super::scroll::Scrolls;
use super::theme::{BUTTON_BACKGROUND, HEADING, PANEL_BACKGROUND, TEXT_BOARD, size};
use super::widgets::{ButtonSize, Focus, Focusable, label, styled_button};
use super::{PanelSettings, Screen, move_words};
use crate::core::{Match, MoveRequest, MoveSource, Viewing};
use crate::frame::Frame;
use crate::layout::ScreenLayout;
use crate::locale::{Glue, Phrase, Say, colour_name, set_say};
use crate::marbles::SymbolMark;
use crate::selection::{Choice, PressKind, Selection};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use starhalma_locale::id;
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
        Phrase::msg(id::PANEL_KING).with("label", label)
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
    // The Diamond Game's tip is named as its page marks it: "R17 S1 ◎".
    let tip = game.rule_set() == starhalma_rules::RuleSet::Diamond
        && to == game.rules().target_tip(game.active());
    let label = if tip {
        format!("{b} ◎")
    } else {
        b.to_string()
    };
    Phrase::msg(id::PANEL_DESTINATION)
        .with("label", Phrase::Verbatim(label))
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
            label: Phrase::msg(id::PANEL_PASS),
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
            label: Phrase::msg(id::PANEL_BACK),
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
struct PanelTitle;

/// The board drawn as text, for players who hide the 3D board.
#[derive(Component)]
struct TextBoard;

/// The panel stands in the HUD's left column, under its lines.
pub(super) fn build_panel(mut commands: Commands, column: Query<Entity, With<HudColumn>>) {
    let panel = commands.spawn((
        PanelRoot,
        PageSection,
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
            (PanelTitle, label(Phrase::empty(), size::LINE, HEADING)),
            (
                PanelList,
                // Rows as wide as the panel; scrolling when taller than its place.
                // It gives way first where the column is short: the panel keeps its title.
                Node {
                    flex_direction: FlexDirection::Row,
                    flex_wrap: FlexWrap::Wrap,
                    max_height: px(520),
                    min_height: px(0),
                    flex_shrink: 1.0,
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                Scrolls,
                Pickable::IGNORE,
            ),
        ],
    ));
    if let Ok(column) = column.single() {
        let panel = panel.id();
        commands.entity(column).add_child(panel);
    }
    // The board as text stands where the 3D board would (empty while it is hidden).
    commands.spawn((
        TextBoardPlace,
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        Pickable::IGNORE,
        children![(TextBoard, label(Phrase::empty(), size::LIST, TEXT_BOARD))],
    ));
}

/// Where the board as text stands: the board's rectangle.
#[derive(Component)]
struct TextBoardPlace;

/// The text board's size for each pixel of its font (its widest and tallest, of the three
/// languages' fonts, measured: 13.2 and 27.7), with a margin.
const TEXT_BOARD_PER_PIXEL: Vec2 = Vec2::new(14.0, 29.0);

/// The board as text fills the board's rectangle while the 3D board is hidden: its font as
/// large as fits, up to 24 px.
fn place_text_board(
    layout: Res<ScreenLayout>,
    settings: Res<PanelSettings>,
    mut places: Query<&mut Node, With<TextBoardPlace>>,
    mut fonts: Query<&mut TextFont, With<TextBoard>>,
) {
    let board = layout.board;
    for mut node in &mut places {
        node.display = if settings.board_hidden {
            Display::Flex
        } else {
            Display::None
        };
        node.left = px(board.min.x);
        node.top = px(board.min.y);
        node.width = px(board.width());
        node.height = px(board.height());
    }
    let fits = (board.size() / TEXT_BOARD_PER_PIXEL).min_element();
    let font_size = fits.floor().clamp(size::LIST - 4.0, 24.0);
    for mut font in &mut fonts {
        font.font_size = bevy::text::FontSize::Px(font_size);
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
/// The panel's nodes: its root, its list, its title and the board as text.
#[derive(SystemParam)]
struct PanelNodes<'w, 's> {
    roots: Query<'w, 's, &'static mut Node, With<PanelRoot>>,
    lists: Query<'w, 's, (Entity, Option<&'static Children>), With<PanelList>>,
    titles: Query<'w, 's, &'static mut Say, (With<PanelTitle>, Without<TextBoard>)>,
    boards: Query<'w, 's, &'static mut Say, (With<TextBoard>, Without<PanelTitle>)>,
}

/// What the panel shows: the game, the selection, whether the past is shown, the settings.
#[derive(SystemParam)]
struct PanelSource<'w> {
    state: Res<'w, Match>,
    selection: Res<'w, Selection>,
    viewing: Res<'w, Viewing>,
    settings: Res<'w, PanelSettings>,
}

fn update_panel(
    mut commands: Commands,
    source: PanelSource,
    nodes: PanelNodes,
    mut focus: ResMut<Focus>,
    mut shown: Local<Option<(Entity, Vec<Entry>)>>,
) {
    let PanelSource {
        state,
        selection,
        viewing,
        settings,
    } = source;
    let PanelNodes {
        mut roots,
        lists,
        mut titles,
        mut boards,
    } = nodes;
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
        Phrase::msg(id::PANEL_REPLAY)
    } else if state.game.is_over() {
        Phrase::msg(id::PANEL_GAME_OVER)
    } else if !state.human_to_move() {
        Phrase::msg(id::PANEL_WAITING)
            .with("colour", state.game.variant().colour(state.game.active()))
    } else if let Some(from) = selection.from {
        Phrase::msg(id::PANEL_MARBLE_TO).with("marble", marble_label(&state, from))
    } else {
        Phrase::msg(id::PANEL_YOUR_MARBLES)
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
/// `.` an empty hole, `◎` an empty Diamond tip (as the 3D board marks it); then the key in the
/// player's language.
fn text_board(game: &starhalma_rules::Game, selection: &Selection) -> Phrase {
    let pos = game.position();
    let variant = game.variant();
    let tips = crate::board::marked_tips(variant);
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
            None if tips.contains(&h) => '◎',
            None => '.',
        }
    });
    let colours = variant
        .seats()
        .map(|s| {
            Phrase::msg(id::TEXT_BOARD_COLOUR)
                .with("initial", Phrase::Verbatim(initial(s).to_string()))
                .with("colour", colour_name(variant.colour(s)))
        })
        .collect();
    let mut lines = vec![
        Phrase::Verbatim(picture),
        Phrase::Joined(colours, Glue::Literal("  ")),
        Phrase::msg(id::TEXT_BOARD_KEY),
    ];
    if game.rule_set() == starhalma_rules::RuleSet::Diamond {
        lines.push(Phrase::msg(id::TEXT_BOARD_KING));
    }
    Phrase::Joined(lines, Glue::Literal("\n"))
}

/// A panel button pressed (by the pointer, or by Enter on the focused one).
fn on_panel_buttons(
    interactions: Query<(&Interaction, &PanelButton), Changed<Interaction>>,
    mut choices: MessageWriter<Choice>,
    mut requests: MessageWriter<MoveRequest>,
) {
    for (interaction, &button) in &interactions {
        if *interaction != Interaction::Pressed {
            continue;
        }
        match button {
            PanelButton::Marble(hole) | PanelButton::Destination(hole) => {
                choices.write(Choice::Press(hole, PressKind::Panel));
            }
            PanelButton::Back => {
                choices.write(Choice::PutBack);
            }
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
        app.add_systems(
            Update,
            (
                on_panel_buttons.in_set(Frame::Buttons),
                (
                    update_panel,
                    hide_board.run_if(
                        resource_changed::<PanelSettings>
                            .or_eager(any_match_filter::<Added<Mesh3d>>),
                    ),
                )
                    .chain()
                    .in_set(Frame::Hud)
                    .run_if(in_state(Screen::Playing)),
            ),
        )
        .add_systems(
            PostUpdate,
            place_text_board
                .run_if(
                    resource_changed::<ScreenLayout>
                        .or_eager(resource_changed::<PanelSettings>)
                        .or_eager(any_match_filter::<Added<TextBoardPlace>>),
                )
                .in_set(Frame::Arrange),
        );
    }
}
