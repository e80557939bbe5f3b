//! Reading puzzles from text: one-line puzzles, multi-line grids (`.ss`, `.sdk` and plain),
//! and pencilmark grids in either form.
//!
//! [`PuzzleReader`] streams records from any `BufRead`: it holds at most one line (capped at
//! [`MAX_LINE_BYTES`]) and one partly read grid, so a 49,000-puzzle file or a 100 MB line costs
//! no more memory than a single puzzle. Every problem becomes a [`ParseError`] naming the line
//! and, where there is one, the column.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use super::alphabet::{Alphabet, Symbol};
use super::board::{Grid, Puzzle};
use super::digits::Digits;
use super::error::{ParseError, ParseErrorKind};
use super::filled::filled_cells_9x9;
use super::geometry::Geometry;
use super::shape_spec::{SIZES, Variant};
use super::shape_text::ShapeTextReader;

/// Longest line read; the rest of a longer line is skipped without being stored.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What the reader is told rather than what it detects.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The variant's extra houses (the text cannot say).
    pub variant: Variant,
    /// Forces the alphabet instead of detecting it.
    pub alphabet: Option<Alphabet>,
}

/// One puzzle of the input, or why its text is not one.
#[derive(Clone, Debug)]
pub struct Record {
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The puzzle's text as written (its first line's first field), for echoing in output.
    pub text: String,
    /// The puzzle, or why the text is not one.
    pub result: Result<Puzzle, ParseError>,
}

/// Reads every puzzle of a text (a literal argument, a test string).
pub fn read_all(text: &str, options: ReadOptions) -> Vec<Record> {
    PuzzleReader::new(text.as_bytes(), options).collect()
}

/// Parses exactly one puzzle from a text, as for a literal command-line argument: the first
/// record's error if it has one, else an error when a second puzzle follows.
pub fn parse_puzzle(text: &str, options: ReadOptions) -> Result<Puzzle, ParseError> {
    let mut records = PuzzleReader::new(text.as_bytes(), options);
    let Some(first) = records.next() else {
        return Err(ParseError::new(1, None, ParseErrorKind::NoPuzzle));
    };
    let puzzle = first.result?;
    match records.next() {
        None => Ok(puzzle),
        Some(second) => Err(ParseError::new(
            second.line,
            None,
            ParseErrorKind::ExtraPuzzle,
        )),
    }
}

/// A streaming reader of puzzle records.
pub struct PuzzleReader<R> {
    input: R,
    options: ReadOptions,
    line_no: usize,
    pending: Option<PendingGrid>,
    /// The alphabet of the previous puzzle, so ambiguous puzzles of a file read alike.
    last_alphabet: Option<Alphabet>,
    /// Inside a `.sdk` section other than `[Puzzle]` (such as `[State]`): its rows are skipped.
    skipping_section: bool,
    /// Just after a `[Puzzle]` header: the next rows are a grid, even a 16-character row that
    /// would otherwise read as a one-line 4×4 puzzle.
    expect_grid: bool,
    /// The last line ended with `\r`: a `\n` right after it belongs to the same line break.
    after_cr: bool,
    /// A killer or jigsaw in the shape form being read.
    shape_text: Option<ShapeTextReader>,
    ready: VecDeque<Record>,
    finished: bool,
    line: Vec<u8>,
}

/// A multi-line grid being read, one row at a time.
struct PendingGrid {
    first_line: usize,
    size: usize,
    pencil: bool,
    /// Every row so far had one whitespace-separated token per cell, so the grid may still
    /// turn out to be a candidate grid whose first rows hold only single candidates.
    spaced: bool,
    /// A row was wrong and reported: the rest of this grid is read and dropped.
    failed: bool,
    /// One entry per cell: its text (one character, or a candidate list) and where it stood.
    cells: Vec<(Vec<char>, usize, usize)>,
    rows: usize,
    text: String,
}

/// A line's contents read as a grid row.
enum Row {
    /// One character per cell, with its column.
    Plain(Vec<(char, usize)>),
    /// One token of candidates per cell, with its starting column.
    Pencil(Vec<(Vec<char>, usize)>),
}

