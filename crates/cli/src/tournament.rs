//! Self-play tournaments between computer players, with statistics and an Elo table.

use anyhow::{Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use starhalma_ai::{Algorithm, Budget, Level, Planner, SplitMix, Style, greedy};
use starhalma_rules::{Game, Move, MoveList, Rules, Status, Variant};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// A computer player in a tournament.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Agent {
    Greedy,
    Ai(Level),
    /// A search style named by its spec: `hard-v1` (Hard before issue 48), the baselines
    /// `paranoid`, `maxn` and `mcts` (Hard's evaluation under those searches), or any of these
    /// or a searching level with knobs changed, `hard:beam=24:leaf=2` (see `Style::set`).
    /// `threads=N` (not a knob of the style) searches on N threads; `time=P` gives it P% of the
    /// match's budget a move (time odds, to measure what more time is worth).
    Styled {
        name: String,
        style: Style,
        threads: usize,
        budget_percent: u32,
    },
}

impl Agent {
    /// `greedy`, a level by its name (`easy`, `medium`, `hard`, in any case), `hard-v1`, or a
    /// style spec.
    pub fn parse(text: &str) -> Result<Agent> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("greedy") {
            return Ok(Agent::Greedy);
        }
        let mut parts = text.split(':');
        let base = parts.next().unwrap_or_default();
        let base_lower = base.to_ascii_lowercase();
        let algorithm = [Algorithm::Paranoid, Algorithm::MaxN, Algorithm::Mcts]
            .into_iter()
            .find(|a| a.name() == base_lower);
        let mut style = if base_lower == "hard-v1" {
            Style::HARD_V1
        } else if let Some(algorithm) = algorithm {
            // The literature's baselines, on Hard's evaluation and move generator.
            Style {
                algorithm,
                ..Style::HARD
            }
        } else {
            match base.parse::<Level>() {
                Ok(level) if !text.contains(':') => return Ok(Agent::Ai(level)),
                Ok(level) => level
                    .style()
                    .ok_or_else(|| anyhow::anyhow!("{level} does not search: it has no knobs"))?,
                Err(_) => bail!(
                    "unknown player '{text}': use greedy, easy, medium, hard, hard-v1, paranoid, maxn, mcts or a style such as hard:beam=24"
                ),
            }
        };
        let mut threads = 1;
        let mut budget_percent = 100;
        for knob in parts {
            let Some((name, value)) = knob.split_once('=') else {
                bail!("'{knob}' in '{text}' is not knob=value");
            };
            if name == "threads" {
                threads = match value.parse::<usize>() {
                    Ok(n) if n >= 1 => n,
                    _ => bail!("threads={value}: give a number from 1"),
                };
            } else if name == "time" {
                budget_percent = match value.parse::<u32>() {
                    Ok(p) if (1..=10_000).contains(&p) => p,
                    _ => bail!("time={value}: give a percentage from 1 to 10000"),
                };
            } else {
                style.set(name, value)?;
            }
        }
        Ok(Agent::Styled {
            name: text.to_ascii_lowercase(),
            style,
            threads,
            budget_percent,
        })
    }

    /// The move this agent plays, planned by its seat's `planner`; `budget` overrides its own.
    pub fn choose(&self, planner: &mut Planner, game: &Game, budget: Option<Budget>) -> Move {
        match self {
            Agent::Greedy => greedy(game),
            Agent::Ai(level) => {
                planner
                    .plan(game, *level, budget.unwrap_or(level.default_budget()))
                    .mv
            }
            Agent::Styled {
                style,
                threads,
                budget_percent,
                ..
            } => {
                planner.set_threads(*threads);
                let budget = scaled(
                    budget.unwrap_or(Level::Hard.default_budget()),
                    *budget_percent,
                );
                planner.plan_with(game, *style, budget).mv
            }
        }
    }
}

/// `budget` times `percent`/100, nodes and time alike.
fn scaled(budget: Budget, percent: u32) -> Budget {
    let percent = u64::from(percent);
    Budget {
        max_nodes: budget.max_nodes.saturating_mul(percent) / 100,
        max_time: budget.max_time.map(|t| t * percent as u32 / 100),
    }
}

impl std::fmt::Display for Agent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Agent::Greedy => f.pad("greedy"),
            Agent::Ai(level) => f.pad(&level.name().to_ascii_lowercase()),
            Agent::Styled { name, .. } => f.pad(name),
        }
    }
}

