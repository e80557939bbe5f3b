//! Test helper: what the race tests do as racers (the race puzzle's solution, typing it,
//! reading the server's log line about a room, a client command that joins a room).

use crate::support::tmux::Tmux;

/// The digits of the empty cells of `line` in reading order (the order a racer fills them,
/// typing a digit then Tab to the next empty cell).
pub fn solution_digits(line: &str) -> Vec<char> {
    let puzzle =
        sudoscope_core::grid::parse_puzzle(line, sudoscope_core::grid::ReadOptions::default())
            .expect("the race puzzle parses");
    let count = sudoscope_core::exact::count(&puzzle, 2);
    assert_eq!(count.solutions, 1, "the race puzzle has one solution");
    let solution = count.first.expect("a solution");
    (0..line.len())
        .filter(|&cell| puzzle.givens.cells()[cell] == 0)
        .map(|cell| char::from(b'0' + solution.cells()[cell]))
        .collect()
}

/// Types digits, each followed by Tab (to the next empty cell).
pub fn type_digits(tmux: &Tmux, name: &str, digits: &[char]) {
    let keys: String = digits.iter().flat_map(|&d| [d, '\t']).collect();
    tmux.text(name, &keys);
}

/// The value after `key=` in a log line.
pub fn log_field(line: &str, key: &str) -> String {
    line.split(&format!("{key}="))
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_default()
        .trim_matches('"')
        .to_string()
}

/// The command line of a client that joins or watches a room.
pub fn with_command(ssh: &str, command: &str) -> String {
    format!("{ssh} {command}")
}
