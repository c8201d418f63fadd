//! The web page in a real browser: headless Chromium driven through WebDriver
//! (chromedriver), with a small WebDriver client over plain HTTP. Loads the
//! page, chooses each game, changes a setting from the keyboard and sees the
//! preview follow, downloads a PDF and compares it with the CLI's bytes,
//! uploads a roster and gets a pack. `.ci/run` installs Debian's `chromium`
//! and `chromium-driver` when they are missing.
//!
//! `PANICPRESS_SCREENSHOTS=DIR` keeps screenshots of the page there.

mod common;
use common::Scratch;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One HTTP/1.1 exchange on loopback: (status, body). The body is read to
/// its Content-Length (chromedriver keeps connections open), else to the end.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    let payload = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{payload}",
        payload.len()
    )
    .unwrap();
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        let n = stream.read(&mut buf).unwrap_or(0);
        if n == 0 {
            break;
        }
        raw.extend(&buf[..n]);
        if let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok());
            if length.is_some_and(|len| raw.len() >= split + 4 + len) {
                break;
            }
        }
    }
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a response");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut body = raw[split + 4..].to_vec();
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    (status, body)
}

/// The body of a chunked response.
fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.extend(&data[end + 2..end + 2 + size]);
        data = &data[end + 2 + size + 2..];
    }
    out
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A process killed when the test ends, pass or fail.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A WebDriver session.
struct Browser {
    port: u16,
    session: String,
    _driver: Process,
}

