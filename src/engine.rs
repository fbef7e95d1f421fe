//! The engine plugins the game runs on: Bevy's `DefaultPlugins` for the features it enables,
//! in the same order, less the 2D sprite plugins.
//!
//! Why not `DefaultPlugins.build().disable::<…>()`: a disabled plugin is still constructed and
//! boxed, so its `build` and everything it reaches stay in the binary. `bevy_ui_render` needs
//! the `bevy_sprite_render` crate, but of its `SpriteRenderPlugin` (sprites, 2D meshes,
//! `ColorMaterial`, tilemaps: about 0.9 MB of wasm before wasm-opt) the interface reads only
//! the image events it extracts; [`UiImageEventsPlugin`] provides those.

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;
use bevy::render::{ExtractSchedule, RenderApp};
use bevy::sprite_render::{SpriteAssetEvents, extract_sprite_events};

/// Bevy's plugins as `DefaultPlugins` adds them for this crate's features, without
/// `SpritePlugin` and `SpriteRenderPlugin`, without deferred lighting, and on the web without
/// `AudioPlugin`.
pub struct EnginePlugins;

impl PluginGroup for EnginePlugins {
    fn build(self) -> PluginGroupBuilder {
        let group = PluginGroupBuilder::start::<Self>()
            .add(bevy::app::PanicHandlerPlugin)
            .add(bevy::log::LogPlugin::default())
            .add(bevy::app::TaskPoolPlugin::default())
            .add(bevy::diagnostic::FrameCountPlugin)
            .add(bevy::time::TimePlugin)
            .add(bevy::transform::TransformPlugin)
            .add(bevy::diagnostic::DiagnosticsPlugin)
            .add(bevy::input::InputPlugin)
            .add(bevy::input_focus::InputFocusPlugin)
            .add(bevy::input_focus::InputDispatchPlugin)
            .add(bevy::window::WindowPlugin::default())
            .add(bevy::a11y::AccessibilityPlugin);
        #[cfg(unix)]
        let group = group.add(bevy::app::TerminalCtrlCHandlerPlugin);
        let group = group
            .add(bevy::asset::AssetPlugin::default())
            .add(bevy::winit::WinitPlugin::default())
            .add(bevy::render::RenderPlugin::default())
            .add(bevy::image::ImagePlugin::default())
            .add(bevy::mesh::MeshPlugin)
            .add(bevy::camera::CameraPlugin)
            .add(bevy::light::LightPlugin);
        #[cfg(not(target_arch = "wasm32"))]
        let group = group.add(bevy::render::pipelined_rendering::PipelinedRenderingPlugin);
        let group = group
            .add(bevy::core_pipeline::CorePipelinePlugin)
            // In SpritePlugin's place: the atlas assets the interface's images read.
            .add(bevy::image::TextureAtlasPlugin)
            .add(UiImageEventsPlugin)
            .add(bevy::text::TextPlugin)
            .add(bevy::ui::UiPlugin)
            .add(bevy::ui_render::UiRenderPlugin)
            .add(bevy::pbr::PbrPlugin {
                // Every camera renders forward; deferred lighting would be code no frame runs.
                add_default_deferred_lighting_plugin: false,
                ..default()
            });
        // The page plays its sounds through Web Audio (src/sound.rs).
        #[cfg(not(target_arch = "wasm32"))]
        let group = group.add(bevy::audio::AudioPlugin::default());
        group
            .add(bevy::state::app::StatesPlugin)
            .add_group(bevy::picking::DefaultPickingPlugins)
    }
}

/// What `bevy_ui_render` takes from `SpriteRenderPlugin`: each frame's image asset events in
/// the render world, so interface images whose texture changed get new bind groups.
struct UiImageEventsPlugin;

impl Plugin for UiImageEventsPlugin {
    fn build(&self, app: &mut App) {
        if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
            render_app
                .init_resource::<SpriteAssetEvents>()
                .add_systems(ExtractSchedule, extract_sprite_events);
        }
    }
}
