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
use crate::message::Msg;

/// Where results go when no `-o` is given.
pub const DEFAULT_DIR: &str = "output";

/// Temporary files and folders start with this; only ours are ever cleaned up.
const TEMP_PREFIX: &str = ".panicpress-";
const TEMP_SUFFIX: &str = ".tmp";
/// A leftover younger than this may belong to a writer that has not locked it yet.
const STALE_AFTER: Duration = Duration::from_secs(10);

/// `GAME-SEED-WHAT-DIFFERS.EXT`: what differs from the defaults (a setting,
/// the paper, the language, the sheets) is in the name, so files of other
/// settings do not overwrite each other; `-xN` for runs of N; no extension
/// for a folder (`ext` empty).
pub fn file_name(game: &str, seed_stem: &str, differs: &[String], count: usize, ext: &str) -> String {
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
    if !ext.is_empty() {
        name.push('.');
        name.push_str(ext);
    }
    name
}

/// Text made fit for a file name: lowercase letters and digits, kept whole
/// by grapheme (a letter with its marks and vowel signs, `ë`, `प्रि`), every
/// other run as one '-', at most `max` graphemes; "" when nothing is left.
pub(crate) fn slug(text: &str, max: usize) -> String {
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

pub(crate) fn is_stdout(path: &Path) -> bool {
    path == Path::new("-")
}

/// Writes `bytes` to `path` atomically; `-` writes to standard output.
pub fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    write_with(path, |w| w.write_all(bytes).map_err(|e| Error::io(io_reason(&e))))
}

fn cannot(path: &Path, why: Msg) -> Error {
    if is_stdout(path) {
        return Error::io(crate::msg!("output.cannot_write_stdout", why = why));
    }
    let file = quote(&path.display().to_string());
    Error::io(crate::msg!("output.cannot_write", file = file, why = why))
}

/// The folder a new file or folder at `path` goes into: `output/` is made when
/// missing, any other missing folder is an error.
fn parent_of(path: &Path) -> Result<PathBuf> {
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if parent == Path::new(DEFAULT_DIR) {
        std::fs::create_dir_all(&parent).map_err(|e| cannot(path, io_reason(&e)))?;
    } else if !parent.is_dir() {
        let folder = parent.display().to_string();
        return Err(cannot(path, crate::msg!("output.no_folder", folder = folder)));
    }
    Ok(parent)
}

/// A writer that keeps the first I/O error it met, so that a failure inside
/// a document's writer (which words it its own way) is told with the path.
struct Recording<W: Write> {
    inner: W,
    failed: Option<Msg>,
}

impl<W: Write> Write for Recording<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.inner.write(buf).inspect_err(|e| self.keep(e))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush().inspect_err(|e| self.keep(e))
    }
}

impl<W: Write> Recording<W> {
    fn new(inner: W) -> Recording<W> {
        Recording { inner, failed: None }
    }
    fn keep(&mut self, e: &std::io::Error) {
        if self.failed.is_none() {
            self.failed = Some(io_reason(e));
        }
    }
    /// Streams `fill` into the writer, then flushes it; a write that failed
    /// is told as `cannot write PATH: REASON`, whatever `fill` made of it.
    fn fill(mut self, path: &Path, fill: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<W> {
        let filled = fill(&mut self).and_then(|()| self.flush().map_err(|e| cannot(path, io_reason(&e))));
        match (filled, self.failed) {
            (_, Some(why)) => Err(cannot(path, why)),
            (Err(e), None) => Err(e),
            (Ok(()), None) => Ok(self.inner),
        }
    }
}

/// Streams output made by `fill` to `path` (see the module comment); `-`
/// streams to standard output.
pub(crate) fn write_with(path: &Path, fill: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    if is_stdout(path) {
        let out = std::io::BufWriter::new(std::io::stdout().lock());
        return Recording::new(out).fill(path, fill).map(drop);
    }
    // An existing file keeps its permissions when it is replaced (a 0600
    // class pack of children's names must not become readable by others).
    refuse_folder(path)?;
    let keep = match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => return write_straight(path, fill),
        Ok(m) if m.permissions().readonly() => return Err(cannot(path, crate::msg!("output.read_only"))),
        Ok(m) => Some(m.permissions()),
        _ => None,
    };
    let parent = parent_of(path)?;
    remove_stale(&parent);
    let tmp = TempFolder::new(&parent).map_err(|e| cannot(path, io_reason(&e)))?;
    let staged = tmp.path.join(STAGED);
    let file = new_file(&staged).map_err(|e| cannot(path, io_reason(&e)))?;
    let out = Recording::new(std::io::BufWriter::with_capacity(1 << 16, file)).fill(path, fill)?;
    let file = out.into_inner().map_err(|e| cannot(path, io_reason(e.error())))?;
    if let Some(permissions) = keep {
        file.set_permissions(permissions)
            .map_err(|e| cannot(path, io_reason(&e)))?;
    }
    file.sync_all().map_err(|e| cannot(path, io_reason(&e)))?;
    // On any error above, dropping `tmp` removes the staged file.
    std::fs::rename(&staged, path).map_err(|e| cannot(path, io_reason(&e)))
}