impl Row {
    fn len(&self) -> usize {
        match self {
            Row::Plain(cells) => cells.len(),
            Row::Pencil(cells) => cells.len(),
        }
    }
}

/// A line split into tokens at whitespace and box separators.
struct RowTokens {
    /// Each token's characters and its 1-based starting column.
    tokens: Vec<(Vec<char>, usize)>,
    /// Whether some stretch between box separators holds several multi-character tokens, as
    /// the cells of a candidate grid do (`| 1234 1234 | 1234 1234 |`).
    grouped: bool,
}

impl RowTokens {
    fn total(&self) -> usize {
        self.tokens.iter().map(|(t, _)| t.len()).sum()
    }

    fn all_single(&self) -> bool {
        self.tokens.iter().all(|(t, _)| t.len() == 1)
    }

    fn plain(self) -> Row {
        Row::Plain(
            self.tokens
                .into_iter()
                .flat_map(|(t, start)| t.into_iter().enumerate().map(move |(i, c)| (c, start + i)))
                .collect(),
        )
    }

    fn pencil(self) -> Row {
        Row::Pencil(self.tokens)
    }

    /// The first row of a grid: one character per cell, or one candidate list per cell.
    fn first_row(self) -> Row {
        let total = self.total();
        let count = self.tokens.len();
        if self.all_single() {
            return self.plain();
        }
        if self.grouped && SIZES.contains(&count) {
            return self.pencil();
        }
        // `53. .7. ...` and `1.3. 5..8 .A.. G...` are plain rows split into boxes.
        let plain = (SIZES.contains(&total) && (!SIZES.contains(&count) || total == count * count))
            || !SIZES.contains(&count);
        if plain { self.plain() } else { self.pencil() }
    }
}

