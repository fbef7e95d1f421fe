//! A board that rests: frames are drawn only while something on screen changes.
//!
//! Bevy's winit loop runs in its reactive mode. It updates for window events (input, a
//! resize, focus), for a wake from outside the loop ([`WakeSignal`]: a socket's frame, a
//! timer), when the last frame asked for another (`RequestRedraw`), and once a second while
//! something on screen counts down. What needs frames is said in one place, [`KeepAwake`]:
//! each plugin holds its own [`Awake`] reason while it needs them, and [`decide`] turns the
//! reasons into the next frame's request, [`FramesAsked`].
//!
//! Time: deadlines (the turn clock, heartbeats, the computer's pace) read `Time<Real>`, which
//! counts every second spent resting. Animations read virtual time, whose step is held to
//! [`WAKE_STEP`] on the frame that wakes from rest, so a hop that starts on a click starts at
//! its beginning instead of jumping by the seconds the board rested.

use crate::frame::Frame;
use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowEvent};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Why the app needs frames now. Each reason has one writer, the plugin named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Awake {
    /// The first seconds after start, and while the renderer compiles a pipeline (this
    /// module): what is still loading appears when it is ready, not at the next input.
    Loading,
    /// Input arrived (this module): a press, a key, the pointer, a resize, focus.
    Input,
    /// A marble travels (marbles).
    Animation,
    /// Destination rings pulse for a moment after a marble is chosen (marks).
    Pulse,
    /// The camera glides, or orbits on after a drag (camera).
    Camera,
    /// The computer plans a move or a hint (ai): its plan is looked at every frame (and on the
    /// web it is planned in slices, a slice a frame).
    Computer,
    /// A screenshot is being taken (devtools).
    Capture,
    /// A screen, page or overlay changes at the start of the next frame (ui): a press from the
    /// web page's own buttons brings no window event that would ask for that frame.
    Transition,
    /// Online (net): a turn clock counts down and the connection's heartbeat and retries are
    /// timed; one frame a second is enough for these.
    Online,
}

impl Awake {
    fn need(self) -> Need {
        match self {
            Awake::Online => Need::EverySecond,
            _ => Need::EveryFrame,
        }
    }
}

/// How often the app runs a frame, least first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Need {
    /// Only when woken: input, a socket's frame, a window event.
    #[default]
    Rest,
    /// Once a second, and when woken.
    EverySecond,
    /// Every frame.
    EveryFrame,
}

/// The reasons held now. Plugins hold and release their own; [`decide`] reads them last in
/// the frame.
#[derive(Resource, Default, Debug)]
pub struct KeepAwake(BTreeSet<Awake>);

impl KeepAwake {
    /// Hold `reason` while `needed`, release it otherwise.
    pub fn hold(&mut self, reason: Awake, needed: bool) {
        if needed {
            self.0.insert(reason);
        } else {
            self.0.remove(&reason);
        }
    }

    /// The reasons held, in order.
    pub fn reasons(&self) -> impl Iterator<Item = Awake> + '_ {
        self.0.iter().copied()
    }

    pub fn holds(&self, reason: Awake) -> bool {
        self.0.contains(&reason)
    }

    /// What the reasons held need together.
    pub fn need(&self) -> Need {
        self.0.iter().map(|r| r.need()).max().unwrap_or_default()
    }
}

/// What the last frame asked for the next (written by [`decide`] only): tests and the web
/// probe read it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FramesAsked(pub Need);

/// Frames run after the last reason was released, so whatever shows a frame late (a pipeline
/// that became ready during the frame, the layout of new text, the last step of an animation)
/// is drawn before the board rests.
const LINGER_FRAMES: u8 = 2;

/// The longest virtual-time step of the first frame after rest (a frame at 30 per second).
pub const WAKE_STEP: Duration = Duration::from_nanos(33_333_333);

/// The longest virtual-time step while frames run (Bevy's own default).
const AWAKE_STEP: Duration = Duration::from_millis(250);

/// The first seconds after start run every frame: the window maps, fonts and meshes are
/// prepared, the camera settles.
const STARTUP: Duration = Duration::from_secs(2);

/// Wakes the app from outside its loop (a socket's thread, a browser callback, a timer). In
/// a windowless app (tests) it calls what the test gave it, or nothing.
#[derive(Resource, Clone, Default)]
pub struct WakeSignal(Option<Arc<dyn Fn() + Send + Sync>>);

impl WakeSignal {
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> WakeSignal {
        WakeSignal(Some(Arc::new(wake)))
    }

    pub fn wake(&self) {
        if let Some(wake) = &self.0 {
            wake();
        }
    }
}

/// Whether the renderer is compiling pipelines: written by the render world each frame, read by
/// the main world (a pipeline that becomes ready needs a frame to be drawn).
#[derive(Resource, Clone, Default)]
struct PipelinesPending(Arc<AtomicBool>);

