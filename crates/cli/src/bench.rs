//! `starhalma-cli bench`: move-generation and search speed on one thread. Every figure is given
//! in wall time and in the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), which other work on a
//! busy machine does not inflate; rates are computed from CPU time where it is available. The
//! move-generation figures are given for every search kernel the CPU supports; the AI runs with
//! the detected one (`STARHALMA_KERNEL=portable` selects the other).

use anyhow::{Result, bail};
use starhalma_ai::{Budget, Level, Planner, SplitMix};
use starhalma_rules::{
    Blocked, Game, Kernel, Move, MoveList, RuleSet, Rules, State, Variant, perft,
};
use std::time::{Duration, Instant};

/// CPU time used by the calling thread so far, where the platform reports it.
fn thread_cpu() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid timespec for the call to fill in.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0 {
            return Some(Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32));
        }
    }
    None
}

/// Wall and thread CPU time of one run of `f`.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    pub wall: Duration,
    pub cpu: Option<Duration>,
}

impl Timing {
    /// The time rates are computed from: CPU time where known, else wall time.
    pub fn seconds(&self) -> f64 {
        self.cpu.unwrap_or(self.wall).as_secs_f64()
    }

    fn describe(&self) -> String {
        match self.cpu {
            Some(cpu) => format!(
                "{:.3} s CPU ({:.3} s wall)",
                cpu.as_secs_f64(),
                self.wall.as_secs_f64()
            ),
            None => format!("{:.3} s wall", self.wall.as_secs_f64()),
        }
    }
}

pub fn timed<T>(f: impl FnOnce() -> T) -> (T, Timing) {
    let cpu = thread_cpu();
    let wall = Instant::now();
    let out = f();
    let timing = Timing {
        wall: wall.elapsed(),
        cpu: cpu.and_then(|start| Some(thread_cpu()? - start)),
    };
    (out, timing)
}

/// The variants measured, one per rule set and jump style.
fn variants() -> Vec<(&'static str, RuleSet, u8)> {
    vec![
        ("laws 2p", RuleSet::Laws, 2),
        ("laws 6p", RuleSet::Laws, 6),
        ("table 3p", RuleSet::Table { long_hops: false }, 3),
        ("table long hops 2p", RuleSet::Table { long_hops: true }, 2),
        (
            "masters swap 4p",
            RuleSet::Masters {
                blocked: Blocked::Swap,
            },
            4,
        ),
        (
            "masters fill 2p",
            RuleSet::Masters {
                blocked: Blocked::Fill,
            },
            2,
        ),
        ("diamond 3p", RuleSet::Diamond, 3),
    ]
}

/// Midgame games: random playouts of 20 to 60 plies, preferring forward moves so that the
/// armies meet in the middle as in real games.
fn midgame_games(variant: Variant, count: usize, rng: &mut SplitMix) -> Vec<Game> {
    let mut out = Vec::new();
    for _ in 0..count {
        let mut game = Game::new(variant);
        let plies = 20 + rng.below(40);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let tip = game.rules().target_tip(game.active());
            // Best of three random moves by progress towards the target.
            let mv: Move = (0..3)
                .map(|_| moves[rng.below(moves.len())])
                .max_by_key(|m| {
                    if m.is_pass() {
                        i32::MIN
                    } else {
                        m.from.distance(tip) as i32 - m.to.distance(tip) as i32
                    }
                })
                .expect("three candidates");
            game.play(mv).expect("a generated move is legal");
        }
        out.push(game);
    }
    out
}

pub fn run(depth: u32, budget: Duration, ai_nodes: u64, perft_only: bool) -> Result<()> {
    if depth == 0 {
        bail!("depth must be at least 1");
    }
    println!("starhalma-cli bench: one thread; rates per second of thread CPU time");

    println!(
        "kernel in use: {} (supported: {})",
        Kernel::detect().name(),
        Kernel::supported()
            .map(Kernel::name)
            .collect::<Vec<_>>()
            .join(", ")
    );
    // Kernels alternate round by round, so that a busy machine slows them alike.
    let variant = Variant::new(RuleSet::Laws, 2)?;
    let kernels: Vec<(Kernel, Rules)> = Kernel::supported()
        .filter_map(|k| Some((k, Rules::with_kernel(variant, k)?)))
        .collect();
    let mut best: Vec<Option<(u64, Timing)>> = vec![None; kernels.len()];
    for _ in 0..3 {
        for ((_, rules), best) in kernels.iter().zip(&mut best) {
            let mut state = rules.initial_state();
            let run = timed(|| perft::perft(rules, &mut state, depth));
            if best.is_none_or(|(_, t)| run.1.seconds() < t.seconds()) {
                *best = Some(run);
            }
        }
    }
    for ((kernel, _), best) in kernels.iter().zip(&best) {
        let (leaves, t) = best.expect("three runs");
        println!(
            "perft laws 2 players depth {depth}, {} kernel: {leaves} leaves in {} = {:.1} M leaves/s (best of 3)",
            kernel.name(),
            t.describe(),
            leaves as f64 / t.seconds() / 1e6
        );
    }
    if perft_only {
        return Ok(());
    }

    let mut rng = SplitMix(2026);
    let games: Vec<(&str, Vec<Game>)> = variants()
        .into_iter()
        .map(|(name, rule_set, players)| {
            Ok((
                name,
                midgame_games(Variant::new(rule_set, players)?, 16, &mut rng),
            ))
        })
        .collect::<Result<_>>()?;

    println!("legal-move generation on 16 midgame positions each:");
    let share = budget / (games.len() * kernels.len()) as u32;
    for ((name, games), kernel) in games
        .iter()
        .flat_map(|g| kernels.iter().map(move |(k, _)| (g, *k)))
    {
        let states: Vec<State> = games.iter().map(|g| *g.state()).collect();
        let rules = Rules::with_kernel(games[0].variant(), kernel).expect("supported");
        let mut moves = MoveList::new();
        let ((generations, generated), t) = timed(|| {
            let start = Instant::now();
            let (mut generations, mut generated) = (0u64, 0u64);
            while start.elapsed() < share {
                for state in &states {
                    rules.generate(state, &mut moves);
                    generated += moves.len() as u64;
                }
                generations += states.len() as u64;
            }
            (generations, generated)
        });
        println!(
            "  {name:<20} {:<8} {:>7.3} M generations/s, {:>5.1} moves each ({})",
            kernel.name(),
            generations as f64 / t.seconds() / 1e6,
            generated as f64 / generations as f64,
            t.describe()
        );
    }

    println!(
        "AI search ({} kernel), Hard with a budget of {ai_nodes} nodes a move, 4 midgame positions each:",
        Kernel::detect().name()
    );
    let (mut all_nodes, mut all_seconds) = (0u64, 0f64);
    for (name, games) in &games {
        let mut planner = Planner::new(games[0].rules(), 1);
        let (nodes, t) = timed(|| {
            games
                .iter()
                .take(4)
                .map(|g| planner.plan(g, Level::Hard, Budget::nodes(ai_nodes)).nodes)
                .sum::<u64>()
        });
        all_nodes += nodes;
        all_seconds += t.seconds();
        println!(
            "  {name:<20} {:>7.3} M nodes/s ({nodes} nodes in {})",
            nodes as f64 / t.seconds() / 1e6,
            t.describe()
        );
    }
    println!(
        "  all                  {:>7.3} M nodes/s",
        all_nodes as f64 / all_seconds / 1e6
    );
    Ok(())
}
