//! Where the board and the interface go in a window of any shape and size, chosen by one rule
//! ([`ScreenLayout::choose`]) that the camera's framing and the interface's placement both follow.
//!
//! - **Side** (landscape and at least 600 px wide): the HUD's lines and the controls panel in a
//!   band on the left, the buttons and the move list in a band on the right, the board between.
//! - **Stacked** (portrait, or narrower than 600 px; seed 003 puts the panel "below it on narrow
//!   screens"): a top bar (whose turn, marbles home), the board under it across the whole width,
//!   then the panel and the move list side by side, the main actions in a bar at the bottom.
//! - **Compact** (always when stacked; side windows too low for the desktop's column of buttons
//!   with a move list of two under it: 686 px, 816 px on touch screens): the secondary buttons (views, speed, sound, hint, save, load, change
//!   mode) wait behind one "More" button, the actions of the moment stay one tap away.
//! - **Touch**: buttons and panel rows at least 44 px tall (logical pixels, which Bevy scales by
//!   the device pixel ratio, so they are CSS pixels on the web).

use bevy::input::touch::{TouchInput, Touches};
use bevy::prelude::*;
use bevy::ui::{ComputedNode, UiGlobalTransform};
use bevy::window::PrimaryWindow;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrangement {
    Side,
    Stacked,
}

/// Narrower than this, the layout is stacked whatever the window's shape.
const NARROW_BELOW: f32 = 600.0;
/// Space kept free at the window's edges.
pub(crate) const EDGE: f32 = 8.0;
/// The least room under a stacked board: the action bar and a few panel rows.
const STACKED_BOTTOM_MIN: f32 = 150.0;
/// A stacked board's height for each pixel of width: the angled star is about 1.3 times as wide
/// as high, the top-down one about as high as wide.
const STACKED_BOARD_PER_WIDTH: f32 = 0.9;
/// Height kept for the action bar at the bottom of a stacked layout.
pub(crate) const ACTION_BAR: f32 = 64.0;
/// Height of one move-list entry and of the list's heading and replay buttons.
const MOVE_ROW: f32 = 20.0;
const MOVE_LIST_HEAD: f32 = 84.0;
/// The buttons of the desktop's column in an offline game (Angled … Change mode).
const DESKTOP_COLUMN: f32 = 13.0;
/// The most moves the list shows.
pub(crate) const MOVE_LIST_MOST: usize = 10;
/// The least height of a button on a touch screen, as platform guidelines ask for fingers.
pub const TOUCH_TARGET: f32 = 44.0;

/// The layout of the window, in logical pixels from its top left.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct ScreenLayout {
    pub window: Vec2,
    pub arrangement: Arrangement,
    pub compact: bool,
    pub touch: bool,
    /// Where the whole star (every hole and the marbles on it) is framed.
    pub board: Rect,
    /// Side: the width of each band beside the board.
    pub band: f32,
    /// Stacked: the height of the action bar under the panel and the move list.
    pub action_bar: f32,
}

impl Default for ScreenLayout {
    fn default() -> Self {
        ScreenLayout::choose(Vec2::new(1280.0, 800.0), false, 0.0)
    }
}

impl ScreenLayout {
    /// The layout for a window of `window` logical pixels, touched or not, whose HUD lines
    /// (stacked: the top bar) are `top_bar` high.
    pub fn choose(window: Vec2, touch: bool, top_bar: f32) -> ScreenLayout {
        ScreenLayout::choose_with_bars(window, touch, top_bar, ACTION_BAR, 0.0)
    }

