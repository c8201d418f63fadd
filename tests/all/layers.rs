//! The modules of src/ form layers: no import circle among them, the games
//! import neither the command line's parser nor the web server's, and the
//! two adapters (`cli`, `serve`) do not import each other.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module of src/ and the top-level modules its code (tests
/// at the bottom of a file left out) names as `crate::NAME`.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = vec![src.clone()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = path.strip_prefix(&src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .to_string();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "main" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        let names = out.entry(module.clone()).or_default();
        for line in code.lines().map(|l| l.split("//").next().unwrap()) {
            let mut rest = line;
            while let Some(at) = rest.find("crate::") {
                rest = &rest[at + 7..];
                let braced = rest.strip_prefix('{');
                let list = braced.map_or(rest, |b| b.split('}').next().unwrap());
                for part in if braced.is_some() {
                    list.split(',').collect()
                } else {
                    vec![list]
                } {
                    let name: String = part
                        .trim()
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_' || c.is_ascii_digit())
                        .collect();
                    if !name.is_empty() && name != module {
                        names.insert(name);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn no_import_circle_among_the_modules() {
    let graph = imports();
    // Depth-first search for a way back to where it started.
    fn reaches(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str, seen: &mut BTreeSet<String>) -> bool {
        for next in graph.get(from).into_iter().flatten() {
            if next == to || (seen.insert(next.clone()) && reaches(graph, next, to, seen)) {
                return true;
            }
        }
        false
    }
    for module in graph.keys() {
        assert!(
            !reaches(&graph, module, module, &mut BTreeSet::new()),
            "{module} imports itself through other modules: {:?}",
            graph[module]
        );
    }
}

#[test]
fn games_know_no_command_line_and_no_web_server() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games");
    let mut files = vec![src];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for word in ["clap::", "axum::", "crate::cli", "crate::serve", "crate::jobs"] {
            assert!(!text.contains(word), "{} uses {word}", path.display());
        }
    }
    let graph = imports();
    assert!(!graph["cli"].contains("serve") && !graph["serve"].contains("cli"));
}
