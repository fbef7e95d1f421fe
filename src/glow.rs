//! The glow material: a soft, pulsing ring drawn by our own WGSL shader (`shaders/glow.wgsl`,
//! embedded in the binary), used for destination rings and last-move marks.

use bevy::asset::uuid_handle;
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

/// The shader, inserted under a fixed handle so no asset file is needed (desktop and web alike).
pub(crate) const GLOW_SHADER: Handle<Shader> = uuid_handle!("6f1d3c52-8f0e-4f7a-9b61-2c4e5a7d9e13");

/// A ring of light on a flat quad (`Plane3d`, UVs 0..1).
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub(crate) struct GlowMaterial {
    /// Colour and overall opacity.
    #[uniform(0)]
    pub color: LinearRgba,
    /// x: ring radius (fraction of the half-size), y: ring width, z: pulse speed (rad/s),
    /// w: pulse depth (0 = steady).
    #[uniform(1)]
    pub params: Vec4,
}

impl GlowMaterial {
    /// How deep a pulsing ring's pulse goes (a fraction of its brightness).
    pub(crate) const PULSE_DEPTH: f32 = 0.45;

    /// A pulsing ring: where the selected marble can go.
    pub(crate) fn pulsing(color: Color) -> GlowMaterial {
        GlowMaterial {
            color: color.to_linear(),
            params: Vec4::new(0.62, 0.16, 4.0, Self::PULSE_DEPTH),
        }
    }

    /// A steady ring: a mark that stays (the origin of someone's last move).
    pub(crate) fn steady(color: Color) -> GlowMaterial {
        GlowMaterial {
            color: color.to_linear(),
            params: Vec4::new(0.6, 0.13, 0.0, 0.0),
        }
    }
}

impl Material for GlowMaterial {
    fn fragment_shader() -> ShaderRef {
        GLOW_SHADER.into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        AlphaMode::Blend
    }
}

/// Registers the shader and the material's render pipeline (rendering builds only; headless
/// tests use a plain `Assets<GlowMaterial>`).
pub(crate) struct GlowPlugin;

impl Plugin for GlowPlugin {
    fn build(&self, app: &mut App) {
        let shader = Shader::from_wgsl(include_str!("../shaders/glow.wgsl"), "shaders/glow.wgsl");
        app.world_mut()
            .resource_mut::<Assets<Shader>>()
            .insert(&GLOW_SHADER, shader)
            .expect("a UUID handle always accepts an asset");
        app.add_plugins(MaterialPlugin::<GlowMaterial>::default());
    }
}
