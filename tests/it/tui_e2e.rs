//! End-to-end tests of the terminal UI in a real terminal: tmux runs the release binary, the
//! tests type keys into it and read its screen back (`tmux capture-pane`).
//!
//! * `play_hint_solver_quit`: a few moves, a hint, the solver panel running RFSS until it has
//!   solved an easy puzzle, quit; then the terminal must be as before (the alternate screen
//!   left, mouse reporting off, the cursor shown, `stty` settings unchanged).
//! * `demo_tape_replays`: parses `demo.tape` (the VHS script of the demo recording) and
//!   replays its keystrokes in tmux, checking the screen at each of its `Wait+Screen` lines.
//!
//! tmux is installed by `.ci/run`; without it these tests say so and pass. The binary is the
//! one Cargo built for this test run (`SUDOSCOPE_E2E_BIN` overrides it).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The Wikipedia puzzle: easy, and RFSS solves it in about a hundred generations.
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Generous: the CI machine may be busy.
const WAIT: Duration = Duration::from_secs(30);

fn binary() -> PathBuf {
    std::env::var_os("SUDOSCOPE_E2E_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_sudoscope")))
}

use crate::support::tmux::{Tmux, Window, quote};

fn tmux_available() -> bool {
    Tmux::available()
}

/// The files a run leaves in its temporary folder.
struct Run {
    dir: tempfile::TempDir,
}

impl Run {
    fn new() -> Run {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(dir.path().join("data")).expect("data dir");
        Run { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path(name)).unwrap_or_default()
    }
}

fn path_str(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

#[test]
fn play_hint_solver_quit() {
    if !tmux_available() {
        return;
    }
    let run = Run::new();
    // stty before and after, the exit status on the pane, then a pause that keeps the pane
    // (and its terminal state) alive for inspection.
    let script = format!(
        "stty -a > {before}; SUDOSCOPE_DATA_DIR={data} {bin} play {EASY}; echo \"sudoscope exited with $?\"; stty -a > {after}; sleep 600",
        before = quote(&path_str(&run.path("stty-before"))),
        after = quote(&path_str(&run.path("stty-after"))),
        data = quote(&path_str(&run.path("data"))),
        bin = quote(&path_str(&binary())),
    );
    let tmux = Window::start(110, 40, &script);
    tmux.wait_for("51 to go", WAIT);
    assert_eq!(
        tmux.pane("alternate_on"),
        "1",
        "the app uses the alternate screen"
    );

    // Moves: the cursor starts on r1c3 (4 in the solution); below it r2c3 is 2.
    tmux.text("4");
    tmux.wait_for("50 to go", WAIT);
    tmux.keys(&["j"]);
    tmux.text("2");
    tmux.wait_for("49 to go", WAIT);
    tmux.text("u");
    tmux.wait_for("50 to go", WAIT);

    // A hint, in stages.
    tmux.text("i");
    tmux.wait_for("Hint 1/3", WAIT);
    tmux.text("i");
    tmux.wait_for("Hint 2/3", WAIT);
    tmux.keys(&["Escape"]);

    // The solver panel: backtracking is the default; `]` chooses RFSS, run until solved.
    run_rfss_in_the_panel(&tmux);
    let solved = tmux.wait_for("solved in", WAIT);
    assert!(solved.contains("generations"), "{solved}");

    // Quit, and the terminal is as it was.
    tmux.text("q");
    let after = tmux.wait_for("sudoscope exited with", WAIT);
    assert!(after.contains("sudoscope exited with 0"), "{after}");
    let deadline = Instant::now() + WAIT;
    while run.read("stty-after").is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        tmux.pane("alternate_on"),
        "0",
        "the alternate screen is left"
    );
    assert_eq!(tmux.pane("mouse_any_flag"), "0", "mouse reporting is off");
    assert_eq!(tmux.pane("cursor_flag"), "1", "the cursor is shown");
    let (before, after) = (run.read("stty-before"), run.read("stty-after"));
    assert!(!before.is_empty());
    assert_eq!(before, after, "stty settings are restored");
    // The game was saved on the way out.
    let saved = std::fs::read_dir(run.path("data"))
        .map(|d| d.count())
        .unwrap_or(0);
    assert!(saved > 0, "an autosave in SUDOSCOPE_DATA_DIR");
}

