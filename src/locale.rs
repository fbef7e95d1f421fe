//! The words on screen. Every text a player sees is a [`Phrase`]: a message of the Fluent files
//! (`assets/locales/`, through starhalma-locale) with its arguments. A text entity carries its
//! phrase as [`Say`]; [`draw_words`] formats it in the chosen language into the entity's `Text`,
//! again for every entity when the language changes, so no screen has to rebuild itself. The
//! language also picks the font that has its script.

use crate::frame::Frame;
use bevy::prelude::*;
pub use starhalma_locale::Language;
use starhalma_locale::id;
use starhalma_locale::{Arg, Texts};
use starhalma_rules::{Colour, IllegalMove, ResignError, RuleSet, Variant};
use std::sync::OnceLock;

/// A text to show, in no language yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phrase {
    /// The message `id` with its named arguments.
    Message(&'static str, Vec<(&'static str, Phrase)>),
    /// A number (a message argument: it picks plural forms).
    Number(i64),
    /// Text that is the same in every language: labels (`R10 S1`), notation, links, paths.
    Verbatim(String),
    /// Phrases one after another with `glue` between them.
    Joined(Vec<Phrase>, Glue),
    /// A seat named in a line about it (whose turn, marbles home, a move): its colour's name,
    /// after its symbol while [`SeatSymbols`] are shown ("● Red").
    Seat(Colour),
}

/// What stands between joined phrases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glue {
    /// The language's list separator (", ", "、").
    List,
    /// Literal text, the same in every language (spaces, a line break).
    Literal(&'static str),
}

impl Phrase {
    /// The message `id` without arguments.
    pub fn msg(id: &'static str) -> Phrase {
        Phrase::Message(id, Vec::new())
    }

    /// This message with one more argument.
    pub fn with(mut self, name: &'static str, value: impl Into<Phrase>) -> Phrase {
        if let Phrase::Message(_, args) = &mut self {
            args.push((name, value.into()));
        }
        self
    }

    /// No text.
    pub fn empty() -> Phrase {
        Phrase::Verbatim(String::new())
    }

    pub fn is_empty(&self) -> bool {
        matches!(self, Phrase::Verbatim(text) if text.is_empty())
    }

    /// The phrase in English (logs, and tests that read what an English player reads).
    pub fn in_english(&self) -> String {
        static ENGLISH: OnceLock<Texts> = OnceLock::new();
        let look = SeatLook {
            symbols: false,
            names: &SeatNames::default(),
        };
        say(
            ENGLISH.get_or_init(|| Texts::new(Language::English)),
            self,
            look,
        )
    }
}

/// In English: for logs.
impl std::fmt::Display for Phrase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.in_english())
    }
}

impl Default for Phrase {
    fn default() -> Phrase {
        Phrase::empty()
    }
}

impl From<i64> for Phrase {
    fn from(n: i64) -> Phrase {
        Phrase::Number(n)
    }
}

impl From<u32> for Phrase {
    fn from(n: u32) -> Phrase {
        Phrase::Number(n.into())
    }
}

impl From<usize> for Phrase {
    fn from(n: usize) -> Phrase {
        Phrase::Number(n as i64)
    }
}

impl From<u8> for Phrase {
    fn from(n: u8) -> Phrase {
        Phrase::Number(n.into())
    }
}

/// A seat by its colour (with its symbol while symbols are shown).
impl From<Colour> for Phrase {
    fn from(colour: Colour) -> Phrase {
        Phrase::Seat(colour)
    }
}

/// How seats are named: with their symbols or not, and by who plays them where known.
#[derive(Clone, Copy)]
struct SeatLook<'a> {
    symbols: bool,
    names: &'a SeatNames,
}

