//! Every PDF is tagged for a screen reader (PDF/UA-1): a structure tree in
//! reading order, every piece of page content inside an element or marked as
//! decoration, the document's language and title, figures described in words.
//! The structure is read back here as a screen reader would meet it.

use crate::common;
use common::Scratch;
use lopdf::{Dictionary, Document, Object};

/// One element of the structure tree as read back: its role, its words
/// (alternative text, language) and its children; `mcids` counts the
/// marked contents it holds directly.
#[derive(Debug)]
struct Element {
    role: String,
    alt: Option<String>,
    lang: Option<String>,
    scope: Option<String>,
    mcids: usize,
    kids: Vec<Element>,
}

impl Element {
    fn all(&self) -> Vec<&Element> {
        let mut out = vec![self];
        for kid in &self.kids {
            out.extend(kid.all());
        }
        out
    }
}

fn text(o: &Object) -> String {
    match o {
        Object::String(bytes, _) if bytes.starts_with(&[0xFE, 0xFF]) => {
            let units: Vec<u16> = bytes[2..].chunks(2).map(|c| u16::from_be_bytes([c[0], c[1]])).collect();
            String::from_utf16_lossy(&units)
        }
        Object::String(bytes, _) => String::from_utf8_lossy(bytes).into_owned(),
        other => panic!("not a string: {other:?}"),
    }
}

fn resolve<'a>(doc: &'a Document, o: &'a Object) -> &'a Object {
    match o {
        Object::Reference(id) => doc.get_object(*id).expect("reference resolves"),
        other => other,
    }
}

fn element(doc: &Document, dict: &Dictionary) -> Element {
    let name = |key: &[u8]| dict.get(key).ok().map(|o| resolve(doc, o));
    let role = String::from_utf8_lossy(name(b"S").unwrap().as_name().unwrap()).into_owned();
    let scope = name(b"A").and_then(|a| {
        let a = a.as_array().ok()?.first()?;
        let scope = resolve(doc, a).as_dict().ok()?.get(b"Scope").ok()?;
        Some(String::from_utf8_lossy(scope.as_name().ok()?).into_owned())
    });
    let kids: Vec<&Object> = match name(b"K") {
        None => Vec::new(),
        Some(Object::Array(items)) => items.iter().collect(),
        Some(one) => vec![one],
    };
    let mut out = Element {
        role,
        alt: name(b"Alt").map(text),
        lang: name(b"Lang").map(text),
        scope,
        mcids: 0,
        kids: Vec::new(),
    };
    for kid in kids {
        match resolve(doc, kid) {
            Object::Integer(_) => out.mcids += 1,
            Object::Dictionary(d) => out.kids.push(element(doc, d)),
            other => panic!("unexpected kid {other:?}"),
        }
    }
    out
}

/// The catalog and the structure tree's document element of a PDF.
fn tree(bytes: &[u8]) -> (Document, Element) {
    let doc = Document::load_mem(bytes).expect("PDF parses");
    let root = doc.catalog().unwrap().clone();
    let struct_root = resolve(&doc, root.get(b"StructTreeRoot").expect("a structure tree"))
        .as_dict()
        .unwrap()
        .clone();
    let top = resolve(&doc, struct_root.get(b"K").unwrap()).as_dict().unwrap().clone();
    let document = element(&doc, &top);
    (doc, document)
}

/// Marked contents on each page, and text or form drawings outside any.
fn content_marks(doc: &Document) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (_, page_id) in doc.get_pages() {
        let content = doc.get_page_content(page_id);
        let ops = lopdf::content::Content::decode(&content).unwrap().operations;
        let (mut depth, mut mcids, mut loose) = (0usize, 0, 0);
        for op in ops {
            match op.operator.as_str() {
                "BDC" | "BMC" => {
                    if let Some(Object::Dictionary(d)) = op.operands.last()
                        && d.has(b"MCID")
                    {
                        mcids += 1;
                    }
                    depth += 1;
                }
                "EMC" => depth -= 1,
                "Tj" | "TJ" | "Do" | "S" | "f" | "B" | "re" if depth == 0 => loose += 1,
                _ => {}
            }
        }
        out.push((mcids, loose));
    }
    out
}

fn make(s: &Scratch, args: &[&str]) -> Vec<u8> {
    let mut all = args.to_vec();
    all.extend(["-o", "x.pdf"]);
    let run = s.run(&all);
    assert_eq!(run.code(), 0, "{}", run.stderr());
    std::fs::read(s.path("x.pdf")).unwrap()
}

