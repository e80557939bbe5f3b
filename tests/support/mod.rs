pub mod sshclient;
