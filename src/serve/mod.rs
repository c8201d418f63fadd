//! `panicpress serve`: the tool on one local web page, on axum (tokio,
//! hyper) with tower-http for limits and timeouts. A request's fields go
//! through the same input step ([`form`]) and library calls as the command
//! line, so a download is byte for byte the file the command
//! line writes. Every request is bounded: header and body size, time, the
//! work it costs ([`work`]), how many are answered at once. Only the
//! server's own host names are answered, writes must come from its own page,
//! and the page cannot be framed. Nothing here knows a game by name.

mod action;
pub mod form;
mod pack;
pub mod refusal;
pub mod work;

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, RawQuery, Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tower::ServiceBuilder;

use crate::error::{Error, Result};
use crate::game::{COMMON, Game};
use crate::jobs::DocumentInput;
use crate::message::Msg;
use crate::msg;
use refusal::Refusal;
use work::{Document, Made, Stream};

/// Largest request body read (a layout, a class list and the pack's settings).
pub const MAX_BODY: usize = 1024 * 1024;
/// Largest request head (request line and headers) answered; a larger one
/// up to [`MAX_HEAD_READ`] is refused as JSON naming its longest field.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// Largest request head read at all; beyond it the connection answers 431 alone.
const MAX_HEAD_READ: usize = 64 * 1024;
/// Most request headers.
const MAX_HEADERS: usize = 64;
/// Time for a request's head to arrive, and for an idle connection to send the next.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// Time for a whole request body to arrive.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(20);
/// Time for an answer to start (work waiting its turn included).
const ANSWER_TIMEOUT: Duration = Duration::from_secs(60);
/// Requests in progress at once; more are answered 503 with Retry-After.
pub const MAX_IN_FLIGHT: usize = 64;
/// Open connections at once; more are answered 503 at once.
const MAX_CONNECTIONS: usize = 256;
/// Open connections from one client address: one host's slow or idle
/// connections (a browser keeps six) cannot take the others' places.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 16;
/// Longest a connection is kept, downloads included.
const CONNECTION_LIFETIME: Duration = Duration::from_secs(600);

/// The page, its script and its style: no external resources.
const PAGE: &str = include_str!("../../web/index.html");
const SCRIPT: &str = include_str!("../../web/app.js");
const STYLE: &str = include_str!("../../web/app.css");

/// What every request shares: the host names answered, the documents made
/// lately, and the permits for CPU-heavy work.
pub struct Shared {
    hosts: Hosts,
    cache: work::Cache,
    workers: Arc<tokio::sync::Semaphore>,
}

/// The host names this server answers to: a page reached by any other name
/// (DNS rebinding) gets nothing.
pub struct Hosts {
    names: Vec<String>,
    /// Bound to every interface: any address literal reaches it.
    any_address: bool,
}

