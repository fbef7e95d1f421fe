//! The real server binary driven by scripted clients over WebSockets (issue 11, tests).

mod common;

/// The store the servers of this suite keep rooms in.
const STORE: common::Store = common::Store::Memory;

include!("suite/server.rs");

/// A count of threads must be 1 or more: refused with the usage, exit code 2.
#[test]
fn zero_threads_are_refused_with_the_usage() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_starhalma-server"))
        .args(["--port", "0", "--threads", "0"])
        .output()
        .expect("the server binary runs");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains("--threads: '0' is not a count of 1 or more"),
        "{said}"
    );
    assert!(said.contains("--threads N"), "{said}");
}