/// Every pair of `agents` meets for `games` games (2 players); returns the pairs' scores and an
/// Elo table anchored at greedy = 0, and every game in the project's notation.
pub fn round_robin(settings: &Settings, agents: &[Agent], games: u32) -> Result<(String, String)> {
    let variant = settings.variant;
    if variant.players() != 2 {
        bail!("round robins are played with 2 players");
    }
    let anchor = agents
        .iter()
        .position(|a| *a == Agent::Greedy)
        .ok_or_else(|| anyhow::anyhow!("the round robin needs greedy as its anchor"))?;
    let mut table = String::new();
    let mut log = String::new();
    let mut per_game = Vec::new();
    for a in 0..agents.len() {
        for b in a + 1..agents.len() {
            let pair = [agents[a].clone(), agents[b].clone()];
            let mut index = 0;
            let tallies = run(settings, &pair, games, |record| {
                log.push_str(&pgn_like(record, &pair, index));
                index += 1;
                Flow::Continue
            });
            let score =
                (tallies[0].wins as f64 + 0.5 * tallies[0].draws as f64) / games.max(1) as f64;
            writeln!(
                table,
                "{} vs {}: {:.1}% for {}",
                agents[a],
                agents[b],
                100.0 * score,
                agents[a]
            )
            .unwrap();
            per_game.extend(std::iter::repeat_n((a, b, score), games as usize));
        }
    }
    let ratings = elo(agents.len(), &per_game, anchor);
    writeln!(table, "Elo (greedy = 0), {variant}, {games} games a pair:").unwrap();
    let mut order: Vec<usize> = (0..agents.len()).collect();
    order.sort_by(|&x, &y| ratings[y].total_cmp(&ratings[x]));
    for i in order {
        writeln!(table, "  {:<8} {:>7.0}", agents[i], ratings[i]).unwrap();
    }
    Ok((table, log))
}

/// Settings shared by every game of a tournament.
pub struct Settings {
    pub variant: Variant,
    pub seed: u64,
    /// Overrides each level's own budget.
    pub budget: Option<Budget>,
    /// Random plies per seat that open each game.
    pub opening_plies: u32,
    /// Games still going after this many plies are adjudicated draws (for rule sets without
    /// their own cap).
    pub max_plies: u32,
    /// Games played at once (threads).
    pub jobs: usize,
}

/// One finished game.
pub struct GameRecord {
    pub game: Game,
    /// Agent index (into the tournament's list) for each seat.
    pub seating: Vec<usize>,
    /// Think time of each computer move, per seat.
    pub think: Vec<Vec<Duration>>,
    pub adjudicated: bool,
}

impl GameRecord {
    /// The seat that won, if one did.
    pub fn winner(&self) -> Option<u8> {
        match self.game.status() {
            Status::Won { winner, .. } => Some(winner),
            Status::Ranked { .. } => {
                let ranking = self.game.ranking();
                let alone = ranking.iter().filter(|p| p.place == 1).count() == 1;
                alone.then(|| ranking[0].seat)
            }
            _ => None,
        }
    }
}

/// A deterministic opening: `plies` random forward moves for each seat in turn.
fn opening(variant: Variant, seed: u64, plies: u32) -> Game {
    let mut game = Game::new(variant);
    let mut rng = SplitMix(seed);
    let rules: Rules = game.rules().clone();
    let eval = starhalma_ai::Evaluator::new(&rules);
    let mut list = MoveList::new();
    for _ in 0..plies * variant.players() as u32 {
        rules.legal_moves(game.state(), &mut list);
        let seat = game.active();
        let forward: Vec<Move> = list
            .iter()
            .copied()
            .filter(|m| !m.is_pass() && eval.gain(seat, m.from, m.to) > 0)
            .collect();
        if forward.is_empty() {
            break;
        }
        let mv = forward[rng.below(forward.len())];
        game.play(mv).expect("generated moves are legal");
    }
    game
}

