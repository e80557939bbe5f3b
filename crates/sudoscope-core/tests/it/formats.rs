//! Every text format, both ways: parse(render(p)) == p for every size, variant and alphabet,
//! hand-written real-world samples of each format, alphabet detection across a file, and the
//! real datasets in `../shared/datasets`.

use std::path::Path;

use proptest::prelude::*;
use sudoscope_core::grid::{
    Alphabet, Digits, Geometry, Grid, ParseError, Puzzle, PuzzleReader, ReadOptions, Record, SIZES,
    TextFormat, Variant, parse_puzzle, read_all,
};

const ALPHABETS: [Alphabet; 3] = [Alphabet::Digits, Alphabet::ZeroBased, Alphabet::Letters];
const GIVEN_FORMATS: [TextFormat; 4] = [
    TextFormat::Line,
    TextFormat::Grid,
    TextFormat::SimpleSudoku,
    TextFormat::SadMan,
];
const PENCIL_FORMATS: [TextFormat; 2] = [TextFormat::PencilmarkLine, TextFormat::PencilmarkGrid];

/// A small deterministic generator (splitmix64), so failures reproduce from their seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Givens placed at random where they clash with no peer: a valid (if not always solvable)
/// puzzle of any size and variant. `density` is the share of cells tried, in percent.
fn random_givens(geometry: &Geometry, rng: &mut Rng, density: usize) -> Grid {
    let n = geometry.size();
    let mut grid = Grid::empty(geometry);
    for cell in 0..geometry.cell_count() {
        if rng.below(100) >= density {
            continue;
        }
        let digit = rng.below(n) as u8 + 1;
        if geometry.peers(cell).iter().all(|&p| grid.get(p) != digit) {
            grid.set(cell, digit);
        }
    }
    grid
}

/// Pencilmarks that validate: the givens as single candidates, every other cell at least two
/// candidates (so the grid cannot be mistaken for a plain grid of digits).
fn random_marks(geometry: &Geometry, rng: &mut Rng, density: usize) -> Vec<Digits> {
    let n = geometry.size();
    let givens = random_givens(geometry, rng, density);
    (0..geometry.cell_count())
        .map(|cell| match givens.get(cell) {
            0 => {
                let mut set = Digits::EMPTY;
                for d in 1..=n as u8 {
                    if rng.below(2) == 0 {
                        set.insert(d);
                    }
                }
                while set.len() < 2 {
                    set.insert(rng.below(n) as u8 + 1);
                }
                set
            }
            d => Digits::single(d),
        })
        .collect()
}

fn options(variant: Variant, alphabet: Option<Alphabet>) -> ReadOptions {
    ReadOptions { variant, alphabet }
}

/// The single puzzle of a text, or a message naming what went wrong.
fn parse_one(text: &str, options: ReadOptions) -> Result<Puzzle, String> {
    let records = read_all(text, options);
    match records.as_slice() {
        [record] => record.result.clone().map_err(|e| e.to_string()),
        _ => Err(format!(
            "{} records: {:?}",
            records.len(),
            records
                .iter()
                .map(|r| r.result.as_ref().map(|_| ()).map_err(ParseError::to_string))
                .collect::<Vec<_>>()
        )),
    }
}

fn render(puzzle: &Puzzle, format: TextFormat) -> String {
    TextFormat::render(
        format,
        &puzzle.givens,
        puzzle.pencilmarks.as_deref(),
        puzzle.alphabet,
    )
}

/// Whether the alphabet of `puzzle` can be told from its text alone (otherwise only
/// `ReadOptions.alphabet` reads it back): a `0-F` 16×16 needs a `0` (digit 1), `1-9A-Z` a
/// digit 1-9, `A-Z` a letter; zero-based below 16×16 and at 25×25 is never guessed.
fn detectable(puzzle: &Puzzle) -> bool {
    let size = puzzle.geometry().size();
    let digits: Vec<u8> = match &puzzle.pencilmarks {
        Some(marks) => marks.iter().flat_map(|m| m.iter()).collect(),
        None => puzzle
            .givens
            .cells()
            .iter()
            .copied()
            .filter(|&d| d != 0)
            .collect(),
    };
    match puzzle.alphabet {
        Alphabet::ZeroBased => size == 36 || (size == 16 && digits.contains(&1)),
        Alphabet::Digits => size < 36 && digits.iter().any(|&d| d <= 9),
        Alphabet::Letters => !digits.is_empty(),
    }
}