/// A new file with the mode new files get (0666 less the umask), never
/// through a link.
fn new_file(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new().write(true).create_new(true).mode(0o666).open(path)
}

/// One rule for every format: `-o` names a file (or the first of numbered
/// files), never an existing folder.
pub(crate) fn refuse_folder(path: &Path) -> Result<()> {
    if path.is_dir() {
        return Err(cannot(path, crate::msg!("output.is_a_folder")));
    }
    Ok(())
}

/// A device, a pipe or a socket: written in place, never replaced.
fn write_straight(path: &Path, fill: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| cannot(path, io_reason(&e)))?;
    Recording::new(std::io::BufWriter::new(file)).fill(path, fill).map(drop)
}

/// Inside a temporary folder: what is being written (a file, or a folder of
/// files), moved into place when whole.
const STAGED: &str = "staged";
/// Inside every temporary folder: the file that marks it as this tool's,
/// locked while its run lives. A folder is removed by a later run only when
/// it holds this file with these words and no process holds its lock.
const MARKER: &str = ".panicpress-marker";
const MARKER_TEXT: &[u8] = b"panicpress: a temporary folder of a run; removed once no run holds this file\n";

/// The temporary folders of this run, for INT and TERM to remove.
static LIVE: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

/// A temporary folder of this run beside a target: `.panicpress-XXXXXX.tmp/`
/// with its marker, removed (with what is left in it) when dropped.
struct TempFolder {
    path: PathBuf,
    /// Held open: the lock on the marker lasts as long as the run.
    _marker: Option<File>,
}

impl TempFolder {
    fn new(parent: &Path) -> std::io::Result<TempFolder> {
        use std::os::unix::fs::PermissionsExt;
        // Held while the folder is made, so that INT or TERM finds it listed.
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        let path = tempfile::Builder::new()
            .prefix(TEMP_PREFIX)
            .suffix(TEMP_SUFFIX)
            // A folder needs its execute bit to be entered (0777 less the umask).
            .permissions(std::fs::Permissions::from_mode(0o777))
            .tempdir_in(parent)?
            .keep();
        live.push(path.clone());
        drop(live);
        // From here on, an error drops `folder`, which removes it.
        let mut folder = TempFolder { path, _marker: None };
        let marker = new_file(&folder.path.join(MARKER))?;
        marker.try_lock().map_err(std::io::Error::other)?;
        (&marker).write_all(MARKER_TEXT)?;
        folder._marker = Some(marker);
        Ok(folder)
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        remove_ours(&self.path);
        LIVE.lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|p| p != &self.path);
    }
}

/// Removes the temporary folders of this run (on INT or TERM, before the
/// run ends).
pub(crate) fn remove_live_temporaries() {
    let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    for path in live.iter() {
        remove_ours(path);
    }
}

/// Ends the run on INT or TERM, its temporary folders removed first: the
/// signals are taken by a thread of their own (every later thread inherits
/// the mask), so the removal runs as ordinary code, not in a handler.
pub fn remove_temporaries_on_signals() {
    // SAFETY: plain libc calls on a signal set owned here.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGINT);
        libc::sigaddset(&mut set, libc::SIGTERM);
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        std::thread::spawn(move || {
            let mut signal = 0;
            if libc::sigwait(&set, &mut signal) == 0 {
                remove_live_temporaries();
                std::process::exit(128 + signal);
            }
        });
    }
}

/// A folder's files, staged in a temporary folder until all are written.
pub struct Staging<'a> {
    dir: PathBuf,
    /// The folder the user named, for messages.
    shown: &'a Path,
}

