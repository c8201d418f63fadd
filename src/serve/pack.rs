//! `POST /api/pack`: a class pack from the page's form (multipart), asked
//! for through the same input step and made by the same planning as
//! `panicpress pack`. Every setting of each chosen game applies: the form
//! sends them as `GAME.SETTING` fields, and each game's settings become a
//! pack entry as a pack file's `[[entry]]` would give them.

use std::sync::Arc;

use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::response::Response;

use super::refusal::Refusal;
use super::{Head, Shared, refusal, streamed, work};
use crate::error::Error;
use crate::jobs::{EntryInput, PackInput, PackSpec};
use crate::msg;
use crate::text::Texts;

/// One field of the form: its name, the file name it came from, its text.
pub struct Field {
    pub name: String,
    pub file_name: Option<String>,
    pub text: String,
}

/// The fields of the page's pack form (the rest are `GAME.SETTING`).
const FORM_FIELDS: &[&str] = &[
    "games",
    "seed",
    "paper",
    "lang",
    "per-page",
    "large-print",
    "date",
    "split",
    "count",
    "roster",
    "names",
    "per",
    "table-size",
    "spread",
];

pub async fn answer(State(shared): State<Arc<Shared>>, form: Result<Multipart, MultipartRejection>) -> Response {
    let fields = match read(form).await {
        Ok(f) => f,
        Err(r) => return refusal(r),
    };
    streamed(&shared, move || plan(&fields), write).await
}

/// `POST /api/pack/preview`: the first table's pages of the pack the form
/// asks for (its shared sheets, then each student's at it), as SVG in JSON,
/// with who sits there. Where each student takes a set home: the first one's.
pub async fn preview(State(shared): State<Arc<Shared>>, form: Result<Multipart, MultipartRejection>) -> Response {
    let fields = match read(form).await {
        Ok(f) => f,
        Err(r) => return refusal(r),
    };
    let made = super::on_pool(&shared, move || {
        let (_, Planned { pack, texts, .. }) = plan(&fields)?;
        let (who, members) = pack.first_table();
        let mut svgs: Vec<String> = Vec::new();
        let mut bytes = 0;
        let mut pages = 0;
        for i in members {
            pack.member(&texts, i, &mut |page| {
                pages += 1;
                // The first pages, as many as a page of the browser holds well.
                if svgs.len() < MAX_PREVIEW_PAGES && bytes < MAX_PREVIEW_BYTES {
                    let svg = crate::render::svg::page_svg(&page);
                    bytes += svg.len();
                    svgs.push(svg);
                }
                Ok(())
            })
            .map_err(Refusal::from)?;
        }
        Ok(serde_json::json!({ "who": who, "pages": pages, "svgs": svgs }).to_string())
    })
    .await;
    match made {
        Ok(json) => super::text("application/json", &json),
        Err(r) => refusal(r),
    }
}

/// Most pages and SVG bytes a preview of the first table sends.
const MAX_PREVIEW_PAGES: usize = 12;
const MAX_PREVIEW_BYTES: usize = 8 * 1024 * 1024;

/// Reads the multipart form; the body's size and time are bounded by the server's limits.
async fn read(form: Result<Multipart, MultipartRejection>) -> Result<Vec<Field>, Refusal> {
    // What axum says of a form it cannot read is its own English text, carried as given.
    let mut form = form.map_err(|e| Refusal::new(400, msg!("serve.pack_form", why = e.body_text())))?;
    let mut fields = Vec::new();
    loop {
        let field = match form.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => {
                return Err(Refusal::new(
                    e.status().as_u16(),
                    msg!("serve.form_unreadable", why = e.body_text()),
                ));
            }
        };
        let name = field.name().unwrap_or("").to_string();
        let file_name = field.file_name().map(str::to_string);
        let bytes = field
            .bytes()
            .await
            .map_err(|e| Refusal::new(e.status().as_u16(), msg!("serve.form_unreadable", why = e.body_text())))?;
        let text = String::from_utf8(bytes.to_vec())
            .map_err(|_| Refusal::from(Error::setting_msg(&name, msg!("file.not_utf8"))))?;
        fields.push(Field { name, file_name, text });
    }
    Ok(fields)
}

/// A planned pack and how it is sent.
pub struct Planned {
    pack: crate::pack::Pack,
    texts: std::rc::Rc<crate::text::Texts>,
    split: bool,
}

/// What to lower, said to a teacher making a pack.
fn lower_pack() -> crate::message::Msg {
    crate::msg!("work.lower_pack")
}

