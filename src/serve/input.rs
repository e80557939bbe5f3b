//! Bytes from an SSH channel → terminal events.
//!
//! An SSH client sends whatever its terminal produced: keys as UTF-8 or escape sequences,
//! mouse reports, bracketed pastes. A single `data` packet may hold several events, or only
//! the first half of one (an escape sequence split across packets), so the parser keeps the
//! unfinished tail between calls. The sequences themselves are decoded by `terminput`
//! (crossterm's own parser, lifted out of crossterm) and converted to crossterm events, which
//! is what the UI's `App` consumes locally too.

use ratatui::crossterm::event::Event;

/// The longest unfinished sequence kept between packets. A bracketed paste can be long, but
/// not unbounded: past this, the pending bytes are dropped rather than buffered forever.
const MAX_PENDING: usize = 64 * 1024;

/// Turns a stream of bytes into terminal events, across packet boundaries.
#[derive(Debug, Default)]
pub struct InputParser {
    pending: Vec<u8>,
}

impl InputParser {
    pub fn new() -> InputParser {
        InputParser::default()
    }

    /// Feeds one packet; returns the events it completes. Bytes that form no valid event are
    /// skipped (a garbage byte must not wedge the parser).
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        for (index, &byte) in bytes.iter().enumerate() {
            self.pending.push(byte);
            let more_in_packet = index + 1 < bytes.len();
            // A lone ESC is the Escape key only if nothing follows it in the same packet;
            // otherwise it starts a sequence (terminals send sequences in one write).
            if self.pending == [0x1b] && more_in_packet {
                continue;
            }
            self.parse_pending(&mut events);
            if self.pending.len() > MAX_PENDING {
                self.pending.clear();
            }
        }
        events
    }

    /// True while an unfinished sequence is buffered.
    pub fn has_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    fn parse_pending(&mut self, events: &mut Vec<Event>) {
        match terminput::Event::parse_from(&self.pending) {
            Ok(Some(event)) => {
                self.pending.clear();
                if let Ok(event) = terminput_crossterm::to_crossterm(event) {
                    events.push(event);
                }
            }
            // Incomplete: wait for more bytes.
            Ok(None) => {}
            Err(_) => self.pending.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{
        KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
    };

    fn keys(events: &[Event]) -> Vec<KeyCode> {
        events
            .iter()
            .filter_map(|event| match event {
                Event::Key(KeyEvent { code, .. }) => Some(*code),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn plain_keys_and_arrows_in_one_packet() {
        let mut parser = InputParser::new();
        let events = parser.feed(b"5\x1b[Aq");
        assert_eq!(
            keys(&events),
            vec![KeyCode::Char('5'), KeyCode::Up, KeyCode::Char('q')]
        );
        assert!(!parser.has_pending());
    }

    #[test]
    fn escape_sequence_split_across_packets() {
        let mut parser = InputParser::new();
        assert!(parser.feed(b"\x1b[").is_empty());
        assert!(parser.has_pending());
        let events = parser.feed(b"B");
        assert_eq!(keys(&events), vec![KeyCode::Down]);
    }

    #[test]
    fn lone_escape_is_the_escape_key() {
        let mut parser = InputParser::new();
        assert_eq!(keys(&parser.feed(b"\x1b")), vec![KeyCode::Esc]);
    }

    #[test]
    fn utf8_split_across_packets() {
        let mut parser = InputParser::new();
        let bytes = "é".as_bytes();
        assert!(parser.feed(&bytes[..1]).is_empty());
        assert_eq!(keys(&parser.feed(&bytes[1..])), vec![KeyCode::Char('é')]);
    }

    #[test]
    fn ctrl_c_is_a_key_with_control() {
        let mut parser = InputParser::new();
        let events = parser.feed(&[0x03]);
        assert!(matches!(
            events.as_slice(),
            [Event::Key(KeyEvent { code: KeyCode::Char('c'), modifiers, .. })]
                if modifiers.contains(KeyModifiers::CONTROL)
        ));
    }

    #[test]
    fn bracketed_paste_even_when_split() {
        let mut parser = InputParser::new();
        assert!(parser.feed(b"\x1b[200~4.3..").is_empty());
        let events = parser.feed(b"9\x1b[201~");
        assert_eq!(events, vec![Event::Paste("4.3..9".to_string())]);
    }

    #[test]
    fn sgr_mouse_click() {
        let mut parser = InputParser::new();
        let events = parser.feed(b"\x1b[<0;10;5M");
        assert!(matches!(
            events.as_slice(),
            [Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: 9,
                row: 4,
                ..
            })]
        ));
    }

    #[test]
    fn garbage_does_not_wedge_the_parser() {
        let mut parser = InputParser::new();
        parser.feed(b"\x1b[\xff\xfe\x1b[99;99;99;99;99X\xc3");
        let events = parser.feed(b"\x1b[Cx");
        assert!(keys(&events).contains(&KeyCode::Char('x')));
    }

    #[test]
    fn unbounded_sequences_are_dropped() {
        let mut parser = InputParser::new();
        let mut flood = b"\x1b[200~".to_vec();
        flood.extend(std::iter::repeat_n(b'a', MAX_PENDING + 10));
        parser.feed(&flood);
        assert!(parser.pending.len() <= MAX_PENDING);
        assert_eq!(keys(&parser.feed(b"z")), vec![KeyCode::Char('z')]);
    }
}
