//! starhalma-locale: every word a player sees, in English, Japanese and Nepali.
//!
//! The words live in Project Fluent files, `assets/locales/{en,ja,ne}/starhalma.ftl` at the
//! repository root, embedded in the binary with `include_str!` (no file system, so the crate
//! builds for `wasm32-unknown-unknown` as it is). [`Texts`] holds the bundle of one
//! [`Language`] with the English one behind it: a message missing from a translation falls
//! back to English, and an id missing everywhere comes back as the id itself. Nothing here
//! panics on a missing id or argument.
//!
//! ```
//! use starhalma_locale::{Language, Texts};
//! let en = Texts::new(Language::English);
//! assert_eq!(en.get("button-undo"), "Undo move");
//! assert_eq!(en.get_args("move-jumps", &[("jumps", 2.into())]), "2 jumps");
//! assert_eq!(en.get_args("move-jumps", &[("jumps", 1.into())]), "1 jump");
//! let ja = Texts::new(Language::Japanese);
//! assert_eq!(ja.get_args("hud-to-move", &[("colour", ja.get("colour-red").into())]), "赤の番");
//! assert_eq!(Language::negotiate(&["ne-NP", "en-US"]), Language::Nepali);
//! ```
//!
//! Fluent's Unicode isolation marks (U+2068, U+2069 around each argument) are turned off: the
//! game's text renderer would draw them. Row/space labels (`R10 S1`), move notation and hole
//! coordinates are passed in as arguments and stay the same in every language.
//!
//! Adding a string: give it the same id in all three `.ftl` files (the tests fail otherwise),
//! run `scripts/message-ids.py` to give it its constant in [`id`] (the client names messages
//! only through those), then `scripts/fonts.sh` if it brings characters the subset fonts do not
//! have yet ([`all_characters`] lists the ones the fonts must cover).

pub mod id;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::fmt;
use unic_langid::LanguageIdentifier;

/// A language the game speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    #[default]
    English,
    Japanese,
    Nepali,
}

impl Language {
    /// Every language, in the order the menu offers them.
    pub const ALL: [Language; 3] = [Language::English, Language::Japanese, Language::Nepali];

    /// The BCP-47 language code: `en`, `ja`, `ne`. Also the name in settings files.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Japanese => "ja",
            Language::Nepali => "ne",
        }
    }

    /// The language's name in itself, for the menu's language button.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Japanese => "日本語",
            Language::Nepali => "नेपाली",
        }
    }

    /// The language of a tag, by its language subtag only: `ja`, `ja-JP`, `ne_NP.UTF-8` (a
    /// POSIX locale, as in `LANG`) and `EN` all name one. `None` for any other language and for
    /// what is not a tag.
    pub fn from_tag(tag: &str) -> Option<Language> {
        // POSIX locales: `ja_JP.UTF-8`, `ne_NP@latin`.
        let tag = tag.split(['.', '@']).next().unwrap_or("").replace('_', "-");
        let id: LanguageIdentifier = tag.trim().parse().ok()?;
        let language = id.language.as_str();
        Language::ALL.into_iter().find(|l| l.code() == language)
    }

    /// The first of `requested` (the system's or the browser's preferred languages, best
    /// first) that the game speaks; English when none is.
    pub fn negotiate(requested: &[&str]) -> Language {
        requested
            .iter()
            .find_map(|tag| Language::from_tag(tag))
            .unwrap_or_default()
    }

    /// The language identifier Fluent uses (for plural rules).
    pub fn identifier(self) -> LanguageIdentifier {
        self.code()
            .parse()
            .expect("the codes are valid language tags")
    }

    /// The embedded `.ftl` source of this language.
    pub fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("../../../assets/locales/en/starhalma.ftl"),
            Language::Japanese => include_str!("../../../assets/locales/ja/starhalma.ftl"),
            Language::Nepali => include_str!("../../../assets/locales/ne/starhalma.ftl"),
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.native_name())
    }
}

/// Settings keep a language as its code, `"ja"`.
impl serde::Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

