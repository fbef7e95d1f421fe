//! The frame order, written once: every plugin puts its systems in one of these sets, and only
//! [`FramePlugin`] orders the sets. A system never names another plugin's system or set.
//!
//! `Update`: the input sets write requests and commands, core applies them, and the mirror sets
//! follow what was applied:
//!
//! ```text
//! Keys → Buttons → Actions → Asked → Files → Net → Computer → Choose   (input)
//!   → Apply                                                        (core)
//!   → Selection → Scene → Notices → Hud → Sound                    (mirror)
//! ```
//!
//! `PostUpdate`: `Arrange → Words → Access`, before Bevy lays out the interface. `PreUpdate`:
//! [`Frame::QuickTaps`] after picking has run. `PreUpdate` and `Last`: [`Frame::Rest`].
//!
//! Also here: the two frame-wide facts that several layers read, each with one writer.

use bevy::prelude::*;

#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Frame {
    /// Keys move the focus, press the focused button or stand for an action.
    Keys,
    /// Pressed buttons (the HUD's, the panel's, the move list's) become actions and choices.
    Buttons,
    /// Actions are carried out: commands and requests for core, requests for the connection.
    Actions,
    /// What an action asked of another part of the interface is done there (the rules screen
    /// opens, the guided game's script starts).
    Asked,
    /// Saves and loads (a load is a command for core).
    Files,
    /// The connection: what the interface asked, what a person here proposed, the server's
    /// events (as requests and commands).
    Net,
    /// The computer: its moves and the hints it plans.
    Computer,
    /// Presses on holes (board, panel, keyboard, a hint) update the selection and become the
    /// exact move requested.
    Choose,
    /// Core applies requests and commands: the only writer of the match.
    Apply,
    /// The selection follows what was applied.
    Selection,
    /// Marbles, marks, board and camera follow the shown game and the selection.
    Scene,
    /// Refusals become the notice.
    Notices,
    /// The interface's text and panels, and what persistence keeps.
    Hud,
    /// The sounds asked for this frame are played.
    Sound,
    /// `PreUpdate`: taps too quick for picking are aimed at the board after picking ran, and
    /// buttons pressed for one frame (a key, a quick tap, the web page) are released.
    QuickTaps,
    /// `PostUpdate`: the interface's pieces are placed for the screen layout.
    Arrange,
    /// `PostUpdate`: the words on screen are drawn in the chosen language.
    Words,
    /// `PostUpdate`: buttons get their names for screen readers (from the drawn words).
    Access,
    /// `PreUpdate`: input and loading are noticed; `Last`: the next frame is asked for, or
    /// the board rests (rest.rs).
    Rest,
}

/// Set while a move is being animated: input and the computer wait for it, and core refuses
/// moves. Written only by the marbles plugin.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Animating(pub bool);

/// Whether the match is being played on screen (not behind the menu): the computer plans only
/// then. Written only by the interface, on entering and leaving the game screen.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OnScreen(pub bool);

impl Default for OnScreen {
    fn default() -> Self {
        OnScreen(true)
    }
}

/// Orders the sets; the first plugin of the client.
pub(crate) struct FramePlugin;

impl Plugin for FramePlugin {
    fn build(&self, app: &mut App) {
        use Frame::*;
        app.init_resource::<Animating>()
            .init_resource::<OnScreen>()
            .configure_sets(
                Update,
                (
                    Keys, Buttons, Actions, Asked, Files, Net, Computer, Choose, Apply, Selection,
                    Scene, Notices, Hud, Sound,
                )
                    .chain(),
            )
            .configure_sets(
                PreUpdate,
                QuickTaps.after(bevy::picking::PickingSystems::Last),
            )
            .configure_sets(
                PostUpdate,
                (Arrange, Words, Access)
                    .chain()
                    .before(bevy::ui::UiSystems::Prepare),
            );
    }
}
