//! The room lifecycle through the real binary (issue 11): presence and the computer's takeover,
//! a seat taken over by a second connection, leave, rematch, expiry, and every limit.

mod common;

/// The store the servers of this suite keep rooms in.
const STORE: common::Store = common::Store::Memory;

include!("suite/lifecycle.rs");
