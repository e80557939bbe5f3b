//! The symbols a puzzle is written in, and how to recognise them.
//!
//! 9×9 puzzles are digits, but larger grids come in several conventions (`1-9A-G`, `0-F`,
//! `A-P`...). Output is written in the input's alphabet, so a 16×16 puzzle given in `0-f`
//! style comes back in the same style.

use serde::{Deserialize, Serialize};

use super::error::ParseErrorKind;

/// A mapping between digits 1..=N and characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Alphabet {
    /// `1-9` then `A-Z` (16×16: `1-9A-G`, 25×25: `1-9A-P`); `.` or `0` is an empty cell.
    #[default]
    Digits,
    /// `0-9` then `A-Z`, digit 1 written `0` (16×16: `0-F`, 36×36: `0-9A-Z`); only `.` is empty.
    ZeroBased,
    /// `A-Z` (16×16: `A-P`, 25×25: `A-Y`); `.` or `0` is empty.
    Letters,
}

/// A digit written in a puzzle's alphabet ([`Alphabet::show`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    digit: u8,
    alphabet: Alphabet,
}

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // `pad`, so that widths and alignment in format strings work as for numbers.
        let mut buf = [0u8; 4];
        f.pad(self.alphabet.symbol(self.digit).encode_utf8(&mut buf))
    }
}

/// How a character reads in an alphabet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    Empty,
    Digit(u8),
    Invalid,
}

impl Alphabet {
    /// Whether this alphabet has N symbols.
    pub fn supports(self, size: usize) -> bool {
        match self {
            Alphabet::Digits => size <= 35,
            Alphabet::ZeroBased => size <= 36,
            Alphabet::Letters => size <= 26,
        }
    }

    /// The alphabet used when nothing else is known.
    pub fn default_for(size: usize) -> Alphabet {
        if size > 35 {
            Alphabet::ZeroBased
        } else {
            Alphabet::Digits
        }
    }

    /// The character for `digit` (1-based), or `.` for 0.
    pub fn symbol(self, digit: u8) -> char {
        if digit == 0 {
            return '.';
        }
        let value = match self {
            Alphabet::Digits => digit as u32,
            Alphabet::ZeroBased => digit as u32 - 1,
            Alphabet::Letters => return char::from(b'A' + digit - 1),
        };
        char::from_digit(value, 36).map_or('?', |c| c.to_ascii_uppercase())
    }

    /// The digit as this alphabet writes it, for text: `format!("{}", alphabet.show(10))` is
    /// `A` in `1-9A-G`, `9` in `0-F`. Every explanation and message about a puzzle writes its
    /// digits through this, so a 16×16 puzzle in letters is never talked about in numbers.
    pub fn show(self, digit: u8) -> Shown {
        Shown {
            digit,
            alphabet: self,
        }
    }

    /// Reads one character of an N×N puzzle (either case).
    pub fn read(self, ch: char, size: usize) -> Symbol {
        if ch == '.' {
            return Symbol::Empty;
        }
        let value = match self {
            Alphabet::Letters if ch.is_ascii_alphabetic() => {
                ch.to_ascii_uppercase() as u32 - 'A' as u32 + 1
            }
            Alphabet::Letters if ch == '0' => return Symbol::Empty,
            Alphabet::Letters => return Symbol::Invalid,
            Alphabet::Digits if ch == '0' => return Symbol::Empty,
            Alphabet::Digits => match ch.to_digit(36) {
                Some(v) => v,
                None => return Symbol::Invalid,
            },
            Alphabet::ZeroBased => match ch.to_digit(36) {
                Some(v) => v + 1,
                None => return Symbol::Invalid,
            },
        };
        if (1..=size as u32).contains(&value) {
            Symbol::Digit(value as u8)
        } else {
            Symbol::Invalid
        }
    }

    /// The characters an N×N puzzle may use, for error messages: `1-9, A-G, or . for empty`.
    pub fn describe(self, size: usize) -> String {
        let first = self.symbol(1);
        let last = self.symbol(size as u8);
        let range = match self {
            Alphabet::Digits if size > 9 => format!("1-9, A-{last}"),
            Alphabet::ZeroBased if size > 10 => format!("0-9, A-{last}"),
            _ => format!("{first}-{last}"),
        };
        match self {
            Alphabet::ZeroBased => format!("{range}, or '.' for empty"),
            _ => format!("{range}, or '.' or '0' for empty"),
        }
    }

