//! A network that goes nowhere, for the client's tests: the test pushes the server's frames
//! and reads the client's. Installed as the app's [`Network`], every connection the client
//! opens is scripted.

use starhalma::testing::{Phrase, WakeSignal};
use starhalma::{Dial, Link, Network, SocketEvent};
use starhalma_protocol::{ClientMessage, ServerMessage, decode_client};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

#[derive(Clone, Default)]
pub(crate) struct ScriptedNetwork(Arc<Mutex<Script>>);

#[derive(Default)]
struct Script {
    urls: Vec<String>,
    to_client: VecDeque<SocketEvent>,
    from_client: Vec<String>,
    /// New connections never open (a server that accepts and then says nothing).
    stalled: bool,
    /// The app's wake, as a socket's thread would call it for each event.
    wake: WakeSignal,
}

impl ScriptedNetwork {
    fn script(&self) -> MutexGuard<'_, Script> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The app's network: this script.
    pub(crate) fn network(&self) -> Network {
        Network::new(self.clone())
    }

    /// The server sends `message`.
    pub(crate) fn push(&self, message: &ServerMessage) {
        self.push_frame(message.encode());
    }

    /// The server sends this frame as it is (tests of malformed input).
    pub(crate) fn push_frame(&self, frame: String) {
        self.arrive(SocketEvent::Frame(frame));
    }

    fn arrive(&self, event: SocketEvent) {
        let wake = {
            let mut script = self.script();
            script.to_client.push_back(event);
            script.wake.clone()
        };
        wake.wake();
    }

    /// The connection drops.
    pub(crate) fn drop_connection(&self) {
        self.arrive(SocketEvent::Closed(Phrase::Verbatim(
            "the test closed it".into(),
        )));
    }

    /// What the client sent since the last call.
    pub(crate) fn sent(&self) -> Vec<ClientMessage> {
        std::mem::take(&mut self.script().from_client)
            .iter()
            .map(|frame| decode_client(frame).expect("the client sends valid messages"))
            .collect()
    }

    /// The socket addresses the client opened, in order.
    pub(crate) fn urls(&self) -> Vec<String> {
        self.script().urls.clone()
    }

    /// From now on, connections the client opens never open (or, `false`, open at once).
    pub(crate) fn stall_connections(&self, stalled: bool) {
        self.script().stalled = stalled;
    }
}

impl Dial for ScriptedNetwork {
    fn open(&self, url: &str, wake: &WakeSignal) -> Box<dyn Link> {
        let stalled = {
            let mut script = self.script();
            script.urls.push(url.to_string());
            script.wake = wake.clone();
            script.stalled
        };
        if !stalled {
            self.arrive(SocketEvent::Opened);
        }
        Box::new(self.clone())
    }
}

impl Link for ScriptedNetwork {
    fn send(&self, frame: String) {
        self.script().from_client.push(frame);
    }

    fn poll(&self) -> Vec<SocketEvent> {
        self.script().to_client.drain(..).collect()
    }
}
