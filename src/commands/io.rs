//! Inputs and outputs shared by the commands: where puzzles come from, a streaming writer,
//! and one-line error reporting.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use sudoscope_core::grid::{PuzzleReader, ReadOptions};

use super::progress::{self, Progress};

use crate::cli::InputArgs;

/// A failure that ends a command: bad usage or unreadable input (exit 2), or a runtime failure
/// (exit 1). Its message is one line.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            code: 2,
            message: message.into(),
        }
    }

    pub fn runtime(message: impl Into<String>) -> Failure {
        Failure {
            code: 1,
            message: message.into(),
        }
    }
}

/// An opened input: a name for messages and the puzzle records it yields, read lazily.
pub struct Input {
    pub name: String,
    pub records: PuzzleReader<Box<dyn BufRead>>,
    /// Standard input may be fed a line at a time by another program, which then waits for
    /// the answer: every record is flushed at once.
    pub interactive: bool,
    /// The progress bar of a long run over a file (nothing unless asked for and shown).
    pub progress: Progress,
}

/// Opens the input named on the command line: a file, `-` (standard input), or a puzzle
/// written out as the argument itself.
pub fn open(args: &InputArgs) -> Result<Input, Failure> {
    open_reporting(args, None)
}

/// [`open`] for a long run: on a terminal, standard error shows a bar that follows the file
/// being read (a spinner counting records for standard input), each finished record being
/// called `verb` ("rated").
pub fn open_with_progress(args: &InputArgs, verb: &'static str) -> Result<Input, Failure> {
    open_reporting(args, Some(verb))
}

fn open_reporting(args: &InputArgs, progress_verb: Option<&'static str>) -> Result<Input, Failure> {
    let mut progress = Progress::none();
    let options = ReadOptions {
        variant: args.variant.into(),
        alphabet: args.alphabet.forced(),
    };
    let (name, reader): (String, Box<dyn BufRead>) = match args.input.as_deref() {
        None if io::stdin().is_terminal() => {
            return Err(Failure::usage(
                "no input: give a puzzle, a file, or - to read standard input (see --help)",
            ));
        }
        None | Some("-") => {
            if let Some(verb) = progress_verb {
                progress = Progress::counting(verb);
            }
            ("<stdin>".into(), Box::new(io::stdin().lock()))
        }
        Some(arg) => match argument(arg)? {
            Argument::File(path) => {
                let file = File::open(path)
                    .map_err(|e| Failure::usage(format!("{arg}: cannot read: {}", plain_io(&e))))?;
                if let (Some(verb), Ok(metadata)) = (progress_verb, file.metadata()) {
                    progress = Progress::over_bytes(metadata.len(), verb);
                }
                let reader = Box::new(BufReader::with_capacity(1 << 16, file));
                (arg.to_owned(), progress.wrap_reader(reader))
            }
            Argument::Puzzle(text) => (
                "<argument>".into(),
                Box::new(io::Cursor::new(text.as_bytes().to_vec())),
            ),
        },
    };
    let interactive = name == "<stdin>";
    Ok(Input {
        name,
        records: PuzzleReader::new(reader, options),
        interactive,
        progress,
    })
}

/// What a command's argument names: a file of puzzles, or a puzzle written out.
pub enum Argument<'a> {
    File(&'a Path),
    Puzzle(&'a str),
}

/// Reads an argument the way every command does: an existing file is read as one, and text
/// that names no file is a puzzle — unless it looks like a path (then the file is missing), is
/// a directory, or is too short for any puzzle; those are usage errors naming the argument.
pub fn argument(arg: &str) -> Result<Argument<'_>, Failure> {
    let path = Path::new(arg);
    if path.is_dir() {
        Err(Failure::usage(format!(
            "{arg}: is a directory, not a puzzle file"
        )))
    } else if path.exists() {
        Ok(Argument::File(path))
    } else if looks_like_path(arg) {
        Err(Failure::usage(format!("{arg}: no such file")))
    } else if too_short_for_a_puzzle(arg) {
        Err(Failure::usage(format!(
            "{arg}: no such file, and not a puzzle (the smallest, 4×4, has 16 cells)"
        )))
    } else {
        Ok(Argument::Puzzle(arg))
    }
}