impl Hosts {
    pub(crate) fn for_bind(bind: &str) -> Hosts {
        let bind = bind.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
        let any_address = bind.parse::<IpAddr>().is_ok_and(|ip| ip.is_unspecified());
        let mut names: Vec<String> = ["localhost", "127.0.0.1", "::1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        names.push(bind);
        Hosts { names, any_address }
    }

    /// Whether a `Host` header (a name and perhaps a port) is one of ours.
    pub(crate) fn allows(&self, host: &str) -> bool {
        let name = host_name(host).to_ascii_lowercase();
        self.names.contains(&name) || (self.any_address && name.parse::<IpAddr>().is_ok())
    }
}

/// The name part of a `Host` value: `[::1]:8080` is `::1`, `localhost:80` is `localhost`.
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("");
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// Listens on `bind`:`port` and answers until stopped.
pub fn serve(bind: &str, port: u16, open: bool, lang: &str) -> Result<i32> {
    if !crate::text::LANGUAGES.contains(&lang) {
        return Err(Error::setting_msg("lang", crate::text::unknown_language(lang)));
    }
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(2, 8);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(workers + 2)
        .enable_all()
        .build()
        .map_err(|e| Error::msg(msg!("serve.cannot_start", why = crate::error::io_reason(&e))).within("serve"))?;
    let shared = Arc::new(Shared {
        hosts: Hosts::for_bind(bind),
        cache: work::Cache::default(),
        workers: Arc::new(tokio::sync::Semaphore::new(workers)),
    });
    runtime.block_on(async move {
        let addr = match bind.parse::<IpAddr>() {
            Ok(IpAddr::V6(ip)) => format!("[{ip}]:{port}"),
            _ => format!("{bind}:{port}"),
        };
        let listener = tokio::net::TcpListener::bind(&addr).await.map_err(|e| {
            let why = crate::error::io_reason(&e);
            Error::msg(msg!("serve.cannot_listen", addr = addr.as_str(), why = why)).within("serve")
        })?;
        let url = format!("http://{addr}/");
        println!("{}", msg!("serve.listening", url = url.as_str()).words(lang));
        if open {
            let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
            if std::process::Command::new(opener).arg(&url).spawn().is_err() {
                eprintln!("{}", msg!("serve.no_browser", url = url.as_str()).words(lang));
            }
        }
        accept(listener, app(shared)).await;
        Ok(0)
    })
}

/// Accepts connections and serves each with hyper's HTTP/1.1, its head
/// bounded in size and time. A connection beyond the limits (all open
/// connections, or one client address's) is answered 503 at once and closed,
/// so that the accepting never waits on anyone.
async fn accept(listener: tokio::net::TcpListener, app: Router) {
    let open = Arc::new(OpenConnections::default());
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_header_size(MAX_HEAD_READ)
        .max_headers(MAX_HEADERS)
        .max_buf_size(MAX_HEAD_READ + 16 * 1024);
    let http = Arc::new(http);
    loop {
        let Ok((stream, peer)) = listener.accept().await else {
            continue;
        };
        let Some(place) = open.take(peer.ip()) else {
            tokio::spawn(turn_away(stream));
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        let http = http.clone();
        tokio::spawn(async move {
            let connection = http.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            let _ = tokio::time::timeout(CONNECTION_LIFETIME, connection).await;
            drop(place);
        });
    }
}

/// The open connections, counted in all and for each client address.
#[derive(Default)]
struct OpenConnections {
    by_address: std::sync::Mutex<std::collections::HashMap<IpAddr, usize>>,
}

/// One open connection's place, given back when it closes.
struct Place {
    open: Arc<OpenConnections>,
    address: IpAddr,
}

impl OpenConnections {
    /// A place for a connection from `address`, when the limits leave one.
    fn take(self: &Arc<Self>, address: IpAddr) -> Option<Place> {
        let address = address.to_canonical();
        let mut counts = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        let all: usize = counts.values().sum();
        let mine = counts.entry(address).or_default();
        if all >= MAX_CONNECTIONS || *mine >= MAX_CONNECTIONS_PER_ADDRESS {
            if *mine == 0 {
                counts.remove(&address);
            }
            return None;
        }
        *mine += 1;
        Some(Place {
            open: self.clone(),
            address,
        })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = self.open.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

/// Answers a connection beyond the limits 503 and closes it, reading what
/// it sends meanwhile (closed unread, the answer could be lost to a reset);
/// two seconds at most.
async fn turn_away(mut stream: tokio::net::TcpStream) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        stream.write_all(&busy_answer()).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 4096];
        while stream.read(&mut sink).await? > 0 {}
        std::io::Result::Ok(())
    })
    .await;
}

