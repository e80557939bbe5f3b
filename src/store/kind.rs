//! The kind of a puzzle, the unit of records: a hard 9×9 and a hard 25×25 are not the same
//! race, nor is a daily puzzle the same as any other of its level.

use std::fmt;

/// Size, variant, level and, for a daily puzzle, its date.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Kind {
    /// Digits per house (9 for 9×9).
    pub size: u16,
    /// The variant's name, e.g. `standard`, `x`, `hyper`.
    pub variant: String,
    /// The level's name (`easy` … `evil`), `None` when it is not known.
    pub level: Option<String>,
    /// The day of a daily puzzle, `YYYY-MM-DD`.
    pub daily: Option<String>,
}

/// What a puzzle of unknown level is called in a kind.
const ANY_LEVEL: &str = "any level";

impl fmt::Display for Kind {
    /// `9x9 standard hard`, `9x9 standard any level`, `9x9 standard medium daily 2026-11-28`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size;
        let level = self.level.as_deref().unwrap_or(ANY_LEVEL);
        write!(f, "{n}x{n} {} {level}", self.variant)?;
        if let Some(day) = &self.daily {
            write!(f, " daily {day}")?;
        }
        Ok(())
    }
}

impl Kind {
    /// Reads the form [`Display`](fmt::Display) writes (older saves keyed best times by it).
    pub fn parse(text: &str) -> Option<Kind> {
        let (main, daily) = match text.split_once(" daily ") {
            Some((main, day)) => (main, Some(day.to_string())),
            None => (text, None),
        };
        let mut words = main.splitn(3, ' ');
        let dims = words.next()?;
        let variant = words.next()?.to_string();
        let level = words.next()?;
        let (a, b) = dims.split_once('x')?;
        let size: u16 = a.parse().ok()?;
        if b.parse::<u16>().ok()? != size || variant.is_empty() || level.is_empty() {
            return None;
        }
        let level = (level != ANY_LEVEL).then(|| level.to_string());
        Some(Kind {
            size,
            variant,
            level,
            daily,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_kinds_read_back() {
        for text in [
            "9x9 standard hard",
            "16x16 x any level",
            "9x9 standard medium daily 2026-11-28",
        ] {
            let kind = Kind::parse(text).expect(text);
            assert_eq!(kind.to_string(), text);
        }
        assert_eq!(Kind::parse("9x8 standard hard"), None);
        assert_eq!(Kind::parse("nonsense"), None);
    }
}