/// `phrase` formatted with `texts`, seats as `look` says.
fn say(texts: &Texts, phrase: &Phrase, look: SeatLook) -> String {
    match phrase {
        Phrase::Message(id, args) => {
            let formatted: Vec<(&str, Arg)> = args
                .iter()
                .map(|(name, value)| {
                    let arg = match value {
                        Phrase::Number(n) => Arg::from(*n),
                        other => Arg::from(say(texts, other, look)),
                    };
                    (*name, arg)
                })
                .collect();
            texts.get_args(id, &formatted)
        }
        Phrase::Number(n) => n.to_string(),
        Phrase::Verbatim(text) => text.clone(),
        Phrase::Joined(parts, glue) => {
            let parts = parts.iter().map(|p| say(texts, p, look));
            match glue {
                Glue::List => texts.join_list(parts),
                Glue::Literal(glue) => parts.collect::<Vec<_>>().join(glue),
            }
        }
        Phrase::Seat(colour) => {
            let plain = SeatLook {
                symbols: false,
                names: look.names,
            };
            let named = match look.names.of(*colour) {
                Some(named) => say(texts, named, plain),
                None => say(texts, &colour_name(*colour), plain),
            };
            if look.symbols {
                texts.get_args(
                    id::SEAT_TAG,
                    &[
                        ("symbol", texts.get(Symbol::of(*colour).message_id()).into()),
                        ("colour", named.into()),
                    ],
                )
            } else {
                named
            }
        }
    }
}

/// Who plays each colour, where the game knows more than the colour: online, "Asha (Red)" for
/// a person with a name and "Red (computer, Medium)" for the computer. Every line that names a
/// seat ([`Phrase::Seat`]) names it so. Empty offline. The connection keeps it.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatNames(pub Vec<(Colour, Phrase)>);

impl SeatNames {
    /// How `colour`'s seat is named, if not by its colour alone.
    pub fn of(&self, colour: Colour) -> Option<&Phrase> {
        self.0.iter().find(|(c, _)| *c == colour).map(|(_, p)| p)
    }
}

/// The language the player reads, and its words.
#[derive(Resource, Debug, Default)]
pub struct Words(Texts);

impl Words {
    pub fn new(language: Language) -> Words {
        Words(Texts::new(language))
    }

    pub fn language(&self) -> Language {
        self.0.language()
    }

    /// `phrase` in this language, seats with their symbols when `symbols` and by `names`.
    pub fn say(&self, phrase: &Phrase, symbols: SeatSymbols, names: &SeatNames) -> String {
        let look = SeatLook {
            symbols: symbols.shown,
            names,
        };
        say(&self.0, phrase, look)
    }
}

/// Each seat's own symbol: a cue that needs no colour vision, on its marbles and beside its
/// colour's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    Dot,
    Triangle,
    Square,
    Diamond,
    Star,
    Ring,
}

impl Symbol {
    pub fn of(colour: Colour) -> Symbol {
        match colour {
            Colour::Red => Symbol::Dot,
            Colour::Purple => Symbol::Triangle,
            Colour::Yellow => Symbol::Square,
            Colour::Blue => Symbol::Diamond,
            Colour::Green => Symbol::Star,
            Colour::Orange => Symbol::Ring,
        }
    }

    /// The message holding its glyph (●, ▲, ■, ◆, ★, ○).
    pub fn message_id(self) -> &'static str {
        match self {
            Symbol::Dot => id::SYMBOL_DOT,
            Symbol::Triangle => id::SYMBOL_TRIANGLE,
            Symbol::Square => id::SYMBOL_SQUARE,
            Symbol::Diamond => id::SYMBOL_DIAMOND,
            Symbol::Star => id::SYMBOL_STAR,
            Symbol::Ring => id::SYMBOL_RING,
        }
    }
}

/// Whether the seats' symbols are shown (on the marbles and beside the colours' names); a
/// setting for players who do not want them.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatSymbols {
    pub shown: bool,
}

impl Default for SeatSymbols {
    fn default() -> Self {
        SeatSymbols { shown: true }
    }
}

/// The language of this system or browser, when the game speaks it: the language on first
/// start (the platform sets it; without it, English).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SystemLanguage(pub Language);

