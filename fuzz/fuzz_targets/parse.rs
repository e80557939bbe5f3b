//! Fuzzes the puzzle reader: any bytes, read to the end under every variant and alphabet
//! option, must give records that are puzzles or one-line errors, never a panic; every puzzle
//! read must come back unchanged from its one-line form; and reading through a tiny buffer
//! must give the same records.
//!
//! `cargo +nightly fuzz run parse fuzz/seeds` (coverage-guided), or on stable
//! `cargo run --release --bin parse -- FILE...` to replay inputs (libFuzzer's own `main`).

#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use sudoscope_core::grid::{
    Alphabet, PuzzleReader, ReadOptions, Record, TextFormat, Variant, parse_puzzle,
};

fuzz_target!(|data: &[u8]| check(data));

fn check(data: &[u8]) {
    // The first byte picks the options; the rest is the input.
    let (options, input) = match data.split_first() {
        Some((&first, rest)) => {
            let variant = Variant::ALL[usize::from(first % 3)];
            let alphabet = match (first / 3) % 4 {
                0 => None,
                1 => Some(Alphabet::Digits),
                2 => Some(Alphabet::ZeroBased),
                _ => Some(Alphabet::Letters),
            };
            (ReadOptions { variant, alphabet }, rest)
        }
        None => (ReadOptions::default(), data),
    };
    let records: Vec<Record> = PuzzleReader::new(input, options).collect();
    for record in &records {
        match &record.result {
            Ok(puzzle) => {
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
                match parse_puzzle(&line, forced) {
                    Ok(back) => assert_eq!(&back, puzzle, "{line}"),
                    Err(e) => panic!("{line}: does not read back: {e}"),
                }
            }
            Err(e) => {
                let message = e.to_string();
                assert!(
                    !message.chars().any(char::is_control),
                    "not one printable line: {message:?}"
                );
                assert!(e.line >= record.line, "{message}");
            }
        }
    }
    let capacity = 1 + input.len() % 5;
    let small: Vec<Record> =
        PuzzleReader::new(BufReader::with_capacity(capacity, input), options).collect();
    assert_eq!(small.len(), records.len());
    for (a, b) in small.iter().zip(&records) {
        assert_eq!((a.line, &a.text, &a.result), (b.line, &b.text, &b.result));
    }
}