/// One command of a VHS tape, as far as replaying keystrokes goes.
#[derive(Clone, Debug, PartialEq)]
enum Tape {
    /// Text typed literally.
    Type(String),
    /// A key by tmux name, pressed `count` times.
    Key(&'static str, usize),
    /// A key with Ctrl or Alt (tmux `C-x`, `M-x`).
    Chord(String),
    Sleep(Duration),
    /// `Wait+Screen /pattern/`: the screen must show the pattern (literal text here).
    Wait {
        pattern: String,
        timeout: Option<Duration>,
    },
    /// `Set Shell`, the only setting the replay needs.
    Shell(String),
    /// Settings, output, `Hide`/`Show`, `Require`, `Screenshot`: recording only.
    Recording,
}

/// `500ms`, `2s`, `1.5s`, `2` (seconds).
fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, scale) = if let Some(ms) = text.strip_suffix("ms") {
        (ms, 1e-3)
    } else if let Some(s) = text.strip_suffix('s') {
        (s, 1.0)
    } else if let Some(m) = text.strip_suffix('m') {
        (m, 60.0)
    } else {
        (text, 1.0)
    };
    number
        .parse::<f64>()
        .ok()
        .filter(|n| n.is_finite() && *n >= 0.0)
        .map(|n| Duration::from_secs_f64(n * scale))
        .ok_or_else(|| format!("bad duration {text:?}"))
}

/// Splits a tape line into words, keeping quoted strings ("", '', ``) and /patterns/ whole
/// (without their delimiters, marked by a leading `"` or `/`).
fn tokens(line: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        if c == '#' {
            break;
        }
        if matches!(c, '"' | '\'' | '`' | '/') {
            chars.next();
            let mut text = String::new();
            loop {
                match chars.next() {
                    Some(d) if d == c => break,
                    Some(d) => text.push(d),
                    None => return Err(format!("unclosed {c} in {line:?}")),
                }
            }
            let mark = if c == '/' { '/' } else { '"' };
            out.push(format!("{mark}{text}"));
        } else {
            let mut word = String::new();
            while let Some(&d) = chars.peek() {
                if d.is_whitespace() {
                    break;
                }
                word.push(d);
                chars.next();
            }
            out.push(word);
        }
    }
    Ok(out)
}

fn key_name(word: &str) -> Option<&'static str> {
    Some(match word {
        "Enter" => "Enter",
        "Space" => "Space",
        "Backspace" => "BSpace",
        "Delete" => "DC",
        "Insert" => "IC",
        "Tab" => "Tab",
        "Escape" => "Escape",
        "Up" => "Up",
        "Down" => "Down",
        "Left" => "Left",
        "Right" => "Right",
        "PageUp" => "PPage",
        "PageDown" => "NPage",
        _ => return None,
    })
}

/// Parses a tape; an unknown command is an error, so the tape stays replayable.
fn parse_tape(text: &str) -> Result<Vec<Tape>, String> {
    let mut steps = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let at = |e: String| format!("demo.tape line {}: {e}", number + 1);
        let words = tokens(line).map_err(at)?;
        let mut words = words.into_iter().peekable();
        while let Some(word) = words.next() {
            let (command, speed) = word.split_once('@').unwrap_or((&word, ""));
            if !speed.is_empty() {
                parse_duration(speed).map_err(at)?;
            }
            match command {
                "Output" | "Require" | "Screenshot" | "Source" => {
                    if command == "Source" {
                        return Err(at("Source is not replayable".into()));
                    }
                    words
                        .next()
                        .ok_or_else(|| at(format!("{command} needs an argument")))?;
                    steps.push(Tape::Recording);
                }
                "Set" => {
                    let setting = words
                        .next()
                        .ok_or_else(|| at("Set needs a setting".into()))?;
                    let value: Vec<String> = words.by_ref().collect();
                    if value.is_empty() {
                        return Err(at(format!("Set {setting} needs a value")));
                    }
                    if setting == "Shell" {
                        steps.push(Tape::Shell(value[0].trim_start_matches('"').to_string()));
                    } else {
                        steps.push(Tape::Recording);
                    }
                }
                "Hide" | "Show" => steps.push(Tape::Recording),
                "Sleep" => {
                    let d = words
                        .next()
                        .ok_or_else(|| at("Sleep needs a time".into()))?;
                    steps.push(Tape::Sleep(parse_duration(&d).map_err(at)?));
                }
                "Type" => {
                    let t = words.next().filter(|t| t.starts_with('"'));
                    let t = t.ok_or_else(|| at("Type needs a quoted string".into()))?;
                    steps.push(Tape::Type(t[1..].to_string()));
                }
                _ if command.starts_with("Wait") => {
                    let scope = &command[4..];
                    if !matches!(scope, "" | "+Screen" | "+Line") {
                        return Err(at(format!("unknown Wait scope {scope:?}")));
                    }
                    let pattern = words
                        .next()
                        .filter(|p| p.starts_with('/'))
                        .ok_or_else(|| at("Wait needs a /pattern/ here".into()))?;
                    let pattern = pattern[1..].to_string();
                    // The replay matches text literally: keep patterns free of regex syntax.
                    if pattern.chars().any(|c| "\\^$.|?*+()[]{}".contains(c)) {
                        return Err(at(format!("pattern {pattern:?} must be plain text")));
                    }
                    let timeout = if speed.is_empty() {
                        None
                    } else {
                        Some(parse_duration(speed).map_err(at)?)
                    };
                    steps.push(Tape::Wait { pattern, timeout });
                }
                _ if command.starts_with("Ctrl+") || command.starts_with("Alt+") => {
                    let (modifier, key) = command.split_once('+').unwrap_or_default();
                    let prefix = if modifier == "Ctrl" { "C-" } else { "M-" };
                    let key = key_name(key)
                        .map(str::to_string)
                        .unwrap_or_else(|| key.to_lowercase());
                    steps.push(Tape::Chord(format!("{prefix}{key}")));
                }
                _ => {
                    let key = key_name(command)
                        .ok_or_else(|| at(format!("unknown command {command:?}")))?;
                    let count = match words.peek().and_then(|w| w.parse::<usize>().ok()) {
                        Some(n) => {
                            words.next();
                            n
                        }
                        None => 1,
                    };
                    steps.push(Tape::Key(key, count));
                }
            }
        }
    }
    Ok(steps)
}

