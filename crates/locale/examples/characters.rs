//! Prints every character the game's fonts must cover, as one line of UTF-8 (no newline inside
//! it): what the three `.ftl` files use, printable ASCII (digits, notation, file paths, links,
//! server messages), common punctuation, and the letters players' names are most likely made
//! of (accented Latin, kana, Devanagari). `scripts/fonts.sh` subsets the fonts to it.
//!
//! `cargo run -p starhalma-locale --example characters > chars.txt`

fn main() {
    let mut chars = starhalma_locale::all_characters();
    chars.extend((' '..='~').filter(|c| !c.is_control()));
    chars.extend("…–—‘’“”•·×◎→←↑↓←・、。「」（）：！？".chars());
    // Players' names online: accented Latin letters, every kana and the whole Devanagari block
    // (a kanji outside the game's own words still lacks a glyph).
    chars.extend(('\u{00C0}'..='\u{017F}').filter(|c| c.is_alphabetic()));
    chars.extend('\u{3041}'..='\u{30FF}');
    chars.extend('\u{0900}'..='\u{097F}');
    let line: String = chars.into_iter().collect();
    println!("{line}");
}
