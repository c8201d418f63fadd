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

/// Largest number of pages a preview request renders before giving up.
const MAX_PREVIEW_PAGES: usize = 2_000;

/// An answer: status, content type and body, and a file name for downloads.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    pub file_name: Option<String>,
}

impl Reply {
    fn ok(content_type: &'static str, body: Vec<u8>) -> Reply {
        Reply {
            status: 200,
            content_type,
            body,
            file_name: None,
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
        }
    }
}

/// Listens on 127.0.0.1:`port` and answers until stopped.
pub fn serve(port: u16, open: bool) -> Result<i32> {
    let addr = format!("127.0.0.1:{port}");
    let server =
        tiny_http::Server::http(&addr).map_err(|e| Error::input(format!("serve: cannot listen on {addr}: {e}")))?;
    let url = format!("http://{addr}/");
    println!("panicpress is on {url} (Ctrl-C stops it)");
    if open {
        let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
        if std::process::Command::new(opener).arg(&url).spawn().is_err() {
            eprintln!("warning: could not open a browser; open {url} yourself");
        }
    }
    for request in server.incoming_requests() {
        let reply = if *request.method() == tiny_http::Method::Get {
            answer(request.url())
        } else {
            Reply::error(405, "only GET requests are answered")
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
        let _ = request.respond(response);
    }
    Ok(0)
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
    for (key, value) in params {
        let known = COMMON.contains(&key.as_str()) || game.settings().iter().any(|s| s.name == key);
        if key == "page" {
            continue;
        }
        if !known {
            return Err(Error::input(format!(
                "{}: not a {} setting",
                crate::error::quote(key),
                game.name()
            )));
        }
        if value.is_empty() {
            continue;
        }
        argv.push(format!("--{key}"));
        argv.push(value.clone());
    }
    if !params.iter().any(|(k, v)| k == "seed" && !v.is_empty()) {
        return Err(Error::input("seed: give a seed, so the sheets can be made again"));
    }
    let matches = crate::cli::command()
        .try_get_matches_from(argv)
        .map_err(|e| Error::input(e.render().to_string()))?;
    let (_, m) = matches.subcommand().expect("the game's subcommand");
    crate::commands::game_request(game, m)
}

fn texts(options: &crate::commands::Options) -> Result<Texts> {
    Ok(Texts::load(options.out.text.lang.as_deref().unwrap_or("en"), None)?)
}

fn game_answer(game: &'static dyn Game, what: &str, params: &[(String, String)]) -> Result<Reply> {
    let (request, options) = request_from(game, params)?;
    let texts = texts(&options)?;
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
        "preview" => {
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
            let mut svg = None;
            let made = crate::pack::sheets_imposed(&request, &texts, options.per_page, None, &mut |p| {
                seen += 1;
                if seen == page {
                    svg = Some(crate::render::svg::page_svg(&p));
                    // Enough: the pages after this one are not drawn.
                    return Err(Error::input(""));
                }
                Ok(())
            });
            match svg {
                Some(svg) => Ok(Reply::ok("image/svg+xml", svg.into_bytes())),
                None => {
                    made?;
                    Err(Error::input(format!(
                        "page: {page} is out of range (the sheets have {seen} pages)"
                    )))
                }
            }
        }
        other => Err(Error::input(format!(
            "{}: choose pdf, json, info or preview",
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
        let info = json(&answer("/api/tp-hunt/info?seed=42&players=3"));
        assert_eq!(info["code"], "tp-hunt:1:g12-s12-a10-d7-p3:a4:default:42");
        assert!(info["pages"].as_u64().unwrap() >= 3);
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
