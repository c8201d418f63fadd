//! Regression tests for bad input, hostile files and runaway settings: each
//! names what it guards. Every failure is one line on standard error, exit 2,
//! and nothing written.

use crate::common;
use common::Scratch;

/// `regen 'tp-hunt:1:é:a4:map:42'` panicked: the settings were cut inside a character.
#[test]
fn regen_of_a_code_with_multibyte_settings_is_an_error_not_a_panic() {
    let s = Scratch::new("multibyte-code");
    for code in [
        "tp-hunt:1-4tt:é:a4:map:42",
        "tp-hunt:1-z1s:gé-s12:a4:map:42",
        "ppe:1-4kq:pé-t19:a4:nets:1",
    ] {
        let line = s.run(&["regen", code]).one_error_line(2);
        assert!(line.contains("sheet code"), "{line}");
    }
    // The same through a layout file's "code".
    std::fs::write(
        s.path("map.json"),
        r#"{"seed":"42","code":"tp-hunt:1-4tt:é:a4:map:42","stores":[],"atms":[],"dangers":[]}"#,
    )
    .unwrap();
    s.run(&["validate", "tp-hunt", "map.json"]).one_error_line(2);
    assert_eq!(s.files(), ["map.json"]);
}

/// A template that includes itself, a recursive macro or 5,000 nested
/// parentheses overflowed the stack (SIGABRT); a huge loop ran for seconds;
/// get_env printed the environment into the PDF.
#[test]
fn hostile_templates_get_one_line_and_exit_2() {
    let s = Scratch::new("hostile-templates");
    let deep = format!("x: {{{{ {}1{} }}}}\n", "(".repeat(5000), ")".repeat(5000));
    let cases = [
        "{% include \"en/common.tera\" %}".to_string(),
        "{% macro m() %}{{ self::m() }}{% endmacro m %}x: {{ self::m() }}".to_string(),
        deep,
        "x: {% for i in range(end=100000000) %}{{ i }}{% endfor %}".to_string(),
        "code_label: {{ get_env(name=\"PATH\") }}".to_string(),
    ];
    for text in cases {
        std::fs::create_dir_all(s.path("t")).unwrap();
        std::fs::write(s.path("t/common.tera"), &text).unwrap();
        let line = s
            .run(&["tp-hunt", "--seed", "1", "--templates", "t", "-o", "x.pdf"])
            .one_error_line(2);
        assert!(line.contains("common.tera"), "{line}");
        assert!(!s.path("x.pdf").exists());
    }
}

/// 100,000 names took 2.5 GB; a 1 GiB roster aborted. Rosters are capped
/// like --count (10,000 names), and a huge file is never read whole.
#[test]
fn rosters_past_the_cap_are_refused_in_one_line() {
    let s = Scratch::new("roster-cap");
    let names: String = (0..10_001).map(|i| format!("Student {i}\n")).collect();
    std::fs::write(s.path("many.txt"), names).unwrap();
    let line = s
        .run(&[
            "pack", "--per", "student", "--game", "tp-hunt", "--roster", "many.txt", "--seed", "x", "--format", "json",
        ])
        .one_error_line(2);
    assert!(line.contains("more than 10000 names"), "{line}");
    // A 1 GiB file (sparse: no disk used) is refused after reading 4 MiB.
    let big = std::fs::File::create(s.path("huge.txt")).unwrap();
    big.set_len(1 << 30).unwrap();
    let (run, peak_kib) = s.run_measured(&[
        "pack", "--per", "student", "--game", "tp-hunt", "--roster", "huge.txt", "--seed", "x", "-o", "p.pdf",
    ]);
    let line = run.one_error_line(2);
    assert!(line.contains("larger than"), "{line}");
    assert!(peak_kib < 64 * 1024, "peak {peak_kib} KiB reading a 1 GiB roster");
    let long = format!("{}\n", "N".repeat(500));
    std::fs::write(s.path("long.txt"), long).unwrap();
    let line = s
        .run(&[
            "pack", "--per", "student", "--game", "tp-hunt", "--roster", "long.txt", "--seed", "x",
        ])
        .one_error_line(2);
    assert!(line.contains("longer than 100 characters"), "{line}");
}