enum LineRead {
    Line,
    TooLong,
    Eof,
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader of `input`, one puzzle per record.
    pub fn new(input: R, options: ReadOptions) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            options,
            line_no: 0,
            pending: None,
            last_alphabet: options.alphabet,
            skipping_section: false,
            expect_grid: false,
            after_cr: false,
            shape_text: None,
            ready: VecDeque::new(),
            finished: false,
            line: Vec::new(),
        }
    }

    /// Reads the next line into `self.line` without its line break (`\n`, `\r\n` or a lone
    /// `\r`), storing at most `MAX_LINE_BYTES`. Never reads past the line break, so a line
    /// typed at a terminal is answered at once.
    fn read_line(&mut self) -> io::Result<LineRead> {
        self.line.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let Some(&first) = buf.first() else {
                break;
            };
            if self.after_cr {
                self.after_cr = false;
                if first == b'\n' {
                    self.input.consume(1);
                    continue;
                }
            }
            any = true;
            let (chunk, used, done) = match memchr::memchr2(b'\n', b'\r', buf) {
                Some(i) => {
                    self.after_cr = buf[i] == b'\r';
                    (&buf[..i], i + 1, true)
                }
                None => (buf, buf.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(self.line.len());
            if chunk.len() > room {
                too_long = true;
            }
            if !too_long {
                self.line.extend_from_slice(chunk);
            }
            self.input.consume(used);
            if done {
                break;
            }
        }
        if !any {
            return Ok(LineRead::Eof);
        }
        Ok(if too_long {
            self.line.clear();
            LineRead::TooLong
        } else {
            LineRead::Line
        })
    }

    fn push_error(
        &mut self,
        line: usize,
        column: Option<usize>,
        kind: ParseErrorKind,
        text: String,
    ) {
        self.ready.push_back(Record {
            line,
            text,
            result: Err(ParseError::new(line, column, kind)),
        });
    }

    /// Reports the grid under way as incomplete (another puzzle started, or the input ended);
    /// a grid whose error was already reported is dropped quietly.
    fn abandon_pending(&mut self) {
        if let Some(grid) = self.pending.take()
            && !grid.failed
        {
            self.push_error(
                grid.first_line,
                None,
                ParseErrorKind::IncompleteGrid {
                    rows: grid.rows,
                    size: grid.size,
                },
                grid.text,
            );
        }
    }

    /// Ends the shape-form record under way: its puzzle, or why it is not one (a record whose
    /// error was already reported is dropped quietly).
    fn finish_shape_text(&mut self) {
        let Some(reader) = self.shape_text.take() else {
            return;
        };
        if reader.failed {
            return;
        }
        let result = reader.finish().and_then(|(spec, givens, alphabet)| {
            let shape = Geometry::shaped(spec)
                .map_err(|e| ParseError::new(reader.first_line, None, e.into()))?;
            finish_givens(&shape, givens, alphabet, reader.first_line)
        });
        self.ready.push_back(Record {
            line: reader.first_line,
            text: reader.text,
            result,
        });
    }

    fn process_line(&mut self) {
        let line_no = self.line_no;
        // Borrow the line buffer out of `self` while the line is processed (no copy).
        let line = std::mem::take(&mut self.line);
        let mut bytes = line.as_slice();
        if line_no == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => self.process_text(text, line_no),
            Err(e) => {
                let valid = &bytes[..e.valid_up_to()];
                let column = valid.iter().filter(|&&b| b & 0xC0 != 0x80).count() + 1;
                let byte = bytes.get(e.valid_up_to()).copied().unwrap_or(0);
                let text: String = String::from_utf8_lossy(bytes).chars().take(100).collect();
                self.abandon_pending();
                self.push_error(
                    line_no,
                    Some(column),
                    ParseErrorKind::NotUtf8 { byte },
                    text,
                );
            }
        }
        self.line = line;
    }

    fn process_text(&mut self, text: &str, line_no: usize) {
        let trimmed = text.trim();
        let header = super::shape_text::header(trimmed);
        if let Some(reader) = self.shape_text.as_mut()
            && header.is_none()
        {
            if trimmed.is_empty() {
                if reader.failed || reader.is_complete() {
                    self.finish_shape_text();
                }
                return;
            }
            if !reader.failed {
                match reader.push(text, line_no) {
                    Ok(()) if reader.is_closed() => self.finish_shape_text(),
                    Ok(()) => {}
                    Err(e) => {
                        reader.failed = true;
                        let text = reader.text.clone();
                        self.ready.push_back(Record {
                            line: e.line,
                            text,
                            result: Err(e),
                        });
                    }
                }
            }
            return;
        }
        if let Some((variant, size)) = header {
            // A killer or jigsaw in the shape form starts here.
            self.abandon_pending();
            self.finish_shape_text();
            self.skipping_section = false;
            self.expect_grid = false;
            self.shape_text = Some(ShapeTextReader::new(
                variant,
                size,
                line_no,
                trimmed,
                self.options.alphabet,
            ));
            return;
        }
        if trimmed.is_empty() {
            return;
        }
        if let Some(header) = trimmed.strip_prefix('[') {
            // A `.sdk` section: `[Puzzle]` holds the grid, anything else (`[State]`) is skipped.
            self.abandon_pending();
            let name = header.trim_end_matches(']').trim();
            let is_puzzle = name.eq_ignore_ascii_case("puzzle");
            self.skipping_section = !is_puzzle;
            self.expect_grid = is_puzzle;
            return;
        }
        if trimmed.starts_with('#') || trimmed.starts_with(';') {
            // `.sdk` metadata starts the next puzzle, so it also ends a skipped section.
            self.skipping_section = false;
            return;
        }
        // Rules between bands, checked first: a rule can be exactly as long as a one-line puzzle
        // (a 36×36 grid's `-+-` rule is 81 characters).
        if is_separator_line(trimmed) {
            return;
        }
        let indent = text.chars().take_while(|c| c.is_whitespace()).count();
        let token: Vec<char> = trimmed.chars().take_while(|c| !c.is_whitespace()).collect();
        {
            let token_text: String = token.iter().collect();
            if super::solo::looks_like_solo_id(&token_text) {
                // A Solo ID is a puzzle of its own: it ends a grid under way (no grid row
                // looks like one) and a skipped `.sdk` section.
                self.abandon_pending();
                self.skipping_section = false;
                self.expect_grid = false;
                let result = read_solo_id(&token_text, indent, line_no);
                self.ready.push_back(Record {
                    line: line_no,
                    text: token_text,
                    result,
                });
                return;
            }
        }
        let shape = one_line_shape(token.len());
        if self.skipping_section {
            // A one-line puzzle is no row of a skipped section: the section is over.
            if shape.is_some_and(|(n, _)| n > 4) {
                self.skipping_section = false;
            } else {
                return;
            }
        }
        let token_text: String = token.iter().collect();

        if self.pending.is_none()
            && let Some((size, pencil)) = shape
        {
            // A 16-character line could be a 4×4 puzzle or the first row of a 16×16 grid: a
            // `[Puzzle]` header, or a character a 4×4 cannot hold but a 16×16 can, decides for
            // the grid row.
            let ambiguous = size == 4 && !pencil;
            let parsed = if ambiguous && self.expect_grid {
                None
            } else {
                Some(self.parse_one_line(&token, indent, size, pencil, line_no))
            };
            let is_grid_row = match &parsed {
                None => true,
                Some(Err(e)) => {
                    ambiguous
                        && matches!(e.kind, ParseErrorKind::BadCharacter { .. })
                        && fits_some_alphabet(&token, 16)
                }
                Some(Ok(_)) => false,
            };
            if let (false, Some(parsed)) = (is_grid_row, parsed) {
                if let Ok(puzzle) = &parsed {
                    self.last_alphabet = Some(puzzle.alphabet);
                }
                self.expect_grid = false;
                self.ready.push_back(Record {
                    line: line_no,
                    text: token_text,
                    result: parsed,
                });
                return;
            }
        }
        if self.pending.is_some() && shape.is_some_and(|(n, _)| n != 4) {
            self.abandon_pending();
            return self.process_text(text, line_no);
        }
        let tokens = split_row(text);
        let spaced = tokens.all_single();
        let expected = self.pending.as_ref().map(|p| (p.size, p.pencil, p.spaced));
        match expected {
            None => {
                let row = tokens.first_row();
                if SIZES.contains(&row.len()) {
                    let size = row.len();
                    self.pending = Some(PendingGrid {
                        first_line: line_no,
                        size,
                        pencil: matches!(row, Row::Pencil(_)),
                        spaced,
                        failed: false,
                        cells: Vec::with_capacity(size * size),
                        rows: 0,
                        text: trimmed.to_owned(),
                    });
                    self.expect_grid = false;
                    self.add_row(row, line_no);
                } else {
                    let kind = if token.len() > 36 {
                        let (expected, size, pencilmark) = nearest_shape(token.len());
                        ParseErrorKind::WrongLength {
                            found: token.len(),
                            expected,
                            size,
                            pencilmark,
                        }
                    } else {
                        ParseErrorKind::UnknownRowLength { found: row.len() }
                    };
                    self.expect_grid = false;
                    self.push_error(line_no, None, kind, token_text);
                }
            }
            Some((size, pencil, grid_spaced)) => {
                let count = tokens.tokens.len();
                let row = if pencil {
                    tokens.pencil()
                } else if tokens.total() == size {
                    if !spaced && let Some(grid) = self.pending.as_mut() {
                        grid.spaced = false;
                    }
                    tokens.plain()
                } else if grid_spaced && count == size {
                    // Candidate lists after rows of single candidates: a candidate grid.
                    if let Some(grid) = self.pending.as_mut() {
                        grid.pencil = true;
                    }
                    tokens.pencil()
                } else {
                    tokens.plain()
                };
                if row.len() == size {
                    self.add_row(row, line_no);
                } else if let Some(grid) = self.pending.as_mut() {
                    grid.rows += 1;
                    let report = !grid.failed;
                    grid.failed = true;
                    let text = grid.text.clone();
                    if grid.rows >= grid.size {
                        self.pending = None;
                    }
                    if report {
                        self.push_error(
                            line_no,
                            None,
                            ParseErrorKind::WrongRowLength {
                                found: row.len(),
                                expected: size,
                            },
                            text,
                        );
                    }
                }
            }
        }
    }

    fn add_row(&mut self, row: Row, line_no: usize) {
        let Some(grid) = self.pending.as_mut() else {
            return;
        };
        match row {
            Row::Plain(cells) => grid
                .cells
                .extend(cells.into_iter().map(|(c, col)| (vec![c], line_no, col))),
            Row::Pencil(cells) => grid
                .cells
                .extend(cells.into_iter().map(|(t, col)| (t, line_no, col))),
        }
        grid.rows += 1;
        if grid.rows >= grid.size
            && let Some(grid) = self.pending.take()
        {
            if grid.failed {
                return;
            }
            let result = self.finish_grid(&grid);
            if let Ok(puzzle) = &result {
                self.last_alphabet = Some(puzzle.alphabet);
            }
            self.ready.push_back(Record {
                line: grid.first_line,
                text: grid.text,
                result,
            });
        }
    }

    fn alphabet_for(
        &self,
        chars: &[char],
        size: usize,
        detect: fn(&[char], usize, Option<Alphabet>) -> Alphabet,
    ) -> Alphabet {
        match self.options.alphabet {
            Some(forced) => forced,
            None => detect(chars, size, self.last_alphabet),
        }
    }

    fn geometry(&self, size: usize, line: usize) -> Result<&Geometry, ParseError> {
        Geometry::get(size, self.options.variant).map_err(|e| ParseError::new(line, None, e.into()))
    }

    fn parse_one_line(
        &self,
        token: &[char],
        indent: usize,
        size: usize,
        pencil: bool,
        line: usize,
    ) -> Result<Puzzle, ParseError> {
        let geometry = self.geometry(size, line)?;
        if pencil {
            let alphabet = self.alphabet_for(token, size, Alphabet::detect_pencilmarks);
            check_alphabet(alphabet, size, line)?;
            let mut marks = Vec::with_capacity(size * size);
            for (cell, block) in token.chunks(size).enumerate() {
                let mut set = Digits::EMPTY;
                for (i, &c) in block.iter().enumerate() {
                    let column = cell * size + i + indent + 1;
                    match alphabet.read(c, size) {
                        Symbol::Empty => {}
                        Symbol::Digit(d) if d as usize == i + 1 => set.insert(d),
                        _ => {
                            return Err(ParseError::new(
                                line,
                                Some(column),
                                ParseErrorKind::BadCharacter {
                                    found: super::alphabet::describe_char(c),
                                    allowed: format!(
                                        "'{}' at this position of the cell, or '.'",
                                        alphabet.symbol(i as u8 + 1)
                                    ),
                                },
                            ));
                        }
                    }
                }
                marks.push(set);
            }
            finish_pencilmarks(geometry, marks, alphabet, line)
        } else {
            let alphabet = self.alphabet_for(token, size, Alphabet::detect);
            check_alphabet(alphabet, size, line)?;
            if let Some((i, kind)) = alphabet.first_invalid(token, size) {
                return Err(ParseError::new(line, Some(i + indent + 1), kind));
            }
            let cells = token
                .iter()
                .map(|&c| match alphabet.read(c, size) {
                    Symbol::Digit(d) => d,
                    _ => 0,
                })
                .collect();
            finish_givens(geometry, cells, alphabet, line)
        }
    }

    fn finish_grid(&self, grid: &PendingGrid) -> Result<Puzzle, ParseError> {
        let size = grid.size;
        let geometry = self.geometry(size, grid.first_line)?;
        let all: Vec<char> = grid
            .cells
            .iter()
            .flat_map(|(t, _, _)| t.iter().copied())
            .collect();
        let detect = if grid.pencil {
            Alphabet::detect_candidates
        } else {
            Alphabet::detect
        };
        let alphabet = self.alphabet_for(&all, size, detect);
        check_alphabet(alphabet, size, grid.first_line)?;
        let read = |c: char, line: usize, column: usize| match alphabet.read(c, size) {
            Symbol::Invalid => Err(ParseError::new(
                line,
                Some(column),
                ParseErrorKind::BadCharacter {
                    found: super::alphabet::describe_char(c),
                    allowed: alphabet.describe(size),
                },
            )),
            symbol => Ok(symbol),
        };
        if grid.pencil {
            let mut marks = Vec::with_capacity(size * size);
            for (token, line, column) in &grid.cells {
                let mut set = Digits::EMPTY;
                for (i, &c) in token.iter().enumerate() {
                    if let Symbol::Digit(d) = read(c, *line, column + i)? {
                        set.insert(d);
                    }
                }
                marks.push(set);
            }
            finish_pencilmarks(geometry, marks, alphabet, grid.first_line)
        } else {
            let mut cells = Vec::with_capacity(size * size);
            for (token, line, column) in &grid.cells {
                let digit = match token.first() {
                    Some(&c) => match read(c, *line, *column)? {
                        Symbol::Digit(d) => d,
                        _ => 0,
                    },
                    None => 0,
                };
                cells.push(digit);
            }
            finish_givens(geometry, cells, alphabet, grid.first_line)
        }
    }
}

