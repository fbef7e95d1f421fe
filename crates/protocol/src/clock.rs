//! Move clocks: how long each move may take in a room that has one. A closed list, so a room's
//! clock is one every client can show and a public table lists ("20 s a move").

use serde::{Deserialize, Serialize};
use std::time::Duration;
use thiserror::Error;

/// A `clock_ms` off the list.
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
#[error("a move clock is 20000, 60000 or 180000 ms, not {0}")]
pub struct ClockError(pub u64);

/// Time for each move: 20 s, 60 s or 3 min, on the wire as milliseconds (`clock_ms`). When it
/// runs out the server's computer (Medium) plays that move for the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u64", into = "u64")]
pub struct MoveClock(u64);

impl MoveClock {
    pub const SECONDS_20: MoveClock = MoveClock(20_000);
    pub const SECONDS_60: MoveClock = MoveClock(60_000);
    pub const MINUTES_3: MoveClock = MoveClock(180_000);
    /// Every clock, shortest first.
    pub const ALL: [MoveClock; 3] = [
        MoveClock::SECONDS_20,
        MoveClock::SECONDS_60,
        MoveClock::MINUTES_3,
    ];

    pub fn millis(self) -> u64 {
        self.0
    }

    pub fn duration(self) -> Duration {
        Duration::from_millis(self.0)
    }
}

impl TryFrom<u64> for MoveClock {
    type Error = ClockError;
    fn try_from(ms: u64) -> Result<MoveClock, ClockError> {
        MoveClock::ALL
            .into_iter()
            .find(|c| c.0 == ms)
            .ok_or(ClockError(ms))
    }
}

impl From<MoveClock> for u64 {
    fn from(clock: MoveClock) -> u64 {
        clock.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_three_clocks_are_read() {
        for clock in MoveClock::ALL {
            let text = serde_json::to_string(&clock).unwrap();
            assert_eq!(serde_json::from_str::<MoveClock>(&text).ok(), Some(clock));
        }
        assert_eq!(MoveClock::try_from(30_000), Err(ClockError(30_000)));
        let refused = serde_json::from_str::<MoveClock>("0").unwrap_err();
        assert!(refused.to_string().contains("20000, 60000 or 180000"));
    }
}
