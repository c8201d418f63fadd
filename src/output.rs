//! Writing results: default file names under `output/`, standard output for
//! `-`, and files that appear whole or not at all.
//!
//! A file is made under a temporary name beside its target, created
//! exclusively with an unpredictable name (never through a planted link), held
//! locked while it is written, and renamed into place only when complete. A
//! run killed half-way leaves its temporary file unlocked; the next run that
//! writes into the same folder removes it. Devices, pipes and sockets (say
//! `-o /dev/null`) are written straight, as a shell redirect would; a
//! read-only file is never replaced, for any user (root too), and a replaced
//! file keeps its permissions.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::error::{Error, Result, io_reason, quote};

/// Where results go when no `-o` is given.
pub const DEFAULT_DIR: &str = "output";

/// Temporary files and folders start with this; only ours are ever cleaned up.
const TEMP_PREFIX: &str = ".panicpress-";
const TEMP_SUFFIX: &str = ".tmp";
/// Inside a temporary folder: the file its writer holds locked.
const LOCK_FILE: &str = ".lock";
/// A leftover younger than this may belong to a writer that has not locked it yet.
const STALE_AFTER: Duration = Duration::from_secs(10);

/// `output/GAME-SEED.EXT`, with `-xN` for runs of N maps.
pub fn default_path(game: &str, seed_stem: &str, count: usize, ext: &str) -> PathBuf {
    named_path(game, seed_stem, &[], count, ext)
}

/// `output/GAME-SEED-WHAT-DIFFERS.EXT`: what differs from the defaults (a
/// setting, the paper, the language, the sheets) is in the name, so files of
/// other settings do not overwrite each other; `-xN` for runs of N.
pub fn named_path(game: &str, seed_stem: &str, differs: &[String], count: usize, ext: &str) -> PathBuf {
    let mut name = format!("{game}-{seed_stem}");
    for d in differs {
        name.push('-');
        name.extend(
            d.chars()
                .map(|c| if c.is_ascii_alphanumeric() || c == '+' { c } else { '-' }),
        );
    }
    if count > 1 {
        name.push_str(&format!("-x{count}"));
    }
    // Within what file systems allow, whatever the settings.
    let mut name: String = name.chars().take(200).collect();
    name.push('.');
    name.push_str(ext);
    Path::new(DEFAULT_DIR).join(name)
}

/// Text made fit for a file name: lowercase letters and digits, kept whole
/// by grapheme (a letter with its marks and vowel signs, `ë`, `प्रि`), every
/// other run as one '-', at most `max` graphemes; "" when nothing is left.
pub fn slug(text: &str, max: usize) -> String {
    use unicode_segmentation::UnicodeSegmentation;
    let mut out = String::new();
    let mut kept = 0;
    for g in text.graphemes(true) {
        if kept == max {
            break;
        }
        if g.chars().next().is_some_and(char::is_alphanumeric) {
            out.extend(g.chars().flat_map(char::to_lowercase));
            kept += 1;
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
            kept += 1;
        }
    }
    out.trim_end_matches('-').to_string()
}

pub fn is_stdout(path: &Path) -> bool {
    path == Path::new("-")
}

/// Writes `bytes` to `path` atomically; `-` writes to standard output.
pub fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    write_with(path, |w| w.write_all(bytes).map_err(|e| Error::input(e.to_string())))
}

fn cannot(path: &Path, why: &dyn std::fmt::Display) -> Error {
    Error::input(format!("cannot write {}: {why}", quote(&path.display().to_string())))
}

/// The folder a new file or folder at `path` goes into: `output/` is made when
/// missing, any other missing folder is an error.
fn parent_of(path: &Path) -> Result<PathBuf> {
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if parent == Path::new(DEFAULT_DIR) {
        std::fs::create_dir_all(&parent).map_err(|e| cannot(path, &io_reason(&e)))?;
    } else if !parent.is_dir() {
        return Err(cannot(path, &format!("folder {} does not exist", parent.display())));
    }
    Ok(parent)
}

