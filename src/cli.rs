//! The command line, as `docs/guide.md` documents it.

use clap::{Args, Parser, Subcommand, ValueEnum};

use sudoscope_core::generate::{Level, Symmetry};
use sudoscope_core::grid::{Alphabet, Variant};

/// sudoscope: play sudoku in the terminal, get hints that teach, and watch solvers work.
#[derive(Debug, Parser)]
#[command(name = "sudoscope", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play in the terminal UI: a puzzle given as text or from a file, or a freshly generated
    /// one (the default when sudoscope runs without arguments).
    Play(PlayArgs),
    /// Solve puzzles: prints the solution line, or `no-solution` / `unsolved` / `invalid: REASON`.
    Solve(SolveArgs),
    /// Count solutions up to a limit: prints the count, or `L+` when the limit is reached.
    Count(CountArgs),
    /// Check puzzles: validity, number of solutions (none / unique / multiple) and givens.
    Check(CheckArgs),
    /// Rewrite puzzles in another text format (one-line, grid, .ss, .sdk, pencilmarks).
    Convert(ConvertArgs),
    /// The next logical step (easiest first), every step at this grid (--all), or the whole
    /// logical solution path (--path), each technique named and explained.
    Hint(HintArgs),
    /// Rate difficulty: level (easy/medium/hard/evil), score, hardest technique, WNEF, and
    /// whether logic alone solves the puzzle.
    Rate(RateArgs),
    /// Generate puzzles with exactly one solution at a level (easy/medium/hard/evil), one per
    /// line as they are produced.
    Generate(GenerateArgs),
    /// Serve the game over SSH: anyone can `ssh -p 2222 host` and play, no account needed.
    Serve(ServeArgs),
    /// Today's puzzle (UTC), the same on every machine: one 9×9 puzzle per day and level.
    Daily(DailyArgs),
    /// The canonical (minlex) form of each 9×9 standard puzzle: equivalent puzzles (digits
    /// relabelled, rows, columns, bands and stacks permuted, transposed) get the same line.
    Canon(CanonArgs),
    /// Your history: games, best and median times per kind of puzzle, games per week and
    /// the daily streak.
    Stats(StatsArgs),
}

/// `sudoscope canon`.
#[derive(Debug, Args)]
pub struct CanonArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}

/// `sudoscope stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Text for people, or one JSON object for scripts.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}

/// `sudoscope daily`.
#[derive(Debug, Args)]
pub struct DailyArgs {
    /// The day, `YYYY-MM-DD` (UTC); today without it. A past day can be played, but only
    /// today's counts for streaks.
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub date: Option<String>,
    /// The level: easy, medium, hard or evil.
    #[arg(long, value_enum, default_value_t = DailyLevel::Medium)]
    pub level: DailyLevel,
    /// Write the puzzle's one-line form instead of starting the game (for scripts).
    #[arg(long)]
    pub print: bool,
    /// No colours (also when the NO_COLOR environment variable is set).
    #[arg(long)]
    pub no_color: bool,
    /// ASCII lines and markers only, for terminals without Unicode.
    #[arg(long)]
    pub ascii: bool,
}

/// The levels a daily comes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DailyLevel {
    Easy,
    Medium,
    Hard,
    Evil,
}

impl From<DailyLevel> for Level {
    fn from(value: DailyLevel) -> Level {
        match value {
            DailyLevel::Easy => Level::Easy,
            DailyLevel::Medium => Level::Medium,
            DailyLevel::Hard => Level::Hard,
            DailyLevel::Evil => Level::Evil,
        }
    }
}

/// Where puzzles come from and how to read them; shared by every command.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// A puzzle file (one puzzle per line, or a multi-line grid), a puzzle written out, or `-`
    /// for standard input (the default when nothing is given and input is piped).
    #[arg(value_name = "PUZZLE|FILE|-")]
    pub input: Option<String>,
    /// Extra houses: X-sudoku diagonals or hyper-sudoku windows.
    #[arg(long, value_enum, default_value_t = VariantArg::Standard)]
    pub variant: VariantArg,
    /// Read the puzzle symbols in this alphabet instead of detecting it.
    #[arg(long, value_enum, default_value_t = AlphabetArg::Auto)]
    pub alphabet: AlphabetArg,
}

