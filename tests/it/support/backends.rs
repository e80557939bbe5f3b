//! Test helper: one store behaviour run on each backend, SQLite (a fresh file) and PostgreSQL
//! (a fresh database at 127.0.0.1:5432; skipped with a message when no server answers, failed
//! under `CI=true`), each with a clock the test sets; and the few values the store tests build
//! their games and finishes from.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::pg::{TestDb, available};
use sudoscope::names::DisplayName;
use sudoscope::store::streak::day_of_date;
use sudoscope::store::{Finished, GameSummary, Kind, NameSet, PgStore, SharedStore, SqliteStore};

/// One day in milliseconds, the store's clock unit.
pub const DAY: i64 = 86_400_000;

/// A store under test, its clock, and a way to open a second store on the same data (a
/// second program or server).
pub struct Under {
    pub store: SharedStore,
    pub now: Arc<AtomicI64>,
    pub reopen: Box<dyn Fn() -> SharedStore>,
}

fn clocked(now: &Arc<AtomicI64>) -> sudoscope::store::sqlite::Clock {
    let clock = now.clone();
    Arc::new(move || clock.load(Ordering::SeqCst))
}

/// Runs `case` on the store `open` opens (again for each second program), with a clock
/// the case sets.
fn run(case: fn(&Under), open: impl Fn(&Arc<AtomicI64>) -> SharedStore + 'static) {
    let now = Arc::new(AtomicI64::new(1_700_000_000_000));
    let reopen = {
        let now = now.clone();
        move || open(&now)
    };
    let under = Under {
        store: reopen(),
        now,
        reopen: Box::new(reopen),
    };
    case(&under);
}

/// Runs `case` on a fresh SQLite file.
pub fn on_sqlite(case: fn(&Under)) {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("s.sqlite3");
    run(case, move |now| {
        Arc::new(
            SqliteStore::open_as_is(&path)
                .expect("store")
                .with_clock(clocked(now)),
        )
    });
}

/// Runs `case` on a fresh PostgreSQL database, when the server answers (`test` names the
/// test in the message when it does not).
pub fn on_postgres(case: fn(&Under), test: &str) {
    if !available(test) {
        return;
    }
    let db = TestDb::create();
    let url = db.url.clone();
    run(case, move |now| {
        Arc::new(
            PgStore::connect(&url)
                .expect("store")
                .with_clock(clocked(now)),
        )
    });
    drop(db);
}

/// Each behaviour `fn NAME(&Under)`, as two tests `NAME::sqlite` and `NAME::postgres`.
/// (Another test binary includes this support folder without using the macro.)
#[allow(unused_macros)]
macro_rules! both {
    ($($case:ident),* $(,)?) => {$(
        mod $case {
            #[test]
            fn sqlite() {
                crate::support::backends::on_sqlite(super::$case);
            }
            #[test]
            fn postgres() {
                crate::support::backends::on_postgres(
                    super::$case,
                    concat!(module_path!(), "::postgres"),
                );
            }
        }
    )*};
}
#[allow(unused_imports)]
pub(crate) use both;

/// A 9×9 standard kind, of a level and of a day's daily when given.
pub fn kind(level: Option<&str>, daily: Option<&str>) -> Kind {
    Kind {
        size: 9,
        variant: "standard".into(),
        level: level.map(String::from),
        daily: daily.map(String::from),
    }
}

/// A finish of a level, without help.
pub fn finished(level: &str, ms: u64) -> Finished {
    Finished {
        kind: kind(Some(level), None),
        time_ms: ms,
        hint_steps: 0,
        revealed_cells: 0,
        solution_copied: false,
        solution_revealed: false,
    }
}

/// A finish of a day's daily, with so many hint steps.
pub fn daily(date: &str, level: &str, time_ms: u64, hints: u32) -> Finished {
    Finished {
        kind: kind(Some(level), Some(date)),
        time_ms,
        hint_steps: hints,
        ..finished(level, time_ms)
    }
}

/// An easy game, with or without moves.
pub fn summary(moved: bool) -> GameSummary {
    GameSummary {
        size: 9,
        variant: "standard".into(),
        level: Some("easy".into()),
        filled: 30,
        total: 81,
        moved,
    }
}

/// The first millisecond of a UTC day.
pub fn midnight(date: &str) -> i64 {
    day_of_date(date).expect("a date") * DAY
}

/// The owner's player, with a name taken.
pub fn named(store: &SharedStore, owner: &str, name: &str) -> i64 {
    let player = store.player(owner).expect("player");
    let name = DisplayName::parse(name).expect("a good name");
    assert_eq!(store.set_name(player, &name).expect("set"), NameSet::Set);
    player
}
