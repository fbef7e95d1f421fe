//! Rooms in Redis, shared by any number of stateless gateways (docs/ONLINE.md, "Several gateways
//! on Redis").
//!
//! Per room (the code in braces is a Redis Cluster hash tag, so a room's keys share a slot):
//! `sh:{CODE}:room` a hash (`rev`, the room's small `header`: seats, presence, deadlines,
//! never the game; and `turn`, when its turn began, apart since every move moves it),
//! `sh:{CODE}:log` the event log as a list (it rebuilds the game),
//! `sh:{CODE}:lease` the gateway running its timers, `sh:{CODE}:seen` a tombstone that outlives
//! the room (so `hello` says `expired`), and the pub/sub channel `sh:{CODE}:ch`. Every write is
//! one Lua script: compare `rev`, append the events, write the header only if it changed,
//! publish the events (moves, not states). A gateway keeps a parsed copy of the rooms it serves
//! and moves it on by the channel's events with the rules crate, so a write normally costs one
//! round trip; a stale copy is caught up by the script's answer (the log after its seq) and
//! the change run again on it. Every request is bounded by [`DEADLINE`]; the connection and the
//! subscription come back by themselves after Redis does.
//!
//! Public rooms: `sh:lobby` (code to listing) and `sh:waiting` (those waiting for players),
//! written by the same scripts as the room whenever its listing changes, which publish the
//! change on `sh:lobby:ch`; each gateway keeps a copy of the list from that channel for its
//! lobby watchers. Quick matches take `sh:matching`, a lock, one at a time.

use crate::clock::Clock;
use crate::room::{Listing, Notice, Room};
use crate::store::{
    BACKLOG, Broadcast, Found, LOBBY_BACKLOG, LobbyChange, MatchLock, RoomStore, StoreError,
    Subscription, newest_first,
};
use redis::Script;
use redis::aio::{ConnectionManager, ConnectionManagerConfig, PubSubSink, PubSubStream};
use serde::{Deserialize, Serialize};
use starhalma_protocol::{RoomCode, RoomEvent};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::broadcast;

/// How many times a change is run again on a fresher copy before giving up (two gateways
/// changing one room at once each win within a few tries).
const RETRIES: usize = 32;
/// Items kept per room for a connection that subscribes while they are being published.
const RECENT: usize = 16;
/// A deleted room's code is remembered this long (then `hello` says `no_such_room`).
const TOMBSTONE: Duration = Duration::from_secs(30 * 24 * 3600);
/// Redis deletes a room's keys this long after its own deadline, should no gateway be left to
/// expire it (and tell its connections) first.
const BACKSTOP: Duration = Duration::from_secs(60);
/// How long Redis may take over any one request of a client's (all its tries included) before
/// the client is told `unavailable`: a stalled or dead Redis costs a player two seconds, not a
/// hung move.
pub const DEADLINE: Duration = Duration::from_secs(2);
/// The longest wait between two attempts to subscribe again after the subscription broke.
const RESUBSCRIBE_AT_MOST: Duration = Duration::from_secs(2);
/// Leases renewed per script call (a call runs alone in Redis, so batches stay short).
const LEASE_BATCH: usize = 500;
/// A gateway is taken for dead (its connections let go) after this many lease times without a
/// heartbeat: a gateway slow under load loses leases before it loses its players.
const DEAD_AFTER_LEASES: u32 = 3;
/// The sorted set of live gateways (score: when their heartbeat lapses, Unix ms).
const GATEWAYS: &str = "sh:gateways";
/// The sorted set of rooms (score: when their day is over, Unix ms), for `--max-rooms`.
const ROOMS: &str = "sh:rooms";
/// Public rooms' listings by code, and those of the rooms waiting for players.
const LOBBY: &str = "sh:lobby";
const WAITING: &str = "sh:waiting";
/// Where every change to the list is published (a [`LobbyChange`] as JSON).
const LOBBY_CHANNEL: &str = "sh:lobby:ch";
/// The quick-match lock: held by one quick match at a time, for at most this long.
const MATCHING: &str = "sh:matching";
const MATCHING_FOR: Duration = Duration::from_secs(5);

/// Lua run by each script that may change a listing (its last four ARGV: `set`/`del`/``,
/// the code, the listing, whether it waits, and the change to publish), with the lobby's
/// three keys last among its KEYS.
const RELIST: &str = r#"
local function relist(k, a)
  local op, code = ARGV[a], ARGV[a + 1]
  if op == 'set' then
    redis.call('HSET', KEYS[k], code, ARGV[a + 2])
    if ARGV[a + 3] == '1' then redis.call('HSET', KEYS[k + 1], code, ARGV[a + 2])
    else redis.call('HDEL', KEYS[k + 1], code) end
  elseif op == 'del' then
    redis.call('HDEL', KEYS[k], code)
    redis.call('HDEL', KEYS[k + 1], code)
  end
  if op ~= '' then redis.call('PUBLISH', KEYS[k + 2], ARGV[a + 4]) end
end
"#;

/// Release the quick-match lock if this caller still holds it.
const UNLOCK: &str = r#"
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
"#;

/// The lobby's part of a script call: what the room's listing became, if it changed.
struct Relist {
    op: &'static str,
    code: String,
    listing: String,
    waiting: &'static str,
    change: String,
}

impl Relist {
    /// From the listing before a change to the one after.
    fn between(code: &RoomCode, before: Option<&Listing>, after: Option<&Listing>) -> Relist {
        let json = |change: &LobbyChange| serde_json::to_string(change).unwrap_or_default();
        match (before, after) {
            (b, Some(a)) if b != Some(a) => Relist {
                op: "set",
                code: code.to_string(),
                listing: serde_json::to_string(a).unwrap_or_default(),
                waiting: if a.waiting() { "1" } else { "0" },
                change: json(&LobbyChange::Listed(a.clone())),
            },
            (Some(_), None) => Relist {
                op: "del",
                code: code.to_string(),
                listing: String::new(),
                waiting: "0",
                change: json(&LobbyChange::Unlisted(*code)),
            },
            _ => Relist {
                op: "",
                code: code.to_string(),
                listing: String::new(),
                waiting: "0",
                change: String::new(),
            },
        }
    }

