//! What one address or connection may take from the server, each refused with its own error
//! code. Rates are measured on the injected clock, so tests reach them deterministically.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// The limits, set by flags (docs/ONLINE.md lists them with these defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Rooms this process holds at once (`too_many_rooms`).
    pub max_rooms: usize,
    /// Open connections from one address (`too_many_connections`).
    pub max_connections_per_address: usize,
    /// Rooms one address may create in any hour (`too_many_rooms_created`).
    pub max_rooms_per_hour: usize,
    /// Messages a connection may send per second, in bursts of as many (`rate_limited`).
    pub max_messages_per_second: u32,
    /// Undecodable frames in a row before the connection is closed (`too_many_bad_messages`).
    pub max_bad_messages: u32,
    /// Connections of this process following the lobby at once (`too_many_watchers`).
    pub max_lobby_watchers: usize,
    /// Public rooms waiting for players at once, in the whole store: the quick-match queue
    /// (`too_many_waiting`).
    pub max_waiting_rooms: usize,
    /// Requests to `/api/` one address may make per second, in bursts of as many (429).
    pub max_api_requests_per_second: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_rooms: 10_000,
            max_connections_per_address: 32,
            max_rooms_per_hour: 30,
            max_messages_per_second: 20,
            max_bad_messages: 10,
            max_lobby_watchers: 2_000,
            max_waiting_rooms: 500,
            max_api_requests_per_second: 10,
        }
    }
}

const HOUR: Duration = Duration::from_secs(3600);

type Counts = Arc<Mutex<HashMap<IpAddr, usize>>>;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Counters stay usable after a panic elsewhere; at worst one count is off by one.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The per-address bookkeeping shared by every connection of the process.
#[derive(Default)]
pub struct Gate {
    connections: Counts,
    created: Mutex<HashMap<IpAddr, VecDeque<Duration>>>,
    watchers: Arc<AtomicUsize>,
    api: Mutex<HashMap<IpAddr, TokenBucket>>,
}

/// Addresses whose API rates are remembered at once; past it the memory starts over (a flood
/// from that many addresses is the network's to stop, not this map's).
const API_ADDRESSES: usize = 10_000;

/// One connection following the lobby; dropping it gives the place back.
pub struct WatcherSlot(Arc<AtomicUsize>);

impl Drop for WatcherSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// One open connection counted against its address; dropping it gives the place back.
pub struct ConnectionSlot {
    counts: Counts,
    address: IpAddr,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut counts = lock(&self.counts);
        if let Some(n) = counts.get_mut(&self.address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

impl Gate {
    /// A place for one more connection from `address`, unless it has `max` open already.
    pub fn connect(&self, address: IpAddr, max: usize) -> Option<ConnectionSlot> {
        let mut counts = lock(&self.connections);
        let n = counts.entry(address).or_default();
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(ConnectionSlot {
            counts: Arc::clone(&self.connections),
            address,
        })
    }

    /// A place for one more lobby watcher, unless `max` watch already.
    pub fn watch_lobby(&self, max: usize) -> Option<WatcherSlot> {
        self.watchers
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()
            .map(|_| WatcherSlot(Arc::clone(&self.watchers)))
    }

    /// Whether `address` may create a room at `now`: fewer than `max` in the last hour.
    pub fn may_create_room(&self, address: IpAddr, max: usize, now: Duration) -> bool {
        let mut created = lock(&self.created);
        // Addresses whose hour is over are forgotten, so the map stays as small as the traffic.
        created.retain(|_, times| {
            while times.front().is_some_and(|&t| now >= t + HOUR) {
                times.pop_front();
            }
            !times.is_empty()
        });
        created.get(&address).map_or(0, VecDeque::len) < max
    }

    /// Count a room `address` created at `now` (after it was made, so a refused creation
    /// costs nothing).
    /// Whether `address` may make one more API request at `now` (and count it).
    pub fn may_read_api(&self, address: IpAddr, rate: u32, now: Duration) -> bool {
        let mut buckets = lock(&self.api);
        if buckets.len() >= API_ADDRESSES && !buckets.contains_key(&address) {
            buckets.clear();
        }
        buckets
            .entry(address)
            .or_insert_with(|| TokenBucket::new(rate, now))
            .take(now)
    }

    pub fn room_created(&self, address: IpAddr, now: Duration) {
        lock(&self.created)
            .entry(address)
            .or_default()
            .push_back(now);
    }
}

/// A token bucket: `rate` messages per second, in bursts of up to `rate`. Kept in thousandths
/// of a message so whole milliseconds refill it exactly.
pub struct TokenBucket {
    rate: u64,
    milli_tokens: u64,
    last: Duration,
}

impl TokenBucket {
    pub fn new(rate: u32, now: Duration) -> TokenBucket {
        TokenBucket {
            rate: u64::from(rate),
            milli_tokens: u64::from(rate) * 1000,
            last: now,
        }
    }

    /// Take one message's token, if there is one.
    pub fn take(&mut self, now: Duration) -> bool {
        let elapsed = now.saturating_sub(self.last).as_millis();
        self.last = self.last.max(now);
        // `rate` messages per second is `rate` thousandths per millisecond.
        let refill = u64::try_from(elapsed)
            .unwrap_or(u64::MAX)
            .saturating_mul(self.rate);
        self.milli_tokens = self
            .milli_tokens
            .saturating_add(refill)
            .min(self.rate * 1000);
        if self.milli_tokens < 1000 {
            return false;
        }
        self.milli_tokens -= 1000;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOME: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    #[test]
    fn connections_are_counted_per_address_until_dropped() {
        let gate = Gate::default();
        let a = gate.connect(HOME, 2).unwrap();
        let _b = gate.connect(HOME, 2).unwrap();
        assert!(gate.connect(HOME, 2).is_none());
        assert!(gate.connect(IpAddr::from([10, 0, 0, 1]), 2).is_some());
        drop(a);
        assert!(gate.connect(HOME, 2).is_some());
    }

    #[test]
    fn lobby_watchers_are_counted_until_dropped() {
        let gate = Gate::default();
        let a = gate.watch_lobby(2).unwrap();
        let _b = gate.watch_lobby(2).unwrap();
        assert!(gate.watch_lobby(2).is_none());
        drop(a);
        assert!(gate.watch_lobby(2).is_some());
    }

    #[test]
    fn room_creation_is_limited_per_hour() {
        let gate = Gate::default();
        let t = Duration::from_secs;
        let create = |now| {
            let allowed = gate.may_create_room(HOME, 2, now);
            if allowed {
                gate.room_created(HOME, now);
            }
            allowed
        };
        assert!(create(t(0)));
        assert!(create(t(10)));
        assert!(!create(t(3599)));
        assert!(create(t(3600)));
        assert!(!create(t(3609)));
        assert!(create(t(3610)));
    }

    #[test]
    fn the_bucket_refills_with_time_only() {
        let ms = Duration::from_millis;
        let mut bucket = TokenBucket::new(5, ms(0));
        assert!((0..5).all(|_| bucket.take(ms(0))));
        assert!(!bucket.take(ms(0)));
        assert!(!bucket.take(ms(199)));
        assert!(bucket.take(ms(200)));
        assert!(!bucket.take(ms(200)));
        // A long pause refills to the burst, no further.
        assert!((0..5).all(|_| bucket.take(ms(100_000))));
        assert!(!bucket.take(ms(100_000)));
    }
}