/// Reads a Solo game ID (the first field of line `line`, after `indent` characters): its
/// shape, built and checked, and its givens. The ID says its own kind, so the reader's variant
/// does not apply.
fn read_solo_id(id: &str, indent: usize, line: usize) -> Result<Puzzle, ParseError> {
    let decoded = super::solo::decode(id)
        .map_err(|f| ParseError::new(line, f.offset.map(|o| indent + o + 1), f.kind))?;
    let shape =
        Geometry::shaped(decoded.spec).map_err(|e| ParseError::new(line, None, e.into()))?;
    let alphabet = Alphabet::default_for(shape.size());
    finish_givens(&shape, decoded.givens, alphabet, line)
}

impl Puzzle {
    /// Reads a killer or jigsaw written in the shape form (see [`Puzzle::to_shape_text`]).
    pub fn from_shape_text(text: &str) -> Result<Puzzle, ParseError> {
        parse_puzzle(text, ReadOptions::default())
    }

    /// Reads a Simon Tatham's Solo game ID (`3x3k:…`, `9j:…`, …): the shape it names and its
    /// givens. Errors name the field at fault and its column.
    pub fn from_solo_id(id: &str) -> Result<Puzzle, ParseError> {
        let trimmed = id.trim();
        let indent = id.chars().take_while(|c| c.is_whitespace()).count();
        read_solo_id(trimmed, indent, 1)
    }
}

