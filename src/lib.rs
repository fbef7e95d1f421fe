//! The starhalma client (Bevy): one plugin per concern.
//!
//! - [`core`]: the `Match` resource (the engine's `Game`), `MoveRequest`, and the one system that
//!   applies or rejects requests.
//! - [`marbles`]: marble entities mirroring the engine, arc animation, the mirror check.
//! - [`ai`]: the computer's turns on the async compute pool.
//! - [`board`], [`picking`], [`marks`], [`camera`], [`ui`]: what the player sees and does.
//! - [`glow`]: our WGSL ring material; [`sound`]: synthesised sounds.

pub mod ai;
pub mod board;
pub mod camera;
pub mod core;
pub mod glow;
pub mod marbles;
pub mod marks;
pub mod moves;
pub mod panel;
pub mod persist;
pub mod picking;
pub mod sound;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;

use bevy::prelude::*;

/// Everything that runs without a window or GPU: the match, requests, marbles, animation and
/// the computer. Headless tests use this with `MinimalPlugins`.
pub struct GameLogicPlugins;

impl PluginGroup for GameLogicPlugins {
    fn build(self) -> bevy::app::PluginGroupBuilder {
        bevy::app::PluginGroupBuilder::start::<Self>()
            .add(core::CorePlugin)
            .add(marbles::MarblesPlugin)
            .add(ai::AiPlugin)
    }
}

/// The whole client on top of `DefaultPlugins`.
pub struct ClientPlugins;

impl PluginGroup for ClientPlugins {
    fn build(self) -> bevy::app::PluginGroupBuilder {
        let group = GameLogicPlugins
            .build()
            .add(glow::GlowPlugin)
            .add(sound::SoundPlugin)
            .add(board::BoardPlugin)
            .add(picking::BoardPickingPlugin)
            .add(marks::MarksPlugin);
        #[cfg(target_arch = "wasm32")]
        let group = group.add(web::WebPlugin);
        group
            .add(camera::CameraPlugin)
            .add(ui::UiPlugin)
            .add(panel::PanelPlugin)
            .add(moves::MoveListPlugin)
            .add(persist::PersistPlugin)
    }
}

/// A headless app (no window, no GPU) running the game logic, picking and marks around `state`:
/// what the client tests and the frame benchmark drive.
pub fn headless_app(state: core::Match) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(Assets::<Mesh>::default())
        .insert_resource(Assets::<StandardMaterial>::default())
        .insert_resource(Assets::<glow::GlowMaterial>::default())
        .insert_resource(state)
        .add_plugins(GameLogicPlugins)
        .add_plugins((picking::BoardPickingPlugin, marks::MarksPlugin));
    // The first update (by the caller, after adding what it needs) spawns the marbles.
    app.world_mut().write_message(core::GameReset);
    app
}