/// The pack the fields ask for, planned and within the budget.
pub fn plan(fields: &[Field]) -> Result<(Head, Planned), Refusal> {
    let input = read_pack(fields)?;
    let spec = input.build().map_err(|e| {
        let mut r = Refusal::from(e);
        // The page's class list is its box of names (or the file beside it).
        if r.field.as_deref() == Some("roster") {
            r.field = Some("names".into());
        }
        r
    })?;
    let texts = super::form::texts(&spec.lang).map_err(|e| Refusal::from(e.at("lang")))?;
    check_budget(&spec, &texts)?;
    let (pack, warnings) = crate::jobs::plan_pack(&spec, &texts)?;
    let split = match fields.iter().find(|f| f.name == "split").map(|f| f.text.trim()) {
        Some(text) if !text.is_empty() => crate::game::switch("split", text)?,
        _ => false,
    };
    let head = Head {
        content_type: if split { "application/zip" } else { "application/pdf" },
        file_name: crate::jobs::pack_file_name(&spec, if split { "zip" } else { "pdf" })?,
        warning: warnings.into_iter().next(),
    };
    Ok((head, Planned { pack, texts, split }))
}

/// The form's fields given to the input step: the pack's own, the class
/// list, and each chosen game's settings (`GAME.SETTING`) for its entry.
fn read_pack(fields: &[Field]) -> Result<PackInput, Refusal> {
    let given = |name: &str| {
        fields
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.text.trim())
            .filter(|t| !t.is_empty())
    };
    let mut games: Vec<&'static dyn crate::game::Game> = Vec::new();
    for f in fields.iter().filter(|f| f.name == "games" || f.name == "game") {
        for name in f.text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let game = crate::games::find(name).map_err(|e| Refusal::from(e).at("games"))?;
            if !games.iter().any(|g| g.name() == game.name()) {
                games.push(game);
            }
        }
    }
    if games.is_empty() {
        return Err(Refusal::from(Error::setting_msg("games", msg!("serve.no_games"))));
    }
    for f in fields {
        let known = FORM_FIELDS.contains(&f.name.as_str())
            || f.name == "game"
            || f.name
                .split_once('.')
                .is_some_and(|(g, _)| games.iter().any(|game| game.name() == g));
        if !known {
            return Err(Refusal::new(
                400,
                msg!(
                    "serve.not_a_pack_field",
                    name = crate::error::quote(&f.name),
                    fields = FORM_FIELDS.join(", ")
                ),
            ));
        }
    }
    let mut input = PackInput::default();
    for name in crate::jobs::PACK_FIELDS {
        if let Some(text) = given(name) {
            input.field(name, text)?;
        }
    }
    if let Some(names) = class_list(fields)? {
        input.class_list(names);
    }
    for game in games {
        let mut entry = EntryInput::new(game);
        // Who gets the game's sheets is asked once for every game.
        for name in ["per", "table-size"] {
            if let Some(text) = given(name) {
                entry.field(name, text)?;
            }
        }
        let prefix = format!("{}.", game.name());
        for f in fields {
            let Some(setting) = f.name.strip_prefix(&prefix) else {
                continue;
            };
            if crate::jobs::PACK_FIELDS.contains(&setting) {
                return Err(Refusal::from(Error::setting_msg(&f.name, msg!("serve.whole_pack"))));
            }
            if !f.text.trim().is_empty() {
                entry.field(setting, f.text.trim())?;
            }
        }
        input.entry(entry);
    }
    Ok(input)
}

/// The work the pack costs, refused at once when over the budget: each
/// game's simulated games and one set of its pages, for every student.
fn check_budget(spec: &PackSpec, texts: &Texts) -> Result<(), Refusal> {
    let members = spec.students.len();
    let mut games_played = 0u64;
    let mut pages = members / 20 + 1;
    for entry in &spec.entries {
        let request = &entry.request;
        games_played = games_played.saturating_add(request.simulated_games().saturating_mul(members as u64));
        work::check_games(games_played, lower_pack())?;
        request
            .check(texts)
            .map_err(|e| crate::jobs::pack::in_entry(request.game(), e))?;
        pages += work::check_pages(members, pages, lower_pack(), |emit| {
            request
                .pages_imposed(texts, spec.per_page, Some("name"), emit)
                .map(|_| ())
        })? * members;
    }
    Ok(())
}

/// The class list: a file, or names pasted one a line; none when a number
/// of sets is asked for instead.
fn class_list(fields: &[Field]) -> Result<Option<Vec<String>>, Refusal> {
    let lists = fields
        .iter()
        .filter(|f| (f.name == "roster" || f.name == "names") && !f.text.trim().is_empty())
        .collect::<Vec<_>>();
    match lists.as_slice() {
        [] => Ok(None),
        [f] => {
            let first = f.text.lines().next().unwrap_or("").to_ascii_lowercase();
            let is_csv = f
                .file_name
                .as_ref()
                .is_some_and(|n| n.to_ascii_lowercase().ends_with(".csv"))
                || first.split(',').any(|c| c.trim() == "name");
            let what = match &f.file_name {
                Some(name) => crate::message::Arg::from(name.as_str()),
                None => msg!("serve.pasted").into(),
            };
            crate::pack::roster_from_text(what, &f.text, is_csv)
                .map(Some)
                .map_err(|e| Refusal::from(e).at(&f.name))
        }
        _ => Err(Refusal::from(Error::msg(crate::msg!("pack.students_both"))).at("names")),
    }
}

