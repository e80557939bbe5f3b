//! What `--store` names: a SQLite file or a PostgreSQL database. Read once, at the edge, so a
//! typo or an unknown scheme is refused with one line instead of quietly becoming a SQLite
//! file named after the URL (instances meant to share players would each keep their own).

use std::path::PathBuf;

/// A store named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file (`sqlite:PATH`, or a bare path).
    Sqlite(PathBuf),
    /// A PostgreSQL database, its URL with the scheme in lower case (the driver only reads
    /// that form).
    Postgres(String),
}

/// Reads `text`: `sqlite:PATH`, `postgres://…`, `postgresql://…` (schemes in any case), or a
/// path with no scheme. The error is the sentence to show.
pub fn parse(text: &str) -> Result<Location, String> {
    let Some((scheme, rest)) = scheme_of(text) else {
        if text.is_empty() {
            return Err("--store is empty: give sqlite:PATH or postgres://user@host/db".into());
        }
        return Ok(Location::Sqlite(PathBuf::from(text)));
    };
    match scheme.to_ascii_lowercase().as_str() {
        "sqlite" if !rest.is_empty() => Ok(Location::Sqlite(PathBuf::from(rest))),
        "sqlite" => Err("--store sqlite: names no file: give sqlite:PATH".into()),
        lower @ ("postgres" | "postgresql") if rest.starts_with("//") => {
            Ok(Location::Postgres(format!("{lower}:{rest}")))
        }
        _ => Err(format!(
            "--store {}: unknown kind of store {scheme:?}: give sqlite:PATH or \
             postgres://user@host/db",
            crate::store::postgres::display_url(text)
        )),
    }
}

/// `text`'s URL scheme and what follows its colon, when it starts with one (letters, then
/// letters, digits, `+`, `-` or `.`, then `:`). A path such as `./a:b` or `saves.db` has none.
fn scheme_of(text: &str) -> Option<(&str, &str)> {
    let (scheme, rest) = text.split_once(':')?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some((scheme, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_are_read_in_any_case() {
        assert_eq!(
            parse("Postgres://root@h/db"),
            Ok(Location::Postgres("postgres://root@h/db".into()))
        );
        assert_eq!(
            parse("POSTGRESQL://h/db"),
            Ok(Location::Postgres("postgresql://h/db".into()))
        );
        assert_eq!(parse("SQLite:a.db"), Ok(Location::Sqlite("a.db".into())));
        assert_eq!(parse("dir/a.db"), Ok(Location::Sqlite("dir/a.db".into())));
        assert_eq!(parse("./x:y.db"), Ok(Location::Sqlite("./x:y.db".into())));
    }

    #[test]
    fn anything_else_is_refused() {
        for bad in ["mysql://x", "postgres:db", "sqlite:", "", "redis:x"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        let said = parse("mysql://me:secret@h/db").unwrap_err();
        assert!(!said.contains("secret"), "{said}");
    }
}
