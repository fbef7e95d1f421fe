//! The 3D board: where holes are in the world, the star-shaped board with its holes and tinted
//! triangles, lights and background.

use crate::core::{GameReset, Match};
use crate::frame::Frame;
use crate::locale::Symbol;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use starhalma_rules::{Colour, Hole, RuleSet, Variant};

/// Distance between neighbouring holes.
pub(crate) const SPACING: f32 = 1.0;
/// Height of the board's top surface.
pub(crate) const BOARD_TOP: f32 = 0.0;

/// The world position of a hole on the board's surface. Axial `(q, r)` maps to `x = q + r/2`,
/// `z = r·√3/2`, so seen from above (+Y, with -Z up the screen) the board looks like the seed's
/// picture and turn order (camp 0, 1, 2, ...) runs clockwise.
pub(crate) fn hole_position(hole: Hole) -> Vec3 {
    let c = hole.coord();
    let (q, r) = (c.q as f32, c.r as f32);
    Vec3::new(
        SPACING * (q + r / 2.0),
        BOARD_TOP,
        SPACING * r * 3f32.sqrt() / 2.0,
    )
}

/// The colour of the seat starting in `camp`. Chosen against the colours as rendered (lit and
/// tonemapped, sampled at the marbles in a screenshot), where yellow comes out darker and every
/// dark colour lighter than here: every pair stays apart under simulated protanopia,
/// deuteranopia and tritanopia as well as normal vision, and each still reads as its name.
/// Lightness separates what hue cannot: a deep red, a mid orange and a light yellow; a deep
/// purple and a light blue; a mint green. Checked by the client's colour-vision test (these
/// values) and the screenshot test (the rendered ones).
pub fn seat_color(camp: u8) -> Color {
    match Colour::BY_CAMP[camp as usize % 6] {
        Colour::Red => Color::srgb(0.52, 0.02, 0.10),
        Colour::Purple => Color::srgb(0.30, 0.02, 0.50),
        Colour::Yellow => Color::srgb(0.98, 0.95, 0.05),
        Colour::Blue => Color::srgb(0.28, 0.42, 0.98),
        Colour::Green => Color::srgb(0.25, 0.88, 0.72),
        Colour::Orange => Color::srgb(0.80, 0.35, 0.06),
    }
}

/// A hole of the board (its pickable disk).
#[derive(Component, Clone, Copy, Debug)]
pub(crate) struct HoleSpot(pub Hole);

/// The board's tinted triangles and tip marks, rebuilt for each game's seating.
#[derive(Component)]
struct CampTint;

/// The Diamond Game's ◎: a double ring round the tip of a colour's triangle.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
struct TipMark;

/// The holes the board marks ◎: in the Diamond Game the tip of each triangle of a seated
/// colour, where its king starts and where it must end (seed 003: "the tip of the triangle,
/// marked ◎"); none in the other rule sets.
pub fn marked_tips(variant: Variant) -> Vec<Hole> {
    if variant.rules() != RuleSet::Diamond {
        return Vec::new();
    }
    variant
        .seats()
        .flat_map(|seat| {
            let camp = variant.camp_of(seat);
            [camp, (camp + 3) % 6].map(starhalma_rules::board::camp_tip)
        })
        .collect()
}

#[derive(Resource, Clone)]
struct BoardAssets {
    tint: Vec<Handle<StandardMaterial>>,
    triangle: Handle<Mesh>,
    tip_mark: Handle<Mesh>,
    tip_material: Handle<StandardMaterial>,
}

/// The star outline: 12 corners, tips and inner corners alternating.
fn star_outline(margin: f32) -> Vec<Vec2> {
    let tip = 8.0 * 3f32.sqrt() / 2.0 * SPACING + margin * 2.0;
    let inner = 4.0 * SPACING + margin;
    (0..12)
        .map(|i| {
            // Camp 0's tip (8,-4) lies at -30°; tips every 60°, inner corners between.
            let angle = (-30.0 + 30.0 * i as f32).to_radians();
            let radius = if i % 2 == 0 { tip } else { inner };
            Vec2::new(angle.cos(), angle.sin()) * radius
        })
        .collect()
}

