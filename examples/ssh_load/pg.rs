//! The PostgreSQL side of the cluster scenario: a database of its own for the run (created on
//! the server at 127.0.0.1:5432, trust auth, user root, and dropped at the end), and
//! restarts of that server for the fault runs.

use std::process::Command;
use std::time::Duration;

use crate::LoadError;

/// The server the scenario uses, and the database it connects to while creating others.
pub const SERVER: &str = "127.0.0.1:5432";
const ADMIN_URL: &str = "postgres://root@127.0.0.1:5432/postgres";

/// Whether the server answers at [`SERVER`].
pub fn reachable() -> bool {
    SERVER
        .parse()
        .ok()
        .and_then(|address| {
            std::net::TcpStream::connect_timeout(&address, Duration::from_secs(2)).ok()
        })
        .is_some()
}

/// Runs statements on the administration database, trying again while the server restarts.
pub async fn admin(sql: &str) -> Result<(), LoadError> {
    let mut last = None;
    for _ in 0..100 {
        match tokio_postgres::connect(ADMIN_URL, tokio_postgres::NoTls).await {
            Ok((client, connection)) => {
                tokio::spawn(connection);
                match client.batch_execute(sql).await {
                    Ok(()) => return Ok(()),
                    Err(e) => last = Some(e),
                }
            }
            Err(e) => last = Some(e),
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Err(LoadError::Failed(format!(
        "{sql}: {}",
        last.map_or_else(|| "no answer".to_string(), |e| e.to_string())
    )))
}

/// A database of the run's own; [`RunDb::drop_now`] drops it (with its connections).
pub struct RunDb {
    pub name: String,
    pub url: String,
}

impl RunDb {
    pub async fn create() -> Result<RunDb, LoadError> {
        let name = format!(
            "sudoscope_load_{}_{:06x}",
            std::process::id(),
            rand::random::<u32>() & 0xff_ffff
        );
        admin(&format!("CREATE DATABASE {name}")).await?;
        let url = format!("postgres://root@{SERVER}/{name}");
        Ok(RunDb { name, url })
    }

    pub async fn drop_now(&self) -> Result<(), LoadError> {
        admin(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ))
        .await
    }
}

/// The machine's one PostgreSQL cluster, as `pg_ctlcluster` names it (the one version
/// directory under /etc/postgresql), when there is exactly one and the tool is installed.
pub fn cluster() -> Option<String> {
    let versions: Vec<String> = std::fs::read_dir("/etc/postgresql")
        .ok()?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .collect();
    let which = Command::new("which").arg("pg_ctlcluster").output().ok()?;
    (versions.len() == 1 && which.status.success()).then(|| versions[0].clone())
}

/// Restarts the cluster (`pg_ctlcluster … restart`, a fast shutdown that ends every
/// connection), returning once it accepts connections again.
pub async fn restart(cluster: &str) -> Result<Duration, LoadError> {
    let started = std::time::Instant::now();
    let cluster = cluster.to_string();
    let status = tokio::task::spawn_blocking(move || {
        Command::new("pg_ctlcluster")
            .args(["--skip-systemctl-redirect", &cluster, "main", "restart"])
            .status()
    })
    .await
    .map_err(|e| LoadError::Failed(e.to_string()))?
    .map_err(|source| LoadError::Io {
        what: "pg_ctlcluster".into(),
        source,
    })?;
    if !status.success() {
        return Err(LoadError::Failed(format!(
            "pg_ctlcluster restart: {status}"
        )));
    }
    admin("SELECT 1").await?;
    Ok(started.elapsed())
}
