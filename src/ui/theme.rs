//! The interface's look in one place: its colours and its text sizes (logical pixels). The
//! seats' colours are the board's (`board::seat_color`), the same on the board and in words.

use bevy::prelude::Color;

/// The main lines: the turn, titles, a rules section's text.
pub(super) const TEXT: Color = Color::WHITE;
/// Secondary text lines.
pub(super) const SOFT_TEXT: Color = Color::srgb(0.85, 0.88, 0.95);
/// Headings (panel title, "Moves", a rules section's title).
pub(super) const HEADING: Color = Color::srgb(1.0, 0.85, 0.5);
/// The HUD's notice: a refusal, a hint that cannot be given.
pub(super) const NOTICE_TEXT: Color = Color::srgb(1.0, 0.75, 0.4);
/// The HUD's online line.
pub(super) const ONLINE_TEXT: Color = Color::srgb(0.55, 0.9, 1.0);
/// The guided first game's instruction.
pub(super) const GUIDE_TEXT: Color = Color::srgb(0.55, 1.0, 0.6);
/// The move list's entries.
pub(super) const LIST_TEXT: Color = Color::srgb(0.88, 0.9, 0.95);
/// The board drawn as text in the panel.
pub(super) const TEXT_BOARD: Color = Color::srgb(0.9, 0.92, 0.96);

pub(super) const BUTTON_BACKGROUND: Color = Color::srgb(0.16, 0.18, 0.24);
pub(super) const BUTTON_SELECTED: Color = Color::srgb(0.25, 0.45, 0.75);
pub(super) const BUTTON_BORDER: Color = Color::srgb(0.45, 0.5, 0.6);
/// The border of the button the keyboard is on.
pub(super) const FOCUS_BORDER: Color = Color::srgb(1.0, 0.85, 0.2);
/// The move list's entry for the position shown.
pub(super) const SHOWN_ENTRY: Color = Color::srgb(0.55, 0.4, 0.1);

/// Backing of the panel and the move list: the board shows through a little, and light text
/// reads on its lightest wood (contrast at least 4.5, the layout test's check).
pub(super) const PANEL_BACKGROUND: Color = Color::srgba(0.04, 0.05, 0.09, 0.88);
/// Backing of the "More" sheet, which opens over the board and the panel (opaque: what it
/// covers must not show between its buttons).
pub(super) const SHEET_BACKGROUND: Color = Color::srgb(0.06, 0.07, 0.11);
/// The menu over the waiting board.
pub(super) const MENU_BACKGROUND: Color = Color::srgba(0.02, 0.03, 0.06, 0.75);
/// Behind a paragraph over the board: dark enough that light text reads on the wood.
pub(super) const READING_PANEL: Color = Color::srgba(0.04, 0.05, 0.09, 0.88);
/// The game-over panel (opaque: the board must not show through its words) and its gold edge.
pub(super) const RESULT_BACKGROUND: Color = Color::srgb(0.05, 0.06, 0.1);
pub(super) const RESULT_BORDER: Color = Color::srgb(1.0, 0.75, 0.3);
/// How to play: the shade over the game and the page's backing.
pub(super) const MODAL_SHADE: Color = Color::srgba(0.0, 0.0, 0.0, 0.55);
pub(super) const MODAL_BACKGROUND: Color = Color::srgb(0.04, 0.05, 0.09);

/// How to play's small boards: wood, empty holes, a king's gold edge, and the marks of a
/// diagram's move (from, through, to), a refused destination and highlighted holes.
pub(super) const DIAGRAM_WOOD: Color = Color::srgb(0.36, 0.24, 0.14);
pub(super) const DIAGRAM_HOLE: Color = Color::srgb(0.16, 0.1, 0.06);
pub(super) const DIAGRAM_KING_EDGE: Color = Color::srgb(1.0, 0.84, 0.2);
pub(super) const DIAGRAM_FROM: Color = Color::WHITE;
pub(super) const DIAGRAM_THROUGH: Color = Color::srgb(1.0, 0.85, 0.3);
pub(super) const DIAGRAM_TO: Color = Color::srgb(0.3, 1.0, 0.45);
pub(super) const DIAGRAM_REFUSED: Color = Color::srgb(1.0, 0.2, 0.2);
pub(super) const DIAGRAM_HIGHLIGHT: Color = Color::srgb(0.4, 0.85, 1.0);

/// Text sizes.
pub(super) mod size {
    /// The menu's title.
    pub(in crate::ui) const TITLE: f32 = 48.0;
    /// The game-over result and How to play's title.
    pub(in crate::ui) const RESULT: f32 = 28.0;
    /// The HUD's turn line.
    pub(in crate::ui) const TURN: f32 = 24.0;
    /// A rules section's title.
    pub(in crate::ui) const SECTION: f32 = 22.0;
    /// The guide's instruction, the game-over panel's other lines.
    pub(in crate::ui) const PROMINENT: f32 = 20.0;
    /// The HUD's lines, the panel's title.
    pub(in crate::ui) const LINE: f32 = 18.0;
    /// Running text: a rules section, how the game was decided.
    pub(in crate::ui) const BODY: f32 = 17.0;
    /// Small lines: the room link, the move list's heading, the rule summary.
    pub(in crate::ui) const SMALL: f32 = 16.0;
    /// A diagram's caption.
    pub(in crate::ui) const CAPTION: f32 = 15.0;
    /// The move list's entries, the board as text.
    pub(in crate::ui) const LIST: f32 = 14.0;
}