/// A name with a directory separator or a file extension is a path, not a puzzle: no puzzle
/// alphabet has `/`, and a puzzle does not end in `.txt`.
fn looks_like_path(arg: &str) -> bool {
    if arg.contains('/') || arg.contains('\\') {
        return true;
    }
    match arg.rsplit_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty()
                && (2..=4).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_lowercase())
                && arg.len() < 16
        }
        None => false,
    }
}

/// An argument on one line with fewer than 16 characters cannot be a puzzle (the smallest,
/// 4×4, has 16 cells), so a missing file name such as `hello` is reported as one. A Solo
/// game ID may be shorter.
fn too_short_for_a_puzzle(arg: &str) -> bool {
    // A Solo game ID (`2x2:a4c1d1c3a`): its `:` says it is one.
    !arg.contains('\n') && !arg.contains(':') && arg.trim().chars().count() < 16
}

/// An I/O error's message without the "(os error 2)" suffix.
pub fn plain_io(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_owned(),
        None => text,
    }
}

/// Standard output, buffered for throughput but flushed at least every 100 ms, so a slow
/// run shows its records as they are produced; with interactive input, flushed every record.
pub struct Output {
    out: io::BufWriter<io::Stdout>,
    /// [`flush_clock`] at the last flush.
    last_flush: Duration,
    flush_every_record: bool,
}

/// The clock of the 100 ms flush rule, read after every record: on Linux and FreeBSD the
/// coarse monotonic clock (a few milliseconds of resolution, plenty for a 100 ms rule, and
/// about 10 ns to read, where `Instant::now` took 80 ns on the development machine — about 1%
/// of `solve FILE`'s time on 17-clue puzzles); elsewhere `Instant`, from the first call.
fn flush_clock() -> Duration {
    #[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
    {
        let now = rustix::time::clock_gettime(rustix::time::ClockId::MonotonicCoarse);
        Duration::new(
            u64::try_from(now.tv_sec).unwrap_or(0),
            u32::try_from(now.tv_nsec).unwrap_or(0),
        )
    }
    #[cfg(not(any(target_os = "linux", target_os = "android", target_os = "freebsd")))]
    {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START.get_or_init(std::time::Instant::now).elapsed()
    }
}

impl Output {
    pub fn new(input: &Input) -> Output {
        Output {
            out: io::BufWriter::with_capacity(1 << 16, io::stdout()),
            last_flush: flush_clock(),
            flush_every_record: input.interactive,
        }
    }

    /// Standard output for a command without input (`generate`): every record is flushed as
    /// soon as it is written, since producing one takes far longer than writing it.
    pub fn unbuffered_records() -> Output {
        Output {
            out: io::BufWriter::with_capacity(1 << 16, io::stdout()),
            last_flush: flush_clock(),
            flush_every_record: true,
        }
    }

    /// Writes one record line.
    pub fn line(&mut self, text: &str) -> Result<(), Failure> {
        self.line_bytes(text.as_bytes())
    }

    /// Writes one record line given as bytes (UTF-8 text).
    pub fn line_bytes(&mut self, text: &[u8]) -> Result<(), Failure> {
        self.write(text)?;
        self.write(b"\n")?;
        if self.flush_every_record
            || flush_clock().saturating_sub(self.last_flush) > Duration::from_millis(100)
        {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes text as it is (multi-line records).
    pub fn text(&mut self, text: &str) -> Result<(), Failure> {
        self.write(text.as_bytes())?;
        if self.flush_every_record {
            self.flush()?;
        }
        Ok(())
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.out.write_all(bytes).map_err(write_failure)
    }

    pub fn flush(&mut self) -> Result<(), Failure> {
        self.last_flush = flush_clock();
        self.out.flush().map_err(write_failure)
    }
}

/// A closed pipe (`sudoscope solve big.txt | head`) ends the run quietly with success.
fn write_failure(e: io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure {
            code: 0,
            message: String::new(),
        }
    } else {
        Failure::runtime(format!("cannot write output: {}", plain_io(&e)))
    }
}

/// Reports a bad record on standard error, one line naming the input and the place.
pub fn report_bad_record(input: &str, error: &dyn std::fmt::Display) {
    progress::eprint_line(&format!("sudoscope: {input}: {error}"));
}

/// Milliseconds with a fixed precision, for JSON.
pub fn millis(elapsed: Duration) -> f64 {
    (elapsed.as_secs_f64() * 1e6).round() / 1e3
}
