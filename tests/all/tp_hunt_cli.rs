//! TP Hunt from the command line, as a user runs it.

use crate::common;
use common::{Scratch, pdf_pages_text};

fn read(s: &Scratch, name: &str) -> Vec<u8> {
    std::fs::read(s.path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn default_run_writes_output_file_and_prints_path_and_code() {
    let s = Scratch::new("default");
    let r = s.run(&["tp-hunt", "--seed", "42"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert_eq!(
        r.stdout(),
        "wrote output/tp-hunt-42.pdf (7 pages)\ncode: tp-hunt:6-dr3kx:g12-s12-a10-d7-p4:a4:default:42\n"
    );
    let pages = pdf_pages_text(&read(&s, "output/tp-hunt-42.pdf"));
    // Map, trackers (4 players, two a page: rows for 9 games in 10, the
    // turns past a page's 21 on a page of their own), score pad, rules
    // card, dice tape (one page: rolls for 9 games in 10).
    assert_eq!(pages.len(), 7);
    assert!(pages[0].contains("TP Hunt: Neighbourhood Map"));
    assert!(pages[0].contains("blue d12") && pages[0].contains("red d12"));
    assert!(pages[0].contains("Sheet code: tp-hunt:6-dr3kx:g12-s12-a10-d7-p4:a4:default:42"));
    assert!(pages[1].contains("Player Tracker") && pages[1].contains("Wallet starts at $5"));
    assert!(
        pages[0].contains("On this map a game runs about 20 turns each"),
        "{}",
        pages[0]
    );
    assert!(pages[2].contains("Player Tracker"));
    assert!(pages[3].contains("Player Tracker") && pages[3].contains("Turns from 22 on"));
    assert!(pages[4].contains("Final Score Pad"));
    assert!(pages[5].contains("Rules Card") && pages[5].contains("Law of the Jungle"));
    assert!(pages[6].contains("Dice Tape"));
    for p in &pages {
        assert!(p.contains("100 mm: print at actual size"));
    }
    assert_eq!(s.files(), vec!["output/tp-hunt-42.pdf"], "no temp files left");
}

#[test]
fn the_map_page_shows_the_generated_marks() {
    let s = Scratch::new("marks");
    assert_eq!(
        s.run(&["tp-hunt", "--seed", "9", "--sheets", "map", "-o", "m.pdf"])
            .code(),
        0
    );
    let text = &pdf_pages_text(&read(&s, "m.pdf"))[0];
    // Ten ATMs on the map, plus the one in the legend's symbol and two in its text.
    assert_eq!(text.matches('$').count(), 10 + 3, "{text}");
}

#[test]
fn same_inputs_give_identical_bytes_and_other_seeds_differ() {
    let s = Scratch::new("repro");
    for name in ["a.pdf", "b.pdf"] {
        assert_eq!(
            s.run(&["tp-hunt", "--seed", "room 12 tuesday", "--sheets", "all", "-o", name])
                .code(),
            0
        );
    }
    assert_eq!(read(&s, "a.pdf"), read(&s, "b.pdf"));
    assert_eq!(
        s.run(&[
            "tp-hunt",
            "--seed",
            "room 12 wednesday",
            "--sheets",
            "all",
            "-o",
            "c.pdf"
        ])
        .code(),
        0
    );
    assert_ne!(read(&s, "a.pdf"), read(&s, "c.pdf"));
}

#[test]
fn two_documents_made_in_one_process_are_identical() {
    use panicpress::games::tp_hunt::{Params, Request, sheets::SheetKind};
    use panicpress::render::pdf::render;
    let texts = panicpress::games::english();
    let req = |seed: &str| Request {
        seats: Default::default(),
        params: Params::default(),
        seed: panicpress::seed::Seed::new(seed).unwrap(),
        count: 2,
        paper: panicpress::sheet::Paper::A4,
        style: Default::default(),
        sheets: SheetKind::ALL.to_vec(),
        code_sheets: None,
    };
    let first = render(&req("1").document(&texts).unwrap());
    let other = render(&req("2").document(&texts).unwrap());
    let again = render(&req("1").document(&texts).unwrap());
    assert_eq!(first, again);
    assert_ne!(first, other);
}

#[test]
fn without_a_seed_a_random_one_is_printed_and_makes_the_same_sheets() {
    let s = Scratch::new("random");
    let r = s.run(&["tp-hunt", "--sheets", "map", "-o", "r.pdf"]);
    assert_eq!(r.code(), 0);
    let line = r
        .stdout()
        .lines()
        .find(|l| l.starts_with("seed: "))
        .expect("seed printed")
        .to_string();
    let seed = line.trim_start_matches("seed: ").split(' ').next().unwrap().to_string();
    assert_eq!(
        s.run(&["tp-hunt", "--seed", &seed, "--sheets", "map", "-o", "again.pdf"])
            .code(),
        0
    );
    assert_eq!(read(&s, "r.pdf"), read(&s, "again.pdf"));
}

#[test]
fn count_makes_different_maps_each_with_its_own_code() {
    let s = Scratch::new("count");
    let r = s.run(&["tp-hunt", "--seed", "5", "--count", "3", "--sheets", "map"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(r.stdout().starts_with("wrote output/tp-hunt-5-map-x3.pdf (3 pages)"));
    let pages = pdf_pages_text(&read(&s, "output/tp-hunt-5-map-x3.pdf"));
    let codes: Vec<&str> = pages
        .iter()
        .map(|p| p.lines().find(|l| l.starts_with("Sheet code")).unwrap())
        .collect();
    assert_eq!(codes[0], "Sheet code: tp-hunt:6-n3ggq:g12-s12-a10-d7-p4:a4:map:5");
    assert_eq!(codes[1], "Sheet code: tp-hunt:6-wfwkp:g12-s12-a10-d7-p4:a4:map:5#2");
    assert_eq!(codes[2], "Sheet code: tp-hunt:6-8nhrb:g12-s12-a10-d7-p4:a4:map:5#3");

    let r = s.run(&["tp-hunt", "--seed", "5", "--count", "3", "--format", "json", "-o", "-"]);
    let maps: serde_json::Value = serde_json::from_str(&r.stdout()).unwrap();
    let maps = maps.as_array().unwrap();
    assert_eq!(maps.len(), 3);
    assert_ne!(maps[0]["stores"], maps[1]["stores"]);
    assert_eq!(maps[2]["seed"], "5#3");
}

#[test]
fn regen_rebuilds_exactly_the_sheet_its_code_names() {
    let s = Scratch::new("regen");
    assert_eq!(
        s.run(&[
            "tp-hunt", "--seed", "5", "--count", "3", "--sheets", "map", "-o", "all.pdf"
        ])
        .code(),
        0
    );
    // The second page's code, as printed on it.
    let code = "tp-hunt:6-wfwkp:g12-s12-a10-d7-p4:a4:map:5#2";
    let r = s.run(&["regen", code, "-o", "one.pdf"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let all = pdf_pages_text(&read(&s, "all.pdf"));
    let one = pdf_pages_text(&read(&s, "one.pdf"));
    assert_eq!(one, vec![all[1].clone()]);
    // A single-map run and the regen of its printed code give the same bytes.
    assert_eq!(
        s.run(&[
            "tp-hunt",
            "--seed",
            "77",
            "--paper",
            "letter",
            "--players",
            "3",
            "-o",
            "x.pdf"
        ])
        .code(),
        0
    );
    assert_eq!(
        s.run(&[
            "regen",
            "tp-hunt:6-9w6w4:g12-s12-a10-d7-p3:letter:default:77",
            "-o",
            "y.pdf"
        ])
        .code(),
        0
    );
    assert_eq!(read(&s, "x.pdf"), read(&s, "y.pdf"));
    let e = s
        .run(&["regen", "tp-hunt:9-tpk:g12-s12-a10-d7-p4:a4:map:5"])
        .one_error_line(2);
    assert!(e.contains("version 9"), "{e}");
}

#[test]
fn json_output_has_the_documented_fields_and_validates() {
    let s = Scratch::new("json");
    let r = s.run(&["tp-hunt", "--seed", "42", "--format", "json", "-o", "map.json"]);
    assert_eq!(r.code(), 0);
    let v: serde_json::Value = serde_json::from_slice(&read(&s, "map.json")).unwrap();
    assert_eq!(v["seed"], "42");
    assert_eq!(v["code"], "tp-hunt:6-dr3kx:g12-s12-a10-d7-p4:a4:default:42");
    assert_eq!(v["stores"].as_array().unwrap().len(), 12);
    assert_eq!(v["atms"].as_array().unwrap().len(), 10);
    assert_eq!(v["dangers"].as_array().unwrap().len(), 7);
    assert_eq!(v["stores"][0], serde_json::json!([5, 2]));
    let r = s.run(&["validate", "tp-hunt", "map.json"]);
    assert_eq!(r.code(), 0, "{}", r.stdout());
    assert_eq!(r.stdout(), "legal: map.json breaks none of the 10 TP Hunt rules\n");
}

#[test]
fn validate_reports_each_broken_rule_with_its_cells() {
    let s = Scratch::new("validate");
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/tp-hunt-rulebook-sample.json"
    );
    let r = s.run(&["validate", "tp-hunt", sample]);
    assert_eq!(r.code(), 1);
    assert_eq!(r.stdout(), "counts: 8 ATMs on the map, the rules call for 10\n");

    let hand = r#"{"stores": [[1,1],[2,2],[2,2],[4,4],[5,5],[6,6],[7,7],[8,8],[9,9],[10,10],[11,11],[12,12]],
                   "atms": [[1,2],[1,3],[1,4],[1,5],[1,6],[1,7],[1,8],[1,9],[1,10],[1,11]],
                   "dangers": [[6,5],[5,6],[7,6],[6,7],[3,3],[12,1],[12,2]]}"#;
    std::fs::write(s.path("hand.json"), hand).unwrap();
    let r = s.run(&["validate", "tp-hunt", "hand.json"]);
    assert_eq!(r.code(), 1);
    let out = r.stdout();
    assert!(out.contains("distinct-cells: (2, 2) holds store and store"), "{out}");
    // One problem, one line: the walled-in store is not also "unreachable".
    assert!(!out.contains("reachable: store at (6, 6)"), "{out}");
    assert!(
        out.contains("no-walled-in-store: store at (6, 6) has danger zones on every side"),
        "{out}"
    );
    // Switching a fairness rule off by name.
    let r = s.run(&[
        "validate",
        "tp-hunt",
        "hand.json",
        "--rule-off",
        "reachable",
        "--rule-off",
        "no-walled-in-store",
    ]);
    assert_eq!(r.stdout().lines().count(), 1, "{}", r.stdout());
}

#[test]
fn validate_refuses_unreadable_and_malformed_files_with_exit_2() {
    let s = Scratch::new("validate-bad");
    let e = s.run(&["validate", "tp-hunt", "missing.json"]).one_error_line(2);
    assert!(e.contains("cannot read missing.json"), "{e}");
    std::fs::write(s.path("broken.json"), "{\"stores\": [[1,").unwrap();
    let e = s.run(&["validate", "tp-hunt", "broken.json"]).one_error_line(2);
    assert!(e.starts_with("error: broken.json: not a TP Hunt map"), "{e}");
    // A map whose code does not fit it is refused, never checked with defaults.
    let map = |code: &str| format!(r#"{{"code": "{code}", "grid": 12, "stores": [[1,1]], "atms": [], "dangers": []}}"#);
    let cases = [
        (
            "tp-hunt:4-tsm:g10-s12-a10-d7-p4:a4:map:1",
            "error: m.json: its code is for a 10 x 10 grid, the map is 12 x 12",
        ),
        (
            "panic-buy:4-h6y:p3-race-b6-12:a4:default:42",
            "error: m.json: its code names the game 'panic-buy', not tp-hunt",
        ),
        ("not a code", "error: m.json: its code does not parse"),
    ];
    for (code, want) in cases {
        std::fs::write(s.path("m.json"), map(code)).unwrap();
        let e = s.run(&["validate", "tp-hunt", "m.json"]).one_error_line(2);
        assert!(e.starts_with(want), "{code}: {e}");
    }
}

#[test]
fn validate_reports_a_mark_off_the_grid_under_inside_grid_with_exit_1() {
    let s = Scratch::new("validate-off");
    std::fs::write(
        s.path("off.json"),
        r#"{"stores": [[1,1]], "atms": [[13,2]], "dangers": []}"#,
    )
    .unwrap();
    let r = s.run(&[
        "validate",
        "tp-hunt",
        "off.json",
        "--stores",
        "1",
        "--atms",
        "1",
        "--dangers",
        "0",
    ]);
    assert_eq!(r.code(), 1, "{}", r.stderr());
    assert!(
        r.stdout().contains("inside-grid: off the 12 x 12 grid: (13, 2)"),
        "{}",
        r.stdout()
    );
}

#[test]
fn validate_refuses_a_store_in_a_pocket_and_a_walled_in_atm_one_line_each() {
    let s = Scratch::new("validate-pocket");
    // Dangers at (3, 1), (3, 2), (2, 3), (1, 3) seal the corner off; the ATM
    // at (12, 12) has dangers on both its sides.
    std::fs::write(
        s.path("p.json"),
        r#"{"stores": [[2,2], [6,6]], "atms": [[12,12]], "dangers": [[3,1], [3,2], [2,3], [1,3], [11,12], [12,11]]}"#,
    )
    .unwrap();
    let r = s.run(&[
        "validate",
        "tp-hunt",
        "p.json",
        "--stores",
        "2",
        "--atms",
        "1",
        "--dangers",
        "6",
    ]);
    assert_eq!(r.code(), 1, "{}", r.stderr());
    let out = r.stdout();
    let lines: Vec<&str> = out.lines().filter(|l| l.contains(": ")).collect();
    assert!(
        out.contains("no-walled-in-atm: ATM at (12, 12) has danger zones on every side"),
        "{out}"
    );
    assert!(
        out.contains("reachable: store at (2, 2) cannot be reached from the main start area"),
        "{out}"
    );
    assert_eq!(out.matches("(12, 12)").count(), 1, "one problem, one line: {lines:?}");
}

#[test]
fn simulate_prints_the_documented_fields_as_json() {
    let s = Scratch::new("simulate");
    let r = s.run(&[
        "tp-hunt",
        "simulate",
        "--seed",
        "42",
        "--players",
        "3",
        "--games",
        "40",
        "--json",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let v: serde_json::Value = serde_json::from_str(&r.stdout()).unwrap();
    for key in [
        "games",
        "median_turns",
        "p90_turns",
        "first_player_win_share",
        "median_winning_tp",
    ] {
        assert!(v.get(key).is_some(), "{key} missing: {v}");
    }
    assert_eq!(v["games"], 40);
    assert!(v["median_turns"].as_u64().unwrap() >= 5);
    let e = s
        .run(&["tp-hunt", "simulate", "--seed", "1", "--games", "0"])
        .one_error_line(2);
    assert!(e.contains("games: 0 is out of range"), "{e}");
}

#[test]
fn a_grid_too_large_for_the_paper_is_refused_and_other_grids_name_their_dice() {
    let s = Scratch::new("grids");
    let e = s
        .run(&["tp-hunt", "--seed", "1", "--grid", "16", "--stores", "12"])
        .one_error_line(2);
    assert!(
        e.contains("grid: a 16 x 16 map does not fit a4 paper with squares of 13 mm or more"),
        "{e}"
    );
    // A d8 exists: the headers and rules speak of it.
    let r = s.run(&[
        "tp-hunt",
        "--seed",
        "9",
        "--grid",
        "8",
        "--stores",
        "5",
        "--atms",
        "4",
        "--dangers",
        "3",
        "-o",
        "g8.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&read(&s, "g8.pdf"));
    assert!(
        pages[0].contains("blue d8") && !pages.iter().any(|p| p.contains("d12")),
        "{}",
        pages[0]
    );
    // No common die has 7 sides: the dice tape only.
    let r = s.run(&[
        "tp-hunt",
        "--seed",
        "9",
        "--grid",
        "7",
        "--stores",
        "5",
        "--atms",
        "4",
        "--dangers",
        "3",
        "-o",
        "g7.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&read(&s, "g7.pdf"));
    assert!(pages[0].contains("blue number (dice tape)"), "{}", pages[0]);
    assert!(!pages.iter().any(|p| p.contains("d7") || p.contains("d12")));
    assert!(pages.last().unwrap().contains("Dice Tape"));
}

#[test]
fn bad_input_gets_one_line_exit_2_and_no_file() {
    let s = Scratch::new("bad");
    std::fs::create_dir(s.path("adir")).unwrap();
    std::fs::write(s.path("bad.toml"), "stores = \"many\"\n").unwrap();
    std::fs::write(s.path("typo.toml"), "storez = 3\n").unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["tp-hunt", "--seed", "1", "--stores", "200"],
            "stores: 200 do not fit on a 12 x 12 grid (144 cells)",
        ),
        (
            &["tp-hunt", "--seed", "1", "--players", "9"],
            "players: 9 is out of range",
        ),
        (
            &["tp-hunt", "--seed", "1", "--players", "1"],
            "players: 1 is out of range",
        ),
        (&["tp-hunt", "--seed", "1", "--grid", "40"], "grid: 40 is out of range"),
        (
            &["tp-hunt", "--seed", "1", "--config", "bad.toml"],
            "config bad.toml: stores: 'many' is not a whole number",
        ),
        (&["tp-hunt", "--seed", "1", "--config", "typo.toml"], "storez"),
        (
            &["tp-hunt", "--seed", "1", "--config", "nope.toml"],
            "cannot read nope.toml",
        ),
        (&["tp-hunt", "--seed", "1", "-o", "adir"], "'adir': it is a folder"),
        (
            &["tp-hunt", "--seed", "1", "-o", "no/such/dir/x.pdf"],
            "folder no/such/dir does not exist",
        ),
        (
            &["tp-hunt", "--seed", "1", "--sheets", "map,poster"],
            "unknown sheet 'poster'",
        ),
        (
            &["tp-hunt", "--seed", "1", "--paper", "a3"],
            "paper: unknown paper 'a3' (choose from: a4, letter)",
        ),
        (&["tp-hunt", "--seed", "", "--sheets", "map"], "seed: must not be empty"),
        (
            &["tp-hunt", "--seed", "room 12 ", "--sheets", "map"],
            "seed: must not start or end with a space",
        ),
        (
            &["tp-hunt", "--seed", "  ", "--sheets", "map"],
            "seed: must not start or end with a space",
        ),
        (&["tp-hunt", "--seed", "1", "--count", "0"], "count: 0 is out of range"),
        (
            &["tp-hunt", "--seed", "1", "--rule-off", "counts"],
            "rule-off: unknown rule-off 'counts' (choose from: reachable, start-cells, no-walled-in-store, no-walled-in-atm, length-band, first-fair)",
        ),
        (
            &["tp-hunt", "--seed", "1", "--dangers", "120"],
            "no legal map in 2000 tries",
        ),
        (
            &["tp-hunt", "--seed", "1", "--players", "x"],
            "players: 'x' is not a whole number",
        ),
        (&["tp-hunt", "--bogus"], "unexpected argument '--bogus'"),
        (&["regen", "garbage"], "expected GAME:VERSION:PARAMS:PAPER:SHEETS:SEED"),
    ];
    for (args, want) in cases {
        let e = s.run(args).one_error_line(2);
        assert!(e.contains(want), "{args:?}: {e}");
    }
    let mut files = s.files();
    files.retain(|f| !f.ends_with(".toml"));
    assert!(files.is_empty(), "files written on bad input: {files:?}");
}

#[test]
fn config_file_holds_the_same_settings_and_flags_win() {
    let s = Scratch::new("config");
    std::fs::write(
        s.path("club.toml"),
        "seed = \"club night\"\npreset = \"harder\"\nplayers = 6\nsheets = [\"map\", \"tracker\"]\npaper = \"letter\"\n",
    )
    .unwrap();
    let r = s.run(&["tp-hunt", "--config", "club.toml", "--dangers", "8", "-o", "c.pdf"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(
        r.stdout()
            .contains("code: tp-hunt:6-z9ej7:g12-s9-a10-d8-p6:letter:map+tracker:club night"),
        "{}",
        r.stdout()
    );
    // Map + three tracker pages for six players, two a page (rows for 9
    // games in 10); Letter media box.
    let bytes = read(&s, "c.pdf");
    assert_eq!(pdf_pages_text(&bytes).len(), 4);
    let mb = common::first_media_box(&bytes);
    assert_eq!(mb, vec![0.0, 0.0, 612.0, 792.0]);
}

#[test]
fn text_preview_prints_a_grid_with_a_legend() {
    let s = Scratch::new("text");
    let r = s.run(&["tp-hunt", "--seed", "42", "--format", "text"]);
    assert_eq!(r.code(), 0);
    let out = r.stdout();
    assert!(
        out.starts_with("Sheet code: tp-hunt:6-dr3kx:g12-s12-a10-d7-p4:a4:default:42\n"),
        "{out}"
    );
    assert_eq!(
        out.lines()
            .filter(|l| l.len() > 7 && l[4..7].trim().parse::<u32>().is_ok())
            .count(),
        12
    );
    assert!(out.contains("O store   $ ATM   X danger zone"));
}

#[test]
fn dice_tape_is_seeded_and_separate_from_the_map() {
    let s = Scratch::new("dice");
    assert_eq!(
        s.run(&[
            "tp-hunt", "--seed", "3", "--sheets", "map", "-o", "a.json", "--format", "json"
        ])
        .code(),
        0
    );
    assert_eq!(
        s.run(&[
            "tp-hunt",
            "--seed",
            "3",
            "--sheets",
            "map,dice-tape",
            "-o",
            "b.json",
            "--format",
            "json"
        ])
        .code(),
        0
    );
    let a: serde_json::Value = serde_json::from_slice(&read(&s, "a.json")).unwrap();
    let b: serde_json::Value = serde_json::from_slice(&read(&s, "b.json")).unwrap();
    assert_eq!(a["stores"], b["stores"], "printing a dice tape never moves the map");
    assert_eq!(
        s.run(&["tp-hunt", "--seed", "3", "--sheets", "dice-tape", "-o", "d.pdf"])
            .code(),
        0
    );
    let text = &pdf_pages_text(&read(&s, "d.pdf"))[0];
    let rolls: Vec<u32> = text.lines().filter_map(|l| l.parse().ok()).collect();
    // Numbered rows 1..N plus two dice per row, every die 1-12.
    assert!(rolls.len() > 300, "{}", rolls.len());
    assert!(text.contains("No d12s?"));
}

#[test]
fn templates_folder_replaces_printed_texts() {
    let s = Scratch::new("templates");
    std::fs::create_dir(s.path("tpl")).unwrap();
    std::fs::write(s.path("tpl/common.tera"), "code_label: Bladkode\ncalibration: 100 mm\n").unwrap();
    let r = s.run(&[
        "tp-hunt",
        "--seed",
        "1",
        "--sheets",
        "map",
        "--templates",
        "tpl",
        "-o",
        "t.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(pdf_pages_text(&read(&s, "t.pdf"))[0].contains("Bladkode: tp-hunt:6-"));
}

/// The same checks as the qpdf and poppler test below, with a Rust reader,
/// so they run on a machine with Rust only: every font is an embedded subset
/// with a ToUnicode map, the title carries the code, and no date is written.
#[test]
fn pdf_fonts_are_embedded_subsets_read_with_lopdf() {
    use lopdf::{Document, Object};
    let s = Scratch::new("lopdf");
    assert_eq!(
        s.run(&["tp-hunt", "--seed", "42", "--sheets", "all", "-o", "a.pdf"])
            .code(),
        0
    );
    let doc = Document::load_mem(&read(&s, "a.pdf")).expect("PDF parses");
    // Map, 4 trackers (two a page: rows for 9 games in 10, on three pages),
    // score pad, rules, 1 dice tape page.
    assert_eq!(doc.get_pages().len(), 7);
    let mut fonts = std::collections::BTreeSet::new();
    for object in doc.objects.values() {
        let Ok(dict) = object.as_dict() else { continue };
        if dict.get(b"Type").and_then(Object::as_name).ok() != Some(b"Font".as_slice()) {
            continue;
        }
        let base = String::from_utf8_lossy(dict.get(b"BaseFont").unwrap().as_name().unwrap()).into_owned();
        if dict.get(b"Subtype").unwrap().as_name().unwrap() == b"Type0" {
            assert!(dict.has(b"ToUnicode"), "{base}: no ToUnicode map");
            let descendant = match dict.get(b"DescendantFonts").unwrap() {
                Object::Array(a) => doc.get_dictionary(a[0].as_reference().unwrap()).unwrap(),
                Object::Reference(r) => {
                    let a = doc.get_object(*r).unwrap().as_array().unwrap();
                    doc.get_dictionary(a[0].as_reference().unwrap()).unwrap()
                }
                other => panic!("{base}: descendant fonts {other:?}"),
            };
            let descriptor = doc
                .get_dictionary(descendant.get(b"FontDescriptor").unwrap().as_reference().unwrap())
                .unwrap();
            assert!(
                descriptor.has(b"FontFile2") || descriptor.has(b"FontFile3"),
                "{base}: not embedded"
            );
            fonts.insert(base);
        }
    }
    assert_eq!(fonts.len(), 2, "{fonts:?}");
    for base in &fonts {
        assert!(base.len() > 7 && base.as_bytes()[6] == b'+', "subset tag: {base}");
    }
    let info = doc
        .get_dictionary(doc.trailer.get(b"Info").unwrap().as_reference().unwrap())
        .unwrap();
    let title = String::from_utf8_lossy(info.get(b"Title").unwrap().as_str().unwrap()).into_owned();
    assert!(
        title.starts_with("TP Hunt: tp-hunt:6-") && title.contains(":g12-s12-a10-d7-p4:a4:"),
        "{title}"
    );
    assert!(!info.has(b"CreationDate") && !info.has(b"ModDate"));
}

#[test]
#[ignore = "needs qpdf and poppler-utils (pdffonts, pdfinfo)"]
fn pdf_passes_qpdf_and_fonts_are_embedded_subsets() {
    let s = Scratch::new("tools");
    assert_eq!(
        s.run(&["tp-hunt", "--seed", "42", "--sheets", "all", "-o", "a.pdf"])
            .code(),
        0
    );
    let q = std::process::Command::new("qpdf")
        .args(["--check", "a.pdf"])
        .current_dir(&s.0)
        .output()
        .unwrap();
    assert!(q.status.success(), "{}", String::from_utf8_lossy(&q.stdout));
    let f = std::process::Command::new("pdffonts")
        .arg("a.pdf")
        .current_dir(&s.0)
        .output()
        .unwrap();
    let fonts = String::from_utf8_lossy(&f.stdout).into_owned();
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{fonts}");
    for row in rows {
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert!(cols[0].len() > 7 && cols[0].as_bytes()[6] == b'+', "subset tag: {row}");
        assert_eq!(
            &cols[cols.len() - 5..cols.len() - 2],
            ["yes", "yes", "yes"],
            "emb sub uni: {row}"
        );
    }
    let i = std::process::Command::new("pdfinfo")
        .arg("a.pdf")
        .current_dir(&s.0)
        .output()
        .unwrap();
    let info = String::from_utf8_lossy(&i.stdout).into_owned();
    assert!(
        info.contains("Title:           TP Hunt: tp-hunt:6-") && info.contains(":g12-s12-a10-d7-p4:a4:"),
        "{info}"
    );
    // Map, trackers for 9 games in 10 (three pages), score pad, rules card, dice tape.
    assert!(info.contains("Pages:           7"), "{info}");
    assert!(!info.contains("PDF/X") && !info.contains("CreationDate"), "{info}");
}

#[test]
fn a_code_printed_in_german_regenerates_the_german_sheet() {
    let s = Scratch::new("lang-regen");
    let r = s.run(&[
        "tp-hunt", "--seed", "7", "--lang", "de", "--sheets", "map", "-o", "a.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let code = r
        .stdout()
        .lines()
        .find_map(|l| l.strip_prefix("Code: "))
        .unwrap()
        .to_string();
    assert_eq!(code, "tp-hunt:6-4cc2c:g12-s12-a10-d7-p4:a4-de:map:7");
    assert!(pdf_pages_text(&read(&s, "a.pdf"))[0].contains(&format!("Blattcode: {code}")));
    assert_eq!(s.run(&["regen", &code, "-o", "b.pdf"]).code(), 0);
    assert_eq!(read(&s, "a.pdf"), read(&s, "b.pdf"));
}

/// A map no game can be played on names the setting to change, in the
/// language asked for.
#[test]
fn a_map_without_atms_names_the_setting_to_change() {
    let s = Scratch::new("no-atms");
    let line = s.run(&["tp-hunt", "--seed", "1", "--atms", "0"]).one_error_line(2);
    assert!(
        line.contains("atms: with 0 ATMs") && line.contains("at least 1 ATM"),
        "{line}"
    );
    let line = s
        .run(&["tp-hunt", "--seed", "1", "--atms", "0", "--lang", "de"])
        .one_error_line(2);
    assert!(line.contains("atms: mit 0 Geldautomaten"), "{line}");
    assert!(s.files().is_empty());
}
