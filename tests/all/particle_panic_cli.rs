//! Particle Panic from the command line, as a user runs it.

use crate::common;
use common::{Scratch, pdf_pages_text};

fn read(s: &Scratch, name: &str) -> Vec<u8> {
    std::fs::read(s.path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn default_run_writes_record_board_and_rules_and_lists_the_stacks_once() {
    let s = Scratch::new("pp-default");
    let r = s.run(&["particle-panic", "--seed", "42", "--players", "2"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    // The default level, normal, and its switches (rao: per-round,
    // collect-as-action, a stack once a round)
    // are in the code.
    assert_eq!(
        r.stdout(),
        "wrote output/particle-panic-42.pdf (4 pages)\ncode: particle-panic:4-dqfer:p2-c4-n2000-normal-rao:a4:default:42\n"
    );
    let pages = pdf_pages_text(&read(&s, "output/particle-panic-42.pdf"));
    assert_eq!(pages.len(), 4);
    let record = pages[0].replace('\n', " ");
    assert!(pages[0].contains("Deal Record"));
    // The level, what strong play wins at it, the deal's rating and the
    // house rule in player words; no default sheet says near-unwinnable.
    for want in [
        "Level normal: a strong player (who tries each choice out before choosing) wins about 47% of games, a steady player (who follows simple rules of thumb) about 24%",
        "This deal: the steady player wins",
        "of 2,000 games",
        "deal for this level (the middle half of this level's deals give the steady player",
        "Of its 2,000 games, the steady player lost",
        "This game uses three house rules: particles emerge once per round",
    ] {
        assert!(record.contains(want), "{want}: {record}");
    }
    assert!(pages.iter().all(|p| !p.to_lowercase().contains("near-unwinnable")));
    assert!(
        pages[0].contains("2 ♥ hearts") && pages[0].contains("A ♠ spades"),
        "suit symbols and words"
    );
    // Playing without cards: the board and the record point to the slips on page 3.
    assert!(pages[1].contains("Pencil Board") && pages[1].contains("Space 6") && pages[1].contains("♣ clubs"));
    assert!(
        pages[1].replace('\n', " ").contains("the stacks are on the next page"),
        "{}",
        pages[1]
    );
    assert!(record.contains("slips to cut out on page 3"), "{record}");
    // At 3 and 4 players the deal's band says how far a stronger player agreed, in words.
    let r = s.run(&[
        "particle-panic",
        "--seed",
        "42",
        "--players",
        "4",
        "--sheets",
        "record",
        "-o",
        "four.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let four = pdf_pages_text(&read(&s, "four.pdf"))[0].replace('\n', " ");
    assert!(
        four.contains("A rough guide only: a stronger player would have put"),
        "{four}"
    );
    assert!(
        four.contains("new deals in another of these groups (easy, middling, hard)"),
        "{four}"
    );
    assert!(
        pages[2].contains("Stacks to Cut Out") && pages[2].contains("Stack 6 · 1"),
        "{}",
        pages[2]
    );
    let rules = pages[3].replace('\n', " ");
    assert!(rules.contains("Turn and Rules Card") && rules.contains("two basic and two special actions"));
    assert!(
        rules.contains("Goal, level normal") && rules.contains("a stack gives cards once a round at most"),
        "{rules}"
    );
    assert!(pages[0].contains("Sheet code: particle-panic:4-"));

    // A version 3 code, printed before levels, makes the same deal at the
    // level it was printed at (as written), in today's design.
    let r = s.run(&["regen", "particle-panic:3-509:p2-c4-n2000:a4:record:42", "-o", "v3.pdf"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let v3 = pdf_pages_text(&read(&s, "v3.pdf"));
    let v3_record = v3[0].replace('\n', " ");
    assert!(
        v3_record.contains("Level as written") && !v3_record.contains("house rule:"),
        "{v3_record}"
    );
    assert!(
        v3[0].contains("particle-panic:3-q88qa:p2-c4-n2000:a4:record:42"),
        "{}",
        v3[0]
    );
    let stacks =
        |page: &str| page[page.find("Hands (three cards each)").unwrap()..page.find("To lay out").unwrap()].to_string();
    assert_eq!(stacks(&v3[0]), stacks(&pages[0]), "the same deal");
}

#[test]
fn same_seed_same_bytes() {
    let s = Scratch::new("pp-repro");
    for f in ["a.pdf", "b.pdf"] {
        assert_eq!(
            s.run(&["particle-panic", "--seed", "x", "--players", "3", "-o", f])
                .code(),
            0
        );
    }
    assert_eq!(read(&s, "a.pdf"), read(&s, "b.pdf"));
}

#[test]
fn choices_are_read_whatever_their_case() {
    // `--level Easy --variant Five-Codes --lang DE` is the same set as in lower case.
    let s = Scratch::new("pp-case");
    let upper = s.run(&[
        "particle-panic",
        "--seed",
        "7",
        "--level",
        "Easy",
        "--variant",
        "Five-Codes",
        "--lang",
        "DE",
        "-o",
        "a.pdf",
    ]);
    let lower = s.run(&[
        "particle-panic",
        "--seed",
        "7",
        "--level",
        "easy",
        "--variant",
        "five-codes",
        "--lang",
        "de",
        "-o",
        "b.pdf",
    ]);
    assert_eq!(upper.code(), 0, "{}", upper.stderr());
    assert!(upper.stdout().contains("-easy-"), "{}", upper.stdout());
    assert_eq!(upper.stdout().replace("a.pdf", "b.pdf"), lower.stdout());
    assert_eq!(read(&s, "a.pdf"), read(&s, "b.pdf"));
}

#[test]
fn json_has_the_documented_fields_and_validates() {
    let s = Scratch::new("pp-json");
    let r = s.run(&[
        "particle-panic",
        "--seed",
        "9",
        "--players",
        "3",
        "--simulations",
        "500",
        "--format",
        "json",
        "-o",
        "d.json",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let v: serde_json::Value = serde_json::from_slice(&read(&s, "d.json")).unwrap();
    assert_eq!(v["seed"], "9");
    assert_eq!(v["code"], "particle-panic:4-h7g42:p3-c4-n500-normal-r5:a4:default:9");
    assert_eq!(v["rating"]["level"], "normal");
    assert_eq!(v["rating"]["rules"], "per-round+hand-limit-5");
    assert_eq!(v["players"], 3);
    assert_eq!(v["hands"].as_array().unwrap().len(), 3);
    assert_eq!(v["hands"][0].as_array().unwrap().len(), 3);
    assert_eq!(v["stacks"].as_array().unwrap().len(), 6);
    assert_eq!(v["rating"]["games"], 500);
    assert!(v["rating"]["win_rate"].as_f64().unwrap() >= 0.0);
    let r = s.run(&["validate", "particle-panic", "d.json"]);
    assert_eq!(r.code(), 0, "{}", r.stdout());

    // A third copy of a card (in place of another) breaks the deck rule: exit 1.
    let mut bad = v.clone();
    let extra = bad["stacks"][1][0].clone();
    bad["stacks"][0][0] = extra.clone();
    std::fs::write(s.path("bad.json"), bad.to_string()).unwrap();
    let r = s.run(&["validate", "particle-panic", "bad.json"]);
    assert_eq!(r.code(), 1);
    assert!(
        r.stdout()
            .contains(&format!("deck: {} appears 3 times", extra.as_str().unwrap())),
        "{}",
        r.stdout()
    );
    assert!(r.stdout().contains("(missing)"), "{}", r.stdout());

    // A card that is not a card is malformed input: exit 2.
    let mut junk = v.clone();
    junk["hands"][0][0] = serde_json::json!("1Z");
    std::fs::write(s.path("junk.json"), junk.to_string()).unwrap();
    let e = s.run(&["validate", "particle-panic", "junk.json"]).one_error_line(2);
    assert!(e.contains("card '1Z'"), "{e}");
}

#[test]
fn difficulty_is_refused_where_nothing_wins_and_regen_reads_old_codes() {
    let s = Scratch::new("pp-diff");
    // As written nothing wins with 3 players: no bands, said at once.
    let line = s
        .run(&[
            "particle-panic",
            "--seed",
            "class",
            "--players",
            "3",
            "--level",
            "as-written",
            "--difficulty",
            "hard",
            "-o",
            "h.pdf",
        ])
        .one_error_line(2);
    assert!(line.contains("near-unwinnable"), "{line}");
    assert!(line.contains("at level normal strong play wins about 48%"), "{line}");
    assert!(s.files().is_empty());
    // At the default level a hard deal is found, its seed in the code, and
    // its record says it is hard for its level.
    let r = s.run(&[
        "particle-panic",
        "--seed",
        "class",
        "--difficulty",
        "hard",
        "--sheets",
        "record",
        "-o",
        "h.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(r.stdout().contains("-normal-rao:a4:record:class"), "{}", r.stdout());
    let record = pdf_pages_text(&read(&s, "h.pdf"))[0].replace('\n', " ");
    assert!(record.contains("a hard deal for this level"), "{record}");
    // A code printed by version 1 makes the same deal, rated anew.
    let r = s.run(&[
        "regen",
        "particle-panic:1-ddf:p2-c4-n200:a4:record:class",
        "--format",
        "json",
        "-o",
        "old.json",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let r = s.run(&[
        "particle-panic",
        "--seed",
        "class",
        "--simulations",
        "200",
        "--format",
        "json",
        "-o",
        "new.json",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let deal = |f: &str| {
        let v: serde_json::Value = serde_json::from_slice(&read(&s, f)).unwrap();
        (v["hands"].clone(), v["stacks"].clone())
    };
    assert_eq!(deal("old.json"), deal("new.json"));
}

#[test]
fn simulate_takes_a_policy_and_a_range_of_deals() {
    let s = Scratch::new("pp-policy");
    let r = s.run(&[
        "particle-panic",
        "simulate",
        "--deals",
        "0..2",
        "--players",
        "2",
        "--games",
        "50",
        "--policy",
        "search",
        "--rollouts",
        "2",
        "--json",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    // One object per deal, in a list.
    let lines: Vec<serde_json::Value> = serde_json::from_str(&r.stdout()).unwrap();
    assert_eq!(lines.len(), 3);
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["seed"], i.to_string());
        assert_eq!(l["games"], 50);
        assert_eq!(l["policy"], "search");
        // Bands are the rating policy's: a search player's games get none.
        assert!(l["difficulty"].is_null());
        assert!(l["win_rate"].as_f64().unwrap() <= 1.0);
        assert!(l["wins"].is_u64());
    }
    let line = s
        .run(&["particle-panic", "simulate", "--deals", "5..1"])
        .one_error_line(2);
    assert!(line.contains("deals"), "{line}");
}

#[test]
fn simulate_prints_win_rate_and_loss_causes() {
    let s = Scratch::new("pp-sim");
    let r = s.run(&["particle-panic", "simulate", "--seed", "42", "--games", "3000"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let out = r.stdout();
    for key in [
        "games: 3000",
        "won:",
        "lost, board full:",
        "lost, hand limit 0:",
        "lost, empty stack:",
        // The level and its switches, and the deal's band within the level.
        "level normal (per-round+collect-as-action+one-a-round)",
        "difficulty: hard",
    ] {
        assert!(out.contains(key), "{out}");
    }
    let r = s.run(&[
        "particle-panic",
        "simulate",
        "--seed",
        "42",
        "--games",
        "3000",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout()).unwrap();
    assert_eq!(v["difficulty"], "hard");
    assert_eq!(v["level"], "normal");
    // The whole board is played: wins from one stack, collections elsewhere.
    assert!(v["one_stack_wins"].as_u64().unwrap() <= v["wins"].as_u64().unwrap());
    assert!(v["off_start_collections_per_game"].as_f64().unwrap() > 1.0);
    // As written: near-unwinnable, and the level that can be won is named.
    let r = s.run(&[
        "particle-panic",
        "simulate",
        "--seed",
        "42",
        "--games",
        "3000",
        "--players",
        "3",
        "--level",
        "as-written",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(r.stdout().contains("difficulty: near-unwinnable"), "{}", r.stdout());
    assert!(
        r.stdout().contains("at level normal strong play wins about 48%"),
        "{}",
        r.stdout()
    );
    let total = v["wins"].as_u64().unwrap()
        + ["no_room", "hand_limit_zero", "empty_stack", "turn_limit"]
            .iter()
            .map(|k| v["losses"][k].as_u64().unwrap())
            .sum::<u64>();
    assert_eq!(total, 3000);
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let s = Scratch::new("pp-bad");
    let cases: &[(&[&str], &str)] = &[
        (
            &["particle-panic", "--seed", "1", "--players", "0"],
            "players: 0 is out of range",
        ),
        (
            &["particle-panic", "--seed", "1", "--players", "5"],
            "players: 5 is out of range",
        ),
        (
            &["particle-panic", "--seed", "1", "--variant", "six"],
            "variant: unknown variant 'six' (choose from: standard, five-codes, collect-as-action)",
        ),
        (
            &["particle-panic", "--seed", "1", "--difficulty", "brutal"],
            "difficulty: unknown difficulty 'brutal' (choose from: easy, normal, hard)",
        ),
        (
            &["particle-panic", "--seed", "1", "--level", "esay"],
            "(choose from: easy, normal, hard, as-written); did you mean 'easy'?",
        ),
        (
            &["particle-panic", "--seed", "1", "--sheet", "record"],
            "unexpected argument '--sheet' found; did you mean '--sheets'?",
        ),
        (
            &["particle-panic", "--lang", "de", "--seed", "1", "--level", "esay"],
            "level: unbekannter Wert 'esay' für level (zur Wahl: easy, normal, hard, as-written); meint ihr 'easy'?",
        ),
        (
            &["particle-panic", "--seed", "1", "--simulations", "0"],
            "simulations: 0 is out of range",
        ),
        (
            &["particle-panic", "--seed", "1", "--sheets", "poster"],
            "unknown sheet 'poster'",
        ),
        (
            &["particle-panic", "simulate", "--seed", "1", "--games", "0"],
            "games: 0 is out of range",
        ),
    ];
    for (args, want) in cases {
        let e = s.run(args).one_error_line(2);
        assert!(e.contains(want), "{args:?}: {e}");
    }
    assert!(s.files().is_empty(), "{:?}", s.files());
}

#[test]
fn five_codes_prints_its_star_cards_and_the_rules_say_what_they_do() {
    let s = Scratch::new("pp-stars");
    // Each page of cards is followed by their backs.
    for (paper, pages) in [("a4", 6), ("letter", 10)] {
        let r = s.run(&[
            "particle-panic",
            "--seed",
            "3",
            "--variant",
            "five-codes",
            "--paper",
            paper,
            "--sheets",
            "stars",
            "-o",
            "s.pdf",
        ]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        assert!(
            r.stdout().contains(&format!("({pages} pages)")),
            "{paper}: {}",
            r.stdout()
        );
        let text = common::pdf_pages_text(&std::fs::read(s.path("s.pdf")).unwrap()).join("\n");
        // 26 cards: A to K twice, each with its rank in two corners.
        assert_eq!(text.matches("enter the fifth code").count(), 26, "{paper}");
    }
    let rules = |variant: &str| {
        let r = s.run(&[
            "particle-panic",
            "--seed",
            "3",
            "--variant",
            variant,
            "--sheets",
            "rules",
            "-o",
            "r.pdf",
        ]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        pdf_pages_text(&read(&s, "r.pdf")).join(" ").replace('\n', " ")
    };
    // The record names the level played, and says its figure is for four codes.
    let r = s.run(&[
        "particle-panic",
        "--seed",
        "7",
        "--players",
        "4",
        "--variant",
        "five-codes",
        "--sheets",
        "record",
        "-o",
        "rec.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let record = pdf_pages_text(&read(&s, "rec.pdf"))[0].replace('\n', " ");
    // Five codes have levels of their own, with both players' figures.
    assert!(record.contains("Level normal, five codes: a strong player"), "{record}");
    assert!(record.contains("a steady player"), "{record}");
    let five = rules("five-codes");
    assert!(!five.contains("the fifth code makes every level much harder"), "{five}");
    assert!(five.contains("A ★ card has no power"), "{five}");
    // The 2-player normal level with five codes: per-round, hand limit 7.
    assert!(five.contains("particles emerge once per round"), "{five}");
    assert!(five.contains("a spade moves any one particle"), "{five}");
    let literal = rules("collect-as-action");
    assert!(literal.contains("Collecting counts as a basic action"), "{literal}");
    // Without the variant there is nothing to print: said, not an empty file.
    let r = s.run(&["particle-panic", "--seed", "3", "--sheets", "stars", "-o", "none.pdf"]);
    assert_eq!(r.code(), 2);
    assert!(r.stderr().contains("five-codes"), "{}", r.stderr());
    assert!(!s.path("none.pdf").exists());
}

/// A code printed before the levels were measured again keeps its game
/// (level normal with collect-as-action and hand limit 7) and its record
/// does not claim the figure measured for the level's switches of today.
#[test]
fn a_code_from_an_earlier_calibration_keeps_its_switches() {
    let s = Scratch::new("pp-earlier-level");
    let r = s.run(&[
        "regen",
        "particle-panic:4-1cc:p2-c4-n2000-normal-a7:a4:default:42",
        "-o",
        "f.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pages = pdf_pages_text(&read(&s, "f.pdf"));
    let record = pages[0].replace('\n', " ");
    assert!(record.contains("Level normal. This deal:"), "{record}");
    assert!(!record.contains("strong play"), "{record}");
    assert!(
        record.contains("This game uses two house rules: collecting cards is a basic action"),
        "{record}"
    );
    let rules = pages[3].replace('\n', " ");
    assert!(rules.contains("Collecting counts as a basic action"), "{rules}");
}

/// A way of losing that nearly every game took is not printed as "100%"
/// beside the games won: 1,992 of 2,000 is 99.6%.
#[test]
fn a_loss_share_near_all_the_games_keeps_a_tenth() {
    let s = Scratch::new("pp-loss-share");
    let r = s.run(&[
        "particle-panic",
        "--seed",
        "Wintergarten",
        "--players",
        "4",
        "--level",
        "hard",
        "--lang",
        "de",
        "--sheets",
        "record",
        "-o",
        "r.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let record = pdf_pages_text(&read(&s, "r.pdf"))[0].replace('\n', " ");
    assert!(record.contains("verlor der solide Spieler 1.992 (99,6"), "{record}");
}
