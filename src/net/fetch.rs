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
        platform::get(url, headers, fetch.clone(), wake.clone());
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

/// The reason an answer other than 200 gives: the API's `message`, else the status.
fn refusal(status: u16, body: &str) -> Phrase {
    serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v.get("message")?.as_str().map(str::to_string))
        .map_or_else(|| status_phrase(status), Phrase::Verbatim)
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
    use super::{Fetch, garbled, refusal};
    use crate::locale::Phrase;
    use crate::rest::WakeSignal;
    use std::io::{Read, Write};
    use std::time::Duration;

    /// A records answer is a few kilobytes; more is not ours.
    const MOST: u64 = 4 << 20;

    pub(super) fn get(url: &str, headers: &[(&str, String)], fetch: Fetch, wake: WakeSignal) {
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
                move || fetch.answer(request(&url, &headers), &wake)
            });
        if let Err(e) = spawned {
            fetch.answer(Err(Phrase::Verbatim(e.to_string())), &wake);
        }
    }

    fn request(url: &str, headers: &str) -> super::Fetched {
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
        if status == 200 {
            Ok(body.to_string())
        } else {
            Err(refusal(status, body))
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod platform {
    use super::{Fetch, garbled, refusal, status_phrase};
    use crate::locale::Phrase;
    use crate::rest::WakeSignal;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::JsValue;
    use wasm_bindgen::closure::Closure;

    pub(super) fn get(url: &str, headers: &[(&str, String)], fetch: Fetch, wake: WakeSignal) {
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
                    let fetched = if status == 200 {
                        Ok(body)
                    } else {
                        Err(refusal(status, &body))
                    };
                    fetch.answer(fetched, &wake);
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
}
