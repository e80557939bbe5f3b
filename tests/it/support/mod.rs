pub mod backends;
pub mod pg;
pub mod race;
pub mod server;
pub mod shapes;
pub mod sshclient;
pub mod tmux;
pub mod tools;