/// parse(render(p)) == p, forcing the alphabet and (where it can be told) detecting it; and
/// render(parse(t)) == t for the rendered text t.
fn check_round_trip(puzzle: &Puzzle, format: TextFormat) -> Result<(), String> {
    let variant = puzzle.geometry().variant();
    let text = render(puzzle, format);
    let context = || {
        format!(
            "{format:?} {}×{} {variant} {:?}:\n{}",
            puzzle.geometry().size(),
            puzzle.geometry().size(),
            puzzle.alphabet,
            text.chars().take(3000).collect::<String>()
        )
    };
    let forced = parse_one(&text, options(variant, Some(puzzle.alphabet)))
        .map_err(|e| format!("{e}\n{}", context()))?;
    if &forced != puzzle {
        return Err(format!(
            "forced alphabet: read back differently\n{}",
            context()
        ));
    }
    if render(&forced, format) != text {
        return Err(format!("re-rendered text differs\n{}", context()));
    }
    if detectable(puzzle) {
        let detected = parse_one(&text, options(variant, None))
            .map_err(|e| format!("detected alphabet: {e}\n{}", context()))?;
        if &detected != puzzle {
            return Err(format!(
                "detected alphabet: read back as {:?}\n{}",
                detected.alphabet,
                context()
            ));
        }
    }
    Ok(())
}

fn givens_puzzle(grid: Grid, alphabet: Alphabet) -> Puzzle {
    Puzzle {
        givens: grid,
        pencilmarks: None,
        alphabet,
    }
}

fn pencil_puzzle(geometry: &Geometry, marks: Vec<Digits>, alphabet: Alphabet) -> Puzzle {
    Puzzle {
        givens: Grid::empty(geometry),
        pencilmarks: Some(marks),
        alphabet,
    }
}