/// Streams output made by `fill` to `path` (see the module comment); `-`
/// streams to standard output.
pub fn write_with(path: &Path, fill: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    if is_stdout(path) {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        fill(&mut out)?;
        return out.flush().map_err(|e| Error::input(format!("standard output: {e}")));
    }
    // An existing file keeps its permissions when it is replaced (a 0600
    // class pack of children's names must not become readable by others).
    refuse_folder(path)?;
    let keep = match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => return write_straight(path, fill),
        Ok(m) if m.permissions().readonly() => return Err(cannot(path, &"the file is read-only")),
        Ok(m) => Some(m.permissions()),
        _ => None,
    };
    let parent = parent_of(path)?;
    remove_stale(&parent);
    let tmp = temp_builder(0o666)
        .tempfile_in(&parent)
        .map_err(|e| cannot(path, &io_reason(&e)))?;
    // Held until the file is renamed or removed: a locked file is never stale.
    tmp.as_file().try_lock().map_err(|e| cannot(path, &e))?;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, tmp.as_file());
    fill(&mut out)?;
    out.flush().map_err(|e| cannot(path, &io_reason(&e)))?;
    drop(out);
    if let Some(permissions) = keep {
        tmp.as_file()
            .set_permissions(permissions)
            .map_err(|e| cannot(path, &io_reason(&e)))?;
    }
    tmp.as_file().sync_all().map_err(|e| cannot(path, &io_reason(&e)))?;
    // On any error above, dropping `tmp` removes the temporary file.
    tmp.persist(path).map_err(|e| cannot(path, &io_reason(&e.error)))?;
    Ok(())
}

/// One rule for every format: `-o` names a file (or the first of numbered
/// files), never an existing folder.
pub fn refuse_folder(path: &Path) -> Result<()> {
    if path.is_dir() {
        return Err(cannot(path, &"it is a folder; give a file name"));
    }
    Ok(())
}

/// A device, a pipe or a socket: written in place, never replaced.
fn write_straight(path: &Path, fill: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| cannot(path, &io_reason(&e)))?;
    let mut out = std::io::BufWriter::new(file);
    fill(&mut out)?;
    out.flush().map_err(|e| cannot(path, &io_reason(&e)))
}

/// Temporary files and folders get the modes new ones get anyway (0666 for a
/// file, 0777 for a folder, less the umask), not tempfile's 0600 and 0700: a
/// folder needs its execute bit to be entered.
fn temp_builder(mode: u32) -> tempfile::Builder<'static, 'static> {
    use std::os::unix::fs::PermissionsExt;
    let mut b = tempfile::Builder::new();
    b.prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .permissions(std::fs::Permissions::from_mode(mode));
    b
}

/// A new folder made whole: files are written into a temporary folder beside
/// `dir` and moved into `dir` (which must be new or empty) only when `fill`
/// succeeds. `fill` gets the temporary folder.
pub fn write_folder(dir: &Path, fill: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
    let occupied = |d: &Path| std::fs::read_dir(d).map(|mut e| e.next().is_some()).unwrap_or(true);
    if dir.exists() && (!dir.is_dir() || occupied(dir)) {
        return Err(cannot(dir, &"give a new or empty folder"));
    }
    let parent = parent_of(dir)?;
    remove_stale(&parent);
    let tmp = temp_builder(0o777)
        .tempdir_in(&parent)
        .map_err(|e| cannot(dir, &io_reason(&e)))?;
    let lock = File::create_new(tmp.path().join(LOCK_FILE)).map_err(|e| cannot(dir, &io_reason(&e)))?;
    lock.try_lock().map_err(|e| cannot(dir, &e))?;
    fill(tmp.path())?;
    std::fs::remove_file(tmp.path().join(LOCK_FILE)).map_err(|e| cannot(dir, &io_reason(&e)))?;
    let moved = if dir.exists() {
        std::fs::read_dir(tmp.path()).and_then(|mut entries| {
            entries.try_for_each(|e| e.and_then(|e| std::fs::rename(e.path(), dir.join(e.file_name()))))
        })
    } else {
        std::fs::rename(tmp.path(), dir)
    };
    moved.map_err(|e| cannot(dir, &io_reason(&e)))?;
    // Whatever is left (only when moved file by file) goes with `tmp`.
    Ok(())
}

/// Removes temporary files and folders of ours in `folder` that no live
/// process holds: left by a run that was killed.
pub fn remove_stale(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX)) {
            continue;
        }
        let path = entry.path();
        // Never follows a link: only our own plain files and folders qualify.
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        let old = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age >= STALE_AFTER);
        if !old {
            continue;
        }
        if meta.is_file() && unlocked(&path) {
            let _ = std::fs::remove_file(&path);
        } else if meta.is_dir() {
            // Ours only when it holds our lock file, and stale only when no
            // process holds it; then only the plain files we wrote into it go,
            // never anything in a folder below it.
            let lock = path.join(LOCK_FILE);
            if std::fs::symlink_metadata(&lock).is_ok_and(|m| m.is_file()) && unlocked(&lock) {
                remove_flat_folder(&path);
            }
        }
    }
}

