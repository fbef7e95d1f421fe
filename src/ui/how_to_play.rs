//! How to play: each rule set's rules as short sections (the words and diagrams come from
//! `starhalma-guide`), one section at a time, over the menu or the game. A diagram is drawn by
//! the game itself on a small flat board: the marbles of its position, the move's route (the
//! marble that moves, the holes it hops through, where it lands) and, where a rule refuses a
//! move, that move's landing in red. F1 (or the How to play button) opens it, Escape closes it.

use super::buttons::{AddButtons, Pressed};
use super::scroll::Scrolls;
use super::theme::{
    DIAGRAM_FROM, DIAGRAM_HIGHLIGHT, DIAGRAM_HOLE, DIAGRAM_KING_EDGE, DIAGRAM_REFUSED,
    DIAGRAM_THROUGH, DIAGRAM_TO, DIAGRAM_WOOD, HEADING, MODAL_BACKGROUND, MODAL_SHADE, SOFT_TEXT,
    TEXT, size,
};
use super::widgets::{focusable_button, label};
use super::{MenuChoice, Screen};
use crate::board::seat_color;
use crate::core::Match;
use crate::frame::Frame;
use crate::locale::{Phrase, rules_name};
use bevy::prelude::*;
use starhalma_guide::{Diagram, Section, Topic, sections};
use starhalma_locale::id;
use starhalma_rules::{Game, Hole, RuleSet};

/// The rules screen, an overlay over the menu or the game: its page is spawned on entering
/// `Open` and despawned on leaving it.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HowToPlay {
    #[default]
    Closed,
    Open,
}

/// Which rule set and which of its sections the rules screen shows (the last shown while it
/// is closed).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesPage {
    pub rules: RuleSet,
    pub section: usize,
}

impl Default for RulesPage {
    fn default() -> RulesPage {
        RulesPage {
            rules: RuleSet::Laws,
            section: 0,
        }
    }
}

/// The rules screen's own buttons.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesButton {
    /// Show another rule set's rules.
    RulesPage(RuleSet),
    NextSection,
    PreviousSection,
    CloseHowToPlay,
}

/// Open the rules screen (from a How to play button), at the section about a topic if one is
/// given (the game-over panel's "why").
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OpenRules(pub Option<Topic>);

/// Buttons of a screen drawn over the others: while one shows, the keyboard reaches only these.
#[derive(Component)]
pub struct ModalFocus;

/// A hole of a diagram's small board, and whose marble stands on it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagramHole {
    pub hole: Hole,
    pub seat: Option<u8>,
}

/// What a diagram marks on a hole.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagramMark {
    /// The marble that moves.
    From(Hole),
    /// A hole the marble hops through.
    Through(Hole),
    /// Where it lands.
    To(Hole),
    /// Where a move the rule refuses would land.
    Refused(Hole),
    /// A hole the caption points at.
    Highlight(Hole),
}

/// The rules whose sections a screen shows: the game's own while playing, the menu's choice on
/// the menu.
fn rules_here(screen: Screen, state: &Match, choice: &MenuChoice) -> RuleSet {
    match screen {
        Screen::Playing => state.game.rule_set(),
        Screen::Menu => choice.rules,
    }
}

