//! Every way puzzle text can be wrong, as the user reads it (`err.to_string()`), and a reader
//! that never panics and never holds a huge line in memory.

use std::io::{self, BufReader, Read};

use proptest::prelude::*;
use sudoscope_core::grid::MAX_LINE_BYTES;
use sudoscope_core::grid::{
    Alphabet, ParseError, Puzzle, PuzzleReader, ReadOptions, Record, TextFormat, Variant,
    parse_puzzle, read_all,
};

const NORVIG: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn variant(variant: Variant) -> ReadOptions {
    ReadOptions {
        variant,
        alphabet: None,
    }
}

/// The error messages of every record of `text`, `ok` for a puzzle.
fn messages(text: &str, options: ReadOptions) -> Vec<String> {
    read_all(text, options)
        .into_iter()
        .map(|r| match r.result {
            Ok(_) => "ok".to_owned(),
            Err(e) => e.to_string(),
        })
        .collect()
}

/// The error of a text holding one bad puzzle.
fn error(text: &str, options: ReadOptions) -> String {
    match messages(text, options).as_slice() {
        [one] => one.clone(),
        other => panic!("expected one record, got {other:?}"),
    }
}

/// A 9×9 one-liner with `digit` at the given 1-based cells and nothing else.
fn with_digits(cells: &[(usize, usize, char)]) -> String {
    let mut line = vec!['.'; 81];
    for &(r, c, d) in cells {
        line[(r - 1) * 9 + c - 1] = d;
    }
    line.into_iter().collect()
}

#[test]
fn wrong_length() {
    let text = format!("{NORVIG}\n# comment\n{}\n", &NORVIG[..80]);
    assert_eq!(
        messages(&text, ReadOptions::default()),
        ["ok", "line 3: 80 cells, expected 81 for 9×9"]
    );
    assert_eq!(
        error(&format!("{NORVIG}4 rating"), ReadOptions::default()),
        "line 1: 82 cells, expected 81 for 9×9"
    );
    assert_eq!(
        error(&"1".repeat(255), ReadOptions::default()),
        "line 1: 255 cells, expected 256 for 16×16"
    );
    assert_eq!(
        error(&".".repeat(730), ReadOptions::default()),
        "line 1: 730 cells, expected 729 for a 9×9 pencilmark grid"
    );
    assert_eq!(
        error("12345", ReadOptions::default()),
        "line 1: 5 cells in a grid row: rows hold 4, 9, 16, 25 or 36 cells"
    );
}

/// Friction: one character on its own was "1 cells in a grid row".
#[test]
fn one_cell_is_singular() {
    assert_eq!(
        error("1", ReadOptions::default()),
        "line 1: 1 cell in a grid row: rows hold 4, 9, 16, 25 or 36 cells"
    );
    assert_eq!(
        messages("123456789\n1\n", ReadOptions::default()),
        ["line 2: grid row has 1 cell, expected 9"]
    );
}

#[test]
fn bad_character_with_its_column() {
    let mut line: Vec<char> = NORVIG.chars().collect();
    line[16] = 'x';
    let line: String = line.into_iter().collect();
    assert_eq!(
        error(&line, ReadOptions::default()),
        "line 1, column 17: unexpected character 'x' (expected 1-9, or '.' or '0' for empty)"
    );
    // Indented: the column counts from the start of the line.
    assert_eq!(
        error(&format!("\n  {line} 3.4"), ReadOptions::default()),
        "line 2, column 19: unexpected character 'x' (expected 1-9, or '.' or '0' for empty)"
    );
    // A `-` or `*` for an empty cell is not in the alphabet.
    let dashes = NORVIG.replace('.', "-");
    assert_eq!(
        error(&dashes, ReadOptions::default()),
        "line 1, column 2: unexpected character '-' (expected 1-9, or '.' or '0' for empty)"
    );
    // 16×16: the alphabet that reads the most characters names the allowed ones.
    let mut hex: Vec<char> = "123456789ABCDEFG".repeat(16).chars().collect();
    hex[40] = 'Z';
    let hex: String = hex.into_iter().collect();
    assert_eq!(
        error(&hex, ReadOptions::default()),
        "line 1, column 41: unexpected character 'Z' (expected 1-9, A-G, or '.' or '0' for empty)"
    );
    // In a multi-line grid, the row's own line and column.
    let grid = "4..|...|8.5\n.3.|...|...\n...|7x.|...\n.2.|...|.6.\n...|.8.|4..\n...|.1.|...\n...|6.3|.7.\n5..|2..|...\n1.4|...|...\n";
    assert_eq!(
        error(grid, ReadOptions::default()),
        "line 3, column 6: unexpected character 'x' (expected 1-9, or '.' or '0' for empty)"
    );
    // Pencilmarks: a digit out of its place in the cell.
    let mut marks: Vec<char> = "123456789".repeat(81).chars().collect();
    marks[10] = '1';
    let marks: String = marks.into_iter().collect();
    assert_eq!(
        error(&marks, ReadOptions::default()),
        "line 1, column 11: unexpected character '1' (expected '2' at this position of the cell, or '.')"
    );
}