/// The whole answer to a connection beyond the limits: 503, JSON, closed.
fn busy_answer() -> Vec<u8> {
    let body = Refusal::new(503, msg!("serve.too_many_connections")).json();
    format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 2\r\n\
         Cache-Control: no-store\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The routes, with every limit around them.
pub fn app(shared: Arc<Shared>) -> Router {
    let headers = [
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; \
             connect-src 'self' blob:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
        (HeaderName::from_static("cross-origin-resource-policy"), "same-origin"),
        (header::CACHE_CONTROL, "no-store"),
    ];
    let routes = Router::new()
        .route("/", get(|| async { text("text/html; charset=utf-8", PAGE) }))
        .route(
            "/app.js",
            get(|| async { text("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route("/app.css", get(|| async { text("text/css; charset=utf-8", STYLE) }))
        .route("/api/games", get(|| async { text("application/json", &games_json()) }))
        .route("/api/words", get(words))
        .route("/api/regen", get(regen))
        .route("/api/pack", post(pack::answer))
        .route("/api/pack/preview", post(pack::preview))
        .route("/api/validate/{game}", post(validate))
        .route("/api/{game}/action/{name}", get(action_answer))
        .route("/api/{game}/{what}", get(game_answer))
        .fallback(|method: Method, uri: axum::http::Uri| async move {
            let path = crate::error::quote(uri.path());
            let nothing = if method == Method::GET {
                msg!("serve.nothing_at", path = path)
            } else {
                msg!("serve.nothing_to_post", path = path)
            };
            refusal(Refusal::new(404, nothing))
        })
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared.clone());
    // Around all the routes at once: one count of requests in progress.
    let limited = ServiceBuilder::new()
        .layer(axum::error_handling::HandleErrorLayer::new(
            |_: tower::BoxError| async {
                let mut r = refusal(Refusal::new(503, msg!("serve.busy")));
                r.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
                r
            },
        ))
        .load_shed()
        .concurrency_limit(MAX_IN_FLIGHT)
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            ANSWER_TIMEOUT,
        ))
        .layer(tower_http::limit::RequestBodyLimitLayer::new(MAX_BODY))
        .layer(tower_http::timeout::RequestBodyDeadlineLayer::new(BODY_TIMEOUT))
        .service(routes);
    let mut outer = Router::new()
        .fallback_service(limited)
        .layer(axum::middleware::from_fn_with_state(shared, guard));
    for (name, value) in headers {
        outer = outer.layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
            name,
            HeaderValue::from_static(value),
        ));
    }
    outer
}

fn text(content_type: &'static str, body: &str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body.to_string()).into_response()
}

tokio::task_local! {
    /// The page's language for this request (its `Accept-Language`), in
    /// which refusals are worded.
    static PAGE_LANGUAGE: String;
}

/// A refusal as JSON, `{"error": "one line", "field": "players"}`, worded
/// in the page's language.
pub fn refusal(mut r: Refusal) -> Response {
    if let Ok(lang) = PAGE_LANGUAGE.try_with(String::clone) {
        r = r.worded(&lang);
    }
    let status = StatusCode::from_u16(r.status).unwrap_or(StatusCode::BAD_REQUEST);
    (status, [(header::CONTENT_TYPE, "application/json")], r.json()).into_response()
}

/// The page's language for this request; English outside one.
pub(crate) fn page_lang() -> String {
    PAGE_LANGUAGE.try_with(String::clone).unwrap_or_else(|_| "en".into())
}

/// The first language `Accept-Language` names that the texts have; English otherwise.
fn page_language(request: &Request) -> String {
    let asked = request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    asked
        .split(',')
        .map(|l| l.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
        .map(|l| l.split('-').next().unwrap_or("").to_string())
        .find(|l| crate::text::LANGUAGES.contains(&l.as_str()))
        .unwrap_or_else(|| "en".to_string())
}

/// Answers only the server's own host names; a write (anything but GET)
/// must come from the server's own page: its `Origin` the server's, or none.
async fn guard(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string)
        .or_else(|| request.uri().authority().map(|a| a.to_string()))
        .unwrap_or_default();
    // Refusals before the page's language is in scope are worded in it too.
    let lang = page_language(&request);
    if !shared.hosts.allows(&host) {
        let refused = Refusal::new(421, msg!("serve.host", host = crate::error::quote(&host)));
        return refusal(refused.worded(&lang));
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let header_text = |name: &str| request.headers().get(name).and_then(|v| v.to_str().ok());
        let same_origin = match header_text("origin") {
            None => true,
            Some(origin) => origin.eq_ignore_ascii_case(&format!("http://{host}")),
        };
        let fetched_from_elsewhere = matches!(header_text("sec-fetch-site"), Some("cross-site" | "same-site"));
        if !same_origin || fetched_from_elsewhere {
            return refusal(Refusal::new(403, msg!("serve.origin")).worded(&lang));
        }
    }
    PAGE_LANGUAGE
        .scope(lang, async move {
            if let Some(r) = head_too_large(&request) {
                return refusal(r);
            }
            as_json(next.run(request).await)
        })
        .await
}