/// Play one game with `agents[seating[seat]]` in each seat.
pub fn play_game(
    settings: &Settings,
    agents: &[Agent],
    seating: Vec<usize>,
    opening_index: u64,
) -> GameRecord {
    let variant = settings.variant;
    let mut game = opening(
        variant,
        settings.seed ^ opening_index,
        settings.opening_plies,
    );
    let mut planners: Vec<Planner> = (0..variant.players())
        .map(|s| Planner::new(game.rules(), settings.seed.wrapping_add(s as u64)))
        .collect();
    let mut think = vec![Vec::new(); variant.players() as usize];
    let mut adjudicated = false;
    while !game.is_over() {
        if game.history().len() as u32 >= settings.max_plies {
            adjudicated = true;
            break;
        }
        let seat = game.active() as usize;
        let start = Instant::now();
        let mv = agents[seating[seat]].choose(&mut planners[seat], &game, settings.budget);
        think[seat].push(start.elapsed());
        if let Err(e) = game.play(mv) {
            panic!("{} played an illegal move {mv}: {e}", agents[seating[seat]]);
        }
    }
    GameRecord {
        game,
        seating,
        think,
        adjudicated,
    }
}

/// A game from the start with `agents[seat]` (the last repeating) in each seat, stopped after
/// `plies` moves if given; each computer move searches `nodes` nodes.
pub fn record(
    mut game: Game,
    agents: &[Agent],
    plies: Option<usize>,
    nodes: u64,
    seed: u64,
) -> Game {
    let mut planner = Planner::new(game.rules(), seed);
    while !game.is_over() && plies.is_none_or(|p| game.history().len() < p) {
        let seat = game.active() as usize;
        let agent = &agents[seat.min(agents.len() - 1)];
        let mv = agent.choose(&mut planner, &game, Some(Budget::nodes(nodes)));
        game.play(mv).expect("computer moves are legal");
    }
    game
}

/// Per-agent results.
#[derive(Default, Clone)]
pub struct Tally {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub plies: u64,
    /// Moves per side in games that ended by a win.
    pub finished_moves: Vec<f64>,
    pub think: Vec<Duration>,
}

impl Tally {
    /// Win rate with its 95% Wilson score interval.
    pub fn win_rate(&self) -> (f64, f64, f64) {
        wilson(self.wins as f64, self.games as f64)
    }
}

