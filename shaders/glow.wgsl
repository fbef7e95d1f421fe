// A soft glowing ring drawn on a flat quad: destination rings (pulsing) and last-move marks.
// The quad's UVs run 0..1; the ring sits at `params.x` of the half-size from the centre,
// `params.y` wide, pulsing at `params.z` radians per second by the fraction `params.w`.
#import bevy_pbr::{forward_io::VertexOutput, mesh_view_bindings::globals}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> color: vec4<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var<uniform> params: vec4<f32>;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
#ifdef VERTEX_UVS_A
    let d = length(in.uv - vec2<f32>(0.5, 0.5)) * 2.0;
#else
    let d = params.x;
#endif
    let band = (d - params.x) / params.y;
    let ring = exp(-band * band);
    // A faint fill inside the ring makes the target readable from far away.
    let fill = 0.22 * (1.0 - smoothstep(0.0, params.x, d));
    let pulse = 1.0 - params.w + params.w * (0.5 + 0.5 * sin(globals.time * params.z));
    let alpha = clamp((ring + fill) * pulse, 0.0, 1.0) * (1.0 - step(1.0, d)) * color.a;
    return vec4<f32>(color.rgb * (1.0 + 0.8 * ring), alpha);
}