/// A request head over [`MAX_HEADER_BYTES`], refused naming the longest
/// field of its query (the setting to shorten).
fn head_too_large(request: &Request) -> Option<Refusal> {
    let headers: usize = request
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + 4)
        .sum();
    let size = request.uri().to_string().len() + headers;
    if size <= MAX_HEADER_BYTES {
        return None;
    }
    let longest = fields(request.uri().query().map(str::to_string))
        .into_iter()
        .max_by_key(|(_, v)| v.len());
    let refused = Refusal::new(
        431,
        msg!(
            "serve.head_too_large",
            kib = size.div_ceil(1024),
            most = MAX_HEADER_BYTES / 1024
        ),
    );
    Some(match longest {
        Some((name, _)) => refused.at(&name),
        None => refused,
    })
}

/// An error answered by a layer below the routes (a body over the limit, a
/// body too slow, an answer too late) as the page reads every refusal: JSON.
fn as_json(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status.as_u16() {
        413 => msg!("serve.body_too_large", mib = MAX_BODY / (1024 * 1024)),
        408 => msg!("serve.too_slow"),
        503 => msg!("serve.busy"),
        n => msg!("serve.failed_status", status = n),
    };
    let retry = response.headers().get(header::RETRY_AFTER).cloned();
    let mut r = refusal(Refusal::new(status.as_u16(), message));
    if let Some(v) = retry {
        r.headers_mut().insert(header::RETRY_AFTER, v);
    }
    r
}

/// Runs `job` on the pool for CPU-heavy work, at most one per permit; the
/// rest wait their turn. A fault in one job answers 500 and harms no other.
async fn on_pool<T: Send + 'static>(
    shared: &Shared,
    job: impl FnOnce() -> std::result::Result<T, Refusal> + Send + 'static,
) -> std::result::Result<T, Refusal> {
    let permit = shared
        .workers
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| Refusal::new(503, msg!("serve.stopping")))?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        job()
    })
    .await
    .unwrap_or_else(|_| Err(Refusal::new(500, msg!("serve.failed"))))
}

/// How a streamed answer starts: its type, the file it saves as, a warning.
pub struct Head {
    pub content_type: &'static str,
    pub file_name: String,
    pub warning: Option<Msg>,
}

/// Runs `prepare` on the pool; when it succeeds, streams what `write` writes
/// as the body, on the same permit. Everything that can be refused is
/// refused in `prepare`, before the first byte.
async fn streamed<P: 'static>(
    shared: &Shared,
    prepare: impl FnOnce() -> std::result::Result<(Head, P), Refusal> + Send + 'static,
    write: impl FnOnce(P, &mut Stream) -> Result<()> + Send + 'static,
) -> Response {
    let permit = match shared.workers.clone().acquire_owned().await {
        Ok(p) => p,
        Err(_) => return refusal(Refusal::new(503, msg!("serve.stopping"))),
    };
    let (started, start) = tokio::sync::oneshot::channel();
    let runtime = tokio::runtime::Handle::current();
    let (mut stream, body) = Stream::new(runtime);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let prepared = std::panic::catch_unwind(std::panic::AssertUnwindSafe(prepare))
            .unwrap_or_else(|_| Err(Refusal::new(500, msg!("serve.failed"))));
        match prepared {
            Err(r) => {
                let _ = started.send(Err(r));
            }
            Ok((head, p)) => {
                if started.send(Ok(head)).is_ok() {
                    let written = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| write(p, &mut stream)))
                        .unwrap_or_else(|_| Err(Error::msg(msg!("serve.failed"))));
                    stream.finish(written);
                }
            }
        }
    });
    let head = match start.await {
        Ok(Ok(head)) => head,
        Ok(Err(r)) => return refusal(r),
        Err(_) => return refusal(Refusal::new(500, msg!("serve.failed"))),
    };
    let chunks = futures_util::stream::unfold(body, |mut rx| async move { rx.recv().await.map(|c| (c, rx)) });
    let mut response = Response::new(Body::from_stream(chunks));
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(head.content_type));
    h.insert(header::CONTENT_DISPOSITION, attachment(&head.file_name));
    if let Some(w) = head.warning.map(|w| w.words(&page_lang()))
        && let Ok(v) = HeaderValue::from_str(&form_urlencoded::byte_serialize(w.as_bytes()).collect::<String>())
    {
        // Percent-encoded UTF-8: names keep every letter.
        h.insert(HeaderName::from_static("x-warning"), v);
    }
    response
}