/// An extruded star: top face as a fan from the centre, plus side walls.
fn star_mesh(margin: f32, thickness: f32) -> Mesh {
    let outline = star_outline(margin);
    let mut positions: Vec<[f32; 3]> = vec![[0.0, BOARD_TOP, 0.0]];
    let mut normals: Vec<[f32; 3]> = vec![[0.0, 1.0, 0.0]];
    let mut indices: Vec<u32> = Vec::new();
    for p in &outline {
        positions.push([p.x, BOARD_TOP, p.y]);
        normals.push([0.0, 1.0, 0.0]);
    }
    let n = outline.len() as u32;
    for i in 0..n {
        // Counter-clockwise seen from above (+Y): centre, next, this.
        indices.extend([0, 1 + (i + 1) % n, 1 + i]);
    }
    for i in 0..n as usize {
        let a = outline[i];
        let b = outline[(i + 1) % n as usize];
        let edge = b - a;
        let normal = Vec3::new(edge.y, 0.0, -edge.x).normalize();
        let base = positions.len() as u32;
        for (p, y) in [
            (a, BOARD_TOP),
            (b, BOARD_TOP),
            (b, BOARD_TOP - thickness),
            (a, BOARD_TOP - thickness),
        ] {
            positions.push([p.x, y, p.y]);
            normals.push(normal.to_array());
        }
        indices.extend([base, base + 2, base + 1, base, base + 3, base + 2]);
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

/// A flat triangle covering a camp (camp 0's, turned into place per camp).
fn camp_triangle_mesh() -> Mesh {
    // Camp 0's corners are (5,-4), (8,-4), (5,-1); grow the triangle a little past them.
    let corner = |q: i8, r: i8| {
        let p = hole_position(Hole::at(starhalma_rules::Coord::new(q, r)).expect("on board"));
        Vec2::new(p.x, p.z)
    };
    let (a, b, c) = (corner(5, -4), corner(8, -4), corner(5, -1));
    let centre = (a + b + c) / 3.0;
    let grow = |p: Vec2| centre + (p - centre) * 1.32;
    let pts = [grow(a), grow(b), grow(c)];
    let positions: Vec<[f32; 3]> = pts.iter().map(|p| [p.x, BOARD_TOP + 0.004, p.y]).collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 1.0, 0.0]; 3])
    .with_inserted_indices(Indices::U32(vec![0, 2, 1]))
}

fn setup_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.80, 0.62, 0.42),
        perceptual_roughness: 0.55,
        double_sided: true,
        cull_mode: None,
        ..default()
    });
    commands.spawn((
        Mesh3d(meshes.add(star_mesh(0.7, 0.45))),
        MeshMaterial3d(wood),
        Transform::default(),
        Pickable::IGNORE,
    ));
    let hole = meshes.add(Cylinder::new(0.3, 0.02));
    let hole_material = materials.add(StandardMaterial {
        base_color: Color::srgb(0.22, 0.14, 0.08),
        perceptual_roughness: 0.9,
        ..default()
    });
    for h in Hole::all() {
        commands.spawn((
            HoleSpot(h),
            Mesh3d(hole.clone()),
            MeshMaterial3d(hole_material.clone()),
            Transform::from_translation(hole_position(h) + Vec3::Y * 0.005),
        ));
    }
    let tint = (0..6)
        .map(|camp| {
            materials.add(StandardMaterial {
                base_color: seat_color(camp).mix(&Color::WHITE, 0.25),
                perceptual_roughness: 0.6,
                ..default()
            })
        })
        .collect();
    commands.insert_resource(BoardAssets {
        tint,
        triangle: meshes.add(camp_triangle_mesh()),
        tip_mark: meshes.add(double_ring_mesh()),
        tip_material: hole_material,
    });
    // Light and air.
    commands.spawn((
        DirectionalLight {
            illuminance: 6_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-6.0, 14.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(0.85, 0.88, 1.0),
        brightness: 350.0,
        ..default()
    });
    // The background: the colour a lit floor far below the board showed. It was flat anyway,
    // and as a mesh it was shaded pixel by pixel behind everything: half of each frame's time in
    // software rendering (SwiftShader, 1280x800: 1.9 s a frame with it, 0.95 s without).
    commands.insert_resource(ClearColor(BACKDROP));
}

/// The background around the board: what interface text outside the board is drawn on.
pub const BACKDROP: Color = Color::srgb_u8(60, 79, 95);

/// Tint the triangles of the seated colours for each new game; in the Diamond Game both
/// triangles of a colour.
fn tint_camps(
    mut commands: Commands,
    state: Res<Match>,
    assets: Res<BoardAssets>,
    old: Query<Entity, With<CampTint>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let variant = state.game.variant();
    for seat in variant.seats() {
        let camp = variant.camp_of(seat);
        let mut camps = vec![camp];
        if variant.rules() == RuleSet::Diamond {
            camps.push((camp + 3) % 6);
        }
        for c in camps {
            // Camp 0's triangle turned by c × 60° about the centre (R turns clockwise here).
            let angle = -(c as f32) * std::f32::consts::FRAC_PI_3;
            commands.spawn((
                CampTint,
                Mesh3d(assets.triangle.clone()),
                MeshMaterial3d(assets.tint[camp as usize].clone()),
                Transform::from_rotation(Quat::from_rotation_y(angle)),
                Pickable::IGNORE,
            ));
        }
    }
    for tip in marked_tips(variant) {
        commands.spawn((
            CampTint,
            TipMark,
            Mesh3d(assets.tip_mark.clone()),
            MeshMaterial3d(assets.tip_material.clone()),
            Transform::from_translation(hole_position(tip) + Vec3::Y * 0.006),
            Pickable::IGNORE,
        ));
    }
}

