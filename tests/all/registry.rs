//! Every game of the registry, driven the same way through the command line:
//! generate, validate, every sheet kind, every output format, regen of the
//! printed code, a settings file, --count and --per-page. A game added to the
//! registry is tested here with no new test code.

use crate::common;
use common::Scratch;
use panicpress::game::Kind;

fn code_of(stdout: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("code: ").or_else(|| l.strip_prefix("Code: ")))
        .map(|c| c.split(" (first of").next().unwrap().to_string())
        .unwrap_or_else(|| panic!("no code printed: {stdout}"))
}

fn pages(path: &std::path::Path) -> usize {
    let bytes = std::fs::read(path).unwrap();
    lopdf::Document::load_mem(&bytes).unwrap().get_pages().len()
}

#[test]
fn every_game_generates_validates_and_regenerates_in_every_format() {
    for game in panicpress::games::all() {
        let name = game.name();
        let s = Scratch::new(&format!("registry-{name}"));
        // PDF, then the code it printed regenerates the same bytes.
        let r = s.run(&[name, "--seed", "7", "-o", "a.pdf"]);
        assert_eq!(r.code(), 0, "{name}: {}", r.stderr());
        assert!(pages(&s.path("a.pdf")) >= 1, "{name}");
        let code = code_of(&r.stdout());
        let again = s.run(&["regen", &code, "-o", "b.pdf"]);
        assert_eq!(again.code(), 0, "{name} regen: {}", again.stderr());
        assert_eq!(
            std::fs::read(s.path("a.pdf")).unwrap(),
            std::fs::read(s.path("b.pdf")).unwrap(),
            "{name}: regen of {code} differs"
        );
        // The layout as JSON passes the game's own rule engine.
        let r = s.run(&[name, "--seed", "7", "--format", "json", "-o", "a.json"]);
        assert_eq!(r.code(), 0, "{name}: {}", r.stderr());
        let v = s.run(&["validate", name, "a.json"]);
        assert_eq!(v.code(), 0, "{name} validate: {}{}", v.stdout(), v.stderr());
        assert!(v.stdout().starts_with("legal: "), "{name}: {}", v.stdout());
        // A terminal preview names the code.
        let t = s.run(&[name, "--seed", "7", "--format", "text"]);
        assert_eq!(t.code(), 0, "{name}: {}", t.stderr());
        assert!(
            t.stdout().contains(&code[..code.rfind(':').unwrap()]),
            "{name}: {}",
            t.stdout()
        );
        // SVG and PNG: one file per page, as many as the PDF has.
        let n = pages(&s.path("a.pdf"));
        for format in ["svg", "png"] {
            let r = s.run(&[name, "--seed", "7", "--format", format, "-o", &format!("p.{format}")]);
            assert_eq!(r.code(), 0, "{name} {format}: {}", r.stderr());
            let files = s
                .files()
                .into_iter()
                .filter(|f| f.ends_with(&format!(".{format}")))
                .count();
            assert_eq!(files, n, "{name}: {format} files");
        }
        // Rules listed.
        let rules = s.run(&["rules", name]);
        assert_eq!(rules.code(), 0, "{name}");
        assert_eq!(rules.stdout().lines().count(), game.rules().len(), "{name}");
    }
}

#[test]
fn every_sheet_kind_of_every_game_prints_or_says_why_not() {
    for game in panicpress::games::all() {
        let name = game.name();
        let s = Scratch::new(&format!("registry-sheets-{name}"));
        let mut printed = 0;
        for kind in game.sheet_kinds() {
            let r = s.run(&[name, "--seed", "3", "--sheets", kind, "-o", "k.pdf"]);
            if r.code() == 0 {
                assert!(pages(&s.path("k.pdf")) >= 1, "{name} {kind}");
                printed += 1;
            } else {
                // A sheet that belongs to another mode or variant is refused in one line.
                let line = r.one_error_line(2);
                assert!(line.contains("sheets:"), "{name} {kind}: {line}");
            }
        }
        assert!(
            printed >= game.sheet_kinds().len() - 1,
            "{name}: most sheets print with defaults"
        );
        let all = s.run(&[name, "--seed", "3", "--sheets", "all", "-o", "all.pdf"]);
        assert_eq!(all.code(), 0, "{name}: {}", all.stderr());
    }
}

#[test]
fn a_settings_file_of_the_defaults_gives_the_default_sheets() {
    for game in panicpress::games::all() {
        let name = game.name();
        let s = Scratch::new(&format!("registry-config-{name}"));
        // Every number and choice written at its default value, plus the common options.
        let mut toml = String::from("seed = \"7\"\npaper = \"a4\"\ncount = 1\n");
        for setting in game.settings() {
            match setting.kind {
                Kind::Number { .. } if setting.default.parse::<i64>().is_ok() => {
                    toml.push_str(&format!("{} = {}\n", setting.name, setting.default));
                }
                Kind::Choice { values } if values.contains(&setting.default) => {
                    toml.push_str(&format!("{} = \"{}\"\n", setting.name, setting.default));
                }
                _ => {}
            }
        }
        std::fs::write(s.path("settings.toml"), &toml).unwrap();
        let a = s.run(&[name, "--config", "settings.toml", "-o", "a.pdf"]);
        assert_eq!(a.code(), 0, "{name} with\n{toml}: {}", a.stderr());
        let b = s.run(&[name, "--seed", "7", "-o", "b.pdf"]);
        assert_eq!(b.code(), 0);
        assert_eq!(
            std::fs::read(s.path("a.pdf")).unwrap(),
            std::fs::read(s.path("b.pdf")).unwrap(),
            "{name}: a file of defaults changed the sheets:\n{toml}"
        );
        // A key the game does not have is named.
        std::fs::write(s.path("bad.toml"), "seed = 1\nstorez = 3\n").unwrap();
        let bad = s.run(&[name, "--config", "bad.toml"]);
        assert!(bad.one_error_line(2).contains("storez"), "{name}");
    }
}

