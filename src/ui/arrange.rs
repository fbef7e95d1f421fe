//! Where the game screen's pieces stand, following the [`ScreenLayout`]: the HUD's lines, its
//! buttons, the "More" sheet, the controls panel and the move list. Nothing here decides what
//! they show; only their places, so every layout runs the same HUD, panel and list code.
//!
//! - Side: lines and panel on the left, buttons in a column on the right, the move list in the
//!   bottom right corner (the desktop's layout). Compact, the secondary buttons move into the
//!   sheet that "More" opens beside the column.
//! - Stacked: the lines as a top bar, the panel and the move list side by side under the
//!   board, the main actions in a bar at the bottom, the sheet above that bar.

use super::Screen;
use super::buttons::{AddButtons, ButtonPressed, Pressed};
use crate::frame::Frame;
use crate::layout::{
    ActionBar, Arrangement, EDGE, MOVE_LIST_MARGIN, MoveListMeasure, ScreenLayout, TopBar,
};
use bevy::prelude::*;
use bevy::ui::{ComputedNode, UiGlobalTransform};

/// The HUD's left column: its lines, then the controls panel below them, so the panel moves
/// down as lines appear (online status, the link, the guide) instead of covering them.
#[derive(Component)]
pub(super) struct HudColumn;

/// The controls panel.
#[derive(Component)]
pub(super) struct PanelRoot;

/// The panel's list of marbles or destinations (it scrolls when the layout is short).
#[derive(Component)]
pub(super) struct PanelList;

/// The move list.
#[derive(Component)]
pub(super) struct MoveListRoot;

/// The move list's entries (under its heading and buttons).
#[derive(Component)]
pub(super) struct MoveListEntries;

/// A HUD line a compact top bar leaves out (the last move, which the move list shows).
#[derive(Component)]
pub(super) struct LeftOutWhenCompact;

/// Which buttons a compact layout keeps in view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonGroup {
    /// The actions of the moment: always one tap away.
    Main,
    /// Views, speed, sound, symbols, hint, rules, save, load, change mode: behind "More" when
    /// compact.
    Secondary,
    /// The "More" button itself: only when compact.
    More,
}

/// A HUD button's place in the desktop column and its group.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HudSlot {
    pub order: u8,
    pub group: ButtonGroup,
}

/// The HUD's buttons: a column on the right (side) or a bar at the bottom (stacked).
#[derive(Component)]
pub(super) struct HudButtons;

/// The sheet "More" opens, holding the secondary buttons when compact.
#[derive(Component)]
pub(super) struct MoreSheet;

/// Whether the "More" sheet is open.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SheetOpen(pub bool);

/// The "More" button (compact layouts): opens or closes the sheet of secondary buttons.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToggleMore;

/// "More" opens or closes the sheet; any other button pressed closes it (its action is done).
fn sheet_actions(
    mut more: MessageReader<Pressed<ToggleMore>>,
    mut any: MessageReader<ButtonPressed>,
    mut sheet: ResMut<SheetOpen>,
) {
    let toggles = more.read().count();
    let others = any.read().count().saturating_sub(toggles);
    let open = if others > 0 {
        false
    } else {
        sheet.0 != (toggles % 2 == 1)
    };
    sheet.set_if_neq(SheetOpen(open));
}

fn close_sheet(mut sheet: ResMut<SheetOpen>) {
    sheet.set_if_neq(SheetOpen(false));
}

/// Sets a node's field only when it differs, so unchanged nodes are not marked changed.
macro_rules! set {
    ($node:expr, $($field:ident = $value:expr),+ $(,)?) => {
        $(if $node.$field != $value { $node.$field = $value; })+
    };
}

