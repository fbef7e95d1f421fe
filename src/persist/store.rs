//! Where files are kept: a folder on the desktop, the browser's local storage on the web.

use crate::locale::{Glue, Phrase};
use crate::ui::StoredFile;
use bevy::prelude::*;
use starhalma_locale::id;
use std::path::PathBuf;

/// Where saves and settings live.
#[derive(Resource, Clone, Debug)]
pub enum Store {
    /// A folder (desktop).
    Folder(PathBuf),
    /// The browser's local storage (web).
    Browser,
    /// Nowhere: nothing is read or written.
    Nowhere,
}

/// The autosave behind the menu's "Continue".
pub const AUTOSAVE: &str = "autosave.json";
/// The game the Save button writes and Load reads.
pub const SAVED_GAME: &str = "saved-game.json";
pub(super) const SETTINGS: &str = "settings.json";
/// Seat tokens of online rooms and the last room, which Continue rejoins.
pub(crate) const ONLINE: &str = "online.json";

/// The name a stored game is kept under.
pub(super) fn file_name(file: StoredFile) -> &'static str {
    match file {
        StoredFile::Autosave => AUTOSAVE,
        StoredFile::SavedGame => SAVED_GAME,
    }
}

impl Store {
    /// The platform's place for the game's files.
    pub fn platform() -> Store {
        if cfg!(target_arch = "wasm32") {
            return Store::Browser;
        }
        if let Some(home) = std::env::var_os("STARHALMA_HOME") {
            return Store::Folder(home.into());
        }
        let config = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")));
        match config {
            Some(dir) => Store::Folder(dir.join("starhalma")),
            None => Store::Nowhere,
        }
    }

    /// Where `name` is kept, in words for messages.
    pub fn describe(&self, name: &str) -> Phrase {
        match self {
            Store::Folder(dir) => Phrase::Verbatim(dir.join(name).display().to_string()),
            Store::Browser => {
                Phrase::msg(id::STORE_BROWSER).with("name", Phrase::Verbatim(name.to_string()))
            }
            Store::Nowhere => Phrase::msg(id::STORE_NOWHERE),
        }
    }

    /// A file error in the system's words, after the file's path.
    fn file_error(&self, name: &str, error: std::io::Error) -> Phrase {
        Phrase::Joined(
            vec![self.describe(name), Phrase::Verbatim(error.to_string())],
            Glue::Literal(": "),
        )
    }

    /// The text stored under `name`; `Ok(None)` when there is none.
    pub fn read(&self, name: &str) -> Result<Option<String>, Phrase> {
        match self {
            Store::Folder(dir) => match std::fs::read_to_string(dir.join(name)) {
                Ok(text) => Ok(Some(text)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(self.file_error(name, e)),
            },
            Store::Browser => Ok(browser::get(name)),
            Store::Nowhere => Ok(None),
        }
    }

    pub fn write(&self, name: &str, text: &str) -> Result<(), Phrase> {
        match self {
            Store::Folder(dir) => std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(dir.join(name), text))
                .map_err(|e| self.file_error(name, e)),
            Store::Browser => browser::set(name, text),
            Store::Nowhere => Ok(()),
        }
    }

    pub fn remove(&self, name: &str) {
        match self {
            Store::Folder(dir) => {
                let _ = std::fs::remove_file(dir.join(name));
            }
            Store::Browser => browser::remove(name),
            Store::Nowhere => {}
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use crate::locale::Phrase;
    use starhalma_locale::id;
    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok()?
    }
    fn key(name: &str) -> String {
        format!("starhalma/{name}")
    }
    pub(super) fn get(name: &str) -> Option<String> {
        storage()?.get_item(&key(name)).ok()?
    }
    pub(super) fn set(name: &str, text: &str) -> Result<(), Phrase> {
        storage()
            .ok_or(Phrase::msg(id::STORE_NO_LOCAL_STORAGE))?
            .set_item(&key(name), text)
            .map_err(|_| Phrase::msg(id::STORE_REFUSED))
    }
    pub(super) fn remove(name: &str) {
        if let Some(s) = storage() {
            let _ = s.remove_item(&key(name));
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod browser {
    use crate::locale::Phrase;
    use starhalma_locale::id;
    pub(super) fn get(_: &str) -> Option<String> {
        None
    }
    pub(super) fn set(_: &str, _: &str) -> Result<(), Phrase> {
        Err(Phrase::msg(id::STORE_NO_BROWSER_STORAGE))
    }
    pub(super) fn remove(_: &str) {}
}
