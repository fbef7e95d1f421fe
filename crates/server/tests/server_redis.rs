//! The real server binary driven by scripted clients over WebSockets (issue 11, tests).
//! The same suite with rooms in Redis (a `redis-server` each server test starts itself).

mod common;

const STORE: common::Store = common::Store::Redis;

include!("suite/server.rs");