/// Every format × size × variant × alphabet, a few densities each (sparse, typical, full).
#[test]
fn round_trip_every_format_size_variant_and_alphabet() {
    let mut rng = Rng(0x5EED);
    let mut failures = Vec::new();
    let mut checked = 0;
    for size in SIZES {
        for variant in Variant::CLASSIC {
            let geometry = Geometry::get(size, variant).expect("supported size");
            for alphabet in ALPHABETS.into_iter().filter(|a| a.supports(size)) {
                let densities: &[usize] = if size >= 25 { &[35] } else { &[3, 40, 100] };
                for &density in densities {
                    let puzzle =
                        givens_puzzle(random_givens(geometry, &mut rng, density), alphabet);
                    for format in GIVEN_FORMATS {
                        checked += 1;
                        if let Err(e) = check_round_trip(&puzzle, format) {
                            failures.push(e);
                        }
                    }
                    let marks = random_marks(geometry, &mut rng, density.min(40));
                    let puzzle = pencil_puzzle(geometry, marks, alphabet);
                    for format in PENCIL_FORMATS {
                        checked += 1;
                        if let Err(e) = check_round_trip(&puzzle, format) {
                            failures.push(e);
                        }
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} round trips failed; first:\n{}",
        failures.len(),
        failures[0]
    );
}

/// The pencilmark formats of a plain puzzle (candidates derived from its givens) read back as
/// those candidates.
#[test]
fn pencilmark_formats_of_a_plain_puzzle_hold_its_candidates() {
    let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let puzzle = parse_puzzle(text, ReadOptions::default()).unwrap();
    let candidates = puzzle.givens.candidates();
    for format in PENCIL_FORMATS {
        let rendered = TextFormat::render(format, &puzzle.givens, None, puzzle.alphabet);
        let back = parse_puzzle(&rendered, ReadOptions::default()).unwrap();
        assert_eq!(back.pencilmarks.as_ref(), Some(&candidates), "{format:?}");
        assert_eq!(back.candidates(), candidates);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn round_trip_random(
        seed in any::<u64>(),
        size_index in 0usize..4,
        variant_index in 0usize..3,
        alphabet_index in 0usize..3,
        density in 0usize..=100,
    ) {
        let size = SIZES[size_index];
        let alphabet = ALPHABETS[alphabet_index];
        prop_assume!(alphabet.supports(size));
        let geometry = Geometry::get(size, Variant::CLASSIC[variant_index]).unwrap();
        let mut rng = Rng(seed);
        let puzzle = givens_puzzle(random_givens(geometry, &mut rng, density), alphabet);
        for format in GIVEN_FORMATS {
            prop_assert!(check_round_trip(&puzzle, format).is_ok(), "{}", check_round_trip(&puzzle, format).unwrap_err());
        }
        let puzzle = pencil_puzzle(geometry, random_marks(geometry, &mut rng, density), alphabet);
        for format in PENCIL_FORMATS {
            prop_assert!(check_round_trip(&puzzle, format).is_ok(), "{}", check_round_trip(&puzzle, format).unwrap_err());
        }
    }
}

// ---------------------------------------------------------------------------------------
// Hand-written samples of real-world files.

/// Norvig's top95 #1, the puzzle behind most samples below.
const NORVIG: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn line_of(text: &str) -> String {
    parse_puzzle(text, ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .to_line()
}

#[test]
fn simple_sudoku_ss_file() {
    let ss = "\
*-----------*
|4..|...|8.5|
|.3.|...|...|
|...|7..|...|
|---+---+---|
|.2.|...|.6.|
|...|.8.|4..|
|...|.1.|...|
|---+---+---|
|...|6.3|.7.|
|5..|2..|...|
|1.4|...|...|
*-----------*
";
    assert_eq!(line_of(ss), NORVIG);
    // The same file as Simple Sudoku writes it without the frame.
    let bare = "4..|...|8.5\n.3.|...|...\n...|7..|...\n-----------\n.2.|...|.6.\n...|.8.|4..\n...|.1.|...\n-----------\n...|6.3|.7.\n5..|2..|...\n1.4|...|...\n";
    assert_eq!(line_of(bare), NORVIG);
}

#[test]
fn sadman_sdk_file_with_metadata_and_state() {
    let sdk = "\
#ASadMan Software
#DNorvig top95 #1
#CA comment, with 1234 digits in it
#B01-06-2005
#SSadMan Software Sudoku
#LDiabolical
#Uhttp://www.sadmansoftware.com/sudoku/
[Puzzle]
4.....8.5
.3.......
...7.....
.2.....6.
....8.4..
....1....
...6.3.7.
5..2.....
1.4......
[State]
4.....8.5
.3.......
...7.....
.2.....6.
....8.4..
....1....
...6.3.7.
5..2.....
1.4......
";
    let records = read_all(sdk, ReadOptions::default());
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0].line, 9);
    assert_eq!(records[0].result.as_ref().unwrap().to_line(), NORVIG);

    // Two .sdk files concatenated (`cat a.sdk b.sdk`), the second without a [Puzzle] header,
    // then a one-line puzzle: the [State] section ends at the next file's metadata.
    let second = "#Dsecond file\n52...6...\n......7.1\n3........\n...4..8..\n6......5.\n.........\n.418.....\n....3..2.\n..87.....\n";
    let input = format!("{sdk}{second}{NORVIG}\n");
    let records = read_all(&input, ReadOptions::default());
    let lines: Vec<String> = records
        .iter()
        .map(|r| r.result.as_ref().unwrap().to_line())
        .collect();
    assert_eq!(
        lines,
        [
            NORVIG,
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            NORVIG
        ]
    );
}

#[test]
fn box_drawing_grid() {
    let grid = "\
┌───────┬───────┬───────┐
│ 4 . . │ . . . │ 8 . 5 │
│ . 3 . │ . . . │ . . . │
│ . . . │ 7 . . │ . . . │
├───────┼───────┼───────┤
│ . 2 . │ . . . │ . 6 . │
│ . . . │ . 8 . │ 4 . . │
│ . . . │ . 1 . │ . . . │
├───────┼───────┼───────┤
│ . . . │ 6 . 3 │ . 7 . │
│ 5 . . │ 2 . . │ . . . │
│ 1 . 4 │ . . . │ . . . │
└───────┴───────┴───────┘
";
    assert_eq!(line_of(grid), NORVIG);
    // Double lines, and `─┼─` rules without a frame, `0` for empty.
    let double = "\
4 0 0 ║ 0 0 0 ║ 8 0 5
0 3 0 ║ 0 0 0 ║ 0 0 0
0 0 0 ║ 7 0 0 ║ 0 0 0
══════╬═══════╬══════
0 2 0 ║ 0 0 0 ║ 0 6 0
0 0 0 ║ 0 8 0 ║ 4 0 0
0 0 0 ║ 0 1 0 ║ 0 0 0
──────┼───────┼──────
0 0 0 │ 6 0 3 │ 0 7 0
5 0 0 │ 2 0 0 │ 0 0 0
1 0 4 │ 0 0 0 │ 0 0 0
";
    assert_eq!(line_of(double), NORVIG);
    // ASCII art the way many sites print it.
    let ascii = "\
+-------+-------+-------+
| 4 . . | . . . | 8 . 5 |
| . 3 . | . . . | . . . |
| . . . | 7 . . | . . . |
+-------+-------+-------+
| . 2 . | . . . | . 6 . |
| . . . | . 8 . | 4 . . |
| . . . | . 1 . | . . . |
+-------+-------+-------+
| . . . | 6 . 3 | . 7 . |
| 5 . . | 2 . . | . . . |
| 1 . 4 | . . . | . . . |
+-------+-------+-------+
";
    assert_eq!(line_of(ascii), NORVIG);
}

/// HoDoKu's "print candidates" layout for Norvig #1.
const HODOKU: &str = "\
.----------------------.----------------------.--------------------.
| 4     1679   12679   | 139   2369   1269    | 8     1239  5      |
| 26789 3      1256789 | 14589 24569  1245689 | 12679 1249  124679 |
| 2689  15689  125689  | 7     234569 1245689 | 12369 12349 123469 |
:----------------------+----------------------+--------------------:
| 3789  2      135789  | 3459  34579  4579    | 13579 6     13789  |
| 3679  15679  135679  | 359   8      25679   | 4     12359 12379  |
| 36789 456789 356789  | 3459  1      245679  | 23579 23589 23789  |
:----------------------+----------------------+--------------------:
| 289   89     289     | 6     459    3       | 1259  7     12489  |
| 5     6789   36789   | 2     479    14789   | 1369  13489 134689 |
| 1     6789   4       | 589   579    5789    | 23569 23589 23689  |
'----------------------'----------------------'--------------------'
";

#[test]
fn hodoku_candidate_grid() {
    let puzzle = parse_puzzle(HODOKU, ReadOptions::default()).unwrap();
    let marks = puzzle.pencilmarks.as_ref().expect("a candidate grid");
    let norvig = parse_puzzle(NORVIG, ReadOptions::default()).unwrap();
    assert_eq!(marks, &norvig.givens.candidates());
    assert_eq!(
        marks[1].iter().collect::<Vec<_>>(),
        [1, 6, 7, 9],
        "r1c2 is `1679`"
    );

    // A later state whose first row is solved: every cell of row 1 has one candidate, so the
    // first row alone looks like a plain row of digits.
    let solved_first_row = "\
.-------------.-------------.----------.
| 4   1   7   | 3   6   9   | 8  2  5  |
| 26  3   25  | 148 24  148 | 9  1  7  |
| 2689 5689 2689 | 7 2345 158 | 136 134 36 |
:-------------+-------------+----------:
| 3789  2      135789  | 3459  34579  4579    | 13579 6     13789  |
| 3679  15679  135679  | 359   8      25679   | 4     12359 12379  |
| 36789 456789 356789  | 3459  1      245679  | 23579 23589 23789  |
:----------------------+----------------------+--------------------:
| 289   89     289     | 6     459    3       | 1259  7     12489  |
| 5     6789   36789   | 2     479    14789   | 1369  13489 134689 |
| 1     6789   4       | 589   579    5789    | 23569 23589 23689  |
'----------------------'----------------------'--------------------'
";
    let puzzle = parse_puzzle(solved_first_row, ReadOptions::default()).unwrap();
    let marks = puzzle.pencilmarks.expect("a candidate grid");
    assert_eq!(marks[0], Digits::single(4));
    assert_eq!(marks[11].iter().collect::<Vec<_>>(), [2, 5]);

    // A 4×4 candidate grid whose cells all hold every candidate: `1234 1234` pairs between
    // bars are candidate lists, not the two boxes of a 16×16 row.
    let empty4 = TextFormat::render(
        TextFormat::PencilmarkGrid,
        &Grid::empty(Geometry::get(4, Variant::Standard).unwrap()),
        None,
        Alphabet::Digits,
    );
    assert!(empty4.contains("| 1234 1234 | 1234 1234 |"), "{empty4}");
    let puzzle = parse_puzzle(&empty4, ReadOptions::default()).unwrap();
    assert_eq!(puzzle.geometry().size(), 4);
    assert_eq!(puzzle.pencilmarks, Some(vec![Digits::all(4); 16]));
}

/// tarek's first 16×16 (`1-9A-G`), one 16-character row per line.
const TAREK_ROWS: [&str; 16] = [
    ".....3.....46..A",
    "25.B86..7...F4..",
    "A.6.D.9.......18",
    "..7.A.B.285.39..",
    "..85..1.3.6A...7",
    "9617..5A82B.....",
    "..2.B....17...E4",
    ".D.36..E..4..5..",
    "....F.......4GC1",
    "..5....7..8.....",
    ".3....6.G.......",
    "...........1....",
    ".F.....5.....26.",
    "41.E9...........",
    "C.....81..D35...",
    "..9.74.2........",
];

#[test]
fn sixteen_by_sixteen_grid_of_sixteen_character_rows() {
    let line: String = TAREK_ROWS.concat();
    let grid = TAREK_ROWS.join("\n") + "\n";
    let puzzle = parse_puzzle(&grid, ReadOptions::default()).unwrap();
    assert_eq!(puzzle.alphabet, Alphabet::Digits);
    assert_eq!(puzzle.to_line(), line);
    // As .sdk, in lower case, with CRLF.
    let sdk = format!("[Puzzle]\r\n{}\r\n", TAREK_ROWS.join("\r\n").to_lowercase());
    assert_eq!(line_of(&sdk), line);
    // Boxes split by spaces, bands by blank-free rules.
    let spaced: Vec<String> = TAREK_ROWS
        .iter()
        .map(|r| {
            let cells: Vec<char> = r.chars().collect();
            cells
                .chunks(4)
                .map(|c| c.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut text = String::new();
    for (i, row) in spaced.iter().enumerate() {
        if i > 0 && i % 4 == 0 {
            text.push_str("---- ---- ---- ----\n");
        }
        text.push_str(row);
        text.push('\n');
    }
    assert_eq!(line_of(&text), line);
}

/// A 16×16 whose first row holds only `1`-`3` and `.`: on its own that row is also a valid
/// 4×4 puzzle. After a `[Puzzle]` header it is read as the grid's first row.
#[test]
fn sixteen_by_sixteen_sdk_whose_first_row_looks_like_a_4x4() {
    // krazydad 16×16 #3 (`0-f`), digits relabelled so row 1 reads `.1.........2.3..`.
    let original = ".7.........d.0..";
    let puzzle_text = krazydad_third();
    assert!(puzzle_text.starts_with(original));
    let puzzle = parse_puzzle(&puzzle_text, ReadOptions::default()).unwrap();
    assert_eq!(puzzle.alphabet, Alphabet::ZeroBased);
    // Relabel: 7 -> 1, d -> 2, 0 -> 3 in zero-based symbols, i.e. digits 8 -> 2, 14 -> 3,
    // 1 -> 4 and back.
    let swap = |d: u8| match d {
        8 => 2,
        2 => 8,
        14 => 3,
        3 => 14,
        1 => 4,
        4 => 1,
        d => d,
    };
    let cells: Vec<u8> = puzzle.givens.cells().iter().map(|&d| swap(d)).collect();
    let relabelled = givens_puzzle(
        Grid::from_cells(puzzle.geometry(), cells).unwrap(),
        Alphabet::ZeroBased,
    );
    let sdk = render(&relabelled, TextFormat::SadMan);
    assert!(sdk.starts_with("[Puzzle]\n.1.........2.3..\n"), "{sdk}");
    assert_eq!(parse_one(&sdk, ReadOptions::default()).unwrap(), relabelled);
}

fn krazydad_third() -> String {
    // Line 3 of krazydad_16x16_vol1-2_6400.txt (its first field), so the test needs no file.
    ".7.........d.0..8....b...3....1a..b.51.c.4.09.......9..e1.2c34..1.f.4.6...3...c....b.5.3624..a..084.ea..d....2..e6....8...01.f97b97.18...5....0c..0....f..a8.7b6..1..0d63.7.2....3...2...b.9.8.f..297e.da..5.......4c.1.e.82.b..ce....0...b....5..a.8.........7.".to_owned()
}

#[test]
fn crlf_blank_lines_comments_and_trailing_fields() {
    let input = "# a collection\r\n\r\n\
        4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... 7.2 top95#1\r\n\
        \r\n; another comment style\r\n   \t\r\n\
        52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\tEasy 2026-02-04 id:17\r\n\
        # trailing comment\r\n";
    let records = read_all(input, ReadOptions::default());
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0].line, 3);
    assert_eq!(records[0].text, NORVIG);
    assert_eq!(records[0].result.as_ref().unwrap().to_line(), NORVIG);
    assert_eq!(records[1].line, 7);
    assert!(records[1].result.is_ok());

    // Old Mac line ends (a lone CR) are line ends too, not whitespace hiding later puzzles.
    let mac = format!("{NORVIG}\r{NORVIG}\r\r{NORVIG}");
    let records = read_all(&mac, ReadOptions::default());
    assert_eq!(
        records.iter().map(|r| r.line).collect::<Vec<_>>(),
        [1, 2, 4]
    );
    // A UTF-8 byte-order mark opens many files written on Windows.
    let bom = format!("\u{FEFF}{NORVIG}\r\n");
    assert_eq!(line_of(&bom), NORVIG);
    // Leading indentation and a grid with trailing spaces.
    assert_eq!(line_of(&format!("   {NORVIG}   ")), NORVIG);
}

#[test]
fn one_line_pencilmarks() {
    let norvig = parse_puzzle(NORVIG, ReadOptions::default()).unwrap();
    let line = TextFormat::render(
        TextFormat::PencilmarkLine,
        &norvig.givens,
        None,
        norvig.alphabet,
    );
    assert_eq!(line.len(), 729);
    assert!(line.starts_with("...4....."), "{line}");
    // `0` for an absent candidate, as some sukaku files write it.
    let zeros = line.replace('.', "0");
    let back = parse_puzzle(&zeros, ReadOptions::default()).unwrap();
    assert_eq!(back.pencilmarks, Some(norvig.givens.candidates()));
    assert_eq!(back.to_line(), line);
}

// ---------------------------------------------------------------------------------------
// Alphabets.

#[test]
fn alphabet_detection_per_puzzle_and_per_file() {
    let krazydad = krazydad_third();
    assert!(krazydad.contains('0'));
    let ambiguous = krazydad.replace('0', ".");
    // Alone, a 16×16 in `1-9a-f` without a `0` is `1-9A-G`.
    assert_eq!(
        parse_puzzle(&ambiguous, ReadOptions::default())
            .unwrap()
            .alphabet,
        Alphabet::Digits
    );
    // In a file whose earlier puzzle showed `0-F`, it keeps that alphabet.
    let file = format!("{krazydad} IM 1 1 3\n{ambiguous} IM 1 1 4\n");
    let records = read_all(&file, ReadOptions::default());
    let alphabets: Vec<Alphabet> = records
        .iter()
        .map(|r| r.result.as_ref().unwrap().alphabet)
        .collect();
    assert_eq!(alphabets, [Alphabet::ZeroBased, Alphabet::ZeroBased]);
    // The output keeps the input's alphabet (upper case).
    let first = records[0].result.as_ref().unwrap();
    assert_eq!(first.to_line(), krazydad.to_uppercase());

    // The contract's 16×16 and 25×25 alphabets, each detected on its own.
    let durr16 = "..A....C.....O.I.J..A.B.P.CGF.H...D..F.I.E....P..G.EL.H....M.J......E....C..G....I..K.GA.B...E.JD.GP..J.F....A...E...C.B..DP..O.E..F.M..D..L.K.A.C........O.I.L.H.P.C..F.A..B......G.OD...J....HK...J....H.A.P.L..B..P..E..K..A..H..B..K..FI.C....F...C..D..H.N.";
    assert_eq!(
        parse_puzzle(durr16, ReadOptions::default())
            .unwrap()
            .alphabet,
        Alphabet::Letters
    );
    let tarek: String = TAREK_ROWS.concat();
    assert_eq!(
        parse_puzzle(&tarek, ReadOptions::default())
            .unwrap()
            .alphabet,
        Alphabet::Digits
    );
    // A `1-9A-G` file that writes empty cells as `0`: hundreds of zeros cannot be digit 1.
    let zero_empty = tarek.replace('.', "0");
    let puzzle = parse_puzzle(&zero_empty, ReadOptions::default()).unwrap();
    assert_eq!(puzzle.alphabet, Alphabet::Digits);
    assert_eq!(puzzle.to_line(), tarek);
    // `A-P` with `0` for empty is letters, not `0-F`.
    let letters_zero = durr16.replace('.', "0");
    assert_eq!(
        parse_puzzle(&letters_zero, ReadOptions::default())
            .unwrap()
            .alphabet,
        Alphabet::Letters
    );
    // Letters-only 9×9 (`A-I`).
    let letters9: String = NORVIG
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from(b'A' + d as u8 - 1),
            None => c,
        })
        .collect();
    let puzzle = parse_puzzle(&letters9, ReadOptions::default()).unwrap();
    assert_eq!(puzzle.alphabet, Alphabet::Letters);
    assert_eq!(puzzle.givens.to_line(Alphabet::Digits), NORVIG);
}

#[test]
fn forced_alphabet() {
    // `0-8` 9×9: detection reads `0` as empty, forcing reads it as digit 1.
    let zero_based: String = NORVIG
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_digit(d - 1, 10).unwrap(),
            None => c,
        })
        .collect();
    let forced = ReadOptions {
        alphabet: Some(Alphabet::ZeroBased),
        ..ReadOptions::default()
    };
    let puzzle = parse_puzzle(&zero_based, forced).unwrap();
    assert_eq!(puzzle.alphabet, Alphabet::ZeroBased);
    assert_eq!(puzzle.givens.to_line(Alphabet::Digits), NORVIG);
    assert_eq!(puzzle.to_line(), zero_based);
    // Forcing `1-9A-G` on the krazydad `0-f` puzzle: its `0`s become empty cells.
    let krazydad = krazydad_third();
    let digits = ReadOptions {
        alphabet: Some(Alphabet::Digits),
        ..ReadOptions::default()
    };
    let puzzle = parse_puzzle(&krazydad, digits).unwrap();
    assert_eq!(puzzle.alphabet, Alphabet::Digits);
    assert_eq!(
        puzzle.givens.filled_count(),
        krazydad.chars().filter(|&c| c != '.' && c != '0').count()
    );
    // A forced alphabet that cannot read the text is an error naming the character.
    let letters = ReadOptions {
        alphabet: Some(Alphabet::Letters),
        ..ReadOptions::default()
    };
    let err = parse_puzzle(NORVIG, letters).unwrap_err().to_string();
    assert_eq!(
        err,
        "line 1, column 1: unexpected character '4' (expected A-I, or '.' or '0' for empty)"
    );
    // And one too small for the size.
    let err = parse_puzzle(&"0".repeat(1296), letters)
        .unwrap_err()
        .to_string();
    assert!(err.contains("too few symbols for 36×36"), "{err}");
}