#[test]
fn unprintable_characters_are_named_by_code_point() {
    let mut line: Vec<char> = NORVIG.chars().collect();
    line[4] = '\0';
    let nul: String = line.iter().collect();
    assert_eq!(
        error(&nul, ReadOptions::default()),
        "line 1, column 5: unexpected character U+0000 (expected 1-9, or '.' or '0' for empty)"
    );
    line[4] = '\u{7}';
    let bell: String = line.iter().collect();
    assert!(error(&bell, ReadOptions::default()).contains("unexpected character U+0007"));
    line[4] = '\u{202E}';
    let rtl: String = line.iter().collect();
    assert!(error(&rtl, ReadOptions::default()).contains("unexpected character U+202E"));
    line[4] = 'é';
    let accent: String = line.iter().collect();
    assert!(error(&accent, ReadOptions::default()).contains("unexpected character 'é'"));
}

#[test]
fn duplicate_givens_name_both_cells_and_the_house() {
    let row = with_digits(&[(1, 2, '5'), (1, 7, '5')]);
    assert_eq!(
        error(&row, ReadOptions::default()),
        "line 1: digit 5 appears twice in row 1: r1c2 and r1c7"
    );
    let column = with_digits(&[(2, 4, '9'), (8, 4, '9')]);
    assert_eq!(
        error(&column, ReadOptions::default()),
        "line 1: digit 9 appears twice in column 4: r2c4 and r8c4"
    );
    let boxed = with_digits(&[(4, 7, '3'), (6, 9, '3')]);
    assert_eq!(
        error(&boxed, ReadOptions::default()),
        "line 1: digit 3 appears twice in box 6: r4c7 and r6c9"
    );
    let diagonal = with_digits(&[(2, 2, '1'), (7, 7, '1')]);
    assert_eq!(messages(&diagonal, ReadOptions::default()), ["ok"]);
    assert_eq!(
        error(&diagonal, variant(Variant::X)),
        "line 1: digit 1 appears twice in diagonal 1: r2c2 and r7c7"
    );
    let anti = with_digits(&[(1, 9, '8'), (9, 1, '8')]);
    assert_eq!(
        error(&anti, variant(Variant::X)),
        "line 1: digit 8 appears twice in diagonal 2: r1c9 and r9c1"
    );
    // Hyper windows: rows/columns 2-4 and 6-8 (1-based).
    let window = with_digits(&[(2, 2, '7'), (4, 4, '7')]);
    assert_eq!(messages(&window, ReadOptions::default()), ["ok"]);
    assert_eq!(
        error(&window, variant(Variant::Hyper)),
        "line 1: digit 7 appears twice in window 1: r2c2 and r4c4"
    );
    let window4 = with_digits(&[(6, 6, '2'), (8, 8, '2')]);
    assert_eq!(
        error(&window4, variant(Variant::Hyper)),
        "line 1: digit 2 appears twice in window 4: r6c6 and r8c8"
    );
    // 16×16 names the digit by its symbol in the puzzle's alphabet.
    let mut hex = vec!['.'; 256];
    hex[0] = 'G';
    hex[255] = 'G';
    hex[15] = 'G';
    let hex: String = hex.into_iter().collect();
    assert_eq!(
        error(&hex, ReadOptions::default()),
        "line 1: digit G appears twice in row 1: r1c1 and r1c16"
    );
    // A multi-line grid reports the line where it starts.
    let grid = "\n# title\n5 . . | . . . | . . .\n. . . | . . . | . . .\n. . . | . . . | . . .\n------+-------+------\n. . . | . . . | . . .\n5 . . | . . . | . . .\n. . . | . . . | . . .\n------+-------+------\n. . . | . . . | . . .\n. . . | . . . | . . .\n. . . | . . . | . . .\n";
    assert_eq!(
        error(grid, ReadOptions::default()),
        "line 3: digit 5 appears twice in column 1: r1c1 and r5c1"
    );
}

