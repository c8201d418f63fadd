//! A class pack from its spec, however it was asked for (flags, a pack file,
//! the web page's form): planned, then written as one PDF, one PDF per
//! student, or its manifest.

use std::path::Path;

use crate::error::{Error, Result};
use crate::games::request::GameRequest;
use crate::output;
use crate::pack::{Entry, Options, Pack, Per};
use crate::seed::{Seed, SheetCode};
use crate::sheet::Paper;
use crate::text::Texts;

/// Who a pack is for: the names of a class list, or numbered sets.
#[derive(Debug, Clone)]
pub enum Students {
    Named(Vec<String>),
    Numbered(usize),
}

impl Students {
    /// How many students.
    pub fn len(&self) -> usize {
        match self {
            Students::Named(names) => names.len(),
            Students::Numbered(n) => *n,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What a class pack is made of, checked ([`super::PackInput::build`] makes
/// it from what was asked): the pack seed, who gets sheets, the entries
/// (each a game request, with its sheets and settings, and who it is for),
/// how it prints and the language of its words.
pub struct PackSpec {
    pub seed: Seed,
    pub students: Students,
    pub entries: Vec<Entry>,
    pub per_page: usize,
    pub date: Option<String>,
    /// Tables' games however far apart in difficulty (see `pack::Options`).
    pub spread: bool,
    pub lang: String,
}

/// Plans a class pack in the language of `texts`: every student's layout
/// chosen. Returns the pack and the warnings about names the fonts cannot
/// print as they are.
pub fn plan_pack(spec: &PackSpec, texts: &Texts) -> Result<(Pack, Vec<crate::message::Msg>)> {
    let pack_labels = texts.labels("pack", &tera::Context::new())?;
    let names: Vec<String> = match &spec.students {
        Students::Named(names) => names.clone(),
        Students::Numbered(n) => (1..=*n)
            .map(|i| format!("{} {i}", pack_labels.get("student")))
            .collect(),
    };
    let Some(first) = spec.entries.first() else {
        return Err(Error::msg(crate::msg!("pack.no_game")).at("games"));
    };
    for e in &spec.entries {
        let at_game = |err| in_entry(e.request.game(), err);
        e.request.check(texts).map_err(at_game)?;
        e.request.check_print().map_err(at_game)?;
    }
    let options = Options {
        seed: spec.seed.clone(),
        paper: first.request.paper(),
        style: first.request.style(),
        date: spec.date.clone(),
        per_page: spec.per_page,
        group_word: pack_labels.get("group"),
        lang: texts.lang().to_string(),
        spread: spec.spread,
    };
    let pack = Pack::plan(options, &names, &spec.entries).map_err(|mut e| {
        // Players too many or too few at a table: the tables' size decides them.
        if e.field.as_deref() == Some("players") {
            e.field = Some("table-size".into());
        }
        e
    })?;
    let requests: Vec<&GameRequest> = spec.entries.iter().map(|e| &e.request).collect();
    let mut warnings: Vec<crate::message::Msg> = crate::pack::undrawable_warning(&names).into_iter().collect();
    warnings.extend(super::per_page_note(&requests, texts, spec.per_page)?);
    Ok((pack, warnings))
}

/// A refusal about a pack entry of `game`: a field of the game's own (its
/// settings, its sheets) named `GAME.FIELD`, since a pack holds several
/// games' settings.
pub(crate) fn in_entry(game: &str, mut e: Error) -> Error {
    let Ok(found) = crate::games::find(game) else {
        return e;
    };
    let own = |f: &str| f == "sheets" || found.settings().iter().any(|s| s.name == f);
    if let Some(field) = e.field.as_deref().filter(|f| own(f)) {
        e.field = Some(format!("{game}.{field}"));
    }
    e
}

/// The name a pack is saved under, whichever door asked for it, with the
/// extension `ext` (none for a folder): `pack-SEED-` and each entry's game
/// with what its settings and sheets change from the game's defaults, then
/// `student` for take-home sets, tables not of the game's usual size, and
/// the paper, language and sheets to a page where they are not the defaults;
/// so packs of other settings do not overwrite each other.
pub fn pack_file_name(spec: &PackSpec, ext: &str) -> Result<String> {
    let mut games = Vec::new();
    for entry in &spec.entries {
        let code = SheetCode::parse(&entry.request.code()?)?;
        let (settings, sheets) = super::document::code_differs(&entry.request, &code);
        let mut part = vec![entry.request.game().to_string()];
        part.extend(settings);
        part.extend(sheets);
        games.push(part.join("-"));
    }
    let mut differs = vec![games.join("+")];
    if spec.entries.iter().any(|e| e.per == Per::Student) {
        differs.push("student".into());
    }
    for entry in &spec.entries {
        if let Per::Group(size) = entry.per {
            let usual = crate::games::find(entry.request.game()).map_or(size, crate::pack::usual_table);
            let tables = format!("tables-of-{size}");
            if size != usual && !differs.contains(&tables) {
                differs.push(tables);
            }
        }
    }
    if let Some(first) = spec.entries.first()
        && first.request.paper() != Paper::A4
    {
        differs.push(first.request.paper().name().to_string());
    }
    if spec.lang != "en" {
        differs.push(spec.lang.clone());
    }
    if spec.per_page > 1 {
        differs.push(format!("{}up", spec.per_page));
    }
    Ok(output::file_name("pack", &spec.seed.file_stem(), &differs, 1, ext))
}

/// One PDF per student (and per table) in `dir`, plus the teacher key, made
/// whole: `dir` appears with every file or not at all. Returns the number of files.
pub fn write_split(pack: &Pack, texts: &Texts, dir: &Path) -> Result<usize> {
    let mut files = 0;
    let progress = crate::progress::bar(pack.members() as u64 + 1, crate::msg!("progress.files"));
    output::write_folder(dir, |staging| {
        split_pdfs(pack, texts, &mut |file, pdf| {
            staging.put(&file, &pdf)?;
            files += 1;
            progress.inc(1);
            Ok(())
        })
    })?;
    progress.finish_and_clear();
    Ok(files)
}

/// A pack as separate PDFs, each handed to `each` with its file name: the
/// teacher key, then every student and table in order.
pub fn split_pdfs(pack: &Pack, texts: &Texts, each: &mut dyn FnMut(String, Vec<u8>) -> Result<()>) -> Result<()> {
    let total = pack.members();
    let width = total.to_string().len().max(3);
    let mut one = |file: String, make: &dyn Fn(&mut crate::sheet::Emit) -> Result<()>| -> Result<()> {
        let mut pdf = Vec::new();
        super::write_pdf(&mut pdf, false, |emit| {
            make(emit)?;
            Ok(crate::sheet::DocumentInfo {
                title: pack.code.clone(),
                subject: pack.code.clone(),
                id_source: pack.code.clone(),
            })
        })?;
        each(file, pdf)
    };
    one(crate::pack::file_name(0, width, "teacher key"), &|emit| {
        pack.key_pages(texts, false, emit)
    })?;
    // Numbered in order; a student whose sheets all print with their
    // table's gets no file of their own.
    let mut number = 0;
    for i in (0..total).filter(|&i| pack.has_sheets(i)) {
        number += 1;
        one(
            crate::pack::file_name(number, width, &pack.member_at(i).name),
            &|emit| pack.member(texts, i, emit),
        )?;
    }
    Ok(())
}
