//! Seat colours for every eye: the six marble colours stay apart under simulated protanopia,
//! deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, severity 1), measured as
//! CIEDE2000 distances. The screenshot test runs the same check on the colours as rendered.

use bevy::color::{Color, Srgba};
use starhalma::testing::seat_color;

/// The kinds of colour vision checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Vision {
    Normal,
    Protanopia,
    Deuteranopia,
    Tritanopia,
}

pub(crate) const VISIONS: [Vision; 4] = [
    Vision::Normal,
    Vision::Protanopia,
    Vision::Deuteranopia,
    Vision::Tritanopia,
];

/// Machado 2009's matrices for severity 1.0, on linear RGB.
fn matrix(vision: Vision) -> [[f32; 3]; 3] {
    match vision {
        Vision::Normal => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        Vision::Protanopia => [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
        Vision::Deuteranopia => [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
        Vision::Tritanopia => [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ],
    }
}

fn to_linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn to_srgb(c: f32) -> f32 {
    let c = c.clamp(0.0, 1.0);
    if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// How an sRGB colour looks with `vision`, in sRGB.
pub(crate) fn simulate(vision: Vision, rgb: [f32; 3]) -> [f32; 3] {
    let m = matrix(vision);
    let lin = rgb.map(to_linear);
    [0, 1, 2].map(|i| to_srgb(m[i][0] * lin[0] + m[i][1] * lin[1] + m[i][2] * lin[2]))
}

/// CIE L*a*b* (D65) of an sRGB colour.
fn lab(rgb: [f32; 3]) -> [f64; 3] {
    let [r, g, b] = rgb.map(|c| f64::from(to_linear(c)));
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIEDE2000 colour difference of two sRGB colours.
pub(crate) fn ciede2000(a: [f32; 3], b: [f32; 3]) -> f64 {
    delta_e_2000(lab(a), lab(b))
}

/// The CIEDE2000 difference of two L*a*b* colours (Sharma, Wu and Dalal 2005).
fn delta_e_2000([l1, a1, b1]: [f64; 3], [l2, a2, b2]: [f64; 3]) -> f64 {
    let pow7 = |x: f64| x.powi(7);
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (pow7(c_bar) / (pow7(c_bar) + pow7(25.0))).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64| b.atan2(a).to_degrees().rem_euclid(360.0);
    let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
    let dl = l2 - l1;
    let dc = c2p - c1p;
    let dh = if c1p * c2p == 0.0 {
        0.0
    } else if (h2p - h1p).abs() <= 180.0 {
        h2p - h1p
    } else if h2p - h1p > 180.0 {
        h2p - h1p - 360.0
    } else {
        h2p - h1p + 360.0
    };
    let dh_big = 2.0 * (c1p * c2p).sqrt() * (dh / 2.0).to_radians().sin();
    let l_bar = (l1 + l2) / 2.0;
    let cp_bar = (c1p + c2p) / 2.0;
    let h_bar = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let cos = |deg: f64| deg.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_bar - 30.0) + 0.24 * cos(2.0 * h_bar) + 0.32 * cos(3.0 * h_bar + 6.0)
            - 0.20 * cos(4.0 * h_bar - 63.0);
    let d_theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (pow7(cp_bar) / (pow7(cp_bar) + pow7(25.0))).sqrt();
    let sl = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * cp_bar;
    let sh = 1.0 + 0.015 * cp_bar * t;
    let rt = -(2.0 * d_theta).to_radians().sin() * rc;
    ((dl / sl).powi(2) + (dc / sc).powi(2) + (dh_big / sh).powi(2) + rt * (dc / sc) * (dh_big / sh))
        .sqrt()
}

/// The closest pair of `palette` under any of the visions: (distance, vision, i, j).
pub(crate) fn closest_pair(palette: &[[f32; 3]]) -> (f64, Vision, usize, usize) {
    let mut worst = (f64::INFINITY, Vision::Normal, 0, 0);
    for vision in VISIONS {
        let seen: Vec<[f32; 3]> = palette.iter().map(|&c| simulate(vision, c)).collect();
        for i in 0..seen.len() {
            for j in i + 1..seen.len() {
                let d = ciede2000(seen[i], seen[j]);
                if d < worst.0 {
                    worst = (d, vision, i, j);
                }
            }
        }
    }
    worst
}

/// The seat colours as sRGB triples, by camp.
fn seat_palette() -> Vec<[f32; 3]> {
    (0..6)
        .map(|camp| {
            let Srgba {
                red, green, blue, ..
            } = Color::to_srgba(&seat_color(camp));
            [red, green, blue]
        })
        .collect()
}

#[test]
fn ciede2000_matches_the_published_test_pairs() {
    // Pairs from Sharma, Wu and Dalal's test data (L*a*b*, expected ΔE00 to four places).
    let pairs = [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, -1.0, 2.0], [50.0, 0.0, 0.0], 2.3669),
        ([50.0, 2.5, 0.0], [50.0, 0.0, -2.5], 4.3065),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ([50.0, 2.5, 0.0], [61.0, -5.0, 29.0], 22.8977),
        (
            [60.2574, -34.0099, 36.2677],
            [60.4626, -34.1751, 39.4387],
            1.2644,
        ),
        (
            [22.7233, 20.0904, -46.694],
            [23.0331, 14.973, -42.5619],
            2.0373,
        ),
        (
            [90.8027, -2.0831, 1.441],
            [91.1528, -1.6435, 0.0447],
            1.4441,
        ),
    ];
    for (a, b, expected) in pairs {
        let d = delta_e_2000(a, b);
        assert!(
            (d - expected).abs() < 1e-3,
            "{a:?} {b:?}: {d} not {expected}"
        );
        assert!((delta_e_2000(b, a) - d).abs() < 1e-9, "symmetric");
    }
    // Through sRGB: black against white is L* 0 against 100.
    assert!((ciede2000([0.0; 3], [1.0; 3]) - 100.0).abs() < 0.01);
}

#[test]
fn the_simulations_merge_what_each_deficiency_merges() {
    // A deuteranope and a protanope confuse red with green of like lightness, a tritanope
    // blue with green: the matrices must say so, or the palette test proves nothing.
    let (red, green) = ([0.8, 0.3, 0.2], [0.45, 0.5, 0.2]);
    assert!(ciede2000(red, green) > 20.0);
    assert!(
        ciede2000(
            simulate(Vision::Deuteranopia, red),
            simulate(Vision::Deuteranopia, green)
        ) < 8.0
    );
    assert!(
        ciede2000(
            simulate(Vision::Protanopia, red),
            simulate(Vision::Protanopia, green)
        ) < 12.0
    );
    // Pure white is unchanged by every simulation.
    for vision in VISIONS {
        let w = simulate(vision, [1.0; 3]);
        assert!(ciede2000(w, [1.0; 3]) < 1.0, "{vision:?}");
    }
}

/// The margin the six seat colours keep under every simulated vision.
pub(crate) const SEAT_MARGIN: f64 = 20.0;

#[test]
fn every_pair_of_seat_colours_stays_apart_for_every_kind_of_colour_vision() {
    let palette = seat_palette();
    let (distance, vision, i, j) = closest_pair(&palette);
    println!("closest seat colours: camps {i} and {j} under {vision:?}, CIEDE2000 {distance:.1}");
    assert!(
        distance >= SEAT_MARGIN,
        "camps {i} and {j} are only {distance:.1} apart under {vision:?}"
    );
}
