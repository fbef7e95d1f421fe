//! The short load run CI makes (issue 12): `starhalma-load` against one server in memory and
//! against three gateways on one Redis; it fails on any error or lost event. Speed and memory
//! (round trips, server CPU per move, resident KB per connection) are printed, never asserted
//! (figures: docs/ONLINE.md).

mod common;

/// The memory run starts its own server; the Redis run starts its gateways by hand.
const STORE: common::Store = common::Store::Memory;

use common::{RedisProcess, ServerProcess};
use std::process::Command;

/// Rooms and seconds of each run: about a thousand rooms for ten seconds, as the issue asks.
const ROOMS: &str = "1000";
const SECONDS: &str = "10";

/// Limits that let 2,000 sockets from one address in.
const ROOMY: [&str; 6] = [
    "--max-connections-per-address",
    "100000",
    "--max-rooms-per-hour",
    "1000000",
    "--max-rooms",
    "100000",
];

/// Where the runs' figures go for CI to print (`.ci/run`), a run after the other.
const REPORT: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/load-report.txt");

fn load(setup: &str, servers: &[&ServerProcess], redis: Option<&RedisProcess>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_starhalma-load"));
    for server in servers {
        command.args(["--addr", &server.addr]);
        command.args(["--pid", &server.pid().to_string()]);
    }
    if let Some(redis) = redis {
        command.args(["--store-pid", &redis.pid().to_string()]);
    }
    let out = command
        .args(["--rooms", ROOMS, "--seconds", SECONDS, "--rate", "1"])
        .output()
        .expect("starhalma-load runs");
    let report = String::from_utf8_lossy(&out.stdout);
    println!("{report}");
    // Two tests may finish together: one append each, whole.
    let _ = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(REPORT)
        .and_then(|mut file| {
            std::io::Write::write_all(&mut file, format!("-- {setup}\n{report}").as_bytes())
        });
    assert!(out.status.success(), "the load run failed:\n{report}");
    assert!(report.contains("errors       0") && report.contains("lost events  0"));
    assert!(report.contains(&format!("rooms        {ROOMS} of {ROOMS}")));
    assert!(report.contains("µs a move") && report.contains("KB a connection"));
}

#[test]
fn a_thousand_rooms_play_on_one_server_in_memory() {
    assert_eq!(STORE, common::Store::Memory);
    let server = ServerProcess::start(&ROOMY);
    load("1,000 rooms, one server in memory", &[&server], None);
}

#[test]
fn a_thousand_rooms_play_over_three_gateways_on_redis() {
    let redis = RedisProcess::start();
    // The default lease (5 s): a debug build under this load may be slow to renew a short one.
    let gateways: Vec<ServerProcess> = (0..3)
        .map(|_| {
            ServerProcess::gateway_with(&redis, &[&ROOMY[..], &["--lease-ms", "5000"]].concat())
        })
        .collect();
    load(
        "1,000 rooms, three gateways on one Redis",
        &gateways.iter().collect::<Vec<_>>(),
        Some(&redis),
    );
}
