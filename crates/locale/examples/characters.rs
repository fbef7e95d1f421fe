//! Prints every character the game's fonts must cover, as one line of UTF-8 (no newline inside
//! it): what the three `.ftl` files use, printable ASCII (digits, notation, file paths, links,
//! server messages) and common punctuation. `scripts/fonts.sh` subsets the fonts to it.
//!
//! `cargo run -p starhalma-locale --example characters > chars.txt`

fn main() {
    let mut chars = starhalma_locale::all_characters();
    chars.extend((' '..='~').filter(|c| !c.is_control()));
    chars.extend("…–—‘’“”•·×◎→←↑↓←・、。「」（）：！？".chars());
    let line: String = chars.into_iter().collect();
    println!("{line}");
}
