//! A finished online game opened by its share link (`http://HOST:PORT/?game=ID`, the page's
//! own address on the web, `starhalma --game LINK` on the desktop): its record is fetched from
//! the server's `/api/games/ID` and handed on as [`ReplayArrived`]; persist loads it like a
//! saved game (the rules crate's save file, checked move by move), so the move list steps
//! through it on the board.

use super::NetRequest;
use super::fetch::Fetch;
use crate::locale::Phrase;
use crate::rest::WakeSignal;
use bevy::prelude::*;

/// A replay's record as it came: its id and the server's answer. Persist loads it (net sits
/// below the screens and the files).
#[derive(Message, Clone, Debug)]
pub(crate) struct ReplayArrived {
    pub(crate) id: String,
    pub(crate) answer: Result<String, Phrase>,
}

/// The replay being fetched: its id and the answer to come.
#[derive(Resource, Default)]
pub(super) struct PendingReplay(Option<(String, Fetch)>);

/// `OpenReplay` requests: start fetching the record.
pub(super) fn open_replays(
    mut requests: MessageReader<NetRequest>,
    mut pending: ResMut<PendingReplay>,
    wake: Res<WakeSignal>,
) {
    for request in requests.read() {
        if let NetRequest::OpenReplay(link) = request {
            pending.0 = Some((link.id().to_string(), Fetch::get(&link.api_url(), &wake)));
        }
    }
}

/// The answer, once it has come (a resting app is woken by the fetch).
pub(super) fn receive_replay(
    mut pending: ResMut<PendingReplay>,
    mut arrived: MessageWriter<ReplayArrived>,
) {
    let Some((id, fetch)) = &pending.0 else {
        return;
    };
    let Some(answer) = fetch.poll() else {
        return;
    };
    arrived.write(ReplayArrived {
        id: id.clone(),
        answer,
    });
    pending.0 = None;
}
