//! `panicpress serve`: the tool on one local web page. Settings travel as
//! query parameters named as the command-line flags; each request becomes the
//! command line the CLI takes, so a download is byte for byte the file the CLI
//! writes, and every check and message is the CLI's own. Nothing here knows a
//! game by name: the page builds its form from `/api/games`.

use crate::error::{Error, Result};
use crate::game::{COMMON, Game};
use crate::games::request::GameRequest;
use crate::text::Texts;

/// The page, with its script and style inside: no external resources.
const PAGE: &str = include_str!("../web/index.html");

/// Most layouts (`count`) one web request makes, and most students in a
/// pack: every request is over in seconds (the command line goes further).
pub const MAX_WEB_COUNT: usize = 100;
pub const MAX_WEB_STUDENTS: usize = 500;

/// Largest number of pages a preview request renders before giving up.
const MAX_PREVIEW_PAGES: usize = 2_000;

/// An answer: status, content type and body, and a file name for downloads.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    pub file_name: Option<String>,
    /// Said in an `X-Warning` header: what the command line would warn of.
    pub warning: Option<String>,
}

impl Reply {
    fn ok(content_type: &'static str, body: Vec<u8>) -> Reply {
        Reply {
            status: 200,
            content_type,
            body,
            file_name: None,
            warning: None,
        }
    }

    /// A refusal: `{"error": "one clear line"}`.
    fn error(status: u16, message: &str) -> Reply {
        let line = crate::error::tidy(message.lines().next().unwrap_or(message));
        Reply {
            status,
            content_type: "application/json",
            body: serde_json::json!({ "error": line }).to_string().into_bytes(),
            file_name: None,
            warning: None,
        }
    }
}

/// Requests answered at once; more wait their turn.
const WORKERS: usize = 4;
/// Largest request body read (a layout, a roster).
pub const MAX_BODY: u64 = 1024 * 1024;

/// Listens on `bind`:`port` and answers until stopped.
pub fn serve(bind: &str, port: u16, open: bool) -> Result<i32> {
    let addr = format!("{bind}:{port}");
    let server = std::sync::Arc::new(
        tiny_http::Server::http(&addr).map_err(|e| Error::input(format!("serve: cannot listen on {addr}: {e}")))?,
    );
    let url = format!("http://{addr}/");
    println!("panicpress is on {url} (Ctrl-C stops it)");
    if open {
        let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
        if std::process::Command::new(opener).arg(&url).spawn().is_err() {
            eprintln!("warning: could not open a browser; open {url} yourself");
        }
    }
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let server = server.clone();
            std::thread::spawn(move || {
                while let Ok(request) = server.recv() {
                    respond(request);
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    Ok(0)
}

/// Reads one request (its body at most [`MAX_BODY`]) and sends the answer.
fn respond(mut request: tiny_http::Request) {
    use std::io::Read;
    let content_type = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Content-Type"))
        .map(|h| h.value.as_str().to_string())
        .unwrap_or_default();
    let mut body = Vec::new();
    let reply = match request.as_reader().take(MAX_BODY + 1).read_to_end(&mut body) {
        Err(e) => Reply::error(400, &format!("the request could not be read: {e}")),
        Ok(_) if body.len() as u64 > MAX_BODY => {
            Reply::error(413, &format!("the request is larger than {} KiB", MAX_BODY / 1024))
        }
        // A fault in one request answers 500 and leaves the worker serving.
        Ok(_) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match request.method() {
            tiny_http::Method::Get => answer(request.url()),
            tiny_http::Method::Post => answer_post(request.url(), &content_type, &body),
            _ => Reply::error(405, "only GET and POST requests are answered"),
        }))
        .unwrap_or_else(|_| Reply::error(500, "the server failed on this request")),
    };
    let mut response = tiny_http::Response::from_data(reply.body).with_status_code(reply.status);
    let mut header = |name: &str, value: &str| {
        if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(h);
        }
    };
    header("Content-Type", reply.content_type);
    header("Cache-Control", "no-store");
    if let Some(name) = &reply.file_name {
        header("Content-Disposition", &format!("attachment; filename=\"{name}\""));
    }
    if let Some(w) = &reply.warning {
        // Header values are ASCII: the warning's words, without the names themselves.
        let ascii: String = w.chars().filter(|c| c.is_ascii() && !c.is_ascii_control()).collect();
        header("X-Warning", &ascii);
    }
    let _ = request.respond(response);
}

