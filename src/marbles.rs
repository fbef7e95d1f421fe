//! Marble entities: one per piece, mirroring the engine's position, moved along the recorded
//! route of every applied move by an arc animation.

use crate::board::{hole_position, seat_color, symbol_color, symbol_mesh};
use crate::core::{GameReset, Match, MoveApplied, Viewing, shown_game_replaced};
use crate::frame::{Animating, Frame};
use crate::locale::{SeatSymbols, Symbol};
use crate::rest::{Awake, KeepAwake};
use crate::selection::Selection;
use crate::sound::SoundCue;
use bevy::prelude::*;
use bevy_tweening::{Lens, Tween, TweenAnim};
use starhalma_rules::{Colour, Hole, MoveKind};
use std::time::Duration;

/// A marble of `seat` (`king` in the Diamond Game).
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Marble {
    pub seat: u8,
    pub king: bool,
}

/// The hole a marble stands on: kept equal to the engine's position.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub struct OnHole(pub Hole);

/// Radius of a marble; a king is larger.
pub(crate) const MARBLE_RADIUS: f32 = 0.36;
pub(crate) const KING_RADIUS: f32 = 0.46;

/// Shared meshes and one material per seat, so a frame stays a handful of draw calls' work.
#[derive(Resource, Clone)]
struct MarbleAssets {
    marble: Handle<Mesh>,
    king: Handle<Mesh>,
    seats: Vec<Handle<StandardMaterial>>,
    /// Each camp's symbol mesh and its material.
    symbols: Vec<(Handle<Mesh>, Handle<StandardMaterial>)>,
}

/// The symbol on top of a marble (its child), shown while [`SeatSymbols`] are.
#[derive(Component)]
pub struct SymbolMark;

/// How fast moves are animated: seconds per hop (settings files keep any value; the Speed
/// button steps through [`Speed::ALL`]).
#[derive(Resource, Clone, Copy, Debug)]
pub struct AnimationSettings {
    pub seconds_per_hop: f32,
}

impl Default for AnimationSettings {
    fn default() -> Self {
        AnimationSettings {
            seconds_per_hop: Speed::DEFAULT.seconds_per_hop(),
        }
    }
}

/// The animation speeds the Speed button offers, slowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Speed {
    Slow,
    Normal,
    Fast,
    Instant,
}

impl Speed {
    pub(crate) const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];
    pub(crate) const DEFAULT: Speed = Speed::Normal;

    pub(crate) fn seconds_per_hop(self) -> f32 {
        match self {
            Speed::Slow => 0.45,
            Speed::Normal => 0.28,
            Speed::Fast => 0.14,
            Speed::Instant => 0.02,
        }
    }

    /// The offered speed closest to `seconds_per_hop`.
    pub(crate) fn nearest(seconds_per_hop: f32) -> Speed {
        Speed::ALL
            .into_iter()
            .min_by(|a, b| {
                (a.seconds_per_hop() - seconds_per_hop)
                    .abs()
                    .total_cmp(&(b.seconds_per_hop() - seconds_per_hop).abs())
            })
            .unwrap_or(Speed::DEFAULT)
    }

    /// The next speed the button offers (after the fastest, the slowest again).
    pub(crate) fn next(self) -> Speed {
        let at = Speed::ALL.iter().position(|&s| s == self).unwrap_or(0);
        Speed::ALL[(at + 1) % Speed::ALL.len()]
    }
}

/// Whether a mismatch between marbles and the engine panics (tests) or is logged.
#[derive(Resource, Clone, Copy, Debug)]
pub struct MirrorCheck {
    pub panic: bool,
}

impl Default for MirrorCheck {
    fn default() -> Self {
        MirrorCheck {
            panic: cfg!(debug_assertions),
        }
    }
}