    fn changes(&self) -> bool {
        !self.op.is_empty()
    }

    /// Its keys and arguments, appended to a script call.
    fn add_to(&self, invocation: &mut redis::ScriptInvocation<'_>) {
        invocation
            .arg(self.op)
            .arg(&self.code)
            .arg(&self.listing)
            .arg(self.waiting)
            .arg(&self.change);
    }
}

fn lobby_keys(invocation: &mut redis::ScriptInvocation<'_>) {
    invocation.key(LOBBY).key(WAITING).key(LOBBY_CHANNEL);
}

fn key(code: &RoomCode, part: &str) -> String {
    format!("sh:{{{code}}}:{part}")
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or_default()
}

/// A turn's start as Redis and the channel keep it: nanoseconds on the shared clock, exact.
fn turn_nanos(turn: Duration) -> u64 {
    u64::try_from(turn.as_nanos()).unwrap_or(u64::MAX)
}

/// A turn's start read back (`''`: none yet).
fn parse_turn(text: &str) -> Option<Duration> {
    text.parse().ok().map(Duration::from_nanos)
}

/// What a script answers: status, rev, header, log entries and turn's start.
type Answer = (String, String, String, Vec<String>, String);

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Create a room unless its code is live or remembered, or the rooms are at the limit.
/// Returns -1 (code taken), -2 (created, lease taken) or the count of rooms (full).
const INSERT_BODY: &str = r#"
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[3]) == 1 then return -1 end
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', ARGV[5])
local n = redis.call('ZCARD', KEYS[4])
if n >= tonumber(ARGV[4]) then return n end
redis.call('HSET', KEYS[1], 'rev', 0, 'header', ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
redis.call('SET', KEYS[3], '1', 'PX', ARGV[3])
redis.call('ZADD', KEYS[4], ARGV[6], ARGV[7])
redis.call('SET', KEYS[5], ARGV[8], 'PX', ARGV[9])
relist(6, 10)
return -2
"#;

/// Compare the rev. On a match (mode `write`): move the rev on, write the header and the
/// turn's start if given (they changed), append the events, set the expiry if given (the
/// header's deadlines changed) and publish the message; mode `check` only confirms the copy is
/// current. On a mismatch answer the current rev, header, log after the caller's seq and turn's
/// start, so it can catch its copy up and run its change again.
const WRITE_BODY: &str = r#"
local rev = redis.call('HGET', KEYS[1], 'rev')
if not rev then return {'gone', '', '', {}, ''} end
if rev ~= ARGV[1] then
  return {'stale', rev, redis.call('HGET', KEYS[1], 'header'),
          redis.call('LRANGE', KEYS[2], tonumber(ARGV[2]), -1),
          redis.call('HGET', KEYS[1], 'turn') or ''}
end
if ARGV[3] == 'check' then return {'ok', rev, '', {}, ''} end
local n = tonumber(rev) + 1
redis.call('HSET', KEYS[1], 'rev', n)
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'header', ARGV[4]) end
if ARGV[12] ~= '' then redis.call('HSET', KEYS[1], 'turn', ARGV[12]) end
for i = 13, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
if ARGV[5] ~= '' then
  redis.call('PEXPIREAT', KEYS[1], ARGV[5])
  if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('PEXPIREAT', KEYS[2], ARGV[5]) end
end
redis.call('PUBLISH', KEYS[3], ARGV[6])
relist(4, 7)
return {'ok', tostring(n), '', {}, ''}
"#;

/// Delete the room if it is still at the rev the caller judged due; tell its channel.
const EXPIRE_BODY: &str = r#"
local rev = redis.call('HGET', KEYS[1], 'rev')
if not rev then return 'gone' end
if rev ~= ARGV[1] then return 'stale' end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
redis.call('ZREM', KEYS[5], ARGV[2])
redis.call('PUBLISH', KEYS[4], ARGV[3])
relist(6, 4)
return 'ok'
"#;