/// A code or tag the game speaks (`"ja"`, `"ja-JP"`); anything else is an error, so a
/// settings file can fall back to the system's language.
impl<'de> serde::Deserialize<'de> for Language {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let tag = <Cow<'de, str>>::deserialize(deserializer)?;
        Language::from_tag(&tag).ok_or_else(|| {
            serde::de::Error::custom(format!("'{tag}' is not a language the game speaks"))
        })
    }
}

/// One argument of a message: text (a colour's name, a label, another message already
/// formatted) or a number (which also picks plural forms). `From` conversions make a call
/// read `("jumps", 2.into())` or `("colour", name.into())`.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    Text(Cow<'a, str>),
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl From<String> for Arg<'_> {
    fn from(text: String) -> Self {
        Arg::Text(Cow::Owned(text))
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {
        $(impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        })*
    };
}
number_args!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64);

impl<'a> From<Arg<'a>> for FluentValue<'a> {
    fn from(arg: Arg<'a>) -> Self {
        match arg {
            Arg::Text(text) => FluentValue::String(text),
            Arg::Number(n) => FluentValue::from(n),
        }
    }
}

type Bundle = FluentBundle<FluentResource>;

fn bundle(language: Language) -> Bundle {
    // The embedded files are checked by the tests; should one still hold an error, the
    // messages around it are kept.
    let resource = FluentResource::try_new(language.source().to_string())
        .unwrap_or_else(|(partial, _errors)| partial);
    let mut bundle = Bundle::new_concurrent(vec![language.identifier()]);
    bundle.set_use_isolating(false);
    // A repeated id keeps its first message.
    let _ = bundle.add_resource(resource);
    bundle
}

/// The words of one language, with English behind it. `Send + Sync`, so it can be a Bevy
/// resource.
pub struct Texts {
    language: Language,
    bundle: Bundle,
    /// English, for ids a translation lacks (`None` when the language is English).
    fallback: Option<Bundle>,
}

impl fmt::Debug for Texts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Texts")
            .field("language", &self.language)
            .finish_non_exhaustive()
    }
}

impl Default for Texts {
    fn default() -> Self {
        Texts::new(Language::English)
    }
}

impl Texts {
    pub fn new(language: Language) -> Texts {
        Texts {
            language,
            bundle: bundle(language),
            fallback: (language != Language::English).then(|| bundle(Language::English)),
        }
    }

    pub fn language(&self) -> Language {
        self.language
    }

    /// Whether this language (not counting the English fallback) has a message `id`.
    pub fn has(&self, id: &str) -> bool {
        has_value(&self.bundle, id)
    }

    /// The message `id` without arguments.
    pub fn get(&self, id: &str) -> String {
        self.get_args(id, &[])
    }

    /// The message `id` with its arguments. A message this language lacks comes in English,
    /// one that no language has comes back as `id`; a missing argument shows as `{$name}`.
    pub fn get_args(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let fluent_args = (!args.is_empty()).then(|| {
            let mut fluent_args = FluentArgs::with_capacity(args.len());
            for (name, value) in args {
                fluent_args.set(*name, FluentValue::from(value.clone()));
            }
            fluent_args
        });
        [Some(&self.bundle), self.fallback.as_ref()]
            .into_iter()
            .flatten()
            .find_map(|bundle| format(bundle, id, fluent_args.as_ref()))
            .unwrap_or_else(|| id.to_string())
    }
}

impl Texts {
    /// `items` joined with this language's `list-separator` (", " in English, "、" in
    /// Japanese): a ranking, the colours sharing first place.
    pub fn join_list<I, S>(&self, items: I) -> String
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let separator = self.get("list-separator");
        let mut out = String::new();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                out.push_str(&separator);
            }
            out.push_str(item.as_ref());
        }
        out
    }

    /// Two sentences, the second after the first, as this language writes them
    /// (`sentence-pair`: with a space in English and Nepali, without in Japanese).
    pub fn sentence_pair(&self, first: &str, second: &str) -> String {
        self.get_args(
            "sentence-pair",
            &[("first", first.into()), ("second", second.into())],
        )
    }
}