    /// The same, the action bar (stacked) as tall as `action_bar` (its buttons on two rows in a
    /// narrow window) and at least `below_least` kept under the board for the panel and the
    /// move list (its heading, buttons and first line as laid out).
    pub fn choose_with_bars(
        window: Vec2,
        touch: bool,
        top_bar: f32,
        action_bar: f32,
        below_least: f32,
    ) -> ScreenLayout {
        let (w, h) = (window.x.max(1.0), window.y.max(1.0));
        let stacked = w < NARROW_BELOW || h > w;
        let action_bar = action_bar.max(ACTION_BAR);
        if stacked {
            let top = (EDGE + top_bar + 4.0).min(h * 0.4);
            let under = (STACKED_BOTTOM_MIN - ACTION_BAR).max(below_least + EDGE + 8.0);
            let bottom = under + action_bar;
            let room = (h - top - bottom).max(h * 0.3);
            let height = (w * STACKED_BOARD_PER_WIDTH).min(room);
            ScreenLayout {
                window,
                arrangement: Arrangement::Stacked,
                compact: true,
                touch,
                board: Rect::new(0.0, top, w, top + height),
                band: 0.0,
                action_bar,
            }
        } else {
            // Wide enough for the lines, wider where the star (about 1.3 times as wide as high
            // when angled) leaves room.
            let board_height = h - 2.0 * EDGE;
            // Compact where the desktop's whole column of buttons and a move list of two do
            // not fit one above the other.
            let pitch = if touch { TOUCH_TARGET } else { 34.0 } + 8.0;
            let column = 2.0 * EDGE + DESKTOP_COLUMN * pitch + MOVE_LIST_HEAD + 2.0 * MOVE_ROW;
            let compact = h < column;
            // A compact band holds the lines and panel a wide one has room for beside it.
            let share = if compact { 0.25 } else { 0.17 };
            let band = (share * w)
                .clamp(150.0, 250.0)
                .max((w - board_height * 1.3) / 2.0)
                .min(w * 0.3);
            ScreenLayout {
                window,
                arrangement: Arrangement::Side,
                compact,
                touch,
                board: Rect::new(band, EDGE, w - band, h - EDGE),
                band,
                action_bar,
            }
        }
    }

    /// The least height of a button: a finger's on touch screens.
    pub fn button_height(&self) -> f32 {
        if self.touch { TOUCH_TARGET } else { 0.0 }
    }

    /// One button's height with its margins, as laid out.
    fn button_pitch(&self) -> f32 {
        self.button_height().max(34.0) + 8.0
    }

    /// How many moves the move list has room for: as last laid out where it was (the
    /// list's heading and buttons, its entries, the column of buttons above it), else as
    /// estimated.
    pub fn move_list_rows(&self, measured: &MoveListMeasure) -> usize {
        let head = measured.head.unwrap_or(MOVE_LIST_HEAD);
        let row = measured.row.unwrap_or(MOVE_ROW).max(1.0);
        // None where even one does not fit: the heading and the replay buttons stay.
        (((self.move_list_room(measured) - head) / row)
            .floor()
            .max(0.0) as usize)
            .min(MOVE_LIST_MOST)
    }

    /// Whether the move list's heading and replay buttons fit under the column of buttons (a
    /// landscape phone's host, waiting, has a tall column: the list then gives way).
    pub fn move_list_fits(&self, measured: &MoveListMeasure) -> bool {
        self.move_list_room(measured) >= measured.head.unwrap_or(MOVE_LIST_HEAD)
    }

    /// The height the move list may take.
    fn move_list_room(&self, measured: &MoveListMeasure) -> f32 {
        match (self.arrangement, measured.column_bottom) {
            // Between the column of buttons and the list's place at the bottom right.
            (Arrangement::Side, Some(bottom)) => self.window.y - MOVE_LIST_MARGIN - bottom - 6.0,
            // Under the column of buttons: More and three actions when compact.
            (Arrangement::Side, None) if self.compact => {
                self.window.y - 2.0 * EDGE - 4.0 * self.button_pitch()
            }
            // Under the desktop's whole column (its offline game buttons, Angled to Change
            // mode): at 1280x800 a list of ten ran under the last of them.
            (Arrangement::Side, None) => {
                self.window.y - 2.0 * EDGE - DESKTOP_COLUMN * self.button_pitch()
            }
            (Arrangement::Stacked, _) => self.below_board() - 4.0,
        }
    }

    /// Stacked: the room between the board and the action bar.
    pub fn below_board(&self) -> f32 {
        (self.window.y - self.board.max.y - self.action_bar - EDGE).max(0.0)
    }
}

/// What a laid-out interface node covers, for checks that nothing covers the board: visible
/// nodes that draw something (a background, or text).
pub(crate) type CoverQuery<'w, 's> = Query<
    'w,
    's,
    (
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static InheritedVisibility,
        Option<&'static BackgroundColor>,
        Has<Text>,
    ),
