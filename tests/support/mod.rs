pub mod sshclient;
pub mod tools;
