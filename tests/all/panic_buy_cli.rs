//! Panic Buy from the command line, as a user runs it.

use crate::common;
use common::{Scratch, pdf_pages_text};

fn read(s: &Scratch, name: &str) -> Vec<u8> {
    std::fs::read(s.path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn race_run_writes_board_and_components() {
    let s = Scratch::new("pb-race");
    let r = s.run(&["panic-buy", "--seed", "42", "--players", "3", "--mode", "race"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert_eq!(
        r.stdout(),
        "wrote output/panic-buy-42.pdf (4 pages)\ncode: panic-buy:8-cv5wa:p3-race-b6-12:a4:default:42\n"
    );
    let bytes = read(&s, "output/panic-buy-42.pdf");
    let pages = pdf_pages_text(&bytes);
    assert!(pages[0].contains("1 or 4: you move the Virus exactly 3 squares"));
    assert!(pages[0].contains("4 or more: one square"));
    assert!(pages[0].contains("5 rolls of toilet paper"), "2 x 3 - 1 = 5");
    assert!(pages[0].contains("UNIT") && pages[0].contains("CAR") && pages[0].contains("COUNTER"));
    // The rules, in player words, over two pages.
    let rules = pages[1..3].join("\n").replace('\n', " ");
    for says in [
        "Panic Buy: Rules (1/2)",
        "the highest number (if players tie for it, they throw again) is player 1",
        "player 1 starts, then play goes to the left, in player order",
        "your first step (the first of your squares, in a Sanitiser move too) is onto either arrow",
        "never straight back",
        "first the event part",
        "your movement part is 1 square, whatever you threw",
        "you may take one toilet roll from the counter",
        "spend a Sneeze",
        "their rolls stay on that square",
        "on a blue 1 or 6",
        "Example",
        // Each ruling of the engine, in player words.
        "the square outside the door (B) is the first of its 3 squares",
        "takes the piece home with it",
        "being moved onto one by another player ends that move there and earns you a Sneeze too",
        "played on a captured basket, it frees it",
        "move as far as you can",
        "a basket token and",
    ] {
        assert!(rules.to_lowercase().contains(&says.to_lowercase()), "{says}: {rules}");
    }
    // The rules say how long a game on this board runs: what its sheet says.
    let board = pages[0].replace('\n', " ");
    let minutes = board
        .split("(~")
        .nth(1)
        .and_then(|m| m.split(' ').next())
        .expect("minutes on the board");
    assert!(
        rules.contains(&format!("about {minutes} minutes")),
        "{minutes}: {rules}"
    );
    let parts = pages[3..].join("\n");
    assert!(
        parts.contains("PLAYER CARD") && parts.contains("SNEEZE") && parts.contains("VIRUS") && parts.contains("DOG")
    );
    // Five TP counters and no spares (race mode has no draws); three player
    // cards; 3 starting Sneezes + 8;
    // a basket token each: all on one page.
    assert_eq!(pages.len(), 4);
    for token in ["P1", "P2", "P3"] {
        assert_eq!(parts.lines().filter(|l| *l == token).count(), 1, "{token}");
    }
    assert_eq!(parts.lines().filter(|l| *l == "TP").count(), 5);
    assert_eq!(parts.lines().filter(|l| *l == "spare").count(), 0);
    assert_eq!(parts.lines().filter(|l| *l == "PLAYER CARD").count(), 3);
    assert_eq!(parts.lines().filter(|l| *l == "start: one for each player").count(), 3);
    assert_eq!(parts.lines().filter(|l| *l == "SNEEZE").count(), 11);
    let mb = common::first_media_box(&bytes);
    assert!(mb[2] > mb[3], "the board page is landscape: {mb:?}");
}

#[test]
fn hoard_mode_adds_the_tally_and_tiled_boards_take_two_pages() {
    let s = Scratch::new("pb-hoard");
    let r = s.run(&[
        "panic-buy",
        "--seed",
        "7",
        "--players",
        "6",
        "--mode",
        "hoard",
        "--board",
        "tiled",
        "-o",
        "h.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&read(&s, "h.pdf"));
    assert!(pages[0].contains("part 1 / 2") && pages[1].contains("part 2 / 2"));
    assert!(pages[1].contains("Glue here"));
    assert!(pages.last().unwrap().contains("Hoard Mode Team Tally") && pages.last().unwrap().contains("Team 3"));
    // Teams as the rules seat them (partners apart), on the tally and in the rules.
    let tally = pages.last().unwrap();
    for team in ["Players 1 + 4", "Players 2 + 5", "Players 3 + 6"] {
        assert!(tally.contains(team), "{team}: {tally}");
    }
    let rules = pages.join("\n").replace('\n', " ");
    assert!(
        rules.contains("team 1 is players 1 and 4, team 2 players 2 and 5, team 3 players 3 and 6"),
        "{rules}"
    );
    assert!(rules.contains("The team tally"), "what to write on it, and when");
    // A row for each round of 9 games in 10 on the board, as its sheet says.
    let board = pages[0].replace('\n', " ");
    assert!(board.contains("The first team (player 1 and partner) wins"), "{board}");
    let p90: usize = board
        .split("end within ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the 90th percentile on the board");
    assert!(tally.contains(&format!("Rows for {p90} rounds")), "{tally}");
    assert!(tally.lines().any(|l| l == p90.to_string()) && !tally.lines().any(|l| l == (p90 + 1).to_string()));
}

#[test]
fn count_json_text_and_validate() {
    let s = Scratch::new("pb-json");
    let r = s.run(&[
        "panic-buy",
        "--seed",
        "5",
        "--count",
        "3",
        "--format",
        "json",
        "-o",
        "b.json",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let v: serde_json::Value = serde_json::from_slice(&read(&s, "b.json")).unwrap();
    let boards = v.as_array().unwrap();
    assert_eq!(boards.len(), 3);
    assert_ne!(boards[0]["cells"], boards[1]["cells"]);
    let one = &boards[0];
    assert_eq!(one["cells"].as_array().unwrap().len(), 8);
    assert!(one["cells"][0].as_str().unwrap().len() == 8);
    assert!(one["walls"].as_array().unwrap().len() >= 6);
    assert!(!one["glass_doors"].as_array().unwrap().is_empty());
    std::fs::write(s.path("one.json"), one.to_string()).unwrap();
    let r = s.run(&["validate", "panic-buy", "one.json"]);
    assert_eq!(r.code(), 0, "{}", r.stdout());

    // A unit moved onto the bathroom door's square is refused, naming the rule.
    let mut bad = one.clone();
    let door = &one["bathroom_door"];
    let (c, row) = (door[0].as_u64().unwrap() as usize, door[1].as_u64().unwrap() as usize);
    let mut line: Vec<char> = bad["cells"][row - 1].as_str().unwrap().chars().collect();
    line[c - 1] = 'U';
    bad["cells"][row - 1] = serde_json::json!(line.into_iter().collect::<String>());
    std::fs::write(s.path("bad.json"), bad.to_string()).unwrap();
    let r = s.run(&["validate", "panic-buy", "bad.json"]);
    assert_eq!(r.code(), 1);
    assert!(
        r.stdout().contains("doors: the square outside the bathroom door"),
        "{}",
        r.stdout()
    );

    let r = s.run(&["panic-buy", "--seed", "5", "--format", "text"]);
    assert!(r.stdout().contains("+---+---+---+---+---+---+---+---+"));
    assert!(r.stdout().contains("glass door"));
}

#[test]
fn same_bytes_and_regen() {
    let s = Scratch::new("pb-repro");
    assert_eq!(
        s.run(&["panic-buy", "--seed", "r", "--players", "4", "-o", "a.pdf"])
            .code(),
        0
    );
    assert_eq!(
        s.run(&["regen", "panic-buy:8-kwnv1:p4-race-b6-12:a4:default:r", "-o", "b.pdf"])
            .code(),
        0
    );
    assert_eq!(read(&s, "a.pdf"), read(&s, "b.pdf"));
    // A code of version 2 (before ratings and the rules sheet) makes its
    // board, printed on today's sheets: with its rating and the rules.
    let r = s.run(&["regen", "panic-buy:2-zne:p4-race-b6-12:a4:default:r", "-o", "c.pdf"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(r.stdout().contains("(4 pages)"), "{}", r.stdout());
    let old = pdf_pages_text(&read(&s, "c.pdf"));
    assert!(old[0].contains("COUNTER") && old[0].contains("simulated games"));
    assert!(
        old[0].contains("panic-buy:2-82pq8:p4-race-b6-12:a4:default:r"),
        "{}",
        old[0]
    );
    // A code of version 1 still makes its own board, and prints its own code.
    let r = s.run(&[
        "regen",
        "panic-buy:1-pja:p4-race-b6-12:a4:default:r",
        "--format",
        "json",
        "-o",
        "-",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(
        r.stdout()
            .contains("\"code\": \"panic-buy:1-fyrj8:p4-race-b6-12:a4:default:r\""),
        "{}",
        r.stdout()
    );
}

#[test]
fn player_counts_are_enforced() {
    let s = Scratch::new("pb-bad");
    let cases: &[(&[&str], &str)] = &[
        (
            &["panic-buy", "--seed", "1", "--mode", "hoard", "--players", "5"],
            "hoard mode is for 4 or 6 players",
        ),
        (
            &["panic-buy", "--seed", "1", "--players", "5"],
            "race mode is for 2 to 4 players",
        ),
        (
            &["panic-buy", "--seed", "1", "--mode", "siege"],
            "mode: unknown mode 'siege' (choose from: race, hoard)",
        ),
        (
            &["panic-buy", "--seed", "1", "--board", "poster"],
            "board: unknown board 'poster' (choose from: single, tiled)",
        ),
    ];
    for (args, want) in cases {
        let e = s.run(args).one_error_line(2);
        assert!(e.contains(want), "{args:?}: {e}");
    }
    assert!(s.files().is_empty());
}

/// Regression: `validate panic-buy` refused the array `--count N --format json`
/// writes, and a code naming another game (or none at all) was silently
/// replaced by default settings.
#[test]
fn validate_reads_arrays_and_refuses_foreign_codes() {
    let s = Scratch::new("pb-validate-array");
    let r = s.run(&[
        "panic-buy",
        "--seed",
        "7",
        "--count",
        "5",
        "--format",
        "json",
        "-o",
        "five.json",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let r = s.run(&["validate", "panic-buy", "five.json"]);
    assert_eq!(r.code(), 0, "{}{}", r.stdout(), r.stderr());
    assert!(r.stdout().contains("legal"), "{}", r.stdout());
    let one = String::from_utf8(std::fs::read(s.path("five.json")).unwrap()).unwrap();
    let first: serde_json::Value = serde_json::from_str::<Vec<serde_json::Value>>(&one).unwrap()[0].clone();
    let mut foreign = first.clone();
    foreign["code"] = serde_json::json!("tp-hunt:1-syj:g12-s12-a10-d7-p4:a4:map:7");
    std::fs::write(s.path("foreign.json"), foreign.to_string()).unwrap();
    let line = s.run(&["validate", "panic-buy", "foreign.json"]).one_error_line(2);
    assert!(line.contains("names the game 'tp-hunt'"), "{line}");
    let mut garbage = first;
    garbage["code"] = serde_json::json!("not a code");
    std::fs::write(s.path("garbage.json"), garbage.to_string()).unwrap();
    let line = s.run(&["validate", "panic-buy", "garbage.json"]).one_error_line(2);
    assert!(line.contains("sheet code"), "{line}");
}

#[test]
fn simulate_reports_game_length_and_the_board_sheet_prints_the_same_rating() {
    let s = Scratch::new("pb-simulate");
    let r = s.run(&["panic-buy", "simulate", "--seed", "42", "--players", "3", "--json"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let j: serde_json::Value = serde_json::from_str(&r.stdout()).expect("JSON");
    assert_eq!(j["games"], 300);
    assert_eq!(j["stalled"], 0);
    let median = j["median_rounds"].as_u64().unwrap();
    let p90 = j["p90_rounds"].as_u64().unwrap();
    let first = j["first_player_win_share"].as_f64().unwrap();
    assert!((11..=16).contains(&median), "inside the 3-player band: {median}");
    assert!(p90 >= median && (0.25..=0.42).contains(&first), "{j}");
    // The board sheet prints the same figures, in player words.
    let r = s.run(&["panic-buy", "--seed", "42", "--players", "3", "-o", "b.pdf"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let page = pdf_pages_text(&read(&s, "b.pdf"))[0].replace('\n', " ");
    assert!(page.contains(&format!("about {median} rounds")), "{page}");
    assert!(page.contains(&format!("within {p90} rounds")), "{page}");
    // Text output says the same.
    let r = s.run(&["panic-buy", "simulate", "--seed", "42", "--players", "3"]);
    assert!(
        r.stdout().contains(&format!("rounds: median {median}")),
        "{}",
        r.stdout()
    );
    // Hoard mode with teams.
    let r = s.run(&[
        "panic-buy",
        "simulate",
        "--seed",
        "3",
        "--players",
        "6",
        "--mode",
        "hoard",
        "--games",
        "60",
        "--json",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(r.stdout().contains("\"mode\": \"hoard\""));
}

#[test]
fn length_picks_boards_by_their_rating() {
    let s = Scratch::new("pb-length");
    let median = |length: &str| {
        let r = s.run(&[
            "panic-buy",
            "simulate",
            "--seed",
            "8",
            "--players",
            "4",
            "--length",
            length,
            "--json",
        ]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        let j: serde_json::Value = serde_json::from_str(&r.stdout()).unwrap();
        assert!(j["code"].as_str().unwrap().contains(&format!("-l{length}")));
        j["median_rounds"].as_u64().unwrap()
    };
    let (short, long) = (median("short"), median("long"));
    assert!(short <= 11 && long >= 14, "short {short}, long {long}");
    for (args, says) in [
        (
            vec!["--length", "forever"],
            "length: unknown length 'forever' (choose from: any, short, normal, long)",
        ),
        (vec!["--games", "0"], "games: 0 is out of range"),
        (vec!["--players", "5"], "race mode is for 2 to 4"),
    ] {
        let mut all = vec!["panic-buy", "simulate", "--seed", "1"];
        all.extend(args);
        let r = s.run(&all);
        assert_eq!(r.code(), 2, "{all:?}");
        assert!(r.stderr().contains(says), "{}", r.stderr());
        assert_eq!(r.stderr().lines().count(), 1, "{}", r.stderr());
    }
}

#[test]
fn two_players_get_two_baskets_each_and_every_race_fits_one_components_page() {
    let s = Scratch::new("pb-components");
    // Regression: with 4 players on Letter one row ran onto a second page.
    for paper in ["a4", "letter"] {
        for players in ["2", "3", "4"] {
            let r = s.run(&[
                "panic-buy",
                "--seed",
                "1",
                "--players",
                players,
                "--paper",
                paper,
                "--sheets",
                "components",
                "-o",
                "c.pdf",
            ]);
            assert_eq!(r.code(), 0, "{}", r.stderr());
            assert!(r.stdout().contains("(1 page)"), "{players} players: {}", r.stdout());
        }
    }
    let r = s.run(&[
        "panic-buy",
        "--seed",
        "1",
        "--players",
        "2",
        "--sheets",
        "rules",
        "-o",
        "r.pdf",
    ]);
    assert_eq!(r.code(), 0);
    let rules = pdf_pages_text(&read(&s, "r.pdf")).join(" ").replace('\n', " ");
    assert!(rules.contains("two basket tokens (A and B)"), "{rules}");
    let r = s.run(&[
        "panic-buy",
        "--seed",
        "1",
        "--players",
        "2",
        "--sheets",
        "components",
        "-o",
        "c.pdf",
    ]);
    assert_eq!(r.code(), 0);
    let page = pdf_pages_text(&read(&s, "c.pdf")).join("\n");
    for token in ["P1A", "P1B", "P2A", "P2B"] {
        assert_eq!(page.lines().filter(|l| *l == token).count(), 1, "{token}: {page}");
    }
    assert_eq!(page.matches("Basket A").count(), 2, "{page}");
    assert_eq!(page.matches("Basket B").count(), 2, "{page}");
}

/// The rules sheet says each ruling the engine plays by, in both languages,
/// and where the measured game length differs from the text's own claim
/// (20-30 minutes for a race), it says both and that ours is measured.
#[test]
fn the_rules_sheet_says_sanitiser_is_a_choice_the_stockpile_runs_out_and_how_long_games_take() {
    let s = Scratch::new("pb-rules-text");
    for (lang, phrases) in [
        (
            "en",
            [
                "you may move your own basket 3 squares",
                "all turn long",
                "When the stockpile is empty",
                "move 1 square further than that, if you then end on the Virus or the Dog",
                "The original rules say 20-30 minutes; measured on this board",
            ],
        ),
        (
            "de",
            [
                "Du darfst deinen eigenen Korb 3 Felder",
                "den ganzen Zug lang",
                "Ist der Vorrat leer",
                "zieh stattdessen 1 Feld weiter, als du sonst kämst, wenn du so auf dem Virus oder dem Hund endest",
                "Die Originalregeln sagen 20–30 Minuten; gemessen auf diesem Brett",
            ],
        ),
    ] {
        let r = s.run(&["panic-buy", "--seed", "42", "--lang", lang, "-o", "r.pdf"]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        let text = pdf_pages_text(&read(&s, "r.pdf")).join(" ").replace('\n', " ");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for phrase in phrases {
            assert!(text.contains(phrase), "{lang}: {phrase:?} not in {text}");
        }
    }
}
