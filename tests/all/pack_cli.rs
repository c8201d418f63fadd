//! Class packs from the command line, as a teacher runs them.

use crate::common;
use common::{Scratch, pdf_pages_text};

fn read(s: &Scratch, name: &str) -> Vec<u8> {
    std::fs::read(s.path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

const ROSTER: &str = "name,age\n\"Zoë O'Brien\",9\n\"Smith, Anna\",10\n../../x,9\nሰላም,9\nZoë O'Brien,9\n";

fn class(s: &Scratch) {
    std::fs::write(s.path("class.csv"), ROSTER).unwrap();
}

#[test]
fn a_tp_hunt_pack_names_every_page_and_lists_every_student() {
    let s = Scratch::new("pack-tp");
    class(&s);
    let r = s.run(&[
        "pack",
        "--per",
        "student",
        "--game",
        "tp-hunt",
        "--roster",
        "class.csv",
        "--seed",
        "5B spring",
        "--sheets",
        "map,scorepad",
        "-o",
        "p.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(
        r.stdout().starts_with("wrote p.pdf (11 pages, 5 students)"),
        "{}",
        r.stdout()
    );
    let warning = r.stderr();
    assert!(
        warning.contains("student 'ሰላም'") && warning.contains("'ሰላም'"),
        "{warning}"
    );
    let pages = pdf_pages_text(&read(&s, "p.pdf"));
    assert!(pages[0].contains("Class Pack: Teacher Key") && !pages[0].contains("Date:"));
    for name in ["Zoë O'Brien", "Smith, Anna", "../../x"] {
        assert!(pages[0].contains(name), "{name} on the key");
    }
    // Map and score pad per student, each with the name.
    let zoe: Vec<&String> = pages.iter().filter(|p| p.lines().any(|l| l == "Zoë O'Brien")).collect();
    assert_eq!(zoe.len(), 1 + 4, "the key and two sets of two pages");
    assert!(
        pages[7].contains("\u{fffd}"),
        "an undrawable name prints a visible replacement"
    );
}

#[test]
fn every_layout_differs_and_the_manifest_matches_the_game_json() {
    let s = Scratch::new("pack-json");
    class(&s);
    let r = s.run(&[
        "pack",
        "--per",
        "student",
        "--game",
        "tp-hunt",
        "--roster",
        "class.csv",
        "--seed",
        "5B spring",
        "--format",
        "json",
        "-o",
        "m.json",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let m: serde_json::Value = serde_json::from_slice(&read(&s, "m.json")).unwrap();
    assert!(m["code"].as_str().unwrap().starts_with("pack:1:"));
    let students = m["students"].as_array().unwrap();
    assert_eq!(students.len(), 5);
    let mut layouts: Vec<String> = students.iter().map(|st| st["layout"]["stores"].to_string()).collect();
    layouts.sort();
    layouts.dedup();
    assert_eq!(layouts.len(), 5, "every student's map differs");
    // The second Zoë has a seed of her own.
    assert_ne!(students[0]["code"], students[4]["code"]);
    // A student's layout is exactly what the game writes for that code.
    let code = students[1]["code"].as_str().unwrap();
    let r = s.run(&["regen", code, "--format", "json", "-o", "-"]);
    let own: serde_json::Value = serde_json::from_str(&r.stdout()).unwrap();
    assert_eq!(own, students[1]["layout"]);
}

#[test]
fn packs_reproduce_and_one_set_regenerates_alone() {
    let s = Scratch::new("pack-repro");
    class(&s);
    for f in ["a.pdf", "b.pdf"] {
        let r = s.run(&[
            "pack",
            "--per",
            "student",
            "--game",
            "tp-hunt",
            "--roster",
            "class.csv",
            "--seed",
            "5B spring",
            "--sheets",
            "map",
            "-o",
            f,
        ]);
        assert_eq!(r.code(), 0);
    }
    assert_eq!(read(&s, "a.pdf"), read(&s, "b.pdf"));
    let pages = pdf_pages_text(&read(&s, "a.pdf"));
    let anna = pages
        .iter()
        .find(|p| p.lines().any(|l| l == "Smith, Anna") && p.contains("Neighbourhood Map"))
        .unwrap();
    let r = s.run(&[
        "regen",
        "tp-hunt:6-bxs00:g12-s12-a10-d7-p4:a4:map:5B spring/Smith, Anna",
        "--name",
        "Smith, Anna",
        "-o",
        "one.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert_eq!(&pdf_pages_text(&read(&s, "one.pdf"))[0], anna);
}

#[test]
fn split_writes_one_safe_file_per_student_inside_the_folder() {
    let s = Scratch::new("pack-split");
    class(&s);
    let r = s.run(&[
        "pack",
        "--per",
        "student",
        "--game",
        "ppe",
        "--roster",
        "class.csv",
        "--seed",
        "x",
        "--split",
        "-o",
        "sets",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let files = s.files();
    assert_eq!(
        files,
        [
            "class.csv",
            "sets/000-teacher-key.pdf",
            "sets/001-zoë-o-brien.pdf",
            "sets/002-smith-anna.pdf",
            "sets/003-x.pdf",
            "sets/004-ሰላም.pdf",
            "sets/005-zoë-o-brien.pdf",
        ]
    );
    let one = pdf_pages_text(&read(&s, "sets/003-x.pdf"));
    assert!(one.iter().all(|p| p.contains("../../x")));
}

#[test]
fn count_makes_numbered_sets_and_per_page_prints_small_sheets_at_their_own_size() {
    let s = Scratch::new("pack-count");
    let pack = |sheets: &str, per_page: &str, out: &str| {
        let r = s.run(&[
            "pack",
            "--per",
            "student",
            "--game",
            "tp-hunt",
            "--count",
            "30",
            "--seed",
            "c",
            "--sheets",
            sheets,
            "--per-page",
            per_page,
            "-o",
            out,
        ]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        r
    };
    // Trackers have rows for 9 games in 10 on each student's map: two
    // players to a page, more pages on a map of long games.
    let pages_of = |out: &str| -> usize {
        let n = out.split(" (").nth(1).and_then(|r| r.split(' ').next()).unwrap_or("0");
        n.parse().unwrap()
    };
    let out = pack("tracker,scorepad", "1", "a.pdf").stdout();
    let whole = pages_of(&out);
    assert!(whole > 30 * (2 + 1), "{out}");
    let pages = pdf_pages_text(&read(&s, "a.pdf"));
    assert!(pages.iter().any(|p| p.lines().any(|l| l == "Student 30")));
    // Four to a page keeps each student's pages together: the score pad,
    // the only small sheet, shares its page with nobody else's, so the pack
    // is no shorter, and says so.
    let r = pack("tracker,scorepad", "4", "b.pdf");
    assert_eq!(pages_of(&r.stdout()), whole, "{}", r.stdout());
    assert!(
        r.stderr().contains("4 to a page changes nothing here"),
        "{}",
        r.stderr()
    );
    let pages = pdf_pages_text(&read(&s, "b.pdf"));
    let student_on = |p: &str| {
        (1..=30)
            .filter(|i| p.lines().any(|l| l == format!("Student {i}")))
            .collect::<Vec<_>>()
    };
    // After the key, every page is one student's, in roster order.
    let owners: Vec<Vec<usize>> = pages
        .iter()
        .skip_while(|p| !p.contains("Player Tracker"))
        .map(|p| student_on(p))
        .collect();
    assert!(owners.iter().all(|o| o.len() == 1), "{owners:?}");
    assert!(owners.windows(2).all(|w| w[0][0] <= w[1][0]), "{owners:?}");
    // Where a document holds many small sheets, they share: eight score
    // pads, four to a page, take two pages, and no note is given.
    let r = s.run(&[
        "tp-hunt",
        "--seed",
        "c",
        "--count",
        "8",
        "--sheets",
        "scorepad",
        "--per-page",
        "4",
        "-o",
        "c.pdf",
    ]);
    assert!(r.stdout().contains("(2 pages)"), "{}", r.stdout());
    assert!(!r.stderr().contains("changes nothing"), "{}", r.stderr());
}

#[test]
fn every_game_packs_and_a_pack_file_gives_tables_their_own_sets() {
    let s = Scratch::new("pack-games");
    for game in panicpress::games::all().iter().map(|g| g.name()) {
        let r = s.run(&[
            "pack", "--per", "student", "--game", game, "--count", "3", "--seed", "g", "--format", "json", "-o", "-",
        ]);
        assert_eq!(r.code(), 0, "{game}: {}", r.stderr());
        let m: serde_json::Value = serde_json::from_str(&r.stdout()).unwrap();
        let layouts: std::collections::BTreeSet<String> = m["students"]
            .as_array()
            .unwrap()
            .iter()
            .map(|st| st["layout"].to_string())
            .collect();
        assert_eq!(layouts.len(), 3, "{game}");
    }
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/class.toml");
    let r = s.run(&["pack", example, "--date", "2026-11-21", "-o", "class.pdf"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&read(&s, "class.pdf"));
    assert!(pages[0].contains("Date: 2026-11-21"));
    // A long table line may wrap rather than shrink under 7 pt.
    let key = pages[0].replace('\n', " ");
    assert!(
        key.contains("Table 2: Émilie Roux, Farah Haddad, Zoë O'Brien, Jonas Müller"),
        "{key}"
    );
    assert!(
        pages.iter().any(|p| p.contains("Event die (red)")),
        "each table gets a Panic Buy board"
    );
}

#[test]
fn the_second_language_prints_everything_in_german() {
    let s = Scratch::new("pack-de");
    let r = s.run(&[
        "pack", "--per", "student", "--game", "tp-hunt", "--count", "2", "--seed", "d", "--lang", "de", "-o", "de.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&read(&s, "de.pdf"));
    assert!(pages[0].contains("Klassensatz: Lehrerschlüssel"));
    assert!(pages[1].contains("Stadtplan") && pages[1].contains("Blattcode"));
    assert!(pages.iter().any(|p| p.contains("Schüler 2")));
    assert!(
        !pages.iter().any(|p| p.contains("Sheet code") || p.contains('[')),
        "no English or missing label left"
    );
}

#[test]
fn bad_rosters_and_pack_files_get_one_line_and_no_output() {
    let s = Scratch::new("pack-bad");
    std::fs::write(s.path("empty.txt"), "\n \n").unwrap();
    std::fs::write(s.path("noname.csv"), "first,last\nA,B\n").unwrap();
    std::fs::write(
        s.path("chess.toml"),
        "seed = \"x\"\ncount = 2\n[[entry]]\ngame = \"chess\"\n",
    )
    .unwrap();
    std::fs::write(
        s.path("poster.toml"),
        "seed = \"x\"\ncount = 2\n[[entry]]\ngame = \"tp-hunt\"\nsheets = [\"poster\"]\n",
    )
    .unwrap();
    std::fs::write(
        s.path("mixed.toml"),
        "seed = \"x\"\ncount = 2\n[[entry]]\ngame = \"tp-hunt\"\nmode = \"race\"\n",
    )
    .unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "pack",
                "--per",
                "student",
                "--game",
                "tp-hunt",
                "--roster",
                "empty.txt",
                "--seed",
                "x",
            ],
            "no names in it",
        ),
        (
            &[
                "pack",
                "--per",
                "student",
                "--game",
                "tp-hunt",
                "--roster",
                "missing.csv",
                "--seed",
                "x",
            ],
            "roster missing.csv",
        ),
        (
            &[
                "pack",
                "--per",
                "student",
                "--game",
                "tp-hunt",
                "--roster",
                "noname.csv",
                "--seed",
                "x",
            ],
            "no 'name' column",
        ),
        (&["pack", "chess.toml"], "unknown game 'chess'"),
        (&["pack", "poster.toml"], "unknown sheet 'poster'"),
        (&["pack", "mixed.toml"], "'mode' is not a TP Hunt setting"),
        (
            &["pack", "--per", "student", "--game", "tp-hunt", "--count", "3"],
            "seed: give the pack a seed, so it can be made again",
        ),
        (
            &["pack", "--per", "student", "--game", "tp-hunt", "--seed", "x"],
            "give a class list or a number of sets",
        ),
        (
            &[
                "pack",
                "--per",
                "student",
                "--game",
                "tp-hunt",
                "--count",
                "3",
                "--seed",
                "x",
                "--per-page",
                "3",
            ],
            "per-page: 3",
        ),
    ];
    for (args, want) in cases {
        let e = s.run(args).one_error_line(2);
        assert!(e.contains(want), "{args:?}: {e}");
    }
    let mut files = s.files();
    files.retain(|f| !f.ends_with(".toml") && !f.ends_with(".txt") && !f.ends_with(".csv"));
    assert!(files.is_empty(), "{files:?}");
}

/// Hebrew and Arabic names print in reading order, Arabic letters joined as
/// written (their joined forms are in the PDF's text), with no warning.
#[test]
fn hebrew_and_arabic_names_print_joined_and_in_order_without_warnings() {
    let s = Scratch::new("pack-rtl");
    std::fs::write(s.path("rtl.csv"), "name\nשרה כהן\nمريم\nفاطمة\nZoë\n").unwrap();
    let r = s.run(&[
        "pack", "--per", "student", "--roster", "rtl.csv", "--game", "tp-hunt", "--seed", "5", "--sheets", "map", "-o",
        "rtl.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(!r.stderr().contains("warning"), "{}", r.stderr());
    let pages = pdf_pages_text(&read(&s, "rtl.pdf"));
    // Maryam, drawn left to right in joined forms (meem final, yeh initial,
    // reh final, meem initial), which copy as the letters typed.
    assert!(pages[2].contains("ميرم"), "{}", pages[2]);
    // Sarah Cohen, Hebrew: letters reversed for display, words in right-to-left order.
    assert!(pages[1].contains("ןהכ הרש"), "{}", pages[1]);
}

/// The teacher key says where each student's pages are, which table each sits
/// at, and a deal's rating beside its code.
#[test]
fn the_teacher_key_maps_pages_tables_and_ratings() {
    let s = Scratch::new("pack-key-map");
    std::fs::write(
        s.path("p.toml"),
        "seed = \"5B\"\ncount = 4\n[[entry]]\ngame = \"tp-hunt\"\nsheets = [\"map\", \"scorepad\"]\n\
         [[entry]]\ngame = \"particle-panic\"\nsheets = [\"record\"]\nper = \"table\"\ntable-size = 2\n",
    )
    .unwrap();
    let r = s.run(&["pack", "p.toml", "-o", "p.pdf"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&read(&s, "p.pdf"));
    // One key page, then two pages a student (a map, a score pad), then one a table.
    assert_eq!(pages.len(), 1 + 4 * 2 + 2);
    let key = &pages[0];
    for want in [
        "Pages",
        "Table",
        "2-3",
        "4-5",
        "6-7",
        "8-9",
        "10",
        "11",
        "simulated wins:",
    ] {
        assert!(key.contains(want), "{want} missing from the key: {key}");
    }
    // Each mapped page is that student's own.
    assert!(
        (3..=4).all(|p| pages[p].contains("Student 2")),
        "pages 4-5 are Student 2's"
    );
    assert!(pages[9].contains("Table 1") && pages[10].contains("Table 2"));
}

/// Chinese, Japanese and Korean names print from the fallback faces (embedded
/// as subsets of the glyphs used); a name no embedded face draws still gets
/// one warning.
#[test]
fn chinese_japanese_and_korean_names_print_and_others_are_warned_about() {
    let s = Scratch::new("pack-cjk");
    std::fs::write(s.path("cjk.csv"), "name\n李雷\n佐藤さくら\n김민준\nሰላም\n").unwrap();
    let r = s.run(&[
        "pack", "--per", "student", "--roster", "cjk.csv", "--game", "tp-hunt", "--seed", "5", "--sheets", "map", "-o",
        "cjk.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let warnings: Vec<String> = r
        .stderr()
        .lines()
        .filter(|l| l.starts_with("warning"))
        .map(String::from)
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("ሰላም") && !warnings[0].contains("李雷"),
        "{}",
        warnings[0]
    );
    let bytes = read(&s, "cjk.pdf");
    let pages = pdf_pages_text(&bytes);
    for name in ["李雷", "佐藤さくら", "김민준"] {
        assert!(pages[0].contains(name), "{name} on the key: {}", pages[0]);
    }
    assert!(pages[1].contains("李雷") && pages[2].contains("佐藤さくら") && pages[3].contains("김민준"));
    assert!((1..=3).all(|p| !pages[p].contains('\u{FFFD}')));
    // The fallback faces are subsets: far smaller than their 4 MB each.
    assert!(bytes.len() < 400_000, "{} bytes", bytes.len());
    // The SVG of the page draws the same names.
    let svg = s.run(&[
        "regen",
        "tp-hunt:1-15e:g12-s12-a10-d7-p4:a4:map:5",
        "--name",
        "李雷 김민준",
        "--format",
        "svg",
        "-o",
        "p.svg",
    ]);
    assert_eq!(svg.code(), 0, "{}", svg.stderr());
    let svg = std::fs::read_to_string(s.path("p.svg")).unwrap();
    assert!(svg.contains("href=\"#f") && svg.contains("href=\"#k"));
}

/// `--font FILE` adds a font for names the built-in faces cannot draw; a file
/// that is not a font is refused in one line, and a font that adds nothing
/// leaves the bytes as they were.
#[test]
fn an_added_font_is_checked_and_changes_nothing_it_is_not_needed_for() {
    let s = Scratch::new("pack-font");
    class(&s);
    std::fs::write(s.path("not-a-font.ttf"), "hello").unwrap();
    let bad = s.run(&["tp-hunt", "--seed", "1", "--font", "not-a-font.ttf", "-o", "x.pdf"]);
    assert!(
        bad.one_error_line(2)
            .contains("not-a-font.ttf: not a TrueType or OpenType font")
    );
    assert!(!s.path("x.pdf").exists());
    let font = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSans.ttf");
    let with = s.run(&[
        "tp-hunt",
        "--seed",
        "1",
        "--font",
        font.to_str().unwrap(),
        "-o",
        "a.pdf",
    ]);
    assert_eq!(with.code(), 0, "{}", with.stderr());
    let without = s.run(&["tp-hunt", "--seed", "1", "-o", "b.pdf"]);
    assert_eq!(without.code(), 0);
    assert_eq!(read(&s, "a.pdf"), read(&s, "b.pdf"));
    let pack = s.run(&[
        "pack",
        "--per",
        "student",
        "--game",
        "tp-hunt",
        "--roster",
        "class.csv",
        "--seed",
        "5",
        "--font",
        font.to_str().unwrap(),
        "-o",
        "p.pdf",
    ]);
    assert_eq!(pack.code(), 0, "{}", pack.stderr());
}

/// A class with names in the scripts most spoken in schools: each prints
/// from a built-in face with no warning, and `pdftotext` reads every name
/// back as it was typed, letters in reading order.
#[test]
#[ignore = "needs pdftotext (poppler-utils)"]
fn names_in_every_covered_script_print_and_read_back_in_order() {
    let names = [
        "Zoë O'Brien",
        "Αλέξανδρος",
        "Дмитрий",
        "שרה כהן",
        "مريم",
        "प्रिया शर्मा",
        "অর্পিতা",
        "கார்த்திக்",
        "สมชาย",
        "李雷",
        "佐藤さくら",
        "김민준",
    ];
    let s = Scratch::new("pack-scripts");
    std::fs::write(s.path("class.txt"), names.join("\n")).unwrap();
    let r = s.run(&[
        "pack",
        "--per",
        "student",
        "--roster",
        "class.txt",
        "--game",
        "tp-hunt",
        "--seed",
        "5",
        "--sheets",
        "map",
        "-o",
        "p.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(!r.stderr().contains("warning"), "{}", r.stderr());
    let text = |page: usize| {
        let out = std::process::Command::new("pdftotext")
            .args(["-f", &page.to_string(), "-l", &page.to_string(), "p.pdf", "-"])
            .current_dir(s.path(""))
            .output()
            .expect("pdftotext (poppler-utils) runs");
        assert!(out.status.success());
        // Bidi marks the extractor adds around right-to-left text are not
        // part of the name; the letters themselves come back as typed, with
        // no joined (presentation) forms.
        let raw = String::from_utf8(out.stdout).unwrap();
        raw.chars()
            .filter(|c| !matches!(*c as u32, 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069))
            .collect::<String>()
    };
    let key = text(1);
    let layout = |code: &str| {
        let r = s.run(&["regen", code, "--format", "json", "-o", "-"]);
        assert_eq!(r.code(), 0, "regen {code}: {}", r.stderr());
        let json: serde_json::Value = serde_json::from_str(&r.stdout()).unwrap();
        (json["seed"].clone(), json["stores"].clone(), json["dangers"].clone())
    };
    let pack_json = s.run(&[
        "pack",
        "--per",
        "student",
        "--roster",
        "class.txt",
        "--game",
        "tp-hunt",
        "--seed",
        "5",
        "--sheets",
        "map",
        "--format",
        "json",
        "-o",
        "-",
    ]);
    assert_eq!(pack_json.code(), 0, "{}", pack_json.stderr());
    let manifest: serde_json::Value = serde_json::from_str(&pack_json.stdout()).unwrap();
    for (i, name) in names.iter().enumerate() {
        assert!(key.contains(name), "{name} on the key: {key}");
        let page = text(i + 2);
        assert!(page.contains(name), "{name} on its page: {page}");
        assert!(!page.contains('\u{FFFD}'), "{name}: a replacement mark");
        assert!(
            !page
                .chars()
                .any(|c| matches!(c as u32, 0xFB1D..=0xFDFF | 0xFE70..=0xFEFE)),
            "{name}: presentation forms in {page}"
        );
        // The code copied out of the page, as pdftotext gives it (bidi marks
        // and all), makes the student's own layout again.
        let raw = std::process::Command::new("pdftotext")
            .args(["-f", &(i + 2).to_string(), "-l", &(i + 2).to_string(), "p.pdf", "-"])
            .current_dir(s.path(""))
            .output()
            .unwrap();
        let raw = String::from_utf8(raw.stdout).unwrap();
        let copied = raw
            .lines()
            .find_map(|l| l.strip_prefix("Sheet code: "))
            .expect("a code line");
        let (seed, stores, dangers) = layout(copied);
        let set = &manifest["students"][i]["layout"];
        assert_eq!(seed, set["seed"], "{name}: {copied}");
        assert_eq!(
            (stores, dangers),
            (set["stores"].clone(), set["dangers"].clone()),
            "{name}"
        );
        // Damaged by one character: refused in one line, never another game.
        let damaged = copied.replacen("g12", "g13", 1);
        let line = s.run(&["regen", &damaged]).one_error_line(2);
        assert!(line.contains("damaged"), "{line}");
    }
    // Each script's face is a subset: the pack stays small.
    let size = read(&s, "p.pdf").len();
    assert!(size < 500_000, "{size} bytes");
}

/// The teacher key says how each rated layout plays, in the pack's language:
/// a Panic Buy board's game length, a Particle Panic deal's simulated wins.
#[test]
fn the_teacher_key_rates_boards_and_deals_in_the_pack_language() {
    let s = Scratch::new("pack-key-ratings");
    let r = s.run(&[
        "pack",
        "--per",
        "student",
        "--game",
        "panic-buy",
        "--count",
        "2",
        "--seed",
        "k",
        "-o",
        "b.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&read(&s, "b.pdf"));
    let (key, board) = (&pages[0], &pages[1]);
    let lengths: Vec<&str> = key.lines().filter(|l| l.contains("rounds (~")).collect();
    assert_eq!(lengths.len(), 2, "{key}");
    // The same figure as the board's own sheet.
    let median = lengths[0].split_whitespace().nth(1).unwrap();
    assert!(board.contains(&format!("about {median} rounds")), "{board}");
    let r = s.run(&[
        "pack",
        "--per",
        "student",
        "--game",
        "particle-panic",
        "--count",
        "2",
        "--seed",
        "k",
        "--lang",
        "de",
        "-o",
        "d.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let key = &pdf_pages_text(&read(&s, "d.pdf"))[0];
    let wins: Vec<&str> = key.lines().filter(|l| l.contains("simulierte Siege:")).collect();
    assert_eq!(wins.len(), 2, "{key}");
    assert!(wins.iter().all(|l| l.contains(',') && l.ends_with(" %")), "{wins:?}");
}

/// Regression: `pack --split` made its temporary folder 0666, which only
/// root could enter. Run as a user who owns nothing here: as root, through
/// `setpriv` as nobody (65534); as anyone else, as that user.
#[test]
fn split_works_for_a_user_who_is_not_root() {
    let s = Scratch::new("pack-split-user");
    let mut perms = std::fs::metadata(&s.0).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o777);
    std::fs::set_permissions(&s.0, perms).unwrap();
    let bin = env!("CARGO_BIN_EXE_panicpress");
    let args = [
        "pack", "--per", "student", "--game", "tp-hunt", "--count", "2", "--seed", "s", "--split", "-o", "sets",
    ];
    let root = std::process::Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    let mut cmd = if root {
        let mut c = std::process::Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", bin]);
        c
    } else {
        std::process::Command::new(bin)
    };
    let out = cmd.args(args).current_dir(&s.0).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut files: Vec<String> = std::fs::read_dir(s.path("sets"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["000-teacher-key.pdf", "001-student-1.pdf", "002-student-2.pdf"]);
    let mode = std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(s.path("sets")).unwrap().permissions());
    assert_eq!(mode & 0o700, 0o700, "its owner can enter the folder: {mode:o}");
}

/// Students' sets differ in length (a TP Hunt map may need more tracker
/// pages than another), and the key's page map follows each one: every
/// page it gives a student is stamped with their name, and no other is.
#[test]
fn the_teacher_key_maps_sets_of_different_lengths() {
    let s = Scratch::new("pack-key-lengths");
    std::fs::write(
        s.path("p.toml"),
        "seed = \"5B\"\ncount = 9\n[[entry]]\ngame = \"tp-hunt\"\n",
    )
    .unwrap();
    let r = s.run(&["pack", "p.toml", "-o", "p.pdf"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&read(&s, "p.pdf"));
    let key = &pages[0];
    let mut lengths = std::collections::BTreeSet::new();
    for student in 1..=9 {
        let name = format!("Student {student}");
        let theirs: Vec<usize> = (1..pages.len()).filter(|&p| pages[p].contains(&name)).collect();
        let (first, last) = (theirs[0] + 1, theirs[theirs.len() - 1] + 1);
        assert_eq!(theirs.len(), last - first + 1, "{name}'s pages run on: {theirs:?}");
        lengths.insert(theirs.len());
        assert!(
            key.contains(&format!("{first}-{last}")),
            "{name}: pages {first}-{last} missing from the key: {key}"
        );
    }
    assert!(lengths.len() > 1, "the sets should differ in length: {lengths:?}");
    // No tables in this pack: no table column.
    assert!(!key.contains("Table"), "{key}");
}

/// The thirty names of a class, in roster order.
fn class_of_30(s: &Scratch) -> &'static str {
    let names: Vec<String> = (1..=30).map(|i| format!("Pupil {i:02}")).collect();
    std::fs::write(s.path("class30.txt"), names.join("\n")).unwrap();
    "class30.txt"
}

/// A class that plays at tables: one game a table with its shared sheets
/// once, each student's name where they write, and a key that says who sits
/// where; at most two pages a student for every game.
#[test]
fn a_class_at_tables_gets_one_game_a_table_and_every_name_where_it_writes() {
    let s = Scratch::new("tables");
    let roster = class_of_30(&s);
    for game in panicpress::games::all().iter().map(|g| g.name()) {
        let file = format!("{game}.pdf");
        let r = s.run(&["pack", "--game", game, "--roster", roster, "--seed", "5B", "-o", &file]);
        assert_eq!(r.code(), 0, "{game}: {}", r.stderr());
        let pages = pdf_pages_text(&std::fs::read(s.path(&file)).unwrap());
        assert!(pages.len() <= 60, "{game}: {} pages for 30 students", pages.len());
        let key = pages[..2].join("\n");
        assert!(key.contains("30 students at 8 tables: 6 of 4, 2 of 3"), "{game}: {key}");
        // Each table's row names the students at it.
        assert!(key.contains("Table 8:") && key.contains("Pupil 28,"), "{game}: {key}");
        // Tables of 3 and of 4: the key says whether their rules differ, as
        // their codes do (Particle Panic's levels differ by table size).
        let words = key.split_whitespace().collect::<Vec<_>>().join(" ");
        let same = words.contains("tables of different sizes play the same rules, each for its number of players");
        let differ = words.contains("tables of different sizes play different versions of the game");
        assert_eq!(
            (same, differ),
            (game != "particle-panic", game == "particle-panic"),
            "{game}: {key}"
        );
        // What a table needs besides its pages, where the game needs more.
        let dice = words.contains("Each table needs two dice, one red and one blue (or one die thrown twice)");
        assert_eq!(dice, game == "panic-buy", "{game}: {key}");
    }
    // TP Hunt: eight maps, and each student's tracker and score pad column bear their name.
    let pages = pdf_pages_text(&std::fs::read(s.path("tp-hunt.pdf")).unwrap());
    assert_eq!(pages.iter().filter(|p| p.contains("Neighbourhood Map")).count(), 8);
    for i in 1..=30 {
        let name = format!("Pupil {i:02}");
        assert!(
            pages.iter().any(|p| p.contains("Player Tracker") && p.contains(&name)),
            "{name} has no tracker"
        );
        assert!(
            pages.iter().any(|p| p.contains("Final Score Pad") && p.contains(&name)),
            "{name} is on no score pad"
        );
    }
    // Panic Buy: each student's name on their player card, a line of its own.
    let pages = pdf_pages_text(&std::fs::read(s.path("panic-buy.pdf")).unwrap());
    for i in 1..=30 {
        let name = format!("Pupil {i:02}");
        assert!(
            pages
                .iter()
                .any(|p| p.contains("PLAYER CARD") && p.lines().any(|l| l.trim() == name)),
            "{name} has no player card"
        );
    }
    // A take-home set for each student prints whole sets: the dice, the score
    // pad with its reference card, the rules, after the key.
    let r = s.run(&[
        "pack", "--game", "ppe", "--roster", roster, "--seed", "5B", "--per", "student", "-o", "home.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(r.stdout().contains("91 pages"), "{}", r.stdout());
    // Split at tables: the key and one file for each table, every file with
    // pages (students at tables have no sheets apart from their table's).
    let r = s.run(&[
        "pack", "--game", "ppe", "--roster", roster, "--seed", "5B", "--split", "-o", "split",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(r.stdout().contains("wrote 9 files"), "{}", r.stdout());
    for file in std::fs::read_dir(s.path("split")).unwrap() {
        let pages = pdf_pages_text(&std::fs::read(file.unwrap().path()).unwrap());
        assert!(!pages.is_empty());
    }
    // The key shows each student at their table's pages.
    let key = pdf_pages_text(&std::fs::read(s.path("ppe.pdf")).unwrap())[..2].join("\n");
    let row = key
        .lines()
        .skip_while(|l| *l != "Pupil 01")
        .take(3)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(row.contains("Pupil 01 1 3-"), "{row}");
}

/// Tables the game cannot be played at are refused in one line, and nothing is written.
#[test]
fn tables_outside_the_games_player_limits_are_refused() {
    let s = Scratch::new("tables-bad");
    let roster = class_of_30(&s);
    std::fs::write(s.path("one.txt"), "Ann\n").unwrap();
    for (args, says) in [
        (
            vec!["--game", "tp-hunt", "--roster", roster, "--table-size", "9"],
            "table-size: 9 is out of range (TP Hunt is for 2 to 6 players)",
        ),
        (
            vec!["--game", "tp-hunt", "--roster", "one.txt"],
            "a class of 1 is too small for one table (TP Hunt is for 2 to 6 players)",
        ),
        (
            vec!["--game", "particle-panic", "--roster", roster, "--table-size", "5"],
            "table-size: 5 is out of range (Particle Panic is for 1 to 4 players)",
        ),
        (
            vec!["--game", "tp-hunt", "--roster", roster, "--players", "3"],
            "--table-size",
        ),
    ] {
        let mut all = vec!["pack"];
        all.extend(&args);
        all.extend(["--seed", "x", "-o", "p.pdf"]);
        let line = s.run(&all).one_error_line(2);
        assert!(line.contains(says), "{args:?}: {line}");
    }
    let mut files = s.files();
    files.retain(|f| !f.ends_with(".txt"));
    assert!(files.is_empty(), "{files:?}");
}

/// A 30-student Particle Panic pack at tables, all at level normal: every
/// table's deal within 20 points of the others for the steady player, said
/// on the key, and each table's code makes that table's deal alone; with
/// `--spread` the tables get their seeds' deals, however far apart.
#[test]
fn a_particle_panic_pack_deals_every_table_a_game_of_one_difficulty() {
    let s = Scratch::new("pp-even");
    let roster = class_of_30(&s);
    let spread_of = |extra: &[&str]| -> (f64, Vec<serde_json::Value>) {
        let mut args = vec![
            "pack",
            "--game",
            "particle-panic",
            "--roster",
            roster,
            "--seed",
            "autumn",
            "--level",
            "normal",
            "--format",
            "json",
            "-o",
            "m.json",
        ];
        args.extend(extra);
        let r = s.run(&args);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        let manifest: serde_json::Value = serde_json::from_slice(&std::fs::read(s.path("m.json")).unwrap()).unwrap();
        let groups = manifest["groups"].as_array().unwrap().clone();
        let rates: Vec<f64> = groups
            .iter()
            .map(|g| g["layout"]["rating"]["win_rate"].as_f64().unwrap())
            .collect();
        let spread = rates.iter().cloned().fold(0.0, f64::max) - rates.iter().cloned().fold(1.0, f64::min);
        (spread, groups)
    };
    let (even, groups) = spread_of(&[]);
    assert_eq!(groups.len(), 8);
    assert!(even <= 0.20, "tables' deals {:.1} points apart", even * 100.0);
    let (spread, _) = spread_of(&["--spread"]);
    assert!(
        spread > 0.20,
        "this seed's own deals are {:.1} points apart",
        spread * 100.0
    );
    // Every table's code makes its deal alone.
    for g in [&groups[0], &groups[7]] {
        let code = g["code"].as_str().unwrap();
        let r = s.run(&["regen", code, "--format", "json", "-o", "one.json"]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        let one: serde_json::Value = serde_json::from_slice(&std::fs::read(s.path("one.json")).unwrap()).unwrap();
        assert_eq!(one["hands"], g["layout"]["hands"], "{code}");
        assert_eq!(one["stacks"], g["layout"]["stacks"], "{code}");
    }
    // The key says so, and gives every student their table's code; the deal
    // record names the students and says no page number of its own.
    let r = s.run(&[
        "pack",
        "--game",
        "particle-panic",
        "--roster",
        roster,
        "--seed",
        "autumn",
        "--level",
        "normal",
        "-o",
        "p.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&std::fs::read(s.path("p.pdf")).unwrap());
    let key = pages[..2].join("\n");
    assert!(
        key.contains("every table is dealt a game of about one difficulty"),
        "{key}"
    );
    // What the figures' spread means at a table, in a teacher's words.
    let flat = key.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("the steady player (a computer player that follows"),
        "{key}"
    );
    assert!(flat.contains("a difference far smaller than the luck"), "{key}");
    // The teacher's words: the web page's, no command line; the key's page
    // names are the pages' titles; tables of 3 and of 4 play different rules.
    for tool in ["--spread", "panicpress regen", "--name"] {
        assert!(!key.contains(tool), "{tool}\n{key}");
    }
    assert!(key.contains("Let the tables' games differ in difficulty"), "{key}");
    for name in [
        "Deal record",
        "Pencil board",
        "Stacks to cut out",
        "Turn and rules card",
    ] {
        assert!(key.contains(name), "{name}\n{key}");
    }
    for title in ["Stacks to Cut Out", "Turn and Rules Card"] {
        assert!(pages.iter().any(|p| p.contains(title)), "{title}");
    }
    // Tables matched to one window: no record or card sets one apart as an
    // easier or harder deal.
    let all = pages.join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
    for band in ["deal for this level", "one of the easier", "one of the harder"] {
        assert!(!all.contains(band), "{band}");
    }
    assert!(
        key.contains("tables of different sizes play different versions of the game"),
        "{key}"
    );
    assert!(key.contains("keep it at your desk"), "{key}");
    // The records of a pack's tables print no range to compare with.
    assert!(!key.contains("only for comparison"), "{key}");
    // pdftotext may break the line anywhere: compare words only.
    let words = key.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("each table needs what its rules card lists under \"You need\""),
        "{key}"
    );
    assert!(words.contains("and six coins where the card asks for them"), "{key}");
    assert!(
        words.contains("The rules cards' \"about N games in 10\" are the level's figures for a table of that size"),
        "{key}"
    );
    assert!(
        words.contains("cut the slips out before the lesson (a table that cuts its own sees the order of its stacks)"),
        "{key}"
    );
    assert!(
        words.contains("counts the deals tried for that table until one of this difficulty came up"),
        "{key}"
    );
    let table_1 = groups[0]["code"].as_str().unwrap();
    assert_eq!(
        key.matches(table_1).count(),
        1 + 4,
        "the table's row and its four students'"
    );
    let record = pages.iter().find(|p| p.contains("Deal Record")).unwrap();
    assert!(record.contains("Pupil 01") && !record.contains("Player 1"), "{record}");
    assert!(!record.contains("on page"), "{record}");
}

/// A table of three at TP Hunt: the third student's tracker sheets share one page.
#[test]
fn a_third_student_at_tp_hunt_gets_one_tracker_page() {
    let s = Scratch::new("tp-three");
    std::fs::write(s.path("three.txt"), "Ada\nBo\nCy\n").unwrap();
    let r = s.run(&[
        "pack",
        "--game",
        "tp-hunt",
        "--roster",
        "three.txt",
        "--seed",
        "5B",
        "-o",
        "p.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&std::fs::read(s.path("p.pdf")).unwrap());
    let trackers = |name: &str| {
        pages
            .iter()
            .filter(|p| p.contains("Player Tracker") && p.contains(name))
            .count()
    };
    assert_eq!(trackers("Cy"), 1, "Cy's tracker pages");
    assert_eq!(trackers("Ada"), trackers("Bo"));
}

/// Regression: at tables the manifest gave every student `"code": null` and
/// named a table's students only inside its display name, which a script
/// cannot split when names hold ", ". Each table lists its students (their
/// places in "students" and their names); each student says their table.
#[test]
fn the_manifest_maps_students_to_tables_as_data() {
    let s = Scratch::new("manifest-tables");
    std::fs::write(s.path("class.txt"), "Anna\nAnna\nSmith, Jo\nBo\nCy\nDi\nEd\nFay\n").unwrap();
    let manifest = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec![
            "pack",
            "--game",
            "panic-buy",
            "--roster",
            "class.txt",
            "--seed",
            "t",
            "--format",
            "json",
            "-o",
            "-",
        ];
        args.extend(extra);
        let r = s.run(&args);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        serde_json::from_str(&r.stdout()).unwrap()
    };
    let m = manifest(&[]);
    let students = m["students"].as_array().unwrap();
    let groups = m["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 2);
    for (t, group) in groups.iter().enumerate() {
        assert_eq!(group["table"], t + 1);
        let members = group["members"].as_array().unwrap();
        assert_eq!(members.len(), 4);
        for member in members {
            let i = member["index"].as_u64().unwrap() as usize;
            assert_eq!(member["name"], students[i]["name"]);
            assert_eq!(students[i]["table"], t + 1, "{}", students[i]);
        }
    }
    assert_eq!(groups[0]["members"][2]["name"], "Smith, Jo");
    assert_eq!(groups[0]["members"][1]["index"], 1, "the second Anna by her place");
    // Take-home: every student's own code and layout, and no table.
    let m = manifest(&["--per", "student"]);
    for student in m["students"].as_array().unwrap() {
        assert!(student["code"].as_str().unwrap().starts_with("panic-buy:"), "{student}");
        assert!(student["layout"].is_object(), "{student}");
        assert!(student.get("table").is_none(), "{student}");
    }
}

/// Regression: a pack file of 200,003 entries ran over 90 s in 1 GB with no
/// output. Entries have a stated limit, checked before any work.
#[test]
fn a_pack_file_past_its_entry_limit_is_refused_at_once() {
    let s = Scratch::new("entry-cap");
    let entry = "[[entry]]\ngame = \"tp-hunt\"\n";
    for (name, entries) in [("big.toml", 200_003), ("over.toml", 33)] {
        std::fs::write(
            s.path(name),
            format!("seed = \"a\"\ncount = 3\n{}", entry.repeat(entries)),
        )
        .unwrap();
        let line = s.run(&["pack", name, "-o", "p.pdf"]).one_error_line(2);
        assert!(line.contains("more than 32 entries"), "{line}");
    }
    // An array of entries is counted too.
    let inline = format!(
        "seed = \"a\"\ncount = 3\nentry = [{}]\n",
        vec!["{ game = \"tp-hunt\" }"; 33].join(", ")
    );
    std::fs::write(s.path("inline.toml"), inline).unwrap();
    let line = s.run(&["pack", "inline.toml", "-o", "p.pdf"]).one_error_line(2);
    assert!(line.contains("more than 32 entries"), "{line}");
    std::fs::write(
        s.path("ok.toml"),
        format!("seed = \"a\"\ncount = 2\n{}", entry.repeat(32)),
    )
    .unwrap();
    let r = s.run(&["pack", "ok.toml", "--format", "json", "-o", "ok.json"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(!s.path("p.pdf").exists());
}