pub fn wilson(successes: f64, n: f64) -> (f64, f64, f64) {
    if n == 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let z = 1.96;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// Play `games` games: openings vary every `players` games, and within each block of `players`
/// games the agents rotate through the seats. `settings.jobs` games are played at once; the
/// results are taken in game order, so they do not depend on it.
pub fn run(
    settings: &Settings,
    agents: &[Agent],
    games: u32,
    mut on_game: impl FnMut(&GameRecord) -> Flow,
) -> Vec<Tally> {
    let n = settings.variant.players() as usize;
    let bar = ProgressBar::new(games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}")
            .expect("valid template"),
    );
    let seating_of = |g: usize| -> Vec<usize> {
        let rotation = g % n;
        (0..n).map(|s| (s + rotation) % agents.len()).collect()
    };
    let next = std::sync::atomic::AtomicUsize::new(0);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (sender, receiver) = std::sync::mpsc::channel();
    let mut tallies = vec![Tally::default(); agents.len()];
    std::thread::scope(|scope| {
        for _ in 0..settings.jobs.clamp(1, games.max(1) as usize) {
            let sender = sender.clone();
            let (next, seating_of, stop) = (&next, &seating_of, &stop);
            scope.spawn(move || {
                loop {
                    let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if g >= games as usize || stop.load(std::sync::atomic::Ordering::Relaxed) {
                        break;
                    }
                    let record = play_game(settings, agents, seating_of(g), (g / n) as u64);
                    if sender.send((g, record)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Games finish out of order; they are counted in order.
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for (g, record) in receiver {
            waiting.insert(g, record);
            while let Some(record) = waiting.remove(&due) {
                if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    // Decided: games finished after the decision are not counted.
                    break;
                }
                tally(&mut tallies, &record, n);
                if on_game(&record) == Flow::Stop {
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                bar.inc(1);
                due += 1;
            }
        }
    });
    bar.finish_and_clear();
    tallies
}

/// Whether a tournament goes on after a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Stop,
}

/// A sequential probability ratio test of the first player's score against the second's
/// (two players): H0 "the Elo difference is `elo0`" against H1 "it is `elo1`", with 5% errors of
/// both kinds, on the normal approximation of the per-game score (draws count half), as
/// engine testing frameworks do.
#[derive(Clone, Copy, Debug)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Verdict {
    /// The log-likelihood ratio, still between the bounds.
    Open(f64),
    /// H1 accepted: the change gains at least about `elo1`.
    Better(f64),
    /// H0 accepted: it does not gain `elo1` (it is about `elo0` or worse).
    NotBetter(f64),
}

impl Sprt {
    /// Parse `ELO0,ELO1`.
    pub fn parse(text: &str) -> Result<Sprt> {
        let parts: Vec<&str> = text.split(',').collect();
        let [a, b] = parts.as_slice() else {
            bail!("--sprt takes ELO0,ELO1, e.g. 0,30");
        };
        let (elo0, elo1) = (a.trim().parse::<f64>()?, b.trim().parse::<f64>()?);
        if elo1 <= elo0 {
            bail!("--sprt {text}: ELO1 must be above ELO0");
        }
        Ok(Sprt { elo0, elo1 })
    }

    /// The verdict after `scores` (1, 0.5 or 0 per game, for the first player).
    pub fn verdict(&self, scores: &[f64]) -> Verdict {
        let n = scores.len() as f64;
        if n < 2.0 {
            return Verdict::Open(0.0);
        }
        let mean = scores.iter().sum::<f64>() / n;
        let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
        let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        // Every game the same: no variance to judge by yet.
        let llr = if var <= 1e-9 {
            0.0
        } else {
            n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
        };
        let bound = (0.95f64 / 0.05).ln();
        if llr >= bound {
            Verdict::Better(llr)
        } else if llr <= -bound {
            Verdict::NotBetter(llr)
        } else {
            Verdict::Open(llr)
        }
    }
}

fn tally(tallies: &mut [Tally], record: &GameRecord, players: usize) {
    let winner = record.winner();
    let plies = record.game.history().len() as u64;
    for (seat, &agent) in record.seating.iter().enumerate() {
        let t = &mut tallies[agent];
        t.games += 1;
        t.plies += plies;
        t.think.extend(&record.think[seat]);
        match winner {
            Some(w) if w as usize == seat => t.wins += 1,
            Some(_) => {}
            None => t.draws += 1,
        }
        if matches!(record.game.status(), Status::Won { .. }) {
            t.finished_moves.push(plies as f64 / players as f64);
        }
    }
}

/// The tally table as text.
pub fn report(agents: &[Agent], tallies: &[Tally]) -> String {
    let mut out = String::new();
    writeln!(
        out,
        "{:<8} {:>6} {:>5} {:>5} {:>22} {:>9} {:>12} {:>10} {:>10} {:>10}",
        "seat",
        "games",
        "wins",
        "draws",
        "win rate (95% CI)",
        "avg plies",
        "moves/side*",
        "avg think",
        "med think",
        "max think"
    )
    .unwrap();
    for (agent, t) in agents.iter().zip(tallies) {
        let (p, lo, hi) = t.win_rate();
        let avg_think = if t.think.is_empty() {
            Duration::ZERO
        } else {
            t.think.iter().sum::<Duration>() / t.think.len() as u32
        };
        let max_think = t.think.iter().max().copied().unwrap_or_default();
        let mut sorted = t.think.clone();
        sorted.sort();
        let median_think = sorted.get(sorted.len() / 2).copied().unwrap_or_default();
        let moves = if t.finished_moves.is_empty() {
            "-".to_string()
        } else {
            format!(
                "{:.1}",
                t.finished_moves.iter().sum::<f64>() / t.finished_moves.len() as f64
            )
        };
        writeln!(
            out,
            "{:<8} {:>6} {:>5} {:>5} {:>6.1}% [{:>5.1}, {:>5.1}] {:>9.1} {:>12} {:>8.1}ms {:>8.1}ms {:>8.1}ms",
            agent,
            t.games,
            t.wins,
            t.draws,
            100.0 * p,
            100.0 * lo,
            100.0 * hi,
            t.plies as f64 / t.games.max(1) as f64,
            moves,
            avg_think.as_secs_f64() * 1e3,
            median_think.as_secs_f64() * 1e3,
            max_think.as_secs_f64() * 1e3
        )
        .unwrap();
    }
    out.push_str("* moves per side, averaged over games that ended with a winner\n");
    out
}

/// A game in the project's notation, with a header, for replay.
pub fn pgn_like(record: &GameRecord, agents: &[Agent], index: usize) -> String {
    let game = &record.game;
    let mut out = String::new();
    writeln!(out, "[Game \"{}\"]", index + 1).unwrap();
    writeln!(out, "[Rules \"{}\"]", game.variant()).unwrap();
    for (seat, &agent) in record.seating.iter().enumerate() {
        let colour = game.variant().colour(seat as u8);
        writeln!(out, "[{colour} \"{}\"]", agents[agent]).unwrap();
    }
    writeln!(
        out,
        "[Result \"{:?}{}\"]",
        game.status(),
        if record.adjudicated {
            " (adjudicated at the ply limit)"
        } else {
            ""
        }
    )
    .unwrap();
    for (i, played) in game.history().iter().enumerate() {
        if i > 0 {
            out.push_str(if i % 6 == 0 { "\n" } else { "; " });
        }
        write!(out, "{}", played.mv).unwrap();
    }
    out.push_str("\n\n");
    out
}

/// Elo ratings from a round robin, anchored at `anchor` = 0: the maximum-likelihood ratings of
/// the Bradley-Terry model (draws count half), by a few hundred rounds of fixed-point updates.
pub fn elo(names: usize, results: &[(usize, usize, f64)], anchor: usize) -> Vec<f64> {
    let mut strength = vec![1.0f64; names];
    for _ in 0..500 {
        for i in 0..names {
            let (mut score, mut denom) = (0.0, 0.0);
            for &(a, b, s) in results {
                let (me, other, my_score) = if a == i {
                    (a, b, s)
                } else if b == i {
                    (b, a, 1.0 - s)
                } else {
                    continue;
                };
                score += my_score;
                denom += 1.0 / (strength[me] + strength[other]);
            }
            if denom > 0.0 {
                // Keep a sliver of score so an agent that never scores stays finite.
                strength[i] = (score.max(0.1)) / denom;
            }
        }
    }
    let base = strength[anchor].ln();
    strength
        .iter()
        .map(|s| 400.0 / std::f64::consts::LN_10 * (s.ln() - base))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sprt_accepts_a_clear_gain_and_rejects_an_even_match() {
        let test = Sprt::parse("0,50").unwrap();
        // Three wins in four (+191 Elo): better, within a few dozen games.
        let strong: Vec<f64> = (0..200)
            .map(|i| if i % 4 == 3 { 0.0 } else { 1.0 })
            .collect();
        let decided = (2..=200).find(|&n| !matches!(test.verdict(&strong[..n]), Verdict::Open(_)));
        let n = decided.unwrap();
        assert!(
            matches!(test.verdict(&strong[..n]), Verdict::Better(_)),
            "{n}"
        );
        assert!(n < 60, "{n} games");
        // Even: not better, in time.
        let even: Vec<f64> = (0..2000).map(|i| (i % 2) as f64).collect();
        let verdicts: Vec<Verdict> = (10..2000).map(|n| test.verdict(&even[..n])).collect();
        assert!(verdicts.iter().any(|v| matches!(v, Verdict::NotBetter(_))));
        assert!(!verdicts.iter().any(|v| matches!(v, Verdict::Better(_))));
        assert!(Sprt::parse("30,0").is_err());
        assert!(Sprt::parse("5").is_err());
    }

    #[test]
    fn agents_parse_from_their_specs() {
        assert_eq!(Agent::parse("Hard").unwrap(), Agent::Ai(Level::Hard));
        let Agent::Styled { style, threads, .. } =
            Agent::parse("hard-v1:beam=20:threads=2").unwrap()
        else {
            panic!("a style");
        };
        assert_eq!((style.beam, threads), (20, 2));
        assert_eq!(style.opponent_share, Style::HARD_V1.opponent_share);
        let Agent::Styled { style, .. } = Agent::parse("mcts").unwrap() else {
            panic!("a style");
        };
        assert_eq!(style.algorithm, Algorithm::Mcts);
        let Agent::Styled { budget_percent, .. } = Agent::parse("hard:time=200").unwrap() else {
            panic!("a style");
        };
        assert_eq!(budget_percent, 200);
        let half = scaled(Budget::nodes(1000), 50);
        assert_eq!(half.max_nodes, 500);
        assert!(Agent::parse("hard:time=0").is_err());
        assert!(Agent::parse("hard:fly=2").is_err());
        assert!(Agent::parse("easy:beam=2").is_err());
        assert!(Agent::parse("hard:beam").is_err());
    }
}
