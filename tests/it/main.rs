//! The application's integration tests, in one test binary (one link instead of one per file):
//! each former test file is a module here, and what several of them share is in `support/`.
//! A new test file `tests/it/NAME.rs` needs a `mod NAME;` line below. Tests that must have the
//! process to themselves live in their own binary beside this folder: a thread count
//! (`tests/tui_panel_threads.rs`) and PostgreSQL restarts (`tests/serve_pg.rs`, which would
//! break the PostgreSQL tests here if they ran at the same time).
//!
//! Run one module with `cargo test --release --test it MODULE::` (e.g. `cli::`), one test with
//! its full name.

mod support;

mod canon_cli;
mod cli;
mod cli_progress;
mod daily_cli;
mod daily_game;
mod daily_ssh;
mod doc_links;
mod formats_cli;
mod game_paths;
mod generate_cli;
mod generate_hard;
mod generate_measure;
mod guide_generated;
mod hint_rate_cli;
mod leaderboards;
mod live_cli;
mod pg_rooms;
mod pg_store;
mod play_cli;
mod play_store;
mod race_ssh;
mod screenshots;
mod serve_plumbing;
mod serve_ssh;
mod store;
mod tui_chain;
mod tui_e2e;
mod tui_lifecycle;
mod tui_panel;
mod tui_screens;
mod tui_shapes;
mod tui_update;
