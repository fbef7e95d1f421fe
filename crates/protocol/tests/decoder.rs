//! Property tests of the codec: every message round-trips, and whatever arrives (random bytes,
//! random text, valid frames flipped, cut short, with fields taken away, added or replaced) is
//! either refused with an error or read as a message that itself round-trips. Never a panic.

mod common;

use common::*;
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Map, Value};
use starhalma_protocol::*;

/// Whatever `frame` is, decoding gives an error, or a message that encodes back to itself.
fn assert_client_frame_handled(frame: &str) {
    match decode_client(frame) {
        Ok(message) => assert_eq!(decode_client(&message.encode()), Ok(message), "{frame}"),
        Err(error) => assert!(!error.to_string().is_empty()),
    }
}

fn assert_server_frame_handled(frame: &str) {
    match decode_server(frame) {
        Ok(message) => assert_eq!(decode_server(&message.encode()), Ok(message), "{frame}"),
        Err(error) => assert!(!error.to_string().is_empty()),
    }
}

fn any_json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|x| serde_json::json!(x)),
        "[ -~]{0,12}".prop_map(Value::String),
        "(s|j|x) -?[0-9],-?[0-9] -?[0-9],-?[0-9]".prop_map(Value::String),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// One change to a valid frame.
#[derive(Debug, Clone)]
enum Mutation {
    FlipByte(Index, u8),
    Truncate(Index),
    DeleteField(Index),
    InsertField(String, Value),
    ReplaceField(Index, Value),
}

fn any_mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::FlipByte(i, b)),
        any::<Index>().prop_map(Mutation::Truncate),
        any::<Index>().prop_map(Mutation::DeleteField),
        ("[a-z_]{1,10}", any_json_value()).prop_map(|(k, v)| Mutation::InsertField(k, v)),
        (any::<Index>(), any_json_value()).prop_map(|(i, v)| Mutation::ReplaceField(i, v)),
    ]
}

/// What a mutation is known to lead to.
#[derive(Debug, PartialEq)]
enum Expected {
    /// Refused as malformed (a required field removed, an unknown one added).
    Malformed,
    /// Refused as another version.
    UnknownVersion,
    /// Either outcome, as long as nothing panics.
    Anything,
}

fn fields_of(frame: &str) -> Map<String, Value> {
    match serde_json::from_str(frame) {
        Ok(Value::Object(fields)) => fields,
        _ => panic!("an encoded message is a JSON object: {frame}"),
    }
}

fn mutate(frame: &str, mutation: &Mutation) -> (String, Expected) {
    let mut fields = fields_of(frame);
    let keys: Vec<String> = fields.keys().cloned().collect();
    match mutation {
        Mutation::FlipByte(index, byte) => {
            let mut bytes = frame.as_bytes().to_vec();
            bytes[index.index(frame.len())] = *byte;
            (
                String::from_utf8_lossy(&bytes).into_owned(),
                Expected::Anything,
            )
        }
        Mutation::Truncate(index) => {
            let cut = index.index(frame.len());
            let text = String::from_utf8_lossy(&frame.as_bytes()[..cut]).into_owned();
            // A frame is one JSON object: no proper prefix of it is one.
            (text, Expected::Malformed)
        }
        Mutation::DeleteField(index) => {
            let key = &keys[index.index(keys.len())];
            let kind = fields["t"].as_str().unwrap_or_default().to_string();
            fields.remove(key);
            // Option fields may be left out (serde reads them as null); every other is required.
            let optional = matches!(
                (kind.as_str(), key.as_str()),
                ("hello", "room" | "token" | "name")
                    | ("create", "name" | "clock_ms" | "public")
                    | ("quick_match", "name" | "clock_ms")
                    | ("error", "id")
                    | ("welcome", "seat" | "token" | "clock_ms" | "turn_left_ms")
            );
            let expected = if optional {
                Expected::Anything
            } else {
                Expected::Malformed
            };
            (Value::Object(fields).to_string(), expected)
        }
        Mutation::InsertField(key, value) => {
            let expected = if fields.contains_key(key) {
                Expected::Anything
            } else {
                Expected::Malformed
            };
            fields.insert(key.clone(), value.clone());
            (Value::Object(fields).to_string(), expected)
        }
        Mutation::ReplaceField(index, value) => {
            let key = &keys[index.index(keys.len())];
            let expected = if key == "v" && value.as_u64() != Some(1) {
                Expected::UnknownVersion
            } else {
                Expected::Anything
            };
            fields.insert(key.clone(), value.clone());
            (Value::Object(fields).to_string(), expected)
        }
    }
}

