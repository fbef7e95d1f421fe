//! starhalma-rules: Chinese Checkers (Stern-Halma) as a pure, fast rules engine.
//!
//! - [`board`]: the 121-hole star of seed 000 in axial coordinates, with precomputed tables.
//! - [`variant`]: the four rule sets (`laws`, `table`, `masters`, `diamond`) and seating.
//! - [`rules`]: move generation, apply/undo, status, for one compiled rule set; its jump search
//!   runs in a [`Kernel`] chosen at run time (BMI2 where the CPU has it, portable elsewhere).
//! - [`game`]: a game with history, undo, resignation, ranking and JSON save files.
//! - [`notation`]: `q,r` holes, `s`/`j`/`x`/`pass` moves, player-relative `R10 S1` labels.
//! - [`perft`]: move-generation counting.
//!
//! ```
//! use starhalma_rules::{Game, RuleSet, Variant};
//! let mut game = Game::new(Variant::new(RuleSet::Laws, 2).unwrap());
//! assert_eq!(game.legal_moves().len(), 14);
//! let mv = "s 5,-1 4,0".parse().unwrap();
//! game.play(mv).unwrap();
//! assert_eq!(game.active(), 1);
//! ```

pub mod board;
pub mod game;
mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod rules;
pub mod variant;

pub use board::{Coord, Direction, HOLE_COUNT, Hole, Holes};
pub use game::{Game, LoadError, Placement, Played, Progress, ResignError, SAVE_VERSION};
pub use movegen::Kernel;
pub use notation::{Label, NotationError, parse_moves};
pub use position::{Move, MoveKind, MoveList, Position, PositionError, State, Undo};
pub use rules::{DrawReason, IllegalMove, RankReason, Rules, Status, WinReason};
pub use variant::{Blocked, Colour, RuleSet, SetupError, Variant};
