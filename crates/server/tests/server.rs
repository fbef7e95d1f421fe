//! The real server binary driven by scripted clients over WebSockets (issue 11, tests).

mod common;

/// The store the servers of this suite keep rooms in.
const STORE: common::Store = common::Store::Memory;

include!("suite/server.rs");
