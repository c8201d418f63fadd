//! The sheet standards, checked on the page model of every game of the
//! registry, every sheet, both papers and both languages: text at least 7 pt (6 pt for the footer
//! code), no line of text over another, none wider than its page, nothing
//! within 10 mm of the edge. These replace looking for some defects, not
//! looking.

use crate::common;
use panicpress::games::request::GameRequest;
use panicpress::seed::SheetCode;
use panicpress::sheet::{Document, Item, Style};
use panicpress::text::Texts;

/// Every sample of every game of the registry (its declaration's
/// `samples`: between them every sheet kind, in the game's newest generator
/// version) in both languages and on both papers, as a request with its
/// texts; `check` returns what it finds broken, each tagged with where.
/// Earlier versions' codes print their sheets in the current design
/// (tests/all/code_corpus.rs).
fn problems(check: &mut dyn FnMut(&str, &Texts, &GameRequest) -> Vec<String>) -> Vec<String> {
    let mut broken = Vec::new();
    for lang in ["en", "de"] {
        let texts = panicpress::games::texts(lang, None).unwrap();
        for paper in ["a4", "letter"] {
            for request in common::sample_requests(paper) {
                let code = request.code().unwrap();
                for problem in check(&code, &texts, &request) {
                    broken.push(format!("{code} ({lang}) {problem}"));
                }
            }
        }
    }
    broken
}

/// Every sheet kind of every game is in a sample.
#[test]
fn the_samples_print_every_sheet_kind_of_every_game() {
    let requests = common::sample_requests("a4");
    for game in panicpress::games::all() {
        for kind in game.sheet_kinds() {
            assert!(
                requests
                    .iter()
                    .any(|r| r.game() == game.name() && r.sheet_names().contains(&kind)),
                "{}: no sample prints {kind}",
                game.name()
            );
        }
    }
}

/// Each page's broken standards, tagged with the page number.
fn page_problems(doc: &Document, tag: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, page) in doc.pages.iter().enumerate() {
        for problem in page.standards_broken() {
            out.push(format!("{tag}page {}: {problem}", i + 1));
        }
    }
    out
}

#[test]
fn every_page_of_every_game_meets_the_sheet_standards() {
    let broken = problems(&mut |code, texts, request| {
        let doc = Document::collect(|emit| request.pages(texts, emit)).unwrap();
        doc.assert_inside_margins(code);
        page_problems(&doc, "")
    });
    assert!(broken.is_empty(), "{} problems:\n{}", broken.len(), broken.join("\n"));
}

/// Small sheets two and four to a page: each laid out for its share of the
/// sheet and placed at full size, or printed whole where it would break the
/// standards at that size; never a whole page shrunk.
#[test]
fn small_sheets_several_to_a_page_meet_the_sheet_standards() {
    let mut shared = 0;
    let broken = problems(&mut |code, texts, request| {
        let mut out = Vec::new();
        for per_page in [2, 4] {
            let doc =
                Document::collect(|emit| request.pages_imposed(texts, per_page, Some("Zoë O'Brien"), emit)).unwrap();
            for page in &doc.pages {
                for item in &page.items {
                    if let Item::Placed { scale, .. } = item {
                        assert_eq!(*scale, 1.0, "{code} x{per_page}: a page shrunk");
                        shared += 1;
                    }
                }
            }
            out.extend(page_problems(&doc, &format!("x{per_page} ")));
        }
        out
    });
    assert!(broken.is_empty(), "{} problems:\n{}", broken.len(), broken.join("\n"));
    assert!(shared > 20, "only {shared} small pages shared a sheet");
}

/// Large print: every sheet its game lays out for it (its declaration's
/// `large_print_sheets`) has no text
/// under 14 pt and no box to write in under 12 mm, besides the standards
/// every sheet meets, in both languages and on both papers.
#[test]
fn large_print_sheets_meet_the_large_print_standards() {
    let broken = problems(&mut |_, texts, request| {
        let game = panicpress::games::find(request.game()).unwrap();
        let done = game.declaration().large_print_sheets;
        let mut out = Vec::new();
        for sheet in request.sheet_names().into_iter().filter(|s| done.contains(s)) {
            let one = request.with_sheets(sheet).unwrap().with_style(Style::Large);
            let doc = Document::collect(|emit| one.pages_imposed(texts, 1, None, emit)).unwrap();
            out.extend(page_problems(&doc, &format!("large print {sheet} ")));
            out.extend(large_print_problems(&doc, &format!("large print {sheet} ")));
        }
        out
    });
    assert!(broken.is_empty(), "{} problems:\n{}", broken.len(), broken.join("\n"));
}

