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
    // Written beside it first, then linked into place: linking fails when the file exists,
    // so of several servers sharing one key file and starting at once exactly one makes the
    // key, and the others load it.
    let mut draft = path.as_os_str().to_owned();
    draft.push(format!(
        ".new-{}-{:08x}",
        std::process::id(),
        rand::random::<u32>()
    ));
    let draft = std::path::PathBuf::from(draft);
    let written = key
        .write_openssh_file(&draft, LineEnding::LF)
        .map_err(|e| e.to_string())
        .and_then(|()| restrict_permissions(&draft).map_err(|e| e.to_string()))
        .and_then(|()| std::fs::hard_link(&draft, path).map_err(|e| e.to_string()));
    let _ = std::fs::remove_file(&draft);
    match written {
        Ok(()) => {
            tracing::info!(path = %path.display(), "generated a new host key");
            Ok(key)
        }
        // Another server made it meanwhile: theirs is the key.
        Err(_) if path.exists() => {
            russh::keys::load_secret_key(path, None).map_err(|e| ServeError::HostKey {
                path: shown(),
                reason: e.to_string(),
            })
        }
        Err(reason) => Err(ServeError::HostKey {
            path: shown(),
            reason,
        }),
    }
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
    fn servers_starting_at_once_share_one_new_key() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("shared_key");
        let fingerprints: Vec<String> = std::thread::scope(|scope| {
            let starts: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| load_or_create(&path)))
                .collect();
            starts
                .into_iter()
                .filter_map(|start| start.join().ok()?.ok())
                .map(|key| key.public_key().fingerprint(HashAlg::Sha256).to_string())
                .collect()
        });
        assert_eq!(fingerprints.len(), 4, "every start got a key");
        assert!(fingerprints.iter().all(|f| *f == fingerprints[0]));
        let on_disk = load_or_create(&path)?;
        assert_eq!(
            on_disk
                .public_key()
                .fingerprint(HashAlg::Sha256)
                .to_string(),
            fingerprints[0]
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