/// Removes the plain files of a folder of ours, then the folder if that left
/// it empty: links and folders inside it are left alone.
fn remove_flat_folder(dir: &Path) {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.file_type().is_ok_and(|t| t.is_file()) {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    let _ = std::fs::remove_dir(dir);
}

/// Whether no process holds a lock on the file. (Callers have checked that
/// the path is a plain file, not a link; at worst a link swapped in meanwhile
/// is opened for reading, and only the link is removed.)
fn unlocked(path: &Path) -> bool {
    File::open(path).is_ok_and(|f| f.try_lock().is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

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
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        assert!(write(dir, b"x").unwrap_err().message.contains("folder"));
        assert!(
            write(&dir.join("nope/x.pdf"), b"x")
                .unwrap_err()
                .message
                .contains("does not exist")
        );
        let f = dir.join("ok.pdf");
        write(&f, b"hello").unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"hello");
        assert_eq!(names(dir), ["ok.pdf"], "temp files left behind");
    }

    #[test]
    fn a_failed_fill_leaves_no_file_and_keeps_the_old_one() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("a.pdf");
        write(&f, b"old").unwrap();
        let e = write_with(&f, |w| {
            w.write_all(b"half").unwrap();
            Err(Error::input("stopped"))
        });
        assert!(e.is_err());
        assert_eq!(std::fs::read(&f).unwrap(), b"old");
        assert_eq!(names(dir.path()), ["a.pdf"]);
    }

    /// Regression: `-o /dev/null` as root replaced the device with a file.
    #[test]
    fn devices_are_written_in_place_not_replaced() {
        write(Path::new("/dev/null"), b"bytes").unwrap();
        let meta = std::fs::metadata("/dev/null").unwrap();
        assert!(!meta.is_file(), "/dev/null is still a device");
    }

    /// Regression: `-o FIFO` failed or replaced the pipe.
    #[test]
    fn fifos_are_written_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        write(&fifo, b"through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }

    /// Regression: the temp name was `.NAME.PID.tmp`, created through links.
    #[test]
    fn a_planted_link_at_a_guessable_temp_name_is_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, b"keep me").unwrap();
        let out = dir.path().join("out.pdf");
        for name in [
            format!(".out.pdf.{}.tmp", std::process::id()),
            format!("{TEMP_PREFIX}000000{TEMP_SUFFIX}"),
        ] {
            std::os::unix::fs::symlink(&victim, dir.path().join(name)).unwrap();
        }
        write(&out, b"new").unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep me");
        assert_eq!(std::fs::read(&out).unwrap(), b"new");
    }

    /// Regression: a legal 254-byte name failed: the temp name added 12 bytes.
    #[test]
    fn the_longest_legal_file_name_can_be_written() {
        let dir = tempfile::tempdir().unwrap();
        let name = format!("{}.pdf", "n".repeat(250));
        write(&dir.path().join(&name), b"x").unwrap();
        assert_eq!(names(dir.path()), [name]);
    }

    /// Regression: a read-only output file was silently replaced.
    #[test]
    fn a_read_only_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("keep.pdf");
        std::fs::write(&f, b"mine").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o444)).unwrap();
        let e = write(&f, b"other").unwrap_err();
        assert!(e.message.contains("read-only"), "{}", e.message);
        assert_eq!(std::fs::read(&f).unwrap(), b"mine");
    }

    #[test]
    fn new_files_get_the_usual_mode_not_owner_only() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("a.pdf");
        write(&f, b"x").unwrap();
        let mode = std::fs::metadata(&f).unwrap().permissions().mode();
        assert_eq!(mode & 0o600, 0o600);
        assert_ne!(mode & 0o044, 0, "readable by others as the umask allows: {mode:o}");
    }

    /// Regression: every kill -9 left its temp file behind (20 kills: 142 MB).
    #[test]
    fn stale_leftovers_are_removed_but_live_ones_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let old = SystemTime::now() - Duration::from_secs(3600);
        let stale_file = dir.path().join(format!("{TEMP_PREFIX}dead01{TEMP_SUFFIX}"));
        std::fs::write(&stale_file, vec![0; 1000]).unwrap();
        let stale_dir = dir.path().join(format!("{TEMP_PREFIX}dead02{TEMP_SUFFIX}"));
        std::fs::create_dir(&stale_dir).unwrap();
        std::fs::write(stale_dir.join(LOCK_FILE), b"").unwrap();
        std::fs::write(stale_dir.join("001-ann.pdf"), b"%PDF").unwrap();
        let live_file = dir.path().join(format!("{TEMP_PREFIX}live01{TEMP_SUFFIX}"));
        std::fs::write(&live_file, b"").unwrap();
        let held = File::open(&live_file).unwrap();
        held.try_lock().unwrap();
        let young = dir.path().join(format!("{TEMP_PREFIX}young1{TEMP_SUFFIX}"));
        std::fs::write(&young, b"").unwrap();
        let other = dir.path().join(".something-else.tmp");
        std::fs::write(&other, b"").unwrap();
        for p in [&stale_file, &stale_dir, &live_file, &other] {
            File::options()
                .write(p.is_file())
                .read(true)
                .open(p)
                .unwrap()
                .set_modified(old)
                .unwrap();
        }
        write(&dir.path().join("new.pdf"), b"x").unwrap();
        let left = names(dir.path());
        assert!(!left.iter().any(|n| n.contains("dead")), "{left:?}");
        for kept in ["live01", "young1", ".something-else.tmp", "new.pdf"] {
            assert!(left.iter().any(|n| n.contains(kept)), "{kept} removed: {left:?}");
        }
        drop(held);
    }

    #[test]
    fn folders_are_made_whole() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("sets");
        let e = write_folder(&target, |tmp| {
            write(&tmp.join("a.pdf"), b"a")?;
            Err(Error::input("stopped"))
        });
        assert!(e.is_err());
        assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
        write_folder(&target, |tmp| write(&tmp.join("a.pdf"), b"a")).unwrap();
        assert_eq!(names(&target), ["a.pdf"]);
        assert!(write_folder(&target, |_| Ok(())).is_err(), "a full folder is refused");
        assert_eq!(names(dir.path()), ["sets"]);
    }

    /// Regression: `pack --split` made its temporary folder 0666, which no
    /// one but root can enter; an overwritten file lost its mode.
    #[test]
    fn folders_can_be_entered_and_replaced_files_keep_their_mode() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("sets");
        write_folder(&target, |tmp| {
            assert_eq!(std::fs::metadata(tmp).unwrap().permissions().mode() & 0o700, 0o700);
            write(&tmp.join("a.pdf"), b"a")
        })
        .unwrap();
        let mode = std::fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o700, 0o700, "{mode:o}");
        let f = dir.path().join("class.pdf");
        std::fs::write(&f, b"names").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
        write(&f, b"new names").unwrap();
        assert_eq!(std::fs::metadata(&f).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::read(&f).unwrap(), b"new names");
    }

    /// A folder that looks like ours but holds no lock of ours is not ours;
    /// in one of ours, only the plain files go, never a folder below it.
    #[test]
    fn stale_cleanup_touches_only_what_it_made() {
        let dir = tempfile::tempdir().unwrap();
        let old = SystemTime::now() - Duration::from_secs(3600);
        let foreign = dir.path().join(format!("{TEMP_PREFIX}theirs{TEMP_SUFFIX}"));
        std::fs::create_dir(&foreign).unwrap();
        std::fs::write(foreign.join("keep.txt"), b"keep").unwrap();
        let ours = dir.path().join(format!("{TEMP_PREFIX}ours01{TEMP_SUFFIX}"));
        std::fs::create_dir(&ours).unwrap();
        std::fs::write(ours.join(LOCK_FILE), b"").unwrap();
        std::fs::write(ours.join("001-ann.pdf"), b"%PDF").unwrap();
        std::fs::create_dir(ours.join("inner")).unwrap();
        std::fs::write(ours.join("inner/keep.txt"), b"keep").unwrap();
        for p in [&foreign, &ours] {
            File::open(p).unwrap().set_modified(old).unwrap();
        }
        remove_stale(dir.path());
        assert!(foreign.join("keep.txt").exists());
        assert!(!ours.join("001-ann.pdf").exists());
        assert!(ours.join("inner/keep.txt").exists());
    }
}
