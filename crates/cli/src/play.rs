//! A game in the terminal: people and the computer, moves typed in notation or as labels.

use anyhow::Result;
use starhalma_ai::{Level, Planner};
use starhalma_locale::{Language, Texts};
use starhalma_rules::{Game, Label, Move};
use std::io::{BufRead, Write};

/// Who sits in a seat.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Human,
    Computer(Level),
}

/// Parse what a player typed: a move in notation (`s 5,-1 4,0`) or two labels of the active
/// player (`R4 S1 R5 S6`), which name the step or jump between them.
fn parse_input(game: &Game, text: &str) -> Option<Move> {
    if let Ok(mv) = text.parse::<Move>() {
        return Some(mv);
    }
    let camp = game.variant().camp_of(game.active());
    let upper = text.to_ascii_uppercase();
    let parts: Vec<&str> = upper.split('R').filter(|p| !p.trim().is_empty()).collect();
    if parts.len() != 2 {
        return None;
    }
    let from = format!("R{}", parts[0])
        .parse::<Label>()
        .ok()?
        .hole(camp)
        .ok()?;
    let to = format!("R{}", parts[1])
        .parse::<Label>()
        .ok()?
        .hole(camp)
        .ok()?;
    game.legal_moves()
        .into_iter()
        .find(|m| m.from == from && m.to == to)
}

/// A finished game's result in the game's own words (English): who won and how, the places
/// where the rules place players, and why when a special rule decided it.
pub fn result_words(game: &Game) -> Vec<String> {
    let Some(outcome) = starhalma_guide::outcome(game) else {
        return Vec::new();
    };
    let texts = Texts::new(Language::English);
    let say = |line: &starhalma_guide::Line| line.say_with_colours(&texts, game.variant());
    let mut lines = vec![say(&outcome.headline)];
    lines.extend(outcome.places.iter().map(|line| format!("  {}", say(line))));
    lines.extend(outcome.why.iter().map(|(line, _)| say(line)));
    lines
}

pub fn run(mut game: Game, seats: &[Seat], seed: u64) -> Result<()> {
    let variant = game.variant();
    let mut planner = Planner::new(game.rules(), seed);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("{variant}. Type a move as `s 5,-1 4,0` / `j 6,-2 4,0`, or as labels `R4 S1 R5 S6`;");
    println!("`moves` lists the legal moves, `undo` takes back, `quit` ends.");
    println!("{} moves first.", variant.colour(game.first()));
    loop {
        println!("\n{}", crate::render_game(&game));
        if game.is_over() {
            for line in result_words(&game) {
                println!("{line}");
            }
            return Ok(());
        }
        let seat = game.active();
        let colour = variant.colour(seat);
        if let Seat::Computer(level) = seats[seat as usize] {
            let plan = planner.plan(&game, level, level.default_budget());
            game.play(plan.mv).expect("the planner plays legal moves");
            println!("{colour} ({}) plays {}", level.name(), plan.mv);
            continue;
        }
        print!("{colour} (seat {seat}) to move> ");
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = line?;
        match line.trim() {
            "quit" | "q" => return Ok(()),
            "moves" => {
                let camp = variant.camp_of(seat);
                for mv in game.legal_moves() {
                    if mv.is_pass() {
                        println!("  pass");
                    } else {
                        println!(
                            "  {mv:<14} {} -> {}",
                            Label::of(mv.from, camp),
                            Label::of(mv.to, camp)
                        );
                    }
                }
            }
            "undo" => {
                // Take back the computer's replies too, back to this player's last move.
                while game.undo() && game.active() != seat {}
            }
            text => match parse_input(&game, text) {
                None => println!("Not a move: {text}"),
                Some(mv) => {
                    if let Err(reason) = game.play(mv) {
                        println!("Illegal: {reason}");
                    }
                }
            },
        }
    }
}