/// The answer to one GET of `url` (a path and query).
pub fn answer(url: &str) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let params: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let result = match path.trim_end_matches('/').split('/').collect::<Vec<_>>().as_slice() {
        [""] => return Reply::ok("text/html; charset=utf-8", PAGE.as_bytes().to_vec()),
        ["", "api", "games"] => Ok(Reply::ok("application/json", games_json().into_bytes())),
        ["", "api", "regen"] => regen(&params),
        ["", "api", game, what] => match crate::games::find(game) {
            Ok(game) => game_answer(game, what, &params),
            Err(e) => return Reply::error(404, &e.message),
        },
        _ => return Reply::error(404, &format!("nothing at {}", crate::error::quote(path))),
    };
    result.unwrap_or_else(|e| Reply::error(400, &e.message))
}

/// The answer to one POST of `url` with `body`.
pub fn answer_post(url: &str, content_type: &str, body: &[u8]) -> Reply {
    let path = url.split('?').next().unwrap_or(url).trim_end_matches('/');
    let result = match path.split('/').collect::<Vec<_>>().as_slice() {
        ["", "api", "validate", game] => match crate::games::find(game) {
            Ok(game) => validate(game, body),
            Err(e) => return Reply::error(404, &e.message),
        },
        ["", "api", "pack"] => form_fields(content_type, body).and_then(|fields| pack(&fields)),
        _ => return Reply::error(404, &format!("nothing to post to at {}", crate::error::quote(path))),
    };
    result.unwrap_or_else(|e| Reply::error(400, &e.message))
}

/// `POST /api/validate/GAME`: the layout JSON run through the game's rule engine.
fn validate(game: &dyn Game, body: &[u8]) -> Result<Reply> {
    let text = std::str::from_utf8(body).map_err(|_| Error::input("the layout is not UTF-8 text"))?;
    let verdict = game.validate("the layout", text, &crate::game::Values::default())?;
    let violations: Vec<serde_json::Value> = verdict
        .broken
        .iter()
        .map(|line| {
            let (rule, message) = line.split_once(": ").unwrap_or(("", line));
            serde_json::json!({ "rule": rule, "message": message })
        })
        .collect();
    let j = serde_json::json!({ "legal": violations.is_empty(), "violations": violations });
    Ok(Reply::ok("application/json", j.to_string().into_bytes()))
}

/// One field of a posted form: its name, the file name it came from, its content.
struct Field {
    name: String,
    file_name: Option<String>,
    value: Vec<u8>,
}

impl Field {
    fn text(&self) -> Result<&str> {
        std::str::from_utf8(&self.value).map_err(|_| Error::input(format!("{}: not UTF-8 text", self.name)))
    }
}

/// The fields of a form, sent as `multipart/form-data` or URL-encoded.
fn form_fields(content_type: &str, body: &[u8]) -> Result<Vec<Field>> {
    let Some(boundary) = content_type
        .split(';')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("boundary="))
        .map(|b| b.trim_matches('"'))
    else {
        return Ok(form_urlencoded::parse(body)
            .map(|(k, v)| Field {
                name: k.into_owned(),
                file_name: None,
                value: v.into_owned().into_bytes(),
            })
            .collect());
    };
    let delimiter = format!("--{boundary}").into_bytes();
    let mut fields = Vec::new();
    for part in split_bytes(body, &delimiter).into_iter().skip(1) {
        if part.starts_with(b"--") {
            break;
        }
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let Some(end) = part.windows(4).position(|w| w == b"\r\n\r\n") else {
            return Err(Error::input("the form is not well formed (a part has no headers)"));
        };
        let head = String::from_utf8_lossy(&part[..end]).to_string();
        let value = &part[end + 4..];
        let value = value.strip_suffix(b"\r\n").unwrap_or(value);
        let quoted = |key: &str| {
            head.split(';')
                .map(str::trim)
                .find_map(|p| p.strip_prefix(&format!("{key}=\"")))
                .and_then(|v| v.split('"').next())
                .map(str::to_string)
        };
        fields.push(Field {
            name: quoted("name").ok_or_else(|| Error::input("the form is not well formed (a part has no name)"))?,
            file_name: quoted("filename"),
            value: value.to_vec(),
        });
    }
    Ok(fields)
}