/// ◎ round a hole: two thin rings outside its rim, flat on the board.
fn double_ring_mesh() -> Mesh {
    let (mut positions, mut indices) = flat_ring(0.37, 0.34, 40, 0);
    let (outer_positions, outer_indices) = flat_ring(0.46, 0.42, 40, positions.len() as u32);
    positions.extend(outer_positions);
    indices.extend(outer_indices);
    flat_mesh(positions, indices)
}

/// A ring between radii `outer` and `inner` in the XZ plane, facing up: `n` outer vertices
/// (counter-clockwise seen from above, from +X), then `n` inner ones; its triangles' indices
/// start at `base`.
fn flat_ring(outer: f32, inner: f32, n: u32, base: u32) -> (Vec<Vec3>, Vec<u32>) {
    let at = |i: u32, radius: f32| {
        let angle = i as f32 * std::f32::consts::TAU / n as f32;
        Vec3::new(radius * angle.cos(), 0.0, -radius * angle.sin())
    };
    let positions = (0..n)
        .map(|i| at(i, outer))
        .chain((0..n).map(|i| at(i, inner)))
        .collect();
    let indices = (0..n)
        .flat_map(|i| {
            let j = (i + 1) % n;
            let (outer_i, outer_j, inner_i, inner_j) =
                (base + i, base + j, base + i + n, base + j + n);
            [outer_i, outer_j, inner_j, outer_i, inner_j, inner_i]
        })
        .collect();
    (positions, indices)
}

/// A flat mesh facing up (+Y) from its vertices and triangles.
fn flat_mesh(positions: Vec<Vec3>, indices: Vec<u32>) -> Mesh {
    let count = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![Vec3::Y; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![Vec2::ZERO; count])
    .with_inserted_indices(Indices::U32(indices))
}

pub(crate) struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, setup_board).add_systems(
            Update,
            tint_camps
                .run_if(on_message::<GameReset>)
                .in_set(Frame::Scene),
        );
    }
}

/// A flat mesh of `symbol`, `size` across, lying in the XZ plane and seen from above (+Y): the
/// mark on top of each of a seat's marbles.
pub(crate) fn symbol_mesh(symbol: Symbol, size: f32) -> Mesh {
    let r = size / 2.0;
    // A point at `angle` (radians, counter-clockwise seen from above, 0 to the right).
    let at = |angle: f32, radius: f32| Vec3::new(radius * angle.cos(), 0.0, -radius * angle.sin());
    let around = |n: usize, radius: &dyn Fn(usize) -> f32, turn: f32| -> Vec<Vec3> {
        (0..n)
            .map(|i| {
                at(
                    turn + i as f32 * std::f32::consts::TAU / n as f32,
                    radius(i),
                )
            })
            .collect()
    };
    use std::f32::consts::FRAC_PI_2;
    let (positions, indices) = match symbol {
        Symbol::Ring => flat_ring(r, r * 0.55, 32, 0),
        fan_shape => {
            let outline = match fan_shape {
                Symbol::Dot => around(32, &|_| r * 0.8, 0.0),
                Symbol::Triangle => around(3, &|_| r, FRAC_PI_2),
                Symbol::Square => around(4, &|_| r, FRAC_PI_2 / 2.0),
                Symbol::Diamond => around(4, &|_| r, 0.0),
                // Five points: outer and inner corners alternate.
                _ => around(10, &|i| if i % 2 == 0 { r } else { r * 0.42 }, FRAC_PI_2),
            };
            let n = outline.len() as u32;
            let mut positions = vec![Vec3::ZERO];
            positions.extend(outline);
            let indices = (0..n).flat_map(|i| [0, 1 + i, 1 + (i + 1) % n]).collect();
            (positions, indices)
        }
    };
    flat_mesh(positions, indices)
}

/// The colour of a seat's symbol: dark on the light marbles, white on the dark ones, whichever
/// has the higher contrast ratio (the two cross at a relative luminance of 0.179).
pub(crate) fn symbol_color(camp: u8) -> Color {
    let LinearRgba {
        red, green, blue, ..
    } = seat_color(camp).to_linear();
    if 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.179 {
        Color::srgb(0.08, 0.08, 0.1)
    } else {
        Color::srgb(0.97, 0.97, 0.97)
    }
}