/// Text or JSON records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    Standard,
    X,
    Hyper,
}

impl From<VariantArg> for Variant {
    fn from(value: VariantArg) -> Variant {
        match value {
            VariantArg::Standard => Variant::Standard,
            VariantArg::X => Variant::X,
            VariantArg::Hyper => Variant::Hyper,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlphabetArg {
    /// Detect per input: `1-9A-G`, `0-F` or `A-P` for 16×16, `1-9A-P` or `A-Y` for 25×25.
    Auto,
    /// `1-9`, then `A-Z`; `.` or `0` is empty.
    Digits,
    /// `0-9`, then `A-Z` (digit 1 is `0`); only `.` is empty.
    ZeroBased,
    /// `A-Z`; `.` or `0` is empty.
    Letters,
}

impl AlphabetArg {
    pub fn forced(self) -> Option<Alphabet> {
        match self {
            AlphabetArg::Auto => None,
            AlphabetArg::Digits => Some(Alphabet::Digits),
            AlphabetArg::ZeroBased => Some(Alphabet::ZeroBased),
            AlphabetArg::Letters => Some(Alphabet::Letters),
        }
    }
}

/// The solvers of `solve --solver`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolverName {
    /// Exact search with propagation (bit-parallel for 9×9, generic otherwise).
    Exact,
    /// The logical-technique engine.
    Logic,
    /// Visible depth-first search.
    Backtrack,
    /// Horn's resource-defined fitness sharing.
    Rfss,
    /// RFSS as a linear program.
    RfssLp,
    /// RFSS as a binary program (branch and bound).
    RfssIp,
    /// Sparse optimisation by L1 minimisation.
    L1,
    /// Reweighted L1 with warm restarts.
    L1Weighted,
    /// Ours: L1 with LP deductions, propagation and step-3 clues undone on contradiction.
    L1Plus,
    /// Mantere & Koljonen's genetic algorithm.
    Ga,
    /// Mantere & Koljonen's cultural algorithm.
    Cultural,
}

impl SolverName {
    pub fn name(self) -> &'static str {
        match self {
            SolverName::Exact => "exact",
            SolverName::Logic => "logic",
            SolverName::Backtrack => "backtrack",
            SolverName::Rfss => "rfss",
            SolverName::RfssLp => "rfss-lp",
            SolverName::RfssIp => "rfss-ip",
            SolverName::L1 => "l1",
            SolverName::L1Weighted => "l1-weighted",
            SolverName::L1Plus => "l1-plus",
            SolverName::Ga => "ga",
            SolverName::Cultural => "cultural",
        }
    }
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Which solver to run.
    #[arg(long, value_enum, default_value_t = SolverName::Exact)]
    pub solver: SolverName,
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// Print a summary (puzzles, statuses, time, throughput) to standard error at the end.
    #[arg(long)]
    pub stats: bool,
    /// Seed for the randomised solvers (the exact solver is deterministic and ignores it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop a puzzle after this many iterations (search nodes for the exact solver).
    #[arg(long, value_name = "N")]
    pub max_iterations: Option<u64>,
    /// Stop a puzzle after this many milliseconds.
    #[arg(long, value_name = "T")]
    pub timeout_ms: Option<u64>,
}

/// `play --level`: the difficulty of a generated puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlayLevel {
    Easy,
    Medium,
    Hard,
    Evil,
    /// No rating target.
    Any,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// A puzzle written out (any format sudoscope reads), or a file of puzzles; without it a
    /// puzzle is generated.
    #[arg(value_name = "PUZZLE", conflicts_with = "file")]
    pub puzzle: Option<String>,
    /// Read the puzzle from this file.
    #[arg(long, value_name = "F")]
    pub file: Option<std::path::PathBuf>,
    /// Which puzzle of the file to play, counting from 1 (the file given with --file or as
    /// PUZZLE).
    #[arg(long, value_name = "I", value_parser = at_least_one)]
    pub index: Option<u64>,
    /// Difficulty of a generated puzzle.
    #[arg(long, value_enum)]
    pub level: Option<PlayLevel>,
    /// Side length of a generated puzzle: 4, 9, 16 or 25.
    #[arg(long, value_parser = parse_play_size)]
    pub size: Option<usize>,
    /// Variant of a generated puzzle (killer and jigsaw too), or how to read a given one
    /// (a killer or jigsaw is read from its Solo ID or shape form, which name their kind).
    #[arg(long, value_enum)]
    pub variant: Option<GenerateVariantArg>,
    /// No colours (also when the NO_COLOR environment variable is set).
    #[arg(long)]
    pub no_color: bool,
    /// ASCII lines and markers only, for terminals without Unicode.
    #[arg(long)]
    pub ascii: bool,
    /// Continue an unfinished game: the most recent, or number N of `--list`.
    #[arg(
        long = "continue",
        value_name = "N",
        num_args = 0..=1,
        default_missing_value = "1",
        // The numbers `--list` can print: a player keeps this many unfinished games.
        value_parser = clap::value_parser!(u64).range(1..=sudoscope::store::KEEP_UNFINISHED as u64),
        conflicts_with_all = ["puzzle", "file", "index", "level", "size", "variant"]
    )]
    pub continue_game: Option<u64>,
    /// Print the unfinished games (number, kind, progress, last played) and exit.
    #[arg(long, conflicts_with_all = ["puzzle", "file", "index", "level", "size", "variant", "continue_game"])]
    pub list: bool,
}