/// `ppe --target 1000000 --players 12` grew ~37 KB a page: score pad pages
/// were all held until the last was made. Memory now stays flat.
#[test]
fn a_long_ppe_score_pad_streams_in_flat_memory() {
    let s = Scratch::new("ppe-stream");
    let (short, short_kib) = s.run_measured(&[
        "ppe",
        "--seed",
        "1",
        "--players",
        "12",
        "--mode",
        "long",
        "--target",
        "1000",
        "-o",
        "a.pdf",
    ]);
    assert_eq!(short.code(), 0, "{}", short.stderr());
    let (long, long_kib) = s.run_measured(&[
        "ppe",
        "--seed",
        "1",
        "--players",
        "12",
        "--mode",
        "long",
        "--target",
        "100000",
        "-o",
        "b.pdf",
    ]);
    assert_eq!(long.code(), 0, "{}", long.stderr());
    // About 1,600 pages: the score pad's rows for 100,000 points.
    let pages: usize = long
        .stdout()
        .split(" pages")
        .next()
        .and_then(|s| s.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(pages > 1_500, "{}", long.stdout());
    // About 1,600 pages against 19: at 37 KB a page the long run would take 56 MB more.
    assert!(
        long_kib < short_kib + 8 * 1024,
        "peak {long_kib} KiB for 1,549 pages against {short_kib} KiB for 19"
    );
}

/// A --difficulty search that could not succeed ran for minutes: it is
/// refused at once where the game has no difficulty bands (near-unwinnable
/// as read), and otherwise bounded to 400,000 simulated games in all.
#[test]
fn a_difficulty_search_that_cannot_succeed_stops_early() {
    let s = Scratch::new("difficulty-bound");
    let line = s
        .run(&[
            "particle-panic",
            "--seed",
            "5",
            "--players",
            "3",
            "--level",
            "as-written",
            "--simulations",
            "1000000",
            "--difficulty",
            "easy",
        ])
        .one_error_line(2);
    assert!(line.contains("near-unwinnable"), "{line}");
    // Refused before a single deal is rated: rating a million games a deal
    // would run for hours, so a refusal that came late would not come at all.
    assert!(s.files().is_empty());
}

/// An error echoing input kept CR and ESC and could be 100 KB long.
#[test]
fn error_lines_echo_input_trimmed_and_without_control_characters() {
    let s = Scratch::new("echo");
    let code = format!("tp-hunt:1:g12\u{1b}[31m\r{}:a4:map:42", "x".repeat(100_000));
    let line = s.run(&["regen", &code]).one_error_line(2);
    assert!(!line.chars().any(char::is_control), "{line:?}");
    assert!(line.len() < 600, "{} bytes", line.len());
    let long_seed = "é".repeat(5_000);
    let line = s.run(&["ppe", "score", &long_seed]).one_error_line(2);
    assert!(line.len() < 600, "{} bytes", line.len());
}

/// 500 students whose names cannot be drawn gave 500 warning lines.
#[test]
fn undrawable_names_give_one_summarised_warning() {
    let s = Scratch::new("warnings");
    let names: String = (0..40).map(|i| format!("ሰላም{i}\n")).collect();
    std::fs::write(s.path("class.txt"), names).unwrap();
    let run = s.run(&[
        "pack",
        "--per",
        "student",
        "--game",
        "tp-hunt",
        "--roster",
        "class.txt",
        "--seed",
        "x",
        "--sheets",
        "map",
        "--format",
        "json",
    ]);
    assert_eq!(run.code(), 0, "{}", run.stderr());
    let err = run.stderr();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("40 students"), "{err}");
}

/// `-o /dev/null` as root replaced the device with a regular file.
#[test]
fn output_to_dev_null_leaves_the_device_alone() {
    let s = Scratch::new("devnull");
    let run = s.run(&["tp-hunt", "--seed", "1", "-o", "/dev/null"]);
    assert_eq!(run.code(), 0, "{}", run.stderr());
    assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
}

/// A legal 254-byte output name failed: the temp name added 12 bytes.
#[test]
fn a_254_byte_output_name_is_written() {
    let s = Scratch::new("longname");
    let name = format!("{}.pdf", "m".repeat(250));
    let run = s.run(&["tp-hunt", "--seed", "1", "-o", &name]);
    assert_eq!(run.code(), 0, "{}", run.stderr());
    assert_eq!(s.files(), [name]);
}

