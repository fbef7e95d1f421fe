//! The screenshot test: the real binary renders in a real window (Xvfb, software Vulkan), and
//! the picture is checked from its pixels where the game says things are.

use crate::colour_vision::closest_pair;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn shot(name: &str, args: &[&str]) -> (PathBuf, Value) {
    let dir = std::env::temp_dir().join(format!("starhalma-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(format!("{name}.png"));
    let bin = env!("CARGO_BIN_EXE_starhalma");
    let status = Command::new("timeout")
        .args([
            "300",
            "xvfb-run",
            "-a",
            "-s",
            // Room for a phone-shaped window upright as well as the desktop one.
            "-screen 0 1400x1100x24",
            bin,
            "--screenshot",
        ])
        .arg(&out)
        .args(args)
        .status()
        .expect("xvfb-run and timeout must be installed (Debian: xvfb, coreutils)");
    assert!(status.success(), "starhalma --screenshot failed: {status}");
    let sidecar = std::fs::read_to_string(out.with_extension("json")).unwrap();
    // Keep a copy where a person can look at it.
    let keep = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.png"));
    let _ = std::fs::copy(&out, &keep);
    (out, serde_json::from_str(&sidecar).unwrap())
}

struct Picture {
    width: usize,
    height: usize,
    rgb: Vec<[f32; 3]>,
}

fn load(path: &Path) -> Picture {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let rgb = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| {
            [
                p[0] as f32 / 255.0,
                p[1] as f32 / 255.0,
                p[2] as f32 / 255.0,
            ]
        })
        .collect();
    Picture {
        width: info.width as usize,
        height: info.height as usize,
        rgb,
    }
}

/// Hue in degrees, saturation and value.
fn hsv([r, g, b]: [f32; 3]) -> (f32, f32, f32) {
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let d = max - min;
    let hue = if d == 0.0 {
        0.0
    } else if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    (hue, if max == 0.0 { 0.0 } else { d / max }, max)
}

fn hue_distance(a: f32, b: f32) -> f32 {
    let d = (a - b).abs() % 360.0;
    d.min(360.0 - d)
}

/// The pixels of the square within `radius` of `at` (a sidecar `[x, y]`) that lie in the picture.
fn pixels_around<'a>(
    p: &'a Picture,
    at: &Value,
    radius: i64,
) -> impl Iterator<Item = [f32; 3]> + 'a {
    let (x, y) = (
        at[0].as_f64().unwrap() as i64,
        at[1].as_f64().unwrap() as i64,
    );
    (y - radius..=y + radius)
        .flat_map(move |yy| (x - radius..=x + radius).map(move |xx| (xx, yy)))
        .filter(|&(xx, yy)| xx >= 0 && yy >= 0 && xx < p.width as i64 && yy < p.height as i64)
        .map(|(xx, yy)| p.rgb[yy as usize * p.width + xx as usize])
}

/// Share of the pixels within `radius` of `at` that match `pred`.
fn share(p: &Picture, at: &Value, radius: i64, pred: impl Fn([f32; 3]) -> bool) -> f32 {
    let (mut hits, mut total) = (0, 0);
    for px in pixels_around(p, at, radius) {
        total += 1;
        if pred(px) {
            hits += 1;
        }
    }
    hits as f32 / total.max(1) as f32
}

/// The margin the rendered seat colours keep under every simulated vision. Measured 13.9
/// (deuteranopia, yellow against orange; SomewhatBoringDisplayTransform) in Xvfb with
/// lavapipe; a little room for other drivers.
const RENDERED_MARGIN: f64 = 10.0;

/// Per channel, the median of the 7 x 7 pixels at each of a seat's marble centres, then the
/// median over its marbles: the colour its marbles show, free of highlights and edges.
fn rendered_colour(p: &Picture, seat: &Value) -> [f32; 3] {
    let median = |mut v: Vec<f32>| {
        v.sort_by(f32::total_cmp);
        v[v.len() / 2]
    };
    let per_marble: Vec<[f32; 3]> = seat["marbles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|at| {
            let pixels: Vec<[f32; 3]> = pixels_around(p, at, 3).collect();
            [0, 1, 2].map(|c| median(pixels.iter().map(|px| px[c]).collect()))
        })
        .collect();
    assert!(
        !per_marble.is_empty(),
        "seat {} has no marbles",
        seat["seat"]
    );
    [0, 1, 2].map(|c| median(per_marble.iter().map(|m| m[c]).collect()))
}