>;

/// A laid-out node's rectangle in logical pixels.
pub(crate) fn node_rect(node: &ComputedNode, at: &UiGlobalTransform) -> Rect {
    let scale = node.inverse_scale_factor;
    Rect::from_center_size(at.translation * scale, node.size * scale)
}

/// A length in pixels for the probes' JSON, to a tenth of a pixel.
pub(crate) fn tenth(pixels: f32) -> f32 {
    (pixels * 10.0).round() / 10.0
}

/// `[min x, min y, max x, max y]` of `rect` scaled by `scale`, for the probes' JSON.
pub(crate) fn rect_pixels(rect: &Rect, scale: f32) -> [f32; 4] {
    [rect.min.x, rect.min.y, rect.max.x, rect.max.y].map(|v| tenth(v * scale))
}

/// The rectangles (logical pixels) the interface draws on.
pub(crate) fn covered_rects(nodes: &CoverQuery) -> Vec<Rect> {
    nodes
        .iter()
        .filter(|(node, _, visible, background, text)| {
            let draws = *text || background.is_some_and(|b| b.0.alpha() > 0.0);
            visible.get() && draws && node.size.x > 0.0 && node.size.y > 0.0
        })
        .map(|(node, at, ..)| node_rect(node, at))
        .collect()
}

/// The height of the HUD's lines as last laid out, written by the interface (a stacked board
/// starts under them).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct TopBar(pub f32);

/// Stacked: the action bar's height as last laid out, written by the interface (the board
/// leaves room for it when its buttons take two rows).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub(crate) struct ActionBar(pub f32);

impl Default for ActionBar {
    fn default() -> Self {
        ActionBar(ACTION_BAR)
    }
}

/// The move list as last laid out, written by the interface; `None` before its first layout
/// (and in apps without one), where the estimates stand in.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveListMeasure {
    /// The heading and the replay buttons, with the list's padding.
    pub head: Option<f32>,
    /// One entry.
    pub row: Option<f32>,
    /// Side layouts: where the column of buttons above the list ends.
    pub column_bottom: Option<f32>,
}

/// The move list's distance from the window's bottom and right edges (side layouts).
pub(crate) const MOVE_LIST_MARGIN: f32 = 10.0;

/// Whether this is a touch screen: the browser says so at start (a coarse pointer or touch
/// points), and any touch proves it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TouchScreen(pub bool);

/// Whether touch `id` went down and up within this frame: such a tap shows neither as a touch
/// still down to bevy_ui's focus system nor as a pointer picking could hover.
pub(crate) fn quick_tap(touches: &Touches, id: u64) -> bool {
    touches.just_pressed(id) && touches.just_released(id)
}

fn notice_touch(mut touches: MessageReader<TouchInput>, mut touch: ResMut<TouchScreen>) {
    if touches.read().count() > 0 {
        touch.set_if_neq(TouchScreen(true));
    }
}

/// The layout follows the primary window (headless apps without one keep the default) and
/// changes only when the choice does.
fn choose_layout(
    windows: Query<&Window, With<PrimaryWindow>>,
    touch: Res<TouchScreen>,
    (top_bar, action_bar): (Res<TopBar>, Res<ActionBar>),
    list: Res<MoveListMeasure>,
    mut layout: ResMut<ScreenLayout>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let size = Vec2::new(window.width(), window.height());
    if size.x < 1.0 || size.y < 1.0 {
        return; // minimised
    }
    let list_least = list.head.unwrap_or(0.0) + list.row.unwrap_or(0.0);
    layout.set_if_neq(ScreenLayout::choose_with_bars(
        size,
        touch.0,
        top_bar.0,
        action_bar.0,
        list_least,
    ));
}

/// The layout is chosen in `PreUpdate`, so every system of a frame sees the same one.
pub(crate) struct LayoutPlugin;

impl Plugin for LayoutPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ScreenLayout>()
            .init_resource::<TopBar>()
            .init_resource::<ActionBar>()
            .init_resource::<MoveListMeasure>()
            .init_resource::<TouchScreen>()
            .add_message::<TouchInput>()
            .add_systems(PreUpdate, (notice_touch, choose_layout).chain());
    }
}
