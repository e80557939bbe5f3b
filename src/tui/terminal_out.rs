//! The local runner's output: standard output that treats a terminal which has gone away as
//! nothing to draw on, not as an error.
//!
//! When the terminal closes under the app (a tmux session killed, a window closed) every
//! write to it fails with `EIO`. The runner notices the hang-up by itself (see
//! `terminal_watch`), saves the game and leaves; what must not happen on the way out is an
//! error or a panic from a last frame or from putting the terminal back. ratatui's
//! `Terminal` shows the cursor again when it is dropped and reports a failure with
//! `eprintln!`, which panics when standard error is the same dead terminal, and a panic
//! while leaving ends the process by SIGABRT. So once a write finds the terminal gone, this
//! writer drops everything after it and reports success: there is nobody left to draw for.

use std::io::{self, Stdout, Write};

use rustix::io::Errno;

/// Standard output, quiet once the terminal behind it is gone.
pub struct TerminalOut {
    out: Stdout,
    gone: bool,
}

impl TerminalOut {
    pub fn new() -> TerminalOut {
        TerminalOut {
            out: io::stdout(),
            gone: false,
        }
    }

    /// Passes an error on, unless it says the terminal is gone: then the output stops.
    fn absorb<T>(&mut self, result: io::Result<T>, done: T) -> io::Result<T> {
        match result {
            Err(e) if terminal_gone(&e) => {
                self.gone = true;
                Ok(done)
            }
            other => other,
        }
    }
}

impl Default for TerminalOut {
    fn default() -> TerminalOut {
        TerminalOut::new()
    }
}

impl Write for TerminalOut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.gone {
            return Ok(buf.len());
        }
        let result = self.out.write(buf);
        self.absorb(result, buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.gone {
            return Ok(());
        }
        let result = self.out.flush();
        self.absorb(result, ())
    }
}

/// Whether a write error means the terminal is no longer there: `EIO` from a terminal whose
/// other end closed, `ENXIO` or `ENODEV` from a device that went away, `EPIPE` from a pipe
/// whose reader left.
pub fn terminal_gone(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::BrokenPipe
        || error.raw_os_error().is_some_and(|code| {
            [Errno::IO, Errno::NXIO, Errno::NODEV, Errno::PIPE]
                .iter()
                .any(|gone| gone.raw_os_error() == code)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_errors_of_a_closed_terminal_count_as_gone_and_others_do_not() {
        for errno in [Errno::IO, Errno::NXIO, Errno::NODEV, Errno::PIPE] {
            assert!(terminal_gone(&io::Error::from_raw_os_error(
                errno.raw_os_error()
            )));
        }
        assert!(!terminal_gone(&io::Error::from_raw_os_error(
            Errno::NOSPC.raw_os_error()
        )));
        assert!(!terminal_gone(&io::Error::from(io::ErrorKind::Interrupted)));
    }
}