/// A number that starts at 1 (a puzzle's place in a file, a count, a limit). `0` is told
/// so in words; clap's own range check says "0 is not in 1..18446744073709551615".
fn at_least_one(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("must be 1 or more".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

fn parse_play_size(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if [4, 9, 16, 25].contains(&n) => Ok(n),
        _ => Err("expected 4, 9, 16 or 25".into()),
    }
}

#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Stop counting at this many solutions.
    #[arg(long, default_value_t = 2, value_parser = at_least_one)]
    pub limit: u64,
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The format to write.
    #[arg(long, value_enum, default_value_t = ConvertTo::Line)]
    pub to: ConvertTo,
    /// Write the output in this alphabet instead of the input's.
    #[arg(long, value_enum, value_name = "ALPHABET")]
    pub output_alphabet: Option<AlphabetArg>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    /// One line, one character per cell.
    Line,
    /// One row per line with box separators.
    Grid,
    /// Simple Sudoku `.ss`.
    Ss,
    /// SadMan `.sdk`.
    Sdk,
    /// Pencilmarks on one line (N³ characters).
    Pencilmark,
    /// Pencilmarks as an aligned candidate grid.
    PencilmarkGrid,
    /// A Simon Tatham's Solo game ID (`3x3:…`, `3x3k:…`, `9j:…`) that Solo itself opens.
    Solo,
    /// The hand-writable killer/jigsaw form: a cage or region map, the sums, the givens.
    Shape,
}

#[derive(Debug, Args)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Every instance of every technique that changes something at this grid, easiest first.
    #[arg(long, conflicts_with = "path")]
    pub all: bool,
    /// Only use this technique (repeatable, or comma-separated ids such as naked-pair,x-wing).
    #[arg(long, value_name = "T")]
    pub technique: Vec<String>,
    /// The whole logical solution path, one numbered step per line, until solved or stuck.
    #[arg(long)]
    pub path: bool,
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}