fn split_bytes<'a>(data: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i + delimiter.len() <= data.len() {
        if &data[i..i + delimiter.len()] == delimiter {
            parts.push(&data[start..i]);
            i += delimiter.len();
            start = i;
        } else {
            i += 1;
        }
    }
    parts.push(&data[start..]);
    parts
}

/// `POST /api/pack`: a class pack from a roster (or a count) and the pack's
/// options, named as `panicpress pack` names them. The PDF, or with
/// `split=true` a ZIP of one PDF per student and the teacher key.
fn pack(fields: &[Field]) -> Result<Reply> {
    let mut argv = vec!["panicpress".to_string(), "pack".to_string()];
    let mut names = None;
    let mut split = false;
    let mut pack_file: Option<String> = None;
    for f in fields {
        match f.name.as_str() {
            "roster" => {
                let what = f.file_name.clone().unwrap_or_else(|| "roster".into());
                let is_csv = what.to_ascii_lowercase().ends_with(".csv")
                    || f.text()?
                        .lines()
                        .next()
                        .is_some_and(|l| l.to_ascii_lowercase().split(',').any(|c| c.trim() == "name"));
                if !f.text()?.trim().is_empty() {
                    names = Some(crate::pack::roster_from_text(&what, f.text()?, is_csv)?);
                }
            }
            "split" => split = matches!(f.text()?, "true" | "on" | "1"),
            "packfile" => {
                if !f.text()?.trim().is_empty() {
                    pack_file = Some(f.text()?.to_string());
                }
            }
            "game" | "seed" | "sheets" | "count" | "players" | "paper" | "date" | "per-page" | "lang" => {
                if !f.text()?.is_empty() {
                    argv.push(format!("--{}", f.name));
                    argv.push(f.text()?.to_string());
                }
            }
            other => {
                return Err(Error::input(format!(
                    "{}: not a pack option (roster, packfile, count, game, seed, sheets, players, paper, lang, date, per-page, split)",
                    crate::error::quote(other)
                )));
            }
        }
    }
    let matches = crate::cli::command()
        .try_get_matches_from(argv)
        .map_err(|e| Error::input(e.render().to_string()))?;
    let (_, m) = matches.subcommand().expect("pack");
    let args =
        <crate::cli::PackArgs as clap::FromArgMatches>::from_arg_matches(m).map_err(|e| Error::input(e.to_string()))?;
    let students = names.as_ref().map_or(args.count.unwrap_or(0), Vec::len);
    if students > MAX_WEB_STUDENTS {
        return Err(Error::input(format!(
            "{students} students: at most {MAX_WEB_STUDENTS} in a pack made on the web page (the command line makes up to {})",
            crate::pack::MAX_STUDENTS
        )));
    }
    if let Some(text) = &pack_file {
        // The class list comes as an upload: a path in the pack file would be the server's.
        if crate::config::parse_pack_file("pack file", text)?.roster.is_some() {
            return Err(Error::input(
                "pack file: 'roster' names a file on this computer; upload the class list instead",
            ));
        }
    }
    let planned = crate::commands::plan_pack_with(&args, names, pack_file.as_deref())?;
    let stem = format!("pack-{}", planned.pack.seed.file_stem());
    let mut reply = if split {
        let mut reply = Reply::ok("application/zip", split_zip(&planned)?);
        reply.file_name = Some(format!("{stem}.zip"));
        reply
    } else {
        let mut bytes = Vec::new();
        crate::commands::write_pdf(&mut bytes, false, |emit| planned.pack.pages(&planned.texts, emit))?;
        let mut reply = Reply::ok("application/pdf", bytes);
        reply.file_name = Some(format!("{stem}.pdf"));
        reply
    };
    // The page shows what the command line would warn of.
    if let Some(w) = planned.warnings.first() {
        reply.warning = Some(w.clone());
    }
    Ok(reply)
}

/// The split pack as a ZIP: the teacher key, then one PDF per student and table,
/// named as `pack --split` names the files.
fn split_zip(planned: &crate::commands::PlannedPack) -> Result<Vec<u8>> {
    use std::io::Write;
    let zip_error = |e: zip::result::ZipError| Error::input(format!("making the ZIP: {e}"));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    crate::commands::split_pdfs(&planned.pack, &planned.texts, &mut |name, pdf| {
        zip.start_file(name, options).map_err(zip_error)?;
        zip.write_all(&pdf)
            .map_err(|e| Error::input(format!("making the ZIP: {e}")))
    })?;
    Ok(zip.finish().map_err(zip_error)?.into_inner())
}

