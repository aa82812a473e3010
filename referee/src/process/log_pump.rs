//! A child's stderr, copied into its log file up to a byte cap.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The line written once when the cap is reached.
pub const TRUNCATED_MARK: &[u8] = b"\n[log truncated]\n";

/// Writes a child's stderr to a file, truncated when the game starts; past
/// `cap` bytes one `[log truncated]` line is written and the rest dropped.
/// A write error (disk full) stops the logging, never the game.
#[derive(Debug)]
pub struct LogPump {
    path: PathBuf,
    file: Option<File>,
    written: u64,
    cap: u64,
    truncated: bool,
}

impl LogPump {
    /// Creates (or truncates) the log file.
    pub fn create(path: &Path, cap: u64) -> io::Result<LogPump> {
        // std opens files with O_CLOEXEC, so no player inherits this one.
        let file = File::create(path)?;
        Ok(LogPump {
            path: path.to_owned(),
            file: Some(file),
            written: 0,
            cap,
            truncated: false,
        })
    }

    /// The log file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes of the child's stderr written so far (the mark not counted).
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Whether the cap was reached.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Appends what the child wrote, as far as the cap allows.
    pub fn write(&mut self, data: &[u8]) {
        let Some(file) = self.file.as_mut() else {
            return;
        };
        let room = self.cap.saturating_sub(self.written);
        let take = data.len().min(usize::try_from(room).unwrap_or(usize::MAX));
        let mut result = file.write_all(&data[..take]);
        self.written += take as u64;
        if take < data.len() && !self.truncated {
            self.truncated = true;
            result = result.and_then(|()| file.write_all(TRUNCATED_MARK));
        }
        if let Err(e) = result {
            log::warn!("writing {} failed, logging stops: {e}", self.path.display());
            self.file = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_the_log_with_one_mark() {
        let (_dir, path) = crate::testing::temp_file("p.log", "old content");
        let mut log = LogPump::create(&path, 10).unwrap();
        log.write(b"12345");
        log.write(b"6789abcdef");
        log.write(b"more");
        assert!(log.is_truncated());
        assert_eq!(log.written(), 10);
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"123456789a\n[log truncated]\n"
        );
    }
}
