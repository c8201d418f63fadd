//! `panicpress serve` over real HTTP: the page, the registry, and a PDF that is
//! byte for byte the file the command line writes for the same settings.

mod common;
use common::Scratch;
use std::io::{Read, Write};
use std::net::TcpStream;

/// GET `path`; returns the status code and the body.
fn get(port: u16, path: &str) -> (u16, Vec<u8>) {
    request(
        port,
        &format!("GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").into_bytes(),
    )
}

/// Sends raw request bytes; returns the status code and the body.
fn request(port: u16, raw_request: &[u8]) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let _ = stream.write_all(raw_request);
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, raw[split + 4..].to_vec())
}

struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_web_page_serves_the_same_pdf_as_the_command_line() {
    let port = {
        // A free port: bind, note it, let it go.
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_panicpress"))
        .args(["serve", "--port", &port.to_string()])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    let n = child.stdout.as_mut().unwrap().read(&mut first).unwrap();
    assert!(String::from_utf8_lossy(&first[..n]).contains(&format!("http://127.0.0.1:{port}/")));
    let _server = Server(child);

    let (status, page) = get(port, "/");
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&page).contains("<form"));
    let (status, games) = get(port, "/api/games");
    assert_eq!(status, 200);
    let games: serde_json::Value = serde_json::from_slice(&games).unwrap();
    assert_eq!(games["games"].as_array().unwrap().len(), 4);

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
    let (status, web) = get(port, "/api/panic-buy/pdf?seed=9&players=4&paper=letter");
    assert_eq!(status, 200);
    assert_eq!(
        web,
        std::fs::read(s.path("c.pdf")).unwrap(),
        "the web's PDF differs from the CLI's"
    );

    // A file setting goes as the file's text: the same dice as the CLI's --faces file.
    let faces = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/faces.toml");
    let cli = s.run(&["ppe", "--seed", "1", "--faces", faces.to_str().unwrap(), "-o", "f.pdf"]);
    assert_eq!(cli.code(), 0, "{}", cli.stderr());
    let text = std::fs::read_to_string(&faces).unwrap();
    let encoded: String = text.bytes().map(|b| format!("%{b:02X}")).collect();
    let (status, web) = get(port, &format!("/api/ppe/pdf?seed=1&faces={encoded}"));
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&web));
    assert_eq!(web, std::fs::read(s.path("f.pdf")).unwrap(), "face counts sent as text");

    let (status, regen) = get(
        port,
        "/api/regen?code=tp-hunt%3A1%3Ag12-s12-a10-d7-p4%3Aa4%3Adefault%3A42",
    );
    assert_eq!(status, 200);
    assert!(regen.starts_with(b"%PDF-"));
    let (status, error) = get(port, "/api/ppe/pdf?seed=1&target=0");
    assert_eq!(status, 400);
    let error: serde_json::Value = serde_json::from_slice(&error).unwrap();
    assert!(error["error"].as_str().unwrap().contains("target"), "{error}");

    // A body over the limit is refused, not read.
    let big = vec![b'x'; 2 * 1024 * 1024];
    let mut raw = format!(
        "POST /api/validate/tp-hunt HTTP/1.0\r\nHost: localhost\r\nContent-Length: {}\r\n\r\n",
        big.len()
    )
    .into_bytes();
    raw.extend(&big);
    let (status, _) = request(port, &raw);
    assert_eq!(status, 413);

    // Twenty clients at once all get their preview.
    let threads: Vec<_> = (0..20)
        .map(|i| std::thread::spawn(move || get(port, &format!("/api/tp-hunt/preview?seed={i}&page=1"))))
        .collect();
    for t in threads {
        let (status, body) = t.join().unwrap();
        assert_eq!(status, 200);
        assert!(String::from_utf8_lossy(&body).contains("<svg"));
    }
}
