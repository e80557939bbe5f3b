//! Finding digits written as numbers in a text about a puzzle — the one home of that check for
//! both packages' tests.

/// Words after which a number names a house, not a digit.
const HOUSE_WORDS: &[&str] = &["row", "column", "box", "diagonal", "window"];

/// Words after which a list of numbers (`rows 1, 4 and 7`) names houses.
const HOUSES_WORDS: &[&str] = &["rows", "columns", "boxes"];

/// Technique names with a number in them.
const NAMES: &[&str] = &["type 1", "BUG+1"];

/// The numbers left in `text` once cell names, house names and technique names are taken out.
pub fn stray_numbers(text: &str) -> Vec<String> {
    let text = NAMES
        .iter()
        .fold(text.to_string(), |t, name| t.replace(name, ""));
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    // Whether the next number names a house, and whether numbers after it do too (a list:
    // `rows 1, 4 and 7`).
    let mut house_next = false;
    let mut in_house_list = false;
    let mut word = String::new();
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let number: String = chars[start..i].iter().collect();
            // A cell name: `r` digits `c` digits, the `r` at a word's start.
            let cell_part = start > 0
                && matches!(chars[start - 1], 'r' | 'c')
                && (start < 2 || !chars[start - 2].is_ascii_alphabetic());
            if !(cell_part || house_next || in_house_list) {
                out.push(number);
            }
            house_next = false;
            word.clear();
            continue;
        }
        if c.is_ascii_alphabetic() {
            word.push(c);
        } else {
            if !word.is_empty() {
                house_next = HOUSE_WORDS.contains(&word.as_str());
                in_house_list =
                    HOUSES_WORDS.contains(&word.as_str()) || (in_house_list && word == "and");
                word.clear();
            }
            if !matches!(c, ' ' | ',') {
                house_next = false;
                in_house_list = false;
            }
        }
        i += 1;
    }
    out
}