/// The registry as the page reads it: each game's settings and sheets.
pub fn games_json() -> String {
    let games: Vec<serde_json::Value> = crate::games::all()
        .iter()
        .map(|g| {
            serde_json::json!({
                "name": g.name(),
                "title": g.title(),
                "about": g.about(),
                "example": g.example(),
                "settings": g.settings(),
                "sheets": g.sheet_kinds(),
                "default_sheets": g.default_sheets(),
                "small_sheets": g.small_sheets(),
            })
        })
        .collect();
    serde_json::json!({
        "games": games,
        "common": COMMON,
        "papers": crate::game::PAPERS,
        "languages": crate::text::LANGUAGES,
    })
    .to_string()
}

/// The request the parameters stand for, through the command line's own parser.
fn request_from(
    game: &'static dyn Game,
    params: &[(String, String)],
) -> Result<(GameRequest, crate::commands::Options)> {
    let mut argv = vec!["panicpress".to_string(), game.name().to_string()];
    let mut extra = crate::game::Values::default();
    for (key, value) in params {
        let known = COMMON.contains(&key.as_str()) || game.settings().iter().any(|s| s.name == key);
        if key == "page" || key == "dpi" {
            continue;
        }
        if !known {
            return Err(Error::input(format!(
                "{}: not a {} setting",
                crate::error::quote(key),
                game.name()
            )));
        }
        // The server reads no files: a file setting comes as the file's text (TOML).
        if game
            .settings()
            .iter()
            .any(|s| s.name == key && matches!(s.kind, crate::game::Kind::File))
        {
            if !value.trim().is_empty() {
                let table: toml::Table =
                    toml::from_str(value).map_err(|e| Error::input(format!("{key}: {}", e.message())))?;
                extra.set(key, crate::game::Value::Table(table));
            }
            continue;
        }
        if value.is_empty() {
            continue;
        }
        argv.push(format!("--{key}"));
        argv.push(value.clone());
    }
    if let Some((_, n)) = params.iter().find(|(k, _)| k == "count")
        && n.parse::<usize>().is_ok_and(|n| n > MAX_WEB_COUNT)
    {
        return Err(Error::input(format!(
            "count: at most {MAX_WEB_COUNT} on the web page (the command line makes up to {})",
            crate::game::MAX_COUNT
        )));
    }
    if !params.iter().any(|(k, v)| k == "seed" && !v.is_empty()) {
        return Err(Error::input("seed: give a seed, so the sheets can be made again"));
    }
    let matches = crate::cli::command()
        .try_get_matches_from(argv)
        .map_err(|e| Error::input(e.render().to_string()))?;
    let (_, m) = matches.subcommand().expect("the game's subcommand");
    crate::commands::game_request(game, m, &extra)
}

