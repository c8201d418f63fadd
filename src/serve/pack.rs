//! `POST /api/pack`: a class pack from the page's form (multipart), made by
//! the same planning as `panicpress pack`. Every setting of each chosen game
//! applies: the form sends them as `GAME.SETTING` fields, and each game's
//! settings become a pack entry as a pack file's `[[entry]]` would give them.

use std::sync::Arc;

use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::response::Response;

use super::form::{Asked, Refusal};
use super::{Head, Shared, refusal, streamed, work};
use crate::error::Error;
use crate::jobs::{PackSpec, Students};

/// One field of the form: its name, the file name it came from, its text.
pub struct Field {
    pub name: String,
    pub file_name: Option<String>,
    pub text: String,
}

/// The fields of the pack as a whole (the rest are `GAME.SETTING`).
const PACK_FIELDS: &[&str] = &[
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
    let mut form =
        form.map_err(|e| Refusal::new(400, format!("the pack comes as a form (multipart/form-data): {e}")))?;
    let mut fields = Vec::new();
    loop {
        let field = match form.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => {
                return Err(Refusal::new(
                    e.status().as_u16(),
                    format!("the form could not be read: {e}"),
                ));
            }
        };
        let name = field.name().unwrap_or("").to_string();
        let file_name = field.file_name().map(str::to_string);
        let bytes = field
            .bytes()
            .await
            .map_err(|e| Refusal::new(e.status().as_u16(), format!("the form could not be read: {e}")))?;
        let text = String::from_utf8(bytes.to_vec())
            .map_err(|_| Refusal::new(400, format!("{name}: not UTF-8 text")).at(&name))?;
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
    let get = |name: &str| {
        fields
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.text.trim().to_string())
    };
    let mut games: Vec<&'static dyn crate::game::Game> = Vec::new();
    for f in fields.iter().filter(|f| f.name == "games" || f.name == "game") {
        for name in f.text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let game = crate::games::find(name).map_err(|e| Refusal::new(400, e.message).at("games"))?;
            if !games.iter().any(|g| g.name() == game.name()) {
                games.push(game);
            }
        }
    }
    if games.is_empty() {
        return Err(Refusal::new(400, "games: tick at least one game for the pack").at("games"));
    }
    for f in fields {
        let known = PACK_FIELDS.contains(&f.name.as_str())
            || f.name == "game"
            || f.name
                .split_once('.')
                .is_some_and(|(g, _)| games.iter().any(|game| game.name() == g));
        if !known {
            return Err(Refusal::new(
                400,
                format!(
                    "{}: not a pack field ({}, or GAME.SETTING for a chosen game)",
                    crate::error::quote(&f.name),
                    PACK_FIELDS.join(", ")
                ),
            ));
        }
    }
    let seed_text = get("seed").unwrap_or_default();
    if seed_text.is_empty() {
        return Err(Refusal::new(400, "seed: give the pack a seed, so it can be made again").at("seed"));
    }
    let seed = crate::seed::Seed::new(&seed_text).map_err(|e| Refusal::from(Error::from(e)).at("seed"))?;
    let lang = get("lang").filter(|l| !l.is_empty()).unwrap_or_else(|| "en".into());
    let texts = super::form::texts(&lang).map_err(|e| Refusal::new(400, format!("lang: {}", e.message)).at("lang"))?;
    let per_page = super::form::whole("per-page", get("per-page").filter(|s| !s.is_empty()).as_deref(), 1)
        .map_err(|e| Refusal::from(e).at("per-page"))?;
    let students = students(fields)?;
    let members = match &students {
        Students::Named(names) => names.len(),
        Students::Numbered(n) => *n,
    };
    // Each game's settings, checked as that game's form checks them.
    let mut entries = Vec::new();
    let mut games_played = 0u64;
    let mut pages = members / 20 + 1;
    for game in &games {
        let prefix = format!("{}.", game.name());
        let mut asked = Asked::read(*game, &[]).map_err(|r| at_game(r, game.name()))?;
        for f in fields.iter() {
            if let Some(setting) = f.name.strip_prefix(&prefix) {
                if matches!(
                    setting,
                    "seed" | "count" | "lang" | "paper" | "per-page" | "large-print"
                ) {
                    return Err(Refusal::new(400, format!("{}: set for the whole pack", f.name)).at(&f.name));
                }
                asked.set(setting, &f.text).map_err(|r| at_game(r, game.name()))?;
            }
        }
        for (name, value) in [
            ("seed", Some(seed_text.clone())),
            ("paper", get("paper")),
            ("lang", Some(lang.clone())),
            ("large-print", get("large-print")),
        ] {
            asked
                .set(name, value.as_deref().unwrap_or(""))
                .map_err(|r| at_game(r, game.name()))?;
        }
        asked.per_page = Some(per_page.to_string());
        let made = asked.make().map_err(|r| at_game(r, game.name()))?;
        games_played = games_played.saturating_add(made.request.simulated_games().saturating_mul(members as u64));
        work::check_games(games_played, lower_pack())?;
        pages += work::check_pages(members, pages, lower_pack(), |emit| {
            made.request
                .pages_imposed(&made.texts, per_page, Some("name"), emit)
                .map(|_| ())
        })? * members;
        entries.push(
            crate::pack::Entry::new(*game, made.common, asked.values.clone(), per(fields, *game)?)
                .map_err(|e| at_game(e.into(), game.name()))?,
        );
    }
    let spec = PackSpec {
        seed,
        students,
        entries,
        per_page,
        date: get("date").filter(|d| !d.is_empty()),
        spread: get("spread").is_some_and(|v| v == "true" || v == "on"),
    };
    let (pack, warnings) = crate::jobs::plan_pack(&spec, &texts).map_err(|e| {
        // Players too many or too few for a game: the tables' size decides them.
        let mut r = Refusal::from(e);
        if r.field.as_deref() == Some("players") {
            r.field = Some("table-size".into());
        }
        r
    })?;
    let split = get("split").is_some_and(|s| matches!(s.as_str(), "true" | "on" | "1"));
    // The seed, the games and who the sets are for, as the command line
    // names its packs: a tables pack and a take-home pack do not share a name.
    let game_names: Vec<&str> = games.iter().map(|g| g.name()).collect();
    let mut stem = format!("pack-{}-{}", pack.seed.file_stem(), game_names.join("+"));
    if spec.entries.iter().any(|e| e.per == crate::pack::Per::Student) {
        stem.push_str("-student");
    }
    let head = Head {
        content_type: if split { "application/zip" } else { "application/pdf" },
        file_name: format!("{stem}.{}", if split { "zip" } else { "pdf" }),
        warning: warnings.into_iter().next(),
    };
    Ok((head, Planned { pack, texts, split }))
}