fn create_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let seats = (0..6)
        .map(|camp| {
            materials.add(StandardMaterial {
                base_color: seat_color(camp),
                perceptual_roughness: 0.12,
                metallic: 0.05,
                reflectance: 0.7,
                ..default()
            })
        })
        .collect();
    let symbols = (0..6)
        .map(|camp| {
            let symbol = Symbol::of(Colour::BY_CAMP[camp as usize]);
            let material = materials.add(StandardMaterial {
                base_color: symbol_color(camp),
                unlit: true,
                cull_mode: None,
                ..default()
            });
            (
                meshes.add(symbol_mesh(symbol, MARBLE_RADIUS * 1.1)),
                material,
            )
        })
        .collect();
    commands.insert_resource(MarbleAssets {
        marble: meshes.add(Sphere::new(MARBLE_RADIUS)),
        king: meshes.add(Sphere::new(KING_RADIUS)),
        seats,
        symbols,
    });
}

/// Where a marble rests on `hole`.
pub fn rest_position(hole: Hole, king: bool) -> Vec3 {
    let r = if king { KING_RADIUS } else { MARBLE_RADIUS };
    hole_position(hole) + Vec3::Y * (r * 0.7)
}

/// Whether the marbles mirror a game yet: behind the first menu no game has been set out.
#[derive(Resource, Default)]
struct SetOut(bool);

/// Despawn every marble and spawn one per piece of the shown position (after a reset or a
/// switch between the live game and a replay).
fn respawn_marbles(
    mut commands: Commands,
    state: Res<Match>,
    viewing: Res<Viewing>,
    assets: Res<MarbleAssets>,
    existing: Query<Entity, With<Marble>>,
    symbols: Res<SeatSymbols>,
    mut set_out: ResMut<SetOut>,
) {
    set_out.0 = true;
    for e in &existing {
        commands.entity(e).despawn();
    }
    let shown = viewing.shown(&state);
    let pos = shown.position();
    let variant = shown.variant();
    let visibility = symbol_visibility(*symbols);
    for seat in variant.seats() {
        let camp = variant.camp_of(seat) as usize;
        let material = assets.seats[camp].clone();
        let (symbol_mesh, symbol_material) = assets.symbols[camp].clone();
        for hole in pos.holes_of(seat) {
            let king = pos.is_king(hole);
            let top = if king { KING_RADIUS } else { MARBLE_RADIUS };
            commands.spawn((
                Marble { seat, king },
                OnHole(hole),
                Mesh3d(if king {
                    assets.king.clone()
                } else {
                    assets.marble.clone()
                }),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(rest_position(hole, king)),
                // Just above the top of the sphere, so it is never inside it.
                children![(
                    SymbolMark,
                    Mesh3d(symbol_mesh.clone()),
                    MeshMaterial3d(symbol_material.clone()),
                    Transform::from_translation(Vec3::Y * (top + 0.004)),
                    visibility,
                    Pickable::IGNORE,
                )],
            ));
        }
    }
}

fn symbol_visibility(symbols: SeatSymbols) -> Visibility {
    if symbols.shown {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    }
}

/// The symbols follow their setting.
fn show_symbols(symbols: Res<SeatSymbols>, mut marks: Query<&mut Visibility, With<SymbolMark>>) {
    let wanted = symbol_visibility(*symbols);
    for mut visibility in &mut marks {
        visibility.set_if_neq(wanted);
    }
}

/// A path through the route's holes, each segment an arc: a step a low one, a hop a higher one.
struct HopPath {
    points: Vec<Vec3>,
    heights: Vec<f32>,
}

impl Lens<Transform> for HopPath {
    fn lerp(&mut self, mut target: Mut<Transform>, ratio: f32) {
        let segments = self.points.len() - 1;
        let s = (ratio * segments as f32)
            .min(segments as f32 - 1e-4)
            .max(0.0);
        let i = s.floor() as usize;
        let f = s - i as f32;
        target.translation = arc_point(self.points[i], self.points[i + 1], self.heights[i], f);
    }
}

/// How high a marble flies between two holes of a route: a step is a low arc, a hop a higher one.
pub(crate) fn segment_height(from: Hole, to: Hole) -> f32 {
    if from.distance(to) <= 1 { 0.35 } else { 0.9 }
}

/// The point at fraction `f` of a parabolic arc from `a` to `b` that rises `height` above the line.
pub(crate) fn arc_point(a: Vec3, b: Vec3, height: f32, f: f32) -> Vec3 {
    a.lerp(b, f) + Vec3::Y * height * 4.0 * f * (1.0 - f)
}