#[test]
fn the_tape_parser_reads_vhs() {
    let tape = "# a comment\nOutput demo.gif\nSet Shell \"bash\"\nSet FontSize 16\nHide\nType@20ms \"echo 'hi'\" Sleep 300ms Enter\nShow\nLeft 3\nCtrl+C\nWait+Screen@10s /51 to go/\nWait /done/\n";
    let steps = parse_tape(tape).expect("parses");
    assert_eq!(
        steps,
        vec![
            Tape::Recording,
            Tape::Shell("bash".into()),
            Tape::Recording,
            Tape::Recording,
            Tape::Type("echo 'hi'".into()),
            Tape::Sleep(Duration::from_millis(300)),
            Tape::Key("Enter", 1),
            Tape::Recording,
            Tape::Key("Left", 3),
            Tape::Chord("C-c".into()),
            Tape::Wait {
                pattern: "51 to go".into(),
                timeout: Some(Duration::from_secs(10))
            },
            Tape::Wait {
                pattern: "done".into(),
                timeout: None
            },
        ]
    );
    assert!(parse_tape("Jump 3").is_err());
    assert!(parse_tape("Type \"unclosed").is_err());
    assert!(parse_tape("Wait+Screen /a.*b/").is_err());
    assert!(parse_tape("Sleep soon").is_err());
}

#[test]
fn demo_tape_replays() {
    let tape = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/demo.tape"))
        .expect("demo.tape is in the repository");
    let steps = match parse_tape(&tape) {
        Ok(steps) => steps,
        Err(e) => panic!("{e}"),
    };
    let waits = steps
        .iter()
        .filter(|s| matches!(s, Tape::Wait { .. }))
        .count();
    assert!(
        waits >= 8,
        "demo.tape checks its screens ({waits} Wait+Screen lines)"
    );
    assert!(
        steps.contains(&Tape::Shell("bash".into())),
        "the tape runs bash"
    );
    if !tmux_available() {
        return;
    }
    let run = Run::new();
    let bin_dir = binary().parent().map(path_str).unwrap_or_default();
    let path = format!("{bin_dir}:{}", std::env::var("PATH").unwrap_or_default());
    let shell = format!(
        "env PATH={path} SUDOSCOPE_DATA_DIR={data} PS1='$ ' TERM=xterm-256color bash --norc --noprofile",
        path = quote(&path),
        data = quote(&path_str(&run.path("data"))),
    );
    let tmux = Window::start(120, 40, &shell);
    tmux.wait_for("$", WAIT);
    for step in &steps {
        match step {
            Tape::Type(text) => tmux.text(text),
            Tape::Key(key, count) => {
                for _ in 0..*count {
                    tmux.keys(&[key]);
                }
            }
            Tape::Chord(chord) => tmux.keys(&[chord]),
            // The waits synchronise; sleeps (for viewers of the recording) are shortened.
            Tape::Sleep(d) => std::thread::sleep((*d / 10).min(Duration::from_millis(200))),
            Tape::Wait { pattern, timeout } => {
                tmux.wait_for(pattern, timeout.unwrap_or(WAIT).max(WAIT));
            }
            Tape::Shell(_) | Tape::Recording => {}
        }
    }
    // The tape ends back at the shell, with the terminal restored.
    let deadline = Instant::now() + WAIT;
    while tmux.pane("alternate_on") != "0" && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        tmux.pane("alternate_on"),
        "0",
        "the app has quit:\n{}",
        tmux.screen()
    );
}

