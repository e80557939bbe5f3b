//! Race rooms across instances: two room hubs on one PostgreSQL database, as two `serve`
//! instances hold them, see each other's racers live through LISTEN/NOTIFY; a racer whose
//! instance is gone counts as away and takes their seat back from another instance.
//!
//! The hubs run in this process (the SSH side of a cross-instance race is in
//! `tests/serve_pg.rs`), so what is checked is the hub alone: who sees what, and when.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sudoscope::race::{Joined, Phase, Progress, Room, RoomCode, Settings};
use sudoscope::serve::pg_rooms::PgRooms;
use sudoscope::serve::rooms::{HubError, Member, RoomFeed, RoomHub};
use sudoscope::store::PgStore;
use sudoscope_core::generate::Level;
use sudoscope_core::grid::{ReadOptions, Variant, parse_puzzle};

use crate::support::pg::{TestDb, available};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn member(key: &str, instance: u32, local: u64) -> Member {
    Member {
        key: key.into(),
        name: Some(key.to_uppercase()),
        connection: (u64::from(instance) << 32) | local,
    }
}

/// Waits until the feed's room satisfies `wanted`, and returns it.
fn seen(
    feed: &mut RoomFeed,
    within: Duration,
    what: &str,
    wanted: impl Fn(&Room) -> bool,
) -> Arc<Room> {
    let deadline = Instant::now() + within;
    loop {
        let room = feed.borrow_and_update().clone();
        if wanted(&room) {
            return room;
        }
        assert!(
            Instant::now() < deadline,
            "not seen within {within:?}: {what}; the room is {room:?}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn progress(entries: &[u8], filled: u32, solved: bool) -> Progress {
    Progress {
        entries: entries.to_vec(),
        filled,
        mistakes: 0,
        solved,
    }
}

/// The room hubs of two instances (numbered 0xa1 and 0xb2) on a fresh database, whose
/// schema the store makes, as `serve` does before its rooms.
fn two_hubs(db: &TestDb) -> (PgRooms, PgRooms) {
    drop(PgStore::connect(&db.url).expect("the store"));
    let a = PgRooms::connect(&db.url, 0xa1).expect("hub a");
    let b = PgRooms::connect(&db.url, 0xb2).expect("hub b");
    (a, b)
}

/// Opens a room racing on an easy 9×9, owned by `owner`.
fn open_easy(hub: &PgRooms, owner: &Member) -> (RoomCode, Joined, RoomFeed) {
    let puzzle = parse_puzzle(PUZZLE, ReadOptions::default()).expect("a puzzle");
    let settings = Settings {
        size: 9,
        variant: Variant::Standard,
        level: Some(Level::Easy),
    };
    hub.open(settings, puzzle, owner).expect("opened")
}

#[test]
fn racers_on_two_instances_see_each_other_and_a_lost_one_comes_back() {
    if !available("racers_on_two_instances_see_each_other_and_a_lost_one_comes_back") {
        return;
    }
    let db = TestDb::create();
    let (a, b) = two_hubs(&db);
    let alice = member("alice", 0xa1, 1);
    let (code, joined, mut alice_feed) = open_easy(&a, &alice);
    assert_eq!(joined, Joined::Racer(0));

    // Bob, on the other instance, takes the second seat; alice sees him.
    let bob = member("bob", 0xb2, 1);
    let (joined, mut bob_feed) = b.join(&code, &bob, false).expect("bob joins");
    assert_eq!(joined, Joined::Racer(1));
    seen(
        &mut alice_feed,
        Duration::from_secs(2),
        "bob seated",
        |room| room.racers.len() == 2,
    );
    assert_eq!(
        b.start(&code, "bob"),
        Err(HubError::Room(sudoscope::race::RoomError::NotOwner))
    );

    // Alice starts on her instance; both instances end the countdown.
    a.start(&code, "alice").expect("started");
    for feed in [&mut alice_feed, &mut bob_feed] {
        seen(feed, Duration::from_secs(8), "racing", |room| {
            matches!(room.phase, Phase::Racing { .. })
        });
    }

    // Bob's moves reach alice's instance, and hers reach his.
    let givens = bob_feed.borrow().puzzle.givens.cells().to_vec();
    let mut bobs = givens.clone();
    bobs[2] = 4;
    let sent = Instant::now();
    b.progress(&code, "bob", bob.connection, progress(&bobs, 1, false));
    seen(
        &mut alice_feed,
        Duration::from_secs(2),
        "bob's move",
        |room| room.racers[1].filled == 1,
    );
    eprintln!(
        "bob's move seen on the other instance after {:?}",
        sent.elapsed()
    );
    a.progress(
        &code,
        "alice",
        alice.connection,
        progress(&givens, 3, false),
    );
    seen(
        &mut bob_feed,
        Duration::from_secs(2),
        "alice's move",
        |room| room.racers[0].filled == 3,
    );

    // Bob's instance goes (its connections close, as a killed process's do): after a while
    // alice's instance counts him as away, without taking his seat.
    drop(bob_feed);
    drop(b);
    let room = seen(
        &mut alice_feed,
        Duration::from_secs(30),
        "bob away",
        |room| room.racers[1].dropped_ms.is_some(),
    );
    assert!(
        matches!(room.phase, Phase::Racing { .. }),
        "the race waits for him"
    );

    // Bob reconnects to a third instance: his seat, his board, and his moves are heard.
    let c = PgRooms::connect(&db.url, 0xc3).expect("hub c");
    let bob_again = member("bob", 0xc3, 7);
    let (joined, mut bob_feed) = c.join(&code, &bob_again, false).expect("bob is back");
    assert_eq!(joined, Joined::Racer(1));
    let room = seen(&mut bob_feed, Duration::from_secs(2), "his seat", |room| {
        room.racers[1].connection == Some(bob_again.connection)
    });
    assert_eq!(room.racers[1].entries, bobs, "his board as he left it");
    assert_eq!(room.racers[1].dropped_ms, None);
    c.progress(
        &code,
        "bob",
        bob_again.connection,
        progress(&bobs, 51, true),
    );
    let room = seen(
        &mut alice_feed,
        Duration::from_secs(2),
        "bob finished",
        |room| room.racers[1].finished_ms.is_some(),
    );
    assert!(
        matches!(room.phase, Phase::Racing { .. }),
        "alice still races"
    );
    a.progress(
        &code,
        "alice",
        alice.connection,
        progress(&givens, 51, true),
    );
    for feed in [&mut alice_feed, &mut bob_feed] {
        let room = seen(feed, Duration::from_secs(2), "done", |room| {
            matches!(room.phase, Phase::Done { .. })
        });
        let order: Vec<usize> = room.standings().iter().map(|s| s.seat).collect();
        assert_eq!(order, vec![1, 0], "bob first");
    }

    // An unknown code is a clear refusal from any instance.
    let unknown = RoomCode::parse("ZZZZZ").expect("a code");
    assert!(matches!(
        c.join(&unknown, &member("dan", 0xc3, 9), false),
        Err(HubError::NoSuchRoom(_))
    ));
}

/// Two instances writing one room at the same moment, each from its own copy: every write
/// that finds the room moved on reads it again, so neither racer's moves are lost.
#[test]
fn moves_written_at_once_from_two_instances_all_land() {
    if !available("moves_written_at_once_from_two_instances_all_land") {
        return;
    }
    let db = TestDb::create();
    let (a, b) = two_hubs(&db);
    let alice = member("alice", 0xa1, 1);
    let bob = member("bob", 0xb2, 1);
    let (code, _, mut alice_feed) = open_easy(&a, &alice);
    let (_, mut bob_feed) = b.join(&code, &bob, false).expect("joined");
    a.start(&code, "alice").expect("started");
    for feed in [&mut alice_feed, &mut bob_feed] {
        seen(feed, Duration::from_secs(8), "racing", |room| {
            matches!(room.phase, Phase::Racing { .. })
        });
    }
    let givens = alice_feed.borrow().puzzle.givens.cells().to_vec();
    // Each racer's count only goes up, so the last one written is the highest: both must
    // end at 40, whatever order the writes met in.
    for filled in 1..=40 {
        a.progress(
            &code,
            "alice",
            alice.connection,
            progress(&givens, filled, false),
        );
        b.progress(
            &code,
            "bob",
            bob.connection,
            progress(&givens, filled, false),
        );
    }
    for feed in [&mut alice_feed, &mut bob_feed] {
        seen(feed, Duration::from_secs(5), "every move", |room| {
            room.racers[0].filled == 40 && room.racers[1].filled == 40
        });
    }
    let stored = crate::support::pg::query(
        &db.url,
        &format!("SELECT version FROM rooms WHERE code = '{code}'"),
    );
    assert_eq!(stored.len(), 1, "{stored:?}");
}
