//! The clock rooms read their deadlines from. Injected, so tests can run the 45 s takeover, the
//! 30 min / 24 h expiry and the rate limits without waiting: `--test-clock` starts a manual one.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Time since a fixed start (the server's, or the Unix epoch for gateways sharing a store).
/// Rooms keep durations on it, never times of day.
pub trait Clock: Send + Sync + 'static {
    fn now(&self) -> Duration;
    /// Move a manual clock on; `false` for a real one, which only time moves.
    fn advance(&self, by: Duration) -> bool;
    /// Whether only `advance` moves it (the test clock).
    fn is_manual(&self) -> bool {
        false
    }
}

/// The real clock.
pub struct SystemClock(Instant);

impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock(Instant::now())
    }
}

impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
    fn advance(&self, _by: Duration) -> bool {
        false
    }
}

/// Unix time: the clock of gateways sharing a store, so deadlines one gateway sets read the
/// same on the others (their system clocks kept in step, as NTP does).
#[derive(Default)]
pub struct UnixClock;

impl Clock for UnixClock {
    fn now(&self) -> Duration {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
    }
    fn advance(&self, _by: Duration) -> bool {
        false
    }
}

/// A clock that stands still until told to move (`advance_clock` with `--test-clock`).
#[derive(Default)]
pub struct ManualClock(AtomicU64);

impl Clock for ManualClock {
    fn now(&self) -> Duration {
        Duration::from_millis(self.0.load(Ordering::SeqCst))
    }
    fn advance(&self, by: Duration) -> bool {
        let ms = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
        // Saturating: a huge advance pins the clock instead of wrapping it back to the start.
        let _ = self
            .0
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |t| {
                Some(t.saturating_add(ms))
            });
        true
    }
    fn is_manual(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manual_clock_moves_only_when_told() {
        let clock = ManualClock::default();
        assert_eq!(clock.now(), Duration::ZERO);
        assert!(clock.advance(Duration::from_secs(45)));
        assert_eq!(clock.now(), Duration::from_secs(45));
        clock.advance(Duration::from_millis(u64::MAX));
        assert_eq!(clock.now(), Duration::from_millis(u64::MAX));
    }
}