impl Staging<'_> {
    /// Writes a file of the set (`name`: a plain file name).
    pub fn put(&self, name: &str, bytes: &[u8]) -> Result<()> {
        new_file(&self.dir.join(name))
            .and_then(|mut f| f.write_all(bytes))
            .map_err(|e| cannot(self.shown, io_reason(&e)))
    }
}

/// A new folder made whole: files are written into a temporary folder beside
/// `dir`, which is renamed onto `dir` (absent or empty) only when `fill`
/// succeeds. The rename is the claim: if another run filled `dir`
/// meanwhile, it fails and nothing of either is mixed.
pub(crate) fn write_folder(dir: &Path, fill: impl FnOnce(&Staging) -> Result<()>) -> Result<()> {
    let occupied = |d: &Path| std::fs::read_dir(d).map(|mut e| e.next().is_some()).unwrap_or(true);
    let taken = |d: &Path| d.exists() && (!d.is_dir() || d.is_symlink() || occupied(d));
    if taken(dir) {
        return Err(cannot(dir, crate::msg!("output.folder_taken")));
    }
    let parent = parent_of(dir)?;
    remove_stale(&parent);
    let tmp = TempFolder::new(&parent).map_err(|e| cannot(dir, io_reason(&e)))?;
    let staged = tmp.path.join(STAGED);
    std::fs::create_dir(&staged).map_err(|e| cannot(dir, io_reason(&e)))?;
    fill(&Staging {
        dir: staged.clone(),
        shown: dir,
    })?;
    std::fs::rename(&staged, dir).map_err(|e| match e.raw_os_error() {
        Some(libc::ENOTEMPTY | libc::EEXIST | libc::ENOTDIR | libc::EISDIR) => {
            cannot(dir, crate::msg!("output.folder_raced"))
        }
        _ => cannot(dir, io_reason(&e)),
    })
}

/// Files numbered `STEM-001.EXT`, `STEM-002.EXT` ... from `first` on, while
/// they exist: the pages of a set written to `path` before.
pub(crate) fn numbered_from(path: &Path, first: usize) -> Vec<PathBuf> {
    (first..)
        .map(|k| numbered(path, k))
        .take_while(|p| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_file()))
        .collect()
}

/// Page `k` of a set written to `path`: `STEM-00K.EXT`.
pub fn numbered(path: &Path, k: usize) -> PathBuf {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    PathBuf::from(format!("{}-{k:03}.{ext}", path.with_extension("").display()))
}

/// A set of pages written whole: `fill` hands each page's bytes to the
/// callback it gets, and they go into a temporary folder first (a full disk
/// stops there, an older set intact); then all are moved into place (one
/// page to `path` itself, more to `STEM-001.EXT`, `STEM-002.EXT` ...), and
/// only then are the pages of an older set under the same name that the new
/// one does not have removed. Returns the page count.
pub(crate) fn write_pages(
    path: &Path,
    fill: impl FnOnce(&mut dyn FnMut(&[u8]) -> Result<()>) -> Result<()>,
) -> Result<usize> {
    refuse_folder(path)?;
    let parent = parent_of(path)?;
    remove_stale(&parent);
    let tmp = TempFolder::new(&parent).map_err(|e| cannot(path, io_reason(&e)))?;
    let staged = tmp.path.join(STAGED);
    std::fs::create_dir(&staged).map_err(|e| cannot(path, io_reason(&e)))?;
    let staging = Staging {
        dir: staged.clone(),
        shown: path,
    };
    let mut count = 0;
    fill(&mut |bytes| {
        count += 1;
        staging.put(&count.to_string(), bytes)
    })?;
    let targets: Vec<PathBuf> = match count {
        0 => return Ok(0),
        1 => vec![path.to_path_buf()],
        n => (1..=n).map(|k| numbered(path, k)).collect(),
    };
    for target in &targets {
        refuse_folder(target)?;
        if std::fs::metadata(target).is_ok_and(|m| m.permissions().readonly()) {
            return Err(cannot(target, crate::msg!("output.read_only")));
        }
    }
    sync_folder_files(&staged).map_err(|e| cannot(path, io_reason(&e)))?;
    // Two runs writing sets under one name take turns to move their pages,
    // so that the last one's set is what is left, never a mix of both.
    let folder = File::open(&parent).map_err(|e| cannot(path, io_reason(&e)))?;
    folder.lock().map_err(|e| cannot(path, io_reason(&e)))?;
    let mut older = numbered_from(path, if count == 1 { 1 } else { count + 1 });
    if count > 1 && std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        older.push(path.to_path_buf());
    }
    for (k, target) in targets.iter().enumerate() {
        let page = staged.join((k + 1).to_string());
        // A replaced page keeps its permissions, as a replaced file does.
        if let Ok(m) = std::fs::metadata(target) {
            std::fs::set_permissions(&page, m.permissions()).map_err(|e| cannot(target, io_reason(&e)))?;
        }
        std::fs::rename(&page, target).map_err(|e| cannot(target, io_reason(&e)))?;
    }
    for page in older {
        let _ = std::fs::remove_file(page);
    }
    Ok(count)
}