/// Whether some alphabet of an N×N puzzle reads every character.
fn fits_some_alphabet(chars: &[char], size: usize) -> bool {
    [Alphabet::Digits, Alphabet::ZeroBased, Alphabet::Letters]
        .into_iter()
        .any(|a| a.supports(size) && a.first_invalid(chars, size).is_none())
}

fn check_alphabet(alphabet: Alphabet, size: usize, line: usize) -> Result<(), ParseError> {
    if alphabet.supports(size) {
        Ok(())
    } else {
        Err(ParseError::new(
            line,
            None,
            ParseErrorKind::Unreadable(format!(
                "the {} alphabet has too few symbols for {size}×{size}",
                alphabet.name()
            )),
        ))
    }
}

fn finish_givens(
    geometry: &Geometry,
    cells: Vec<u8>,
    alphabet: Alphabet,
    line: usize,
) -> Result<Puzzle, ParseError> {
    let givens =
        Grid::from_cells(geometry, cells).map_err(|e| ParseError::new(line, None, e.into()))?;
    let puzzle = Puzzle {
        givens,
        pencilmarks: None,
        alphabet,
    };
    puzzle
        .validate()
        .map_err(|kind| ParseError::new(line, None, kind))?;
    Ok(puzzle)
}

fn finish_pencilmarks(
    geometry: &Geometry,
    marks: Vec<Digits>,
    alphabet: Alphabet,
    line: usize,
) -> Result<Puzzle, ParseError> {
    let puzzle = Puzzle {
        givens: Grid::empty(geometry),
        pencilmarks: Some(marks),
        alphabet,
    };
    puzzle
        .validate()
        .map_err(|kind| ParseError::new(line, None, kind))?;
    Ok(puzzle)
}

