//! The server's host key: generated once, persisted, reused on every start.
//!
//! Clients pin the host key on first contact (`known_hosts`), so a key that changed on
//! restart would make every returning player see a man-in-the-middle warning. The key is an
//! Ed25519 key in OpenSSH format, written with mode 0600.

use std::path::Path;

use russh::keys::{Algorithm, PrivateKey, ssh_key::LineEnding};

use super::ServeError;

/// Loads the key at `path`, or creates it (and its directory) if the file does not exist.
pub fn load_or_create(path: &Path) -> Result<PrivateKey, ServeError> {
    let shown = || path.display().to_string();
    if path.exists() {
        return russh::keys::load_secret_key(path, None).map_err(|e| ServeError::HostKey {
            path: shown(),
            reason: e.to_string(),
        });
    }
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| ServeError::HostKey {
            path: shown(),
            reason: format!("cannot create its directory: {e}"),
        })?;
    }
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(|e| {
        ServeError::HostKey {
            path: shown(),
            reason: e.to_string(),
        }
    })?;
    key.write_openssh_file(path, LineEnding::LF)
        .map_err(|e| ServeError::HostKey {
            path: shown(),
            reason: e.to_string(),
        })?;
    restrict_permissions(path)?;
    tracing::info!(path = %path.display(), "generated a new host key");
    Ok(key)
}

#[cfg(unix)]
fn restrict_permissions(path: &Path) -> Result<(), ServeError> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).map_err(|e| {
        ServeError::HostKey {
            path: path.display().to_string(),
            reason: e.to_string(),
        }
    })
}

#[cfg(not(unix))]
fn restrict_permissions(_path: &Path) -> Result<(), ServeError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use russh::keys::HashAlg;

    #[test]
    fn the_key_survives_a_restart() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("keys").join("host_ed25519");
        let first = load_or_create(&path)?;
        let second = load_or_create(&path)?;
        assert_eq!(
            first.public_key().fingerprint(HashAlg::Sha256),
            second.public_key().fingerprint(HashAlg::Sha256)
        );
        Ok(())
    }

    #[test]
    fn a_corrupt_key_file_is_an_error_naming_it() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("host");
        std::fs::write(&path, "not a key")?;
        let error = load_or_create(&path).err().ok_or("accepted garbage")?;
        assert!(error.to_string().contains("host"), "{error}");
        Ok(())
    }
}