#[test]
fn the_six_player_start_shows_the_board_and_every_seat_colour_in_its_camp() {
    // Symbols off: this is where colour alone has to tell the seats apart.
    let (out, side) = shot(
        "six-players",
        &["--rules", "laws", "--players", "6", "--no-symbols"],
    );
    let pic = load(&out);
    assert!(pic.width >= 640 && pic.height >= 400);
    let seats = side["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 6);
    for seat in seats {
        let c = &seat["colour"];
        let colour = [0, 1, 2].map(|i| c[i].as_f64().unwrap() as f32);
        let (hue, _, _) = hsv(colour);
        let matching = share(&pic, &seat["at"], 12, |px| {
            let (h, s, v) = hsv(px);
            s > 0.35 && v > 0.15 && hue_distance(h, hue) < 14.0
        });
        assert!(
            matching > 0.15,
            "seat {} colour {colour:?}: only {:.0}% of the pixels at {} match",
            seat["seat"],
            100.0 * matching,
            seat["at"]
        );
    }
    // The colours as the player sees them, lit and tonemapped, stay apart for every eye.
    let rendered: Vec<[f32; 3]> = seats
        .iter()
        .map(|seat| rendered_colour(&pic, seat))
        .collect();
    let (distance, vision, i, j) = closest_pair(&rendered);
    println!(
        "rendered seat colours {rendered:.3?}: closest camps {i} and {j} under {vision:?}, CIEDE2000 {distance:.1}"
    );
    assert!(
        distance >= RENDERED_MARGIN,
        "as rendered, camps {i} and {j} are only {distance:.1} apart under {vision:?}: {:?} and {:?}",
        rendered[i],
        rendered[j]
    );
    // The empty centre shows the wooden board (warm, brownish), not the background.
    let wood = share(&pic, &side["centre"], 20, |[r, g, b]| {
        r > g && g > b && r > 0.25
    });
    assert!(
        wood > 0.3,
        "the board's centre is not wood: {:.0}%",
        100.0 * wood
    );
}

#[test]
fn a_selected_marble_shows_rings_on_its_destinations() {
    let (out, side) = shot(
        "selected",
        &["--rules", "table", "--players", "2", "--select", "6,-2"],
    );
    let pic = load(&out);
    let rings = side["rings"].as_array().unwrap();
    assert!(!rings.is_empty(), "a selection has destinations");
    for ring in rings {
        // The ring's glow: bright cyan-green around the hole.
        let glowing = share(&pic, ring, 14, |px| {
            let (h, s, v) = hsv(px);
            (130.0..=200.0).contains(&h) && s > 0.25 && v > 0.55
        });
        assert!(glowing > 0.08, "no ring at {ring}: {:.0}%", 100.0 * glowing);
    }
}

#[test]
fn a_phone_shaped_window_shows_every_hole_clear_of_the_interface() {
    let (out, side) = shot(
        "phone",
        &[
            "--rules",
            "table",
            "--players",
            "3",
            "--select",
            "6,-2",
            "--window",
            "412x860",
            "--touch",
        ],
    );
    let pic = load(&out);
    assert_eq!((pic.width, pic.height), (412, 860));
    assert_eq!(side["arrangement"], "Stacked");
    assert_eq!(side["compact"], true);
    let num = |v: &Value| v.as_f64().unwrap() as f32;
    let board: Vec<f32> = side["board"].as_array().unwrap().iter().map(num).collect();
    let covered: Vec<Vec<f32>> = side["covered"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().iter().map(num).collect())
        .collect();
    assert!(
        covered.len() > 5,
        "the HUD, panel, list and buttons: {covered:?}"
    );
    let holes = side["holes"].as_array().unwrap();
    assert_eq!(holes.len(), 121);
    for hole in holes {
        let (x, y) = (num(&hole[0]), num(&hole[1]));
        assert!(
            x >= board[0] && x <= board[2] && y >= board[1] && y <= board[3],
            "hole at ({x}, {y}) outside the board's rectangle {board:?}"
        );
        let under: Vec<_> = covered
            .iter()
            .filter(|r| x >= r[0] - 3.0 && x <= r[2] + 3.0 && y >= r[1] - 3.0 && y <= r[3] + 3.0)
            .collect();
        assert!(under.is_empty(), "hole at ({x}, {y}) under {under:?}");
    }
    // The rings of the selection are drawn there, inside the picture.
    for ring in side["rings"].as_array().unwrap() {
        let glowing = share(&pic, ring, 10, |px| {
            let (h, s, v) = hsv(px);
            (130.0..=200.0).contains(&h) && s > 0.25 && v > 0.55
        });
        assert!(glowing > 0.08, "no ring at {ring}: {:.0}%", 100.0 * glowing);
    }
}