/// Opens the solver panel (backtracking, the default), moves on to RFSS and runs it.
fn run_rfss_in_the_panel(tmux: &Window) {
    tmux.text("s");
    tmux.wait_for("backtrack", WAIT);
    tmux.text("]");
    tmux.wait_for("rfss", WAIT);
    tmux.keys(&["Space"]);
}

/// An X-sudoku (`puzzles/generated/9x9-x-easy.txt`, first line).
const X_EASY: &str =
    ".8.52.9....9.....742...3......4.2..92.4.9.3.51..8.6......2...545.....1....2.85.9.";

/// Starts the binary on `args` in a `width`×`height` tmux window with its own data folder.
fn start_app(run: &Run, width: u16, height: u16, args: &str) -> Window {
    let script = format!(
        "SUDOSCOPE_DATA_DIR={data} {bin} {args}; sleep 600",
        data = quote(&path_str(&run.path("data"))),
        bin = quote(&path_str(&binary())),
    );
    Window::start(width, height, &script)
}

#[test]
fn ascii_whole_screen_with_the_panel_running() {
    if !tmux_available() {
        return;
    }
    for (w, h) in [(80, 24), (120, 40)] {
        let run = Run::new();
        let tmux = start_app(&run, w, h, &format!("play --ascii --variant x {X_EASY}"));
        tmux.wait_for("to go", WAIT);
        tmux.text("f");
        run_rfss_in_the_panel(&tmux);
        let screen = tmux.wait_for("generations", WAIT);
        std::thread::sleep(Duration::from_millis(500));
        let screen = format!("{screen}{}", tmux.screen());
        let bad: Vec<char> = screen.chars().filter(|c| !c.is_ascii()).collect();
        assert!(bad.is_empty(), "{w}x{h}: not ASCII {bad:?}:\n{screen}");
        assert!(screen.contains("9x9 x"), "{screen}");
        tmux.text("q");
    }
}

#[test]
fn x_cells_are_marked_without_colour() {
    if !tmux_available() {
        return;
    }
    let screen_of = |variant: &str| {
        let run = Run::new();
        let tmux = start_app(
            &run,
            80,
            24,
            &format!("play --no-color --variant {variant} {X_EASY}"),
        );
        // The footer is the frame's last line: once it shows, the board above it is drawn
        // (waiting for the title alone could catch a half-drawn frame).
        let screen = tmux.wait_for("s solvers", WAIT);
        tmux.text("q");
        screen
    };
    let standard = screen_of("standard");
    let x = screen_of("x");
    assert!(!standard.contains('╲'), "{standard}");
    assert!(x.contains('╲') && x.contains('╱') && x.contains('╳'), "{x}");
    assert!(x.contains("mark the two diagonals"), "{x}");
}

#[test]
fn help_scrolls_to_its_last_row_at_80x24() {
    if !tmux_available() {
        return;
    }
    let run = Run::new();
    let tmux = start_app(&run, 80, 24, &format!("play {EASY}"));
    tmux.wait_for("51 to go", WAIT);
    tmux.text("?");
    tmux.wait_for("Keys", WAIT);
    for _ in 0..120 {
        tmux.text("j");
    }
    let screen = tmux.wait_for("help / quit", WAIT);
    assert!(!screen.contains("Deleteclear"), "{screen}");
    tmux.keys(&["Escape"]);
    tmux.text("q");
}

/// Friction: `play --size 25 --level hard` left the terminal blank for a second or more while
/// the first puzzle was made, before the screen opened. The screen now opens at once and says
/// it is generating; the puzzle follows.
#[test]
fn a_large_first_puzzle_shows_generating_at_once() {
    if !tmux_available() {
        return;
    }
    let run = Run::new();
    let tmux = start_app(&run, 120, 40, "play --size 25 --level hard");
    // The screen is up while the puzzle is still being made (before, the first screen came
    // with the puzzle), with no clock on the empty board.
    let screen = tmux.wait_for("generating a hard 25", WAIT);
    assert!(
        !screen.contains("to go"),
        "a puzzle already, or a clock on the empty board:\n{screen}"
    );
    tmux.wait_for("to go", WAIT);
    tmux.text("q");
}
