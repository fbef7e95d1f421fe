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
