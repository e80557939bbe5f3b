//! What the load reads off a player's screen: the header's "N to go", a race room's code, and
//! the side list of racers with their counts.

/// The "N to go" count in the header.
pub fn to_go(screen: &str) -> Option<usize> {
    let header = screen.lines().next()?;
    let words: Vec<&str> = header.split_whitespace().collect();
    words
        .windows(3)
        .find(|w| w[1] == "to" && w[2] == "go")
        .and_then(|w| w[0].parse().ok())
}

/// The code of the room in the lobby box (`… join CODE`).
pub fn room_code(screen: &str) -> Option<String> {
    screen.lines().find_map(|line| {
        let rest = line.split("> join ").nth(1)?;
        let code: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        (code.len() == 5).then_some(code)
    })
}

/// How many racers the lobby lists (`Racers k/8`).
pub fn racers_in_lobby(screen: &str) -> Option<usize> {
    screen.lines().find_map(|line| {
        let rest = line.split("Racers ").nth(1)?;
        rest.split('/').next()?.trim().parse().ok()
    })
}

/// One racer in the side list beside the board: the seat their label names (`racer N`,
/// from 1), the cells they filled, and whether it is the viewer's own line (`▶`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub seat: usize,
    pub filled: usize,
    pub own: bool,
}

/// The racers of the side list: a `racer N` line, then a `k/M filled` line below it (players
/// without a display name are labelled by seat). Empty before the race is on.
pub fn standings(screen: &vt100::Screen) -> Vec<Standing> {
    let rows: Vec<String> = screen.rows(0, crate::client::COLS).collect();
    let mut found = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let Some(at) = row.rfind("racer ") else {
            continue;
        };
        let digits: String = row[at + 6..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let Ok(seat) = digits.parse::<usize>() else {
            continue;
        };
        let Some(next) = rows.get(i + 1) else {
            continue;
        };
        let Some(end) = next.rfind(" filled") else {
            continue;
        };
        let Some(count) = next[..end].split_whitespace().last() else {
            continue;
        };
        let Some(filled) = count.split('/').next().and_then(|n| n.parse().ok()) else {
            continue;
        };
        let own = row[..at].trim_end().ends_with('▶');
        found.push(Standing { seat, filled, own });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_count_and_the_room_code_are_read() {
        let screen = " sudoscope  9×9 standard · medium   ⏱ 0:01   57 to go   ? help\n\
                      │race:  ssh -t <this host> join GXR5H      │\n\
                      │Racers 3/8   │";
        assert_eq!(to_go(screen), Some(57));
        assert_eq!(room_code(screen).as_deref(), Some("GXR5H"));
        assert_eq!(racers_in_lobby(screen), Some(3));
    }

    #[test]
    fn the_side_list_is_read_beside_the_board() {
        let mut parser = vt100::Parser::new(
            std::num::NonZeroU16::MIN.saturating_add(5),
            std::num::NonZeroU16::MIN.saturating_add(crate::client::COLS - 1),
            0,
        );
        parser.process(
            " ║ 5 │   ║  r1c2  empty        │  racer 2\r\n \
             ║ 8 │ 4 ║                     │  12/57 filled\r\n \
             ║   │ 1 ║                     │▶ racer 1\r\n \
             ║ 4 │ 7 ║                     │  3/57 filled\r\n"
                .as_bytes(),
        );
        assert_eq!(
            standings(parser.screen()),
            vec![
                Standing {
                    seat: 2,
                    filled: 12,
                    own: false
                },
                Standing {
                    seat: 1,
                    filled: 3,
                    own: true
                }
            ]
        );
    }
}
