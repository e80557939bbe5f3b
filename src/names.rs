//! Display names that players choose and other players see (leaderboards, races), and the one
//! way text from another player is made safe to draw.
//!
//! A name is checked when it is stored, so nothing but letters, digits, `-`, `_` and `.` can
//! ever be in the store; and every text that came from a player is passed through
//! [`for_terminal`] when drawn, so even a row written by an older release, or by hand, cannot
//! move another player's cursor, rewrite their clipboard (OSC 52) or reorder their screen
//! (bidirectional overrides).
//!
//! Two names are the same name when their NFKC forms, case-folded, are equal ("Alice", "ALICE"
//! and "Ａｌｉｃｅ" in full-width letters are one name), so nobody can pass for another player
//! by a look-alike spelling of that kind.

use caseless::default_case_fold_str;
use thiserror::Error;
use unicode_normalization::UnicodeNormalization;

/// The fewest characters a name may have.
pub const MIN_LEN: usize = 3;
/// The most characters a name may have.
pub const MAX_LEN: usize = 20;

/// A display name that passed [`DisplayName::parse`]: stored and shown as `as_str`, compared
/// by `key`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisplayName {
    shown: String,
    key: String,
}

/// Why a name was refused, in words a player can act on.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NameError {
    #[error("a name has {MIN_LEN} to {MAX_LEN} characters; this one has {0}")]
    Length(usize),
    #[error(
        "a name holds only letters, digits, '-', '_' and '.'; character {position} is not one of them"
    )]
    Character { position: usize },
}

impl DisplayName {
    /// Checks a name a player typed. Its NFKC form is what is kept: a name typed in
    /// full-width letters is stored in ordinary ones.
    pub fn parse(typed: &str) -> Result<DisplayName, NameError> {
        let shown: String = typed.trim().nfkc().collect();
        let length = shown.chars().count();
        if let Some(position) = shown.chars().position(|c| !allowed(c)) {
            return Err(NameError::Character {
                position: position + 1,
            });
        }
        if !(MIN_LEN..=MAX_LEN).contains(&length) {
            return Err(NameError::Length(length));
        }
        let key = uniqueness_key(&shown);
        Ok(DisplayName { shown, key })
    }

    /// The name as it is stored and shown.
    pub fn as_str(&self) -> &str {
        &self.shown
    }

    /// What two names must differ in to be two names: NFKC, case-folded, NFKC again (Unicode's
    /// NFKC_Casefold, as identifiers are compared).
    pub fn key(&self) -> &str {
        &self.key
    }
}

/// Letters and digits of any script, and the three separators. Everything else — controls,
/// escapes, spaces, format characters such as bidirectional overrides and zero-width joiners,
/// symbols — is refused.
fn allowed(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '_' | '.')
}

/// The comparison key of an already normalized name.
pub fn uniqueness_key(name: &str) -> String {
    let folded = default_case_fold_str(&name.nfkc().collect::<String>());
    folded.nfkc().collect()
}

/// `text` as it may be drawn on another player's terminal: control characters (C0, DEL, C1 —
/// which start every escape sequence) and Unicode format characters (bidirectional overrides
/// and isolates, zero-width characters) are each replaced by U+FFFD, or by `?` when the
/// terminal is drawn in ASCII.
pub fn for_terminal(text: &str, ascii: bool) -> String {
    text.chars()
        .map(|c| {
            if is_unsafe(c) {
                if ascii {
                    '?'
                } else {
                    char::REPLACEMENT_CHARACTER
                }
            } else if ascii && !c.is_ascii() {
                '?'
            } else {
                c
            }
        })
        .collect()
}

/// Characters that change what a terminal does or how it orders text, rather than draw.
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}'               // soft hyphen
            | '\u{061C}'             // Arabic letter mark
            | '\u{180E}'             // Mongolian vowel separator
            | '\u{200B}'..='\u{200F}' // zero-width space, joiners, LRM, RLM
            | '\u{2028}'..='\u{202E}' // line/paragraph separators, embeddings, overrides
            | '\u{2060}'..='\u{206F}' // word joiner, invisible operators, isolates
            | '\u{FEFF}'             // zero-width no-break space
            | '\u{FFF9}'..='\u{FFFB}' // interlinear annotations
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_names_pass_and_keep_their_spelling() {
        for name in ["alice", "Bob_42", "j.doe", "Zoë-7", "日本語の名前"] {
            let parsed = DisplayName::parse(name).expect(name);
            assert_eq!(parsed.as_str(), name);
        }
    }

    #[test]
    fn length_is_counted_in_characters() {
        assert_eq!(DisplayName::parse("ab"), Err(NameError::Length(2)));
        assert!(DisplayName::parse("ééé").is_ok());
        assert!(DisplayName::parse(&"x".repeat(20)).is_ok());
        assert_eq!(
            DisplayName::parse(&"x".repeat(21)),
            Err(NameError::Length(21))
        );
    }

    #[test]
    fn case_and_width_variants_are_one_name() {
        let plain = DisplayName::parse("Alice").expect("plain");
        let upper = DisplayName::parse("ALICE").expect("upper");
        let wide = DisplayName::parse("Ａｌｉｃｅ").expect("full-width");
        assert_eq!(plain.key(), upper.key());
        assert_eq!(plain.key(), wide.key());
        assert_eq!(wide.as_str(), "Alice", "stored in its NFKC form");
        let german = DisplayName::parse("STRASSE").expect("ss");
        assert_eq!(
            german.key(),
            DisplayName::parse("straße").expect("sharp s").key()
        );
    }

    #[test]
    fn escapes_controls_and_bidi_overrides_are_refused() {
        let attacks = [
            "ab\u{1b}c",                   // ESC
            "x\u{1b}[2Jy",                 // CSI: clear the screen
            "a\u{1b}]52;c;ZXZpbA==\u{7}b", // OSC 52: write the clipboard
            "evil\u{9b}2J",                // C1 CSI
            "abc\u{202E}fed",              // right-to-left override
            "ab\u{2066}cd",                // left-to-right isolate
            "ab\u{200D}cd",                // zero-width joiner
            "tab\tname",
            "new\nline",
            "del\u{7f}x",
            "two words",
        ];
        for attack in attacks {
            assert!(
                matches!(DisplayName::parse(attack), Err(NameError::Character { .. })),
                "{attack:?} was accepted"
            );
        }
    }

    #[test]
    fn the_refused_character_is_named_by_position() {
        assert_eq!(
            DisplayName::parse("ab c"),
            Err(NameError::Character { position: 3 })
        );
    }

    #[test]
    fn drawn_text_carries_no_escape_or_override() {
        let hostile = "a\u{1b}[2J\u{1b}]52;c;ZXZpbA==\u{7}\u{9b}\u{202E}\u{2067}\u{200B}b";
        let drawn = for_terminal(hostile, false);
        assert!(!drawn.chars().any(is_unsafe), "{drawn:?}");
        assert!(drawn.starts_with('a') && drawn.ends_with('b'));
        let ascii = for_terminal("Zoë\u{1b}", true);
        assert_eq!(ascii, "Zo??");
    }
}