impl SystemLanguage {
    /// The desktop's preferred languages: `LANGUAGE` (a colon-separated list), `LC_ALL`,
    /// `LC_MESSAGES`, `LANG`, as gettext reads them.
    pub fn from_environment() -> SystemLanguage {
        let mut requested = Vec::new();
        if let Ok(list) = std::env::var("LANGUAGE") {
            requested.extend(list.split(':').map(str::to_string));
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Ok(value) = std::env::var(name) {
                requested.push(value);
            }
        }
        let requested: Vec<&str> = requested.iter().map(String::as_str).collect();
        SystemLanguage(Language::negotiate(&requested))
    }
}

/// The text of a text entity, formatted into its `Text` by [`draw_words`].
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Say(pub Phrase);

/// Set `say` to `phrase` only when it differs, so an unchanged line is not drawn again.
pub(crate) fn set_say(say: &mut Mut<Say>, phrase: Phrase) {
    if say.0 != phrase {
        say.0 = phrase;
    }
}

/// The fonts that draw each language's script (all three also have Latin letters and digits):
/// subsets of Noto Sans, Noto Sans CJK JP and Noto Sans Devanagari (`scripts/fonts.sh`).
#[derive(Resource, Clone, Debug)]
pub(crate) struct UiFonts {
    latin: Handle<Font>,
    japanese: Handle<Font>,
    devanagari: Handle<Font>,
}

impl UiFonts {
    pub(crate) fn for_language(&self, language: Language) -> Handle<Font> {
        match language {
            Language::English => self.latin.clone(),
            Language::Japanese => self.japanese.clone(),
            Language::Nepali => self.devanagari.clone(),
        }
    }
}

fn load_fonts(mut commands: Commands, fonts: Option<ResMut<Assets<Font>>>) {
    // Headless apps have no text rendering, and no font assets.
    let Some(mut fonts) = fonts else { return };
    let mut add = |bytes: &[u8]| fonts.add(Font::from_bytes(bytes.to_vec()));
    commands.insert_resource(UiFonts {
        latin: add(include_bytes!("../assets/fonts/NotoSans-subset.ttf")),
        japanese: add(include_bytes!("../assets/fonts/NotoSansJP-subset.otf")),
        devanagari: add(include_bytes!(
            "../assets/fonts/NotoSansDevanagari-subset.ttf"
        )),
    });
}

/// Each script falls back to the font that has it, so a line in one language can carry a
/// name in another ("さくら (Blue)" in English, "आशा (赤)" in Japanese): the fonts' family
/// names, and the scripts each is the fallback for (ISO 15924).
const JAPANESE_SCRIPTS: &[[u8; 4]] = &[*b"Hira", *b"Kana", *b"Hani", *b"Jpan"]; // for developers
const FALLBACKS: [(&str, &[[u8; 4]]); 3] = [
    ("Noto Sans", &[*b"Latn", *b"Zyyy"]),   // for developers
    ("Noto Sans CJK JP", JAPANESE_SCRIPTS), // for developers
    ("Noto Sans Devanagari", &[*b"Deva"]),  // for developers
];

/// Register [`FALLBACKS`] once Bevy has put the fonts in its collection (a frame or two after
/// they are added).
fn set_font_fallbacks(mut font_cx: ResMut<bevy::text::FontCx>, mut done: Local<bool>) {
    use parley::fontique::{FallbackKey, Script};
    if *done {
        return;
    }
    let collection = &mut font_cx.collection;
    let families: Vec<_> = FALLBACKS
        .iter()
        .map(|(name, _)| collection.family_id(name))
        .collect();
    if families.iter().any(Option::is_none) {
        return;
    }
    for ((_, scripts), family) in FALLBACKS.iter().zip(families.into_iter().flatten()) {
        for script in *scripts {
            let key = FallbackKey::new(Script::from_bytes(*script), None);
            collection.append_fallbacks(key, std::iter::once(family));
        }
    }
    *done = true;
}

/// The language on first start: the system's, when the platform set it.
fn start_in_system_language(system: Option<Res<SystemLanguage>>, mut words: ResMut<Words>) {
    if let Some(system) = system
        && system.0 != words.language()
    {
        *words = Words::new(system.0);
    }
}

