//! What went wrong online, in the player's words: links that cannot be opened and the server's
//! refusals.

use crate::locale::Phrase;
use starhalma_locale::id;
use starhalma_protocol::{ErrorCode, IdError, LinkError};

/// A link that cannot be opened: "LINK: why".
pub(crate) fn bad_link(link: &str, error: &LinkError) -> Phrase {
    Phrase::msg(id::ONLINE_BAD_LINK)
        .with("link", Phrase::Verbatim(link.to_string()))
        .with("reason", link_reason(error))
}

/// Why an address or a link does not read, in words.
pub(crate) fn link_reason(error: &LinkError) -> Phrase {
    match error {
        LinkError::NoRoom => Phrase::msg(id::LINK_NO_ROOM),
        LinkError::BadScheme => Phrase::msg(id::LINK_BAD_SCHEME),
        LinkError::NoHost => Phrase::msg(id::LINK_NO_HOST),
        LinkError::BadHost(host) => {
            Phrase::msg(id::LINK_BAD_HOST).with("host", Phrase::Verbatim(host.clone()))
        }
        LinkError::BadRoom(IdError::RoomCode(code) | IdError::Token(code)) => {
            Phrase::msg(id::LINK_BAD_ROOM).with("code", Phrase::Verbatim(code.clone()))
        }
        // Links carry no player key; should one ever be read as one, it names no room.
        LinkError::BadRoom(IdError::PlayerKey) => Phrase::msg(id::LINK_NO_ROOM),
        LinkError::NoGame => Phrase::msg(id::LINK_NO_GAME),
    }
}

/// The server's refusal in the player's language where the game knows its code; otherwise in
/// the server's own words.
pub(super) fn server_error(code: ErrorCode, message: String) -> Phrase {
    let id = match code {
        ErrorCode::RateLimited => id::SERVER_ERROR_RATE_LIMITED,
        ErrorCode::TooManyConnections => id::SERVER_ERROR_TOO_MANY_CONNECTIONS,
        ErrorCode::TooManyRooms => id::SERVER_ERROR_TOO_MANY_ROOMS,
        ErrorCode::TooManyRoomsCreated => id::SERVER_ERROR_TOO_MANY_ROOMS_CREATED,
        ErrorCode::NoSuchRoom => id::SERVER_ERROR_NO_SUCH_ROOM,
        ErrorCode::Expired => id::SERVER_ERROR_EXPIRED,
        ErrorCode::BadToken => id::SERVER_ERROR_BAD_TOKEN,
        ErrorCode::RoomFull => id::SERVER_ERROR_ROOM_FULL,
        ErrorCode::Spectator => id::SERVER_ERROR_SPECTATOR,
        ErrorCode::NotHost => id::SERVER_ERROR_NOT_HOST,
        ErrorCode::AlreadyStarted => id::SERVER_ERROR_ALREADY_STARTED,
        ErrorCode::NotStarted => id::SERVER_ERROR_NOT_STARTED,
        ErrorCode::ResignInstead => id::SERVER_ERROR_RESIGN_INSTEAD,
        ErrorCode::GameNotOver => id::SERVER_ERROR_GAME_NOT_OVER,
        ErrorCode::NotYourTurn | ErrorCode::NotYourSeat => id::REASON_NOT_YOUR_TURN,
        ErrorCode::Unavailable => id::SERVER_ERROR_UNAVAILABLE,
        ErrorCode::TooManyWaiting => id::SERVER_ERROR_TOO_MANY_WAITING,
        ErrorCode::TooManyWatchers => id::SERVER_ERROR_TOO_MANY_WATCHERS,
        _ => return Phrase::Verbatim(message),
    };
    Phrase::msg(id)
}