/// For each (lease, room) pair: 2 acquired, 1 renewed, 0 held by another, -1 no such room.
const LEASES: &str = r#"
local out = {}
for i = 1, #KEYS, 2 do
  if redis.call('EXISTS', KEYS[i + 1]) == 0 then
    out[#out + 1] = -1
  else
    local holder = redis.call('GET', KEYS[i])
    if not holder then
      redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
      out[#out + 1] = 2
    elseif holder == ARGV[1] then
      redis.call('PEXPIRE', KEYS[i], ARGV[2])
      out[#out + 1] = 1
    else
      out[#out + 1] = 0
    end
  end
end
return out
"#;

/// What one write publishes on the room's channel.
#[derive(Serialize, Deserialize)]
struct Published {
    rev: u64,
    /// The room's header, when the write changed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    header: Option<String>,
    /// When the room's turn began (ns on the shared clock), when the write moved it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    turn: Option<u64>,
    #[serde(default)]
    events: Vec<(u64, RoomEvent)>,
    #[serde(default)]
    notices: Vec<Notice>,
    #[serde(default)]
    expired: bool,
}

/// This gateway's copy of a room at a rev: the room itself (game and log included) and its
/// header as last written, to tell whether a change changed it.
struct Kept {
    rev: u64,
    header: String,
    room: Room,
}

impl Kept {
    /// Move on by one write of another's: its events (those after the copy's seq), its
    /// header and turn's start, when they changed. `false` when the copy cannot follow (it is
    /// then dropped).
    fn advance(
        &mut self,
        rev: u64,
        header: Option<String>,
        turn: Option<Duration>,
        events: impl IntoIterator<Item = (u64, RoomEvent)>,
    ) -> bool {
        for (seq, event) in events {
            if seq <= self.room.seq() {
                continue;
            }
            if seq != self.room.seq() + 1 || self.room.follow(event).is_err() {
                return false;
            }
        }
        if let Some(header) = header.filter(|h| *h != self.header) {
            if self.room.set_header(&header).is_err() {
                return false;
            }
            self.header = header;
        }
        if turn.is_some() {
            self.room.set_turn_since(turn);
        }
        self.rev = rev;
        true
    }
}

/// What this gateway keeps for a room it serves.
struct Local {
    sender: broadcast::Sender<Broadcast>,
    /// Published to local connections up to this rev and seq.
    rev: u64,
    seq: u64,
    /// The last items published, with the rev that published them.
    recent: VecDeque<(u64, Broadcast)>,
    copy: Option<Kept>,
    /// When this gateway started following the room: a connection entering it holds no
    /// receiver yet, so a room is not dropped as idle this soon.
    since: std::time::Instant,
}

impl Local {
    fn send(&mut self, rev: u64, item: Broadcast) {
        // Nobody listening loses nothing: the log keeps events and a welcome shows presence.
        let _ = self.sender.send(item.clone());
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back((rev, item));
    }

    /// Publish one write to this gateway's connections, in rev order: an older write was
    /// covered already (its events come from the log of a later one; only notices of writes
    /// that raced between gateways can be missed).
    fn publish(&mut self, rev: u64, events: &[(u64, RoomEvent)], notices: &[Notice]) {
        if rev <= self.rev {
            return;
        }
        self.rev = rev;
        for (seq, event) in events {
            if *seq == self.seq + 1 {
                self.seq = *seq;
                self.send(rev, Broadcast::Event(*seq, event.clone()));
            }
        }
        for notice in notices {
            self.send(rev, Broadcast::Notice(notice.clone()));
        }
    }

    fn subscription(&self, after_rev: u64) -> Subscription {
        let backlog = self
            .recent
            .iter()
            .filter(|(rev, _)| *rev > after_rev)
            .map(|(_, item)| item.clone())
            .collect();
        Subscription::new(backlog, self.sender.subscribe())
    }
}

#[derive(Default)]
struct State {
    rooms: HashMap<RoomCode, Local>,
    /// The list of public rooms as the lobby channel told it.
    listed: HashMap<RoomCode, Listing>,
    /// Rooms whose lease this gateway holds: it runs their timers and computer seats.
    held: HashSet<RoomCode>,
}

struct Inner {
    /// Reconnects by itself after Redis went away.
    conn: ConnectionManager,
    client: redis::Client,
    sink: tokio::sync::Mutex<PubSubSink>,
    state: Mutex<State>,
    clock: Arc<dyn Clock>,
    gateway: u32,
    lease: Duration,
    /// Since when Redis has answered every heartbeat (`None`: the last one failed).
    reachable_since: Mutex<Option<std::time::Instant>>,
    insert: Script,
    write: Script,
    expire: Script,
    leases: Script,
    unlock: Script,
    /// Changes to the list of public rooms, for this gateway's watchers.
    lobby: broadcast::Sender<LobbyChange>,
}

/// Rooms in Redis (see the module's documentation). Cheap to clone.
#[derive(Clone)]
pub struct RedisStore(Arc<Inner>);

#[derive(Debug, thiserror::Error)]
pub enum RedisStoreError {
    #[error("cannot reach Redis at {url}: {source}")]
    Connect {
        url: String,
        source: redis::RedisError,
    },
}

fn unavailable(e: redis::RedisError) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

/// A working copy of a room for one change: the rev and state it was read at.
struct Working {
    rev: u64,
    header: String,
    room: Room,
}

enum Written {
    /// Current at this rev (changed to it, or found current).
    Ok(u64),
    Stale,
    Gone,
}

impl RedisStore {
    /// Connect to `url` (`redis://HOST:PORT` or `redis+unix://PATH`) as gateway `gateway`,
    /// whose leases lapse `lease` after its last renewal; starts the tasks that follow the
    /// channels and renew the leases.
    pub async fn connect(
        url: &str,
        clock: Arc<dyn Clock>,
        gateway: u32,
        lease: Duration,
    ) -> Result<RedisStore, RedisStoreError> {
        let fail = |source| RedisStoreError::Connect {
            url: url.to_string(),
            source,
        };
        let client = redis::Client::open(url).map_err(fail)?;
        // Each request is bounded by DEADLINE as a whole; reconnecting goes on behind it.
        let config = ConnectionManagerConfig::new()
            .set_response_timeout(Some(DEADLINE))
            .set_connection_timeout(Some(DEADLINE))
            .set_max_delay(DEADLINE)
            .set_number_of_retries(usize::MAX);
        let conn = ConnectionManager::new_with_config(client.clone(), config)
            .await
            .map_err(fail)?;
        let (mut sink, stream) = client.get_async_pubsub().await.map_err(fail)?.split();
        // Before the list is read, so no change falls between the two.
        sink.subscribe(LOBBY_CHANNEL).await.map_err(fail)?;
        let store = RedisStore(Arc::new(Inner {
            conn,
            client,
            sink: tokio::sync::Mutex::new(sink),
            state: Mutex::new(State::default()),
            clock,
            gateway,
            lease,
            reachable_since: Mutex::new(None),
            insert: Script::new(&format!("{RELIST}{INSERT_BODY}")),
            write: Script::new(&format!("{RELIST}{WRITE_BODY}")),
            expire: Script::new(&format!("{RELIST}{EXPIRE_BODY}")),
            leases: Script::new(LEASES),
            unlock: Script::new(UNLOCK),
            lobby: broadcast::channel(LOBBY_BACKLOG).0,
        }));
        store.heartbeat().await.map_err(fail)?;
        store.load_lobby().await.map_err(fail)?;
        let follower = store.clone();
        tokio::spawn(async move {
            use futures_util::StreamExt;
            let mut stream = stream;
            loop {
                while let Some(message) = stream.next().await {
                    let channel = message.get_channel_name().to_string();
                    let Ok(payload) = message.get_payload::<String>() else {
                        continue;
                    };
                    follower.follow(&channel, &payload).await;
                }
                tracing::warn!("the Redis subscription ended; subscribing again");
                stream = follower.resubscribe().await;
            }
        });
        let beater = store.clone();
        tokio::spawn(async move {
            // Apart from the lease work, which may take long when a gateway holds many rooms.
            let mut every = tokio::time::interval(lease / 4);
            loop {
                every.tick().await;
                if let Err(e) = beater.heartbeat().await {
                    tracing::warn!("heartbeat: {e}");
                }
            }
        });
        let keeper = store.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(lease / 4);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                if let Err(e) = keeper.keep().await {
                    tracing::warn!("renewing leases: {e}");
                }
            }
        });
        Ok(store)
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.0
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn conn(&self) -> ConnectionManager {
        self.0.conn.clone()
    }

    /// A new subscription after the old one broke (Redis restarted, say): every room followed
    /// here subscribed again, then caught up from the logs with what was published meanwhile.
    /// Tries until Redis answers.
    async fn resubscribe(&self) -> PubSubStream {
        let mut wait = Duration::from_millis(100);
        loop {
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(RESUBSCRIBE_AT_MOST);
            let Ok(Ok(pubsub)) =
                tokio::time::timeout(DEADLINE, self.0.client.get_async_pubsub()).await
            else {
                continue;
            };
            let (mut sink, stream) = pubsub.split();
            let mut old = self.0.sink.lock().await;
            let codes: Vec<RoomCode> = self.state().rooms.keys().copied().collect();
            let lobby = sink.subscribe(LOBBY_CHANNEL);
            let mut subscribed = matches!(tokio::time::timeout(DEADLINE, lobby).await, Ok(Ok(())));
            for code in &codes {
                let subscribe = sink.subscribe(key(code, "ch"));
                if !matches!(tokio::time::timeout(DEADLINE, subscribe).await, Ok(Ok(()))) {
                    subscribed = false;
                    break;
                }
            }
            if !subscribed {
                continue;
            }
            *old = sink;
            drop(old);
            for code in codes {
                self.catch_up(&code).await;
            }
            // Changes published meanwhile were missed: read the list again, and have every
            // watcher sent it whole.
            match tokio::time::timeout(DEADLINE, self.load_lobby()).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => tracing::warn!("reading the lobby again: {e}"),
                Err(_) => tracing::warn!("reading the lobby again: no answer"),
            }
            let _ = self.0.lobby.send(LobbyChange::Reset);
            tracing::info!("subscribed to Redis again");
            return stream;
        }
    }

    /// Publish here what the room's log gained while this gateway was not listening, and
    /// drop the copy (it may have missed writes).
    async fn catch_up(&self, code: &RoomCode) {
        let Some(seq) = self.state().rooms.get(code).map(|local| local.seq) else {
            return;
        };
        let read: Result<Result<(Option<u64>, Vec<String>), _>, _> = tokio::time::timeout(
            DEADLINE,
            redis::pipe()
                .hget(key(code, "room"), "rev")
                .lrange(key(code, "log"), seq as isize, -1)
                .query_async(&mut self.conn()),
        )
        .await;
        let Ok(Ok((rev, tail))) = read else {
            return;
        };
        let mut state = self.state();
        let Some(local) = state.rooms.get_mut(code) else {
            return;
        };
        local.copy = None;
        let Some(rev) = rev else {
            // Deleted meanwhile.
            if let Some(mut local) = state.rooms.remove(code) {
                local.send(u64::MAX, Broadcast::Notice(Notice::Expired));
            }
            return;
        };
        let events = log_after(seq, &tail);
        local.publish(rev, &events, &[]);
    }

    /// When Redis itself should drop the room's keys: its deadline on this gateway's clock,
    /// carried over to Unix time, plus a margin for the lease holder to expire it first.
    fn backstop(&self, room: &Room) -> u64 {
        let left = room.deadline().saturating_sub(self.0.clock.now());
        unix_ms().saturating_add(ms(left + BACKSTOP))
    }

    /// A working copy: this gateway's, or read from Redis (the header and the whole log, the
    /// game replayed from it).
    async fn working(&self, code: &RoomCode) -> Result<Option<Working>, StoreError> {
        if let Some(copy) = self.state().rooms.get(code).and_then(|l| l.copy.as_ref()) {
            return Ok(Some(Working {
                rev: copy.rev,
                header: copy.header.clone(),
                room: copy.room.clone(),
            }));
        }
        // No copy: a stale answer to an impossible rev carries the whole room.
        let (status, rev, header, log, turn) = self.run_write(code, "-1", 0, None, &[]).await?;
        if status == "gone" {
            return Ok(None);
        }
        let rev: u64 = rev.parse().unwrap_or_default();
        let Some(room) = Room::from_parts(&header, parse_turn(&turn), parse_log(&log)) else {
            tracing::error!("room {code} in Redis does not parse");
            return Ok(None);
        };
        if let Some(local) = self.state().rooms.get_mut(code) {
            local.copy = Some(Kept {
                rev,
                header: header.clone(),
                room: room.clone(),
            });
        }
        Ok(Some(Working { rev, header, room }))
    }

    /// Run the write script: at `rev`, with the caller's copy at seq `have`; `write` is
    /// `None` to check only, else the header (`""`: unchanged), the expiry (`""`: unchanged),
    /// the message to publish, the lobby's change and the turn's start (`""`: unchanged).
    async fn run_write(
        &self,
        code: &RoomCode,
        rev: &str,
        have: u64,
        write: Option<(&str, &str, &str, &Relist, &str)>,
        events: &[String],
    ) -> Result<Answer, StoreError> {
        let mut invocation = self.0.write.prepare_invoke();
        invocation
            .key(key(code, "room"))
            .key(key(code, "log"))
            .key(key(code, "ch"));
        lobby_keys(&mut invocation);
        invocation.arg(rev).arg(have);
        match write {
            Some((header, expire_at, message, relist, turn)) => {
                invocation
                    .arg("write")
                    .arg(header)
                    .arg(expire_at)
                    .arg(message);
                relist.add_to(&mut invocation);
                invocation.arg(turn);
            }
            None => {
                invocation.arg("check").arg("").arg("").arg("");
                Relist::between(code, None, None).add_to(&mut invocation);
                invocation.arg("");
            }
        }
        for event in events {
            invocation.arg(event);
        }
        invocation
            .invoke_async(&mut self.conn())
            .await
            .map_err(unavailable)
    }

    /// Run `f` on a current copy of the room and write what it changed: the heart of
    /// `update`, `enter` and the computer's and expiry's changes. A write sends the new events
    /// and, only when it changed, the header: never the game.
    async fn change<R>(
        &self,
        code: &RoomCode,
        subscribe: bool,
        mut f: impl FnMut(&mut Room) -> R,
    ) -> Result<Option<(R, Option<Subscription>)>, StoreError> {
        if subscribe {
            self.follow_room(code).await?;
        }
        for _ in 0..RETRIES {
            let Some(Working {
                rev,
                header,
                mut room,
            }) = self.working(code).await?
            else {
                self.forget(code);
                return Ok(None);
            };
            let before = room.seq();
            let listed_before = room.listing();
            let turn_before = room.turn_since();
            let result = f(&mut room);
            let events = room.events_after(before);
            let notices = room.take_notices();
            let new_header = room.header();
            let header_changed = new_header != header;
            // Only ever published when it moved: a turn's start never goes back to none.
            let turn = room
                .turn_since()
                .filter(|&since| Some(since) != turn_before)
                .map(turn_nanos);
            let relist = Relist::between(code, listed_before.as_ref(), room.listing().as_ref());
            let changed = header_changed
                || turn.is_some()
                || !events.is_empty()
                || !notices.is_empty()
                || relist.changes();
            let answer = if changed {
                let published = Published {
                    rev: rev + 1,
                    header: header_changed.then(|| new_header.clone()),
                    turn,
                    events: events.clone(),
                    notices: notices.clone(),
                    expired: false,
                };
                // The rev up front lets gateways skip what they published themselves unparsed.
                let message = format!(
                    "{} {}",
                    rev + 1,
                    serde_json::to_string(&published).unwrap_or_default()
                );
                let encoded: Vec<String> = events
                    .iter()
                    .map(|(_, e)| serde_json::to_string(e).unwrap_or_default())
                    .collect();
                // The deadlines live in the header: the keys' expiry moves only with it.
                let (header_arg, expire_at) = if header_changed {
                    (new_header.as_str(), self.backstop(&room).to_string())
                } else {
                    ("", String::new())
                };
                let turn_arg = turn.map(|t| t.to_string()).unwrap_or_default();
                self.run_write(
                    code,
                    &rev.to_string(),
                    before,
                    Some((header_arg, &expire_at, &message, &relist, &turn_arg)),
                    &encoded,
                )
                .await?
            } else {
                self.run_write(code, &rev.to_string(), before, None, &[])
                    .await?
            };
            match self.answer(code, rev, before, answer) {
                Written::Gone => {
                    self.forget(code);
                    return Ok(None);
                }
                Written::Stale => continue,
                Written::Ok(now_rev) => {
                    let mut state = self.state();
                    let subscription = match state.rooms.get_mut(code) {
                        Some(local) => {
                            if changed {
                                // The full log lets a gateway that missed a write publish its
                                // events before this one's.
                                let missed: Vec<(u64, RoomEvent)> = room.events_after(local.seq);
                                local.publish(now_rev, &missed, &notices);
                                // Unless the channel moved the copy past this write meanwhile
                                // (a later write of another gateway's, which this one lacks).
                                if local.copy.as_ref().is_none_or(|copy| copy.rev < now_rev) {
                                    local.copy = Some(Kept {
                                        rev: now_rev,
                                        header: new_header,
                                        room,
                                    });
                                }
                            }
                            subscribe.then(|| local.subscription(now_rev))
                        }
                        None => None,
                    };
                    if subscribe && subscription.is_none() {
                        // Unfollowed in between (the room had no connection here): again.
                        drop(state);
                        return Err(StoreError::Unavailable("subscription raced".into()));
                    }
                    return Ok(Some((result, subscription)));
                }
            }
        }
        tracing::warn!("room {code}: gave up after {RETRIES} conflicting writes");
        Err(StoreError::Unavailable(
            "too many conflicting writes".into(),
        ))
    }

    /// Read a script's answer; a stale one catches this gateway's copy up for the next try
    /// (or drops it, to be read afresh).
    fn answer(
        &self,
        code: &RoomCode,
        rev: u64,
        have: u64,
        (status, new_rev, header, tail, turn): Answer,
    ) -> Written {
        match status.as_str() {
            "ok" => Written::Ok(new_rev.parse().unwrap_or(rev)),
            "stale" => {
                let new_rev: u64 = new_rev.parse().unwrap_or_default();
                let mut guard = self.state();
                let Some(local) = guard.rooms.get_mut(code) else {
                    return Written::Stale;
                };
                let caught_up = match &mut local.copy {
                    // Our copy is where the script was asked from: extend it.
                    Some(copy) if copy.rev == rev && copy.room.seq() == have => copy.advance(
                        new_rev,
                        Some(header),
                        parse_turn(&turn),
                        log_after(have, &tail),
                    ),
                    // Already further on (the channel moved it meanwhile).
                    Some(copy) => copy.rev >= new_rev,
                    None => true,
                };
                if !caught_up {
                    local.copy = None;
                }
                Written::Stale
            }
            _ => Written::Gone,
        }
    }

    fn forget(&self, code: &RoomCode) {
        let mut state = self.state();
        if let Some(local) = state.rooms.get_mut(code) {
            local.copy = None;
        }
        state.held.remove(code);
    }

    /// Make sure this gateway follows the room's channel, so its connections hear every write.
    async fn follow_room(&self, code: &RoomCode) -> Result<(), StoreError> {
        if self.state().rooms.contains_key(code) {
            return Ok(());
        }
        // One subscription change at a time, so an unfollow never undoes a later follow.
        let mut sink = self.0.sink.lock().await;
        if self.state().rooms.contains_key(code) {
            return Ok(());
        }
        sink.subscribe(key(code, "ch")).await.map_err(unavailable)?;
        // Where the room is now: anything later comes on the channel.
        let (rev, seq): (Option<u64>, u64) = redis::pipe()
            .hget(key(code, "room"), "rev")
            .llen(key(code, "log"))
            .query_async(&mut self.conn())
            .await
            .map_err(unavailable)?;
        let (sender, _) = broadcast::channel(BACKLOG);
        self.state().rooms.insert(
            *code,
            Local {
                sender,
                rev: rev.unwrap_or_default(),
                seq,
                recent: VecDeque::new(),
                copy: None,
                since: std::time::Instant::now(),
            },
        );
        Ok(())
    }

    /// Read the whole list of public rooms into this gateway's copy, leaving out (and
    /// deleting) listings of rooms past their day, whose keys Redis dropped with no gateway
    /// left to tell.
    async fn load_lobby(&self) -> redis::RedisResult<()> {
        let all: HashMap<String, String> = redis::cmd("HGETALL")
            .arg(LOBBY)
            .query_async(&mut self.conn())
            .await?;
        let (live, stale) = self.live_listings(all);
        if !stale.is_empty() {
            redis::pipe()
                .hdel(LOBBY, &stale)
                .hdel(WAITING, &stale)
                .query_async::<()>(&mut self.conn())
                .await?;
        }
        self.state().listed = live.into_iter().map(|l| (l.room.room, l)).collect();
        Ok(())
    }

    /// The listings of rooms still within their day, and the codes of the others.
    fn live_listings(&self, all: HashMap<String, String>) -> (Vec<Listing>, Vec<String>) {
        let now = self.0.clock.now();
        let mut live = Vec::new();
        let mut stale = Vec::new();
        for (code, json) in all {
            match serde_json::from_str::<Listing>(&json) {
                Ok(listing) if listing.created_at + crate::room::ROOM_LIFETIME > now => {
                    live.push(listing)
                }
                _ => stale.push(code),
            }
        }
        (live, stale)
    }

    /// A change to the list from the lobby channel: into the copy, then to the watchers.
    fn follow_lobby(&self, payload: &str) {
        let Ok(change) = serde_json::from_str::<LobbyChange>(payload) else {
            tracing::warn!("an unreadable message on the lobby channel");
            return;
        };
        let mut state = self.state();
        match &change {
            LobbyChange::Listed(listing) => {
                state.listed.insert(listing.room.room, listing.clone());
            }
            LobbyChange::Unlisted(code) => {
                state.listed.remove(code);
            }
            LobbyChange::Reset => {}
        }
        // Under the state's lock, so `lobby` hands out a list and the changes after it.
        let _ = self.0.lobby.send(change);
    }

    /// One message from a room's channel: publish it to this gateway's connections (after
    /// the events it missed, read from the log) and move the copy on.
    async fn follow(&self, channel: &str, payload: &str) {
        if channel == LOBBY_CHANNEL {
            self.follow_lobby(payload);
            return;
        }
        let Some(code) = channel
            .strip_prefix("sh:{")
            .and_then(|c| c.strip_suffix("}:ch"))
            .and_then(|c| c.parse::<RoomCode>().ok())
        else {
            return;
        };
        let Some((rev, payload)) = payload
            .split_once(' ')
            .and_then(|(rev, rest)| Some((rev.parse::<u64>().ok()?, rest)))
        else {
            return;
        };
        // Already published here (this gateway's own write, or covered by a later one).
        let known = self.state().rooms.get(&code).map(|l| l.rev);
        if rev != u64::MAX && known.is_none_or(|known| rev <= known) {
            return;
        }
        let Ok(published) = serde_json::from_str::<Published>(payload) else {
            tracing::warn!("room {code}: an unreadable message on its channel");
            return;
        };
        if published.expired {
            let mut state = self.state();
            if let Some(mut local) = state.rooms.remove(&code) {
                local.send(u64::MAX, Broadcast::Notice(Notice::Expired));
            }
            state.held.remove(&code);
            return;
        }
        let first = published.events.first().map(|(seq, _)| *seq);
        let missing_from = {
            let state = self.state();
            let Some(local) = state.rooms.get(&code) else {
                return;
            };
            if published.rev <= local.rev {
                return;
            }
            first.filter(|f| *f > local.seq + 1).map(|_| local.seq)
        };
        let mut events = published.events;
        if let Some(from) = missing_from {
            let end = first.unwrap_or(from + 1) - 1;
            let tail: Result<Vec<String>, _> = redis::cmd("LRANGE")
                .arg(key(&code, "log"))
                .arg(from)
                .arg(end.saturating_sub(1))
                .query_async(&mut self.conn())
                .await;
            let Ok(tail) = tail else {
                return;
            };
            let mut filled = log_after(from, &tail);
            filled.extend(events);
            events = filled;
        }
        let mut state = self.state();
        let Some(local) = state.rooms.get_mut(&code) else {
            return;
        };
        let rev = published.rev;
        local.publish(rev, &events, &published.notices);
        // The copy follows the write when it is the next one; otherwise it is read afresh
        // the next time this gateway acts on the room.
        let followed = match &mut local.copy {
            Some(copy) if copy.rev + 1 == rev => copy.advance(
                rev,
                published.header,
                published.turn.map(Duration::from_nanos),
                events,
            ),
            Some(copy) => copy.rev >= rev,
            None => true,
        };
        if !followed {
            local.copy = None;
        }
    }

    /// Tell the others this gateway is alive.
    async fn heartbeat(&self) -> redis::RedisResult<()> {
        let until = unix_ms() + ms(self.0.lease * DEAD_AFTER_LEASES);
        let beat = redis::cmd("ZADD")
            .arg(GATEWAYS)
            .arg(until)
            .arg(self.0.gateway)
            .query_async::<()>(&mut self.conn())
            .await;
        let mut reachable = self
            .0
            .reachable_since
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match &beat {
            Ok(()) => *reachable = Some(reachable.unwrap_or_else(std::time::Instant::now)),
            Err(_) => *reachable = None,
        }
        beat
    }

    /// Whether Redis has answered this gateway's heartbeats long enough that a gateway with
    /// no heartbeat is dead, not merely cut off by the same outage and not back yet.
    fn may_judge_gateways(&self) -> bool {
        self.0
            .reachable_since
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .is_some_and(|since| since.elapsed() >= self.0.lease * DEAD_AFTER_LEASES)
    }

    /// Every lease/4: renew the leases held, take over lapsed ones of rooms
    /// with connections here; let go of the connections of gateways that died; stop following
    /// rooms nobody here is in.
    async fn keep(&self) -> redis::RedisResult<()> {
        let live: Vec<u32> = redis::cmd("ZRANGEBYSCORE")
            .arg(GATEWAYS)
            .arg(unix_ms())
            .arg("+inf")
            .query_async(&mut self.conn())
            .await?;
        let codes: Vec<RoomCode> = {
            let state = self.state();
            let mut codes: HashSet<RoomCode> = state.rooms.keys().copied().collect();
            codes.extend(state.held.iter().copied());
            codes.into_iter().collect()
        };
        let mut acquired = Vec::new();
        for batch in codes.chunks(LEASE_BATCH) {
            let mut invocation = self.0.leases.prepare_invoke();
            for code in batch {
                invocation.key(key(code, "lease")).key(key(code, "room"));
            }
            invocation.arg(self.0.gateway).arg(ms(self.0.lease));
            let answers: Vec<i64> = invocation.invoke_async(&mut self.conn()).await?;
            let mut state = self.state();
            for (code, answer) in batch.iter().zip(answers) {
                match answer {
                    2 => {
                        state.held.insert(*code);
                        acquired.push(*code);
                    }
                    1 => {
                        state.held.insert(*code);
                    }
                    _ => {
                        state.held.remove(code);
                    }
                }
            }
        }
        let now = self.0.clock.now();
        for code in acquired {
            // The last holder may have died mid-plan: plan afresh.
            let _ = self
                .change(&code, false, |room| room.reset_planning())
                .await;
            tracing::info!("gateway {} took over room {code}", self.0.gateway);
        }
        let held: Vec<RoomCode> = self.state().held.iter().copied().collect();
        let judge = self.may_judge_gateways();
        for code in held {
            let _ = self.follow_room(&code).await;
            if !judge {
                continue;
            }
            let dead: Vec<u32> = self
                .peek(&code, |room| room.gateways())
                .await
                .ok()
                .flatten()
                .unwrap_or_default()
                .into_iter()
                .filter(|g| !live.contains(g))
                .collect();
            if !dead.is_empty() {
                let _ = self
                    .change(&code, false, |room| {
                        for gateway in &dead {
                            room.forget_gateway(*gateway, now);
                        }
                    })
                    .await;
            }
        }
        // Rooms neither held nor with a connection here: stop following them.
        let mut sink = self.0.sink.lock().await;
        let idle: Vec<RoomCode> = {
            let mut state = self.state();
            let idle: Vec<RoomCode> = state
                .rooms
                .iter()
                .filter(|(code, local)| {
                    local.sender.receiver_count() == 0
                        && !state.held.contains(code)
                        && local.since.elapsed() > self.0.lease
                })
                .map(|(code, _)| *code)
                .collect();
            for code in &idle {
                state.rooms.remove(code);
            }
            idle
        };
        for code in idle {
            sink.unsubscribe(key(&code, "ch")).await?;
        }
        Ok(())
    }
}

/// Log entries read from after seq `after` (`LRANGE` from index `after`), with their seqs.
fn log_after(after: u64, entries: &[String]) -> Vec<(u64, RoomEvent)> {
    parse_log(entries)
        .into_iter()
        .enumerate()
        .map(|(i, event)| (after + 1 + i as u64, event))
        .collect()
}

fn parse_log(entries: &[String]) -> Vec<RoomEvent> {
    entries
        .iter()
        .filter_map(|e| serde_json::from_str(e).ok())
        .collect()
}

impl RoomStore for RedisStore {
    async fn insert(&self, room: Room, max_rooms: usize) -> Result<(), StoreError> {
        within(self.insert_room(room, max_rooms)).await
    }

    async fn update<R: Send>(
        &self,
        code: &RoomCode,
        f: impl FnMut(&mut Room) -> R + Send,
    ) -> Found<R> {
        let done = within(self.change(code, false, f)).await;
        if let Err(e) = &done {
            tracing::warn!("room {code}: {e}");
        }
        Ok(done?.map(|(result, _)| result))
    }

    async fn enter<R: Send>(
        &self,
        code: &RoomCode,
        mut f: impl FnMut(&mut Room) -> R + Send,
    ) -> Found<(R, Subscription)> {
        within(async {
            // A follow undone by a concurrent unfollow is simply tried again.
            let mut last = StoreError::Unavailable("no try".into());
            for _ in 0..3 {
                match self.change(code, true, &mut f).await {
                    Ok(Some((result, Some(subscription)))) => {
                        return Ok(Some((result, subscription)));
                    }
                    Ok(_) => return Ok(None),
                    Err(e) => {
                        tracing::warn!("room {code}: {e}");
                        last = e;
                    }
                }
            }
            Err(last)
        })
        .await
    }

    async fn peek<R: Send>(&self, code: &RoomCode, f: impl FnOnce(&Room) -> R + Send) -> Found<R> {
        {
            let state = self.state();
            if let Some(copy) = state.rooms.get(code).and_then(|l| l.copy.as_ref()) {
                return Ok(Some(f(&copy.room)));
            }
        }
        let working = within(self.working(code)).await?;
        Ok(working.map(|working| f(&working.room)))
    }

    async fn select(&self, due: impl Fn(&Room) -> bool + Send) -> Vec<RoomCode> {
        let state = self.state();
        state
            .held
            .iter()
            .filter(|code| {
                match state.rooms.get(code).and_then(|local| local.copy.as_ref()) {
                    Some(copy) => due(&copy.room),
                    // No copy here: the caller looks (and reads it).
                    None => true,
                }
            })
            .copied()
            .collect()
    }

    fn runs_timers(&self, code: &RoomCode) -> bool {
        self.state().held.contains(code)
    }

    async fn expire_if(&self, code: &RoomCode, due: impl FnMut(&Room) -> bool + Send) -> bool {
        within(async { Ok(self.expire_room(code, due).await) })
            .await
            .unwrap_or(false)
    }

    async fn is_expired(&self, code: &RoomCode) -> Result<bool, StoreError> {
        within(async {
            let (seen, live): (bool, bool) = redis::pipe()
                .exists(key(code, "seen"))
                .exists(key(code, "room"))
                .query_async(&mut self.conn())
                .await
                .map_err(unavailable)?;
            Ok(seen && !live)
        })
        .await
    }

    async fn ping(&self) -> Result<(), StoreError> {
        within(async {
            redis::cmd("PING")
                .query_async::<String>(&mut self.conn())
                .await
                .map(drop)
                .map_err(unavailable)
        })
        .await
    }

    fn lobby(&self) -> (Vec<Listing>, broadcast::Receiver<LobbyChange>) {
        let state = self.state();
        (
            newest_first(state.listed.values().cloned()),
            self.0.lobby.subscribe(),
        )
    }

    async fn waiting(&self) -> Result<Vec<Listing>, StoreError> {
        within(async {
            let all: HashMap<String, String> = redis::cmd("HGETALL")
                .arg(WAITING)
                .query_async(&mut self.conn())
                .await
                .map_err(unavailable)?;
            Ok(self.live_listings(all).0)
        })
        .await
    }

    async fn lock_matching(&self) -> Result<MatchLock, StoreError> {
        let holder = format!("{}:{}", self.0.gateway, next_lock_holder());
        within(async {
            loop {
                let taken: Option<String> = redis::cmd("SET")
                    .arg(MATCHING)
                    .arg(&holder)
                    .arg("NX")
                    .arg("PX")
                    .arg(ms(MATCHING_FOR))
                    .query_async(&mut self.conn())
                    .await
                    .map_err(unavailable)?;
                if taken.is_some() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            Ok(())
        })
        .await?;
        let store = self.clone();
        Ok(MatchLock::new(move || {
            // Let go at once rather than after MATCHING_FOR; should this fail, it lapses.
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn(async move {
                    let _: redis::RedisResult<i64> = store
                        .0
                        .unlock
                        .key(MATCHING)
                        .arg(holder)
                        .invoke_async(&mut store.conn())
                        .await;
                });
            }
        }))
    }
}

/// Tells one lock holder from another within a gateway: a count of the locks it took.
fn next_lock_holder() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static TAKEN: AtomicU64 = AtomicU64::new(0);
    TAKEN.fetch_add(1, Ordering::Relaxed)
}

