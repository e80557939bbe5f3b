//! Test helper: a fresh PostgreSQL database per test on the server at 127.0.0.1:5432 (trust
//! auth, user root), dropped when the test ends. Without a server the tests that need one
//! skip with a message, unless `CI=true`: then they fail.
#![allow(dead_code)]

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// The server the tests use, and the database to connect to while creating others.
pub const SERVER: &str = "127.0.0.1:5432";
const ADMIN_URL: &str = "postgres://root@127.0.0.1:5432/test";

/// Whether the server answers; when it does not, says so and skips (or fails under CI).
pub fn available(test: &str) -> bool {
    let reachable = SERVER
        .parse()
        .ok()
        .and_then(|address| {
            std::net::TcpStream::connect_timeout(&address, Duration::from_secs(2)).ok()
        })
        .is_some();
    if !reachable {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{test}: PostgreSQL is needed at {SERVER} under CI=true"
        );
        eprintln!("{test}: skipped, no PostgreSQL at {SERVER}");
    }
    reachable
}

/// A database of its own for one test, dropped (with its connections) at the end.
pub struct TestDb {
    pub name: String,
    pub url: String,
}

impl TestDb {
    pub fn create() -> TestDb {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "sudoscope_test_{}_{}_{:06x}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst),
            rand::random::<u32>() & 0xff_ffff
        );
        admin(&format!("CREATE DATABASE {name}"));
        let url = format!("postgres://root@127.0.0.1:5432/{name}");
        TestDb { name, url }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        admin(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ));
    }
}

/// Runs one statement on the administration database, retrying while the server restarts.
pub fn admin(sql: &str) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let mut last = None;
        for _ in 0..100 {
            match tokio_postgres::connect(ADMIN_URL, tokio_postgres::NoTls).await {
                Ok((client, connection)) => {
                    tokio::spawn(connection);
                    match client.batch_execute(sql).await {
                        Ok(()) => return,
                        Err(e) => last = Some(e.to_string()),
                    }
                }
                Err(e) => last = Some(e.to_string()),
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        panic!("{sql}: {last:?}");
    });
}

/// Runs a query on a test database and returns the first column of each row as text.
pub fn query(url: &str, sql: &str) -> Vec<String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .expect("connects");
        tokio::spawn(connection);
        client
            .simple_query(sql)
            .await
            .expect("query")
            .into_iter()
            .filter_map(|message| match message {
                tokio_postgres::SimpleQueryMessage::Row(row) => {
                    Some(row.get(0).unwrap_or_default().to_string())
                }
                _ => None,
            })
            .collect()
    })
}
