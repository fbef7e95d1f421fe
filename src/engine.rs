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
/// `AudioPlugin` and with `ConsoleLogPlugin` in `LogPlugin`'s place.
pub struct EnginePlugins;

impl PluginGroup for EnginePlugins {
    fn build(self) -> PluginGroupBuilder {
        let group = PluginGroupBuilder::start::<Self>().add(bevy::app::PanicHandlerPlugin);
        #[cfg(not(target_arch = "wasm32"))]
        let group = group.add(bevy::log::LogPlugin::default());
        #[cfg(target_arch = "wasm32")]
        let group = group.add(ConsoleLogPlugin);
        let group = group
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
        let group = group
            .add(bevy::render::pipelined_rendering::PipelinedRenderingPlugin)
            // Copy link on the desktop (the page writes the browser's clipboard itself).
            .add(bevy::clipboard::ClipboardPlugin);
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

/// The web's log: warnings and errors, Bevy's default filter for those levels (wgpu's only from
/// errors), straight to the browser's console. Bevy's `LogPlugin` reaches the same console
/// through tracing-subscriber's registry and `EnvFilter` (with their regular-expression engine)
/// and tracing-wasm; the page never reads `RUST_LOG` and the wasm is compiled without events
/// below warnings (`release_max_level_warn` in Cargo.toml), so none of that is needed there.
#[cfg(target_arch = "wasm32")]
pub(crate) struct ConsoleLogPlugin;

#[cfg(target_arch = "wasm32")]
impl Plugin for ConsoleLogPlugin {
    fn build(&self, _app: &mut App) {
        // A second app in the same page (none today) keeps the first one's log.
        let _ = tracing::subscriber::set_global_default(console_log::ConsoleSubscriber);
        if log::set_logger(&console_log::ConsoleLogger).is_ok() {
            log::set_max_level(log::LevelFilter::Warn);
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod console_log {
    use std::fmt::Write as _;
    use tracing::{
        Event, Level, Metadata, Subscriber,
        field::{Field, Visit},
        level_filters::LevelFilter,
        span,
    };

    /// Bevy's `DEFAULT_FILTER` for the levels kept: warnings and errors, wgpu's errors only.
    fn shown(level: Level, target: &str) -> bool {
        if target.starts_with("wgpu") {
            level == Level::ERROR
        } else {
            level <= Level::WARN
        }
    }

    fn write_to_console(level: Level, line: &str) {
        if level == Level::ERROR {
            web_sys::console::error_1(&line.into());
        } else {
            web_sys::console::warn_1(&line.into());
        }
    }

    /// `tracing`'s events (Bevy's, the game's); spans are not recorded.
    pub(super) struct ConsoleSubscriber;

    /// An event's fields as one line: the message, then any other `name=value`.
    struct Line(String);

    impl Visit for Line {
        fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
            let _ = if field.name() == "message" {
                write!(self.0, " {value:?}")
            } else {
                write!(self.0, " {}={value:?}", field.name())
            };
        }
    }

    impl Subscriber for ConsoleSubscriber {
        fn enabled(&self, metadata: &Metadata<'_>) -> bool {
            metadata.is_event() && shown(*metadata.level(), metadata.target())
        }

        fn max_level_hint(&self) -> Option<LevelFilter> {
            Some(LevelFilter::WARN)
        }

        fn new_span(&self, _span: &span::Attributes<'_>) -> span::Id {
            // Spans are not recorded: any id will do but zero.
            span::Id::from_u64(1)
        }

        fn record(&self, _span: &span::Id, _values: &span::Record<'_>) {}

        fn record_follows_from(&self, _span: &span::Id, _follows: &span::Id) {}

        fn event(&self, event: &Event<'_>) {
            let metadata = event.metadata();
            let mut line = Line(format!("{} {}:", metadata.level(), metadata.target()));
            event.record(&mut line);
            write_to_console(*metadata.level(), &line.0);
        }

        fn enter(&self, _span: &span::Id) {}

        fn exit(&self, _span: &span::Id) {}
    }

    /// The `log` crate's records (wgpu's and naga's, among others).
    pub(super) struct ConsoleLogger;

    fn level_of(level: log::Level) -> Level {
        match level {
            log::Level::Error => Level::ERROR,
            log::Level::Warn => Level::WARN,
            log::Level::Info => Level::INFO,
            log::Level::Debug => Level::DEBUG,
            log::Level::Trace => Level::TRACE,
        }
    }

    impl log::Log for ConsoleLogger {
        fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
            shown(level_of(metadata.level()), metadata.target())
        }

        fn log(&self, record: &log::Record<'_>) {
            if self.enabled(record.metadata()) {
                let level = level_of(record.level());
                write_to_console(
                    level,
                    &format!("{level} {}: {}", record.target(), record.args()),
                );
            }
        }

        fn flush(&self) {}
    }
}
