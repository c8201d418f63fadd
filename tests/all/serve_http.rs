//! `panicpress serve` over real HTTP: the page, the registry, downloads that
//! are byte for byte the files the command line writes, and every probe the
//! server must refuse (a pack bomb, slow clients, a huge header, a foreign
//! Host, a cross-origin POST, framing, too many at once) while it keeps
//! answering others with its memory small.

use crate::common;
use common::Scratch;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The server, stopped when the test ends, pass or fail.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start() -> Server {
        let port = {
            // A free port: bind, note it, let it go.
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_panicpress"))
            .args(["serve", "--port", &port.to_string()])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 64];
        let n = child.stdout.as_mut().unwrap().read(&mut first).unwrap();
        assert!(String::from_utf8_lossy(&first[..n]).contains(&format!("http://127.0.0.1:{port}/")));
        Server { child, port }
    }

    /// The server's resident memory now, in MiB.
    fn memory_mib(&self) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
            .map_or(0.0, |kib| kib / 1024.0)
    }

    /// A GET from another computer: a connection from another loopback address.
    fn get_from(&self, address: &str, path: &str, read_timeout: Duration) -> Answer {
        let mut stream = connect_from(address, self.port);
        stream.set_read_timeout(Some(read_timeout)).unwrap();
        let _ =
            stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").as_bytes());
        read_answer(&mut stream)
    }

    fn get(&self, path: &str) -> Answer {
        self.raw(format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").as_bytes())
    }

    /// Sends raw request bytes; reads the answer to its end (30 s at most).
    fn raw(&self, request: &[u8]) -> Answer {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let _ = stream.write_all(request);
        read_answer(&mut stream)
    }

    /// Some other client is answered (within the read timeout: a stalled
    /// server fails the read, not a clock).
    fn answers_others(&self) {
        let a = self.get("/api/games");
        assert_eq!(a.status, 200, "another client is answered");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A connection to the server on loopback from `address` (any of 127.0.0.0/8),
/// as from another computer.
fn connect_from(address: &str, port: u16) -> TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let stream = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{address}:0").parse().unwrap()).unwrap();
        socket.connect(([127, 0, 0, 1], port).into()).await.unwrap()
    });
    let stream = stream.into_std().unwrap();
    stream.set_nonblocking(false).unwrap();
    stream
}

/// An HTTP answer: status, head and body (de-chunked).
struct Answer {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim().eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }

    fn error(&self) -> String {
        let j: serde_json::Value = serde_json::from_slice(&self.body).unwrap_or_default();
        j["error"].as_str().unwrap_or("").to_string()
    }
}

fn read_answer(stream: &mut TcpStream) -> Answer {
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
        return Answer {
            status: 0,
            head: String::new(),
            body: raw,
        };
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head.split_whitespace().nth(1).unwrap_or("0").parse().unwrap_or(0);
    let mut body = raw[split + 4..].to_vec();
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    Answer { status, head, body }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 || data.len() < end + 2 + size {
            break;
        }
        out.extend(&data[end + 2..end + 2 + size]);
        data = &data[(end + 4 + size).min(data.len())..];
    }
    out
}

/// A multipart form of text fields, as the page's FormData sends it.
fn multipart(fields: &[(&str, &str)]) -> (String, Vec<u8>) {
    let boundary = "----panicpressTestBoundary";
    let mut body = Vec::new();
    for (name, value) in fields {
        write!(
            body,
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
        )
        .unwrap();
    }
    write!(body, "--{boundary}--\r\n").unwrap();
    (format!("multipart/form-data; boundary={boundary}"), body)
}

fn post(server: &Server, path: &str, extra_headers: &str, content_type: &str, body: &[u8]) -> Answer {
    let mut raw = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n{extra_headers}Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        server.port,
        body.len()
    )
    .into_bytes();
    raw.extend(body);
    server.raw(&raw)
}