#[test]
fn incomplete_grids_and_bad_rows() {
    let five_rows = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n";
    assert_eq!(
        error(five_rows, ReadOptions::default()),
        "line 1: incomplete grid: 5 of 9 rows"
    );
    // A one-line puzzle after an unfinished grid: both reported, in order.
    assert_eq!(
        messages(&format!("{five_rows}{NORVIG}\n"), ReadOptions::default()),
        ["line 1: incomplete grid: 5 of 9 rows", "ok"]
    );
    // A short row: reported once, and the rest of that grid is not taken for a new grid.
    let short = "53..7....\n6..195...\n.98....6.\n8...6..3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    assert_eq!(
        messages(&format!("{short}{NORVIG}\n"), ReadOptions::default()),
        ["line 4: grid row has 8 cells, expected 9", "ok"]
    );
    let long = short.replace("8...6..3", "8...6...3.");
    assert_eq!(
        error(&long, ReadOptions::default()),
        "line 4: grid row has 10 cells, expected 9"
    );
    // A new `.sdk` header ends an unfinished grid.
    let sdk = "[Puzzle]\n53..7....\n6..195...\n[Puzzle]\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    assert_eq!(
        messages(sdk, ReadOptions::default()),
        ["line 2: incomplete grid: 2 of 9 rows", "ok"]
    );
}

#[test]
fn pencilmark_errors() {
    let all = "123456789".repeat(81);
    // A cell with no candidates.
    let empty_cell = format!("{}{}", ".........", &all[9..]);
    assert_eq!(
        error(&empty_cell, ReadOptions::default()),
        "line 1: r1c1 has no candidates"
    );
    // Two single-candidate cells of one row with the same candidate.
    let mut cells: Vec<String> = vec!["123456789".to_owned(); 81];
    cells[3] = "....5....".to_owned();
    cells[8] = "....5....".to_owned();
    let contradicting = cells.concat();
    assert_eq!(
        error(&contradicting, ReadOptions::default()),
        "line 1: digit 5 appears twice in row 1: r1c4 and r1c9"
    );
    // The same in a candidate grid, where an empty cell is written `.` or `-`.
    let grid = "\
| 123456789 123456789 123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789 |
| 123456789 .         123456789 | 123456789 123456789 123456789 | 123456789 123456789 123456789 |
";
    let grid = format!("{grid}{}", "| 12 12 12 | 12 12 12 | 12 12 12 |\n".repeat(7));
    assert_eq!(
        error(&grid, ReadOptions::default()),
        "line 1: r2c2 has no candidates"
    );
}

#[test]
fn empty_input() {
    for text in [
        "",
        "\n\n",
        "   \n\t\n",
        "# only a comment\n; and another\n",
        "\u{FEFF}",
    ] {
        assert!(
            read_all(text, ReadOptions::default()).is_empty(),
            "{text:?}"
        );
        assert_eq!(
            parse_puzzle(text, ReadOptions::default())
                .unwrap_err()
                .to_string(),
            "line 1: no puzzle in the input"
        );
    }
    // parse_puzzle takes exactly one puzzle.
    assert_eq!(
        parse_puzzle(&format!("{NORVIG}\n\n{NORVIG}\n"), ReadOptions::default())
            .unwrap_err()
            .to_string(),
        "line 3: a second puzzle starts here, but only one was expected"
    );
    // ...and reports the first puzzle's own error before anything else.
    assert_eq!(
        parse_puzzle(
            &format!("{}\n{NORVIG}\n", &NORVIG[..80]),
            ReadOptions::default()
        )
        .unwrap_err()
        .to_string(),
        "line 1: 80 cells, expected 81 for 9×9"
    );
}

#[test]
fn non_utf8_bytes() {
    let mut bytes = format!("{NORVIG}\n").into_bytes();
    bytes.extend_from_slice(b"4...\xFF....8.5\n");
    bytes.extend_from_slice(b"\xC3\xA9\xE2\x82\xAC.\xC3\n");
    bytes.extend_from_slice(b"\xC3\n");
    bytes.extend_from_slice(format!("{NORVIG}\n").as_bytes());
    let records: Vec<String> = PuzzleReader::new(bytes.as_slice(), ReadOptions::default())
        .map(|r| r.result.map_or_else(|e| e.to_string(), |_| "ok".to_owned()))
        .collect();
    assert_eq!(
        records,
        [
            "ok",
            "line 2, column 5: byte 0xFF is not UTF-8 text",
            "line 3, column 4: byte 0xC3 is not UTF-8 text",
            "line 4, column 1: byte 0xC3 is not UTF-8 text",
            "ok"
        ]
    );
}

