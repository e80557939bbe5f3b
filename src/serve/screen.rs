//! A session's view of the player's terminal: frames drawn with ratatui into bytes for the
//! SSH channel, only what changed since the last frame sent.
//!
//! The screen keeps the last frame sent itself (ratatui's `Terminal` keeps it privately and
//! blanks it when it swaps buffers), so that besides whole frames it can draw a part over
//! the last one: a second's tick of every player's clock is most of a server's frames, and a
//! whole frame costs many times the clock's line. The `Terminal` only lends its `Frame` to
//! draw on; comparing, sending and keeping the frames is done here, through ratatui's public
//! buffer diff and backend.

use std::io::Write;

use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::buffer::Buffer;
use ratatui::crossterm::{execute, terminal};
use ratatui::layout::Rect;
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};

/// The bytes a frame came out as; clones share them, so the screen takes each frame's output
/// from its own handle.
#[derive(Clone, Default)]
pub struct FrameBuffer {
    bytes: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
}

impl FrameBuffer {
    pub fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.lock())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<u8>> {
        self.bytes
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Write for FrameBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.lock().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A terminal of a fixed size: the frame on the player's screen, a blank one to draw the
/// next on, and the bytes drawing produced.
pub struct Screen {
    terminal: Terminal<CrosstermBackend<FrameBuffer>>,
    output: FrameBuffer,
    /// What the player's terminal shows.
    shown: Buffer,
    /// Blank: the next whole frame is drawn here.
    next: Buffer,
}

impl Screen {
    pub fn new(cols: u16, rows: u16) -> std::io::Result<Screen> {
        let output = FrameBuffer::default();
        let area = Rect::new(0, 0, cols, rows);
        let mut terminal = Terminal::with_options(
            CrosstermBackend::new(output.clone()),
            TerminalOptions {
                viewport: Viewport::Fixed(area),
            },
        )?;
        lend_only(&mut terminal);
        Ok(Screen {
            terminal,
            output,
            shown: Buffer::empty(area),
            next: Buffer::empty(area),
        })
    }

    /// The bytes drawn since the last call.
    pub fn take_output(&self) -> Vec<u8> {
        self.output.take()
    }

    /// Draws a whole frame and sends what differs from the one shown.
    pub fn draw(&mut self, render: impl FnOnce(&mut Frame)) -> std::io::Result<()> {
        self.render_on_next(render);
        let sent = send(&mut self.terminal, &self.shown, &self.next);
        std::mem::swap(&mut self.shown, &mut self.next);
        self.next.reset();
        sent
    }

    /// Draws `area` anew over the frame shown and sends what changed there: the rest of the
    /// screen is neither drawn nor compared.
    pub fn draw_over(
        &mut self,
        area: Rect,
        render: impl FnOnce(&mut Frame),
    ) -> std::io::Result<()> {
        let area = area.intersection(self.shown.area);
        let before = region(&self.shown, area);
        std::mem::swap(self.terminal.current_buffer_mut(), &mut self.shown);
        render(&mut self.terminal.get_frame());
        std::mem::swap(self.terminal.current_buffer_mut(), &mut self.shown);
        let after = region(&self.shown, area);
        send(&mut self.terminal, &before, &after)
    }

    /// The size of the screen.
    pub fn area(&self) -> Rect {
        self.shown.area
    }

    /// A new size: the player's terminal is cleared and the next frame is sent whole.
    pub fn resize(&mut self, cols: u16, rows: u16) -> std::io::Result<()> {
        let area = Rect::new(0, 0, cols, rows);
        self.terminal.resize(area)?;
        lend_only(&mut self.terminal);
        self.shown = Buffer::empty(area);
        self.next = Buffer::empty(area);
        execute!(self.output, terminal::Clear(terminal::ClearType::All))
    }

    /// Draws on the blank buffer through the terminal's frame.
    fn render_on_next(&mut self, render: impl FnOnce(&mut Frame)) {
        std::mem::swap(self.terminal.current_buffer_mut(), &mut self.next);
        render(&mut self.terminal.get_frame());
        std::mem::swap(self.terminal.current_buffer_mut(), &mut self.next);
    }
}

/// Empties the terminal's own two frames: it only lends its `Frame` over the screen's
/// buffers, and a frame of a thousand players' screens each is memory for nothing.
fn lend_only(terminal: &mut Terminal<CrosstermBackend<FrameBuffer>>) {
    for _ in 0..2 {
        *terminal.current_buffer_mut() = Buffer::empty(Rect::ZERO);
        terminal.swap_buffers();
    }
}

/// Sends the cells of `after` that differ from `before` (buffers of one area).
fn send(
    terminal: &mut Terminal<CrosstermBackend<FrameBuffer>>,
    before: &Buffer,
    after: &Buffer,
) -> std::io::Result<()> {
    let backend = terminal.backend_mut();
    backend.draw(before.diff(after).into_iter())?;
    Backend::flush(backend)
}

/// A copy of `area` of `buffer`.
fn region(buffer: &Buffer, area: Rect) -> Buffer {
    let mut copy = Buffer::empty(area);
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            copy[(x, y)] = buffer[(x, y)].clone();
        }
    }
    copy
}
