//! The web page in a real browser: headless Chromium driven through WebDriver
//! (chromedriver), with a small WebDriver client over plain HTTP. Chooses each
//! game and sees its form and preview follow. Then, from the keyboard only:
//! sets a family's sheets, copies the code, turns a page and downloads a PDF
//! that is the CLI's bytes; sets two games for a class pack, ticks them, is
//! told at the class list that names are missing, types them, and gets the
//! pack, byte for byte the CLI's from a pack file of the same entries. Also: an
//! error at its field with the stale code and downloads withdrawn, copying
//! without the Clipboard API, the page in German (an error too). axe-core
//! (vendored in tests/fixtures/axe, from the npm package) finds no serious or
//! critical violation at each step. `.ci/run` installs Debian's `chromium`
//! and `chromium-driver` when they are missing.
//!
//! `PANICPRESS_SCREENSHOTS=DIR` keeps screenshots of the page there.

use crate::common;
use common::Scratch;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One HTTP/1.1 exchange on loopback: (status, body). The body is read to
/// its Content-Length (chromedriver keeps connections open), else to the end.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> (u16, Vec<u8>) {
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    exchange(stream, method, path, body).expect("a response")
}

/// One exchange on an open connection; `None` when no HTTP response came.
fn exchange(mut stream: TcpStream, method: &str, path: &str, body: Option<&Value>) -> Option<(u16, Vec<u8>)> {
    let payload = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{payload}",
        payload.len()
    )
    .ok()?;
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
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let mut body = raw[split + 4..].to_vec();
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    Some((status, body))
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
        // A port picked free can be taken again before chromedriver binds it
        // (other tests pick ports too), and a chromedriver can fail to start on
        // a loaded machine: then start another on a fresh port.
        let mut last_error = String::new();
        for _ in 0..3 {
            match Browser::try_start(&driver, &chromium) {
                Ok(browser) => return browser,
                Err(error) => last_error = error,
            }
        }
        panic!("chromedriver gave no session in three tries: {last_error}");
    }

    fn try_start(driver: &std::path::Path, chromium: &std::path::Path) -> Result<Browser, String> {
        let port = free_port();
        // A fresh profile for every run.
        let profile = std::env::temp_dir().join(format!("panicpress-chromium-{}-{port}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let mut driver = Process(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        let stream = loop {
            if let Ok(Some(status)) = driver.0.try_wait() {
                return Err(format!("chromedriver exited: {status}"));
            }
            if let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) {
                break stream;
            }
            if Instant::now() >= deadline {
                return Err("chromedriver did not listen within 20 s".into());
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium.to_str().unwrap(),
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         format!("--user-data-dir={}", profile.display()), "--window-size=1366,1000"]
            }
        }}});
        // The session is asked on the connection that found chromedriver listening.
        let (status, body) = exchange(stream, "POST", "/session", Some(&caps)).ok_or("no reply to a new session")?;
        let reply: Value = serde_json::from_slice(&body).map_err(|e| format!("new session: {e}"))?;
        if status != 200 {
            return Err(format!("new session: {reply}"));
        }
        Ok(Browser {
            port,
            session: reply["value"]["sessionId"].as_str().unwrap().to_string(),
            _driver: driver,
        })
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

    /// Runs `script`, which calls `done(value)` when it has finished.
    fn script_async(&self, script: &str) -> Value {
        let body = format!("const done = arguments[arguments.length - 1]; {script}");
        self.call("POST", "/execute/async", Some(json!({ "script": body, "args": [] })))
    }

    /// Presses keys as a person would on the keyboard (WebDriver key codes
    /// for Tab, Enter, arrows).
    fn keys(&self, keys: &str) {
        let mut actions = Vec::new();
        for k in keys.chars() {
            actions.push(json!({"type": "keyDown", "value": k.to_string()}));
            actions.push(json!({"type": "keyUp", "value": k.to_string()}));
        }
        self.call(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        );
    }

    /// Presses Tab until the focused element matches `css`: it can be reached from the keyboard.
    fn tab_to(&self, css: &str) {
        let css_json = serde_json::to_string(css).unwrap();
        for _ in 0..60 {
            if self.script(&format!("return document.activeElement.matches({css_json});")) == json!(true) {
                return;
            }
            self.keys(TAB);
        }
        let at = self.script("return document.activeElement.outerHTML.slice(0, 120);");
        panic!("{css} cannot be reached with Tab; focus stays at {at}");
    }

    /// Runs axe-core on the page: no serious or critical violation.
    fn axe(&self, when: &str) {
        let axe = include_str!("../fixtures/axe/axe.min.js");
        if self.script("return typeof axe === 'object';") != json!(true) {
            self.script(axe);
        }
        let result = self.script_async(
            "axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.help + ' at ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))).catch((e) => done(['axe failed: ' + e]));",
        );
        let found = result.as_array().expect("a list of violations");
        assert!(found.is_empty(), "axe-core {when}: {found:#?}");
    }

    fn size(&self, width: u32, height: u32) {
        self.call("POST", "/window/rect", Some(json!({"width": width, "height": height})));
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
                let page = self.script(
                    "return document.body.innerText.slice(0, 600) + ' | ' + document.getElementById('shown').value;",
                );
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

/// WebDriver's key codes.
const TAB: &str = "\u{E004}";
const ENTER: &str = "\u{E007}";
const ARROW_UP: &str = "\u{E013}";
const SPACE: &str = " ";

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

/// A blob or same-origin URL's bytes as the page sees them.
fn bytes_at(browser: &Browser, url_js: &str) -> Vec<u8> {
    let b64 = browser.script_async(&format!(
        "fetch({url_js}).then((r) => r.blob()).then((b) => {{ const f = new FileReader(); \
         f.onload = () => done(f.result.split(',')[1]); f.readAsDataURL(b); }}).catch((e) => done('failed: ' + e));"
    ));
    base64_decode(b64.as_str().unwrap())
}

/// The tool's web server on a free port, once it has printed its banner. A
/// port taken again before the server binds it ends the server without a
/// banner: then it starts on another.
fn serve() -> (u16, Process) {
    for _ in 0..3 {
        let port = free_port();
        let server = Command::new(env!("CARGO_BIN_EXE_panicpress"))
            .args(["serve", "--port", &port.to_string()])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut server = Process(server);
        let mut banner = [0u8; 64];
        if server.0.stdout.as_mut().unwrap().read(&mut banner).unwrap_or(0) > 0 {
            return (port, server);
        }
    }
    panic!("the server did not start in three tries");
}

#[test]
#[ignore = "needs chromium and chromedriver"]
fn a_family_and_a_teacher_use_the_page_in_a_browser() {
    let (port, _server) = serve();
    let browser = Browser::start();
    browser.go(&format!("http://127.0.0.1:{port}/"));
    let code_is = |prefix: &str| format!("document.getElementById('shown').value.startsWith('{prefix}')");
    let preview_loaded = "(() => { const i = document.getElementById('preview'); \
                          return i.complete && i.naturalWidth > 0 && \
                          document.getElementById('sheetview').getAttribute('aria-busy') === 'false'; })()";
    let choose_game = |name: &str| {
        browser.script(&format!(
            "const s = document.getElementById('game'); s.value = '{name}'; s.dispatchEvent(new Event('change')); return true;"
        ));
    };
    browser.until("the first code", &code_is("tp-hunt:"));
    browser.until("the first preview", preview_loaded);
    browser.axe("on the first page");

    // Every game: its form appears in the page's words, its code and preview follow.
    for game in panicpress::games::all() {
        choose_game(game.name());
        browser.until(game.name(), &code_is(&format!("{}:", game.name())));
        browser.until("its preview", preview_loaded);
        let fields = browser.script("return document.querySelectorAll('#settings .field, #settings fieldset').length;");
        assert!(
            fields.as_u64().unwrap() as usize >= game.settings().len() + 5,
            "{}: {fields}",
            game.name()
        );
        let labels = browser.script("return [...document.querySelectorAll('#settings label, #settings legend')].map((l) => l.textContent).join('|');");
        for s in game.settings() {
            assert!(
                !labels
                    .as_str()
                    .unwrap()
                    .split('|')
                    .any(|l| l == s.name && s.name.contains('-')),
                "{}: the label of {} is its flag name",
                game.name(),
                s.name
            );
        }
        browser.axe(&format!("with {} chosen", game.name()));
    }

    // A preset shows what it sets in the fields it sets, and the code follows.
    choose_game("tp-hunt");
    browser.until("TP Hunt", &code_is("tp-hunt:"));
    let stores = browser.script(
        "const p = document.querySelector(\"#settings [name='preset']\"); p.value = 'harder'; \
         p.dispatchEvent(new Event('input', { bubbles: true })); \
         return document.querySelector(\"#settings [name='stores']\").value;",
    );
    assert_eq!(stores.as_str(), Some("9"));
    browser.until(
        "the harder map's code",
        "document.getElementById('shown').value.includes('-s9-')",
    );
    browser.script(
        "const p = document.querySelector(\"#settings [name='preset']\"); p.value = 'standard'; \
         p.dispatchEvent(new Event('input', { bubbles: true })); return true;",
    );
    browser.until(
        "the standard map's code",
        "document.getElementById('shown').value.includes('-s12-')",
    );

    // A family, from the keyboard only: TP Hunt, 3 players, seed 7.
    choose_game("panic-buy");
    browser.until("Panic Buy", &code_is("panic-buy:"));
    browser.script("document.activeElement.blur(); window.scrollTo(0, 0); return true;");
    browser.tab_to("#game");
    // Up from Panic Buy (third) to TP Hunt, the first game.
    browser.keys(&format!("{ARROW_UP}{ARROW_UP}"));
    browser.until("TP Hunt chosen from the keyboard", &code_is("tp-hunt:"));
    browser.tab_to("#f-players");
    browser.keys(&format!("3{TAB}"));
    browser.tab_to("#f-seed");
    browser.script("document.getElementById('f-seed').select(); return true;");
    browser.keys("7");
    browser.until("3 players", &code_is("tp-hunt:6-zqdkz:g12-s12-a10-d7-p3:a4:default:7"));
    browser.until("its preview", preview_loaded);
    browser.tab_to("#copy");
    browser.keys(SPACE);
    browser.until(
        "the copy said",
        "document.getElementById('copied').textContent.length > 0",
    );
    browser.tab_to("#pdf");
    let href = browser.script("return document.activeElement.getAttribute('href');");
    browser.screenshot("web-page.png");
    browser.tab_to("#next");
    browser.keys(ENTER);
    browser.until("page 2", "document.getElementById('preview').src.includes('page=2')");
    browser.until("page 2 shown", preview_loaded);
    let (status, web_pdf) = http(port, "GET", href.as_str().unwrap(), None);
    assert_eq!(status, 200);
    let s = Scratch::new("browser");
    let cli = s.run(&["tp-hunt", "--seed", "7", "--players", "3", "-o", "cli.pdf"]);
    assert_eq!(cli.code(), 0);
    assert!(
        web_pdf == std::fs::read(s.path("cli.pdf")).unwrap(),
        "the page's PDF differs from the CLI's"
    );

    // Copy without the Clipboard API (plain HTTP on a school network): the
    // code is copied by the older command or selected to copy by hand.
    browser.script(
        "Object.defineProperty(navigator, 'clipboard', {value: undefined}); \
         document.getElementById('copied').textContent = ''; document.getElementById('copy').click(); return true;",
    );
    browser.until(
        "the fallback copy",
        "document.getElementById('copied').textContent.length > 0",
    );
    let selected = browser.script(
        "const c = document.getElementById('shown'); return c.selectionEnd - c.selectionStart === c.value.length;",
    );
    assert_eq!(selected, json!(true), "the code is selected");

    // A bad value is said at its field, announced, and nothing stale stays usable.
    browser.script("document.getElementById('more').open = true; return true;");
    browser.type_into("#f-stores", "900");
    browser.until(
        "the error at its field",
        "document.getElementById('err-f-stores').textContent.startsWith('Stores:')",
    );
    let state = browser.script(
        "const f = document.getElementById('f-stores'); return [f.getAttribute('aria-invalid'), \
         f.getAttribute('aria-describedby').includes('err-f-stores'), document.getElementById('pdf').hasAttribute('href'), \
         document.getElementById('pdf').getAttribute('aria-disabled'), document.getElementById('shown').value, \
         document.getElementById('copy').disabled, document.getElementById('problem').textContent.includes('Stores')];",
    );
    assert_eq!(state, json!(["true", true, false, "true", "", true, true]), "{state}");
    browser.axe("with an error shown");
    browser.screenshot("web-error.png");
    browser.type_into("#f-stores", "12");
    browser.until("no error", "document.getElementById('err-f-stores').textContent === ''");
    browser.until(
        "the code again",
        &code_is("tp-hunt:6-zqdkz:g12-s12-a10-d7-p3:a4:default:7"),
    );

    // The page in German: its own words, the sheets' language its own choice.
    browser.script("const s = document.getElementById('uilang'); s.value = 'de'; s.dispatchEvent(new Event('change')); return true;");
    browser.until(
        "German",
        "document.getElementById('make-title').textContent === 'Blätter machen' && document.documentElement.lang === 'de'",
    );
    browser.until("the preview in German", preview_loaded);
    browser.axe("in German");
    browser.script("document.getElementById('more').open = true; return true;");
    browser.type_into("#f-count", "0");
    browser.until(
        "an error in German",
        "document.getElementById('err-f-count').textContent === 'Verschiedene Sätze: 0 liegt außerhalb des Bereichs (1 bis 10000)'",
    );
    browser.type_into("#f-count", "1");
    browser.until("no error", "document.getElementById('err-f-count').textContent === ''");
    browser.script("const s = document.getElementById('uilang'); s.value = 'en'; s.dispatchEvent(new Event('change')); return true;");
    browser.until(
        "English",
        "document.getElementById('make-title').textContent === 'Make sheets'",
    );
    browser.until(
        "TP Hunt's code in English",
        &code_is("tp-hunt:6-zqdkz:g12-s12-a10-d7-p3:a4:default:7"),
    );

    // A teacher: Panic Buy in hoard mode for 6 and TP Hunt's harder maps,
    // both ticked for the pack, names pasted. Every setting applies: the
    // pack is byte for byte the CLI's from a pack file of the same entries.
    // All from the keyboard.
    browser.script("document.activeElement.blur(); window.scrollTo(0, 0); return true;");
    browser.tab_to("#f-preset");
    browser.keys("h");
    browser.until(
        "harder maps",
        "document.getElementById('shown').value.includes('s9-a10-d10')",
    );
    browser.script("document.activeElement.blur(); window.scrollTo(0, 0); return true;");
    browser.tab_to("#game");
    browser.keys("pan");
    browser.until("Panic Buy", &code_is("panic-buy:"));
    browser.tab_to("#more summary");
    browser.script("document.getElementById('more').open = false; return true;");
    browser.keys(ENTER);
    browser.tab_to("#f-mode");
    browser.keys("h");
    browser.until("hoard", "document.getElementById('shown').value.includes('hoard')");
    browser.script("document.activeElement.blur(); window.scrollTo(0, 0); return true;");
    browser.tab_to("#f-players");
    browser.keys("6");
    browser.until(
        "hoard for 6",
        "document.getElementById('shown').value.includes('p6-hoard')",
    );
    // The pack follows the game chosen above (Panic Buy); TP Hunt is ticked too, by hand.
    let ticked =
        browser.script("return [...document.querySelectorAll('#pack-games input:checked')].map((c) => c.value);");
    assert_eq!(ticked, json!(["panic-buy"]));
    browser.tab_to("#pack-games input[value='tp-hunt']");
    browser.keys(SPACE);
    let ticked =
        browser.script("return [...document.querySelectorAll('#pack-games input:checked')].map((c) => c.value);");
    assert_eq!(ticked, json!(["tp-hunt", "panic-buy"]));
    // Nothing to make it from: the error is at the class list.
    browser.tab_to("#makepack");
    browser.keys(ENTER);
    browser.until(
        "the class list asked for",
        "document.getElementById('pack-names').getAttribute('aria-invalid') === 'true'",
    );
    browser.until("the class list focused", "document.activeElement.id === 'pack-names'");
    browser.keys(&format!("Ann{ENTER}Bo Li{ENTER}Zoë"));
    // Three names and a hoard game for six: a take-home set each, not tables.
    browser.until(
        "the class split into tables",
        "document.getElementById('pack-split-note').textContent.includes('3 students at one table')",
    );
    browser.click("input[name='pack-per'][value='student']");
    browser.until("no tables", "document.getElementById('pack-table-field').hidden");
    // The first student's pages, before the pack is made.
    browser.click("#previewpack");
    browser.until(
        "the first student's pages",
        "(() => { const h = document.querySelector('#packpreview h3'); return !!h && h.textContent.startsWith('Ann (') && document.querySelectorAll('#packpreview img').length > 1; })()",
    );
    browser.axe("with the first student's pages");
    browser.screenshot("web-pack-preview.png");
    browser.tab_to("#pack-seed");
    browser.script("document.getElementById('pack-seed').select(); return true;");
    browser.keys("5B");
    browser.tab_to("#makepack");
    browser.keys(ENTER);
    browser.until(
        "the pack",
        "(() => { const a = document.querySelector('#packstatus a'); return !!a && a.textContent === 'pack-5b-tp-hunt-s9-d10-p3+panic-buy-p6-hoard-student.pdf'; })()",
    );
    browser.until(
        "the download focused",
        "document.activeElement.matches('#packstatus a')",
    );
    browser.axe("with the pack made");
    browser.screenshot("web-pack.png");
    let web_pack = bytes_at(&browser, "document.querySelector('#packstatus a').href");
    std::fs::write(s.path("names.txt"), "Ann\nBo Li\nZoë\n").unwrap();
    std::fs::write(
        s.path("pack.toml"),
        "seed = \"5B\"\nroster = \"names.txt\"\n\
         [[entry]]\ngame = \"tp-hunt\"\npreset = \"harder\"\nplayers = 3\n\
         [[entry]]\ngame = \"panic-buy\"\nmode = \"hoard\"\nplayers = 6\n",
    )
    .unwrap();
    let cli = s.run(&["pack", "pack.toml", "-o", "pack.pdf"]);
    assert_eq!(cli.code(), 0, "{}", cli.stderr());
    let cli_pack = std::fs::read(s.path("pack.pdf")).unwrap();
    assert!(
        web_pack == cli_pack,
        "the page's pack ({} bytes, starting {:?}) differs from the CLI's ({} bytes)",
        web_pack.len(),
        String::from_utf8_lossy(&web_pack[..web_pack.len().min(40)]),
        cli_pack.len()
    );

    // A sheet printed again from its code; a wrong code is said at the field.
    browser.type_into("#code", "tp-hunt:9");
    browser.click("#regen");
    browser.until(
        "the code's error",
        "document.getElementById('code').getAttribute('aria-invalid') === 'true' && document.getElementById('err-code').textContent.length > 0",
    );
    browser.type_into("#code", "tp-hunt:6-zqdkz:g12-s12-a10-d7-p3:a4:default:7");
    browser.click("#regen");
    browser.until(
        "the sheet again",
        "(() => { const a = document.querySelector('#againstatus a'); return !!a && a.textContent === 'tp-hunt-7-p3.pdf'; })()",
    );
    let again = bytes_at(&browser, "document.querySelector('#againstatus a').href");
    assert!(
        again == web_pdf,
        "the sheet made again from its code is the one downloaded"
    );

    // The class list from a file.
    let roster = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/class.csv");
    browser.type_into("#pack-names", "");
    browser.upload("#pack-file", roster.to_str().unwrap());
    browser.click("#makepack");
    browser.until(
        "the pack from a file",
        "(() => { const a = document.querySelector('#packstatus a'); return !!a && a.textContent === 'pack-5b-tp-hunt-s9-d10-p3+panic-buy-p6-hoard-student.pdf' && a.href !== '' ; })()",
    );

    // On a phone.
    browser.size(390, 900);
    browser.script("window.scrollTo(0, 0); return true;");
    browser.until("its preview", preview_loaded);
    browser.axe("on a phone");
    browser.screenshot("web-phone.png");
}

/// The contrast (WCAG) of the focused element's outline against what lies
/// behind it: the first ancestor with a background of its own.
const FOCUS_CONTRAST: &str = "(() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const e = document.activeElement, ring = getComputedStyle(e);
  if (ring.outlineStyle === 'none' || parseFloat(ring.outlineWidth) < 2) return 0;
  let back = e.parentElement, bg = [255, 255, 255];
  for (; back; back = back.parentElement) {
    const c = rgb(getComputedStyle(back).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0)) { bg = c.slice(0, 3); break; }
  }
  const a = lum(rgb(ring.outlineColor).slice(0, 3)), b = lum(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
})()";

