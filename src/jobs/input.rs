//! The one input step: what a person asks for, given field by field by
//! either door in its own syntax (the command line's flags, a settings or
//! pack file, the web page's form), and checked here once. A door hands over
//! text as it was given (or values a file already typed); a build gives the
//! checked request a job runs, or one refusal that says what is wrong and,
//! as data, the field it is about.

use crate::error::{Error, Result, quote};
use crate::game::{COMMON, Common, Game, Values};
use crate::games::request::GameRequest;
use crate::pack::{Entry, MAX_STUDENTS, Per};
use crate::seed::Seed;
use crate::sheet::{Paper, Style};

use super::document::Format;
use super::pack::{PackSpec, Students, in_entry};

/// One game's document as asked for: the options every game takes, as
/// given, and the game's own settings, as values.
#[derive(Clone)]
pub struct DocumentInput {
    game: &'static dyn Game,
    seed: Option<String>,
    /// Whether a seed is chosen at random when none is given.
    random_seed: bool,
    count: Option<String>,
    paper: Option<String>,
    sheets: Option<String>,
    lang: Option<String>,
    per_page: Option<String>,
    large_print: Option<String>,
    format: Option<String>,
    values: Values,
}

/// A document's request, checked, and how it is to be printed.
pub struct DocumentSpec {
    pub request: GameRequest,
    /// The language of its words.
    pub lang: String,
    /// Small sheets to a page (1, 2 or 4).
    pub per_page: usize,
    pub format: Format,
    /// True when no seed was given and one was chosen at random.
    pub random_seed: bool,
}

impl DocumentInput {
    pub fn new(game: &'static dyn Game) -> DocumentInput {
        DocumentInput {
            game,
            seed: None,
            random_seed: false,
            count: None,
            paper: None,
            sheets: None,
            lang: None,
            per_page: None,
            large_print: None,
            format: None,
            values: Values::default(),
        }
    }

    /// Every field a document takes: the options every game takes, then the
    /// game's own settings.
    pub(crate) fn field_names(&self) -> Vec<&'static str> {
        COMMON
            .iter()
            .copied()
            .chain(self.game.settings().iter().map(|s| s.name))
            .collect()
    }

    /// Sets one field by its name: an option every game takes ([`COMMON`]),
    /// kept as given until the build, or one of the game's settings, read at
    /// once by the game's contract ([`crate::game::Setting::read`]). A name
    /// that is neither is refused.
    pub fn field(&mut self, name: &str, text: &str) -> Result<()> {
        let given = Some(text.to_string());
        match name {
            "seed" => self.seed = given,
            "count" => self.count = given,
            "paper" => self.paper = given,
            "sheets" => self.sheets = given,
            "lang" => self.lang = given,
            "per-page" => self.per_page = given,
            "large-print" => self.large_print = given,
            _ => {
                let Some(setting) = self.game.settings().iter().find(|s| s.name == name) else {
                    return Err(crate::game::not_a_setting(name, self.game.title(), &self.field_names()));
                };
                self.values.give(setting, text)?;
            }
        }
        Ok(())
    }

    /// Settings a file gave as values already (a settings file's table):
    /// fields set after them replace them, and names add to them.
    pub fn values(&mut self, values: &Values) {
        self.values = self.values.overlaid(values);
    }

    /// A number setting of the game as given, if it was and is a number.
    pub fn number(&self, name: &str) -> Option<i64> {
        self.values.number(name).ok().flatten()
    }

    /// What the document is written as (`pdf` unless given).
    pub fn format(&mut self, text: &str) {
        self.format = Some(text.to_string());
    }

    /// A seed chosen at random when none is given (the command line says
    /// which); otherwise a missing seed is refused.
    pub(crate) fn random_seed_unless_given(&mut self) {
        self.random_seed = true;
    }

    /// The document's request, every field checked: the first problem is
    /// the refusal, at its field.
    pub fn build(&self) -> Result<DocumentSpec> {
        let (seed, random_seed) = match &self.seed {
            Some(text) => (Seed::new(text).map_err(|e| Error::from(e).at("seed"))?, false),
            None if self.random_seed => (Seed::random(), true),
            None => return Err(Error::setting_msg("seed", crate::msg!("input.seed_needed"))),
        };
        let count = whole("count", self.count.as_deref())?.unwrap_or(1);
        let per_page = per_page(self.per_page.as_deref())?;
        let paper = paper(self.paper.as_deref())?;
        let lang = language(self.lang.as_deref())?;
        let style = large_print(self.large_print.as_deref())?;
        let format = Format::parse(self.format.as_deref().unwrap_or("pdf").trim())?;
        let common = Common {
            seed,
            random_seed,
            count,
            paper,
            sheets: self.sheets.clone(),
            style,
        };
        let request = crate::game::request(self.game, &common, &self.values)?.into();
        Ok(DocumentSpec {
            request,
            lang,
            per_page,
            format,
            random_seed,
        })
    }
}