#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// Rate on N threads (default: one per processor core). Records still come out in input
    /// order; interactive standard input is rated a line at a time.
    #[arg(long, value_name = "N")]
    pub jobs: Option<std::num::NonZeroUsize>,
    /// Add Sudoku Explainer's rating (ER/EP/ED, SE 1.2.1's scale; standard 9x9 only).
    #[arg(long)]
    pub se: bool,
}

impl RateArgs {
    /// The number of rating threads: `--jobs`, or one per core.
    pub fn jobs(&self) -> usize {
        self.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |n| n.get(),
        )
    }
}

impl PlayArgs {
    /// `sudoscope` without arguments: `play` with every default.
    pub fn default_args() -> PlayArgs {
        PlayArgs {
            puzzle: None,
            file: None,
            index: None,
            level: None,
            size: None,
            variant: None,
            no_color: false,
            ascii: false,
            continue_game: None,
            list: false,
        }
    }
}

/// `generate --level`: a rating level, or `any` for plain random masking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Singles only (full house, hidden and naked singles).
    Easy,
    /// Needs intersections (pointing, claiming) or pairs.
    Medium,
    /// Needs triples, quads, fish, wings, colouring or uniqueness.
    Hard,
    /// Needs chains, or more than the hint engine knows.
    Evil,
    /// Any level: random masking down to a minimal puzzle, no rating target.
    Any,
}

impl LevelArg {
    pub fn level(self) -> Option<Level> {
        match self {
            LevelArg::Easy => Some(Level::Easy),
            LevelArg::Medium => Some(Level::Medium),
            LevelArg::Hard => Some(Level::Hard),
            LevelArg::Evil => Some(Level::Evil),
            LevelArg::Any => None,
        }
    }
}

/// `generate --symmetry`: the symmetry of the pattern of givens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    None,
    /// 180° rotation.
    Rotational,
    /// Reflection in the main diagonal.
    Diagonal,
    /// Reflection in the anti-diagonal.
    AntiDiagonal,
    /// Left-right reflection.
    Mirror,
    /// Top-bottom reflection.
    Flip,
    /// All eight symmetries of the square.
    Dihedral,
}

impl From<SymmetryArg> for Symmetry {
    fn from(value: SymmetryArg) -> Symmetry {
        match value {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotational => Symmetry::Rotational,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
            SymmetryArg::AntiDiagonal => Symmetry::AntiDiagonal,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Flip => Symmetry::Flip,
            SymmetryArg::Dihedral => Symmetry::Dihedral,
        }
    }
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The difficulty level every puzzle is rated at (see `sudoscope rate`).
    #[arg(long, value_enum, default_value_t = LevelArg::Medium)]
    pub level: LevelArg,
    /// How many puzzles to generate.
    #[arg(long, default_value_t = 1, value_parser = at_least_one)]
    pub count: u64,
    /// Side length: 4, 9, 16, 25 or 36 (killer: 4, 9 or 16; jigsaw: any from 4 to 16).
    #[arg(long, default_value_t = 9, value_parser = parse_generate_size)]
    pub size: usize,
    /// The kind: extra houses (X diagonals, hyper windows), killer cages (zero givens unless
    /// --givens), or jigsaw's irregular regions.
    #[arg(long, value_enum, default_value_t = GenerateVariantArg::Standard)]
    pub variant: GenerateVariantArg,
    /// Killer: allow givens besides the cages (larger cages, a few digits given).
    #[arg(long)]
    pub givens: bool,
    /// The symmetry of the pattern of givens.
    #[arg(long, value_enum, default_value_t = SymmetryArg::Rotational)]
    pub symmetry: SymmetryArg,
    /// Seed: the same seed gives the same puzzles on any machine (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Only minimal puzzles: removing any given would allow a second solution.
    #[arg(long)]
    pub minimal: bool,
    /// Only puzzles equivalent (digits relabelled, rows, columns, bands and stacks permuted,
    /// transposed) to none in FILE, nor to each other; without FILE, to none in the shared
    /// datasets (`$SUDOSCOPE_DATASETS`, else `../shared/datasets`) when present. 9×9 only.
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    pub fresh: Option<Option<std::path::PathBuf>>,
    /// Only 9×9 puzzles whose Sudoku Explainer ER (as `rate --se` gives it) is in the band
    /// A..B, ends included; either end may be open (`9.0..`, `..3.0`). Replaces --level.
    #[arg(long, value_name = "A..B", conflicts_with_all = ["level", "needs"])]
    pub se: Option<String>,
    /// Only puzzles whose logical path uses TECHNIQUE (an id or name as `hint` and the key
    /// table write it: x-wing, "XY-Wing", unique-rectangle-type-2…) and nothing rated above
    /// it. Replaces --level.
    #[arg(long, value_name = "TECHNIQUE", conflicts_with = "level")]
    pub needs: Option<String>,
    /// With --se: start the search for hard puzzles from the puzzles of FILE (9×9, one
    /// solution each) instead of generated ones; the puzzles found then have no symmetry.
    #[arg(long, value_name = "FILE", requires = "se")]
    pub from: Option<std::path::PathBuf>,
    /// Give up on a puzzle after this many milliseconds.
    #[arg(long, value_name = "T", default_value_t = 10_000, value_parser = at_least_one)]
    pub timeout_ms: u64,
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
}

