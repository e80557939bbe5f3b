//! Room codes: five characters a player reads aloud or types, from an alphabet without the
//! look-alikes `0 O 1 I` (and without `L`, `U` and `V`, near enough to `1`, `V` and `U`
//! in many fonts).
//!
//! A code is checked when typed ([`RoomCode::parse`]), so only the alphabet's characters
//! can ever be in one, and what is drawn of a code is always a parsed one.

use std::fmt;

use thiserror::Error;

/// The characters of a code.
pub const ALPHABET: &str = "ABCDEFGHJKMNPQRSTWXYZ23456789";

/// How many characters a code has.
pub const CODE_LEN: usize = 5;

/// A room's code, always [`CODE_LEN`] characters of [`ALPHABET`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode(String);

/// Why typed text is not a room code, in words the player can act on.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CodeError {
    #[error("a room code has {CODE_LEN} characters; this one has {0}")]
    Length(usize),
    #[error(
        "a room code has only the letters and digits {ALPHABET}; character {position} is not one of them"
    )]
    Character { position: usize },
}

impl RoomCode {
    /// Reads a typed code: spaces around it are ignored and lower case is read as upper.
    pub fn parse(typed: &str) -> Result<RoomCode, CodeError> {
        let code: String = typed.trim().to_ascii_uppercase();
        if let Some(position) = code.chars().position(|c| !ALPHABET.contains(c)) {
            return Err(CodeError::Character {
                position: position + 1,
            });
        }
        let length = code.chars().count();
        if length != CODE_LEN {
            return Err(CodeError::Length(length));
        }
        Ok(RoomCode(code))
    }

    /// A code made from `random` (one draw per character).
    pub fn random(mut random: impl FnMut() -> u32) -> RoomCode {
        let letters: Vec<char> = ALPHABET.chars().collect();
        RoomCode(
            (0..CODE_LEN)
                .map(|_| letters[random() as usize % letters.len()])
                .collect(),
        )
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `c` can be typed into a code (after making it upper case).
    pub fn takes(c: char) -> bool {
        ALPHABET.contains(c.to_ascii_uppercase())
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_codes_are_read_in_any_case_and_checked() {
        assert_eq!(
            RoomCode::parse(" abc23 ").map(|c| c.to_string()),
            Ok("ABC23".into())
        );
        assert_eq!(RoomCode::parse("ABCD"), Err(CodeError::Length(4)));
        assert_eq!(RoomCode::parse("ABCDEF"), Err(CodeError::Length(6)));
        // The look-alikes are not in the alphabet, nor is anything a terminal would act on.
        assert_eq!(
            RoomCode::parse("AB0DE"),
            Err(CodeError::Character { position: 3 })
        );
        assert_eq!(
            RoomCode::parse("ABCD\u{1b}"),
            Err(CodeError::Character { position: 5 })
        );
        for c in ['0', 'O', '1', 'I'] {
            assert!(!RoomCode::takes(c), "{c}");
        }
    }

    #[test]
    fn random_codes_parse() {
        let mut n = 7u32;
        for _ in 0..100 {
            let code = RoomCode::random(|| {
                n = n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                n >> 8
            });
            assert_eq!(RoomCode::parse(code.as_str()), Ok(code));
        }
    }
}