/// Whether the page scrolls sideways.
const SIDEWAYS: &str = "document.documentElement.scrollWidth > document.documentElement.clientWidth";

/// The page with no dead ends: Space on the download link, a focus ring
/// that can be seen, no sideways scroll on a phone, the sheets ticked the
/// sheets printed, every refusal shown at its field or in a message (a class
/// list too large, settings too long to send, settings that make no legal
/// map, a number that is not one), the actions' own messages, and German
/// face names scored on the German page.
#[test]
#[ignore = "needs chromium and chromedriver"]
fn the_page_has_no_dead_ends() {
    let (port, _server) = serve();
    let browser = Browser::start();
    browser.go(&format!("http://127.0.0.1:{port}/"));
    let code_is = |prefix: &str| format!("document.getElementById('shown').value.startsWith('{prefix}')");
    let choose_game = |name: &str| {
        browser.script(&format!(
            "const s = document.getElementById('game'); s.value = '{name}'; s.dispatchEvent(new Event('change')); return true;"
        ));
        browser.until(name, &code_is(&format!("{name}:")));
    };
    browser.until("the first code", &code_is("tp-hunt:"));

    // Space and Enter on the download link act as on a button.
    for key in [SPACE, ENTER] {
        browser.script(
            "window.pdfClicks = 0; if (!window.pdfCatcher) { window.pdfCatcher = true; \
             document.getElementById('pdf').addEventListener('click', (e) => { e.preventDefault(); window.pdfClicks++; }); } \
             document.activeElement.blur(); window.scrollTo(0, 0); return true;",
        );
        browser.tab_to("#pdf");
        browser.keys(key);
        assert_eq!(
            browser.script("return window.pdfClicks;"),
            json!(1),
            "{key:?} on Download PDF"
        );
    }

    // The focus ring stands out (3:1 at least) on the cards and on the header.
    browser.script("document.activeElement.blur(); window.scrollTo(0, 0); return true;");
    for css in [
        "#uilang",
        "#game",
        "#f-seed",
        "#newseed",
        "#pdf",
        "#more summary",
        "#pack-games input",
    ] {
        browser.tab_to(css);
        let contrast = browser.script(&format!("return {FOCUS_CONTRAST};")).as_f64().unwrap();
        assert!(contrast >= 3.0, "the focus ring at {css}: {contrast:.2}:1");
    }

    // Particle Panic: the ★ cards print only with five codes, and are ticked only then.
    choose_game("particle-panic");
    let stars = "(() => { const s = document.querySelector(\"#f-sheets input[value='stars']\"); return [s.checked, s.disabled]; })()";
    assert_eq!(browser.script(&format!("return {stars};")), json!([false, true]));
    browser.until(
        "the default sheets",
        "document.getElementById('shown').value.includes(':default:')",
    );
    browser
        .script("const v = document.querySelector(\"#f-variant input[value='five-codes']\"); v.click(); return true;");
    assert_eq!(browser.script(&format!("return {stars};")), json!([true, false]));
    browser.until(
        "five codes, the default sheets",
        "document.getElementById('shown').value.includes('c5') && document.getElementById('shown').value.includes(':default:')",
    );
    browser
        .script("const v = document.querySelector(\"#f-variant input[value='five-codes']\"); v.click(); return true;");
    assert_eq!(browser.script(&format!("return {stars};")), json!([false, true]));

    // Settings that can make no legal map: refused at the field, at once.
    choose_game("tp-hunt");
    browser.script("document.getElementById('more').open = true; return true;");
    browser.type_into("#f-stores", "100");
    browser.until(
        "too many stores, at the field",
        "document.getElementById('err-f-stores').textContent.includes('at most')",
    );
    browser.type_into("#f-stores", "12");
    browser.until("no error", "document.getElementById('err-f-stores').textContent === ''");

    // Settings too long to send: said at the field that is too long.
    choose_game("ppe");
    browser.script(
        "const f = document.getElementById('f-faces'); f.value = 'mask = 6\\n'.repeat(3000); \
         f.dispatchEvent(new Event('input', { bubbles: true })); return true;",
    );
    browser.until(
        "too long, at the field",
        "document.getElementById('err-f-faces').textContent.length > 0 && document.getElementById('f-faces').getAttribute('aria-invalid') === 'true'",
    );
    browser.script(
        "const f = document.getElementById('f-faces'); f.value = ''; f.dispatchEvent(new Event('input', { bubbles: true })); return true;",
    );
    browser.until("no error", "document.getElementById('err-f-faces').textContent === ''");

    // An action's input refused: at its field.
    browser.type_into("#a-score-roll", "x,y");
    browser.script("document.querySelector('#a-score button[type=submit]').click(); return true;");
    browser.until(
        "an unknown face at the roll",
        "document.getElementById('err-a-score-roll').textContent.length > 0",
    );
    // A number that is not one, in an action's form: the page's own message at the field.
    choose_game("particle-panic");
    let number =
        browser.script("const c = document.querySelector('#action-list input[type=number]'); return c ? c.id : '';");
    let number = number.as_str().unwrap().to_string();
    assert!(!number.is_empty(), "an action with a number input");
    browser.type_into(&format!("#{number}"), "1e");
    browser.script("document.querySelector('#action-list button[type=submit]').click(); return true;");
    browser.until(
        "not a number, at the field",
        &format!("document.getElementById('err-{number}').textContent.includes('not a number')"),
    );

    // A class list over the server's limit: said at the class list, the page not left waiting.
    browser.script("document.getElementById('pack-names').value = 'Ann Example\\n'.repeat(100000); return true;");
    browser.click("#makepack");
    browser.until(
        "the class list too large",
        "document.getElementById('pack-names').getAttribute('aria-invalid') === 'true' && \
         document.getElementById('err-pack-names').textContent.includes('1 MiB') && !document.getElementById('makepack').disabled",
    );
    browser.script("document.getElementById('pack-names').value = ''; return true;");

    // On a phone and narrower: no game's page scrolls sideways.
    for width in [390, 320] {
        browser.size(width, 900);
        for game in panicpress::games::all() {
            choose_game(game.name());
            browser.script("document.getElementById('more').open = true; return true;");
            let sideways = browser.script(&format!("return {SIDEWAYS};"));
            if sideways == json!(true) {
                let wide = browser.script(
                    "return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 5).map((e) => e.tagName + '#' + e.id + '.' + e.className).join(' ');",
                );
                panic!("{} scrolls sideways at {width} px: {wide}", game.name());
            }
        }
        browser.screenshot(&format!("web-ppe-{width}.png"));
    }
    browser.size(1280, 1000);

    // The German page: German face names score, and impossible settings are said in German.
    browser.script("const s = document.getElementById('uilang'); s.value = 'de'; s.dispatchEvent(new Event('change')); return true;");
    browser.until("German", "document.documentElement.lang === 'de'");
    choose_game("ppe");
    let example = browser.script("return document.querySelector(\"label[for='a-score-roll']\").textContent;");
    assert!(example.as_str().unwrap().contains("Maske"), "{example}");
    browser.type_into("#a-score-roll", "Virus,Maske,Helden,Visier,Abstand,Handgel");
    browser.script("document.querySelector('#a-score button[type=submit]').click(); return true;");
    browser.until(
        "the roll scored",
        "document.getElementById('a-score-out').textContent.length > 0 && document.getElementById('err-a-score-roll').textContent === ''",
    );
    choose_game("tp-hunt");
    browser.script("document.getElementById('more').open = true; return true;");
    browser.type_into("#f-stores", "100");
    browser.until(
        "too many stores, in German",
        "document.getElementById('err-f-stores').textContent.includes('höchstens')",
    );
    browser.axe("with an impossible setting, in German");
    browser.screenshot("web-de-error.png");
}