/// The fields of a class pack as a whole; its entries have their own
/// ([`EntryInput::field`]).
pub const PACK_FIELDS: &[&str] = &[
    "seed",
    "count",
    "paper",
    "lang",
    "per-page",
    "large-print",
    "date",
    "spread",
];

/// A class pack as asked for: who it is for, its entries (a game each, with
/// its settings), and how the whole pack prints.
#[derive(Clone, Default)]
pub struct PackInput {
    seed: Option<String>,
    class_list: Option<Vec<String>>,
    count: Option<String>,
    paper: Option<String>,
    lang: Option<String>,
    per_page: Option<String>,
    large_print: Option<String>,
    date: Option<String>,
    spread: Option<String>,
    entries: Vec<EntryInput>,
}

impl PackInput {
    /// Sets one field of the pack as a whole ([`PACK_FIELDS`]), kept as given
    /// until the build; any other name is refused.
    pub fn field(&mut self, name: &str, text: &str) -> Result<()> {
        let given = Some(text.to_string());
        match name {
            "seed" => self.seed = given,
            "count" => self.count = given,
            "paper" => self.paper = given,
            "lang" => self.lang = given,
            "per-page" => self.per_page = given,
            "large-print" => self.large_print = given,
            "date" => self.date = given,
            "spread" => self.spread = given,
            _ => {
                return Err(Error::msg(crate::msg!(
                    "pack.not_a_field",
                    name = quote(name),
                    fields = PACK_FIELDS.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// The students by name, from a class list the door has read.
    pub(crate) fn class_list(&mut self, names: Vec<String>) {
        self.class_list = Some(names);
    }

    /// One more entry: a game every student or every table gets.
    pub fn entry(&mut self, entry: EntryInput) {
        self.entries.push(entry);
    }

    /// The pack's spec, every field and entry checked: the first problem is
    /// the refusal, at its field (an entry's game's setting as `GAME.SETTING`).
    pub fn build(&self) -> Result<PackSpec> {
        let seed = match &self.seed {
            Some(text) => Seed::new(text).map_err(|e| Error::from(e).at("seed"))?,
            None => return Err(Error::setting_msg("seed", crate::msg!("pack.seed_needed"))),
        };
        let students = match (&self.class_list, &self.count) {
            (Some(_), Some(_)) => return Err(Error::msg(crate::msg!("pack.students_both")).at("roster")),
            (None, None) => return Err(Error::msg(crate::msg!("pack.students_missing")).at("roster")),
            (Some(names), None) => Students::Named(names.clone()),
            (None, Some(text)) => match whole("count", Some(text))? {
                Some(0) => return Err(Error::setting_msg("count", crate::msg!("pack.no_students"))),
                Some(n) if n > MAX_STUDENTS => {
                    return Err(Error::setting_msg(
                        "count",
                        crate::game::out_of_range(n, 1, MAX_STUDENTS),
                    ));
                }
                n => Students::Numbered(n.unwrap_or_default()),
            },
        };
        if self.entries.is_empty() {
            return Err(Error::msg(crate::msg!("pack.no_game")).at("games"));
        }
        let per_page = per_page(self.per_page.as_deref())?;
        let paper = paper(self.paper.as_deref())?;
        let lang = language(self.lang.as_deref())?;
        let style = large_print(self.large_print.as_deref())?;
        let spread = match self.spread.as_deref() {
            Some(text) => crate::game::switch("spread", text)?,
            None => false,
        };
        let entries = self
            .entries
            .iter()
            .map(|e| e.build(&seed, paper, style).map_err(|err| e.placed(err)))
            .collect::<Result<_>>()?;
        Ok(PackSpec {
            seed,
            students,
            entries,
            per_page,
            date: self.date.clone().filter(|d| !d.trim().is_empty()),
            spread,
            lang,
        })
    }
}

/// One entry of a pack as asked for: its game, its settings and sheets, and
/// who gets it (each table of students unless asked otherwise).
#[derive(Clone)]
pub struct EntryInput {
    game: &'static dyn Game,
    /// The entry's number, by which refusals name it where a pack file has
    /// several (`entry 2`).
    label: Option<usize>,
    values: Values,
    sheets: Option<String>,
    per: Option<String>,
    table_size: Option<String>,
}

impl EntryInput {
    pub fn new(game: &'static dyn Game) -> EntryInput {
        EntryInput {
            game,
            label: None,
            values: Values::default(),
            sheets: None,
            per: None,
            table_size: None,
        }
    }

    /// Sets one field of the entry: `sheets`, `per` (`table` or `student`),
    /// `table-size`, or one of the game's settings, read at once by the
    /// game's contract. A name that is none of these is refused.
    pub fn field(&mut self, name: &str, text: &str) -> Result<()> {
        let given = Some(text.to_string());
        match name {
            "sheets" => self.sheets = given,
            "per" => self.per = given,
            "table-size" => self.table_size = given,
            _ => {
                let Some(setting) = self.game.settings().iter().find(|s| s.name == name) else {
                    let names: Vec<&str> = self.game.settings().iter().map(|s| s.name).collect();
                    return Err(self.placed(crate::game::not_a_setting(name, self.game.title(), &names)));
                };
                self.values.give(setting, text).map_err(|e| self.placed(e))?;
            }
        }
        Ok(())
    }

    /// Settings a file gave as values already (a pack file's entry).
    pub fn values(&mut self, values: &Values) {
        self.values = self.values.overlaid(values);
    }

    /// An entry of a pack file (`label` names it in refusals where the file
    /// has several): each student's set unless it says `per = "table"`, its
    /// settings as the file typed them, a file setting's file read.
    pub fn from_pack_file(entry: &crate::config::PackEntry, label: Option<usize>) -> Result<EntryInput> {
        let within = |e: Error| match label {
            Some(n) => e.within(entry_place(n)),
            None => e,
        };
        let game = crate::games::find(&entry.game).map_err(within)?;
        let values = Values::from_toml(&entry.settings).and_then(|v| crate::config::read_files(game, &v));
        let mut input = EntryInput::new(game);
        input.label = label;
        input.values(&values.map_err(within)?);
        input.field("per", entry.per.as_deref().unwrap_or("student"))?;
        if let Some(n) = entry.table_size {
            input.field("table-size", &n.to_string())?;
        }
        if let Some(sheets) = &entry.sheets {
            input.field("sheets", &sheets.joined())?;
        }
        Ok(input)
    }

    /// The entry for the pack seed (each member gets their own), on `paper`, in `style`.
    fn build(&self, seed: &Seed, paper: Paper, style: Style) -> Result<Entry> {
        let per = match self.per.as_deref().map(|p| p.trim().to_lowercase()).as_deref() {
            // `group` is what pack files once called a table.
            None | Some("table" | "group") => {
                let usual = crate::pack::usual_table(self.game);
                Per::Group(whole("table-size", self.table_size.as_deref())?.unwrap_or(usual))
            }
            Some("student") => Per::Student,
            Some(_) => {
                let given = self.per.as_deref().unwrap_or_default();
                return Err(Error::setting_msg(
                    "per",
                    crate::msg!("pack.per_unknown", value = quote(given.trim())),
                ));
            }
        };
        let common = Common {
            sheets: self.sheets.clone(),
            paper,
            style,
            ..Common::for_seed(seed.clone())
        };
        Entry::new(self.game, common, self.values.clone(), per)
    }

    /// A refusal about this entry: at its game's field, after its label.
    fn placed(&self, e: Error) -> Error {
        let e = in_entry(self.game.name(), e);
        match self.label {
            Some(n) => e.within(entry_place(n)),
            None => e,
        }
    }
}

/// A pack file's entry, as refusals name it: `entry 2`.
fn entry_place(n: usize) -> crate::message::Msg {
    crate::msg!("pack.entry", n = n)
}

/// A whole number field, `None` when not given.
pub fn whole(name: &str, text: Option<&str>) -> Result<Option<usize>> {
    let Some(text) = text else {
        return Ok(None);
    };
    text.trim()
        .parse()
        .map(Some)
        .map_err(|_| Error::setting_msg(name, crate::game::not_whole(text)))
}

/// Small sheets to a page: 1 (the default), 2 or 4.
fn per_page(text: Option<&str>) -> Result<usize> {
    let n = whole("per-page", text)?.unwrap_or(1);
    crate::sheet::impose::check_per_page(n)?;
    Ok(n)
}

/// A paper by name, A4 unless given.
fn paper(text: Option<&str>) -> Result<Paper> {
    crate::config::paper(&text.unwrap_or("a4").trim().to_lowercase())
}

/// A language the texts are written in, in any case; English unless given.
fn language(text: Option<&str>) -> Result<String> {
    let lang = text.unwrap_or("en").trim().to_lowercase();
    if !crate::text::LANGUAGES.contains(&lang.as_str()) {
        return Err(Error::setting_msg(
            "lang",
            crate::text::unknown_language(text.unwrap_or_default()),
        ));
    }
    Ok(lang)
}

/// Large print when switched on, standard print otherwise.
fn large_print(text: Option<&str>) -> Result<Style> {
    let on = match text {
        Some(text) => crate::game::switch("large-print", text)?,
        None => false,
    };
    Ok(Style::large(on))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> &'static dyn Game {
        crate::games::find(name).unwrap()
    }

    fn document(name: &str, fields: &[(&str, &str)]) -> Result<DocumentSpec> {
        let mut input = DocumentInput::new(game(name));
        for (field, text) in fields {
            input.field(field, text)?;
        }
        input.build()
    }

    #[test]
    fn a_document_is_its_games_request_with_the_common_options() {
        let spec = document(
            "tp-hunt",
            &[("seed", "7"), ("players", "3"), ("paper", "Letter"), ("lang", "DE")],
        )
        .unwrap();
        assert_eq!(
            spec.request.code().unwrap(),
            "tp-hunt:6-tmzv1:g12-s12-a10-d7-p3:letter:default:7"
        );
        assert_eq!(
            (spec.lang.as_str(), spec.per_page, spec.format, spec.random_seed),
            ("de", 1, Format::Pdf, false)
        );
        let mut input = DocumentInput::new(game("ppe"));
        input.random_seed_unless_given();
        input.format("json");
        let spec = input.build().unwrap();
        assert!(spec.random_seed && spec.request.seed().text().parse::<u32>().is_ok());
        assert_eq!(spec.format, Format::Json);
    }

    #[test]
    fn every_field_of_a_document_is_refused_at_itself() {
        for (fields, field, says) in [
            (vec![("players", "3")], "seed", "seed: give a seed"),
            (vec![("seed", "7 ")], "seed", "seed: must not start or end with a space"),
            (
                vec![("seed", "7"), ("count", "x")],
                "count",
                "count: 'x' is not a whole number",
            ),
            (vec![("seed", "7"), ("count", "0")], "count", "count: 0 is out of range"),
            (
                vec![("seed", "7"), ("per-page", "3")],
                "per-page",
                "per-page: 3 is not 1, 2 or 4",
            ),
            (
                vec![("seed", "7"), ("paper", "a3")],
                "paper",
                "paper: unknown paper 'a3'",
            ),
            (
                vec![("seed", "7"), ("lang", "fr")],
                "lang",
                "lang: language 'fr' is not available",
            ),
            (
                vec![("seed", "7"), ("large-print", "maybe")],
                "large-print",
                "large-print: on or off",
            ),
            (
                vec![("seed", "7"), ("players", "x")],
                "players",
                "players: 'x' is not a whole number",
            ),
            (
                vec![("seed", "7"), ("players", "9")],
                "players",
                "players: 9 is out of range",
            ),
            (
                vec![("seed", "7"), ("preset", "hardr")],
                "preset",
                "did you mean 'harder'?",
            ),
            (
                vec![("seed", "7"), ("sheets", "poster")],
                "sheets",
                "unknown sheet 'poster'",
            ),
        ] {
            let e = document("tp-hunt", &fields)
                .err()
                .unwrap_or_else(|| panic!("{fields:?}"));
            assert_eq!(e.field.as_deref(), Some(field), "{fields:?}: {}", e.message);
            assert!(
                e.message.starts_with(says) || e.message.contains(says),
                "{fields:?}: {}",
                e.message
            );
        }
        let e = DocumentInput::new(game("tp-hunt")).field("output", "x").unwrap_err();
        assert!(
            e.message
                .starts_with("'output' is not a TP Hunt setting (its settings: seed, count,")
        );
        assert_eq!(e.field, None);
        let mut input = DocumentInput::new(game("ppe"));
        input.field("seed", "1").unwrap();
        input.format("docx");
        assert!(
            input
                .build()
                .err()
                .unwrap()
                .message
                .starts_with("format: unknown format 'docx'")
        );
    }

    /// A pack of `entries` for three numbered students, with `fields`.
    fn pack(fields: &[(&str, &str)], entries: Vec<EntryInput>) -> Result<PackSpec> {
        let mut input = PackInput::default();
        for (field, text) in fields {
            input.field(field, text)?;
        }
        for entry in entries {
            input.entry(entry);
        }
        input.build()
    }

    fn entry(name: &str, fields: &[(&str, &str)]) -> EntryInput {
        let mut entry = EntryInput::new(game(name));
        for (field, text) in fields {
            entry.field(field, text).unwrap();
        }
        entry
    }

    #[test]
    fn a_pack_is_refused_at_the_field_it_is_about() {
        let tp = || vec![entry("tp-hunt", &[])];
        for (fields, entries, field, says) in [
            (vec![("count", "3")], tp(), "seed", "seed: give the pack a seed"),
            (
                vec![("seed", "x")],
                tp(),
                "roster",
                "give a class list or a number of sets",
            ),
            (
                vec![("seed", "x"), ("count", "0")],
                tp(),
                "count",
                "count: 0 students is an empty pack",
            ),
            (
                vec![("seed", "x"), ("count", "x")],
                tp(),
                "count",
                "count: 'x' is not a whole number",
            ),
            (vec![("seed", "x"), ("count", "3")], vec![], "games", "no game chosen"),
            (
                vec![("seed", "x"), ("count", "3"), ("spread", "maybe")],
                tp(),
                "spread",
                "spread: on or off",
            ),
            (
                vec![("seed", "x"), ("count", "3")],
                vec![entry("tp-hunt", &[("stores", "900")])],
                "tp-hunt.stores",
                "stores: 900",
            ),
            (
                vec![("seed", "x"), ("count", "3")],
                vec![entry("tp-hunt", &[("sheets", "poster")])],
                "tp-hunt.sheets",
                "unknown sheet 'poster'",
            ),
            (
                vec![("seed", "x"), ("count", "3")],
                vec![entry("tp-hunt", &[("per", "class")])],
                "per",
                "per: 'class' is not 'table' or 'student'",
            ),
            (
                vec![("seed", "x"), ("count", "3")],
                vec![entry("tp-hunt", &[("table-size", "four")])],
                "table-size",
                "table-size: 'four' is not a whole number",
            ),
        ] {
            let e = pack(&fields, entries).err().unwrap_or_else(|| panic!("{fields:?}"));
            assert_eq!(e.field.as_deref(), Some(field), "{fields:?}: {}", e.message);
            assert!(e.message.contains(says), "{fields:?}: {}", e.message);
        }
        let mut input = PackInput::default();
        input.class_list(vec!["Ann".into()]);
        input.field("count", "3").unwrap();
        input.field("seed", "x").unwrap();
        input.entry(entry("tp-hunt", &[]));
        let e = input.build().err().unwrap();
        assert_eq!(e.message, "give a class list or a number of sets, not both");
        // An entry's setting is refused at once, at its game's field.
        let e = EntryInput::new(game("ppe")).field("faces", "mask = [").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("ppe.faces"));
        let e = EntryInput::new(game("tp-hunt")).field("mode", "race").unwrap_err();
        assert!(
            e.message.starts_with("'mode' is not a TP Hunt setting"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_pack_files_entry_is_named_in_its_refusals() {
        let file = crate::config::parse_pack_file(
            crate::msg!("config.pack_file", file = "p.toml"),
            "[[entry]]\ngame = \"tp-hunt\"\n[[entry]]\ngame = \"tp-hunt\"\nstores = 900\n",
        )
        .unwrap();
        let mut input = PackInput::default();
        input.field("seed", "x").unwrap();
        input.field("count", "3").unwrap();
        for (i, e) in file.entry.iter().enumerate() {
            input.entry(EntryInput::from_pack_file(e, Some(i + 1)).unwrap());
        }
        let e = input.build().err().unwrap();
        assert!(e.message.starts_with("entry 2: stores: 900"), "{}", e.message);
        assert_eq!(e.field.as_deref(), Some("tp-hunt.stores"));
        let spec = pack(
            &[("seed", "x"), ("count", "3")],
            vec![EntryInput::from_pack_file(&file.entry[0], None).unwrap()],
        )
        .unwrap();
        assert_eq!(
            spec.entries[0].per,
            Per::Student,
            "a pack file's entry is for each student unless it says"
        );
        let spec = pack(&[("seed", "x"), ("count", "3")], vec![entry("tp-hunt", &[])]).unwrap();
        assert_eq!(
            spec.entries[0].per,
            Per::Group(4),
            "any other is for each table, of the game's usual size"
        );
    }

    #[test]
    fn a_packs_file_name_says_what_differs_from_the_defaults() {
        let name = |fields: &[(&str, &str)], entries: Vec<EntryInput>, ext: &str| {
            super::super::pack_file_name(&pack(fields, entries).unwrap(), ext).unwrap()
        };
        assert_eq!(
            name(
                &[("seed", "5B"), ("count", "3")],
                vec![entry("tp-hunt", &[("table-size", "4")])],
                "pdf"
            ),
            "pack-5b-tp-hunt.pdf"
        );
        assert_eq!(
            name(
                &[
                    ("seed", "5B"),
                    ("count", "3"),
                    ("paper", "letter"),
                    ("lang", "de"),
                    ("per-page", "2")
                ],
                vec![
                    entry("tp-hunt", &[("preset", "harder"), ("per", "student")]),
                    entry("panic-buy", &[("mode", "hoard"), ("players", "6"), ("sheets", "board")]),
                ],
                "zip"
            ),
            "pack-5b-tp-hunt-s9-d10+panic-buy-p6-hoard-board-student-letter-de-2up.zip"
        );
        assert_eq!(
            name(
                &[("seed", "5B"), ("count", "6")],
                vec![entry("tp-hunt", &[("table-size", "3")])],
                ""
            ),
            "pack-5b-tp-hunt-tables-of-3"
        );
    }
}
