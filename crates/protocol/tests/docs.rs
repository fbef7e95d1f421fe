//! docs/ONLINE.md stays true: every line of its `json` blocks is a message exactly as the encoder
//! writes it, every message type, event and seat holder has an example, and every error code is
//! described.

mod common;

use common::*;
use serde_json::Value;
use starhalma_protocol::*;
use std::collections::BTreeSet;

const ONLINE: &str = include_str!("../../../docs/ONLINE.md");

/// The lines of the ```json blocks.
fn example_lines() -> Vec<&'static str> {
    let mut lines = Vec::new();
    let mut in_json = false;
    for line in ONLINE.lines() {
        match line.trim() {
            "```json" => in_json = true,
            "```" => in_json = false,
            text if in_json && !text.is_empty() => lines.push(text),
            _ => {}
        }
    }
    lines
}

/// `t`, and for events the `kind`, and every seat holder `kind`, that a frame shows.
fn names_in(frame: &str, names: &mut BTreeSet<String>) {
    let value: Value = serde_json::from_str(frame).unwrap();
    names.insert(value["t"].as_str().unwrap().to_string());
    if let Some(kind) = value["event"]["kind"].as_str() {
        names.insert(format!("event {kind}"));
    }
    let seats = [&value["seats"], &value["event"]["seats"]];
    for holder in seats.iter().filter_map(|s| s.as_array()).flatten() {
        names.insert(format!("seat {}", holder["kind"].as_str().unwrap()));
    }
}

#[test]
fn every_example_is_a_message_in_its_encoded_form() {
    let lines = example_lines();
    assert!(lines.len() >= 20, "found {} examples", lines.len());
    for line in lines {
        let encoded = match (decode_client(line), decode_server(line)) {
            (Ok(message), Err(_)) => message.encode(),
            (Err(_), Ok(message)) => message.encode(),
            (client, server) => {
                panic!("{line}\nas a client message: {client:?}\nas a server message: {server:?}")
            }
        };
        assert_eq!(
            encoded, line,
            "the docs' example differs from the encoder's output"
        );
    }
}

#[test]
fn every_message_event_and_seat_holder_has_an_example() {
    let mut documented = BTreeSet::new();
    for line in example_lines() {
        names_in(line, &mut documented);
    }
    let mut all = BTreeSet::new();
    for frame in client_examples().iter().map(|m| m.encode()) {
        names_in(&frame, &mut all);
    }
    for frame in server_examples().iter().map(|m| m.encode()) {
        names_in(&frame, &mut all);
    }
    let missing: Vec<_> = all.difference(&documented).collect();
    assert!(
        missing.is_empty(),
        "docs/ONLINE.md has no example of {missing:?}"
    );
}

#[test]
fn every_error_code_is_described() {
    for code in ErrorCode::ALL {
        assert!(
            ONLINE.contains(&format!("| `{code}` |")),
            "docs/ONLINE.md's table lacks `{code}`"
        );
    }
}

#[test]
fn the_docs_state_the_frame_limit() {
    assert!(ONLINE.contains(&format!("at most {MAX_FRAME_BYTES} bytes")));
}
