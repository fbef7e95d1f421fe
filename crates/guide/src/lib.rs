//! starhalma-guide: what the game teaches, as words and data for the client to render.
//!
//! - [`summary`]: one paragraph per rule set for the menu.
//! - [`sections`]: the "How to play" screen of a rule set, section by section, some with a
//!   [`Diagram`]: a small position and the move it shows, built and checked with the rules
//!   crate so that the client can draw it on a mini board.
//! - [`decided_by`]: the sentence for the game-over panel when a special rule decided a game.
//! - [`explain`] and [`why_not`]: friendly words for every refusal of the rules engine.
//! - [`GuidedGame`]: the scripted first game against Easy, step by step.
//!
//! The words are the project's own; what each rule set says follows docs/RULES.md and the seed
//! it comes from (000 laws, 001 table, 003 diamond, 004 masters). Nothing here depends on Bevy.

mod refusal;
mod summary;

pub use refusal::{NOWHERE_TO_GO, explain, why_not};
pub use summary::summary;

mod diagram;
mod sections;

pub use diagram::{Diagram, Shows};
pub use sections::{Section, Topic, sections};

mod decided;

pub use decided::{Decision, decided_by, decision};

mod guided;

pub use guided::{Action, Expect, Feedback, GuideStep, GuidedGame, SCRIPT};