fn assert_expected(frame: &str, expected: Expected, result: Result<(), ProtocolError>) {
    match expected {
        Expected::Anything => {}
        Expected::Malformed => assert!(
            matches!(result, Err(ProtocolError::Malformed(_))),
            "{frame}: {result:?}"
        ),
        Expected::UnknownVersion => assert!(
            matches!(result, Err(ProtocolError::UnknownVersion(_))),
            "{frame}: {result:?}"
        ),
    }
}

proptest! {
    // Cheap cases: many of them.
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn client_messages_round_trip_within_the_frame_limit(message in any_client_message()) {
        let frame = message.encode();
        prop_assert!(frame.len() <= MAX_FRAME_BYTES);
        prop_assert_eq!(decode_client(&frame), Ok(message));
    }

    #[test]
    fn server_messages_round_trip(message in any_server_message()) {
        let frame = message.encode();
        prop_assert_eq!(decode_server(&frame), Ok(message));
    }

    #[test]
    fn random_bytes_are_handled(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let frame = String::from_utf8_lossy(&bytes);
        assert_client_frame_handled(&frame);
        assert_server_frame_handled(&frame);
    }

    #[test]
    fn random_text_is_handled(frame in any::<String>()) {
        assert_client_frame_handled(&frame);
        assert_server_frame_handled(&frame);
    }

    #[test]
    fn random_objects_are_handled(
        t in "(hello|create|join|move|sync|react|back|welcome|event|error|ack|reacted|[a-z_]{1,12})",
        fields in proptest::collection::btree_map("(v|t|seq|mv|id|room|token|have|event|kind|seat|seats|code|message|game|name|reaction|clock_ms|turn_left_ms|by|idle|public|players|variant|rooms|running|age_ms|[a-z]{1,5})", any_json_value(), 0..6),
    ) {
        let mut object: Map<String, Value> = fields.into_iter().collect();
        object.insert("v".into(), Value::from(1));
        object.insert("t".into(), Value::from(t));
        let frame = Value::Object(object).to_string();
        assert_client_frame_handled(&frame);
        assert_server_frame_handled(&frame);
    }

    #[test]
    fn mutated_client_messages_are_handled(message in any_client_message(), mutation in any_mutation()) {
        let (frame, expected) = mutate(&message.encode(), &mutation);
        assert_client_frame_handled(&frame);
        assert_expected(&frame, expected, decode_client(&frame).map(drop));
    }

    #[test]
    fn mutated_server_messages_are_handled(message in any_server_message(), mutation in any_mutation()) {
        let (frame, expected) = mutate(&message.encode(), &mutation);
        assert_server_frame_handled(&frame);
        assert_expected(&frame, expected, decode_server(&frame).map(drop));
    }

    #[test]
    fn oversized_client_frames_are_too_large(extra in 1usize..10_000, filler in any::<char>()) {
        let mut frame = String::new();
        while frame.len() < MAX_FRAME_BYTES + extra {
            frame.push(filler);
        }
        prop_assert_eq!(
            decode_client(&frame),
            Err(ProtocolError::TooLarge { len: frame.len(), max: MAX_FRAME_BYTES })
        );
    }
}

#[test]
fn deeply_nested_frames_are_refused_without_overflowing_the_stack() {
    let depth = 3000;
    let frame = format!(
        r#"{{"v":1,"t":"sync","have":{}{}}}"#,
        "[".repeat(depth),
        "]".repeat(depth)
    );
    assert!(frame.len() < MAX_SERVER_FRAME_BYTES);
    assert_eq!(
        decode_server(&frame).unwrap_err().code(),
        ErrorCode::Malformed
    );
}