#[test]
fn common_options_behave_the_same_in_every_game() {
    for game in panicpress::games::all() {
        let name = game.name();
        let s = Scratch::new(&format!("registry-common-{name}"));
        // --count: that many layouts, the first the seed's own.
        let r = s.run(&[
            name, "--seed", "7", "--count", "2", "--format", "json", "-o", "two.json",
        ]);
        assert_eq!(r.code(), 0, "{name}: {}", r.stderr());
        let two: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(s.path("two.json")).unwrap()).unwrap();
        assert_eq!(two.as_array().map(Vec::len), Some(2), "{name}");
        let one = s.run(&[name, "--seed", "7", "--format", "json", "-o", "one.json"]);
        assert_eq!(one.code(), 0);
        let one: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(s.path("one.json")).unwrap()).unwrap();
        assert_eq!(two[0], one, "{name}: the first of a run is the seed's own");
        // --paper letter changes the code; bad values get one line.
        let r = s.run(&[name, "--seed", "7", "--paper", "letter", "-o", "l.pdf"]);
        assert!(code_of(&r.stdout()).contains(":letter"), "{name}");
        for bad in [
            vec!["--paper", "a3"],
            vec!["--count", "0"],
            vec!["--sheets", "nothing"],
            vec!["--per-page", "3"],
        ] {
            let mut args = vec![name, "--seed", "7", "-o", "x.pdf"];
            args.extend(bad.iter());
            let line = s.run(&args).one_error_line(2);
            assert!(!s.path("x.pdf").exists(), "{name} {bad:?}: {line}");
        }
        // --per-page 2 puts small sheets two to a page where they can be
        // written in at that size (else whole): fewer pages, never more.
        let full = s.run(&[name, "--seed", "7", "--sheets", "all", "-o", "full.pdf"]);
        assert_eq!(full.code(), 0);
        let two_up = s.run(&[
            name,
            "--seed",
            "7",
            "--sheets",
            "all",
            "--per-page",
            "2",
            "-o",
            "two.pdf",
        ]);
        assert_eq!(two_up.code(), 0, "{name}: {}", two_up.stderr());
        let (a, b) = (pages(&s.path("full.pdf")), pages(&s.path("two.pdf")));
        // One set has one of each small sheet: they share pages across a
        // class pack's students (pack_cli), and never lose content here.
        assert!(b <= a, "{name}: {b} pages two to a page, {a} full size");
        // --lang de everywhere.
        let de = s.run(&[name, "--seed", "7", "--lang", "de", "-o", "de.pdf"]);
        assert_eq!(de.code(), 0, "{name}: {}", de.stderr());
        assert!(code_of(&de.stdout()).contains("-de:"), "{name}");
    }
}

#[test]
fn every_setting_is_shown_in_help_with_its_limits_or_values() {
    for game in panicpress::games::all() {
        let help = Scratch::new("registry-help").run(&[game.name(), "--help"]).stdout();
        assert!(help.contains("Example: panicpress"), "{}", game.name());
        for setting in game.settings() {
            assert!(
                help.contains(&format!("--{}", setting.name)),
                "{} --{}",
                game.name(),
                setting.name
            );
            match setting.kind {
                Kind::Number { min, max } => assert!(help.contains(&format!("[{min} to {max}]"))),
                Kind::Choice { values } | Kind::Names { values } => {
                    assert!(help.contains(&values.join(", ")), "{} {}", game.name(), setting.name)
                }
                Kind::File | Kind::Text | Kind::Flag => {}
            }
        }
        // Every action is a subcommand taking what the action declares.
        for action in game.actions() {
            let help = Scratch::new("registry-action-help")
                .run(&[game.name(), action.name, "--help"])
                .stdout();
            assert!(help.contains(action.example), "{} {}", game.name(), action.name);
            for s in action.takes(*game) {
                let shown = if action.positional == Some(s.name) {
                    format!("<{}>", s.name)
                } else {
                    format!("--{}", s.name)
                };
                assert!(help.contains(&shown), "{} {}: {shown}", game.name(), action.name);
            }
        }
        for common in [
            "--seed",
            "--count",
            "--paper",
            "--lang",
            "--sheets",
            "--config",
            "--format",
            "--output",
            "--per-page",
        ] {
            assert!(help.contains(common), "{} {common}", game.name());
        }
    }
}

/// A game's players setting (a class pack seats its tables by its limits)
/// is one of its own number settings, and its generator version counts
/// from 1.
#[test]
fn every_declaration_names_a_number_setting_for_its_players() {
    for game in panicpress::games::all() {
        let d = game.declaration();
        assert!(d.version >= 1, "{}", d.name);
        if let Some(name) = d.players {
            let setting = game.settings().iter().find(|s| s.name == name);
            assert!(
                setting.is_some_and(|s| matches!(s.kind, Kind::Number { .. })),
                "{}: its players setting {name} is not one of its number settings",
                d.name
            );
        }
    }
}