pub(crate) struct RestPlugin;

impl Plugin for RestPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<KeepAwake>()
            .init_resource::<FramesAsked>()
            .init_resource::<WakeSignal>()
            .init_resource::<PipelinesPending>()
            .add_message::<RequestRedraw>()
            .add_message::<WindowEvent>()
            .add_systems(
                PreUpdate,
                (notice_input, notice_loading).in_set(Frame::Rest),
            )
            .add_systems(Last, decide.in_set(Frame::Rest));
        let pending = app.world().resource::<PipelinesPending>().clone();
        if let Some(render_app) = app.get_sub_app_mut(bevy::render::RenderApp) {
            render_app.insert_resource(pending).add_systems(
                bevy::render::Render,
                report_pipelines.in_set(bevy::render::RenderSystems::Cleanup),
            );
        }
    }

    fn finish(&self, app: &mut App) {
        // The window's loop: reactive, resting until something wakes it.
        if let Some(proxy) = app
            .world()
            .get_resource::<bevy::winit::EventLoopProxyWrapper>()
        {
            let proxy = (**proxy).clone();
            app.insert_resource(WakeSignal::new(move || {
                let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
            }));
            app.insert_resource(winit_settings(Need::Rest));
        }
    }
}

/// The loop's settings for a need: frames every frame are asked one by one (`RequestRedraw`),
/// so the loop itself only ever waits for a second or for ever.
fn winit_settings(need: Need) -> bevy::winit::WinitSettings {
    let wait = match need {
        Need::EverySecond => Duration::from_secs(1),
        Need::Rest | Need::EveryFrame => Duration::MAX,
    };
    let mode = bevy::winit::UpdateMode::reactive_low_power(wait);
    bevy::winit::WinitSettings {
        focused_mode: mode,
        unfocused_mode: mode,
    }
}

fn report_pipelines(
    cache: Res<bevy::render::render_resource::PipelineCache>,
    pending: Res<PipelinesPending>,
) {
    use bevy::render::render_resource::CachedPipelineState;
    // Only pipelines being compiled (on the desktop, on a thread). A pipeline that waits for
    // a shader no plugin provides (WebGL2 has one: "sparse buffer update pipeline", a compute
    // pipeline) is queued again and refused every frame, and never drawn.
    let compiling = cache
        .pipelines()
        .any(|pipeline| matches!(pipeline.state, CachedPipelineState::Creating(_)));
    pending.0.store(compiling, Ordering::Relaxed);
}

/// Input this frame: whatever a person does to the window.
fn notice_input(mut events: MessageReader<WindowEvent>, mut keep: ResMut<KeepAwake>) {
    let input = events.read().any(|event| {
        !matches!(
            event,
            // What the app itself writes, or what changes nothing on screen.
            WindowEvent::RequestRedraw(_)
                | WindowEvent::AppLifecycle(_)
                | WindowEvent::WindowCreated(_)
                | WindowEvent::WindowCloseRequested(_)
                | WindowEvent::WindowDestroyed(_)
                | WindowEvent::WindowMoved(_)
                | WindowEvent::WindowThemeChanged(_)
                // Raw motion comes from anywhere on the desk; the pointer over the window
                // arrives as `CursorMoved`.
                | WindowEvent::MouseMotion(_)
        )
    });
    keep.hold(Awake::Input, input);
}

fn notice_loading(
    time: Res<Time<Real>>,
    pending: Res<PipelinesPending>,
    mut keep: ResMut<KeepAwake>,
) {
    let loading = time.elapsed() < STARTUP || pending.0.load(Ordering::Relaxed);
    keep.hold(Awake::Loading, loading);
}

/// Last in the frame: ask for the next frame, or let the board rest.
fn decide(
    keep: Res<KeepAwake>,
    mut linger: Local<u8>,
    mut asked: ResMut<FramesAsked>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut time: ResMut<Time<Virtual>>,
    settings: Option<ResMut<bevy::winit::WinitSettings>>,
) {
    let mut need = keep.need();
    if need == Need::EveryFrame {
        *linger = LINGER_FRAMES;
    } else if *linger > 0 {
        *linger -= 1;
        need = Need::EveryFrame;
    }
    if need == Need::EveryFrame {
        redraw.write(RequestRedraw);
    }
    asked.set_if_neq(FramesAsked(need));
    let step = if need == Need::EveryFrame {
        AWAKE_STEP
    } else {
        WAKE_STEP
    };
    if time.max_delta() != step {
        time.set_max_delta(step);
    }
    if let Some(mut settings) = settings {
        let wanted = winit_settings(need);
        // Changing the settings costs the loop an extra frame: only when the wait changes.
        if settings.focused_mode != wanted.focused_mode {
            *settings = wanted;
        }
    }
}