/// A read-only output file was silently replaced.
#[test]
fn a_read_only_output_file_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new("readonly");
    std::fs::write(s.path("keep.pdf"), b"mine").unwrap();
    std::fs::set_permissions(s.path("keep.pdf"), std::fs::Permissions::from_mode(0o444)).unwrap();
    let line = s.run(&["tp-hunt", "--seed", "1", "-o", "keep.pdf"]).one_error_line(2);
    assert!(line.contains("read-only"), "{line}");
    assert_eq!(std::fs::read(s.path("keep.pdf")).unwrap(), b"mine");
}

/// Every kill -9 left its temp file (20 kills: 142 MB) and --split its folder.
/// A killed run's leftovers are removed by the next run in the same folder.
#[test]
fn a_killed_run_leaves_nothing_that_piles_up() {
    killed_runs_leave_nothing(&[&[
        "ppe",
        "--seed",
        "1",
        "--players",
        "12",
        "--mode",
        "long",
        "--target",
        "1000000",
        "-o",
        "big.pdf",
    ]]);
}

/// The same for a split pack's folder: a pack big enough to be killed
/// while it writes takes a minute to plan.
#[test]
#[ignore = "slow: plans a 3,000-set pack before it can be killed"]
fn a_killed_split_pack_leaves_no_folder_behind() {
    killed_runs_leave_nothing(&[&[
        "pack", "--per", "student", "--game", "tp-hunt", "--count", "3000", "--seed", "k", "--split", "-o", "sets",
    ]]);
}

/// Kills each run once its temporary file or folder exists, then checks
/// that the next run in the folder removes what it left.
fn killed_runs_leave_nothing(runs: &[&[&str]]) {
    let s = Scratch::new("killed");
    for args in runs {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_panicpress"))
            .args(*args)
            .current_dir(&s.0)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Wait until the temporary file or folder exists, then kill -9.
        let leftover = loop {
            let found = std::fs::read_dir(&s.0)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(".panicpress-"));
            if let Some(p) = found {
                break p;
            }
            assert!(
                child.try_wait().unwrap().is_none(),
                "{args:?} ended before it could be killed"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        std::thread::sleep(std::time::Duration::from_millis(200));
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(leftover.exists());
        // Age it past the grace period a writer has to lock a new file.
        let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        std::fs::File::open(&leftover).unwrap().set_modified(hour_ago).unwrap();
        let run = s.run(&["tp-hunt", "--seed", "2", "-o", "small.pdf"]);
        assert_eq!(run.code(), 0, "{}", run.stderr());
        assert!(!leftover.exists(), "{} left behind", leftover.display());
        let _ = std::fs::remove_file(s.path("small.pdf"));
    }
    assert_eq!(s.files(), Vec::<String>::new());
}

/// Every error is one short, safe line: bidi controls and zero-width
/// characters in the input are not echoed, long input is cut to 60
/// characters, the whole line (with `error: `) stays within 400.
#[test]
fn errors_are_one_short_line_without_bidi_controls() {
    let s = Scratch::new("safe-lines");
    let reversed = format!("abc\u{202e}def\u{200b}{}", "z".repeat(500));
    for args in [
        vec!["regen", reversed.as_str()],
        vec!["tp-hunt", "--stores", reversed.as_str()],
        vec!["tp-hunt", "--sheets", reversed.as_str()],
    ] {
        let line = s.run(&args).one_error_line(2);
        assert!(line.chars().count() <= 400, "{line}");
        assert!(
            !line
                .chars()
                .any(|c| matches!(c as u32, 0x200B..=0x200F | 0x202A..=0x202E | 0x2066..=0x2069)),
            "{line:?}"
        );
        assert!(
            !line.contains(&"z".repeat(61)),
            "more than 60 characters quoted: {line}"
        );
    }
    // A long, quote-riddled settings file: the message never repeats much of it.
    let text = format!("players = '{}'\n", "x'y ".repeat(200));
    std::fs::write(s.path("bad.toml"), &text).unwrap();
    let line = s.run(&["tp-hunt", "--config", "bad.toml"]).one_error_line(2);
    assert!(
        line.chars().count() <= 400 && !line.contains(&"x'y ".repeat(16)),
        "{line}"
    );
}

/// A write that fails names the path the user gave, never the temporary
/// file it was being written to.
#[test]
fn a_failed_write_names_the_users_path_not_a_temporary_file() {
    let s = Scratch::new("temp-names");
    let line = s
        .run(&["tp-hunt", "--seed", "1", "-o", "/proc/map.pdf"])
        .one_error_line(2);
    assert!(line.contains("/proc/map.pdf"), "{line}");
    assert!(!line.contains(".panicpress-") && !line.contains(".tmp"), "{line}");
}

/// `-o` names a file for every format: an existing folder is refused alike.
#[test]
fn every_format_refuses_a_folder_as_output() {
    let s = Scratch::new("folder-out");
    std::fs::create_dir(s.path("dir")).unwrap();
    for format in ["pdf", "png", "svg", "json", "text"] {
        let line = s
            .run(&[
                "tp-hunt", "--seed", "1", "--sheets", "map", "--format", format, "-o", "dir",
            ])
            .one_error_line(2);
        assert!(line.contains("folder"), "{format}: {line}");
    }
    assert!(
        s.files().is_empty(),
        "nothing written beside the folder: {:?}",
        s.files()
    );
    assert!(
        std::fs::read_dir(s.path("dir")).unwrap().next().is_none(),
        "nothing written inside it"
    );
}

/// With `--progress`, a job says how far it is on standard error even when
/// that is not a terminal; without it, a short job prints nothing there.
#[test]
fn progress_lines_when_asked() {
    let s = Scratch::new("progress");
    let r = s.run(&[
        "tp-hunt",
        "--seed",
        "1",
        "--count",
        "120",
        "--sheets",
        "map",
        "-o",
        "m.pdf",
        "--progress",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let err = r.stderr();
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("progress: ")).collect();
    assert!(!lines.is_empty(), "{}", r.stderr());
    assert!(
        lines.last().unwrap().contains("120 pages written") && lines.last().unwrap().ends_with("(done)"),
        "{lines:?}"
    );
    let quiet = s.run(&["tp-hunt", "--seed", "1", "--sheets", "map", "-o", "n.pdf"]);
    assert_eq!(quiet.code(), 0);
    assert!(quiet.stderr().is_empty(), "{}", quiet.stderr());
}

#[test]
fn an_argument_that_is_not_utf8_gets_one_line_not_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let s = Scratch::new("not-utf8");
    let bad = std::ffi::OsStr::from_bytes(b"tp-hunt:5-fh2:g12\xff");
    let word = std::ffi::OsStr::new;
    for args in [vec![word("regen"), bad], vec![word("tp-hunt"), word("--lang"), bad]] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_panicpress"))
            .args(&args)
            .current_dir(&s.0)
            .output()
            .unwrap();
        let line = common::Run(out).one_error_line(2);
        assert!(line.contains("UTF-8"), "{line}");
    }
}