/// Formats every changed [`Say`] into its `Text`, and every one when the language, the symbols
/// setting or the seats' names changed.
fn draw_words(
    words: Res<Words>,
    symbols: Res<SeatSymbols>,
    names: Res<SeatNames>,
    mut texts: Query<(Ref<Say>, &mut Text)>,
) {
    let all = words.is_changed() || symbols.is_changed() || names.is_changed();
    for (say, mut text) in &mut texts {
        if all || say.is_changed() {
            let line = words.say(&say.0, *symbols, &names);
            if text.0 != line {
                text.0 = line;
            }
        }
    }
}

/// New text gets the language's font; all text does when the language changes.
fn apply_font(words: Res<Words>, fonts: Option<Res<UiFonts>>, mut texts: Query<&mut TextFont>) {
    let Some(fonts) = fonts else { return };
    let wanted = bevy::text::FontSource::Handle(fonts.for_language(words.language()));
    let all = words.is_changed() || fonts.is_changed();
    for mut font in &mut texts {
        if (all || font.is_added()) && font.font != wanted {
            font.font = wanted.clone();
        }
    }
}

/// A colour's name: "Red", "赤".
pub(crate) fn colour_name(colour: Colour) -> Phrase {
    Phrase::msg(starhalma_guide::colour_message(colour))
}

impl Phrase {
    /// A line of starhalma-guide's words, its seats named as every line naming a seat is
    /// ([`Phrase::Seat`]: by colour, or by who plays it online).
    pub fn from_line(line: &starhalma_guide::Line, variant: Variant) -> Phrase {
        use starhalma_guide::Word;
        let word = |word: &Word| match word {
            Word::Seat(seat) => Phrase::Seat(variant.colour(*seat)),
            Word::Number(n) => Phrase::Number(*n),
            Word::Seats(seats) => Phrase::Joined(
                seats
                    .iter()
                    .map(|&seat| Phrase::Seat(variant.colour(seat)))
                    .collect(),
                Glue::List,
            ),
            Word::Line(inner) => Phrase::from_line(inner, variant),
        };
        Phrase::Message(
            line.id,
            line.args.iter().map(|(name, w)| (*name, word(w))).collect(),
        )
    }
}

/// A rating family's name: its rule set's, masters without the way a blocked target goes.
pub(crate) fn family_name(family: starhalma_protocol::Family) -> Phrase {
    use starhalma_protocol::Family;
    match family {
        Family::Laws => rules_name(RuleSet::Laws),
        Family::Table => rules_name(RuleSet::Table { long_hops: false }),
        Family::TableLongHops => rules_name(RuleSet::Table { long_hops: true }),
        Family::Masters => Phrase::msg(id::RULES_MASTERS),
        Family::Diamond => rules_name(RuleSet::Diamond),
    }
}