impl Browser {
    fn start() -> Browser {
        let find = |names: &[&str]| {
            names
                .iter()
                .map(std::path::Path::new)
                .find(|p| p.exists())
                .map(|p| p.to_path_buf())
        };
        let driver = find(&["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"])
            .expect("chromedriver not found: install Debian's chromium and chromium-driver (.ci/run does)");
        let chromium = find(&["/usr/bin/chromium", "/usr/bin/chromium-browser"])
            .expect("chromium not found: install Debian's chromium and chromium-driver (.ci/run does)");
        let port = free_port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Process(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium.to_str().unwrap(),
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1100"]
            }
        }}});
        let (status, body) = http(port, "POST", "/session", Some(&caps));
        let reply: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(status, 200, "new session: {reply}");
        Browser {
            port,
            session: reply["value"]["sessionId"].as_str().unwrap().to_string(),
            _driver: driver,
        }
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let (status, reply) = http(
            self.port,
            method,
            &format!("/session/{}{path}", self.session),
            body.as_ref(),
        );
        let reply: Value = serde_json::from_slice(&reply).unwrap();
        assert_eq!(status, 200, "{method} {path}: {reply}");
        reply["value"].clone()
    }

    fn go(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    fn script(&self, script: &str) -> Value {
        self.call("POST", "/execute/sync", Some(json!({ "script": script, "args": [] })))
    }

    fn element(&self, css: &str) -> String {
        let v = self.call("POST", "/element", Some(json!({"using": "css selector", "value": css})));
        v.as_object()
            .unwrap()
            .values()
            .next()
            .unwrap()
            .as_str()
            .unwrap()
            .to_string()
    }

    fn type_into(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.call("POST", &format!("/element/{id}/value"), Some(json!({ "text": text })));
    }

    /// Chooses a file in a file input, as a person would in the file dialog.
    fn upload(&self, css: &str, path: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/value"), Some(json!({ "text": path })));
    }

    fn click(&self, css: &str) {
        let id = self.element(css);
        self.call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    /// Waits until `script` returns true.
    fn until(&self, what: &str, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        let check = format!("return ({script});");
        while self.script(&check) != json!(true) {
            if Instant::now() > deadline {
                let page = self.script("return document.body.innerText.slice(0, 400) + ' | ' + document.getElementById('shown').textContent;");
                panic!("timed out waiting for {what}; the page says: {page}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn screenshot(&self, name: &str) {
        if let Ok(dir) = std::env::var("PANICPRESS_SCREENSHOTS") {
            let b64 = self.call("GET", "/screenshot", None);
            let png = base64_decode(b64.as_str().unwrap());
            std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = http(self.port, "DELETE", &format!("/session/{}", self.session), None);
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let bytes: Vec<u8> = text
        .bytes()
        .filter(|c| *c != b'=' && !c.is_ascii_whitespace())
        .collect();
    let mut out = Vec::new();
    for chunk in bytes.chunks(4) {
        let v: Vec<u32> = chunk.iter().map(|&c| value(c) as u32).collect();
        let n = v.iter().fold(0u32, |acc, x| acc << 6 | x) << (6 * (4 - v.len()));
        out.extend(&n.to_be_bytes()[1..v.len()]);
    }
    out
}

#[test]
#[ignore = "needs chromium and chromedriver"]
fn a_family_and_a_teacher_use_the_page_in_a_browser() {
    let port = free_port();
    let mut server = Command::new(env!("CARGO_BIN_EXE_panicpress"))
        .args(["serve", "--port", &port.to_string()])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut banner = [0u8; 64];
    let _ = server.stdout.as_mut().unwrap().read(&mut banner).unwrap();
    let _server = Process(server);
    let browser = Browser::start();
    browser.go(&format!("http://127.0.0.1:{port}/"));
    let code_is = |prefix: &str| format!("document.getElementById('shown').textContent.startsWith('{prefix}')");
    let preview_loaded = "(() => { const i = document.getElementById('preview'); \
                          return i.complete && i.naturalWidth > 0; })()";
    browser.until("the first code", &code_is("tp-hunt:"));
    browser.until("the first preview", preview_loaded);

    // Every game: its form appears, its code and preview follow.
    for game in panicpress::games::all() {
        browser.script(&format!(
            "const s = document.getElementById('game'); s.value = '{}'; s.dispatchEvent(new Event('change')); return true;",
            game.name()
        ));
        browser.until(game.name(), &code_is(&format!("{}:", game.name())));
        browser.until("its preview", preview_loaded);
        let fields = browser.script("return document.querySelectorAll('#own label, #own legend').length;");
        assert!(
            fields.as_u64().unwrap() as usize >= game.settings().len() - 1,
            "{}",
            game.name()
        );
    }

    // A family: TP Hunt for 3 players, typed in; the code and the preview follow.
    browser.script("const s = document.getElementById('game'); s.value = 'tp-hunt'; s.dispatchEvent(new Event('change')); return true;");
    browser.until("TP Hunt again", &code_is("tp-hunt:"));
    browser.type_into("#seed", "7");
    browser.type_into("#s-players", "3");
    browser.until("3 players", &code_is("tp-hunt:3:g12-s12-a10-d7-p3:a4:default:7"));
    browser.until(
        "the new preview",
        "document.getElementById('preview').src.includes('players=3')",
    );
    browser.until("its preview", preview_loaded);
    browser.screenshot("web-page.png");
    let href = browser.script("return document.getElementById('pdf').getAttribute('href');");
    let (status, web_pdf) = http(port, "GET", href.as_str().unwrap(), None);
    assert_eq!(status, 200);
    let s = Scratch::new("browser");
    let cli = s.run(&["tp-hunt", "--seed", "7", "--players", "3", "-o", "cli.pdf"]);
    assert_eq!(cli.code(), 0);
    assert_eq!(
        web_pdf,
        std::fs::read(s.path("cli.pdf")).unwrap(),
        "the page's PDF differs from the CLI's"
    );

    // A bad value is said on the page, in one line.
    browser.type_into("#s-players", "9");
    browser.until(
        "the error",
        "document.getElementById('error').textContent.includes('players: 9 is out of range')",
    );
    browser.type_into("#s-players", "3");
    browser.until("no error", "document.getElementById('error').textContent === ''");

    // A teacher: a roster uploaded, a pack made.
    let roster = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/class.csv");
    browser.upload("#roster", roster.to_str().unwrap());
    browser.click("#makepack");
    browser.until(
        "the pack",
        "(() => { const a = document.querySelector('#packstatus a'); return !!a && a.textContent.includes('pack-class-pack.pdf'); })()",
    );
    browser.screenshot("web-pack.png");
}