/// What [`PuzzleReader::next_item`] yields.
#[derive(Clone, Debug)]
pub enum Item {
    /// A one-line standard 9×9 puzzle in digits whose givens do not clash, read without
    /// building a [`Puzzle`]: its 1-based line and its givens (row-major, 0 = empty).
    /// The standard 9×9 fast path.
    Standard {
        /// The 1-based line.
        line: usize,
        /// The givens, row-major, 0 for empty.
        givens: [u8; 81],
    },
    /// Any other record, exactly as the iterator yields it.
    Record(Record),
}

impl<R: BufRead> PuzzleReader<R> {
    /// Like [`Iterator::next`], with a fast lane for the commonest input, a file of one-line
    /// 9×9 puzzles: such a line comes back as [`Item::Standard`] without the allocations of a
    /// [`Puzzle`], so a caller that solves it with the 9×9 solver streams at solving speed.
    /// The lane is taken only where the general reading could mean nothing else (no grid or
    /// skipped section under way, the standard variant, no alphabet but digits forced, no
    /// clash among the givens); every other line is read as `next` reads it, so the records,
    /// errors and line numbers are the same.
    pub fn next_item(&mut self) -> Option<Item> {
        let fast = self.options.variant == Variant::Standard
            && matches!(self.options.alphabet, None | Some(Alphabet::Digits));
        while self.ready.is_empty() && !self.finished {
            if let Some(item) = self.step(fast) {
                return Some(item);
            }
        }
        self.ready.pop_front().map(Item::Record)
    }