// ---------------------------------------------------------------------------------------
// The real datasets.

use sudoscope_testkit::datasets;

/// Every puzzle of every dataset parses, with the right variant and size, and round-trips
/// through its one-line form. Large files are sampled (every k-th line) so a debug build stays
/// fast; the reader still reads every line of every file.
#[test]
fn real_datasets_parse() {
    let Some(dir) = datasets() else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "{} files", files.len());
    // Two workers: the files are independent, and the big ones dominate.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let total: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut total = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(path) = files.get(i) else {
                            return total;
                        };
                        total += check_dataset(path);
                    }
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    assert!(total > 100_000, "{total} puzzles");
}

/// Reads every line of one dataset file; returns how many puzzles it holds.
fn check_dataset(path: &Path) -> usize {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let variant = if name.contains("xsudoku") {
        Variant::X
    } else if name.contains("hypersudoku") {
        Variant::Hyper
    } else {
        Variant::Standard
    };
    let expected_size = if name.contains("25x25") {
        25
    } else if name.contains("16x16") {
        16
    } else {
        9
    };
    let text = std::fs::read_to_string(path).unwrap();
    let lines = text.lines().count();
    let reader = PuzzleReader::new(
        std::io::BufReader::new(std::fs::File::open(path).unwrap()),
        options(variant, None),
    );
    let mut count = 0;
    let mut alphabets = std::collections::BTreeSet::new();
    for record in reader {
        count += 1;
        let puzzle = record
            .result
            .as_ref()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            puzzle.geometry().size(),
            expected_size,
            "{name}:{}",
            record.line
        );
        assert_eq!(puzzle.geometry().variant(), variant);
        alphabets.insert(format!("{:?}", puzzle.alphabet));
        // Round trip (sampled: a few thousand per file at most).
        if count % (lines / 2000).max(1) == 0 {
            let line = puzzle.to_line();
            assert!(
                line.eq_ignore_ascii_case(&record.text),
                "{name}:{}",
                record.line
            );
            let back = parse_puzzle(&line, options(variant, Some(puzzle.alphabet))).unwrap();
            assert_eq!(&back, puzzle);
        }
    }
    assert_eq!(count, lines, "{name}: every line is one puzzle");
    // The other variants: the X and hyper sets break their variant's rule without it
    // (that is what makes them unique), but never the standard rules.
    if variant != Variant::Standard {
        let standard = read_all(&text, ReadOptions::default());
        assert!(standard.iter().all(|r| r.result.is_ok()), "{name}");
    }
    let expected_alphabets: &[&str] = match name.as_str() {
        n if n.starts_with("krazydad_16x16") => &["ZeroBased"],
        n if n.starts_with("durr_example_16x16") => &["Letters"],
        n if n.starts_with("forum_misc_16x16") => &["Digits", "ZeroBased"],
        _ => &["Digits"],
    };
    assert_eq!(
        alphabets.iter().map(String::as_str).collect::<Vec<_>>(),
        expected_alphabets,
        "{name}"
    );
    count
}

