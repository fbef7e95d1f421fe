//! One WebSocket, polled each frame: a thread with sync `tungstenite` on the desktop, the
//! browser's `WebSocket` on the web. Frames are JSON text. Connections are opened through the
//! [`Network`] resource, which tests replace with a stand-in of their own (the game has no
//! scripted socket inside).

use crate::locale::Phrase;
use crate::rest::WakeSignal;
use bevy::prelude::*;
use std::sync::Arc;

/// What a connection reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SocketEvent {
    Opened,
    Frame(String),
    /// Closed or never opened, with the reason in words.
    Closed(Phrase),
}

/// One connection to a room server as the game uses it: frames out, events in. Dropping it
/// closes it.
pub trait Link: Send + Sync {
    /// Queue a frame (JSON text) for the server; one sent on a closed link is lost, as the
    /// `Closed` already reported says.
    fn send(&self, frame: String);
    /// Everything that happened since the last poll.
    fn poll(&self) -> Vec<SocketEvent>;
}

/// Opens connections: `url` is the socket's address (`ws://HOST:PORT/ws`); `Opened` or
/// `Closed` follows, and `wake` is called for each event (the app may be resting).
pub trait Dial: Send + Sync + 'static {
    fn open(&self, url: &str, wake: &WakeSignal) -> Box<dyn Link>;
}

/// Where the game's connections come from: the platform's sockets unless replaced.
#[derive(Resource, Clone)]
pub struct Network(Arc<dyn Dial>);

impl Network {
    pub fn new(dial: impl Dial) -> Network {
        Network(Arc::new(dial))
    }

    pub(crate) fn open(&self, url: &str, wake: &WakeSignal) -> Box<dyn Link> {
        self.0.open(url, wake)
    }
}

impl Default for Network {
    fn default() -> Network {
        Network::new(PlatformSockets)
    }
}

/// The platform's WebSockets.
struct PlatformSockets;

impl Dial for PlatformSockets {
    fn open(&self, url: &str, wake: &WakeSignal) -> Box<dyn Link> {
        Box::new(Socket::open(url, wake))
    }
}

struct Socket(Inner);

enum Inner {
    #[cfg(not(target_arch = "wasm32"))]
    Thread {
        outgoing: std::sync::mpsc::Sender<String>,
        // A Mutex only to make the link `Sync`; one system polls it.
        incoming: std::sync::Mutex<std::sync::mpsc::Receiver<SocketEvent>>,
    },
    #[cfg(target_arch = "wasm32")]
    Browser(u32),
}

impl Socket {
    #[cfg(not(target_arch = "wasm32"))]
    fn open(url: &str, wake: &WakeSignal) -> Socket {
        let (outgoing, to_send) = std::sync::mpsc::channel();
        let (report, incoming) = std::sync::mpsc::channel();
        let url = url.to_string();
        let spawned = std::thread::Builder::new()
            .name("starhalma-socket".into())
            .spawn({
                let report = desktop::Report {
                    to_game: report.clone(),
                    wake: wake.clone(),
                };
                move || desktop::run(&url, &to_send, &report)
            });
        if let Err(e) = spawned {
            let _ = report.send(SocketEvent::Closed(Phrase::Verbatim(e.to_string())));
            wake.wake();
        }
        Socket(Inner::Thread {
            outgoing,
            incoming: std::sync::Mutex::new(incoming),
        })
    }

    #[cfg(target_arch = "wasm32")]
    fn open(url: &str, wake: &WakeSignal) -> Socket {
        Socket(Inner::Browser(browser::open(url, wake)))
    }
}

impl Link for Socket {
    fn send(&self, frame: String) {
        match &self.0 {
            #[cfg(not(target_arch = "wasm32"))]
            // A closed thread has reported `Closed` already.
            Inner::Thread { outgoing, .. } => {
                let _ = outgoing.send(frame);
            }
            #[cfg(target_arch = "wasm32")]
            Inner::Browser(id) => browser::send(*id, &frame),
        }
    }

