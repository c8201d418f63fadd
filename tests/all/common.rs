//! Helpers for the integration tests: run the binary in a scratch folder, read PDFs back.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("panicpress-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Runs `panicpress ARGS` with this folder as the working directory.
    pub fn run(&self, args: &[&str]) -> Run {
        let out = Command::new(env!("CARGO_BIN_EXE_panicpress"))
            .args(args)
            .current_dir(&self.0)
            .output()
            .expect("binary runs");
        Run(out)
    }

    /// File names in the folder (recursively), sorted.
    pub fn files(&self) -> Vec<String> {
        fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    walk(&p, base, out);
                } else {
                    out.push(p.strip_prefix(base).unwrap().display().to_string());
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.0, &self.0, &mut out);
        out.sort();
        out
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub struct Run(pub Output);

impl Run {
    pub fn code(&self) -> i32 {
        self.0.status.code().unwrap_or(-1)
    }
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.0.stdout).into_owned()
    }
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.0.stderr).into_owned()
    }
    /// Asserts a failure with exactly one line on standard error, and returns it.
    pub fn one_error_line(&self, exit: i32) -> String {
        let err = self.stderr();
        assert_eq!(self.code(), exit, "exit code; stderr: {err}");
        assert_eq!(err.lines().count(), 1, "one line expected, got: {err}");
        assert!(!err.contains("panicked"), "{err}");
        err.trim().to_string()
    }
}

/// Text of every page, in content order, decoded through the fonts' ToUnicode
/// maps; text inside shared Form XObjects is included where they are drawn.
pub fn pdf_pages_text(bytes: &[u8]) -> Vec<String> {
    use lopdf::{Document, Object};
    use std::collections::HashMap;

    let doc = Document::load_mem(bytes).expect("PDF parses");
    let deref = |o: &Object| -> Object {
        match o {
            Object::Reference(id) => doc.get_object(*id).unwrap().clone(),
            other => other.clone(),
        }
    };
    let stream_bytes = |o: &Object| -> Vec<u8> {
        let s = deref(o).as_stream().unwrap().clone();
        s.decompressed_content().unwrap_or(s.content.clone())
    };
    let stream_text = |o: &Object| -> String { String::from_utf8_lossy(&stream_bytes(o)).into_owned() };
    let mut out = Vec::new();
    for (_, page_id) in doc.get_pages() {
        let page = doc.get_dictionary(page_id).unwrap();
        let resources = deref(page.get(b"Resources").unwrap()).as_dict().unwrap().clone();
        // Font resource name -> glyph code -> text.
        let mut maps: HashMap<String, HashMap<String, String>> = HashMap::new();
        if let Ok(fonts) = resources.get(b"Font") {
            for (name, font) in deref(fonts).as_dict().unwrap().iter() {
                let font = deref(font).as_dict().unwrap().clone();
                let cmap = stream_text(font.get(b"ToUnicode").unwrap());
                let mut map = HashMap::new();
                for line in cmap.lines() {
                    if let Some(rest) = line.strip_prefix('<') {
                        let parts: Vec<&str> = rest.split(['<', '>']).filter(|p| !p.trim().is_empty()).collect();
                        if parts.len() == 2 {
                            let units: Vec<u16> = (0..parts[1].len() / 4)
                                .map(|i| u16::from_str_radix(&parts[1][i * 4..i * 4 + 4], 16).unwrap())
                                .collect();
                            map.insert(parts[0].to_string(), String::from_utf16_lossy(&units));
                        }
                    }
                }
                maps.insert(String::from_utf8_lossy(name).into_owned(), map);
            }
        }
        let xobjects: HashMap<String, Object> = match resources.get(b"XObject") {
            Ok(x) => deref(x)
                .as_dict()
                .unwrap()
                .iter()
                .map(|(k, v)| (String::from_utf8_lossy(k).into_owned(), v.clone()))
                .collect(),
            Err(_) => HashMap::new(),
        };
        let mut text = String::new();
        let mut font = String::new();
        // Shared groups ("/Gn Do") are decoded where they are drawn.
        decode(
            &stream_bytes(page.get(b"Contents").unwrap()),
            &mut |name| stream_bytes(&xobjects[name]),
            &maps,
            &mut font,
            &mut text,
        );
        out.push(text);
    }
    out
}