/// Places the lines, buttons, sheet, panel and move list for the layout, one region at a time.
#[allow(clippy::type_complexity)]
fn arrange(
    mut commands: Commands,
    layout: Res<ScreenLayout>,
    (sheet, list): (Res<SheetOpen>, Res<MoveListMeasure>),
    mut nodes: ParamSet<(
        Query<&mut Node, With<HudColumn>>,
        Query<(Entity, &mut Node), With<HudButtons>>,
        Query<(Entity, &mut Node), With<MoreSheet>>,
        Query<&mut Node, With<PanelRoot>>,
        Query<&mut Node, With<PanelList>>,
        Query<&mut Node, With<MoveListRoot>>,
        Query<&mut Node, With<LeftOutWhenCompact>>,
        Query<(Entity, &HudSlot, &mut Node)>,
    )>,
) {
    let l = &*layout;
    for mut node in &mut nodes.p0() {
        place_lines(&mut node, l);
    }
    for mut node in &mut nodes.p6() {
        show_unless_compact(&mut node, l);
    }
    for mut node in &mut nodes.p3() {
        place_panel(&mut node, l);
    }
    for mut node in &mut nodes.p4() {
        size_panel_list(&mut node, l);
    }
    for mut node in &mut nodes.p5() {
        place_move_list(&mut node, l);
        let display = if l.move_list_fits(&list) {
            Display::Flex
        } else {
            Display::None
        };
        set!(node, display = display);
    }
    let column = {
        let mut buttons = nodes.p1();
        let Ok((column, mut node)) = buttons.single_mut() else {
            return;
        };
        place_button_column(&mut node, l);
        column
    };
    let sheet_entity = {
        let mut sheets = nodes.p2();
        let Ok((sheet_entity, mut node)) = sheets.single_mut() else {
            return;
        };
        place_sheet(&mut node, l, sheet.0);
        sheet_entity
    };
    // The buttons in their desktop order, split between the column (or bar) and the sheet.
    let mut slots: Vec<(u8, Entity, ButtonGroup)> = Vec::new();
    for (entity, slot, mut node) in &mut nodes.p7() {
        slots.push((slot.order, entity, slot.group));
        if slot.group == ButtonGroup::More {
            // "More" itself is there only when compact.
            let display = if l.compact {
                Display::Flex
            } else {
                Display::None
            };
            set!(node, display = display);
        }
    }
    slots.sort_unstable_by_key(|(order, ..)| *order);
    let in_sheet = |group: ButtonGroup| l.compact && group == ButtonGroup::Secondary;
    let (sheet_buttons, in_bar): (Vec<_>, Vec<_>) =
        slots.iter().partition(|(_, _, group)| in_sheet(*group));
    let entities = |slots: Vec<&(u8, Entity, ButtonGroup)>| -> Vec<Entity> {
        slots.into_iter().map(|(_, e, _)| *e).collect()
    };
    commands.entity(column).replace_children(&entities(in_bar));
    commands
        .entity(sheet_entity)
        .replace_children(&entities(sheet_buttons));
}

fn stacked(l: &ScreenLayout) -> bool {
    l.arrangement == Arrangement::Stacked
}

/// The HUD's lines: a top bar when stacked, else the left band.
fn place_lines(node: &mut Mut<Node>, l: &ScreenLayout) {
    if stacked(l) {
        set!(
            node,
            left = px(EDGE),
            top = px(EDGE),
            width = px(l.window.x - 2.0 * EDGE),
            max_height = Val::Auto
        );
    } else {
        // Inside the left band: a long line (six players' marbles home) wraps there instead
        // of running over the board; the panel under the lines shrinks to what is left of the
        // window's height (its list scrolls). A definite width, so the lines are measured at
        // the width they wrap at.
        set!(
            node,
            left = px(12),
            top = px(10),
            width = px(l.band - 16.0),
            max_height = px(l.window.y - 20.0)
        );
    }
}

/// A line a compact top bar leaves out (the last move is in the move list).
fn show_unless_compact(node: &mut Mut<Node>, l: &ScreenLayout) {
    let display = if l.compact {
        Display::None
    } else {
        Display::Flex
    };
    set!(node, display = display);
}

/// The half of the width under a stacked board that the panel and the move list each take.
fn half_width(l: &ScreenLayout) -> f32 {
    (l.window.x - 3.0 * EDGE) / 2.0
}

/// The controls panel: under the board on the left when stacked, else under the lines.
fn place_panel(node: &mut Mut<Node>, l: &ScreenLayout) {
    if stacked(l) {
        // Out of the top bar's flow, under the board (the column starts at EDGE).
        set!(
            node,
            position_type = PositionType::Absolute,
            left = px(0),
            top = px(l.board.max.y - EDGE + 4.0),
            max_width = px(half_width(l) + EDGE),
            max_height = px(l.below_board()),
            min_height = Val::Auto,
            margin = UiRect::ZERO,
            // Out of the flow its height is not known when lines break: one column.
            flex_wrap = FlexWrap::NoWrap,
        );
    } else {
        let max_height = if l.compact {
            px(l.window.y - 140.0)
        } else {
            vh(78)
        };
        set!(
            node,
            position_type = PositionType::Relative,
            left = Val::Auto,
            top = Val::Auto,
            max_width = px(l.band - 16.0),
            max_height = max_height,
            margin = UiRect::top(px(8)),
            flex_wrap = FlexWrap::NoWrap,
            // Short of room (compact) it gives way down to its title; its list scrolls.
            min_height = px(PANEL_LEAST),
            flex_shrink = if l.compact { 1.0 } else { 0.0 },
        );
    }
}

