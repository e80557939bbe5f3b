//! Waiting for the terminal without trusting the event reader to notice that it is gone.
//!
//! crossterm's reader loops on `read()` until it has a whole event; when the terminal is
//! closed under it (a tmux session killed, a window closed) `read()` returns end of file or
//! `EIO` forever, so the reader never returns, spins a core and never looks at a signal. So
//! the runner never calls it blindly: it first waits here, in `poll(2)` on the terminal and on
//! a pipe the signal handlers write to. A hang-up, an error or end of input on the terminal
//! comes back as [`Wake::Gone`]; only readable input goes on to crossterm.
//!
//! A watchdog thread is the last guarantee that a termination signal ends the process: if
//! the runner has not left within [`GRACE`] of SIGTERM, SIGINT or SIGHUP, the thread puts the
//! terminal back and exits (the game was already saved after its last change).

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rustix::event::{PollFd, PollFlags, Timespec, poll};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGWINCH};

/// How long after a termination signal the watchdog waits for the runner to leave by itself.
pub const GRACE: Duration = Duration::from_secs(1);

/// The exit status the watchdog uses (128 + SIGTERM, what a shell reports for a killed job).
const WATCHDOG_STATUS: i32 = 143;

/// Why [`TerminalWatch::wait`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wake {
    /// The terminal has input for the event reader.
    Input,
    /// A signal arrived (a resize, or a request to stop: see [`TerminalWatch::stop_requested`]).
    Signal,
    /// Nothing happened within the timeout.
    Timeout,
    /// The terminal hung up, failed or reached end of input: there is no player any more.
    Gone,
}

/// The terminal's descriptor, the signal pipe and the stop flag.
pub struct TerminalWatch {
    /// `/dev/tty` when standard input is not the terminal (what crossterm reads then).
    tty: Option<OwnedFd>,
    stdin: io::Stdin,
    signals: UnixStream,
    stop: Arc<AtomicBool>,
}

impl TerminalWatch {
    /// Registers the signal handlers and starts the watchdog.
    pub fn new() -> io::Result<TerminalWatch> {
        let tty = if io::stdin().is_terminal() {
            None
        } else {
            Some(File::open("/dev/tty")?.into())
        };
        let (signals, write) = UnixStream::pair()?;
        signals.set_nonblocking(true)?;
        write.set_nonblocking(true)?;
        let stop = Arc::new(AtomicBool::new(false));
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            signal_hook::flag::register(signal, stop.clone())?;
        }
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGWINCH] {
            signal_hook::low_level::pipe::register(signal, write.try_clone()?)?;
        }
        spawn_watchdog(stop.clone());
        Ok(TerminalWatch {
            tty,
            stdin: io::stdin(),
            signals,
            stop,
        })
    }

    /// True once SIGTERM, SIGINT or SIGHUP arrived.
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn terminal(&self) -> BorrowedFd<'_> {
        match &self.tty {
            Some(fd) => fd.as_fd(),
            None => self.stdin.as_fd(),
        }
    }

    /// Waits up to `timeout` for input, a signal or the end of the terminal.
    pub fn wait(&self, timeout: Duration) -> io::Result<Wake> {
        let timeout = Timespec {
            tv_sec: timeout.as_secs().try_into().unwrap_or(i64::MAX),
            tv_nsec: timeout.subsec_nanos().into(),
        };
        let terminal = self.terminal();
        let mut fds = [
            PollFd::new(&terminal, PollFlags::IN),
            PollFd::new(&self.signals, PollFlags::IN),
        ];
        match poll(&mut fds, Some(&timeout)) {
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => return Ok(Wake::Signal),
            Err(e) => return Err(e.into()),
        }
        let terminal = fds[0].revents();
        let signalled = !fds[1].revents().is_empty();
        if signalled {
            self.drain_signals();
        }
        if terminal.intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) {
            return Ok(Wake::Gone);
        }
        if terminal.contains(PollFlags::IN) {
            return Ok(Wake::Input);
        }
        Ok(if signalled || self.stop_requested() {
            Wake::Signal
        } else {
            Wake::Timeout
        })
    }

    fn drain_signals(&self) {
        let mut buffer = [0u8; 64];
        while matches!((&self.signals).read(&mut buffer), Ok(n) if n > 0) {}
    }
}

/// Ends the process [`GRACE`] after a termination signal if the runner is stuck.
fn spawn_watchdog(stop: Arc<AtomicBool>) {
    let spawned = std::thread::Builder::new()
        .name("sudoscope-watchdog".into())
        .spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(100));
            }
            std::thread::sleep(GRACE);
            super::terminal::restore();
            std::process::exit(WATCHDOG_STATUS);
        });
    // Without the thread the runner still stops on its own at the next wake-up.
    drop(spawned);
}