/// Bound a request to Redis by [`DEADLINE`].
async fn within<T>(request: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
    tokio::time::timeout(DEADLINE, request)
        .await
        .unwrap_or_else(|_| {
            Err(StoreError::Unavailable(format!(
                "no answer within {} s",
                DEADLINE.as_secs()
            )))
        })
}

impl RedisStore {
    async fn insert_room(&self, room: Room, max_rooms: usize) -> Result<(), StoreError> {
        let code = room.code();
        let header = room.header();
        let relist = Relist::between(&code, None, room.listing().as_ref());
        let day_left =
            (room.created_at() + crate::room::ROOM_LIFETIME).saturating_sub(self.0.clock.now());
        let day_over = unix_ms().saturating_add(ms(day_left));
        let mut invocation = self.0.insert.prepare_invoke();
        invocation
            .key(key(&code, "room"))
            .key(key(&code, "log"))
            .key(key(&code, "seen"))
            .key(ROOMS)
            .key(key(&code, "lease"));
        lobby_keys(&mut invocation);
        invocation
            .arg(header)
            .arg(self.backstop(&room))
            .arg(ms(day_left + TOMBSTONE))
            .arg(max_rooms)
            .arg(unix_ms())
            .arg(day_over)
            .arg(code.to_string())
            .arg(self.0.gateway)
            .arg(ms(self.0.lease));
        relist.add_to(&mut invocation);
        let answer: i64 = invocation
            .invoke_async(&mut self.conn())
            .await
            .map_err(unavailable)?;
        match answer {
            -2 => {
                self.state().held.insert(code);
                Ok(())
            }
            -1 => Err(StoreError::CodeTaken(code)),
            n => Err(StoreError::Full(usize::try_from(n).unwrap_or_default())),
        }
    }