/// Regression: "writing the PDF: No space left on device (os error 28)"
/// named no path. A full disk is said in words, with the path given, in
/// the language asked for.
#[test]
fn a_full_disk_is_named_in_words_with_the_path_given() {
    let s = Scratch::new("full-disk");
    let line = s.run(&["tp-hunt", "--seed", "1", "-o", "/dev/full"]).one_error_line(2);
    assert_eq!(line, "error: cannot write '/dev/full': the disk is full");
    let line = s
        .run(&["tp-hunt", "--seed", "1", "--lang", "de", "-o", "/dev/full"])
        .one_error_line(2);
    assert!(
        line.contains("'/dev/full'") && line.contains("der Datenträger ist voll"),
        "{line}"
    );
    let line = s
        .run(&[
            "pack",
            "--game",
            "tp-hunt",
            "--count",
            "2",
            "--seed",
            "a",
            "--format",
            "json",
            "-o",
            "/dev/full",
        ])
        .one_error_line(2);
    assert!(
        line.contains("'/dev/full'") && line.contains("the disk is full"),
        "{line}"
    );
}

/// Regression: the clean-up removed any `.panicpress-*.tmp` older than 10 s
/// by its name alone, a user's notes and folder too.
#[test]
fn a_run_never_removes_a_users_files_that_look_like_its_own() {
    let s = Scratch::new("users-tmp");
    std::fs::write(s.path(".panicpress-notes.tmp"), b"my notes").unwrap();
    std::fs::create_dir(s.path(".panicpress-mine.tmp")).unwrap();
    std::fs::write(s.path(".panicpress-mine.tmp/keep.txt"), b"keep").unwrap();
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for name in [".panicpress-notes.tmp", ".panicpress-mine.tmp"] {
        std::fs::File::open(s.path(name))
            .unwrap()
            .set_modified(hour_ago)
            .unwrap();
    }
    for args in [
        &["tp-hunt", "--seed", "1", "-o", "a.pdf"][..],
        &["tp-hunt", "--seed", "1", "--format", "svg", "-o", "a.svg"],
        &[
            "pack", "--game", "tp-hunt", "--count", "2", "--seed", "a", "--split", "-o", "sets",
        ],
    ] {
        let r = s.run(args);
        assert_eq!(r.code(), 0, "{}", r.stderr());
    }
    assert_eq!(std::fs::read(s.path(".panicpress-notes.tmp")).unwrap(), b"my notes");
    assert_eq!(std::fs::read(s.path(".panicpress-mine.tmp/keep.txt")).unwrap(), b"keep");
}

