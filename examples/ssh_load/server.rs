//! The `sudoscope serve` processes under load: started from the release binary on a loopback
//! port, stopped as a service manager would (SIGTERM, every save written) or killed with
//! SIGKILL and started again on the same port, and measured from `/proc` (resident memory,
//! CPU time).

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::LoadError;

/// How a server is started; kept so that a killed one starts again the same way.
#[derive(Clone, Debug)]
pub struct Spec {
    pub binary: PathBuf,
    pub port: u16,
    pub data_dir: PathBuf,
    /// Shared by every instance of a cluster (their players' known_hosts stay valid).
    pub host_key: Option<PathBuf>,
    /// `--store`: `postgres://…`, or `None` for the SQLite file in the data directory.
    pub store: Option<String>,
    pub max_sessions: usize,
    /// Standard error goes here (appended to across restarts): the race rooms' puzzles are
    /// read from it.
    pub log: PathBuf,
}

/// A port nobody listens on now.
pub fn free_port() -> Result<u16, LoadError> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|source| LoadError::Io {
            what: "a free port".into(),
            source,
        })
}

pub struct Server {
    pub spec: Spec,
    child: Option<Child>,
    /// CPU time of the processes killed before this one, in milliseconds.
    cpu_before_ms: u64,
}

impl Server {
    pub fn start(spec: Spec) -> Result<Server, LoadError> {
        let mut server = Server {
            spec,
            child: None,
            cpu_before_ms: 0,
        };
        server.spawn()?;
        Ok(server)
    }

    /// A server on a free port with a temporary data directory and the SQLite store.
    pub fn start_alone(binary: &Path, dir: &Path, sessions: usize) -> Result<Server, LoadError> {
        Server::start(Spec {
            binary: binary.to_path_buf(),
            port: free_port()?,
            data_dir: dir.to_path_buf(),
            host_key: None,
            store: None,
            max_sessions: sessions,
            log: dir.join("serve.log"),
        })
    }

    pub fn port(&self) -> u16 {
        self.spec.port
    }

    fn spawn(&mut self) -> Result<(), LoadError> {
        let spec = &self.spec;
        let limit = (spec.max_sessions + 10).to_string();
        let log = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&spec.log)
            .map_err(|source| LoadError::Io {
                what: spec.log.display().to_string(),
                source,
            })?;
        let mut command = Command::new(&spec.binary);
        command
            .args(["serve", "--listen", &format!("127.0.0.1:{}", spec.port)])
            .args([
                "--max-sessions",
                &limit,
                "--max-sessions-per-address",
                &limit,
            ])
            .arg("--data-dir")
            .arg(&spec.data_dir);
        if let Some(key) = &spec.host_key {
            command.arg("--host-key").arg(key);
        }
        if let Some(store) = &spec.store {
            command.args(["--store", store]);
        }
        let child = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .map_err(|source| LoadError::Io {
                what: format!("cannot start {}", spec.binary.display()),
                source,
            })?;
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", spec.port)).is_err() {
            if let Some(child) = self.child.as_mut()
                && let Ok(Some(status)) = child.try_wait()
            {
                return Err(LoadError::Failed(format!(
                    "the server on port {} exited at start ({status}); its log: {}",
                    spec.port,
                    spec.log.display()
                )));
            }
            if Instant::now() > deadline {
                return Err(LoadError::Failed(format!(
                    "the server did not start listening on port {}",
                    spec.port
                )));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(())
    }

    fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Resident memory in KiB (0 when it is not running).
    pub fn rss_kib(&self) -> u64 {
        self.pid()
            .and_then(|pid| std::fs::read_to_string(format!("/proc/{pid}/status")).ok())
            .and_then(|status| {
                status
                    .lines()
                    .find(|l| l.starts_with("VmRSS:"))
                    .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
            })
            .unwrap_or(0)
    }

    /// CPU time (user and system) of this server so far, its killed predecessors included,
    /// in milliseconds.
    pub fn cpu_ms(&self) -> u64 {
        self.cpu_before_ms + self.pid().map_or(0, process_cpu_ms)
    }

    /// `kill -9`, then waits for the process to be gone.
    pub fn kill9(&mut self) -> Result<(), LoadError> {
        self.cpu_before_ms = self.cpu_ms();
        if let Some(mut child) = self.child.take() {
            child.kill().map_err(|source| LoadError::Io {
                what: "kill -9".into(),
                source,
            })?;
            let _ = child.wait();
        }
        Ok(())
    }

    /// Starts the server again (after [`Server::kill9`]) on the same port.
    pub fn restart(&mut self) -> Result<(), LoadError> {
        self.spawn()
    }

    /// Stops the server as a service manager would (SIGTERM) and waits for it, so that every
    /// save it owes is written before the store is read.
    pub fn stop(&mut self) -> Result<(), LoadError> {
        let Some(mut child) = self.child.take() else {
            return Ok(());
        };
        self.cpu_before_ms += process_cpu_ms(child.id());
        let sent = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .map_err(|source| LoadError::Io {
                what: "kill -TERM".into(),
                source,
            })?;
        if !sent.success() {
            return Err(LoadError::Failed("kill -TERM failed".into()));
        }
        child.wait().map_err(|source| LoadError::Io {
            what: "waiting for the server".into(),
            source,
        })?;
        Ok(())
    }

    /// The server's store when it is SQLite: `saves.sqlite3` in its data directory.
    pub fn sqlite_path(&self) -> PathBuf {
        self.spec.data_dir.join("saves.sqlite3")
    }

    /// Everything the server (and its predecessors) wrote to standard error.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.spec.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// User and system CPU time of a process, in milliseconds (0 when it cannot be read).
pub fn process_cpu_ms(pid: u32) -> u64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0;
    };
    // The command name is in parentheses and may hold spaces: fields count from after it.
    let Some(rest) = stat.rsplit_once(')').map(|(_, rest)| rest) else {
        return 0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    ticks * 1000 / clock_ticks()
}

fn clock_ticks() -> u64 {
    // SAFETY: sysconf reads a constant of the system and has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if ticks > 0 { ticks as u64 } else { 100 }
}

/// CPU time of every PostgreSQL server process of the machine (its processes are named
/// `postgres`), in milliseconds: what the database cost during a run, other users of the
/// server included.
pub fn postgres_cpu_ms() -> u64 {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .filter_map(|entry| {
            entry
                .ok()?
                .file_name()
                .into_string()
                .ok()?
                .parse::<u32>()
                .ok()
        })
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm"))
                .is_ok_and(|name| name.trim() == "postgres")
        })
        .map(process_cpu_ms)
        .sum()
}