#[allow(clippy::too_many_arguments)] // the screen's one handler
fn how_to_play_actions(
    mut pressed: MessageReader<Pressed<RulesButton>>,
    mut opened: MessageReader<OpenRules>,
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    (state, choice): (Res<Match>, Res<MenuChoice>),
    shown: Res<State<HowToPlay>>,
    mut page: ResMut<RulesPage>,
    mut open: ResMut<NextState<HowToPlay>>,
) {
    let here = rules_here(*screen.get(), &state, &choice);
    let mut next = (*shown.get() == HowToPlay::Open).then_some(*page);
    if keys.just_pressed(KeyCode::F1) {
        next = match next {
            Some(_) => None,
            None => Some(RulesPage {
                rules: here,
                section: 0,
            }),
        };
    }
    if keys.just_pressed(KeyCode::Escape) {
        next = None;
    }
    for OpenRules(topic) in opened.read() {
        next = Some(match *topic {
            Some(topic) => page_of(state.game.rule_set(), topic),
            None => RulesPage {
                rules: here,
                section: 0,
            },
        });
    }
    for Pressed(action) in pressed.read() {
        let count = |rules| sections(rules).len();
        match *action {
            RulesButton::RulesPage(rules) => next = Some(RulesPage { rules, section: 0 }),
            RulesButton::NextSection => {
                if let Some(p) = &mut next {
                    p.section = (p.section + 1).min(count(p.rules) - 1);
                }
            }
            RulesButton::PreviousSection => {
                if let Some(p) = &mut next {
                    p.section = p.section.saturating_sub(1);
                }
            }
            RulesButton::CloseHowToPlay => next = None,
        }
    }
    if let Some(next) = next {
        page.set_if_neq(next);
    }
    let wanted = match next {
        Some(_) => HowToPlay::Open,
        None => HowToPlay::Closed,
    };
    // Only a change: setting the same state would leave and enter it again.
    if wanted != *shown.get() {
        open.set(wanted);
    }
}

/// The page of `rules` about `topic` (its first section when it has none).
fn page_of(rules: RuleSet, topic: Topic) -> RulesPage {
    let section = sections(rules)
        .iter()
        .position(|s| s.topic == topic)
        .unwrap_or(0);
    RulesPage { rules, section }
}

/// The rule sets, in the menu's order.
const TABS: [RuleSet; 6] = RuleSet::ALL;

/// Keyboard order of the screen's buttons: after everything behind it.
const FIRST_ORDER: u32 = 3000;

/// The page's panel, where its section is drawn.
#[derive(Component)]
struct RulesPanel;

/// The panel's contents for the page shown: drawn on entering, and again when another rule
/// set or section is chosen (the shade and the panel stay).
fn show_rules_page(
    mut commands: Commands,
    page: Res<RulesPage>,
    panels: Query<(Entity, Option<&Children>), With<RulesPanel>>,
) {
    let Ok((panel, old)) = panels.single() else {
        return;
    };
    for &child in old.into_iter().flatten() {
        commands.entity(child).despawn();
    }
    let RulesPage { rules, section } = *page;
    let all = sections(rules);
    let Some(shown) = all.get(section) else {
        return;
    };
    let mut buttons = ModalButtons { order: FIRST_ORDER };
    commands.entity(panel).with_child(label(
        Phrase::msg(id::HOW_TO_PLAY_TITLE).with("rules", rules_name(rules)),
        size::RESULT,
        TEXT,
    ));
    spawn_tabs(&mut commands, panel, rules, &mut buttons);
    commands.entity(panel).with_child(label(
        Phrase::msg(id::HOW_TO_PLAY_SECTION)
            .with("title", Phrase::msg(shown.title))
            .with("number", section + 1)
            .with("count", all.len()),
        size::SECTION,
        HEADING,
    ));
    // Previous / Next / Close above the text, so they stay in view however long it is.
    spawn_navigation(&mut commands, panel, section, all.len(), &mut buttons);
    spawn_body(&mut commands, panel, shown);
}

/// Entering How to play: the shade over the game and the scrolling panel on it, gone on
/// leaving it ([`show_rules_page`] fills the panel).
fn open_how_to_play(mut commands: Commands) {
    let root = commands
        .spawn((
            DespawnOnExit(HowToPlay::Open),
            GlobalZIndex(50),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(MODAL_SHADE),
        ))
        .id();
    let panel = commands
        .spawn((
            Node {
                width: px(820),
                max_width: percent(96),
                max_height: percent(96),
                padding: UiRect::all(px(16)),
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                border: UiRect::all(px(2)),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            Scrolls,
            RulesPanel,
            BackgroundColor(MODAL_BACKGROUND),
            BorderColor::all(HEADING),
        ))
        .id();
    commands.entity(root).add_child(panel);
}

/// The page's buttons, numbered in keyboard order as they are made.
struct ModalButtons {
    order: u32,
}

impl ModalButtons {
    fn add(
        &mut self,
        commands: &mut Commands,
        parent: Entity,
        text: Phrase,
        action: RulesButton,
        selected: bool,
    ) {
        self.order += 1;
        let button = commands
            .spawn((
                focusable_button(text, action, selected, self.order),
                ModalFocus,
            ))
            .id();
        commands.entity(parent).add_child(button);
    }
}

/// A tab per rule set, the shown one selected.
fn spawn_tabs(commands: &mut Commands, panel: Entity, rules: RuleSet, buttons: &mut ModalButtons) {
    let tabs = commands
        .spawn(Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            ..default()
        })
        .id();
    commands.entity(panel).add_child(tabs);
    for tab in TABS {
        buttons.add(
            commands,
            tabs,
            rules_name(tab),
            RulesButton::RulesPage(tab),
            tab == rules,
        );
    }
}

