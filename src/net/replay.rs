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
use starhalma_locale::id;

/// A record id: 20 lowercase hexadecimal characters (the server's `RECORD_ID_BYTES` doubled).
const RECORD_ID_LEN: usize = 20;

/// The record a link names, and where its server answers for it: `(id, api url)`. Takes the
/// share link (`…/?game=ID`) and the API's own address (`…/api/games/ID`).
pub(crate) fn record_in_url(link: &str) -> Option<(String, String)> {
    let link = link.trim();
    let scheme_end = link.find("://")? + 3;
    let origin_end = link[scheme_end..]
        .find(['/', '?', '#'])
        .map_or(link.len(), |at| scheme_end + at);
    let (origin, rest) = link.split_at(origin_end);
    if !(origin.starts_with("http://") || origin.starts_with("https://"))
        || origin_end == scheme_end
    {
        return None;
    }
    let id = match rest.strip_prefix("/api/games/") {
        Some(id) => id.split(['?', '#']).next()?.to_string(),
        None => rest
            .split(['?', '&', '#'])
            .find_map(|pair| pair.strip_prefix("game="))?
            .to_string(),
    };
    let valid = id.len() == RECORD_ID_LEN
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    valid.then(|| (id.clone(), format!("{origin}/api/games/{id}")))
}

/// A replay's record as it came (its id and the server's answer), or a link that names no
/// record (no id, and why). Persist loads it (net sits below the screens and the files).
#[derive(Message, Clone, Debug)]
pub(crate) struct ReplayArrived {
    pub(crate) id: Option<String>,
    pub(crate) answer: Result<String, Phrase>,
}

/// The replay being fetched: its id and the answer to come.
#[derive(Resource, Default)]
pub(super) struct PendingReplay(Option<(String, Fetch)>);

/// `OpenReplay` requests: start fetching (a bad link is answered at once).
pub(super) fn open_replays(
    mut requests: MessageReader<NetRequest>,
    mut pending: ResMut<PendingReplay>,
    mut arrived: MessageWriter<ReplayArrived>,
    wake: Res<WakeSignal>,
) {
    for request in requests.read() {
        let NetRequest::OpenReplay(link) = request else {
            continue;
        };
        match record_in_url(link) {
            Some((id, url)) => pending.0 = Some((id, Fetch::get(&url, &wake))),
            None => {
                arrived.write(ReplayArrived {
                    id: None,
                    answer: Err(Phrase::msg(id::REPLAY_BAD_LINK)
                        .with("link", Phrase::Verbatim(link.clone()))),
                });
            }
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
        id: Some(id.clone()),
        answer,
    });
    pending.0 = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_links_and_api_addresses_name_their_record() {
        let id = "0123456789abcdef0123";
        let api = format!("http://192.168.1.20:8080/api/games/{id}");
        for link in [
            format!("http://192.168.1.20:8080/?game={id}"),
            format!("http://192.168.1.20:8080?game={id}"),
            format!("http://192.168.1.20:8080/?lang=ja&game={id}#top"),
            api.clone(),
        ] {
            assert_eq!(
                record_in_url(&link),
                Some((id.to_string(), api.clone())),
                "{link}"
            );
        }
        assert_eq!(
            record_in_url(&format!("https://halma.example.org/?game={id}")),
            Some((
                id.into(),
                format!("https://halma.example.org/api/games/{id}")
            ))
        );
        for bad in [
            "http://host/?room=k3v7q2mzpa".to_string(),
            format!("ftp://host/?game={id}"),
            "http://host/?game=0123".to_string(),
            format!("http://host/?game={}", id.to_uppercase()),
            format!("http:///?game={id}"),
            "nowhere".to_string(),
        ] {
            assert_eq!(record_in_url(&bad), None, "{bad}");
        }
    }
}
