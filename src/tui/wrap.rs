//! Greedy word wrap for text the UI lays out itself (the help's rows, the panel's sentences,
//! the variant legend), where the number of rows must be known before drawing: a scroll limit
//! or a height counted from ratatui's own wrapping would disagree with what is drawn.

/// `text` wrapped to rows of at most `width` columns (a word longer than a row gets a row of
/// its own); no rows for blank text.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in text.split_whitespace() {
        let needed = row.chars().count() + usize::from(!row.is_empty()) + word.chars().count();
        if !row.is_empty() && needed > width {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push(' ');
        }
        row.push_str(word);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_stay_whole_and_rows_fit() {
        assert_eq!(
            wrap_words("close a hint or a message", 10),
            ["close a", "hint or a", "message"]
        );
        assert_eq!(wrap_words("unbreakable", 4), ["unbreakable"]);
        assert!(wrap_words("  ", 8).is_empty());
    }
}
