//! starhalma-cli: headless tools on top of the rules engine.

mod bench;
mod ccp;
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
        /// Stop as soon as a sequential probability ratio test decides between "the first player
        /// is ELO0 stronger" and "ELO1 stronger" (2 players; 5% errors each way), e.g. 0,30.
        /// --games is then the most it plays.
        #[arg(long)]
        sprt: Option<String>,
        /// Games played at once, each on a thread of its own (time budgets are only fair when
        /// every game has a core).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
    },
    /// Play in the terminal against the computer or each other.
    Play {
        #[command(flatten)]
        setup: Setup,
        /// One entry per seat: human, easy, medium or hard; the last repeats.
        #[arg(long, default_value = "human,medium")]
        seats: String,
        #[command(flatten)]
        first: First,
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
        #[command(flatten)]
        first: First,
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
    /// Speak the CCERL benchmark's engine protocol (CCP) on stdin and stdout, playing Hard
    /// under the benchmark's rules (docs/AI.md: rating starhalma on its ladder).
    Ccp {
        /// A style other than Hard's (as in tournaments: `hard-v1`, `hard:beam=24`).
        #[arg(long)]
        style: Option<String>,
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

/// Who moves first: `red` (seat 0, every rule set's own start), `random` (a coin toss, seed
/// 004's rule, reproducible by `--seed`) or a seat number.
#[derive(Args, Clone)]
struct First {
    #[arg(long = "first", default_value = "red")]
    first: String,
}

impl First {
    fn seat(&self, variant: Variant, seed: u64) -> Result<u8> {
        let players = variant.players();
        let seat = match self.first.trim() {
            "red" => 0,
            "random" => starhalma_ai::SplitMix(seed).below(players.into()) as u8,
            number => number
                .parse::<u8>()
                .with_context(|| format!("--first {number}: use red, random or a seat number"))?,
        };
        if seat >= players {
            bail!("--first {seat}: {variant} has seats 0 to {}", players - 1);
        }
        Ok(seat)
    }
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
        Command::Board(args) => board_command(args),
        Command::Record {
            setup,
            seats,
            plies,
            nodes,
            first,
            seed,
            out,
        } => {
            let variant = setup.variant()?;
            let game = Game::starting_with(variant, first.seat(variant, seed)?)?;
            record_command(game, &seats, plies, nodes, seed, &out)
        }
        Command::Perft {
            setup,
            depth,
            divide,
            moves,
        } => perft_command(&setup, depth, divide, &moves),
        Command::Legal {
            setup,
            moves,
            labels,
            board,
        } => legal_command(&setup, &moves, labels, board),
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
            jobs,
            sprt,
        } => {
            let budget = match (nodes, time_ms) {
                (None, None) => None,
                (n, t) => Some(Budget {
                    max_nodes: n.unwrap_or(u64::MAX),
                    max_time: t.map(Duration::from_millis),
                }),
            };
            let mut settings = tournament_settings(&setup, seed, budget, opening)?;
            settings.jobs = jobs;
            let sprt = sprt.as_deref().map(tournament::Sprt::parse).transpose()?;
            if sprt.is_some() && (round_robin.is_some() || settings.variant.players() != 2) {
                bail!("--sprt is for two seated players");
            }
            let log = match round_robin {
                None => tournament_command(&settings, &seats, games, sprt)?,
                Some(list) => {
                    let agents: Vec<Agent> =
                        list.split(',').map(Agent::parse).collect::<Result<_>>()?;
                    let (table, log) = tournament::round_robin(&settings, &agents, games)?;
                    print!("{table}");
                    log
                }
            };
            if let Some(path) = pgn_like {
                std::fs::write(&path, log)
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
            Ok(())
        }
        Command::Play {
            setup,
            seats,
            first,
            seed,
        } => {
            let variant = setup.variant()?;
            let game = Game::starting_with(variant, first.seat(variant, seed)?)?;
            play_command(game, &seats, seed)
        }
        Command::Solitaire { beam } => solitaire_command(beam),
        Command::Ccp { style } => {
            let style = match style.as_deref().map(Agent::parse).transpose()? {
                None | Some(Agent::Ai(starhalma_ai::Level::Hard)) => starhalma_ai::Style::HARD,
                Some(Agent::Styled { style, .. }) => style,
                Some(other) => bail!("{other} does not search; give hard or a style"),
            };
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            ccp::session(stdin, stdout, style).context("the protocol's input or output failed")
        }
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
        ),
    }
}

fn board_command(args: BoardArgs) -> Result<()> {
    match args.setup {
        None => print!("{}", board::render_camps()),
        Some(setup) => print!("{}", render_game(&setup.game_after("")?)),
    }
    Ok(())
}

