//! PPE: The Game from the command line, as a user runs it.

use crate::common;
use common::{Scratch, pdf_pages_text};

fn read(s: &Scratch, name: &str) -> Vec<u8> {
    std::fs::read(s.path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn default_run_writes_nets_scorepad_and_reference() {
    let s = Scratch::new("ppe-default");
    let r = s.run(&["ppe", "--seed", "42", "--players", "5"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert_eq!(
        r.stdout(),
        "wrote output/ppe-42-p5.pdf (3 pages)\ncode: ppe:2-58z6j:p5-t19-quick:a4:default:42\n"
    );
    let pages = pdf_pages_text(&read(&s, "output/ppe-42-p5.pdf"));
    assert!(pages[0].contains("Pandemic Blocks") && pages[0].contains("Long-\nNosed Man") && pages[0].contains("glue"));
    assert_eq!(pages[0].lines().filter(|l| *l == "Virus").count(), 3);
    // The quick game's pad and card share a page: no stop rule, whammies.
    assert!(pages[1].contains("Score Pad") && pages[1].contains("Player 5") && pages[1].contains("19 points"));
    assert!(pages[1].contains("Reference Card") && pages[1].contains("34,286") && pages[1].contains("Triple Whammy"));
    assert!(!pages[1].contains("When to stop"));
    // The rules sheet: who starts, the turn, the end, variants and an example.
    let pages = &pages[1..];
    for want in [
        "PPE: The Game – Rules",
        "The oldest player rolls first",
        "co-winners",
        "Variants",
        "Example",
    ] {
        assert!(pages[1].contains(want), "{want}: {}", pages[1]);
    }
}

#[test]
fn score_prints_one_roll() {
    let s = Scratch::new("ppe-score");
    let r = s.run(&["ppe", "score", "virus,vaccine,mask,gloves,heroes,mask"]);
    assert_eq!(r.code(), 0);
    assert!(r.stdout().starts_with("points: 4\noutcome: scores\n"), "{}", r.stdout());
    // In German, from the same catalogue as the web page, on the German dice's names.
    let r = s.run(&[
        "ppe",
        "score",
        "Virus,Impfstoff,Maske,Handschuhe,Helden,Maske",
        "--lang",
        "de",
    ]);
    assert!(r.stdout().starts_with("Punkte: 4\nErgebnis: zählt\n"), "{}", r.stdout());
    let r = s.run(&["ppe", "score", "Virus,Nase,Maske", "--lang", "de"]);
    assert!(
        r.stderr()
            .contains("unbekannte Würfelseite 'Nase' (Seiten: Virus, Langnase, Impfstoff"),
        "{}",
        r.stderr()
    );
    let r = s.run(&["ppe", "score", "virus,virus,mask,gloves,heroes,mask", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout()).unwrap();
    assert_eq!(v["outcome"], "double_whammy");
    assert_eq!(v["points"], 0);
    assert_eq!(v["lose_next_turn"], true);
    assert_eq!(v["lose_game_total"], true);
    assert_eq!(v["out"], false);
}

#[test]
fn odds_json_sums_to_all_rolls() {
    let s = Scratch::new("ppe-odds");
    let r = s.run(&["ppe", "odds", "--seed", "42", "--json"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let v: serde_json::Value = serde_json::from_str(&r.stdout()).unwrap();
    assert_eq!(v["total"], 46656);
    let sum: u64 = v["outcomes"]
        .as_object()
        .unwrap()
        .values()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(sum, 46656);
    assert!(v["expected_points"].as_f64().unwrap() > 3.0);
    for name in ["ok", "turn_over", "whammy", "double_whammy", "triple_whammy"] {
        assert!(v["outcomes"].get(name).is_some(), "{name}");
    }
}

#[test]
fn faces_file_changes_the_dice_and_target_adds_rows() {
    let s = Scratch::new("ppe-faces");
    std::fs::write(s.path("faces.toml"), "[faces]\nmask = 6\nsocial_distancing = 4\n").unwrap();
    let r = s.run(&[
        "ppe",
        "--seed",
        "1",
        "--faces",
        "faces.toml",
        "--format",
        "json",
        "-o",
        "-",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let v: serde_json::Value = serde_json::from_str(&r.stdout()).unwrap();
    let dice = v["dice"].as_array().unwrap();
    assert_eq!(dice.len(), 6);
    assert!(
        dice.iter()
            .all(|d| d.as_array().unwrap().contains(&serde_json::json!("mask")))
    );
    assert!(v["code"].as_str().unwrap().contains("-f3.1.3.3.4.4.6.4.4.4"));
    let r = s.run(&[
        "ppe", "--seed", "1", "--mode", "long", "--sheets", "scorepad", "-o", "p.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(
        pdf_pages_text(&read(&s, "p.pdf")).len() >= 2,
        "190 points need more rows"
    );
}

#[test]
fn same_bytes_and_regen() {
    let s = Scratch::new("ppe-repro");
    assert_eq!(s.run(&["ppe", "--seed", "z", "-o", "a.pdf"]).code(), 0);
    assert_eq!(
        s.run(&["regen", "ppe:2-t1a:p4-t19-quick:a4:default:z", "-o", "b.pdf"])
            .code(),
        0
    );
    assert_eq!(read(&s, "a.pdf"), read(&s, "b.pdf"));
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let s = Scratch::new("ppe-bad");
    std::fs::write(s.path("seven.toml"), "mask = 7\ngloves = 2\n").unwrap();
    std::fs::write(s.path("short.toml"), "mask = 4\n").unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["ppe", "score", "virus,mask,mask,gloves,heroes,tp"],
            "unknown face 'tp'",
        ),
        (&["ppe", "score", "virus,mask,mask,gloves,heroes"], "5 faces given"),
        (
            &["ppe", "--seed", "1", "--faces", "seven.toml"],
            "mask 7 times cannot go on six dice",
        ),
        (&["ppe", "--seed", "1", "--faces", "short.toml"], "add up to 35"),
        (&["ppe", "--seed", "1", "--players", "0"], "players: 0 is out of range"),
        (&["ppe", "--seed", "1", "--target", "0"], "target: 0 is out of range"),
        (
            &["ppe", "--seed", "42", "--target", "190"],
            "target: 190 is too far for the quick game: a whammy costs the whole game total, and only 2% of players ever reach it with these dice (at least half must); for a longer game choose the long mode, where a target of 190 is fine",
        ),
        (&["ppe", "--seed", "1", "--mode", "fast"], "mode"),
        (
            &["ppe", "--seed", "1", "--variant", "whammies"],
            "whammies is a variant of the long game",
        ),
    ];
    // A quick target past 19 that most players reach is taken, and the
    // score pad prints the share that reaches it.
    let r = s.run(&["ppe", "--seed", "42", "--target", "25", "-o", "q.pdf"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let pad = pdf_pages_text(&std::fs::read(s.path("q.pdf")).unwrap())
        .join(" ")
        .replace('\n', " ");
    assert!(
        pad.contains("chance of reaching 25 before a Triple Whammy puts them out"),
        "{pad}"
    );
    // The reference card says how a roll with both bad faces unbeaten counts.
    let card = pad.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        card.contains("Long-Nosed Man and a Virus both unbeaten is a whammy"),
        "{card}"
    );
    std::fs::remove_file(s.path("q.pdf")).unwrap();
    for (args, want) in cases {
        let e = s.run(args).one_error_line(2);
        assert!(e.contains(want), "{args:?}: {e}");
    }
    let mut files = s.files();
    files.retain(|f| !f.ends_with(".toml"));
    assert!(files.is_empty(), "{files:?}");
}

/// The long game: push your luck to 190, a card with the stop rule and what
/// a turn is worth, rules in full; an old code without a mode still makes
/// its dice and prints the quick game.
#[test]
fn the_long_game_prints_its_stop_rule_and_old_codes_still_regenerate() {
    let s = Scratch::new("ppe-long");
    let r = s.run(&["ppe", "--seed", "42", "--players", "6", "--mode", "long", "-o", "l.pdf"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(
        r.stdout().contains("code: ppe:2-hbacd:p6-t190-long:a4:default:42"),
        "{}",
        r.stdout()
    );
    let text = pdf_pages_text(&read(&s, "l.pdf")).join("\n");
    for want in [
        "When to stop",
        "a turn is worth 4.86 points on average, a single roll 3.49",
        "best possible play is worth 4.86",
        "A bust",
        "Your turn",
    ] {
        assert!(text.contains(want), "{want}");
    }
    assert!(!text.contains("Triple Whammy"));
    for old in ["ppe:2:p6-t190:a4-de:default:42", "ppe:1:p4-t19:a4:default:42"] {
        let r = s.run(&["regen", old, "--format", "json", "-o", "-"]);
        assert_eq!(r.code(), 0, "{old}: {}", r.stderr());
        let r = s.run(&["regen", old, "-o", "o.pdf"]);
        assert_eq!(r.code(), 0, "{old}: {}", r.stderr());
    }
    let r = s.run(&[
        "ppe",
        "--seed",
        "42",
        "--mode",
        "long",
        "--variant",
        "whammies",
        "-o",
        "w.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(r.stdout().contains("p4-t19-long-whammies"), "{}", r.stdout());
}