fn has_value(bundle: &Bundle, id: &str) -> bool {
    bundle.get_message(id).is_some_and(|m| m.value().is_some())
}

/// The message `id` of `bundle`, formatted; `None` when the bundle has no such message.
fn format(bundle: &Bundle, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned(),
    )
}

/// The message ids of `language`, in file order.
pub fn message_ids(language: Language) -> Vec<&'static str> {
    entries(language)
        .filter_map(|entry| match entry {
            ast::Entry::Message(m) => Some(m.id.name),
            _ => None,
        })
        .collect()
}

fn entries(language: Language) -> impl Iterator<Item = ast::Entry<&'static str>> {
    let resource = match fluent_syntax::parser::parse(language.source()) {
        Ok(resource) => resource,
        Err((partial, _errors)) => partial,
    };
    resource.body.into_iter()
}

/// Every character the messages of all three languages can show (their text, not their ids,
/// variables or comments), for the font subsetter (`scripts/fonts.sh`, through
/// `cargo run -p starhalma-locale --example characters`).
pub fn all_characters() -> BTreeSet<char> {
    let mut chars = BTreeSet::new();
    for language in Language::ALL {
        chars.extend(language.native_name().chars());
        for entry in entries(language) {
            if let ast::Entry::Message(message) = entry {
                let patterns = message
                    .value
                    .iter()
                    .chain(message.attributes.iter().map(|a| &a.value));
                for pattern in patterns {
                    pattern_characters(pattern, &mut chars);
                }
            }
        }
    }
    chars.retain(|c| !c.is_control() || *c == '\n');
    chars.remove(&'\n');
    chars
}

fn pattern_characters(pattern: &ast::Pattern<&str>, chars: &mut BTreeSet<char>) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => chars.extend(value.chars()),
            ast::PatternElement::Placeable { expression } => {
                expression_characters(expression, chars)
            }
        }
    }
}

fn expression_characters(expression: &ast::Expression<&str>, chars: &mut BTreeSet<char>) {
    match expression {
        ast::Expression::Select { variants, .. } => {
            for variant in variants {
                pattern_characters(&variant.value, chars);
            }
        }
        ast::Expression::Inline(inline) => inline_characters(inline, chars),
    }
}

fn inline_characters(inline: &ast::InlineExpression<&str>, chars: &mut BTreeSet<char>) {
    match inline {
        ast::InlineExpression::StringLiteral { value } => {
            // Escapes (\u0020, \") stand for one character each: the unescaped text.
            chars.extend(fluent_syntax::unicode::unescape_unicode_to_string(value).chars())
        }
        ast::InlineExpression::NumberLiteral { value } => chars.extend(value.chars()),
        ast::InlineExpression::Placeable { expression } => expression_characters(expression, chars),
        _ => {}
    }
}

/// The variables (`$name`) message `id` of `language` uses, anywhere in it.
pub fn variables(language: Language, id: &str) -> BTreeSet<&'static str> {
    let mut names = BTreeSet::new();
    for entry in entries(language) {
        if let ast::Entry::Message(message) = entry
            && message.id.name == id
        {
            if let Some(pattern) = &message.value {
                pattern_variables(pattern, &mut names);
            }
            for attribute in &message.attributes {
                pattern_variables(&attribute.value, &mut names);
            }
        }
    }
    names
}

fn pattern_variables(pattern: &ast::Pattern<&'static str>, names: &mut BTreeSet<&'static str>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, names);
        }
    }
}

fn expression_variables(
    expression: &ast::Expression<&'static str>,
    names: &mut BTreeSet<&'static str>,
) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, names);
            for variant in variants {
                pattern_variables(&variant.value, names);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, names),
    }
}

fn inline_variables(
    inline: &ast::InlineExpression<&'static str>,
    names: &mut BTreeSet<&'static str>,
) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            names.insert(id.name);
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, names);
            }
            for argument in &arguments.named {
                inline_variables(&argument.value, names);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, names),
        _ => {}
    }
}
