//! The starhalma client (Bevy): one plugin per concern.
//!
//! - [`core`]: the `Match` resource (the engine's `Game`), `MoveRequest`, and the one system that
//!   applies or rejects requests.
//! - [`marbles`]: marble entities mirroring the engine, arc animation, the mirror check.
//! - [`ai`]: the computer's turns on the async compute pool.
//! - [`board`], [`picking`], [`camera`], [`ui`]: what the player sees and does.

pub mod ai;
pub mod board;
pub mod camera;
pub mod core;
pub mod marbles;
pub mod picking;
pub mod ui;

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
        GameLogicPlugins
            .build()
            .add(board::BoardPlugin)
            .add(picking::BoardPickingPlugin)
            .add(camera::CameraPlugin)
            .add(ui::UiPlugin)
    }
}