#[test]
fn io_errors_end_the_input_with_one_line() {
    struct Failing(usize);
    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0 == 0 {
                return Err(io::Error::other("disk on fire\nreally"));
            }
            self.0 -= 1;
            let line = format!("{NORVIG}\n");
            buf[..line.len()].copy_from_slice(line.as_bytes());
            Ok(line.len())
        }
    }
    let records: Vec<Record> =
        PuzzleReader::new(BufReader::new(Failing(2)), ReadOptions::default()).collect();
    assert_eq!(records.len(), 3);
    assert!(records[0].result.is_ok() && records[1].result.is_ok());
    assert_eq!(
        records[2].result.as_ref().unwrap_err().to_string(),
        "line 3: disk on fireU+000Areally"
    );
}

/// Peak resident memory of this process, in KiB (Linux).
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_100_mb_line_is_skipped_without_being_held() {
    let before = peak_rss_kib();
    let tail = format!("\n{NORVIG}\n");
    let input = io::repeat(b'1').take(100 << 20).chain(tail.as_bytes());
    let mut reader = PuzzleReader::new(BufReader::new(input), ReadOptions::default());
    let first = reader.next().unwrap();
    assert_eq!(first.line, 1);
    assert_eq!(
        first.result.unwrap_err().to_string(),
        format!("line 1: the line is longer than {MAX_LINE_BYTES} bytes")
    );
    let second = reader.next().unwrap();
    assert_eq!(second.line, 2);
    assert_eq!(second.result.unwrap().to_line(), NORVIG);
    assert!(reader.next().is_none());
    if let (Some(before), Some(after)) = (before, peak_rss_kib()) {
        // Other tests run alongside, but none comes near 100 MB.
        assert!(
            after.saturating_sub(before) < 48 << 10,
            "peak memory grew by {} KiB",
            after - before
        );
    }
    // A long line inside a grid ends the grid.
    let input = format!("53..7....\n{}\n{NORVIG}\n", ".".repeat(MAX_LINE_BYTES + 1));
    assert_eq!(
        messages(&input, ReadOptions::default()),
        [
            "line 1: incomplete grid: 1 of 9 rows".to_owned(),
            format!("line 2: the line is longer than {MAX_LINE_BYTES} bytes"),
            "ok".to_owned()
        ]
    );
    // Exactly MAX_LINE_BYTES is still read (and found to be too long for a puzzle).
    let input = format!("{}\n", "1".repeat(MAX_LINE_BYTES));
    assert_eq!(
        error(&input, ReadOptions::default()),
        "line 1: 1048576 cells, expected 46656 for a 36×36 pencilmark grid"
    );
}

// ---------------------------------------------------------------------------------------
// Never panic.

/// Reads `bytes` to the end (also through a tiny buffer, which splits lines and CRLF pairs
/// across reads) and checks every record: one-line errors, round-tripping puzzles.
fn check_reader(bytes: &[u8], options: ReadOptions) -> Result<(), TestCaseError> {
    let records: Vec<Record> = PuzzleReader::new(bytes, options).collect();
    for record in &records {
        match &record.result {
            Ok(puzzle) => check_puzzle(puzzle, options)?,
            Err(e) => {
                let message = e.to_string();
                prop_assert!(
                    !message.contains('\n') && !message.contains('\r'),
                    "{message:?}"
                );
                prop_assert!(!message.chars().any(char::is_control), "{message:?}");
                let prefix = format!("line {}", e.line);
                prop_assert!(message.starts_with(&prefix), "{}", message);
                prop_assert!(
                    e.line >= record.line,
                    "{} before record line {}",
                    message,
                    record.line
                );
            }
        }
    }
    let capacity = 1 + bytes.len() % 7;
    let small: Vec<Record> =
        PuzzleReader::new(BufReader::with_capacity(capacity, bytes), options).collect();
    prop_assert_eq!(small.len(), records.len());
    for (a, b) in small.iter().zip(&records) {
        prop_assert_eq!(a.line, b.line);
        prop_assert_eq!(&a.text, &b.text);
        prop_assert_eq!(&a.result, &b.result);
    }
    Ok(())
}

