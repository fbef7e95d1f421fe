//! `starhalma-cli play` between computers, to the end: the result in the game's own words.

use std::process::{Command, Stdio};

fn play(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_starhalma-cli"))
        .arg("play")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the CLI runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The lines after the last board: the result.
fn result(output: &str) -> Vec<&str> {
    let lines: Vec<&str> = output.lines().collect();
    let board_end = lines
        .iter()
        .rposition(|l| l.trim() == "." || l.trim().is_empty())
        .expect("a board was drawn");
    lines[board_end + 1..].to_vec()
}

#[test]
fn a_diamond_game_ends_naming_only_its_winner() {
    let output = play(&[
        "--rules",
        "diamond",
        "--players",
        "3",
        "--seats",
        "medium",
        "--seed",
        "3",
    ]);
    let result = result(&output);
    assert!(
        !output.contains('{') && !output.contains("Won"),
        "{result:?}"
    );
    assert_eq!(result.len(), 1, "only the winner: {result:?}");
    assert!(
        result[0].ends_with(" wins: target filled, king on ◎"),
        "{result:?}"
    );
}

#[test]
fn a_table_game_ends_with_its_places() {
    let output = play(&[
        "--rules",
        "table",
        "--players",
        "3",
        "--seats",
        "medium",
        "--seed",
        "3",
    ]);
    let result = result(&output);
    assert!(!output.contains('{'), "{result:?}");
    assert!(
        result[0].ends_with(" wins: all 10 marbles home"),
        "{result:?}"
    );
    assert!(result[1].trim().starts_with("1. ") && result[1].ends_with(": 10 home"));
    assert_eq!(result.len(), 4, "the headline and three places: {result:?}");
    assert!(
        result[2..].iter().all(|l| l.ends_with(" to go")),
        "{result:?}"
    );
}

/// `--first random` tosses for the first seat with `--seed`: the same seed, the same seat and
/// the same game; the save file `record` writes keeps who started.
#[test]
fn a_random_start_is_reproducible_by_its_seed() {
    // A person in every seat and nothing typed: the game is set up, and ends at the prompt.
    let first = |seed: &str| {
        let output = play(&[
            "--rules",
            "masters",
            "--players",
            "3",
            "--seats",
            "human",
            "--first",
            "random",
            "--seed",
            seed,
        ]);
        output
            .lines()
            .find(|l| l.ends_with(" moves first."))
            .expect("who moves first is said")
            .to_string()
    };
    let seeds: Vec<String> = (1..=12).map(|s| s.to_string()).collect();
    let starts: Vec<String> = seeds.iter().map(|s| first(s)).collect();
    assert_eq!(first("5"), starts[4], "the same seed, the same start");
    for colour in ["Red", "Yellow", "Green"] {
        assert!(
            starts.iter().any(|l| l.starts_with(colour)),
            "{colour} never starts in {starts:?}"
        );
    }
    let out = std::env::temp_dir().join(format!("starhalma-cli-first-{}.json", std::process::id()));
    let status = Command::new(env!("CARGO_BIN_EXE_starhalma-cli"))
        .args([
            "record",
            "--rules",
            "table",
            "--players",
            "2",
            "--seats",
            "easy",
        ])
        .args(["--plies", "4", "--first", "1", "--out"])
        .arg(&out)
        .output()
        .expect("the CLI runs");
    assert!(status.status.success());
    let game = starhalma_rules::Game::from_json(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(game.first(), 1);
    assert_eq!(game.history()[0].seat, 1, "Blue moved first");
    let refused = Command::new(env!("CARGO_BIN_EXE_starhalma-cli"))
        .args([
            "play", "--rules", "table", "--first", "2", "--seats", "easy",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("the CLI runs");
    assert!(!refused.status.success(), "a seat that does not play");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--first 2"));
}