/// The time now, in ms since 1970 (the browser's clock on the web).
pub(crate) fn wall_clock_ms() -> i64 {
    #[cfg(target_arch = "wasm32")]
    return js_sys::Date::now() as i64;
    #[cfg(not(target_arch = "wasm32"))]
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A day as every language here writes it in a list: `2026-12-05` (UTC, from ms since 1970).
pub(crate) fn date_words(ms: i64) -> Phrase {
    // Days to a civil date (the proleptic Gregorian calendar's 400-year cycles).
    let days = ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    Phrase::Verbatim(format!("{year:04}-{month:02}-{day:02}"))
}

/// A rule set's name on buttons and headings.
pub(crate) fn rules_name(rules: RuleSet) -> Phrase {
    use starhalma_rules::Blocked;
    Phrase::msg(match rules {
        RuleSet::Laws => id::RULES_LAWS,
        RuleSet::Table { long_hops: false } => id::RULES_TABLE,
        RuleSet::Table { long_hops: true } => id::RULES_TABLE_LONG_HOPS,
        RuleSet::Masters {
            blocked: Blocked::Swap,
        } => id::RULES_MASTERS_SWAP,
        RuleSet::Masters {
            blocked: Blocked::Fill,
        } => id::RULES_MASTERS_FILL,
        RuleSet::Diamond => id::RULES_DIAMOND,
    })
}

/// A variant's name: "Table, 3 players".
pub(crate) fn variant_name(variant: Variant) -> Phrase {
    Phrase::Joined(
        vec![
            rules_name(variant.rules()),
            Phrase::msg(id::MENU_PLAYERS).with("count", variant.players()),
        ],
        Glue::List,
    )
}

/// The rules engine's reason a move is illegal, in words (hole coordinates stay notation).
pub(crate) fn illegal(reason: &IllegalMove) -> Phrase {
    let hole = |id, hole: &String| Phrase::msg(id).with("hole", Phrase::Verbatim(hole.clone()));
    let from_to = |id, from: &String, to: &String| {
        Phrase::msg(id)
            .with("from", Phrase::Verbatim(from.clone()))
            .with("to", Phrase::Verbatim(to.clone()))
    };
    match reason {
        IllegalMove::GameOver => Phrase::msg(id::ILLEGAL_GAME_OVER),
        IllegalMove::EmptyOrigin(h) => hole(id::ILLEGAL_EMPTY_ORIGIN, h),
        IllegalMove::NotYourPiece { hole: h } => hole(id::ILLEGAL_NOT_YOUR_PIECE, h),
        IllegalMove::DestinationOccupied(h) => hole(id::ILLEGAL_OCCUPIED, h),
        IllegalMove::NotAdjacent { from, to } => from_to(id::ILLEGAL_NOT_ADJACENT, from, to),
        IllegalMove::NotReachable { from, to } => from_to(id::ILLEGAL_NOT_REACHABLE, from, to),
        IllegalMove::NoMovement => Phrase::msg(id::ILLEGAL_NO_MOVEMENT),
        IllegalMove::MustStayInTarget => Phrase::msg(id::ILLEGAL_MUST_STAY_IN_TARGET),
        IllegalMove::CannotStopThere(h) => hole(id::ILLEGAL_CANNOT_STOP_THERE, h),
        IllegalMove::MakesAnotherWin => Phrase::msg(id::ILLEGAL_MAKES_ANOTHER_WIN),
        IllegalMove::CannotPass => Phrase::msg(id::ILLEGAL_CANNOT_PASS),
        IllegalMove::BadSwap => Phrase::msg(id::ILLEGAL_BAD_SWAP),
        IllegalMove::SwapNotPlayed => Phrase::msg(id::ILLEGAL_SWAP_NOT_PLAYED),
    }
}

/// Why a resignation is not possible.
pub(crate) fn resign_error(error: &ResignError) -> Phrase {
    match error {
        ResignError::GameOver => Phrase::msg(id::REASON_GAME_ALREADY_OVER),
        ResignError::NoSuchSeat(seat) => Phrase::msg(id::REASON_NO_SEAT).with("seat", *seat),
    }
}

pub(crate) struct LocalePlugin;

impl Plugin for LocalePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Words>()
            .init_resource::<SeatSymbols>()
            .init_resource::<SeatNames>()
            // Before the saved settings are read (Startup), which win over it.
            .add_systems(PreStartup, start_in_system_language)
            .add_systems(Startup, load_fonts)
            .add_systems(
                Update,
                set_font_fallbacks.run_if(resource_exists::<bevy::text::FontCx>),
            )
            // Both walk their entities only on a frame where something they follow changed.
            .add_systems(
                PostUpdate,
                (
                    draw_words.run_if(
                        resource_changed::<Words>
                            .or_eager(resource_changed::<SeatSymbols>)
                            .or_eager(resource_changed::<SeatNames>)
                            .or_eager(any_match_filter::<Changed<Say>>),
                    ),
                    apply_font.run_if(
                        resource_changed::<Words>
                            .or_eager(resource_exists_and_changed::<UiFonts>)
                            .or_eager(any_match_filter::<Added<TextFont>>),
                    ),
                )
                    .in_set(Frame::Words),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_calendar_days_of_their_times() {
        for (ms, day) in [
            (0, "1970-01-01"),
            (1_796_515_199_000, "2026-12-05"),
            (951_868_799_000, "2000-02-29"),
            (-1_000, "1969-12-31"),
        ] {
            assert_eq!(date_words(ms), Phrase::Verbatim(day.into()), "{ms}");
        }
    }
}