    /// The name used by `--alphabet`.
    pub fn name(self) -> &'static str {
        match self {
            Alphabet::Digits => "digits",
            Alphabet::ZeroBased => "zero-based",
            Alphabet::Letters => "letters",
        }
    }

    /// Recognises the alphabet of an N×N puzzle's characters.
    ///
    /// Only alphabets that can read every character are considered; when one fits, it is the
    /// answer. When several fit, `previous` (the alphabet of the input's earlier puzzles) wins,
    /// so one file is read one way throughout; failing that, the evidence decides: for 16×16 a
    /// `0` seen at most 16 times is a digit (`0-F`; a file that writes empty cells as `0` has
    /// far more), a puzzle with letters but no digit `1-9` is `A-P`/`A-Y`, anything else is
    /// `1-9A-Z`. When none fits, the alphabet that reads the most characters is returned, so
    /// the error names the character that is really out of place.
    pub fn detect(chars: &[char], size: usize, previous: Option<Alphabet>) -> Alphabet {
        // The common case in one pass: a 9×9 (or 4×4) in digits, which no other alphabet reads.
        if size <= 9 {
            let top = char::from(b'0' + size as u8);
            let mut digits = 0;
            let plain = chars.iter().all(|&c| match c {
                '.' | '0' => true,
                '1'..='9' if c <= top => {
                    digits += 1;
                    true
                }
                _ => false,
            });
            if plain && digits > 0 {
                return Alphabet::Digits;
            }
        }
        Alphabet::detect_by(
            size,
            previous,
            true,
            |alphabet| {
                chars
                    .iter()
                    .filter(|&&c| alphabet.read(c, size) == Symbol::Invalid)
                    .count()
            },
            chars,
        )
    }

    /// [`Alphabet::detect`] for a one-line pencilmark puzzle: position `i` of every N-character
    /// cell block may only hold digit `i + 1`'s symbol or an empty mark, which tells the
    /// alphabets apart (`1` opens a block in `1-9A-G`, `0` in `0-F`, `A` in `A-P`).
    pub fn detect_pencilmarks(chars: &[char], size: usize, previous: Option<Alphabet>) -> Alphabet {
        Alphabet::detect_by(
            size,
            previous,
            false,
            |alphabet| {
                chars
                    .chunks(size.max(1))
                    .flat_map(|block| block.iter().enumerate())
                    .filter(|&(i, &c)| match alphabet.read(c, size) {
                        Symbol::Empty => false,
                        Symbol::Digit(d) => d as usize != i + 1,
                        Symbol::Invalid => true,
                    })
                    .count()
            },
            chars,
        )
    }

    /// The alphabet to read a candidate grid's cell lists in (no zero-count evidence: a `0-F`
    /// candidate grid may hold `0` in every cell).
    pub fn detect_candidates(chars: &[char], size: usize, previous: Option<Alphabet>) -> Alphabet {
        Alphabet::detect_by(
            size,
            previous,
            false,
            |alphabet| {
                chars
                    .iter()
                    .filter(|&&c| alphabet.read(c, size) == Symbol::Invalid)
                    .count()
            },
            chars,
        )
    }

    fn detect_by(
        size: usize,
        previous: Option<Alphabet>,
        count_zeros: bool,
        misfits: impl Fn(Alphabet) -> usize,
        chars: &[char],
    ) -> Alphabet {
        if size > 35 {
            return Alphabet::ZeroBased;
        }
        const ALL: [Alphabet; 3] = [Alphabet::Digits, Alphabet::ZeroBased, Alphabet::Letters];
        let scored: Vec<(Alphabet, usize)> = ALL
            .into_iter()
            .filter(|a| a.supports(size))
            .map(|a| (a, misfits(a)))
            .collect();
        let mut fitting: Vec<Alphabet> = scored
            .iter()
            .filter(|&&(_, bad)| bad == 0)
            .map(|&(a, _)| a)
            .collect();
        let zeros = chars.iter().filter(|&&c| c == '0').count();
        // Zero-based reading for sizes below 16 is never guessed (it is the same characters
        // as `1-9` with `0` for empty), and a digit cannot appear more than N times.
        if fitting.len() > 1 && (size != 16 || (count_zeros && zeros > size)) {
            fitting.retain(|&a| a != Alphabet::ZeroBased);
        }
        match fitting.as_slice() {
            [only] => return *only,
            [] => {
                let preferred = previous.filter(|a| a.supports(size));
                return scored
                    .iter()
                    .min_by_key(|&&(a, bad)| (bad, Some(a) != preferred, a != Alphabet::Digits))
                    .map_or(Alphabet::default_for(size), |&(a, _)| a);
            }
            _ => {}
        }
        if let Some(previous) = previous.filter(|p| fitting.contains(p)) {
            return previous;
        }
        let has_digit = chars.iter().any(|c| ('1'..='9').contains(c));
        let has_letter = chars.iter().any(|c| c.is_ascii_alphabetic());
        if size == 16 && zeros > 0 && fitting.contains(&Alphabet::ZeroBased) {
            Alphabet::ZeroBased
        } else if has_letter && !has_digit && fitting.contains(&Alphabet::Letters) {
            Alphabet::Letters
        } else if fitting.contains(&Alphabet::Digits) {
            Alphabet::Digits
        } else {
            fitting
                .first()
                .copied()
                .unwrap_or(Alphabet::default_for(size))
        }
    }

    /// The first character that is not in this alphabet, as (0-based index, error).
    pub fn first_invalid(self, chars: &[char], size: usize) -> Option<(usize, ParseErrorKind)> {
        chars.iter().enumerate().find_map(|(i, &c)| {
            (self.read(c, size) == Symbol::Invalid).then(|| {
                (
                    i,
                    ParseErrorKind::BadCharacter {
                        found: describe_char(c),
                        allowed: self.describe(size),
                    },
                )
            })
        })
    }
}

