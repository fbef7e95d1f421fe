//! Hard's search speed as the web build runs it, to set against the desktop's: the same fixed
//! positions searched whole (the desktop's way) and in slices of about 6 ms (the web's way,
//! `Planner::step`, as `src/ai.rs` sizes them). Built natively and for `wasm32-wasip1` (run
//! under Node's WASI, whose V8 is the browser's), the two runs' nodes a second give the web's
//! speed as a share of the desktop's (docs/AI.md, "Hard on the web").
//!
//! `cargo run --release -p starhalma-ai --example web_speed [NODES]`

use starhalma_ai::{Budget, Level, Planner, SplitMix, greedy};
use starhalma_rules::{Game, RuleSet, Variant};
use web_time::{Duration, Instant};

/// Slices are sized to take about this long (half the client's 12 ms share of a frame).
const SLICE_TARGET: Duration = Duration::from_millis(6);

fn main() {
    let nodes: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300_000);
    let positions = positions();
    let (mut whole_nodes, mut whole_time, mut whole_depth) = (0u64, Duration::ZERO, 0u32);
    let (mut sliced_nodes, mut sliced_time, mut sliced_depth) = (0u64, Duration::ZERO, 0u32);
    for game in &positions {
        let mut planner = Planner::new(game.rules(), 1);
        let started = Instant::now();
        let plan = planner.plan(game, Level::Hard, Budget::nodes(nodes));
        whole_time += started.elapsed();
        whole_nodes += plan.nodes;
        whole_depth += plan.depth;

        let mut planner = Planner::new(game.rules(), 1);
        let started = Instant::now();
        let mut sliced = planner.start_sliced(game, Level::Hard, Budget::nodes(nodes));
        let mut slice_nodes = 500u64;
        let plan = loop {
            let began = Instant::now();
            if let Some(plan) = planner.step(&mut sliced, slice_nodes) {
                break plan;
            }
            let ratio = SLICE_TARGET.as_secs_f64() / began.elapsed().as_secs_f64().max(1e-5);
            slice_nodes = ((slice_nodes as f64 * ratio.clamp(0.5, 2.0)) as u64).clamp(200, 500_000);
        };
        sliced_time += started.elapsed();
        sliced_nodes += plan.nodes;
        sliced_depth += plan.depth;
    }
    let count = positions.len() as f64;
    let rate = |n: u64, t: Duration| n as f64 / t.as_secs_f64().max(1e-9);
    println!(
        "{} positions, {nodes} nodes a move ({})",
        positions.len(),
        if cfg!(target_arch = "wasm32") {
            "wasm32"
        } else {
            "native"
        }
    );
    println!(
        "whole:  {:>10.0} nodes/s, depth {:.2}",
        rate(whole_nodes, whole_time),
        whole_depth as f64 / count
    );
    println!(
        "sliced: {:>10.0} nodes/s, depth {:.2}",
        rate(sliced_nodes, sliced_time),
        sliced_depth as f64 / count
    );
}

/// Twelve positions of the laws' two-player game: plies 10, 30 and 50 of four games that open
/// with random forward moves and go on greedily.
fn positions() -> Vec<Game> {
    let mut found = Vec::new();
    for seed in 0..4u64 {
        let mut rng = SplitMix(seed + 1);
        let mut game =
            Game::new(Variant::new(RuleSet::Laws, 2).expect("two players play the laws"));
        for ply in 0..=50 {
            if [10, 30, 50].contains(&ply) {
                found.push(game.clone());
            }
            let moves = game.legal_moves();
            let mv = if ply < 6 {
                moves[rng.below(moves.len())]
            } else {
                greedy(&game)
            };
            if game.play(mv).is_err() || game.is_over() {
                break;
            }
        }
    }
    found
}