    async fn expire_room(
        &self,
        code: &RoomCode,
        mut due: impl FnMut(&Room) -> bool + Send,
    ) -> bool {
        for _ in 0..RETRIES {
            let Ok(Some(working)) = self.working(code).await else {
                return false;
            };
            if !due(&working.room) {
                return false;
            }
            let message = serde_json::to_string(&Published {
                rev: u64::MAX,
                header: None,
                turn: None,
                events: Vec::new(),
                notices: Vec::new(),
                expired: true,
            })
            .unwrap_or_default();
            let mut invocation = self.0.expire.prepare_invoke();
            invocation
                .key(key(code, "room"))
                .key(key(code, "log"))
                .key(key(code, "lease"))
                .key(key(code, "ch"))
                .key(ROOMS);
            lobby_keys(&mut invocation);
            invocation
                .arg(working.rev)
                .arg(code.to_string())
                .arg(format!("{} {message}", u64::MAX));
            Relist::between(code, working.room.listing().as_ref(), None).add_to(&mut invocation);
            let answer: Result<String, _> = invocation.invoke_async(&mut self.conn()).await;
            match answer.as_deref() {
                Ok("ok") => {
                    // Told here at once; other gateways hear it on the channel.
                    let mut state = self.state();
                    if let Some(mut local) = state.rooms.remove(code) {
                        local.send(u64::MAX, Broadcast::Notice(Notice::Expired));
                    }
                    state.held.remove(code);
                    return true;
                }
                Ok("stale") => {
                    if let Some(local) = self.state().rooms.get_mut(code) {
                        local.copy = None;
                    }
                }
                _ => return false,
            }
        }
        false
    }
}
