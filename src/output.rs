//! Writing results: default file names under `output/`, standard output for
//! `-`, and files that appear whole or not at all (temp file, then rename).

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// Where results go when no `-o` is given.
pub const DEFAULT_DIR: &str = "output";

/// `output/GAME-SEED.EXT`, with `-xN` for runs of N maps.
pub fn default_path(game: &str, seed_stem: &str, count: usize, ext: &str) -> PathBuf {
    let name = if count > 1 {
        format!("{game}-{seed_stem}-x{count}.{ext}")
    } else {
        format!("{game}-{seed_stem}.{ext}")
    };
    Path::new(DEFAULT_DIR).join(name)
}

pub fn is_stdout(path: &Path) -> bool {
    path == Path::new("-")
}

/// Writes `bytes` to `path` atomically; `-` writes to standard output.
pub fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    write_with(path, |w| w.write_all(bytes).map_err(|e| Error::input(e.to_string())))
}

/// Streams output made by `fill` to `path`: into a temporary file beside it,
/// renamed into place only when `fill` succeeds, so a failed run leaves no
/// partial file. `-` streams to standard output. The default output folder is
/// created; any other missing folder is an error.
pub fn write_with(path: &Path, fill: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    if is_stdout(path) {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        fill(&mut out)?;
        return out.flush().map_err(|e| Error::input(format!("standard output: {e}")));
    }
    let fail = |e: &dyn std::fmt::Display| Error::input(format!("cannot write {}: {e}", path.display()));
    if path.is_dir() {
        return Err(Error::input(format!(
            "cannot write {}: it is a folder; give a file name",
            path.display()
        )));
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if parent == Path::new(DEFAULT_DIR) {
        std::fs::create_dir_all(&parent).map_err(|e| fail(&e))?;
    } else if !parent.is_dir() {
        return Err(Error::input(format!(
            "cannot write {}: folder {} does not exist",
            path.display(),
            parent.display()
        )));
    }
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = parent.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let file = std::fs::File::create(&tmp).map_err(|e| fail(&e))?;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, file);
    let result = fill(&mut out)
        .and_then(|_| out.into_inner().map_err(|e| fail(&e.into_error())))
        .and_then(|f| f.sync_all().map_err(|e| fail(&e)))
        .and_then(|_| std::fs::rename(&tmp, path).map_err(|e| fail(&e)));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_names_say_game_seed_and_count() {
        assert_eq!(
            default_path("tp-hunt", "42", 1, "pdf"),
            Path::new("output/tp-hunt-42.pdf")
        );
        assert_eq!(
            default_path("tp-hunt", "42", 30, "json"),
            Path::new("output/tp-hunt-42-x30.json")
        );
    }

    #[test]
    fn folders_and_missing_parents_are_refused_without_leftovers() {
        let dir = std::env::temp_dir().join(format!("pp-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(write(&dir, b"x").unwrap_err().message.contains("folder"));
        assert!(
            write(&dir.join("nope/x.pdf"), b"x")
                .unwrap_err()
                .message
                .contains("does not exist")
        );
        let f = dir.join("ok.pdf");
        write(&f, b"hello").unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"hello");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "temp files left behind: {names:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