/// Large print changes how a game is printed, never the game: the same
/// code and the same layout.
#[test]
fn large_print_keeps_the_code_and_the_layout() {
    problems(&mut |code, _, request| {
        let large = request.with_style(Style::Large);
        assert_eq!(large.code().unwrap(), request.code().unwrap(), "{code}");
        assert_eq!(large.json().unwrap(), request.json().unwrap(), "{code}");
        Vec::new()
    });
}

/// Text under 14 pt and boxes to write in under 12 mm, on every page.
fn large_print_problems(doc: &Document, tag: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, page) in doc.pages.iter().enumerate() {
        for b in page.text_boxes() {
            if b.size_pt < 14.0 - 0.05 && !b.text.trim().is_empty() {
                out.push(format!("{tag}page {}: {:?} at {:.1} pt", i + 1, b.text, b.size_pt));
            }
        }
        for (x, y, _, h) in page.writing_cells() {
            if h < 12.0 - 0.05 {
                out.push(format!(
                    "{tag}page {}: a box at ({x:.0}, {y:.0}) is {h:.1} mm tall",
                    i + 1
                ));
            }
        }
    }
    out
}

/// Every page's code names its language, shared or magnified pages too, so
/// that the code reprints the sheet in the words it was printed in.
#[test]
fn every_german_page_carries_a_german_code() {
    let texts = panicpress::games::texts("de", None).unwrap();
    for request in common::sample_requests("a4") {
        let code = request.code().unwrap();
        for (style, per_page) in [(Style::Standard, 1), (Style::Standard, 2), (Style::Large, 1)] {
            let one = request.with_style(style);
            let doc = Document::collect(|emit| one.pages_imposed(&texts, per_page, None, emit)).unwrap();
            for (i, page) in doc.pages.iter().enumerate() {
                // The code line may wrap after its label: read on from it.
                let text: Vec<String> = page.text_boxes().into_iter().map(|b| b.text).collect();
                let at = text.iter().position(|t| t.contains("Blattcode"));
                let at = at.unwrap_or_else(|| panic!("{code} {style:?} x{per_page} page {}: no code", i + 1));
                let line = text[at..(at + 2).min(text.len())].join(" ");
                assert!(
                    line.contains("-de:"),
                    "{code} {style:?} x{per_page} page {}: {line}",
                    i + 1
                );
            }
        }
    }
}

/// Particle Panic's rules card stays one page however long its words run:
/// every player count, level, deck and collecting rule, on both papers, in
/// both languages (German runs longest, on Letter's shorter page).
#[test]
fn particle_panic_rules_fit_one_page_at_every_setting() {
    use panicpress::games::particle_panic::{Level, Params, VERSION};
    let mut long = Vec::new();
    for lang in ["en", "de"] {
        let texts = panicpress::games::texts(lang, None).unwrap();
        for paper in ["a4", "letter"] {
            for players in 1..=4 {
                for level in Level::ALL {
                    for (five_codes, collect_as_action) in [(false, false), (true, false), (false, true), (true, true)]
                    {
                        let params = Params {
                            collect_as_action,
                            ..Params::at_level_deck(players, five_codes, level)
                        };
                        let code = format!("particle-panic:{VERSION}:{}:{paper}:rules:1", params.code());
                        let request = GameRequest::from_code(&SheetCode::parse(&code).unwrap()).unwrap();
                        let doc = Document::collect(|emit| request.pages(&texts, emit)).unwrap();
                        if doc.pages.len() != 1 {
                            long.push(format!("{code} ({lang}): {} pages", doc.pages.len()));
                        }
                    }
                }
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}