/// The query's fields, in order.
fn fields(query: Option<String>) -> Vec<(String, String)> {
    form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .into_owned()
        .collect()
}

/// The settings part of a query, in one order: the key of a made document.
fn document_key(game: &dyn Game, fields: &[(String, String)]) -> String {
    let mut settings: Vec<&(String, String)> = fields
        .iter()
        .filter(|(k, _)| !form::VIEW_FIELDS.contains(&k.as_str()))
        .collect();
    settings.sort();
    let mut key = form_urlencoded::Serializer::new(format!("{}?", game.name()));
    for (k, v) in settings {
        key.append_pair(k, v);
    }
    key.finish()
}

/// A number field of the view (`page`, `dpi`) within `range`.
fn view_number(
    fields: &[(String, String)],
    name: &str,
    default: usize,
    range: std::ops::RangeInclusive<usize>,
) -> std::result::Result<usize, Refusal> {
    let text = fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let n = crate::jobs::input::whole(name, text)
        .map_err(|e| Refusal::from(e).at(name))?
        .unwrap_or(default);
    if !range.contains(&n) {
        let range = crate::game::out_of_range(n, *range.start(), *range.end());
        return Err(Refusal::from(Error::setting_msg(name, range)));
    }
    Ok(n)
}

/// The game a path names; an unknown one is not found.
fn known_game(name: &str) -> std::result::Result<&'static dyn Game, Refusal> {
    crate::games::find(name).map_err(|e| Refusal::new(404, e.msg))
}

/// `GET /api/GAME/action/NAME?fields`: a game's action and its report.
async fn action_answer(
    State(shared): State<Arc<Shared>>,
    Path((game, name)): Path<(String, String)>,
    RawQuery(query): RawQuery,
) -> Response {
    let game = match known_game(&game) {
        Ok(g) => g,
        Err(r) => return refusal(r),
    };
    let fields = fields(query);
    let lang = page_lang();
    on_pool(&shared, move || action::answer(game, &name, &fields, &lang))
        .await
        .map(|json| text("application/json", &json))
        .unwrap_or_else(refusal)
}

/// `GET /api/GAME/WHAT?settings`: info, preview, png, pdf or json.
async fn game_answer(
    State(shared): State<Arc<Shared>>,
    Path((game, what)): Path<(String, String)>,
    RawQuery(query): RawQuery,
) -> Response {
    let game = match known_game(&game) {
        Ok(g) => g,
        Err(r) => return refusal(r),
    };
    let fields = fields(query);
    let asked = match form::read(game, &fields) {
        Ok(a) => a,
        Err(r) => return refusal(r),
    };
    let answer = match what.as_str() {
        "info" | "preview" | "png" => view(&shared, game, &what, asked, &fields).await,
        "json" => on_pool(&shared, move || {
            let made = form::make(&asked)?;
            // The layouts of a document within the budget, and no more.
            work::check_request(&made)?;
            let name = format!("{}-{}.json", game.name(), made.request.seed().file_stem());
            Ok((made.request.json()?, name))
        })
        .await
        .map(|(json, name)| download("application/json", &name, json.into_bytes())),
        "pdf" => {
            let known = shared.cache.get(&document_key(game, &fields)).is_some();
            return streamed(
                &shared,
                move || {
                    let made = form::make(&asked)?;
                    // A document made for the preview is known to be within the budget.
                    if !known {
                        work::check_request(&made)?;
                    }
                    let file_name = crate::jobs::document_file_name(&made.request, made.texts.lang(), "pdf")?;
                    let head = Head {
                        content_type: "application/pdf",
                        file_name,
                        warning: None,
                    };
                    Ok((head, made))
                },
                |made: Made, out| work::write_pdf(out, &made.request, &made.texts, made.per_page),
            )
            .await;
        }
        other => Err(Refusal::new(404, msg!("serve.what", what = crate::error::quote(other)))),
    };
    answer.unwrap_or_else(refusal)
}