    /// Reads and handles one line: a standard one-line puzzle is returned when `fast`, any
    /// other outcome is queued in `ready`.
    fn step(&mut self, fast: bool) -> Option<Item> {
        self.line_no += 1;
        match self.read_line() {
            Ok(LineRead::Line) => {
                if fast
                    && self.pending.is_none()
                    && self.shape_text.is_none()
                    && !self.skipping_section
                    && let Some(givens) = standard_line(&self.line, self.line_no == 1)
                {
                    // What the general reading of this line would leave behind.
                    self.last_alphabet = Some(Alphabet::Digits);
                    self.expect_grid = false;
                    return Some(Item::Standard {
                        line: self.line_no,
                        givens,
                    });
                }
                self.process_line();
            }
            Ok(LineRead::TooLong) => {
                self.abandon_pending();
                self.finish_shape_text();
                let line = self.line_no;
                self.push_error(
                    line,
                    None,
                    ParseErrorKind::LineTooLong {
                        max: MAX_LINE_BYTES,
                    },
                    String::new(),
                );
            }
            Ok(LineRead::Eof) => {
                self.abandon_pending();
                self.finish_shape_text();
                self.finished = true;
            }
            Err(e) => {
                self.abandon_pending();
                self.finish_shape_text();
                let line = self.line_no;
                self.push_error(
                    line,
                    None,
                    ParseErrorKind::Unreadable(e.to_string()),
                    String::new(),
                );
                self.finished = true;
            }
        }
        None
    }
}

/// The givens of a line that holds a one-line standard 9×9 puzzle in digits (`.` or `0`
/// empty, at least one digit), optionally indented and followed by other fields, when they
/// do not clash; None for anything else, which the general reading then handles (and
/// reports). Only ASCII spaces and tabs count as separators here: rarer whitespace takes the
/// general path.
fn standard_line(line: &[u8], first_line: bool) -> Option<[u8; 81]> {
    let mut bytes = line;
    if first_line {
        bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    }
    let start = bytes.iter().position(|&b| b != b' ' && b != b'\t')?;
    let (token, rest) = bytes.get(start..)?.split_at_checked(81)?;
    match rest.first() {
        None => {}
        Some(b' ' | b'\t') if std::str::from_utf8(rest).is_ok() => {}
        Some(_) => return None,
    }
    let token: &[u8; 81] = token.try_into().ok()?;
    let mut givens = [0u8; 81];
    // First the characters alone, then the clash check over the few givens only. This loop
    // has no early exit and a fixed length, so the compiler turns it into a few vector
    // instructions (a `return` inside it kept it byte by byte: a fifth of `solve FILE`'s time
    // on 17-clue puzzles went here).
    let mut stray = false;
    for (&byte, slot) in token.iter().zip(&mut givens) {
        let value = byte.wrapping_sub(b'0');
        let digit = value <= 9;
        stray |= !digit & (byte != b'.');
        *slot = if digit { value } else { 0 };
    }
    if stray {
        return None;
    }
    // For every digit, the houses that already hold it (bits as in `HOUSE_BITS_9X9`).
    let mut used = [0u32; 16];
    let mut any = false;
    for cell in filled_cells_9x9(&givens) {
        let digit = usize::from(givens[cell] & 15);
        let houses = HOUSE_BITS_9X9[cell];
        if used[digit] & houses != 0 {
            return None;
        }
        used[digit] |= houses;
        any = true;
    }
    any.then_some(givens)
}

