//! Players' display names: checked once, where they enter (the server refuses a bad one with
//! `bad_name`; a client checks its own before sending), so every name a room shows is one a
//! person can read and no name can reorder or hide the text around it.

use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Why a name was refused, as a sentence for the person who typed it.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum NameError {
    #[error("a name needs at least one character besides spaces")]
    Empty,
    #[error("a name has at most {max} characters; this one has {0}", max = PlayerName::MAX_CHARS)]
    TooLong(usize),
    /// Control characters (line breaks, tabs), format characters (bidi overrides, zero-width
    /// spaces; joiners outside the scripts that need them) and private-use characters.
    #[error("a name cannot hold the invisible or control character U+{0:04X}")]
    Invisible(u32),
}

/// A display name: NFC-normalised, trimmed of spaces, 1 to [`PlayerName::MAX_CHARS`] characters (Unicode
/// scalar values, so a Devanagari vowel sign counts as one), none of them control, format or
/// private-use characters, except a zero-width joiner or non-joiner right after a letter of a
/// Brahmic script (Devanagari to Sinhala), where they choose a conjunct's shape. Names are not
/// unique: a room tells players apart by colour.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PlayerName(String);

impl PlayerName {
    pub const MAX_CHARS: usize = 20;

    /// Check and normalise `raw` as a person typed it.
    pub fn new(raw: &str) -> Result<PlayerName, NameError> {
        // Only spaces are trimmed: a line break or tab at either end is a control character
        // like any other, refused with its reason (docs/ONLINE.md says control characters are
        // refused; trimming them was a second, unwritten rule).
        let normalised = icu_normalizer::ComposingNormalizerBorrowed::new_nfc()
            .normalize(raw.trim_matches(is_space))
            .into_owned();
        // NFC can expose spaces at the ends no more than it can hide them, but trim again so
        // the rule holds for whatever the normaliser does.
        let name = normalised.trim_matches(is_space);
        let mut previous = None;
        let mut count = 0;
        for c in name.chars() {
            if is_invisible(c) && !(is_joiner(c) && previous.is_some_and(is_brahmic)) {
                return Err(NameError::Invisible(u32::from(c)));
            }
            previous = Some(c);
            count += 1;
        }
        match count {
            0 => Err(NameError::Empty),
            n if n > PlayerName::MAX_CHARS => Err(NameError::TooLong(n)),
            _ => Ok(PlayerName(name.to_string())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// White space that is not a control character: the space, the no-break space, the ideographic
/// space and the like.
fn is_space(c: char) -> bool {
    c.is_whitespace() && !c.is_control()
}

/// Zero-width non-joiner and joiner.
fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}')
}

/// The Indic scripts whose conjuncts a joiner shapes (U+0900–U+0DFF).
fn is_brahmic(c: char) -> bool {
    ('\u{0900}'..='\u{0DFF}').contains(&c)
}

/// General categories Cc, Cf, Co, Zl and Zp. Cf is listed by range (Unicode 16), so no table
/// crate is needed for a check that runs once per name.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            u32::from(c),
            0xAD | 0x600..=0x605
                | 0x61C
                | 0x6DD
                | 0x70F
                | 0x890..=0x891
                | 0x8E2
                | 0x180E
                | 0x200B..=0x200F
                | 0x2028..=0x202E
                | 0x2060..=0x2064
                | 0x2066..=0x206F
                | 0xFEFF
                | 0xFFF9..=0xFFFB
                | 0x110BD
                | 0x110CD
                | 0x13430..=0x1343F
                | 0x1BCA0..=0x1BCA3
                | 0x1D173..=0x1D17A
                | 0xE0001
                | 0xE0020..=0xE007F
                | 0xE000..=0xF8FF
                | 0xF0000..=0x10FFFF
        )
}

impl TryFrom<String> for PlayerName {
    type Error = NameError;
    fn try_from(raw: String) -> Result<PlayerName, NameError> {
        PlayerName::new(&raw)
    }
}

impl From<PlayerName> for String {
    fn from(name: PlayerName) -> String {
        name.0
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_the_game_s_three_languages_are_kept_as_typed() {
        for name in ["Asha", "आशा थापा", "さくら", "山田　太郎", "Zoë", "क्‍ष"]
        {
            assert_eq!(PlayerName::new(name).unwrap().as_str(), name);
        }
    }

    #[test]
    fn names_are_trimmed_and_normalised_to_nfc() {
        // "e" + combining acute becomes the one character é.
        assert_eq!(
            PlayerName::new("  Rene\u{301}\u{3000}").unwrap().as_str(),
            "René"
        );
        assert_eq!(
            PlayerName::new("René"),
            PlayerName::new("Rene\u{301}"),
            "one name, one spelling"
        );
    }

    #[test]
    fn empty_long_and_invisible_names_are_refused_with_the_reason() {
        assert_eq!(PlayerName::new(" \u{a0} "), Err(NameError::Empty));
        assert_eq!(PlayerName::new(&"a".repeat(20)).map(|n| n.0.len()), Ok(20));
        assert_eq!(
            PlayerName::new(&"a".repeat(21)),
            Err(NameError::TooLong(21))
        );
        // Devanagari counts scalar values: 21 of them is too long as well.
        assert_eq!(
            PlayerName::new(&"आ".repeat(21)),
            Err(NameError::TooLong(21))
        );
        for (name, bad) in [
            ("Asha\u{202E}evil", 0x202E),
            ("two\nlines", 0x0A),
            // At either end too: a control character is refused, never trimmed.
            ("Asha\n", 0x0A),
            ("\tAsha", 0x09),
            ("zero\u{200B}width", 0x200B),
            ("joined\u{200D}latin", 0x200D),
            ("\u{2066}isolate", 0x2066),
            ("private\u{E000}", 0xE000),
            ("line\u{2028}sep", 0x2028),
        ] {
            assert_eq!(
                PlayerName::new(name),
                Err(NameError::Invisible(bad)),
                "{name:?}"
            );
        }
        assert!(
            NameError::TooLong(21).to_string().contains("at most 20"),
            "the sentence names the limit"
        );
    }

    #[test]
    fn a_name_from_the_wire_is_checked_as_it_is_decoded() {
        let name: PlayerName = serde_json::from_str(r#"" Asha ""#).unwrap();
        assert_eq!(name.as_str(), "Asha");
        assert!(serde_json::from_str::<PlayerName>(r#""a\u202eb""#).is_err());
        assert_eq!(serde_json::to_string(&name).unwrap(), r#""Asha""#);
    }
}