fn download(content_type: &'static str, name: &str, body: Vec<u8>) -> Response {
    let mut r = (StatusCode::OK, [(header::CONTENT_TYPE, content_type)], body).into_response();
    r.headers_mut().insert(header::CONTENT_DISPOSITION, attachment(name));
    r
}

/// A download's file name (RFC 6266): an ASCII stand-in for old browsers,
/// and the name itself, percent-encoded UTF-8, for the rest.
fn attachment(name: &str) -> HeaderValue {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded: String = name
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    let value = if ascii == name {
        format!("attachment; filename=\"{name}\"")
    } else {
        format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
    };
    HeaderValue::from_str(&value).unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}

/// The page's view of a document: its code and page count, or one page as
/// SVG or PNG, from the cache when the document was made lately.
async fn view(
    shared: &Arc<Shared>,
    game: &'static dyn Game,
    what: &str,
    asked: DocumentInput,
    fields: &[(String, String)],
) -> std::result::Result<Response, Refusal> {
    let page = view_number(fields, "page", 1, 1..=work::MAX_PAGES)?;
    let dpi = view_number(fields, "dpi", 96, 10..=300)?;
    let key = document_key(game, fields);
    let doc = match shared.cache.get(&key) {
        Some(doc) => doc,
        None => {
            let asked = asked.clone();
            let doc = Arc::new(on_pool(shared, move || Document::make(&form::make(&asked)?)).await?);
            shared.cache.put(key, doc.clone());
            doc
        }
    };
    if what == "info" {
        let j = serde_json::json!({ "code": doc.code, "pages": doc.pages });
        return Ok(text("application/json", &j.to_string()));
    }
    if page > doc.pages {
        return Err(work::page_out_of_range(page, doc.pages));
    }
    let svg: Arc<str> = match doc.svg(page) {
        Some(svg) => svg,
        None => on_pool(shared, move || work::page_svg(&form::make(&asked)?, page))
            .await?
            .into(),
    };
    if what == "preview" {
        return Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg.to_string()).into_response());
    }
    let png = on_pool(shared, move || {
        crate::render::svg::svg_png(&svg, dpi as u32).map_err(|why| Refusal::new(500, why))
    })
    .await?;
    let name = format!("{}-{}-{page:03}.png", game.name(), stem_of(fields));
    Ok(download("image/png", &name, png))
}

/// The file stem of the seed asked for.
fn stem_of(fields: &[(String, String)]) -> String {
    let seed = fields.iter().find(|(k, _)| k == "seed").map_or("", |(_, v)| v.as_str());
    crate::seed::Seed::new(seed.trim()).map_or_else(|_| "sheets".to_string(), |s| s.file_stem())
}

/// `GET /api/regen?code=CODE`: the PDF `panicpress regen CODE` writes.
async fn regen(State(shared): State<Arc<Shared>>, RawQuery(query): RawQuery) -> Response {
    let fields = fields(query);
    let code = fields
        .iter()
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    streamed(
        &shared,
        move || {
            let refuse = |e: Error| Refusal::from(e).at("code");
            if code.trim().is_empty() {
                return Err(refuse(Error::setting_msg("code", msg!("serve.code_missing"))));
            }
            if code.trim().starts_with("pack:") {
                return Err(refuse(Error::setting_msg("code", msg!("serve.pack_code"))));
            }
            let code = crate::seed::SheetCode::parse(&code).map_err(|e| refuse(e.into()))?;
            let request = crate::games::request::GameRequest::from_code(&code).map_err(refuse)?;
            let texts = form::texts(code.lang()).map_err(refuse)?;
            request.check(&texts).map_err(refuse)?;
            let made = Made {
                request,
                texts,
                per_page: 1,
                asked: None,
            };
            work::check_request(&made)?;
            let head = Head {
                content_type: "application/pdf",
                file_name: crate::jobs::document_file_name(&made.request, made.texts.lang(), "pdf").map_err(refuse)?,
                warning: None,
            };
            Ok((head, made))
        },
        |made: Made, out| work::write_pdf(out, &made.request, &made.texts, 1),
    )
    .await
}