/// The X and hyper sets really use their extra houses: read as the other variant, some of
/// their puzzles' givens clash (the solutions in field 2 always do).
#[test]
fn variant_datasets_need_their_variant() {
    let Some(dir) = datasets() else {
        return;
    };
    for (file, own, other) in [
        ("sudoq_xsudoku_80.txt", Variant::X, Variant::Hyper),
        ("sudoq_hypersudoku_80.txt", Variant::Hyper, Variant::X),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for line in text.lines() {
            let solution = line.split_whitespace().nth(1).unwrap();
            assert!(parse_puzzle(solution, options(own, None)).is_ok(), "{file}");
            let err = parse_puzzle(solution, options(other, None)).unwrap_err();
            let message = err.to_string();
            let house = if other == Variant::X {
                "diagonal"
            } else {
                "window"
            };
            assert!(message.contains(house), "{file}: {message}");
        }
    }
}

/// hodoku_reglib's first field is a board state; its second field (the reglib line) is not a
/// puzzle and must not be mistaken for one.
#[test]
fn reglib_first_field_only() {
    let Some(dir) = datasets() else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("hodoku_reglib-1.4_1112.txt")).unwrap();
    let records: Vec<Record> = read_all(&text, ReadOptions::default());
    assert_eq!(records.len(), text.lines().count());
    for (record, line) in records.iter().zip(text.lines()) {
        assert_eq!(record.text, line.split(' ').next().unwrap());
        assert!(record.result.is_ok(), "{:?}", record.result);
    }
}