/// INT and TERM end a run with its temporary files removed, not left for
/// a later run to find.
#[test]
fn int_and_term_remove_the_runs_own_temporary_files() {
    let s = Scratch::new("signals");
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_panicpress"))
            .args([
                "ppe",
                "--seed",
                "1",
                "--players",
                "12",
                "--mode",
                "long",
                "--target",
                "1000000",
                "-o",
                "big.pdf",
            ])
            .current_dir(&s.0)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let temporary = || {
            std::fs::read_dir(&s.0)
                .unwrap()
                .flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with(".panicpress-"))
        };
        while !temporary() {
            assert!(child.try_wait().unwrap().is_none(), "ended before it could be stopped");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // SAFETY: a signal to the child this test started.
        unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(128 + signal), "{status:?}");
        assert_eq!(s.files(), Vec::<String>::new(), "left behind after signal {signal}");
        assert!(!temporary());
    }
}

/// Regression: SVG and PNG pages were written one by one: a run with fewer
/// pages left the older extra pages beside the new ones. The older pages go
/// once the whole new set is in place.
#[test]
fn a_page_set_replaces_an_older_set_whole() {
    let s = Scratch::new("page-sets");
    let run = |sheets: &str| {
        let r = s.run(&[
            "tp-hunt", "--seed", "1", "--sheets", sheets, "--format", "svg", "-o", "m.svg",
        ]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
    };
    let numbered = |n: usize| (1..=n).map(|k| format!("m-{k:03}.svg")).collect::<Vec<_>>();
    run("map,tracker,scorepad,rules");
    let all = s.files().len();
    assert_eq!(s.files(), numbered(all));
    run("map,tracker");
    let fewer = s.files().len();
    assert!(fewer > 1 && fewer < all, "{all} pages, then {fewer}");
    assert_eq!(s.files(), numbered(fewer));
    run("map");
    assert_eq!(s.files(), ["m.svg"]);
}

/// Error lines never repeat more than 60 characters of a pack file, a
/// settings file or a layout file, whatever a parser quotes it in.
#[test]
fn error_lines_quote_at_most_60_characters_of_any_file() {
    let s = Scratch::new("file-echo");
    let long = "k".repeat(200);
    let files = [
        ("p1.toml", format!("seed = 'a'\ncount = 3\n{long} = 1\n")),
        (
            "p2.toml",
            format!("seed = 'a'\ncount = 3\n[[entry]]\ngame = 'tp-hunt'\nsheets = ['{long}']\n"),
        ),
        ("c.toml", format!("{long} = 3\n")),
        ("l.json", format!("{{\"seed\": \"1\", \"stores\": [[\"{long}\"]]}}")),
        ("m.json", format!("{{\"{long}\": 1}}")),
    ];
    for (name, text) in &files {
        std::fs::write(s.path(name), text).unwrap();
    }
    for args in [
        vec!["pack", "p1.toml"],
        vec!["pack", "p2.toml"],
        vec!["tp-hunt", "--config", "c.toml"],
        vec!["validate", "tp-hunt", "l.json"],
        vec!["validate", "tp-hunt", "m.json"],
    ] {
        let line = s.run(&args).one_error_line(2);
        assert!(!line.contains(&"k".repeat(61)), "{args:?}: {line}");
    }
}