/// `POST /api/validate/GAME`: the layout JSON run through the game's rule engine.
async fn validate(State(shared): State<Arc<Shared>>, Path(game): Path<String>, body: Bytes) -> Response {
    let game = match known_game(&game) {
        Ok(g) => g,
        Err(r) => return refusal(r),
    };
    // The verdicts in the page's language, where the catalogue words them.
    let lang = PAGE_LANGUAGE.try_with(String::clone).unwrap_or_else(|_| "en".into());
    on_pool(&shared, move || {
        let text = std::str::from_utf8(&body).map_err(|_| Refusal::new(400, msg!("serve.layout_not_utf8")))?;
        // The layout has no file name: it is named in the page's words.
        let name = msg!("serve.the_layout").words(&lang);
        let verdict = game.validate(&name, text, &crate::game::Values::default())?;
        let violations: Vec<serde_json::Value> = verdict
            .broken
            .iter()
            .map(|(place, v)| {
                let message = match place {
                    Some(place) => msg!("at", place = place.clone(), message = v.msg.clone()),
                    None => v.msg.clone(),
                };
                let message = crate::error::tidy(&message.words(&lang));
                serde_json::json!({ "rule": v.rule, "message": message })
            })
            .collect();
        Ok(serde_json::json!({ "legal": violations.is_empty(), "violations": violations }).to_string())
    })
    .await
    .map(|j| text("application/json", &j))
    .unwrap_or_else(refusal)
}

/// `GET /api/words?lang=de`: the page's own words in a language (its
/// labels, help and choices), from the `web` template.
async fn words(RawQuery(query): RawQuery) -> Response {
    let fields = fields(query);
    let lang = fields
        .iter()
        .find(|(k, _)| k == "lang")
        .map_or("en", |(_, v)| v.as_str());
    match page_words(lang) {
        Ok(words) => text("application/json", &words),
        Err(e) => refusal(Refusal::from(e).at("lang")),
    }
}

/// The page's words in `lang` as a JSON object.
pub(crate) fn page_words(lang: &str) -> Result<String> {
    let texts = crate::games::texts(lang, None)?;
    let ctx = tera::Context::new();
    let mut words = texts.labels("web", &ctx)?.all().clone();
    for game in crate::games::all() {
        // Each setting's help is its declaration's, unless the language words it.
        for s in game.settings() {
            words.insert(format!("help.{}.{}", game.name(), s.name), s.help.to_string());
        }
        words.extend(texts.labels(&format!("{}-web", game.name()), &ctx)?.all().clone());
    }
    Ok(serde_json::to_string(&words).unwrap_or_default())
}