/// Previous (but on the first section), Next (but on the last) and Close.
fn spawn_navigation(
    commands: &mut Commands,
    panel: Entity,
    section: usize,
    count: usize,
    buttons: &mut ModalButtons,
) {
    let nav = commands
        .spawn(Node {
            flex_direction: FlexDirection::Row,
            margin: UiRect::vertical(px(2)),
            ..default()
        })
        .id();
    commands.entity(panel).add_child(nav);
    if section > 0 {
        let previous = Phrase::msg(id::BUTTON_PREVIOUS);
        buttons.add(commands, nav, previous, RulesButton::PreviousSection, false);
    }
    if section + 1 < count {
        let next = Phrase::msg(id::BUTTON_NEXT);
        buttons.add(commands, nav, next, RulesButton::NextSection, true);
    }
    let close = Phrase::msg(id::BUTTON_CLOSE);
    buttons.add(commands, nav, close, RulesButton::CloseHowToPlay, false);
}

/// The section's text, with its diagram and caption beside it (below, when narrow).
fn spawn_body(commands: &mut Commands, panel: Entity, shown: &Section) {
    let body = commands
        .spawn(Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(16),
            row_gap: px(8),
            ..default()
        })
        .id();
    commands.entity(panel).add_child(body);
    spawn_text(commands, body, shown);
    if let Some(diagram) = &shown.diagram {
        let column = commands
            .spawn(Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(4),
                width: px(260),
                ..default()
            })
            .id();
        commands.entity(body).add_child(column);
        let board = spawn_mini_board(commands, diagram, 260.0);
        commands.entity(column).add_child(board);
        commands.entity(column).with_child((
            label(Phrase::msg(diagram.caption), size::CAPTION, SOFT_TEXT),
            Node {
                width: percent(100),
                ..default()
            },
        ));
    }
}

fn spawn_text(commands: &mut Commands, parent: Entity, section: &Section) {
    let column = commands
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(8),
            width: px(480),
            max_width: percent(100),
            ..default()
        })
        .id();
    commands.entity(parent).add_child(column);
    // A width of its own, so the text is measured wrapped at the column's width (not one word
    // a line, which leaves a tall empty box). Paragraphs are a blank line apart in the text.
    commands.entity(column).with_child((
        label(Phrase::msg(section.text), size::BODY, TEXT),
        Node {
            width: percent(100),
            ..default()
        },
    ));
}

/// Where a hole sits on a flat board in hole spacings, x right and y down.
fn flat(hole: Hole) -> Vec2 {
    let c = hole.coord();
    let (q, r) = (f32::from(c.q), f32::from(c.r));
    Vec2::new(q + r / 2.0, r * 3f32.sqrt() / 2.0)
}

/// The turn that brings the home camp of seat 0 of `game` to the bottom, as the 3D board
/// faces the first player.
fn facing_seat_0(game: &Game) -> Vec2 {
    let start = Game::new(game.variant());
    let home = start.position().pieces(0);
    let holes: Vec<Vec2> = Hole::all()
        .filter(|h| home & h.bit() != 0)
        .map(flat)
        .collect();
    let centre = holes.iter().copied().sum::<Vec2>() / holes.len().max(1) as f32;
    // Rotate the camp's direction onto +y (down on screen).
    Vec2::from_angle(std::f32::consts::FRAC_PI_2 - centre.to_angle())
}