fn game_answer(game: &'static dyn Game, what: &str, params: &[(String, String)]) -> Result<Reply> {
    let (request, options) = request_from(game, params)?;
    // The web passes no templates or font: only the language reaches the options.
    let texts = crate::commands::texts(&options.out)?;
    request.check(&texts)?;
    let stem = format!("{}-{}", game.name(), request.seed().file_stem());
    match what {
        "pdf" => {
            let mut reply = Reply::ok("application/pdf", pdf(&request, &texts, options.per_page, None)?);
            reply.file_name = Some(format!("{stem}.pdf"));
            Ok(reply)
        }
        "json" => {
            let mut reply = Reply::ok("application/json", request.json()?.into_bytes());
            reply.file_name = Some(format!("{stem}.json"));
            Ok(reply)
        }
        "info" => {
            let mut pages = 0;
            crate::pack::sheets_imposed(&request, &texts, options.per_page, None, &mut |_| {
                pages += 1;
                Ok(())
            })?;
            let code = crate::seed::SheetCode::text_with_lang(&request.code()?, texts.lang());
            Ok(Reply::ok(
                "application/json",
                serde_json::json!({ "code": code, "pages": pages })
                    .to_string()
                    .into_bytes(),
            ))
        }
        "preview" | "png" => {
            let page: usize = match params.iter().find(|(k, _)| k == "page") {
                Some((_, n)) => n
                    .parse()
                    .map_err(|_| Error::input(format!("page: {} is not a page number", crate::error::quote(n))))?,
                None => 1,
            };
            if page == 0 || page > MAX_PREVIEW_PAGES {
                return Err(Error::input(format!(
                    "page: {page} is out of range (1 to {MAX_PREVIEW_PAGES})"
                )));
            }
            let mut seen = 0;
            let mut found = None;
            let made = crate::pack::sheets_imposed(&request, &texts, options.per_page, None, &mut |p| {
                seen += 1;
                if seen == page {
                    found = Some(p);
                    // Enough: the pages after this one are not drawn.
                    return Err(Error::input(""));
                }
                Ok(())
            });
            match found {
                Some(p) if what == "png" => {
                    let dpi: u32 = match params.iter().find(|(k, _)| k == "dpi") {
                        Some((_, d)) => d.parse().ok().filter(|d| (10..=300).contains(d)).ok_or_else(|| {
                            Error::input(format!("dpi: {} is not from 10 to 300", crate::error::quote(d)))
                        })?,
                        None => 96,
                    };
                    let png = crate::render::svg::page_png(&p, dpi).map_err(Error::input)?;
                    let mut reply = Reply::ok("image/png", png);
                    reply.file_name = Some(format!("{stem}-{page:03}.png"));
                    Ok(reply)
                }
                Some(p) => Ok(Reply::ok(
                    "image/svg+xml",
                    crate::render::svg::page_svg(&p).into_bytes(),
                )),
                None => {
                    made?;
                    Err(Error::input(format!(
                        "page: {page} is out of range (the sheets have {seen} pages)"
                    )))
                }
            }
        }
        other => Err(Error::input(format!(
            "{}: choose pdf, json, info, preview or png",
            crate::error::quote(other)
        ))),
    }
}

/// The PDF, as `panicpress GAME ... -o FILE` writes it.
fn pdf(request: &GameRequest, texts: &Texts, per_page: usize, name: Option<&str>) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    crate::commands::write_pdf(&mut bytes, false, |emit| {
        crate::pack::sheets_imposed(request, texts, per_page, name, emit)
    })?;
    Ok(bytes)
}