/// The registry as the page reads it: each game's settings and sheets.
pub(crate) fn games_json() -> String {
    let games: Vec<serde_json::Value> = crate::games::all()
        .iter()
        .map(|g| {
            serde_json::json!({
                "name": g.name(),
                "title": g.title(),
                "about": g.about(),
                "settings": g.settings(),
                "sheets": g.sheet_kinds(),
                "default_sheets": g.default_sheets(),
                "small_sheets": g.small_sheets(),
                "sheets_need": g.sheets_need(),
                "actions": g.actions().iter().map(|a| serde_json::json!({
                    "name": a.name,
                    "about": a.about,
                    "settings": a.settings,
                    "inputs": a.inputs,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    serde_json::json!({
        "games": games,
        "common": COMMON,
        "papers": crate::game::PAPERS,
        "languages": crate::text::LANGUAGES,
        "max_body": MAX_BODY,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_our_own_host_names_are_answered() {
        let local = Hosts::for_bind("127.0.0.1");
        for ok in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080"] {
            assert!(local.allows(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "192.168.1.5:8080",
            "",
            "127.0.0.1.evil.example",
            "localhost.evil",
        ] {
            assert!(!local.allows(bad), "{bad}");
        }
        let lan = Hosts::for_bind("0.0.0.0");
        assert!(lan.allows("192.168.1.5:8080") && lan.allows("[fe80::1]:80"));
        assert!(!lan.allows("rebound.example:8080"));
        let named = Hosts::for_bind("192.168.1.5");
        assert!(named.allows("192.168.1.5:8080") && !named.allows("10.0.0.1:8080"));
    }

    #[test]
    fn every_setting_and_sheet_has_the_pages_words_in_every_language() {
        for lang in crate::text::LANGUAGES {
            let words: serde_json::Value = serde_json::from_str(&page_words(lang).unwrap()).unwrap();
            let has = |key: String| {
                assert!(
                    words[&key].as_str().is_some_and(|w| !w.is_empty()),
                    "{lang}: no word for {key}"
                );
            };
            for game in crate::games::all() {
                let g = game.name();
                has(format!("about.{g}"));
                for s in game.settings() {
                    has(format!("setting.{g}.{}", s.name));
                    has(format!("help.{g}.{}", s.name));
                    if let crate::game::Kind::Choice { values } | crate::game::Kind::Names { values } = s.kind {
                        for v in values {
                            has(format!("value.{g}.{}.{v}", s.name));
                        }
                    }
                }
                for sheet in game.sheet_kinds() {
                    has(format!("sheet.{g}.{sheet}"));
                }
                // The panel of the game's actions: a title, a button, each input.
                for action in game.actions() {
                    has(format!("action.{g}.{}", action.name));
                    has(format!("action_run.{g}.{}", action.name));
                    for input in action.inputs.iter().filter(|i| i.name != "seed") {
                        has(format!("input.{g}.{}", input.name));
                        if let crate::game::Kind::Choice { values } = input.kind {
                            for v in values {
                                has(format!("value.{g}.{}.{v}", input.name));
                            }
                        }
                    }
                }
                // A language other than English words each setting's help
                // itself (English help is the declaration's).
                if *lang != "en" {
                    let own = crate::games::texts(lang, None)
                        .unwrap()
                        .labels(&format!("{g}-web"), &tera::Context::new())
                        .unwrap();
                    for s in game.settings() {
                        let key = format!("help.{g}.{}", s.name);
                        assert!(own.all().contains_key(&key), "{lang}: no {key}");
                    }
                }
            }
            for common in COMMON {
                has(format!("setting.{common}"));
            }
        }
    }

    /// The sheets the page ticks at first (the defaults that print with
    /// the default settings) are the sheets printed: each of them prints
    /// pages, and a default sheet left unticked prints none.
    #[test]
    fn the_sheets_ticked_at_first_are_the_sheets_printed() {
        for game in crate::games::all() {
            let ticked = |sheet: &str| {
                game.sheets_need().iter().filter(|n| n.sheet == sheet).all(|n| {
                    let setting = game.settings().iter().find(|s| s.name == n.setting).unwrap();
                    setting.default.split(',').any(|v| v.trim() == n.value)
                })
            };
            for sheet in game.default_sheets() {
                let fields = [("seed", "1"), ("sheets", sheet)].map(|(k, v)| (k.to_string(), v.to_string()));
                let pages = form::make(&form::read(*game, &fields).unwrap()).map(|made| {
                    let mut pages = 0;
                    made.request
                        .pages_imposed(&made.texts, 1, None, &mut |_| {
                            pages += 1;
                            Ok(())
                        })
                        .unwrap();
                    pages
                });
                let printed = pages.as_ref().is_ok_and(|&n| n > 0);
                assert_eq!(printed, ticked(sheet), "{} {sheet}: {pages:?}", game.name());
            }
        }
    }

    #[test]
    fn documents_have_one_key_whatever_the_order_of_their_fields() {
        let game = crate::games::find("tp-hunt").unwrap();
        let a = [("seed", "1"), ("players", "3"), ("page", "2")].map(|(k, v)| (k.to_string(), v.to_string()));
        let b = [("players", "3"), ("seed", "1")].map(|(k, v)| (k.to_string(), v.to_string()));
        assert_eq!(document_key(game, &a), document_key(game, &b));
    }
}