    fn poll(&self) -> Vec<SocketEvent> {
        match &self.0 {
            #[cfg(not(target_arch = "wasm32"))]
            Inner::Thread { incoming, .. } => {
                let incoming = incoming
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                incoming.try_iter().collect()
            }
            #[cfg(target_arch = "wasm32")]
            Inner::Browser(id) => browser::poll(*id),
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl Drop for Socket {
    fn drop(&mut self) {
        let Inner::Browser(id) = self.0;
        browser::close(id);
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use super::SocketEvent;
    use crate::locale::Phrase;
    use starhalma_locale::id;
    use std::sync::mpsc::{Receiver, Sender, TryRecvError};
    use std::time::Duration;
    use tungstenite::stream::MaybeTlsStream;
    use tungstenite::{Error, Message};

    /// How long a read waits before the thread looks for frames to send.
    const POLL: Duration = Duration::from_millis(15);

    /// Where the socket's thread reports: the game's inbox, and the wake of a resting app.
    pub(super) struct Report {
        pub(super) to_game: Sender<SocketEvent>,
        pub(super) wake: crate::rest::WakeSignal,
    }

    impl Report {
        /// Hand `event` to the game and wake it; an error when the game dropped the socket.
        fn send(&self, event: SocketEvent) -> Result<(), ()> {
            self.to_game.send(event).map_err(|_| ())?;
            self.wake.wake();
            Ok(())
        }
    }

    /// The socket's thread: connect, then alternate between sending what the game queued and
    /// reading what arrived. Ends when either side closes (dropping the `Socket` closes it).
    pub(super) fn run(url: &str, to_send: &Receiver<String>, report: &Report) {
        // The system's own words for a network error: they come in the system's language.
        let closed = |why: Phrase| {
            let _ = report.send(SocketEvent::Closed(why));
        };
        let error = |e: Error| Phrase::Verbatim(e.to_string());
        let mut socket = match tungstenite::connect(url) {
            Ok((socket, _)) => socket,
            Err(e) => return closed(error(e)),
        };
        if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
            let _ = stream.set_read_timeout(Some(POLL));
            let _ = stream.set_nodelay(true);
        }
        if report.send(SocketEvent::Opened).is_err() {
            return;
        }
        loop {
            loop {
                match to_send.try_recv() {
                    Ok(frame) => {
                        if let Err(e) = socket.send(Message::text(frame)) {
                            return closed(error(e));
                        }
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        let _ = socket.close(None);
                        let _ = socket.flush();
                        return;
                    }
                }
            }
            match socket.read() {
                Ok(Message::Text(text)) => {
                    if report.send(SocketEvent::Frame(text.to_string())).is_err() {
                        return;
                    }
                }
                Ok(Message::Close(_)) => {
                    return closed(Phrase::msg(id::ONLINE_SERVER_CLOSED));
                }
                Ok(_) => {}
                Err(Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => return closed(error(e)),
            }
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::SocketEvent;
    use crate::locale::Phrase;
    use crate::rest::WakeSignal;
    use starhalma_locale::id;
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::rc::Rc;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;

    type Inbox = Rc<RefCell<VecDeque<SocketEvent>>>;

    /// The page's one socket. A `WebSocket` is not `Send`, so it lives here, on the only
    /// thread a web build has, and the game holds its number.
    struct Open {
        id: u32,
        /// `None` when the browser refused to open it (the inbox says why).
        socket: Option<web_sys::WebSocket>,
        inbox: Inbox,
        // Kept alive as long as the socket may call them.
        _handlers: Option<Handlers>,
    }

    /// A socket's open, message and close handlers.
    type Handlers = (
        Closure<dyn FnMut()>,
        Closure<dyn FnMut(web_sys::MessageEvent)>,
        Closure<dyn FnMut(web_sys::CloseEvent)>,
    );

    thread_local! {
        static OPEN: RefCell<Option<Open>> = const { RefCell::new(None) };
        static LAST_ID: RefCell<u32> = const { RefCell::new(0) };
    }

    /// A socket's events go to the inbox, and each wakes the app (it may be resting).
    fn deliver(inbox: &Inbox, wake: &WakeSignal, event: SocketEvent) {
        inbox.borrow_mut().push_back(event);
        wake.wake();
    }

    fn connect(url: &str, inbox: &Inbox, wake: &WakeSignal) -> Result<Open, String> {
        let socket = web_sys::WebSocket::new(url).map_err(|e| format!("{e:?}"))?;
        let on_open = Closure::<dyn FnMut()>::new({
            let (inbox, wake) = (inbox.clone(), wake.clone());
            move || deliver(&inbox, &wake, SocketEvent::Opened)
        });
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new({
            let (inbox, wake) = (inbox.clone(), wake.clone());
            move |e: web_sys::MessageEvent| {
                if let Some(text) = e.data().as_string() {
                    deliver(&inbox, &wake, SocketEvent::Frame(text));
                }
            }
        });
        let on_close = Closure::<dyn FnMut(web_sys::CloseEvent)>::new({
            let (inbox, wake) = (inbox.clone(), wake.clone());
            move |e: web_sys::CloseEvent| {
                let why = if e.reason().is_empty() {
                    Phrase::msg(id::ONLINE_CLOSED_CODE).with("code", u32::from(e.code()))
                } else {
                    Phrase::Verbatim(e.reason())
                };
                deliver(&inbox, &wake, SocketEvent::Closed(why));
            }
        });
        socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        Ok(Open {
            id: 0,
            socket: Some(socket),
            inbox: inbox.clone(),
            _handlers: Some((on_open, on_message, on_close)),
        })
    }

    pub(super) fn open(url: &str, wake: &WakeSignal) -> u32 {
        let id = LAST_ID.with(|n| {
            *n.borrow_mut() += 1;
            *n.borrow()
        });
        let inbox: Inbox = Rc::default();
        let mut open = connect(url, &inbox, wake).unwrap_or_else(|why| {
            inbox.borrow_mut().push_back(SocketEvent::Closed(
                Phrase::msg(id::ONLINE_BROWSER_REFUSED)
                    .with("url", Phrase::Verbatim(url.to_string()))
                    .with("error", Phrase::Verbatim(why)),
            ));
            Open {
                id,
                socket: None,
                inbox: inbox.clone(),
                _handlers: None,
            }
        });
        open.id = id;
        OPEN.with(|slot| {
            if let Some(old) = slot.borrow_mut().replace(open) {
                close_socket(&old);
            }
        });
        id
    }

    fn close_socket(open: &Open) {
        if let Some(socket) = &open.socket {
            socket.set_onclose(None);
            let _ = socket.close();
        }
    }

    pub(super) fn send(id: u32, frame: &str) {
        OPEN.with(|slot| {
            if let Some(socket) = slot
                .borrow()
                .as_ref()
                .filter(|o| o.id == id)
                .and_then(|o| o.socket.as_ref())
            {
                let _ = socket.send_with_str(frame);
            }
        });
    }

    pub(super) fn poll(id: u32) -> Vec<SocketEvent> {
        OPEN.with(|slot| match slot.borrow().as_ref().filter(|o| o.id == id) {
            Some(open) => open.inbox.borrow_mut().drain(..).collect(),
            None => Vec::new(),
        })
    }

    pub(super) fn close(id: u32) {
        OPEN.with(|slot| {
            let mut slot = slot.borrow_mut();
            if slot.as_ref().is_some_and(|o| o.id == id)
                && let Some(old) = slot.take()
            {
                close_socket(&old);
            }
        });
    }
}
