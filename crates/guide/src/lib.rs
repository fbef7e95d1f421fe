//! starhalma-guide: what the game teaches, as words and data for the client to render.
//!
//! - [`summary`]: one paragraph per rule set, for under its button on the menu.
//! - [`sections`]: the "How to play" screen of a rule set, in reading order. Some sections
//!   carry a [`Diagram`]: a small position and the move it shows, built and checked with the
//!   rules crate, for the client to draw on a mini board. The constructors are in [`diagram`].
//! - [`outcome`]: a finished game's result as its rules state it (who won and how, the places
//!   where the rules place players, why a special rule decided it), as [`Line`]s of words, for
//!   the game-over panel, the HUD, screen readers and the CLI alike.
//! - [`decision`]: the facts behind a game a special rule decided, with the [`Topic`] of the
//!   section that explains it.
//! - [`explain`] and [`why_not`]: friendly words for every refusal of the rules engine.
//! - [`GuidedGame`] and [`SCRIPT`]: the scripted first game against Easy.
//!
//! The words are the project's own. What they say follows docs/RULES.md and the seed each rule
//! set comes from: 000 for the laws, 001 for the table (and its long hops), 003 for the Diamond
//! Game, 004 for the masters' swap and fill rules; the tips gather those of seeds 001 and 003.
//! Every text is a message id of the locale files ([`starhalma_locale::id`]), never English:
//! the words themselves live only in `assets/locales/*/starhalma.ftl`, in every language, and the
//! client shows them in the player's.
//!
//! ```
//! use starhalma_guide::{sections, summary};
//! use starhalma_locale::{Language, Texts, id};
//! use starhalma_rules::RuleSet;
//! assert_eq!(summary(RuleSet::Diamond), id::SUMMARY_DIAMOND);
//! assert!(Texts::new(Language::English).get(summary(RuleSet::Diamond)).contains("king"));
//! let screen = sections(RuleSet::Diamond);
//! let king = screen.iter().find_map(|s| s.diagram.as_ref().filter(|d| d.game.position().is_king(d.mv.from)));
//! assert!(king.is_some());
//! ```

mod decided;
pub mod diagram;
mod guided;
mod refusal;
mod result;
mod sections;
mod summary;

pub use decided::{Among, Decided, Decision, decision};
pub use diagram::{Diagram, Shows};
pub use guided::{Action, Expect, Feedback, GuideStep, GuidedGame, SCRIPT};
pub use refusal::{NOWHERE_TO_GO, explain, why_not};
pub use result::{Line, Outcome, Word, colour_message, outcome};
pub use sections::{Section, Topic, sections};
pub use summary::summary;

/// A message in English, for tests that read what the guide says.
#[cfg(test)]
fn english(id: &str) -> String {
    starhalma_locale::Texts::new(starhalma_locale::Language::English).get(id)
}