fn check_puzzle(puzzle: &Puzzle, options: ReadOptions) -> Result<(), TestCaseError> {
    let format = if puzzle.pencilmarks.is_some() {
        TextFormat::PencilmarkLine
    } else {
        TextFormat::Line
    };
    let line = format.render(
        &puzzle.givens,
        puzzle.pencilmarks.as_deref(),
        puzzle.alphabet,
    );
    let forced = ReadOptions {
        alphabet: Some(puzzle.alphabet),
        ..options
    };
    let back = parse_puzzle(&line, forced);
    prop_assert_eq!(
        back.as_ref(),
        Ok::<&Puzzle, &ParseError>(puzzle),
        "{}",
        line
    );
    Ok(())
}

/// Valid texts in every format, to mutate.
fn seeds() -> Vec<String> {
    let norvig = parse_puzzle(NORVIG, ReadOptions::default()).unwrap();
    let mut seeds: Vec<String> = [
        TextFormat::Line,
        TextFormat::Grid,
        TextFormat::SimpleSudoku,
        TextFormat::SadMan,
        TextFormat::PencilmarkLine,
        TextFormat::PencilmarkGrid,
    ]
    .into_iter()
    .map(|f| f.render(&norvig.givens, None, norvig.alphabet))
    .collect();
    let hex = "b2.7...f6e...3.d...9b.2.....f1.6.a.c..7.4.8...e..8.3..1...fca.42..e.....16a...3.3........4.f8.6b...d2....b..74...b840..d7.93e......f37.45..90dc...c8..a....b4...49.5e.d........a.d...6c1.....7..91.e74...f..3.d..3...9.2.1..5.0.f.4b.....3.d1...5.d...fe9...2.b4";
    let hex = parse_puzzle(hex, ReadOptions::default()).unwrap();
    seeds.push(hex.to_line());
    seeds.push(TextFormat::SadMan.render(&hex.givens, None, hex.alphabet));
    seeds.push(TextFormat::SimpleSudoku.render(&hex.givens, None, Alphabet::Digits));
    seeds.push("1.3.\n..1.\n.1..\n4..2\n".to_owned());
    seeds.push("1.3...1..1..4..2".to_owned());
    seeds.push(format!("#A x\n[Puzzle]\n{}", &seeds[3][9..]));
    seeds.push(format!("{NORVIG} 7.2 x\r\n\r\n# c\r\n{NORVIG}\r\n"));
    seeds
}

const NOISE: &[u8] =
    b"0123456789abcdefgpqzABCDEFGPQZ.-+|:*'# \t\r\n[];\x00\xFF\xC3\xA9\xE2\x94\x80\x82\xEF\xBB\xBF";

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2000), v in 0usize..3) {
        check_reader(&bytes, variant(Variant::CLASSIC[v]))?;
    }

    #[test]
    fn mutated_valid_puzzles(
        seed_index in 0usize..12,
        edits in proptest::collection::vec((any::<usize>(), 0u8..3, any::<usize>()), 1..6),
        v in 0usize..3,
        alphabet in proptest::option::of(0usize..3),
    ) {
        let seeds = seeds();
        let mut bytes = seeds[seed_index % seeds.len()].clone().into_bytes();
        for (position, op, noise) in edits {
            let at = position % (bytes.len() + 1);
            let byte = NOISE[noise % NOISE.len()];
            match op {
                0 if at < bytes.len() => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                _ if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => {}
            }
        }
        let options = ReadOptions {
            variant: Variant::CLASSIC[v],
            alphabet: alphabet.map(|a| [Alphabet::Digits, Alphabet::ZeroBased, Alphabet::Letters][a]),
        };
        check_reader(&bytes, options)?;
    }

    #[test]
    fn lengths_near_puzzle_sizes(
        len in prop_oneof![12usize..20, 60usize..70, 75usize..88, 250usize..262, 620usize..630, 725usize..733],
        chars in proptest::collection::vec(0usize..64, 1..8),
        lines in 1usize..4,
    ) {
        let palette: Vec<u8> = b"..........0123456789ABCDEFGHPYZabcfg".to_vec();
        let mut text = Vec::new();
        for line in 0..lines {
            for i in 0..len {
                text.push(palette[(chars[(i + line) % chars.len()] * (i + 7)) % palette.len()]);
            }
            text.push(b'\n');
        }
        check_reader(&text, ReadOptions::default())?;
    }

    #[test]
    fn separator_soup(
        rows in proptest::collection::vec(proptest::collection::vec(0usize..40, 0..60), 1..40),
    ) {
        let palette = [
            "1", "2", "5", "9", ".", "0", "A", "G", " ", "  ", "|", "-", "+", ":", "*", "'", "│",
            "─", "┼", "║", "=", "\t", "12", "345", "6789", "1234", ".", ".", ".", "#", "[", "]",
            "\r", "[Puzzle]", "[State]", ";", "P", "f", "x", "123456789",
        ];
        let text: String = rows
            .iter()
            .map(|row| row.iter().map(|&i| palette[i % palette.len()]).collect::<String>() + "\n")
            .collect();
        check_reader(text.as_bytes(), ReadOptions::default())?;
        check_reader(text.as_bytes(), variant(Variant::Hyper))?;
    }
}