/// For every cell of a 9×9 grid, its row, column and box as one bit each: bits 0–8, 9–17 and
/// 18–26.
const HOUSE_BITS_9X9: [u32; 81] = {
    let mut houses = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        houses[cell] = 1 << row | 1 << (9 + col) | 1 << (18 + row / 3 * 3 + col / 3);
        cell += 1;
    }
    houses
};

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        while self.ready.is_empty() && !self.finished {
            self.step(false);
        }
        self.ready.pop_front()
    }
}

/// The size and kind of a one-line puzzle of `len` characters: N² plain or N³ pencilmarks.
fn one_line_shape(len: usize) -> Option<(usize, bool)> {
    SIZES.iter().find_map(|&n| {
        if len == n * n {
            Some((n, false))
        } else if len == n * n * n {
            Some((n, true))
        } else {
            None
        }
    })
}

/// The one-line shape closest to a wrong length, for the error message: (cells, N, pencilmark).
fn nearest_shape(len: usize) -> (usize, usize, bool) {
    SIZES
        .iter()
        .filter(|&&n| n > 4)
        .flat_map(|&n| [(n * n, n, false), (n * n * n, n, true)])
        .min_by_key(|&(expected, _, _)| expected.abs_diff(len))
        .unwrap_or((81, 9, false))
}

/// Box-drawing characters (U+2500–U+257F) are borders in pretty-printed grids.
fn is_box_drawing(c: char) -> bool {
    ('\u{2500}'..='\u{257F}').contains(&c)
}

/// A border line: only rule characters, with at least one horizontal rule in it.
fn is_separator_line(line: &str) -> bool {
    line.chars()
        .all(|c| c.is_whitespace() || "-=+|.:*'".contains(c) || is_box_drawing(c))
        && line
            .chars()
            .any(|c| c == '-' || c == '=' || is_box_drawing(c))
}

/// Characters inside a row that only separate boxes.
fn is_row_separator(c: char) -> bool {
    c == '|' || c == ':' || c == '+' || c == '-' || c == '*' || is_box_drawing(c)
}

/// Splits a line into grid-row tokens at whitespace and box separators.
fn split_row(line: &str) -> RowTokens {
    let mut tokens: Vec<(Vec<char>, usize)> = Vec::new();
    let mut current: Vec<char> = Vec::new();
    let mut start = 0;
    let mut grouped = false;
    let mut multi_in_segment = 0;
    let mut separated = false;
    for (i, c) in line.chars().enumerate() {
        let separator = is_row_separator(c);
        if c.is_whitespace() || separator {
            if !current.is_empty() {
                if current.len() > 1 {
                    multi_in_segment += 1;
                }
                tokens.push((std::mem::take(&mut current), start));
            }
            if separator {
                grouped |= separated && multi_in_segment >= 2;
                separated = true;
                multi_in_segment = 0;
            }
        } else {
            if current.is_empty() {
                start = i + 1;
            }
            current.push(c);
        }
    }
    if !current.is_empty() {
        if current.len() > 1 {
            multi_in_segment += 1;
        }
        tokens.push((current, start));
    }
    grouped |= separated && multi_in_segment >= 2;
    RowTokens { tokens, grouped }
}