/// Every file of a folder on the disk, so that a page moved into place is whole.
fn sync_folder_files(dir: &Path) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)? {
        File::open(e?.path())?.sync_all()?;
    }
    Ok(())
}

/// Removes temporary folders of this tool in `folder` that no live process
/// holds: left by a run that was killed. Only a folder that holds the
/// marker, with its words, qualifies; any other entry is left alone.
pub(crate) fn remove_stale(folder: &Path) {
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
        // Never follows a link: only plain folders qualify.
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        let old = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age >= STALE_AFTER);
        if old && meta.is_dir() && marked_and_unlocked(&path.join(MARKER)) {
            remove_ours(&path);
        }
    }
}

/// Whether `marker` is a plain file holding our words that no process has locked.
fn marked_and_unlocked(marker: &Path) -> bool {
    if !std::fs::symlink_metadata(marker).is_ok_and(|m| m.is_file() && m.len() == MARKER_TEXT.len() as u64) {
        return false;
    }
    let Ok(file) = File::open(marker) else {
        return false;
    };
    let mut text = Vec::new();
    use std::io::Read;
    (&file)
        .take(MARKER_TEXT.len() as u64 + 1)
        .read_to_end(&mut text)
        .is_ok()
        && text == MARKER_TEXT
        && file.try_lock().is_ok()
}