/// What every tagged PDF has, whatever the game: the catalog's marks, each
/// page's content all tagged or decoration, as many elements' contents in
/// the parent tree as on the pages, figures with words.
fn assert_tagged(bytes: &[u8], lang: &str) -> Element {
    let (doc, document) = tree(bytes);
    let root = doc.catalog().unwrap();
    let marked = resolve(&doc, root.get(b"MarkInfo").unwrap()).as_dict().unwrap();
    assert_eq!(marked.get(b"Marked").unwrap(), &Object::Boolean(true));
    assert_eq!(text(resolve(&doc, root.get(b"Lang").unwrap())), lang);
    let prefs = resolve(&doc, root.get(b"ViewerPreferences").unwrap())
        .as_dict()
        .unwrap();
    assert_eq!(prefs.get(b"DisplayDocTitle").unwrap(), &Object::Boolean(true));
    let metadata = resolve(&doc, root.get(b"Metadata").unwrap()).as_stream().unwrap();
    let xmp = String::from_utf8(metadata.decompressed_content().unwrap()).unwrap();
    assert!(xmp.contains("<pdfuaid:part>1</pdfuaid:part>"), "{xmp}");
    assert_eq!(document.role, "Document");
    let marks = content_marks(&doc);
    assert_eq!(marks.len(), document.kids.len(), "a section a page");
    for (page, (mcids, loose)) in marks.iter().enumerate() {
        assert_eq!(*loose, 0, "page {}: content outside marked content", page + 1);
        let section = &document.kids[page];
        assert_eq!(section.role, "Sect");
        let held: usize = section.all().iter().map(|e| e.mcids).sum();
        assert_eq!(held, *mcids, "page {}: every marked content has its element", page + 1);
    }
    for e in document.all() {
        if e.role == "Figure" {
            assert!(e.alt.as_ref().is_some_and(|a| a.len() > 20), "figure without words");
        }
        if e.role.starts_with('H') && e.role.len() == 2 {
            assert!(e.all().iter().any(|k| k.mcids > 0), "empty heading");
        }
        if e.role == "TH" {
            assert!(e.scope.is_some(), "a header cell says what it heads");
        }
    }
    document
}

#[test]
fn every_game_prints_a_tagged_pdf_in_its_language() {
    let s = Scratch::new("tagged");
    for game in panicpress::games::all().iter().map(|g| g.name()) {
        let doc = assert_tagged(&make(&s, &[game, "--seed", "42"]), "en");
        let h1 = doc.all().iter().filter(|e| e.role == "H1").count();
        assert!(h1 >= 2, "{game}: page titles are headings");
    }
    assert_tagged(&make(&s, &["tp-hunt", "--seed", "42", "--lang", "de"]), "de");
    assert_tagged(&make(&s, &["tp-hunt", "--seed", "42", "--paper", "letter"]), "en");
    assert_tagged(&make(&s, &["tp-hunt", "--seed", "42", "--large-print"]), "en");
}

/// The map is a figure read row by row, red number first, and the legend a
/// list; a player can find every store, ATM and danger zone from the words.
#[test]
fn the_tp_hunt_map_is_described_row_by_row() {
    let s = Scratch::new("tagged-map");
    let doc = assert_tagged(&make(&s, &["tp-hunt", "--seed", "42", "--sheets", "map"]), "en");
    let map = &doc.kids[0];
    let roles: Vec<&str> = map.kids.iter().map(|e| e.role.as_str()).collect();
    assert_eq!(roles, ["H1", "P", "P", "Figure", "L", "P"], "reading order");
    let alt = map.kids[3].alt.as_deref().unwrap();
    for row in 1..=12 {
        assert!(alt.contains(&format!("Red {row}: ")), "row {row}: {alt}");
    }
    // The layout as JSON: every store is named in its row.
    let run = s.run(&["tp-hunt", "--seed", "42", "--format", "json", "-o", "map.json"]);
    assert_eq!(run.code(), 0, "{}", run.stderr());
    let json = std::fs::read_to_string(s.path("map.json")).unwrap();
    let layout: serde_json::Value = serde_json::from_str(&json).unwrap();
    let stores = layout["stores"].as_array().expect("stores in the layout");
    assert_eq!(alt.matches("store").count(), stores.len(), "{alt}");
    for store in stores {
        let (col, row) = (store[0].as_u64().unwrap(), store[1].as_u64().unwrap());
        let line = alt
            .split(&format!("Red {row}: "))
            .nth(1)
            .unwrap()
            .split('.')
            .next()
            .unwrap();
        assert!(
            line.contains(&format!("blue {col} store")),
            "store at {col},{row}: {line}"
        );
    }
    assert_eq!(map.kids[4].kids.len(), 5, "five legend entries");
}

/// Trackers and score pads are tables whose header cells head columns or rows.
#[test]
fn trackers_and_score_pads_are_tables_with_headers() {
    let s = Scratch::new("tagged-tables");
    let doc = assert_tagged(
        &make(&s, &["tp-hunt", "--seed", "42", "--sheets", "tracker,scorepad"]),
        "en",
    );
    let tables: Vec<&Element> = doc.all().into_iter().filter(|e| e.role == "Table").collect();
    assert!(tables.len() >= 2);
    for table in tables {
        let heads = table.all().iter().filter(|e| e.role == "TH").count();
        assert!(heads >= 5, "{table:?}");
    }
}

