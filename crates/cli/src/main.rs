//! starhalma-cli: headless tools on top of the rules engine.

mod bench;
mod play;
mod solitaire;
mod tournament;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};
use starhalma_ai::Budget;
use starhalma_rules::{Blocked, Game, Label, Move, RuleSet, Variant, board, parse_moves, perft};
use std::time::Duration;
use tournament::Agent;

#[derive(Parser)]
#[command(
    name = "starhalma-cli",
    version,
    about = "Headless Chinese Checkers tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the board as the seed draws it (camp digits, `.` in the hexagon).
    Board(BoardArgs),
    /// Count leaf positions of the move tree (passes count as moves); the count is the last line.
    Perft {
        #[command(flatten)]
        setup: Setup,
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Print the count below each legal move first.
        #[arg(long)]
        divide: bool,
        /// Moves played from the start before counting.
        #[arg(long, default_value = "")]
        moves: String,
    },
    /// List the legal moves after a sequence of moves.
    Legal {
        #[command(flatten)]
        setup: Setup,
        /// Moves in notation, e.g. "s 5,-1 4,0 j 2,-5 4,-3"; `;` may separate them.
        #[arg(long, default_value = "")]
        moves: String,
        /// Also show each move in the active player's row/space labels.
        #[arg(long)]
        labels: bool,
        /// Draw the position first.
        #[arg(long)]
        board: bool,
    },
    /// Computer players against each other: per-seat results with confidence intervals.
    Tournament {
        #[command(flatten)]
        setup: Setup,
        /// One player per seat (greedy, easy, medium, hard); the last repeats to fill the seats.
        #[arg(long, default_value = "hard,greedy")]
        seats: String,
        #[arg(long, default_value_t = 20)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Node budget per computer move instead of each level's own (reproducible).
        #[arg(long)]
        nodes: Option<u64>,
        /// Time budget per computer move in milliseconds (with --nodes, whichever ends first).
        #[arg(long)]
        time_ms: Option<u64>,
        /// Random forward plies per seat that open each game.
        #[arg(long, default_value_t = 2)]
        opening: u32,
        /// Write every game in the project's notation to this file.
        #[arg(long)]
        pgn_like: Option<std::path::PathBuf>,
        /// Instead of seats: every pair of these players meets (2 players), and an Elo table
        /// anchored at greedy = 0 is printed.
        #[arg(long)]
        round_robin: Option<String>,
    },
    /// Play in the terminal against the computer or each other.
    Play {
        #[command(flatten)]
        setup: Setup,
        /// One entry per seat: human, easy, medium or hard; the last repeats.
        #[arg(long, default_value = "human,medium")]
        seats: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Let computer players play a game (or its first plies) and write it as a save file that
    /// the game loads (`starhalma --load FILE`).
    Record {
        #[command(flatten)]
        setup: Setup,
        /// One player per seat (greedy, easy, medium, hard); the last repeats.
        #[arg(long, default_value = "medium")]
        seats: String,
        /// Stop after this many plies (default: play to the end).
        #[arg(long)]
        plies: Option<usize>,
        /// Node budget per computer move (reproducible).
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to write the save file.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// The fewest moves found for ten marbles to cross an empty board alone (laws).
    Solitaire {
        /// Positions kept at each move of the beam search.
        #[arg(long, default_value_t = 10_000)]
        beam: usize,
    },
    /// Move-generation benchmark: perft leaves per second and full generations per second.
    Bench {
        /// Depth of the 2-player `laws` perft.
        #[arg(long, default_value_t = 6)]
        depth: u32,
        /// Seconds to spend on the midgame generation benchmark.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
        /// Node budget of each Hard search in the AI benchmark.
        #[arg(long, default_value_t = 200_000)]
        ai_nodes: u64,
        /// Only the perft figure (for runs alternating with another engine).
        #[arg(long)]
        perft_only: bool,
    },
}

#[derive(Args)]
struct BoardArgs {
    /// Show a game's position (pieces as seat numbers, K for kings) instead of the camps.
    #[command(flatten)]
    setup: Option<Setup>,
}

#[derive(Clone, Copy, ValueEnum)]
enum RulesName {
    Laws,
    Table,
    Masters,
    Diamond,
}

#[derive(Clone, Copy, ValueEnum)]
enum BlockedName {
    Swap,
    Fill,
}

#[derive(Args, Clone)]
struct Setup {
    #[arg(long, value_enum, default_value = "laws")]
    rules: RulesName,
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// table: Super Chinese Checkers long hops.
    #[arg(long)]
    long_hops: bool,
    /// masters: how a blocked target is resolved.
    #[arg(long, value_enum, default_value = "swap")]
    blocked: BlockedName,
}

impl Setup {
    fn variant(&self) -> Result<Variant> {
        let rules = match self.rules {
            RulesName::Laws => RuleSet::Laws,
            RulesName::Table => RuleSet::Table {
                long_hops: self.long_hops,
            },
            RulesName::Masters => RuleSet::Masters {
                blocked: match self.blocked {
                    BlockedName::Swap => Blocked::Swap,
                    BlockedName::Fill => Blocked::Fill,
                },
            },
            RulesName::Diamond => RuleSet::Diamond,
        };
        Ok(Variant::new(rules, self.players)?)
    }

    fn game_after(&self, moves: &str) -> Result<Game> {
        let mut game = Game::new(self.variant()?);
        for (i, mv) in parse_moves(moves)?.into_iter().enumerate() {
            game.play(mv)
                .with_context(|| format!("move {} ({mv}) cannot be played", i + 1))?;
        }
        Ok(game)
    }
}

fn main() -> Result<()> {
    match Cli::parse().command {
        Command::Board(args) => match args.setup {
            None => print!("{}", board::render_camps()),
            Some(setup) => print!("{}", render_game(&setup.game_after("")?)),
        },
        Command::Record {
            setup,
            seats,
            plies,
            nodes,
            seed,
            out,
        } => {
            let variant = setup.variant()?;
            let agents = seats
                .split(',')
                .map(tournament::Agent::parse)
                .collect::<Result<Vec<_>>>()?;
            let game = tournament::record(variant, &agents, plies, nodes, seed);
            std::fs::write(&out, game.to_json())
                .with_context(|| format!("writing {}", out.display()))?;
            println!(
                "{} plies, {:?} -> {}",
                game.history().len(),
                game.status(),
                out.display()
            );
        }
        Command::Perft {
            setup,
            depth,
            divide,
            moves,
        } => {
            let game = setup.game_after(&moves)?;
            let rules = game.rules();
            let mut state = *game.state();
            if divide {
                for (mv, n) in perft::divide(rules, &mut state, depth) {
                    println!("{mv}: {n}");
                }
            }
            println!("{}", perft::perft(rules, &mut state, depth));
        }
        Command::Legal {
            setup,
            moves,
            labels,
            board,
        } => {
            let game = setup.game_after(&moves)?;
            if board {
                print!("{}", render_game(&game));
            }
            if game.is_over() {
                println!("game over: {:?}", game.status());
                return Ok(());
            }
            let seat = game.active();
            let camp = game.variant().camp_of(seat);
            println!("{} to move", game.variant().colour(seat));
            for mv in game.legal_moves() {
                if labels && !mv.is_pass() {
                    println!(
                        "{mv}\t{} -> {}",
                        Label::of(mv.from, camp),
                        Label::of(mv.to, camp)
                    );
                } else {
                    println!("{mv}");
                }
            }
        }
        Command::Tournament {
            setup,
            seats,
            games,
            seed,
            nodes,
            time_ms,
            opening,
            pgn_like,
            round_robin,
        } => {
            let variant = setup.variant()?;
            let budget = match (nodes, time_ms) {
                (None, None) => None,
                (n, t) => Some(Budget {
                    max_nodes: n.unwrap_or(u64::MAX),
                    max_time: t.map(Duration::from_millis),
                }),
            };
            // Rule sets without a cap of their own are adjudicated as draws after 400 turns each.
            let max_plies = 400 * variant.players() as u32;
            let settings = tournament::Settings {
                variant,
                seed,
                budget,
                opening_plies: opening,
                max_plies,
            };
            let mut log = String::new();
            match round_robin {
                None => {
                    let mut agents: Vec<Agent> =
                        seats.split(',').map(Agent::parse).collect::<Result<_>>()?;
                    if agents.len() > variant.players() as usize {
                        bail!(
                            "{} players given for {} seats",
                            agents.len(),
                            variant.players()
                        );
                    }
                    let last = *agents.last().expect("split yields one item");
                    agents.resize(variant.players() as usize, last);
                    let mut index = 0;
                    let tallies = tournament::run(&settings, &agents, games, |record| {
                        log.push_str(&tournament::pgn_like(record, &agents, index));
                        index += 1;
                    });
                    println!("{variant}, {games} games, seed {seed}");
                    print!("{}", tournament::report(&agents, &tallies));
                }
                Some(list) => {
                    if variant.players() != 2 {
                        bail!("round robins are played with 2 players");
                    }
                    let names: Vec<Agent> =
                        list.split(',').map(Agent::parse).collect::<Result<_>>()?;
                    let anchor =
                        names
                            .iter()
                            .position(|&a| a == Agent::Greedy)
                            .ok_or_else(|| {
                                anyhow::anyhow!("the round robin needs greedy as its anchor")
                            })?;
                    let mut results = Vec::new();
                    for a in 0..names.len() {
                        for b in a + 1..names.len() {
                            let pair = [names[a], names[b]];
                            let mut index = 0;
                            let tallies = tournament::run(&settings, &pair, games, |record| {
                                log.push_str(&tournament::pgn_like(record, &pair, index));
                                index += 1;
                            });
                            let score = (tallies[0].wins as f64 + 0.5 * tallies[0].draws as f64)
                                / games.max(1) as f64;
                            println!(
                                "{} vs {}: {:.1}% for {}",
                                names[a].name(),
                                names[b].name(),
                                100.0 * score,
                                names[a].name()
                            );
                            results.push((a, b, score * games as f64, games as f64));
                        }
                    }
                    let games_results: Vec<(usize, usize, f64)> = results
                        .iter()
                        .flat_map(|&(a, b, wins, n)| {
                            let per_game = wins / n;
                            std::iter::repeat_n((a, b, per_game), n as usize)
                        })
                        .collect();
                    let ratings = tournament::elo(names.len(), &games_results, anchor);
                    println!("Elo (greedy = 0), {variant}, {games} games a pair:");
                    let mut order: Vec<usize> = (0..names.len()).collect();
                    order.sort_by(|&x, &y| ratings[y].total_cmp(&ratings[x]));
                    for i in order {
                        println!("  {:<8} {:>7.0}", names[i].name(), ratings[i]);
                    }
                }
            }
            if let Some(path) = pgn_like {
                std::fs::write(&path, log)
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
        }
        Command::Play { setup, seats, seed } => {
            let variant = setup.variant()?;
            let mut list: Vec<play::Seat> = seats
                .split(',')
                .map(|s| match s.trim() {
                    "human" => Ok(play::Seat::Human),
                    other => match Agent::parse(other)? {
                        Agent::Ai(level) => Ok(play::Seat::Computer(level)),
                        Agent::Greedy => bail!("greedy is for tournaments; use easy"),
                    },
                })
                .collect::<Result<_>>()?;
            let last = *list.last().expect("split yields one item");
            list.resize(variant.players() as usize, last);
            play::run(variant, &list, seed)?;
        }
        Command::Solitaire { beam } => match solitaire::solve(beam) {
            Some(moves) => {
                let text: Vec<String> = moves.iter().map(Move::to_string).collect();
                println!("{}", text.join("; "));
                println!(
                    "{} moves (beam {beam}; the published optimum is 27)",
                    moves.len()
                );
            }
            None => bail!("no crossing found with beam {beam}"),
        },
        Command::Bench {
            depth,
            seconds,
            ai_nodes,
            perft_only,
        } => bench::run(
            depth,
            Duration::from_secs_f64(seconds),
            ai_nodes,
            perft_only,
        )?,
    }
    Ok(())
}

/// The position drawn like the seed's picture: seat digits, `K` for a king, `.` for empty.
fn render_game(game: &Game) -> String {
    let pos = game.position();
    board::render(|h| match pos.owner(h) {
        Some(_) if pos.is_king(h) => 'K',
        Some(seat) => char::from(b'0' + seat),
        None => '.',
    })
}