/// The least height of the controls panel beside the board: its title on two lines and
/// padding.
const PANEL_LEAST: f32 = 64.0;

/// The panel's list: as tall as its place allows (it scrolls beyond).
fn size_panel_list(node: &mut Mut<Node>, l: &ScreenLayout) {
    let max_height = if stacked(l) {
        px((l.below_board() - 36.0).max(60.0))
    } else if l.compact {
        px(l.window.y - 180.0)
    } else {
        px(520)
    };
    // A definite width: rows that wrap are measured at the width they wrap at, so the list is
    // as tall as its rows (the panel's width less its padding).
    let width = if stacked(l) {
        half_width(l) + EDGE - 12.0
    } else {
        l.band - 16.0 - 12.0
    };
    // Beside the board on a desktop there is room for every row; a compact column gives way
    // with the list (it scrolls).
    let flex_shrink = if l.compact { 1.0 } else { 0.0 };
    set!(
        node,
        max_height = max_height,
        width = px(width),
        flex_shrink = flex_shrink
    );
}

/// The move list: under the board on the right when stacked, else the bottom right corner.
fn place_move_list(node: &mut Mut<Node>, l: &ScreenLayout) {
    if stacked(l) {
        set!(
            node,
            right = px(EDGE),
            top = px(l.board.max.y + 4.0),
            bottom = Val::Auto,
            width = px(half_width(l) - EDGE),
        );
    } else {
        let width = if l.compact {
            px(l.band - 14.0)
        } else {
            px(250)
        };
        set!(
            node,
            right = px(MOVE_LIST_MARGIN),
            top = Val::Auto,
            bottom = px(MOVE_LIST_MARGIN),
            width = width
        );
    }
}

/// The buttons: a bar along the bottom when stacked, else a column on the right.
fn place_button_column(node: &mut Mut<Node>, l: &ScreenLayout) {
    if stacked(l) {
        set!(
            node,
            left = px(EDGE),
            right = px(EDGE),
            top = Val::Auto,
            bottom = px(EDGE),
            flex_direction = FlexDirection::Row,
            flex_wrap = FlexWrap::Wrap,
            justify_content = JustifyContent::Center,
            width = Val::Auto,
        );
    } else {
        // As wide as the band allows, a definite width: a long label ("Fill empty seats with
        // the computer") wraps inside its button, measured at that width, instead of reaching
        // over the board (a column as wide as its widest label gives the buttons' share of it
        // nothing to resolve against).
        set!(
            node,
            left = Val::Auto,
            right = px(10),
            top = px(10),
            bottom = Val::Auto,
            flex_direction = FlexDirection::Column,
            flex_wrap = FlexWrap::NoWrap,
            justify_content = JustifyContent::Start,
            width = px((l.band - 10.0 - EDGE).max(0.0)),
        );
    }
    set!(node, align_items = AlignItems::End);
}

/// The "More" sheet, shown while open in a compact layout: above the bar when stacked, else
/// beside the column.
fn place_sheet(node: &mut Mut<Node>, l: &ScreenLayout, open: bool) {
    let display = if l.compact && open {
        Display::Flex
    } else {
        Display::None
    };
    set!(node, display = display, padding = UiRect::all(px(6)));
    if stacked(l) {
        set!(
            node,
            left = px(EDGE),
            right = px(EDGE),
            top = Val::Auto,
            bottom = px(l.action_bar + EDGE),
            flex_direction = FlexDirection::Row,
            flex_wrap = FlexWrap::Wrap,
            justify_content = JustifyContent::Center,
            max_height = Val::Auto,
        );
    } else {
        set!(
            node,
            left = Val::Auto,
            right = px(l.band),
            top = px(10),
            bottom = Val::Auto,
            flex_direction = FlexDirection::Column,
            flex_wrap = FlexWrap::Wrap,
            justify_content = JustifyContent::Start,
            max_height = px(l.window.y - 20.0),
        );
    }
}

