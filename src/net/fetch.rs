//! One HTTP GET of the room server's records (`/api/…`), polled each frame: a thread with a
//! plain HTTP/1.1 request on the desktop (plain, as the desktop's socket is), the browser's
//! `fetch` on the web. The body comes back as text, or why there is none.

use crate::locale::Phrase;
use crate::rest::WakeSignal;
use starhalma_locale::id;
use std::sync::{Arc, Mutex};

/// What a GET brought: the body of a 200, else the reason in the server's words (or the
/// system's, for a network error).
pub(crate) type Fetched = Result<String, Phrase>;

/// A GET on its way; [`Fetch::poll`] hands its answer once.
#[derive(Clone, Default)]
pub(crate) struct Fetch(Arc<Mutex<Option<Fetched>>>);

impl Fetch {
    /// Start `GET url`; `wake` is called when the answer is in (the app may be resting).
    pub(crate) fn get(url: &str, wake: &WakeSignal) -> Fetch {
        Fetch::get_with(url, &[], wake)
    }

    /// `GET url` with these request headers (a player's key, say).
    pub(crate) fn get_with(url: &str, headers: &[(&str, String)], wake: &WakeSignal) -> Fetch {
        let fetch = Fetch::default();
        platform::get(url, headers, fetch.clone(), wake.clone(), 0);
        fetch
    }

    /// `GET url` of a record that may not be written yet (a game that just ended): a 404 is
    /// asked again, [`RETRY_PAUSE_MS`] apart, up to [`RETRIES`] times.
    pub(crate) fn get_when_there(url: &str, wake: &WakeSignal) -> Fetch {
        let fetch = Fetch::default();
        platform::get(url, &[], fetch.clone(), wake.clone(), RETRIES);
        fetch
    }

    fn answer(&self, fetched: Fetched, wake: &WakeSignal) {
        *self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(fetched);
        wake.wake();
    }

    /// The answer, once it has come (and only once).
    pub(crate) fn poll(&self) -> Option<Fetched> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take()
    }
}

/// How often a missing record is asked for again, and how long apart: the server writes a
/// finished game within milliseconds, or, with its database down, whenever it is back.
const RETRIES: u32 = 20;
const RETRY_PAUSE_MS: u32 = 500;

/// What a status and body mean: the body of a 200, else the reason given.
fn settle(status: u16, body: String) -> Fetched {
    if status == 200 {
        Ok(body)
    } else {
        Err(refusal(status, &body))
    }
}

/// The reason an answer other than 200 gives: the API's `message`, else the status.
fn refusal(status: u16, body: &str) -> Phrase {
    serde_json::from_str::<starhalma_protocol::ApiError>(body)
        .map_or_else(|_| status_phrase(status), |e| Phrase::Verbatim(e.message))
}

fn status_phrase(status: u16) -> Phrase {
    Phrase::msg(id::FETCH_STATUS).with("status", Phrase::Verbatim(status.to_string()))
}

/// An answer that is not one.
fn garbled() -> Phrase {
    Phrase::msg(id::FETCH_GARBLED)
}

#[cfg(not(target_arch = "wasm32"))]
mod platform {
    use super::{Fetch, RETRY_PAUSE_MS, garbled, settle};
    use crate::locale::Phrase;
    use crate::rest::WakeSignal;
    use std::io::{Read, Write};
    use std::time::Duration;

    /// A records answer is a few kilobytes; more is not ours.
    const MOST: u64 = 4 << 20;

    pub(super) fn get(
        url: &str,
        headers: &[(&str, String)],
        fetch: Fetch,
        wake: WakeSignal,
        retries: u32,
    ) {
        let url = url.to_string();
        // Only what a header may hold: no line breaks to smuggle another header in.
        let headers: String = headers
            .iter()
            .filter(|(name, value)| !(name.contains(['\r', '\n']) || value.contains(['\r', '\n'])))
            .map(|(name, value)| format!("{name}: {value}\r\n"))
            .collect();
        let spawned = std::thread::Builder::new()
            .name("starhalma-fetch".into())
            .spawn({
                let (fetch, wake) = (fetch.clone(), wake.clone());
                move || {
                    let mut left = retries;
                    let fetched = loop {
                        match request(&url, &headers) {
                            Ok((404, _)) if left > 0 => {
                                left -= 1;
                                std::thread::sleep(Duration::from_millis(RETRY_PAUSE_MS.into()));
                            }
                            answer => break answer.and_then(|(status, body)| settle(status, body)),
                        }
                    };
                    fetch.answer(fetched, &wake)
                }
            });
        if let Err(e) = spawned {
            fetch.answer(Err(Phrase::Verbatim(e.to_string())), &wake);
        }
    }