fn record_command(
    game: Game,
    seats: &str,
    plies: Option<usize>,
    nodes: u64,
    seed: u64,
    out: &std::path::Path,
) -> Result<()> {
    let agents = seats
        .split(',')
        .map(Agent::parse)
        .collect::<Result<Vec<_>>>()?;
    let game = tournament::record(game, &agents, plies, nodes, seed);
    std::fs::write(out, game.to_json()).with_context(|| format!("writing {}", out.display()))?;
    let result = play::result_words(&game);
    let said = result.first().map_or("still going", String::as_str);
    println!(
        "{} plies, {said} -> {}",
        game.history().len(),
        out.display()
    );
    Ok(())
}

fn perft_command(setup: &Setup, depth: u32, divide: bool, moves: &str) -> Result<()> {
    let game = setup.game_after(moves)?;
    let rules = game.rules();
    let mut state = *game.state();
    if divide {
        for (mv, n) in perft::divide(rules, &mut state, depth) {
            println!("{mv}: {n}");
        }
    }
    println!("{}", perft::perft(rules, &mut state, depth));
    Ok(())
}

fn legal_command(setup: &Setup, moves: &str, labels: bool, board: bool) -> Result<()> {
    let game = setup.game_after(moves)?;
    if board {
        print!("{}", render_game(&game));
    }
    if game.is_over() {
        println!("game over");
        for line in play::result_words(&game) {
            println!("{line}");
        }
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
    Ok(())
}

fn tournament_settings(
    setup: &Setup,
    seed: u64,
    budget: Option<Budget>,
    opening_plies: u32,
) -> Result<tournament::Settings> {
    let variant = setup.variant()?;
    Ok(tournament::Settings {
        variant,
        seed,
        budget,
        opening_plies,
        // Rule sets without a cap of their own are adjudicated as draws after 400 turns each.
        max_plies: 400 * variant.players() as u32,
        jobs: 1,
    })
}

/// Seated players (the last repeats to fill the seats); prints the table, returns the games.
fn tournament_command(
    settings: &tournament::Settings,
    seats: &str,
    games: u32,
    sprt: Option<tournament::Sprt>,
) -> Result<String> {
    let variant = settings.variant;
    let mut agents: Vec<Agent> = seats.split(',').map(Agent::parse).collect::<Result<_>>()?;
    if agents.len() > variant.players() as usize {
        bail!(
            "{} players given for {} seats",
            agents.len(),
            variant.players()
        );
    }
    let last = agents.last().expect("split yields one item").clone();
    agents.resize(variant.players() as usize, last);
    let mut log = String::new();
    let mut index = 0;
    let mut scores = Vec::new();
    let mut verdict = None;
    let tallies = tournament::run(settings, &agents, games, |record| {
        log.push_str(&tournament::pgn_like(record, &agents, index));
        index += 1;
        let Some(test) = sprt else {
            return tournament::Flow::Continue;
        };
        let first = record.seating.iter().position(|&a| a == 0).unwrap_or(0) as u8;
        scores.push(match record.winner() {
            Some(w) if w == first => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        });
        let now = test.verdict(&scores);
        verdict = Some(now);
        match now {
            tournament::Verdict::Open(_) => tournament::Flow::Continue,
            _ => tournament::Flow::Stop,
        }
    });
    let played = tallies.first().map_or(0, |t| t.games);
    println!("{variant}, {played} games, seed {}", settings.seed);
    if let (Some(test), Some(verdict)) = (sprt, verdict) {
        let said = match verdict {
            tournament::Verdict::Better(llr) => format!("H1 accepted (LLR {llr:.2})"),
            tournament::Verdict::NotBetter(llr) => format!("H0 accepted (LLR {llr:.2})"),
            tournament::Verdict::Open(llr) => format!("undecided at the game limit (LLR {llr:.2})"),
        };
        println!(
            "SPRT of {} against {}, H0 {} Elo, H1 {} Elo, bounds ±2.94: {said}",
            agents[0], agents[1], test.elo0, test.elo1
        );
    }
    print!("{}", tournament::report(&agents, &tallies));
    Ok(log)
}

fn play_command(game: Game, seats: &str, seed: u64) -> Result<()> {
    let variant = game.variant();
    let mut list: Vec<play::Seat> = seats
        .split(',')
        .map(|s| match s.trim() {
            "human" => Ok(play::Seat::Human),
            other => match Agent::parse(other)? {
                Agent::Ai(level) => Ok(play::Seat::Computer(level)),
                Agent::Greedy | Agent::Styled { .. } => {
                    bail!("{other} is for tournaments; use easy, medium or hard")
                }
            },
        })
        .collect::<Result<_>>()?;
    let last = *list.last().expect("split yields one item");
    list.resize(variant.players() as usize, last);
    play::run(game, &list, seed)
}

fn solitaire_command(beam: usize) -> Result<()> {
    let Some(moves) = solitaire::solve(beam) else {
        bail!("no crossing found with beam {beam}");
    };
    let text: Vec<String> = moves.iter().map(Move::to_string).collect();
    println!("{}", text.join("; "));
    println!(
        "{} moves (beam {beam}; the published optimum is 27)",
        moves.len()
    );
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