/// The time (as a fraction of the whole animation) at which the eased progress reaches
/// `progress`: the inverse of `EaseFunction::QuadraticInOut`, so landing sounds meet the landings.
fn eased_time_of(progress: f32) -> f32 {
    if progress < 0.5 {
        (progress / 2.0).sqrt()
    } else {
        1.0 - ((1.0 - progress) / 2.0).sqrt()
    }
}

/// Sounds still to be played while a marble travels: (seconds from the start, what lands).
#[derive(Component, Clone, Debug, Default)]
struct Landings {
    cues: Vec<(f32, SoundCue)>,
    elapsed: f32,
}

/// Play each landing's sound when the marble touches down.
fn sound_landings(
    mut commands: Commands,
    time: Res<Time>,
    mut travelling: Query<(Entity, &mut Landings)>,
    mut cues: MessageWriter<SoundCue>,
) {
    for (entity, mut landings) in &mut travelling {
        landings.elapsed += time.delta_secs();
        let now = landings.elapsed;
        while let Some(&(at, cue)) = landings.cues.first() {
            if at > now {
                break;
            }
            cues.write(cue);
            landings.cues.remove(0);
        }
        if landings.cues.is_empty() {
            commands.entity(entity).remove::<Landings>();
        }
    }
}

/// A fanfare when a game ends with a winner (once the last move has landed).
fn sound_game_end(
    state: Res<Match>,
    animating: Res<Animating>,
    mut announced: Local<bool>,
    mut cues: MessageWriter<SoundCue>,
) {
    let over = state.game.is_over();
    if !over {
        *announced = false;
    } else if !*announced && !animating.0 {
        *announced = true;
        if !matches!(state.game.status(), starhalma_rules::Status::Draw { .. }) {
            cues.write(SoundCue::Win);
        }
    }
}

/// Follow every applied move: update the marbles' holes and animate them along the route.
fn follow_applied_moves(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<GameReset>,
    settings: Res<AnimationSettings>,
    viewing: Res<Viewing>,
    mut marbles: Query<(Entity, &Marble, &mut OnHole, &Transform)>,
) {
    // Showing the past, the marbles are rebuilt on returning to the live game; after a reset
    // in the same frame they were just rebuilt from the game with these moves in it.
    if !viewing.is_live() || resets.read().count() > 0 {
        applied.clear();
        return;
    }
    for MoveApplied { played, .. } in applied.read() {
        let mv = played.mv;
        if mv.is_pass() {
            continue;
        }
        let mover = marbles
            .iter()
            .find(|(_, _, on, _)| on.0 == mv.from)
            .map(|(e, ..)| e);
        let other = (mv.kind == MoveKind::Swap)
            .then(|| {
                marbles
                    .iter()
                    .find(|(_, _, on, _)| on.0 == mv.to)
                    .map(|(e, ..)| e)
            })
            .flatten();
        let Some(mover) = mover else {
            error!("no marble on {} to move", mv.from);
            continue;
        };
        let (_, marble, mut on, transform) = marbles.get_mut(mover).expect("found above");
        on.0 = mv.to;
        let king = marble.king;
        let mut points: Vec<Vec3> = played
            .route
            .iter()
            .map(|&h| rest_position(h, king))
            .collect();
        points[0] = transform.translation;
        let heights = played
            .route
            .windows(2)
            .map(|w| segment_height(w[0], w[1]))
            .collect();
        let hops = played.hops().max(1) as f32;
        let secs = hops * settings.seconds_per_hop;
        animate(&mut commands, mover, points, heights, secs);
        let segments = played.route.len() - 1;
        let cues = played
            .route
            .windows(2)
            .enumerate()
            .map(|(i, w)| {
                let at = eased_time_of((i + 1) as f32 / segments as f32) * secs;
                let cue = if w[0].distance(w[1]) <= 1 {
                    SoundCue::Step
                } else {
                    SoundCue::Hop
                };
                (at, cue)
            })
            .collect();
        commands
            .entity(mover)
            .insert(Landings { cues, elapsed: 0.0 });
        if let Some(other) = other {
            let (_, marble, mut on, transform) = marbles.get_mut(other).expect("found above");
            on.0 = mv.from;
            let points = vec![transform.translation, rest_position(mv.from, marble.king)];
            animate(
                &mut commands,
                other,
                points,
                vec![0.9],
                settings.seconds_per_hop,
            );
        }
    }
}