    /// One request: the status and body of the answer.
    fn request(url: &str, headers: &str) -> Result<(u16, String), Phrase> {
        let system = |e: std::io::Error| Phrase::Verbatim(e.to_string());
        // The desktop speaks plain HTTP only, as its socket does.
        let rest = url.strip_prefix("http://").ok_or_else(garbled)?;
        let (host, path) = match rest.find('/') {
            Some(at) => (&rest[..at], &rest[at..]),
            None => (rest, "/"),
        };
        let address = if host.contains(':') {
            host.to_string()
        } else {
            format!("{host}:80")
        };
        let mut stream = std::net::TcpStream::connect(&address).map_err(system)?;
        let _ = stream.set_read_timeout(Some(Duration::from_secs(20)));
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: application/json\r\n{headers}Connection: close\r\n\r\n"
        )
        .map_err(system)?;
        let mut answer = Vec::new();
        stream.take(MOST).read_to_end(&mut answer).map_err(system)?;
        let answer = String::from_utf8_lossy(&answer);
        let (head, body) = answer.split_once("\r\n\r\n").ok_or_else(garbled)?;
        let status: u16 = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(garbled)?;
        // The API answers with a length, never in chunks.
        Ok((status, body.to_string()))
    }
}

#[cfg(target_arch = "wasm32")]
mod platform {
    use super::{Fetch, RETRY_PAUSE_MS, garbled, settle, status_phrase};
    use crate::locale::Phrase;
    use crate::rest::WakeSignal;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::JsValue;
    use wasm_bindgen::closure::Closure;

    pub(super) fn get(
        url: &str,
        headers: &[(&str, String)],
        fetch: Fetch,
        wake: WakeSignal,
        retries: u32,
    ) {
        let Some(window) = web_sys::window() else {
            fetch.answer(Err(garbled()), &wake);
            return;
        };
        let failed = {
            let (fetch, wake) = (fetch.clone(), wake.clone());
            Closure::once(move |e: JsValue| {
                let why = e.as_string().unwrap_or_else(|| format!("{e:?}"));
                fetch.answer(Err(Phrase::Verbatim(why)), &wake)
            })
        };
        // Kept for a request made again.
        let again: (String, Vec<(String, String)>) = (
            url.to_string(),
            headers
                .iter()
                .map(|(name, value)| (name.to_string(), value.clone()))
                .collect(),
        );
        let arrived = Closure::once(move |value: JsValue| {
            let Ok(response) = value.dyn_into::<web_sys::Response>() else {
                fetch.answer(Err(garbled()), &wake);
                return;
            };
            let status = response.status();
            let Ok(text) = response.text() else {
                fetch.answer(Err(status_phrase(status)), &wake);
                return;
            };
            let read = {
                let (fetch, wake) = (fetch.clone(), wake.clone());
                Closure::once(move |body: JsValue| {
                    let body = body.as_string().unwrap_or_default();
                    if status == 404 && retries > 0 && ask_again(again, &fetch, &wake, retries) {
                        return;
                    }
                    fetch.answer(settle(status, body), &wake);
                })
            };
            let unread =
                Closure::once(move |_: JsValue| fetch.answer(Err(status_phrase(status)), &wake));
            let _ = text.then2(&read, &unread);
            // Each runs once; the browser holds them until then.
            read.forget();
            unread.forget();
        });
        let init = web_sys::RequestInit::new();
        if let Ok(sent) = web_sys::Headers::new() {
            for (name, value) in headers {
                let _ = sent.set(name, value);
            }
            init.set_headers(&sent);
        }
        let _ = window
            .fetch_with_str_and_init(url, &init)
            .then2(&arrived, &failed);
        arrived.forget();
        failed.forget();
    }

    /// The same request again after a pause (a record not written yet); whether it is asked.
    fn ask_again(
        (url, headers): (String, Vec<(String, String)>),
        fetch: &Fetch,
        wake: &WakeSignal,
        retries: u32,
    ) -> bool {
        let Some(window) = web_sys::window() else {
            return false;
        };
        let (fetch, wake) = (fetch.clone(), wake.clone());
        let later = Closure::once(move || {
            let headers: Vec<(&str, String)> = headers
                .iter()
                .map(|(name, value)| (name.as_str(), value.clone()))
                .collect();
            get(&url, &headers, fetch, wake, retries - 1);
        });
        let asked = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                later.as_ref().unchecked_ref(),
                RETRY_PAUSE_MS as i32,
            )
            .is_ok();
        // It runs once; the browser holds it until then.
        later.forget();
        asked
    }
}