/// Removes a temporary folder of ours: its plain files and its staged
/// folder's plain files, then the folders when that left them empty; links
/// and any other folder inside it are left alone.
fn remove_ours(dir: &Path) {
    let remove_files = |dir: &Path| {
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                if e.file_type().is_ok_and(|t| t.is_file()) {
                    let _ = std::fs::remove_file(e.path());
                }
            }
        }
    };
    let staged = dir.join(STAGED);
    if std::fs::symlink_metadata(&staged).is_ok_and(|m| m.is_dir()) {
        remove_files(&staged);
        let _ = std::fs::remove_dir(&staged);
    }
    remove_files(dir);
    let _ = std::fs::remove_dir(dir);
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
        assert_eq!(file_name("tp-hunt", "42", &[], 1, "pdf"), "tp-hunt-42.pdf");
        assert_eq!(file_name("tp-hunt", "42", &[], 30, "json"), "tp-hunt-42-x30.json");
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
            Err(Error::msg(crate::msg!("word", word = "stopped")))
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

    /// A temporary folder as a killed run leaves it: marked, unlocked.
    fn left_by_a_killed_run(dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(format!("{TEMP_PREFIX}{name}{TEMP_SUFFIX}"));
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join(MARKER), MARKER_TEXT).unwrap();
        std::fs::create_dir(path.join(STAGED)).unwrap();
        std::fs::write(path.join(STAGED).join("001-ann.pdf"), b"%PDF").unwrap();
        path
    }

    fn age(path: &Path) {
        let old = SystemTime::now() - Duration::from_secs(3600);
        File::open(path).unwrap().set_modified(old).unwrap();
    }

    /// Regression: every kill -9 left its temp file behind (20 kills: 142 MB);
    /// then the clean-up removed a user's `.panicpress-notes.tmp` and a folder
    /// `.panicpress-mine.tmp/` by their names alone. Only a folder with our
    /// marker, its words and no live lock goes.
    #[test]
    fn the_cleanup_removes_only_what_this_tool_made_and_no_run_holds() {
        let dir = tempfile::tempdir().unwrap();
        let dir = dir.path();
        let dead = left_by_a_killed_run(dir, "dead01");
        let notes = dir.join(".panicpress-notes.tmp");
        std::fs::write(&notes, b"my notes").unwrap();
        let mine = dir.join(".panicpress-mine.tmp");
        std::fs::create_dir(&mine).unwrap();
        std::fs::write(mine.join("keep.txt"), b"keep").unwrap();
        // A marker with other words is not ours.
        let lookalike = dir.join(".panicpress-alike1.tmp");
        std::fs::create_dir(&lookalike).unwrap();
        std::fs::write(lookalike.join(MARKER), b"mine\n").unwrap();
        std::fs::write(lookalike.join("keep.txt"), b"keep").unwrap();
        // Ours, but a live run holds it.
        let live = TempFolder::new(dir).unwrap();
        std::fs::write(live.path.join("page"), b"x").unwrap();
        // Ours, and young: its run may not have locked it yet.
        let young = left_by_a_killed_run(dir, "young1");
        for p in [&dead, &notes, &mine, &lookalike, &live.path] {
            age(p);
        }
        // Something a user keeps inside a folder of ours is not removed either.
        std::fs::create_dir(dead.join("inner")).unwrap();
        std::fs::write(dead.join("inner/keep.txt"), b"keep").unwrap();
        age(&dead);
        write(&dir.join("new.pdf"), b"x").unwrap();
        assert!(!dead.join(STAGED).exists() && !dead.join(MARKER).exists());
        assert_eq!(std::fs::read(dead.join("inner/keep.txt")).unwrap(), b"keep");
        assert_eq!(std::fs::read(&notes).unwrap(), b"my notes");
        assert!(mine.join("keep.txt").exists() && lookalike.join("keep.txt").exists());
        assert!(live.path.join("page").exists() && young.join(STAGED).exists());
        let live_path = live.path.clone();
        drop(live);
        assert!(!live_path.exists(), "a run removes its own folder when done");
    }

    #[test]
    fn a_run_removes_its_own_temporary_folders_when_told_to_stop() {
        let dir = tempfile::tempdir().unwrap();
        let tmp = TempFolder::new(dir.path()).unwrap();
        std::fs::create_dir(tmp.path.join(STAGED)).unwrap();
        std::fs::write(tmp.path.join(STAGED).join("1"), b"page").unwrap();
        remove_live_temporaries();
        assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
    }

    #[test]
    fn folders_are_made_whole() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("sets");
        let e = write_folder(&target, |s| {
            s.put("a.pdf", b"a")?;
            Err(Error::msg(crate::msg!("word", word = "stopped")))
        });
        assert!(e.is_err());
        assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
        write_folder(&target, |s| s.put("a.pdf", b"a")).unwrap();
        assert_eq!(names(&target), ["a.pdf"]);
        assert!(write_folder(&target, |_| Ok(())).is_err(), "a full folder is refused");
        assert_eq!(names(dir.path()), ["sets"]);
        // An empty folder is taken.
        let empty = dir.path().join("empty");
        std::fs::create_dir(&empty).unwrap();
        write_folder(&empty, |s| s.put("b.pdf", b"b")).unwrap();
        assert_eq!(names(&empty), ["b.pdf"]);
    }

    /// Regression: two `--split` packs into one folder mixed one's teacher
    /// key with the other's students. The second to finish fails in one
    /// line, naming the folder, and nothing of it is added.
    #[test]
    fn a_second_writer_into_the_same_folder_fails_and_nothing_mixes() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("sets");
        let e = write_folder(&target, |first| {
            first.put("000-teacher-key.pdf", b"first's key")?;
            // Meanwhile another run writes its whole pack there.
            write_folder(&target, |second| {
                second.put("000-teacher-key.pdf", b"second's key")?;
                second.put("001-bo.pdf", b"second's student")
            })?;
            first.put("001-ann.pdf", b"first's student")
        })
        .unwrap_err();
        assert!(e.message.contains("'") && e.message.contains("sets"), "{}", e.message);
        assert!(e.message.contains("another run"), "{}", e.message);
        assert!(!e.message.contains(TEMP_PREFIX), "{}", e.message);
        assert_eq!(names(&target), ["000-teacher-key.pdf", "001-bo.pdf"]);
        assert_eq!(
            std::fs::read(target.join("000-teacher-key.pdf")).unwrap(),
            b"second's key"
        );
        assert_eq!(names(dir.path()), ["sets"]);
    }

    /// Regression: `pack --split` made its temporary folder 0666, which no
    /// one but root can enter; an overwritten file lost its mode.
    #[test]
    fn folders_can_be_entered_and_replaced_files_keep_their_mode() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("sets");
        write_folder(&target, |s| s.put("a.pdf", b"a")).unwrap();
        let mode = std::fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o700, 0o700, "{mode:o}");
        let f = dir.path().join("class.pdf");
        std::fs::write(&f, b"names").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
        write(&f, b"new names").unwrap();
        assert_eq!(std::fs::metadata(&f).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::read(&f).unwrap(), b"new names");
    }

    /// A disk that fills as the file is written.
    struct FullDisk;
    impl Write for FullDisk {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::from_raw_os_error(libc::ENOSPC))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Regression: "writing the PDF: No space left on device (os error 28)"
    /// named no path. A failed write is told with the user's path, in words.
    #[test]
    fn a_full_disk_is_told_in_words_with_the_path_given() {
        let e = Recording::new(FullDisk)
            .fill(Path::new("out/class.pdf"), |w| {
                w.write_all(b"%PDF")
                    .map_err(|e| Error::io(crate::msg!("output.pdf", why = io_reason(&e))))
            })
            .err()
            .unwrap();
        assert_eq!(e.message, "cannot write 'out/class.pdf': the disk is full");
    }

    /// Regression: on a full disk a page set left pages 1-6 of the new game
    /// beside pages 7-21 of the old; a shorter set left the older extra pages.
    #[test]
    fn page_sets_are_replaced_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("map.svg");
        let pages = |n: usize, what: &'static str| {
            move |add: &mut dyn FnMut(&[u8]) -> Result<()>| -> Result<()> {
                (1..=n).try_for_each(|k| add(format!("{what} {k}").as_bytes()))
            }
        };
        assert_eq!(write_pages(&path, pages(21, "old")).unwrap(), 21);
        let page = |k: usize| std::fs::read_to_string(numbered(&path, k)).unwrap();
        // The disk fills at page 7 of the new set: the old set is whole.
        let e = write_pages(&path, |add| {
            pages(6, "new")(add)?;
            Err(cannot(&path, crate::msg!("io.disk_full")))
        })
        .unwrap_err();
        assert!(
            e.message.contains("map.svg") && !e.message.contains(TEMP_PREFIX),
            "{}",
            e.message
        );
        assert!((1..=21).all(|k| page(k) == format!("old {k}")));
        assert_eq!(names(dir.path()).len(), 21);
        // A shorter set: the older extra pages go once the new set is in place.
        assert_eq!(write_pages(&path, pages(3, "new")).unwrap(), 3);
        assert_eq!(names(dir.path()), ["map-001.svg", "map-002.svg", "map-003.svg"]);
        assert!((1..=3).all(|k| page(k) == format!("new {k}")));
        // One page: the file itself, the numbered set gone.
        assert_eq!(write_pages(&path, pages(1, "one")).unwrap(), 1);
        assert_eq!(names(dir.path()), ["map.svg"]);
        // And back to a set: the single page of the older game goes too.
        assert_eq!(write_pages(&path, pages(2, "two")).unwrap(), 2);
        assert_eq!(names(dir.path()), ["map-001.svg", "map-002.svg"]);
    }

    /// Two runs writing sets of different lengths under one name at once:
    /// what is left is one whole set, never pages of both.
    #[test]
    fn two_writers_of_one_page_set_leave_one_whole_set() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("map.svg");
        for round in 0..20 {
            let writers: Vec<_> = [(5, "a"), (9, "b")]
                .into_iter()
                .map(|(n, who)| {
                    let path = path.clone();
                    std::thread::spawn(move || {
                        write_pages(&path, |add| {
                            (1..=n).try_for_each(|k| add(format!("{who}{round} {k}").as_bytes()))
                        })
                        .unwrap()
                    })
                })
                .collect();
            writers.into_iter().for_each(|w| {
                w.join().unwrap();
            });
            let left = names(dir.path());
            let first = std::fs::read_to_string(numbered(&path, 1)).unwrap();
            let who = first.split(' ').next().unwrap().to_string();
            let n = if who.starts_with('a') { 5 } else { 9 };
            assert_eq!(left.len(), n, "round {round}: {left:?}");
            for k in 1..=n {
                assert_eq!(
                    std::fs::read_to_string(numbered(&path, k)).unwrap(),
                    format!("{who} {k}")
                );
            }
        }
    }
}