type FontMaps = std::collections::HashMap<String, std::collections::HashMap<String, String>>;

/// Walks a content stream: `Tf` picks the font, `Tj` shows two-byte glyph
/// codes (one line of text each), `Do` draws a shared group.
fn decode(
    content: &[u8],
    xobject: &mut dyn FnMut(&str) -> Vec<u8>,
    maps: &FontMaps,
    font: &mut String,
    text: &mut String,
) {
    use lopdf::Object;
    let ops = lopdf::content::Content::decode(content).expect("content stream parses");
    for op in ops.operations {
        match (op.operator.as_str(), op.operands.as_slice()) {
            ("Tf", [Object::Name(name), ..]) => *font = String::from_utf8_lossy(name).into_owned(),
            ("Tj", [Object::String(bytes, _)]) => {
                for pair in bytes.chunks(2) {
                    let code = format!("{:02X}{:02X}", pair[0], pair.get(1).copied().unwrap_or(0));
                    text.push_str(
                        maps.get(font.as_str())
                            .and_then(|m| m.get(&code))
                            .map(String::as_str)
                            .unwrap_or("?"),
                    );
                }
                text.push('\n');
            }
            ("Do", [Object::Name(name)]) => {
                let inner = xobject(&String::from_utf8_lossy(name));
                decode(&inner, xobject, maps, &mut String::new(), text);
            }
            _ => {}
        }
    }
}

/// The media box of the first page, in points: [x0, y0, x1, y1].
pub fn first_media_box(bytes: &[u8]) -> Vec<f32> {
    let doc = lopdf::Document::load_mem(bytes).expect("PDF parses");
    let page = doc.get_dictionary(*doc.get_pages().values().next().unwrap()).unwrap();
    page.get(b"MediaBox")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o.as_float().unwrap())
        .collect()
}

impl Scratch {
    /// Runs `panicpress ARGS` and returns, with the run, its peak resident
    /// memory in KiB: the kernel's high-water mark (VmHWM) of the child, read
    /// every millisecond while it runs. (The rusage of a child spawned from the
    /// test process would count the test process's own memory.)
    pub fn run_measured(&self, args: &[&str]) -> (Run, u64) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_panicpress"))
            .args(args)
            .current_dir(&self.0)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("binary runs");
        let status_file = format!("/proc/{}/status", child.id());
        let (out, err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
        let drain = |mut r: Box<dyn std::io::Read + Send>| {
            std::thread::spawn(move || {
                let mut v = Vec::new();
                r.read_to_end(&mut v).unwrap();
                v
            })
        };
        let (out_t, err_t) = (drain(Box::new(out)), drain(Box::new(err)));
        let mut peak = 0;
        let status = loop {
            if let Ok(text) = std::fs::read_to_string(&status_file) {
                let hwm = text
                    .lines()
                    .find_map(|l| l.strip_prefix("VmHWM:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
                peak = peak.max(hwm.unwrap_or(0));
            }
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        };
        let output = Output {
            status,
            stdout: out_t.join().unwrap(),
            stderr: err_t.join().unwrap(),
        };
        (Run(output), peak)
    }
}

/// Every game of the registry with each of the samples its declaration
/// gives, as a request on `paper` (a game's sample k with seed k + 1): what
/// the registry-driven tests print, so a game added to the registry is held
/// to them with no test naming it.
pub fn sample_requests(paper: &str) -> Vec<panicpress::games::request::GameRequest> {
    use panicpress::game::{Common, Value, Values};
    let mut out = Vec::new();
    for game in panicpress::games::all() {
        let samples = game.declaration().samples;
        assert!(!samples.is_empty(), "{}: no samples declared", game.name());
        for (k, sample) in samples.iter().enumerate() {
            let mut values = Values::default();
            for (name, value) in sample.settings {
                values.set(name, Value::One(value.to_string()));
            }
            let common = Common {
                sheets: Some(sample.sheets.to_string()),
                paper: panicpress::sheet::Paper::parse(paper).unwrap(),
                ..Common::for_seed(panicpress::seed::Seed::new(&(k + 1).to_string()).unwrap())
            };
            let request = panicpress::game::request(*game, &common, &values)
                .unwrap_or_else(|e| panic!("{} sample {k}: {}", game.name(), e.message));
            out.push(request.into());
        }
    }
    out
}