fn animate(
    commands: &mut Commands,
    entity: Entity,
    points: Vec<Vec3>,
    heights: Vec<f32>,
    secs: f32,
) {
    let tween = Tween::new(
        EaseFunction::QuadraticInOut,
        Duration::from_secs_f32(secs.max(0.01)),
        HopPath { points, heights },
    );
    commands.entity(entity).insert(TweenAnim::new(tween));
}

/// `Animating` is set while any marble is still on its way.
fn track_animation(
    mut animating: ResMut<Animating>,
    mut keep: ResMut<KeepAwake>,
    tweens: Query<(), With<TweenAnim>>,
    landings: Query<(), With<Landings>>,
) {
    animating.set_if_neq(Animating(!tweens.is_empty()));
    // A landing's sound may come after the tween ends (its time is counted in frames).
    keep.hold(Awake::Animation, !tweens.is_empty() || !landings.is_empty());
}

/// The selected marble is lifted.
fn lift_selected(
    selection: Res<Selection>,
    mut marbles: Query<(&Marble, &OnHole, &mut Transform), Without<TweenAnim>>,
) {
    for (marble, on, mut transform) in &mut marbles {
        let rest = rest_position(on.0, marble.king);
        let y = if Some(on.0) == selection.from {
            rest.y + 0.35
        } else {
            rest.y
        };
        if transform.translation.y != y {
            transform.translation.y = y;
        }
    }
}

/// The mirror check: the marbles stand exactly where the engine's pieces are. It runs whenever
/// the game, the shown position or a marble's hole changed.
fn check_mirror(
    state: Res<Match>,
    viewing: Res<Viewing>,
    check: Res<MirrorCheck>,
    marbles: Query<(&Marble, &OnHole)>,
) {
    let pos = viewing.shown(&state).position();
    let mut seen = 0u128;
    let mut problem = None;
    for (marble, on) in &marbles {
        let hole = on.0;
        if seen & hole.bit() != 0 {
            problem = Some(format!("two marbles on {hole}")); // for developers
        }
        seen |= hole.bit();
        if pos.owner(hole) != Some(marble.seat) || pos.is_king(hole) != marble.king {
            problem = Some(format!(
                "marble of seat {} on {hole} disagrees with the engine", // for developers
                marble.seat
            ));
        }
    }
    if problem.is_none() && seen != pos.occupied() {
        problem = Some("marbles and engine pieces differ".into()); // for developers
    }
    if let Some(p) = problem {
        if check.panic {
            panic!("mirror check failed: {p}");
        }
        error!("mirror check failed: {p}");
    }
}

/// Marble entities, their animation and the mirror check (no rendering needed: headless tests
/// use it with plain asset storages).
pub(crate) struct MarblesPlugin;

impl Plugin for MarblesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<AnimationSettings>()
            .init_resource::<MirrorCheck>()
            .init_resource::<SetOut>()
            .add_plugins(bevy_tweening::TweeningPlugin)
            .add_systems(Startup, create_assets)
            .add_systems(
                Update,
                (
                    respawn_marbles.run_if(shown_game_replaced),
                    follow_applied_moves,
                    sound_landings.run_if(any_with_component::<Landings>),
                    track_animation,
                    show_symbols.run_if(resource_changed::<SeatSymbols>),
                    sound_game_end
                        .run_if(resource_changed::<Match>.or_eager(resource_changed::<Animating>)),
                    lift_selected.run_if(resource_changed::<Selection>),
                    check_mirror.run_if(
                        (|set_out: Res<SetOut>| set_out.0).and_then(
                            resource_changed::<Match>
                                .or_eager(resource_changed::<Viewing>)
                                .or_eager(any_match_filter::<Changed<OnHole>>),
                        ),
                    ),
                )
                    .chain()
                    .in_set(Frame::Scene),
            );
    }
}