/// The German page says every refusal of impossible settings at its field,
/// and every action's report, in German: the words come from the German
/// catalogue by key, as the command line's `--lang de` does.
#[test]
#[ignore = "needs chromium and chromedriver"]
fn the_german_page_says_refusals_and_reports_in_german() {
    let (port, _server) = serve();
    let browser = Browser::start();
    browser.go(&format!("http://127.0.0.1:{port}/"));
    let code_is = |prefix: &str| format!("document.getElementById('shown').value.startsWith('{prefix}')");
    browser.until("the first code", &code_is("tp-hunt:"));
    browser.script("const s = document.getElementById('uilang'); s.value = 'de'; s.dispatchEvent(new Event('change')); return true;");
    browser.until("German", "document.documentElement.lang === 'de'");
    let choose_game = |name: &str| {
        browser.script(&format!(
            "const s = document.getElementById('game'); s.value = '{name}'; s.dispatchEvent(new Event('change')); \
             document.getElementById('more').open = true; return true;"
        ));
        browser.until(name, &code_is(&format!("{name}:")));
    };
    let set = |id: &str, value: &str| {
        browser.script(&format!(
            "const c = document.getElementById('{id}'); c.value = '{value}'; \
             c.dispatchEvent(new Event('input', {{ bubbles: true }})); c.dispatchEvent(new Event('change', {{ bubbles: true }})); return true;"
        ));
    };
    let error_says = |field: &str, words: &str| {
        browser.until(
            &format!("{field}: {words}"),
            &format!("document.getElementById('err-f-{field}').textContent.includes('{words}')"),
        );
        let said = browser.script(&format!("return document.getElementById('err-f-{field}').textContent;"));
        let said = said.as_str().unwrap();
        for english in [" the ", " is ", " and ", " players", " stores"] {
            assert!(!said.contains(english), "{field}: {said}");
        }
    };
    let report_says = |action: &str, words: &[&str]| {
        browser.script(&format!(
            "document.getElementById('a-{action}-out').textContent = ''; \
             document.querySelector('#a-{action} button[type=submit]').click(); return true;"
        ));
        browser.until(
            &format!("the {action} report"),
            &format!(
                "document.getElementById('a-{action}-out').textContent.includes('{}')",
                words[0]
            ),
        );
        let said = browser.script(&format!(
            "return document.getElementById('a-{action}-out').textContent;"
        ));
        for w in words {
            assert!(said.as_str().unwrap().contains(w), "{action}: {said}");
        }
    };

    // PPE: 190 points in the quick game; the score and the odds.
    choose_game("ppe");
    set("f-target", "190");
    error_says("target", "zu weit für das schnelle Spiel");
    set("f-target", "19");
    browser.until("no error", "document.getElementById('err-f-target').textContent === ''");
    browser.type_into("#a-score-roll", "Virus,Maske,Helden,Visier,Abstand,Handgel");
    report_says("score", &["Punkte:", "Ergebnis:", "nächsten Zug aussetzen: nein"]);
    browser.type_into("#a-score-roll", "Virus,Nase");
    browser.script("document.querySelector('#a-score button[type=submit]').click(); return true;");
    browser.until(
        "an unknown face, the faces in German",
        "document.getElementById('err-a-score-roll').textContent.includes('Langnase')",
    );
    report_says("odds", &["Würfel 1:", "erwartete Punkte je Wurf"]);

    // TP Hunt: a map the search cannot find, said at the stores; the simulation.
    choose_game("tp-hunt");
    set("f-stores", "80");
    error_says("stores", "keine regelgerechte Karte");
    set("f-stores", "12");
    browser.until("no error", "document.getElementById('err-f-stores').textContent === ''");
    report_says("simulate", &["Karte:", "Partien:", "der erste Spieler gewinnt"]);

    // Particle Panic: the game as written has no deal difficulty.
    choose_game("particle-panic");
    set("f-level", "as-written");
    set("f-difficulty", "hard");
    error_says("difficulty", "kaum zu gewinnen");
    set("f-difficulty", "");
    set("f-level", "normal");
    report_says("simulate", &["Verteilung:", "gewonnen:"]);

    // Panic Buy: the simulation.
    choose_game("panic-buy");
    report_says("simulate", &["Spielplan:", "Runden: Median"]);
    browser.axe("the German reports");
}
