//! The room lifecycle through the real binary (issue 11): presence and the computer's takeover,
//! a seat taken over by a second connection, leave, rematch, expiry, and every limit.
//! The same suite with rooms in Redis (a `redis-server` each server test starts itself).

mod common;

const STORE: common::Store = common::Store::Redis;

include!("suite/lifecycle.rs");