/// `generate --variant` and `play --variant`: every kind the generator makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateVariantArg {
    Standard,
    X,
    Hyper,
    Killer,
    KillerX,
    Jigsaw,
    JigsawX,
}

impl From<GenerateVariantArg> for Variant {
    fn from(value: GenerateVariantArg) -> Variant {
        match value {
            GenerateVariantArg::Standard => Variant::Standard,
            GenerateVariantArg::X => Variant::X,
            GenerateVariantArg::Hyper => Variant::Hyper,
            GenerateVariantArg::Killer => Variant::Killer,
            GenerateVariantArg::KillerX => Variant::KillerX,
            GenerateVariantArg::Jigsaw => Variant::Jigsaw,
            GenerateVariantArg::JigsawX => Variant::JigsawX,
        }
    }
}

/// The sizes any kind may have; which kind takes which is checked with the kind.
fn parse_generate_size(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (4..=36).contains(&n) => Ok(n),
        _ => Err("expected a side length from 4 to 36".into()),
    }
}

/// `sudoscope serve`: every limit has a safe default.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address and port to listen on.
    #[arg(long, value_name = "ADDR:PORT", default_value = "0.0.0.0:2222")]
    pub listen: std::net::SocketAddr,
    /// The host key file, created on first start and reused after (default: in the data
    /// directory).
    #[arg(long, value_name = "PATH")]
    pub host_key: Option<std::path::PathBuf>,
    /// Where the host key and the saved games live (default: `$SUDOSCOPE_DATA_DIR/server`,
    /// else the platform's data directory + `sudoscope/server`).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<std::path::PathBuf>,
    /// Where players' games, history, names and leaderboards are kept: `sqlite:PATH`, a SQLite
    /// file (default: `saves.sqlite3` in the data directory; one server per file), or
    /// `postgres://user@host/dbname`, a PostgreSQL database that several servers share.
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
    /// Only the keys in this OpenSSH authorized_keys file may play (default: anyone).
    #[arg(long, value_name = "FILE")]
    pub authorized_keys: Option<std::path::PathBuf>,
    /// Sessions playing at once; later players see a "server full" message.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_sessions: u32,
    /// Sessions at once from one source address.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_sessions_per_address: u32,
    /// Close a session after this many seconds without input (its game is saved).
    #[arg(long, value_name = "SECONDS", default_value_t = 1800, value_parser = at_least_one)]
    pub idle_timeout: u64,
    /// No session lasts longer than this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 14_400, value_parser = at_least_one)]
    pub max_session: u64,
    /// Threads that may step solvers at once, shared by every session (default: one less
    /// than the cores, at least one), so input handling always has a core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub solver_threads: Option<u32>,
}