/// Writes the planned pack: one PDF, or a ZIP of the teacher key and one PDF per student.
fn write(planned: Planned, out: &mut work::Stream) -> crate::error::Result<()> {
    let Planned { pack, texts, split } = planned;
    if !split {
        return crate::jobs::write_pdf(out, false, |emit| pack.pages(&texts, emit)).map(|_| ());
    }
    use std::io::Write;
    // The ZIP writer's reason is its own English text, carried as given.
    let zip_error = |e: zip::result::ZipError| Error::io(msg!("serve.zip", why = e.to_string()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    let mut zip = zip::ZipWriter::new_stream(out);
    crate::jobs::split_pdfs(&pack, &texts, &mut |name, pdf| {
        zip.start_file(name, options).map_err(zip_error)?;
        zip.write_all(&pdf)
            .map_err(|e| Error::io(msg!("serve.zip", why = crate::error::io_reason(&e))))
    })?;
    zip.finish().map_err(zip_error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(name: &str, text: &str) -> Field {
        Field {
            name: name.into(),
            file_name: None,
            text: text.into(),
        }
    }

    fn planned(fields: &[Field]) -> Result<Planned, Refusal> {
        plan(fields).map(|(_, p)| p)
    }

    #[test]
    fn every_setting_of_each_game_applies_to_its_pack_entry() {
        let p = planned(&[
            field("games", "tp-hunt"),
            field("games", "ppe"),
            field("per", "student"),
            field("seed", "5B"),
            field("names", "Ann\nBo\n"),
            field("tp-hunt.preset", "harder"),
            field("tp-hunt.sheets", "map"),
            field("ppe.mode", "long"),
            field("ppe.target", "190"),
            field("ppe.faces", "virus = 3\nlong_nosed_man = 1\nvaccine = 3\nventilator = 3\nheroes = 4\nface_shield = 4\nmask = 6\nsocial_distancing = 4\nhand_sanitizer = 4\ngloves = 4"),
        ])
        .unwrap();
        let codes: Vec<String> = p.pack.assigned(0).unwrap().into_iter().map(|a| a.code).collect();
        assert!(
            codes[0].starts_with("tp-hunt:6-") && codes[0].contains(":g12-s9-a10-d10-p4:a4:map:"),
            "{codes:?}"
        );
        assert!(codes[1].contains("-t190-") && codes[1].contains("long"), "{codes:?}");
    }

    #[test]
    fn a_pack_refusal_names_its_game_and_setting() {
        for (fields, at) in [
            (
                vec![
                    field("games", "panic-buy"),
                    field("seed", "x"),
                    field("count", "3"),
                    field("panic-buy.mode", "hoard"),
                    field("panic-buy.players", "5"),
                ],
                "panic-buy.players",
            ),
            (
                vec![
                    field("games", "tp-hunt"),
                    field("seed", "x"),
                    field("count", "3"),
                    field("tp-hunt.stores", "900"),
                ],
                "tp-hunt.stores",
            ),
            (
                vec![field("games", "tp-hunt"), field("seed", ""), field("count", "3")],
                "seed",
            ),
            (vec![field("games", "tp-hunt"), field("seed", "x")], "names"),
            (vec![field("seed", "x"), field("count", "3")], "games"),
        ] {
            let r = planned(&fields).err().expect("refused");
            assert_eq!(r.field.as_deref(), Some(at), "{}", r.message);
        }
    }

    #[test]
    fn a_pack_over_the_budget_is_refused_at_once() {
        // Refused from the plan alone, before any game is made.
        let r = planned(&[
            field("games", "ppe"),
            field("seed", "x"),
            field("count", "500"),
            field("ppe.mode", "long"),
            field("ppe.target", "1000000"),
        ])
        .err()
        .unwrap();
        assert_eq!(r.status, 422);
        assert!(r.message.contains("fewer students"), "{}", r.message);
        let r = planned(&[
            field("games", "particle-panic"),
            field("seed", "x"),
            field("count", "30"),
            field("particle-panic.simulations", "100000"),
        ])
        .err()
        .unwrap();
        assert!(r.message.contains("3,000,000 simulated games"), "{}", r.message);
    }

    #[test]
    fn a_warning_keeps_the_students_name() {
        let (head, _) = plan(&[
            field("games", "tp-hunt"),
            field("seed", "x"),
            field("names", "Ra 𓂀\nAnn"),
        ])
        .unwrap();
        assert!(head.warning.unwrap().words("en").contains("'Ra 𓂀'"));
    }
}