/// Buttons are a finger's height on touch screens.
fn size_buttons(layout: Res<ScreenLayout>, mut buttons: Query<&mut Node, With<Button>>) {
    let min_height = if layout.touch {
        px(layout.button_height())
    } else {
        Val::Auto
    };
    for mut node in &mut buttons {
        set!(node, min_height = min_height);
        if layout.touch {
            set!(node, align_items = AlignItems::Center);
        }
    }
}

/// The move list's nodes as laid out: the list, its entries, and each entry.
#[derive(bevy::ecs::system::SystemParam)]
struct MoveListNodes<'w, 's> {
    roots: Query<'w, 's, &'static ComputedNode, With<MoveListRoot>>,
    entries:
        Query<'w, 's, (&'static ComputedNode, Option<&'static Children>), With<MoveListEntries>>,
    nodes: Query<'w, 's, &'static ComputedNode>,
}

/// The interface as last laid out, for what is placed by the layout: the HUD lines' height
/// (a stacked board starts under them), the action bar's (stacked: the board ends above it),
/// and the move list's heading, entries and the column of buttons above it (how many moves
/// fit). Whole pixels, so the board is not reframed for a fraction.
fn measure_interface(
    layout: Res<ScreenLayout>,
    lines: Query<&ComputedNode, With<HudColumn>>,
    buttons: Query<(&ComputedNode, &UiGlobalTransform), With<HudButtons>>,
    list_nodes: MoveListNodes,
    mut bars: (ResMut<TopBar>, ResMut<ActionBar>),
    mut list: ResMut<MoveListMeasure>,
) {
    let logical = |node: &ComputedNode, v: f32| (v * node.inverse_scale_factor).round();
    if let Ok(node) = lines.single() {
        bars.0.set_if_neq(TopBar(logical(node, node.size.y)));
    }
    let mut measured = MoveListMeasure::default();
    if let Ok((node, at)) = buttons.single()
        && node.size.y > 0.0
    {
        if stacked(&layout) {
            bars.1.set_if_neq(ActionBar(logical(node, node.size.y)));
        } else {
            measured.column_bottom = Some(logical(node, at.translation.y + node.size.y / 2.0));
        }
    }
    let MoveListNodes {
        roots,
        entries,
        nodes,
    } = list_nodes;
    if let (Ok(root), Ok((entries, children))) = (roots.single(), entries.single())
        && root.size.y > 0.0
    {
        measured.head = Some(logical(root, root.size.y - entries.size.y));
        // The tallest entry (a move is a button, a finger's height on touch screens; the
        // first line is text).
        measured.row = children
            .into_iter()
            .flatten()
            .filter_map(|child| nodes.get(*child).ok())
            .map(|node| logical(node, node.size.y))
            .reduce(f32::max)
            .filter(|height| *height > 0.0);
    }
    // Entries built this frame are not laid out yet: keep the row as measured before, or the
    // list would be sized for the estimate, then for the measure, and so on, frame after
    // frame (one row too many on a phone every other frame).
    measured.row = measured.row.or(list.row);
    list.set_if_neq(measured);
}

pub(super) struct ArrangePlugin;

impl Plugin for ArrangePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SheetOpen>()
            .add_buttons::<ToggleMore>()
            .add_systems(OnExit(Screen::Playing), close_sheet)
            .add_systems(
                Update,
                sheet_actions
                    .run_if(on_message::<ButtonPressed>)
                    .in_set(Frame::Actions),
            )
            .add_systems(
                PostUpdate,
                (
                    arrange
                        .run_if(
                            resource_changed::<ScreenLayout>
                                .or_eager(resource_changed::<SheetOpen>)
                                .or_eager(resource_changed::<MoveListMeasure>)
                                .or_eager(any_match_filter::<Added<HudSlot>>)
                                .or_eager(any_match_filter::<Added<PanelRoot>>)
                                .or_eager(any_match_filter::<Added<MoveListRoot>>),
                        )
                        .run_if(in_state(Screen::Playing)),
                    size_buttons.run_if(
                        resource_changed::<ScreenLayout>
                            .or_eager(any_match_filter::<Added<Button>>),
                    ),
                    measure_interface.run_if(in_state(Screen::Playing)),
                )
                    .in_set(Frame::Arrange),
            );
    }
}