/// A small flat board showing `diagram`: `size` pixels square.
fn spawn_mini_board(commands: &mut Commands, diagram: &Diagram, size: f32) -> Entity {
    let game = &diagram.game;
    let turn = facing_seat_0(game);
    let radius = Hole::all()
        .map(|h| turn.rotate(flat(h)).abs().max_element())
        .fold(1.0, f32::max);
    let scale = (size / 2.0 - 10.0) / radius;
    let at = |hole: Hole| turn.rotate(flat(hole)) * scale + Vec2::splat(size / 2.0);
    let board = commands
        .spawn((
            Node {
                width: px(size),
                height: px(size),
                ..default()
            },
            BackgroundColor(DIAGRAM_WOOD),
            Pickable::IGNORE,
        ))
        .id();
    let dot = |centre: Vec2, diameter: f32| Node {
        position_type: PositionType::Absolute,
        left: px(centre.x - diameter / 2.0),
        top: px(centre.y - diameter / 2.0),
        width: px(diameter),
        height: px(diameter),
        border_radius: BorderRadius::MAX,
        ..default()
    };
    let position = game.position();
    let variant = game.variant();
    for hole in Hole::all() {
        let seat = position.owner(hole);
        // A Diamond king is drawn larger, with a gold edge.
        let king = position.kings() & hole.bit() != 0;
        let (diameter, color) = match seat {
            Some(s) if king => (scale * 1.0, seat_color(variant.camp_of(s))),
            Some(s) => (scale * 0.8, seat_color(variant.camp_of(s))),
            None => (scale * 0.4, DIAGRAM_HOLE),
        };
        let mut node = dot(at(hole), diameter);
        if king {
            node.border = UiRect::all(px(2));
        }
        commands.entity(board).with_child((
            DiagramHole { hole, seat },
            node,
            BackgroundColor(color),
            BorderColor::all(DIAGRAM_KING_EDGE),
            Pickable::IGNORE,
        ));
    }
    let route = diagram.route();
    let mut marks: Vec<(DiagramMark, Color)> = Vec::new();
    if let (Some(&from), Some(&to)) = (route.first(), route.last()) {
        marks.push((DiagramMark::From(from), DIAGRAM_FROM));
        for &through in &route[1..route.len() - 1] {
            marks.push((DiagramMark::Through(through), DIAGRAM_THROUGH));
        }
        marks.push((DiagramMark::To(to), DIAGRAM_TO));
    }
    if let Some(refused) = diagram.forbidden {
        marks.push((DiagramMark::Refused(refused.to), DIAGRAM_REFUSED));
    }
    for &hole in &diagram.highlight {
        marks.push((DiagramMark::Highlight(hole), DIAGRAM_HIGHLIGHT));
    }
    for (mark, color) in marks {
        let hole = match mark {
            DiagramMark::From(h)
            | DiagramMark::Through(h)
            | DiagramMark::To(h)
            | DiagramMark::Refused(h)
            | DiagramMark::Highlight(h) => h,
        };
        let mut ring = dot(at(hole), scale * 1.05);
        ring.border = UiRect::all(px(2));
        commands
            .entity(board)
            .with_child((mark, ring, BorderColor::all(color), Pickable::IGNORE));
    }
    board
}

pub(super) struct HowToPlayPlugin;

impl Plugin for HowToPlayPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<HowToPlay>()
            .init_resource::<RulesPage>()
            .add_message::<OpenRules>()
            .add_buttons::<RulesButton>()
            .add_systems(OnEnter(HowToPlay::Open), open_how_to_play)
            .add_systems(
                Update,
                (
                    how_to_play_actions.in_set(Frame::Asked),
                    show_rules_page
                        .run_if(in_state(HowToPlay::Open))
                        .run_if(
                            resource_changed::<RulesPage>
                                .or_eager(any_match_filter::<Added<RulesPanel>>),
                        )
                        .in_set(Frame::Hud),
                ),
            );
    }
}