/// `next_item`'s fast lane hands back exactly the puzzles `next` would build, at the same
/// lines, and every other record unchanged, in the same order, whatever the mix of inputs.
#[test]
fn next_item_matches_next() {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let zeros = puzzle.replace('.', "0");
    let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    let text = format!(
        "\u{FEFF}{puzzle}\n# c\n44{}\n  {zeros}  x\n{grid}[State]\n{puzzle}\n{}\n{puzzle}x\r\n\u{A0}{puzzle}\n1234\n{puzzle}",
        &puzzle[2..],
        ".".repeat(81),
    );
    for options in [
        ReadOptions::default(),
        ReadOptions {
            variant: Variant::X,
            alphabet: None,
        },
        ReadOptions {
            variant: Variant::Standard,
            alphabet: Some(Alphabet::ZeroBased),
        },
    ] {
        let standard = fast_lane_count(&text, options);
        if options == ReadOptions::default() {
            assert_eq!(standard, 2, "the fast lane was taken");
        } else {
            assert_eq!(standard, 0, "no fast lane for other variants or alphabets");
        }
    }
}

/// Reads `text` with `next_item` and with `next`, asserts that both give the same records
/// (the fast lane's givens equal to the general reading's puzzle), and returns how many
/// records took the fast lane.
fn fast_lane_count(text: &str, options: ReadOptions) -> usize {
    use sudoscope_core::grid::Item;
    let general: Vec<_> = PuzzleReader::new(text.as_bytes(), options).collect();
    let mut fast = PuzzleReader::new(text.as_bytes(), options);
    let mut standard = 0;
    let mut i = 0;
    while let Some(item) = fast.next_item() {
        let expected = general.get(i).expect("no extra record");
        match item {
            Item::Standard { line, givens } => {
                standard += 1;
                assert_eq!(line, expected.line);
                let puzzle = expected.result.as_ref().expect("a puzzle");
                assert_eq!(puzzle.givens.cells(), &givens[..]);
                assert_eq!(puzzle.alphabet, Alphabet::Digits);
                assert!(puzzle.pencilmarks.is_none());
            }
            Item::Record(record) => {
                assert_eq!(record.line, expected.line);
                assert_eq!(record.text, expected.text);
                assert_eq!(
                    format!("{:?}", record.result),
                    format!("{:?}", expected.result)
                );
            }
        }
        i += 1;
    }
    assert_eq!(i, general.len());
    standard
}

proptest! {
    /// Random one-line 9×9 puzzles — sparse or dense, often with clashing givens in a row,
    /// column or box, sometimes with a stray character — read the same through the fast lane
    /// as through the general reading, and the lane takes exactly the valid ones with at least
    /// one given (an empty grid is left to the general reading).
    #[test]
    fn fast_lane_matches_general_reading(
        lines in proptest::collection::vec(
            (proptest::collection::vec((0u8..100, 1u8..10), 81), 0u8..100, 0usize..81),
            1..8,
        ),
        density in 1u8..60,
    ) {
        let mut text = String::new();
        for (cells, stray, at) in &lines {
            let mut line: Vec<u8> = cells
                .iter()
                .map(|&(roll, digit)| if roll < density { b'0' + digit } else { b'.' })
                .collect();
            if *stray < 5 {
                line[*at] = b'x';
            }
            text.push_str(std::str::from_utf8(&line).expect("ASCII"));
            text.push('\n');
        }
        let valid = PuzzleReader::new(text.as_bytes(), ReadOptions::default())
            .filter(|record| {
                record
                    .result
                    .as_ref()
                    .is_ok_and(|puzzle| puzzle.givens.cells().iter().any(|&cell| cell != 0))
            })
            .count();
        prop_assert_eq!(fast_lane_count(&text, ReadOptions::default()), valid);
    }
}
