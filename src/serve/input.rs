//! Bytes from an SSH channel → terminal events.
//!
//! An SSH client sends whatever its terminal produced: keys as UTF-8 or escape sequences,
//! mouse reports, bracketed pastes. A single `data` packet may hold several events, or only
//! the first half of one (an escape sequence split across packets), so the parser keeps the
//! unfinished tail between calls. The sequences themselves are decoded by `terminput`
//! (crossterm's own parser, lifted out of crossterm) and converted to crossterm events, which
//! is what the UI's `App` consumes locally too.

use ratatui::crossterm::event::Event;

/// The longest unfinished escape sequence kept between packets. Real key and mouse sequences
/// are a few bytes; anything longer that still does not parse is garbage and is dropped, so
/// re-parsing the pending bytes after every byte costs a bounded amount.
const MAX_SEQUENCE: usize = 64;

/// The longest bracketed paste delivered as one event. A longer paste is discarded up to its
/// end marker (never replayed as keystrokes).
const MAX_PASTE: usize = 64 * 1024;

const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// Turns a stream of bytes into terminal events, across packet boundaries.
#[derive(Debug, Default)]
pub struct InputParser {
    pending: Vec<u8>,
    /// Inside a paste too long to keep: bytes are dropped until the end marker.
    discarding_paste: bool,
}

impl InputParser {
    pub fn new() -> InputParser {
        InputParser::default()
    }

    /// Feeds one packet; returns the events it completes. Bytes that form no valid event are
    /// skipped (a garbage byte must not wedge the parser). Work is linear in the bytes fed:
    /// an unfinished sequence is re-parsed only while it is short, and a paste only once its
    /// end marker arrives.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        for (index, &byte) in bytes.iter().enumerate() {
            self.pending.push(byte);
            if self.discarding_paste {
                if self.pending.ends_with(PASTE_END) {
                    self.discarding_paste = false;
                    self.pending.clear();
                } else if self.pending.len() > PASTE_END.len() {
                    self.pending.drain(..self.pending.len() - PASTE_END.len());
                }
                continue;
            }
            if self.pending.starts_with(PASTE_START) {
                if self.pending.ends_with(PASTE_END) {
                    self.parse_pending(&mut events);
                } else if self.pending.len() > MAX_PASTE {
                    self.discarding_paste = true;
                    self.pending.clear();
                }
                continue;
            }
            let more_in_packet = index + 1 < bytes.len();
            // A lone ESC is the Escape key only if nothing follows it in the same packet;
            // otherwise it starts a sequence (terminals send sequences in one write).
            if self.pending == [0x1b] && more_in_packet {
                continue;
            }
            self.parse_pending(&mut events);
            if self.pending.len() > MAX_SEQUENCE && !PASTE_START.starts_with(&self.pending) {
                self.pending.clear();
            }
        }
        events
    }

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
    fn an_overlong_paste_is_dropped_whole_not_typed() {
        let mut parser = InputParser::new();
        let mut flood = b"\x1b[200~".to_vec();
        flood.extend(std::iter::repeat_n(b'a', MAX_PASTE + 10));
        assert!(parser.feed(&flood).is_empty());
        assert!(parser.pending.len() <= MAX_PASTE);
        // The rest of the paste is not replayed as keys; input after its end is.
        assert!(parser.feed(b"aaaa").is_empty());
        assert_eq!(keys(&parser.feed(b"b\x1b[201~z")), vec![KeyCode::Char('z')]);
    }

    #[test]
    fn a_paste_after_an_overlong_one_still_arrives() {
        let mut parser = InputParser::new();
        let mut flood = b"\x1b[200~".to_vec();
        flood.extend(std::iter::repeat_n(b'7', MAX_PASTE + 1));
        flood.extend_from_slice(b"\x1b[201~\x1b[200~12\x1b[201~");
        assert_eq!(parser.feed(&flood), vec![Event::Paste("12".to_string())]);
    }

    /// Unfinished escape sequences interleaved with keys (a flood seen in testing made the old
    /// parser re-parse a 64 KiB buffer after every byte): pending bytes stay short and every
    /// plain key after a broken sequence still arrives.
    #[test]
    fn unfinished_sequences_stay_bounded() {
        let mut parser = InputParser::new();
        let mut flood = Vec::new();
        for _ in 0..20_000 {
            flood.extend_from_slice(b"k\x1b[A\x1b[<0;3;3M\x1b[");
        }
        let mut longest = 0;
        let mut events = 0;
        for packet in flood.chunks(1000) {
            events += parser.feed(packet).len();
            longest = longest.max(parser.pending.len());
        }
        assert!(
            longest <= MAX_SEQUENCE + 1,
            "pending grew to {longest} bytes"
        );
        assert!(events >= 20_000, "only {events} events");
    }
}