#[test]
fn the_web_page_serves_the_same_files_as_the_command_line() {
    let server = Server::start();
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(String::from_utf8_lossy(&page.body).contains("<form"));
    for asset in ["/app.js", "/app.css"] {
        assert_eq!(server.get(asset).status, 200, "{asset}");
    }
    let games: serde_json::Value = serde_json::from_slice(&server.get("/api/games").body).unwrap();
    assert_eq!(games["games"].as_array().unwrap().len(), panicpress::games::all().len());
    let words: serde_json::Value = serde_json::from_slice(&server.get("/api/words?lang=de").body).unwrap();
    assert_eq!(words["setting.tp-hunt.stores"], "Läden");

    let s = Scratch::new("serve");
    let cli = s.run(&[
        "panic-buy",
        "--seed",
        "9",
        "--players",
        "4",
        "--paper",
        "letter",
        "-o",
        "c.pdf",
    ]);
    assert_eq!(cli.code(), 0, "{}", cli.stderr());
    let web = server.get("/api/panic-buy/pdf?seed=9&players=4&paper=letter");
    assert_eq!(web.status, 200);
    assert_eq!(
        web.header("content-disposition").as_deref(),
        Some("attachment; filename=\"panic-buy-9-p4-letter.pdf\"")
    );
    // The name the command line writes when not told one.
    let named = s.run(&["panic-buy", "--seed", "9", "--players", "4", "--paper", "letter"]);
    assert!(
        named.stdout().contains("wrote output/panic-buy-9-p4-letter.pdf"),
        "{}",
        named.stdout()
    );
    assert!(
        web.body == std::fs::read(s.path("c.pdf")).unwrap(),
        "the web's PDF differs from the CLI's"
    );

    // A file setting goes as the file's text: the same dice as the CLI's --faces file.
    let faces = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/faces.toml");
    let cli = s.run(&["ppe", "--seed", "1", "--faces", faces.to_str().unwrap(), "-o", "f.pdf"]);
    assert_eq!(cli.code(), 0, "{}", cli.stderr());
    let text = std::fs::read_to_string(&faces).unwrap();
    let encoded: String = text.bytes().map(|b| format!("%{b:02X}")).collect();
    let web = server.get(&format!("/api/ppe/pdf?seed=1&faces={encoded}"));
    assert_eq!(web.status, 200, "{}", String::from_utf8_lossy(&web.body));
    assert!(
        web.body == std::fs::read(s.path("f.pdf")).unwrap(),
        "face counts sent as text"
    );

    // Texts are kept between requests: a document of more layouts than are
    // kept (PPE's odds differ for each) is still the CLI's, asked twice.
    let cli = s.run(&["ppe", "--seed", "3", "--count", "20", "--lang", "de", "-o", "many.pdf"]);
    assert_eq!(cli.code(), 0, "{}", cli.stderr());
    for _ in 0..2 {
        let web = server.get("/api/ppe/pdf?seed=3&count=20&lang=de");
        assert!(web.body == std::fs::read(s.path("many.pdf")).unwrap(), "20 PPE layouts");
    }

    // A pack from the form: the CLI's bytes for the same pack file.
    let (content_type, body) = multipart(&[
        ("games", "ppe"),
        ("seed", "5B"),
        ("names", "Ann\nBo"),
        ("per", "student"),
        ("ppe.mode", "long"),
        ("ppe.target", "190"),
        ("ppe.players", "6"),
    ]);
    let web = post(&server, "/api/pack", "", &content_type, &body);
    assert_eq!(web.status, 200, "{}", String::from_utf8_lossy(&web.body));
    std::fs::write(s.path("names.txt"), "Ann\nBo\n").unwrap();
    std::fs::write(
        s.path("p.toml"),
        "seed = \"5B\"\nroster = \"names.txt\"\n[[entry]]\ngame = \"ppe\"\nmode = \"long\"\ntarget = 190\nplayers = 6\n",
    )
    .unwrap();
    let cli = s.run(&["pack", "p.toml", "-o", "p.pdf"]);
    assert_eq!(cli.code(), 0, "{}", cli.stderr());
    // At tables (the page's default), as `pack --game` makes it.
    let (content_type, tables) = multipart(&[
        ("games", "tp-hunt"),
        ("seed", "5B"),
        ("names", "Ann\nBo\nCy\nDi\nEd\nFlo\nGus"),
        ("table-size", "4"),
    ]);
    let web_tables = post(&server, "/api/pack", "", &content_type, &tables);
    assert_eq!(web_tables.status, 200, "{}", String::from_utf8_lossy(&web_tables.body));
    std::fs::write(s.path("seven.txt"), "Ann\nBo\nCy\nDi\nEd\nFlo\nGus\n").unwrap();
    let cli_tables = s.run(&[
        "pack",
        "--game",
        "tp-hunt",
        "--roster",
        "seven.txt",
        "--seed",
        "5B",
        "-o",
        "t.pdf",
    ]);
    assert_eq!(cli_tables.code(), 0, "{}", cli_tables.stderr());
    assert!(
        web_tables.body == std::fs::read(s.path("t.pdf")).unwrap(),
        "the web's table pack differs from the CLI's"
    );
    // The first table's pages before the pack is made: its shared sheets
    // (one map, score pad, rules, dice tape), then each student's tracker,
    // with who sits there.
    let preview = post(&server, "/api/pack/preview", "", &content_type, &tables);
    assert_eq!(preview.status, 200, "{}", String::from_utf8_lossy(&preview.body));
    let preview: serde_json::Value = serde_json::from_slice(&preview.body).unwrap();
    let who: Vec<&str> = preview["who"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(who, ["Table 1: Ann, Bo, Cy, Di", "Ann", "Bo", "Cy", "Di"], "{preview}");
    let svgs = preview["svgs"].as_array().unwrap();
    assert_eq!(svgs.len() as u64, preview["pages"].as_u64().unwrap());
    let map_pages = svgs
        .iter()
        .filter(|s| s.as_str().unwrap().contains("Neighbourhood Map"))
        .count();
    assert_eq!(map_pages, 1, "one map for the table");
    // A refused form is refused the same way as the pack itself.
    let (content_type, bad) = multipart(&[
        ("games", "tp-hunt"),
        ("seed", "5B"),
        ("names", "Ann"),
        ("table-size", "4"),
    ]);
    let refused = post(&server, "/api/pack/preview", "", &content_type, &bad);
    assert_eq!(refused.status, 400, "{}", String::from_utf8_lossy(&refused.body));
    assert!(
        web.body == std::fs::read(s.path("p.pdf")).unwrap(),
        "the web's pack differs from the CLI's"
    );
    // Split: a ZIP, and a warning that keeps the student's name.
    let (content_type, body) = multipart(&[
        ("games", "tp-hunt"),
        ("seed", "5B"),
        ("names", "Ra 𓂀\nAnn"),
        ("tp-hunt.sheets", "map"),
        ("split", "true"),
    ]);
    let web = post(&server, "/api/pack", "", &content_type, &body);
    assert_eq!(web.status, 200, "{}", String::from_utf8_lossy(&web.body));
    assert!(web.body.starts_with(b"PK"));
    let warning = web.header("x-warning").unwrap();
    let warning: String = form_urlencoded::parse(format!("w={warning}").as_bytes())
        .next()
        .unwrap()
        .1
        .into_owned();
    assert!(warning.contains("'Ra 𓂀'"), "{warning}");

    // A layout posted back is judged by the game's rule engine.
    let layout = server.get("/api/tp-hunt/json?seed=4").body;
    let verdict = post(&server, "/api/validate/tp-hunt", "", "application/json", &layout);
    let j: serde_json::Value = serde_json::from_slice(&verdict.body).unwrap();
    assert_eq!(j["legal"], true, "{j}");
    let mut map: serde_json::Value = serde_json::from_slice(&layout).unwrap();
    map["stores"][0] = map["atms"][0].clone();
    let broken = serde_json::to_vec(&map).unwrap();
    let verdict = post(&server, "/api/validate/tp-hunt", "", "application/json", &broken);
    let j: serde_json::Value = serde_json::from_slice(&verdict.body).unwrap();
    assert_eq!(
        (j["legal"].clone(), j["violations"][0]["rule"].clone()),
        (false.into(), "distinct-cells".into())
    );
    // On the German page the verdict is worded in German.
    let mut short = serde_json::from_slice::<serde_json::Value>(&layout).unwrap();
    short["stores"].as_array_mut().unwrap().pop();
    let short = serde_json::to_vec(&short).unwrap();
    let verdict = post(
        &server,
        "/api/validate/tp-hunt",
        "Accept-Language: de\r\n",
        "application/json",
        &short,
    );
    let j: serde_json::Value = serde_json::from_slice(&verdict.body).unwrap();
    assert_eq!(
        j["violations"][0]["message"], "11 Läden auf der Karte, die Regeln verlangen 12",
        "{j}"
    );
    assert_eq!(
        post(&server, "/api/validate/ppe", "", "application/json", b"{not json").status,
        400
    );

    let regen = server.get("/api/regen?code=tp-hunt%3A1%3Ag12-s12-a10-d7-p4%3Aa4%3Adefault%3A42");
    assert_eq!(regen.status, 200);
    assert!(regen.body.starts_with(b"%PDF-"));
    // A code copied with its printed label, for a seed with a letter beyond
    // ASCII: the download keeps the letter in its file name.
    let info: serde_json::Value =
        serde_json::from_slice(&server.get("/api/tp-hunt/info?seed=Zo%C3%AB&players=3").body).unwrap();
    let copied = format!("Sheet code: {}", info["code"].as_str().unwrap());
    let query: String = form_urlencoded::byte_serialize(copied.as_bytes()).collect();
    let regen = server.get(&format!("/api/regen?code={query}"));
    assert_eq!(regen.status, 200, "{}", regen.error());
    let disposition = regen.header("content-disposition").unwrap_or_default();
    assert!(
        disposition.contains("filename*=UTF-8''") && disposition.contains("zo%C3%AB"),
        "{disposition}"
    );
    let pack =
        server.get("/api/regen?code=pack%3A1%3Ared298770-n9%3Atp-hunt%3A3-3nm%3Ag12-s12-a10-d7-p4%3Aa4%3Adefault%3A5B");
    assert_eq!(pack.status, 400);
    assert!(
        pack.error()
            .contains("paste the sheet code beside its table or student"),
        "{}",
        pack.error()
    );
    let info: serde_json::Value =
        serde_json::from_slice(&server.get("/api/tp-hunt/info?seed=42&players=3").body).unwrap();
    assert_eq!(info["code"], "tp-hunt:6-m38z3:g12-s12-a10-d7-p3:a4:default:42");
    let png = server.get("/api/tp-hunt/png?seed=42&players=3&page=2&dpi=30");
    assert_eq!(png.status, 200);
    assert!(png.body.starts_with(b"\x89PNG"));

    // Bad settings: a 4xx, one line naming the field in the form's words, no flags.
    for (path, status, field, says) in [
        (
            "/api/tp-hunt/pdf?seed=1&players=9",
            400,
            "players",
            "players: 9 is out of range",
        ),
        ("/api/tp-hunt/info?seed=1&stores=200", 400, "stores", "200"),
        (
            "/api/tp-hunt/pdf?seed=1&output=/etc/passwd",
            400,
            "",
            "not a TP Hunt setting",
        ),
        ("/api/tp-hunt/pdf?players=3", 400, "seed", "seed"),
        ("/api/tp-hunt/info?seed=-x&players=-3", 400, "players", "players"),
        ("/api/chess/pdf?seed=1", 404, "", "unknown game"),
        ("/api/tp-hunt/preview?seed=1&page=99", 400, "page", "out of range"),
        ("/api/regen?code=garbage", 400, "code", "GAME:VERSION"),
        ("/nowhere", 404, "", "nothing at"),
    ] {
        let a = server.get(path);
        assert_eq!(a.status, status, "{path}: {}", String::from_utf8_lossy(&a.body));
        let j: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
        let e = j["error"].as_str().unwrap();
        assert!(
            e.contains(says) && !e.contains('\n') && !e.contains("--"),
            "{path}: {e}"
        );
        assert_eq!(j["field"].as_str().unwrap_or(""), field, "{path}");
    }

    // Twenty clients at once, each on a computer of its own, all get their preview.
    let port = server.port;
    let threads: Vec<_> = (0..20)
        .map(|i| {
            std::thread::spawn(move || {
                let mut stream = connect_from(&format!("127.0.0.{}", 10 + i), port);
                write!(
                    stream,
                    "GET /api/tp-hunt/preview?seed={i}&page=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                )
                .unwrap();
                read_answer(&mut stream)
            })
        })
        .collect();
    for t in threads {
        let a = t.join().unwrap();
        assert_eq!(a.status, 200);
        assert!(String::from_utf8_lossy(&a.body).contains("<svg"));
    }
}

#[test]
fn every_probe_is_refused_while_others_are_answered() {
    let server = Server::start();
    let port = server.port;

    // Framing and sniffing are forbidden on every answer.
    let page = server.get("/");
    let csp = page.header("content-security-policy").unwrap();
    assert!(
        csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"),
        "{csp}"
    );
    assert_eq!(page.header("x-content-type-options").as_deref(), Some("nosniff"));
    assert_eq!(page.header("x-frame-options").as_deref(), Some("DENY"));

    // A foreign Host (DNS rebinding) gets nothing.
    for host in ["evil.example", "evil.example:8080", "127.0.0.1.evil.example"] {
        let a = server.raw(format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes());
        assert_eq!(a.status, 421, "{host}");
        assert!(a.header("content-security-policy").is_some());
    }

    // A write from another site's page is refused; from the page itself it is not.
    let (content_type, body) = multipart(&[("games", "tp-hunt"), ("seed", "x"), ("count", "2")]);
    for headers in [
        "Origin: http://evil.example\r\n",
        &format!("Origin: http://localhost:{}\r\n", port + 1),
        "Sec-Fetch-Site: cross-site\r\n",
    ] {
        let a = post(&server, "/api/pack", headers, &content_type, &body);
        assert_eq!(a.status, 403, "{headers}");
    }
    let own = format!("Origin: http://127.0.0.1:{port}\r\nSec-Fetch-Site: same-origin\r\n");
    assert_eq!(post(&server, "/api/pack", &own, &content_type, &body).status, 200);

    // A pack bomb: 500 students x PPE to 1,000,000 points. Refused at once
    // with what to lower, and nothing keeps running after.
    let (content_type, body) = multipart(&[
        ("games", "ppe"),
        ("seed", "x"),
        ("count", "500"),
        ("ppe.mode", "long"),
        ("ppe.target", "1000000"),
    ]);
    let a = post(&server, "/api/pack", "", &content_type, &body);
    assert_eq!(a.status, 422, "{}", a.error());
    assert!(a.error().contains("fewer students"), "{}", a.error());
    let a = server.get("/api/ppe/pdf?seed=1&mode=long&target=1000000");
    assert_eq!(a.status, 422, "{}", a.error());
    let a = server.get("/api/tp-hunt/json?seed=1&count=10000");
    assert_eq!(a.status, 422, "{}", a.error());
    let a = server.get("/api/particle-panic/pdf?seed=1&simulations=1000000&count=5");
    assert_eq!(a.status, 422, "{}", a.error());
    assert!(a.error().contains("simulated games"), "{}", a.error());

    // A body over the limit is refused, not read, in JSON as every refusal.
    let big = vec![b'x'; 2 * 1024 * 1024];
    let a = post(&server, "/api/validate/tp-hunt", "", "application/json", &big);
    assert_eq!(a.status, 413);
    assert!(a.error().contains("1 MiB"), "{}", String::from_utf8_lossy(&a.body));

    // Settings too long to send: refused in JSON at the longest field.
    let a = server.get(&format!("/api/ppe/info?seed=1&faces={}", "mask+%3D+6%0A".repeat(2000)));
    assert_eq!(a.status, 431);
    let j: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
    assert_eq!(j["field"], "faces", "{j}");

    // A huge header line: refused after its first bytes.
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let _ = stream.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ");
    let chunk = vec![b'a'; 64 * 1024];
    for _ in 0..(20 * 1024 * 1024 / chunk.len()) {
        if stream.write_all(&chunk).is_err() {
            break;
        }
    }
    let a = read_answer(&mut stream);
    assert!(a.status == 431 || a.status == 0, "a huge header: {}", a.status);
    server.answers_others();

    // Slow clients: heads that never end, bodies one byte of a megabyte.
    // Others are answered meanwhile; the slow are cut off in time.
    let slow: Vec<TcpStream> = (0..12)
        .map(|i| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
            s.set_read_timeout(Some(Duration::from_secs(40))).unwrap();
            let _ = if i % 2 == 0 {
                s.write_all(b"GET /api/games HTTP/1.1\r\nHost: local")
            } else {
                s.write_all(
                    b"POST /api/validate/tp-hunt HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000000\r\n\r\n{",
                )
            };
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    server.answers_others();
    let preview = server.get("/api/tp-hunt/preview?seed=slow&page=1");
    assert_eq!(preview.status, 200);
    // Each read has its own timeout: a server that held the slow clients
    // fails the read, not a clock.
    for mut s in slow {
        let a = read_answer(&mut s);
        assert!(
            matches!(a.status, 0 | 408 | 400),
            "a slow client: {} {}",
            a.status,
            a.error()
        );
    }
    server.answers_others();
    if cfg!(target_os = "linux") {
        let mib = server.memory_mib();
        assert!(mib > 0.0 && mib < 64.0, "server memory {mib:.1} MiB after the probes");
    }
}

#[test]
fn beyond_the_limit_of_requests_at_once_the_answer_is_503_with_retry_after() {
    let server = Server::start();
    let port = server.port;
    // Requests in progress: each has sent a part of its body, from four
    // computers (one alone may hold only its own share of connections).
    let held: Vec<TcpStream> = (0..64)
        .map(|i| {
            let mut s = connect_from(&format!("127.0.0.{}", 2 + i % 4), port);
            s.write_all(b"POST /api/validate/tp-hunt HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n{")
                .unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let a = server.get("/api/games");
    assert_eq!(a.status, 503, "{}", String::from_utf8_lossy(&a.body));
    assert_eq!(a.header("retry-after").as_deref(), Some("2"));
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.get("/api/games").status != 200 {
        assert!(Instant::now() < deadline, "answers again once the others are gone");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Every game action the command line has is on the web page too, with the
/// same report: the page's panel asks `/api/GAME/action/NAME`.
#[test]
fn every_game_action_answers_on_the_web_as_on_the_command_line() {
    let server = Server::start();
    let s = common::Scratch::new("web-actions");
    for (path, args) in [
        (
            "/api/tp-hunt/action/simulate?seed=42&players=3&games=40&paper=a4",
            vec![
                "tp-hunt",
                "simulate",
                "--seed",
                "42",
                "--players",
                "3",
                "--games",
                "40",
                "--json",
            ],
        ),
        (
            "/api/panic-buy/action/simulate?seed=42&players=2&games=30",
            vec![
                "panic-buy",
                "simulate",
                "--seed",
                "42",
                "--players",
                "2",
                "--games",
                "30",
                "--json",
            ],
        ),
        (
            "/api/particle-panic/action/simulate?seed=7&players=2&games=200",
            vec![
                "particle-panic",
                "simulate",
                "--seed",
                "7",
                "--players",
                "2",
                "--games",
                "200",
                "--json",
            ],
        ),
        (
            "/api/ppe/action/odds?seed=42",
            vec!["ppe", "odds", "--seed", "42", "--json"],
        ),
        (
            "/api/ppe/action/score?roll=virus,vaccine,mask,gloves,heroes,mask",
            vec!["ppe", "score", "virus,vaccine,mask,gloves,heroes,mask", "--json"],
        ),
    ] {
        let a = server.get(path);
        assert_eq!(a.status, 200, "{path}: {}", String::from_utf8_lossy(&a.body));
        let web: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
        let cli = s.run(&args);
        assert_eq!(cli.code(), 0, "{args:?}: {}", cli.stderr());
        let cli: serde_json::Value = serde_json::from_str(&cli.stdout()).unwrap();
        assert_eq!(web["json"], cli, "{path}");
        assert!(!web["text"].as_str().unwrap().is_empty(), "{path}");
    }
    // The registry the page is built from lists each action and its inputs.
    let games: serde_json::Value = serde_json::from_slice(&server.get("/api/games").body).unwrap();
    for g in games["games"].as_array().unwrap() {
        let game = panicpress::games::find(g["name"].as_str().unwrap()).unwrap();
        let names: Vec<&str> = g["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["name"].as_str().unwrap())
            .collect();
        let declared: Vec<&str> = game.actions().iter().map(|a| a.name).collect();
        assert_eq!(names, declared);
    }
    // Bad input is refused at its field; work past the budget is refused at once.
    for (path, status, field) in [
        ("/api/tp-hunt/action/simulate?seed=1&games=0", 400, "games"),
        ("/api/ppe/action/score?roll=virus,mask", 400, "roll"),
        ("/api/tp-hunt/action/fly?seed=1", 404, ""),
        ("/api/tp-hunt/action/simulate?seed=1&games=100000", 422, ""),
        (
            "/api/particle-panic/action/simulate?deals=0..9999&policy=search",
            422,
            "",
        ),
    ] {
        let a = server.get(path);
        assert_eq!(a.status, status, "{path}: {}", String::from_utf8_lossy(&a.body));
        let j: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
        assert_eq!(j["field"].as_str().unwrap_or(""), field, "{path}");
        assert!(!j["error"].as_str().unwrap().contains("--"), "{path}: {j}");
    }
}

/// Both doors ask for documents and packs through one input step: the same
/// bad value is refused by the command line and the web page in the same
/// words (the web's at its field), and a pack is saved under the same name.
#[test]
fn the_command_line_and_the_page_refuse_and_name_alike() {
    let server = Server::start();
    let s = Scratch::new("doors");
    let same = |cli: &[&str], web: Answer, field: &str| {
        let line = s.run(cli).one_error_line(2);
        let j: serde_json::Value = serde_json::from_slice(&web.body).unwrap();
        assert_eq!(line.strip_prefix("error: "), j["error"].as_str(), "{cli:?}");
        assert_eq!(j["field"].as_str(), Some(field), "{cli:?}");
    };
    for (cli, query, field) in [
        (
            &["tp-hunt", "--seed", "1", "--players", "x"][..],
            "tp-hunt/pdf?seed=1&players=x",
            "players",
        ),
        (
            &["tp-hunt", "--seed", "1", "--players", "9"][..],
            "tp-hunt/pdf?seed=1&players=9",
            "players",
        ),
        (
            &["tp-hunt", "--seed", "1", "--paper", "a3"][..],
            "tp-hunt/pdf?seed=1&paper=a3",
            "paper",
        ),
        (
            &["tp-hunt", "--seed", "1", "--count", "x"][..],
            "tp-hunt/pdf?seed=1&count=x",
            "count",
        ),
        (
            &["tp-hunt", "--seed", "1", "--per-page", "3"][..],
            "tp-hunt/pdf?seed=1&per-page=3",
            "per-page",
        ),
        (
            &["particle-panic", "--seed", "1", "--level", "esay"][..],
            "particle-panic/pdf?seed=1&level=esay",
            "level",
        ),
        // A language the tool lacks: refused by the input step, not by the
        // command line's parser in its own words.
        (
            &["tp-hunt", "--seed", "1", "--lang", "xx"][..],
            "tp-hunt/pdf?seed=1&lang=xx",
            "lang",
        ),
    ] {
        same(cli, server.get(&format!("/api/{query}")), field);
    }
    for (cli, form, field) in [
        (
            &[
                "pack",
                "--game",
                "tp-hunt",
                "--count",
                "3",
                "--seed",
                "x",
                "--table-size",
                "x",
            ][..],
            &[("games", "tp-hunt"), ("count", "3"), ("seed", "x"), ("table-size", "x")][..],
            "table-size",
        ),
        (
            &["pack", "--game", "tp-hunt", "--count", "0", "--seed", "x"][..],
            &[("games", "tp-hunt"), ("count", "0"), ("seed", "x")][..],
            "count",
        ),
        (
            &["pack", "--game", "tp-hunt", "--count", "3"][..],
            &[("games", "tp-hunt"), ("count", "3")][..],
            "seed",
        ),
        (
            &["pack", "--game", "tp-hunt", "--seed", "x"][..],
            &[("games", "tp-hunt"), ("seed", "x")][..],
            "names",
        ),
        (
            &[
                "pack",
                "--game",
                "panic-buy",
                "--count",
                "3",
                "--seed",
                "x",
                "--mode",
                "siege",
            ][..],
            &[
                ("games", "panic-buy"),
                ("count", "3"),
                ("seed", "x"),
                ("panic-buy.mode", "siege"),
            ][..],
            "panic-buy.mode",
        ),
        (
            &[
                "pack", "--game", "tp-hunt", "--count", "3", "--seed", "x", "--lang", "xx",
            ][..],
            &[("games", "tp-hunt"), ("count", "3"), ("seed", "x"), ("lang", "xx")][..],
            "lang",
        ),
    ] {
        let (content_type, body) = multipart(form);
        same(cli, post(&server, "/api/pack", "", &content_type, &body), field);
    }
    // One name for one pack, whichever door made it.
    let cli = s.run(&[
        "pack",
        "--game",
        "panic-buy",
        "--mode",
        "hoard",
        "--players",
        "6",
        "--per",
        "student",
        "--count",
        "3",
        "--seed",
        "5B",
        "--paper",
        "letter",
    ]);
    assert_eq!(cli.code(), 0, "{}", cli.stderr());
    let written = cli.stdout();
    let file = written
        .strip_prefix("wrote output/")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("{written}"));
    let (content_type, body) = multipart(&[
        ("games", "panic-buy"),
        ("panic-buy.mode", "hoard"),
        ("panic-buy.players", "6"),
        ("per", "student"),
        ("count", "3"),
        ("seed", "5B"),
        ("paper", "letter"),
    ]);
    let web = post(&server, "/api/pack", "", &content_type, &body);
    assert_eq!(web.status, 200, "{}", web.error());
    assert_eq!(
        web.header("content-disposition"),
        Some(format!("attachment; filename=\"{file}\"")),
    );
    assert_eq!(file, "pack-5b-panic-buy-p6-hoard-student-letter.pdf");
    assert!(
        web.body == std::fs::read(s.path(&format!("output/{file}"))).unwrap(),
        "the web's pack differs from the CLI's"
    );
}

/// The German page gets its refusals in German, at their field.
#[test]
fn refusals_are_worded_in_the_pages_language() {
    let server = Server::start();
    for (path, field, says) in [
        ("/api/tp-hunt/info?seed=1&stores=300", "stores", "passen nicht"),
        (
            "/api/tp-hunt/info?seed=1&players=9",
            "players",
            "außerhalb des Bereichs",
        ),
        ("/api/tp-hunt/info?players=3", "seed", "Startwort"),
        ("/api/ppe/action/score?roll=virus,mask", "roll", "Seiten angegeben"),
        (
            "/api/ppe/action/score?roll=Virus,Mundschutz",
            "roll",
            "unbekannte Würfelseite",
        ),
        ("/api/tp-hunt/info?seed=1&stores=100", "stores", "höchstens 82 Läden"),
        (
            "/api/ppe/info?seed=1&target=190",
            "target",
            "zu weit für das schnelle Spiel",
        ),
        (
            "/api/ppe/info?seed=1&mode=long&target=1000000",
            "target",
            "mehr als 3.000 Seiten, und eine Anfrage macht höchstens 3.000 Seiten; wählen Sie für target höchstens ",
        ),
        ("/api/tp-hunt/info?seed=1&count=9000", "count", "9.000 Sätze"),
        (
            "/api/tp-hunt/info?seed=1&stores=80",
            "stores",
            "keine regelgerechte Karte",
        ),
        (
            "/api/particle-panic/info?seed=1&level=as-written&difficulty=hard",
            "difficulty",
            "kaum zu gewinnen",
        ),
    ] {
        let a = server.raw(
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: de\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        );
        assert!(matches!(a.status, 400 | 422), "{path}: {}", a.status);
        let j: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
        assert_eq!(j["field"].as_str().unwrap_or(""), field, "{path}: {j}");
        assert!(j["error"].as_str().unwrap().contains(says), "{path}: {j}");
    }
}

/// One computer's slow connections (a misbehaving machine on a school
/// network) take no other computer's place: beyond its own few, each is
/// answered 503 at once, and another address is served meanwhile.
#[test]
fn one_hosts_slow_connections_leave_other_hosts_served() {
    let server = Server::start();
    let preview = "/api/tp-hunt/preview?seed=other&page=1";
    assert_eq!(
        server.get_from("127.0.0.2", preview, Duration::from_secs(30)).status,
        200
    );
    let slow: Vec<TcpStream> = (0..1000)
        .map(|_| {
            let mut s = connect_from("127.0.0.1", server.port);
            let _ = s.write_all(b"GET /api/games HTTP/1.1\r\nHost: local");
            s
        })
        .collect();
    // Beyond its own share, a connection is answered at once: busy, try again.
    let mut last = slow.last().unwrap().try_clone().unwrap();
    last.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let a = read_answer(&mut last);
    assert_eq!(a.status, 503, "{}", String::from_utf8_lossy(&a.body));
    assert_eq!(a.header("retry-after").as_deref(), Some("2"));
    assert!(a.error().contains("too many connections"), "{}", a.error());
    // Another computer's preview is answered within a read timeout of 1 s
    // (a stalled server fails the read), its page and the registry too.
    for path in [preview, "/api/games", "/"] {
        let a = server.get_from("127.0.0.3", path, Duration::from_secs(1));
        assert_eq!(a.status, 200, "{path} from another computer");
    }
    drop(slow);
}
