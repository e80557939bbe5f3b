//! The terminal user interface.

pub mod panel;