/// A board, a set of dice: each read as words a player can play from.
#[test]
fn boards_and_dice_are_described_in_words() {
    let s = Scratch::new("tagged-pictures");
    let doc = assert_tagged(&make(&s, &["panic-buy", "--seed", "42"]), "en");
    let board = doc.all().into_iter().find(|e| e.role == "Figure").unwrap();
    let alt = board.alt.as_deref().unwrap();
    for part in [
        "Row 1: ",
        "Row 8: ",
        "counter",
        "TP square",
        "The Virus starts at row",
        "Walls between squares",
    ] {
        assert!(alt.contains(part), "{part}: {alt}");
    }
    let doc = assert_tagged(&make(&s, &["ppe", "--seed", "42"]), "en");
    let dice: Vec<&str> = doc
        .all()
        .into_iter()
        .filter(|e| e.role == "Figure")
        .map(|e| e.alt.as_deref().unwrap())
        .collect();
    assert_eq!(dice.len(), 6, "{dice:?}");
    for (i, die) in dice.iter().enumerate() {
        assert!(die.starts_with(&format!("Die {}: ", i + 1)), "{die}");
        assert_eq!(die.split(", ").count(), 6, "six faces: {die}");
    }
}

/// A class pack: the key's students are a table; a name in another script
/// carries its own language, on the key and on the student's pages.
#[test]
fn a_pack_marks_each_name_with_the_language_its_script_shows() {
    let s = Scratch::new("tagged-pack");
    std::fs::write(
        s.path("class.csv"),
        "name\nZoë Martin\nمريم حداد\n王小明\nАнна Петрова\n",
    )
    .unwrap();
    let bytes = make(
        &s,
        &[
            "pack",
            "--game",
            "tp-hunt",
            "--per",
            "student",
            "--roster",
            "class.csv",
            "--seed",
            "s",
            "--sheets",
            "map",
        ],
    );
    let doc = assert_tagged(&bytes, "en");
    let langs: Vec<&str> = doc.all().into_iter().filter_map(|e| e.lang.as_deref()).collect();
    for lang in ["ar", "zh", "ru"] {
        // Once on the key, once on the student's map.
        assert_eq!(langs.iter().filter(|l| **l == lang).count(), 2, "{lang}: {langs:?}");
    }
    let key = doc.kids[0]
        .all()
        .into_iter()
        .find(|e| e.role == "Table")
        .expect("the key is a table");
    assert_eq!(key.kids.len(), 5, "a header row and a row a student");
}

/// The tagged-PDF checker finds nothing on every game's PDF, a class pack,
/// German and Letter paper, and large print (magnified blocks included).
#[test]
#[ignore = "needs pdfua (pip install pdfua==0.1.3)"]
fn pdfua_finds_nothing() {
    let s = Scratch::new("pdfua");
    let cases: [&[&str]; 10] = [
        &["tp-hunt", "--seed", "42"],
        &["particle-panic", "--seed", "42"],
        &["panic-buy", "--seed", "42"],
        &["ppe", "--seed", "42"],
        &["pack", "--game", "tp-hunt", "--roster", "class.csv", "--seed", "s"],
        &["tp-hunt", "--seed", "42", "--lang", "de"],
        &["tp-hunt", "--seed", "42", "--paper", "letter"],
        &["tp-hunt", "--seed", "42", "--large-print", "--lang", "de"],
        &["ppe", "--seed", "42", "--large-print", "--paper", "letter"],
        &[
            "pack",
            "--game",
            "tp-hunt",
            "--count",
            "3",
            "--seed",
            "s",
            "--large-print",
        ],
    ];
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/class.csv"),
        s.path("class.csv"),
    )
    .unwrap();
    for args in cases {
        make(&s, args);
        let out = std::process::Command::new("pdfua")
            .args(["check", "x.pdf"])
            .current_dir(&s.0)
            .output()
            .expect("pdfua runs");
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && report.contains("no findings"),
            "{args:?}: {report}"
        );
        let info = std::process::Command::new("pdfinfo")
            .arg("x.pdf")
            .current_dir(&s.0)
            .output()
            .unwrap();
        assert!(
            String::from_utf8_lossy(&info.stdout).contains("Tagged:          yes"),
            "{args:?}"
        );
        let q = std::process::Command::new("qpdf")
            .args(["--check", "x.pdf"])
            .current_dir(&s.0)
            .output()
            .unwrap();
        assert!(q.status.success(), "{args:?}: {}", String::from_utf8_lossy(&q.stdout));
    }
}