/// `'x'`, or `U+0007` for control and unusual characters, so error lines stay one printable line.
pub fn describe_char(c: char) -> String {
    if c.is_ascii_graphic() || (c.is_alphanumeric() && !c.is_control()) {
        format!("'{c}'")
    } else {
        format!("U+{:04X}", c as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn symbols_round_trip() {
        for alphabet in [Alphabet::Digits, Alphabet::ZeroBased, Alphabet::Letters] {
            for size in [4usize, 9, 16, 25, 36] {
                if !alphabet.supports(size) {
                    continue;
                }
                for d in 1..=size as u8 {
                    let c = alphabet.symbol(d);
                    assert_eq!(alphabet.read(c, size), Symbol::Digit(d), "{alphabet:?} {d}");
                    assert_eq!(
                        alphabet.read(c.to_ascii_lowercase(), size),
                        Symbol::Digit(d)
                    );
                }
            }
        }
        assert_eq!(Alphabet::Digits.symbol(16), 'G');
        assert_eq!(Alphabet::ZeroBased.symbol(16), 'F');
        assert_eq!(Alphabet::Letters.symbol(25), 'Y');
        assert_eq!(Alphabet::ZeroBased.symbol(36), 'Z');
    }

    #[test]
    fn detection() {
        assert_eq!(Alphabet::detect(&chars("1G.A"), 16, None), Alphabet::Digits);
        assert_eq!(
            Alphabet::detect(&chars("0f.a"), 16, None),
            Alphabet::ZeroBased
        );
        assert_eq!(
            Alphabet::detect(&chars("AP.C"), 16, None),
            Alphabet::Letters
        );
        assert_eq!(Alphabet::detect(&chars("19AF"), 16, None), Alphabet::Digits);
        assert_eq!(
            Alphabet::detect(&chars("19AF"), 16, Some(Alphabet::ZeroBased)),
            Alphabet::ZeroBased
        );
        assert_eq!(Alphabet::detect(&chars("1.P"), 25, None), Alphabet::Digits);
        assert_eq!(Alphabet::detect(&chars("A.Y"), 25, None), Alphabet::Letters);
        assert_eq!(
            Alphabet::detect(&chars("0Z"), 36, None),
            Alphabet::ZeroBased
        );
    }

    #[test]
    fn describes_allowed_characters() {
        assert_eq!(Alphabet::Digits.describe(9), "1-9, or '.' or '0' for empty");
        assert_eq!(
            Alphabet::Digits.describe(16),
            "1-9, A-G, or '.' or '0' for empty"
        );
        assert_eq!(
            Alphabet::ZeroBased.describe(16),
            "0-9, A-F, or '.' for empty"
        );
        assert_eq!(
            Alphabet::Letters.describe(25),
            "A-Y, or '.' or '0' for empty"
        );
    }
}