/// `/api/regen?code=CODE`: the PDF `panicpress regen CODE` writes.
fn regen(params: &[(String, String)]) -> Result<Reply> {
    let code = params
        .iter()
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.as_str())
        .ok_or_else(|| Error::input("code: paste the code printed at the foot of a sheet"))?;
    let code = crate::seed::SheetCode::parse(code)?;
    let request = GameRequest::from_code(&code)?;
    let texts = Texts::load(code.lang(), None)?;
    request.check(&texts)?;
    let mut reply = Reply::ok("application/pdf", pdf(&request, &texts, 1, None)?);
    reply.file_name = Some(format!("{}-{}.pdf", code.game, code.seed.file_stem()));
    Ok(reply)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(reply: &Reply) -> serde_json::Value {
        serde_json::from_slice(&reply.body).unwrap()
    }

    #[test]
    fn the_registry_is_served_with_every_game_and_setting() {
        let r = answer("/api/games");
        assert_eq!(r.status, 200);
        let j = json(&r);
        let games = j["games"].as_array().unwrap();
        assert_eq!(games.len(), crate::games::all().len());
        for (g, want) in games.iter().zip(crate::games::all()) {
            assert_eq!(g["name"], want.name());
            assert_eq!(g["settings"].as_array().unwrap().len(), want.settings().len());
        }
    }

    #[test]
    fn the_page_is_served_whole() {
        let r = answer("/");
        assert_eq!(r.status, 200);
        let page = String::from_utf8(r.body).unwrap();
        assert!(page.contains("/api/games") && !page.contains("http://") && !page.contains("https://"));
    }

    #[test]
    fn a_preview_is_an_svg_of_the_page_asked_for() {
        let r = answer("/api/tp-hunt/preview?seed=42&page=2");
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        assert!(r.body.starts_with(b"<svg") || String::from_utf8_lossy(&r.body).contains("<svg"));
        let png = answer("/api/tp-hunt/png?seed=42&page=1&dpi=30");
        assert_eq!(png.status, 200);
        assert!(png.body.starts_with(b"\x89PNG"));
        assert_eq!(png.file_name.as_deref(), Some("tp-hunt-42-001.png"));
        let info = json(&answer("/api/tp-hunt/info?seed=42&players=3"));
        assert_eq!(info["code"], "tp-hunt:3:g12-s12-a10-d7-p3:a4:default:42");
        assert!(info["pages"].as_u64().unwrap() >= 3);
    }

    #[test]
    fn a_posted_layout_is_judged_by_the_games_engine() {
        let layout = answer("/api/tp-hunt/json?seed=4").body;
        let j = json(&answer_post("/api/validate/tp-hunt", "application/json", &layout));
        assert_eq!(j["legal"], true);
        let mut map: serde_json::Value = serde_json::from_slice(&layout).unwrap();
        map["stores"][0] = map["atms"][0].clone();
        let broken = serde_json::to_vec(&map).unwrap();
        let j = json(&answer_post("/api/validate/tp-hunt", "application/json", &broken));
        assert_eq!(j["legal"], false);
        assert_eq!(j["violations"][0]["rule"], "distinct-cells");
        let r = answer_post("/api/validate/ppe", "application/json", b"{not json");
        assert_eq!(r.status, 400);
    }

    #[test]
    fn a_pack_comes_from_a_posted_roster_or_count() {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"roster\"; filename=\"class.txt\"\r\n\r\nAnn\nBo\r\n\
                    --XyZ\r\nContent-Disposition: form-data; name=\"game\"\r\n\r\nppe\r\n\
                    --XyZ\r\nContent-Disposition: form-data; name=\"seed\"\r\n\r\n5B\r\n--XyZ--\r\n";
        let r = answer_post("/api/pack", "multipart/form-data; boundary=XyZ", body.as_bytes());
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        assert!(r.body.starts_with(b"%PDF-"));
        let r = answer_post(
            "/api/pack",
            "application/x-www-form-urlencoded",
            b"game=tp-hunt&seed=5B&count=3&sheets=map&split=true",
        );
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        assert!(r.body.starts_with(b"PK"));
        assert_eq!(r.file_name.as_deref(), Some("pack-5b.zip"));
        let file = "[[entry]]\ngame = \"tp-hunt\"\nsheets = [\"map\"]\n[[entry]]\ngame = \"ppe\"\nsheets = [\"scorepad\"]\nper = \"table\"\n";
        let body: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("seed", "5B")
            .append_pair("count", "4")
            .append_pair("packfile", file)
            .finish();
        let r = answer_post("/api/pack", "application/x-www-form-urlencoded", body.as_bytes());
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        for (body, says) in [
            ("game=tp-hunt&seed=5B", "roster"),
            (
                "seed=5B&count=2&packfile=roster+%3D+%22%2Fetc%2Fpasswd%22",
                "upload the class list",
            ),
            ("game=tp-hunt&seed=5B&count=3&template=x", "not a pack option"),
            ("game=chess&seed=5B&count=3", "unknown game"),
        ] {
            let r = answer_post("/api/pack", "application/x-www-form-urlencoded", body.as_bytes());
            assert_eq!(r.status, 400, "{body}");
            assert!(json(&r)["error"].as_str().unwrap().contains(says), "{body}");
        }
    }

    #[test]
    fn bad_settings_get_a_4xx_with_one_line_of_json() {
        for (url, status, says) in [
            ("/api/tp-hunt/pdf?seed=1&players=9", 400, "players: 9 is out of range"),
            (
                "/api/tp-hunt/pdf?seed=1&output=/etc/passwd",
                400,
                "not a tp-hunt setting",
            ),
            ("/api/tp-hunt/pdf?players=3", 400, "seed"),
            ("/api/chess/pdf?seed=1", 404, "unknown game"),
            ("/api/tp-hunt/preview?seed=1&page=99", 400, "out of range"),
            ("/api/regen?code=garbage", 400, "GAME:VERSION"),
            ("/nowhere", 404, "nothing at"),
        ] {
            let r = answer(url);
            assert_eq!(r.status, status, "{url}");
            let e = json(&r)["error"].as_str().unwrap().to_string();
            assert!(e.contains(says) && !e.contains('\n'), "{url}: {e}");
        }
    }
}