/// Who a game's sheets are for: each table of students (the default; its
/// size the game's usual group unless given), or each student.
fn per(fields: &[Field], game: &dyn crate::game::Game) -> Result<crate::pack::Per, Refusal> {
    let get = |name: &str| {
        fields
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.text.trim())
            .filter(|t| !t.is_empty())
    };
    match get("per") {
        Some("student") => Ok(crate::pack::Per::Student),
        None | Some("table") => {
            let size = super::form::whole("table-size", get("table-size"), crate::pack::usual_table(game))
                .map_err(|e| Refusal::from(e).at("table-size"))?;
            Ok(crate::pack::Per::Group(size))
        }
        Some(other) => Err(Refusal::new(
            400,
            format!("per: {} is not 'table' or 'student'", crate::error::quote(other)),
        )
        .at("per")),
    }
}

/// A game's refusal, its field named `GAME.SETTING`.
fn at_game(mut r: Refusal, game: &str) -> Refusal {
    r.field = r.field.map(|f| match f.as_str() {
        "seed" | "paper" | "lang" | "per-page" | "large-print" => f,
        _ => format!("{game}.{f}"),
    });
    r
}

/// The students: a class list (a file, or names pasted one a line), or a number of numbered sets.
fn students(fields: &[Field]) -> Result<Students, Refusal> {
    let list = fields
        .iter()
        .filter(|f| (f.name == "roster" || f.name == "names") && !f.text.trim().is_empty())
        .collect::<Vec<_>>();
    let count = fields
        .iter()
        .find(|f| f.name == "count")
        .map(|f| f.text.trim())
        .filter(|c| !c.is_empty());
    match (list.as_slice(), count) {
        ([], None) => Err(Refusal::new(400, "names: give the class list, or a number of numbered sets").at("names")),
        ([], Some(n)) => Ok(Students::Numbered(
            super::form::whole("count", Some(n), 0).map_err(|e| Refusal::from(e).at("count"))?,
        )),
        ([_, _, ..], _) | ([_], Some(_)) => {
            Err(Refusal::new(400, "names: give a class list or a number of sets, not both").at("names"))
        }
        ([f], None) => {
            let what = f.file_name.clone().unwrap_or_else(|| "pasted".into());
            let first = f.text.lines().next().unwrap_or("").to_ascii_lowercase();
            let is_csv = what.to_ascii_lowercase().ends_with(".csv") || first.split(',').any(|c| c.trim() == "name");
            crate::pack::roster_from_text(&what, &f.text, is_csv)
                .map(Students::Named)
                .map_err(|e| Refusal::from(e).at(&f.name))
        }
    }
}

/// Writes the planned pack: one PDF, or a ZIP of the teacher key and one PDF per student.
fn write(planned: Planned, out: &mut work::Stream) -> crate::error::Result<()> {
    let Planned { pack, texts, split } = planned;
    if !split {
        return crate::jobs::write_pdf(out, false, |emit| pack.pages(&texts, emit)).map(|_| ());
    }
    use std::io::Write;
    let zip_error = |e: zip::result::ZipError| Error::input(format!("making the ZIP: {e}"));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    let mut zip = zip::ZipWriter::new_stream(out);
    crate::jobs::split_pdfs(&pack, &texts, &mut |name, pdf| {
        zip.start_file(name, options).map_err(zip_error)?;
        zip.write_all(&pdf)
            .map_err(|e| Error::input(format!("making the ZIP: {e}")))
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
            codes[0].starts_with("tp-hunt:5-") && codes[0].contains(":g12-s9-a10-d10-p4:a4:map:"),
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
        assert!(head.warning.unwrap().contains("'Ra 𓂀'"));
    }
}
