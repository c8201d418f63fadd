//! A printed code typed with one slip makes another game at most once in a
//! million: 1,000,000 random single-character typos (a character replaced,
//! added, dropped, two swapped, a letter's case changed) of printed codes of
//! every game, version and kind of seed, each counted when the damaged code
//! is read and makes a game other than the printed one.

use panicpress::games::request::GameRequest;
use panicpress::seed::{Seed, SheetCode};
use rand::{Rng, SeedableRng};

const TYPOS: usize = 1_000_000;

/// What a code makes: its request's code and the language it prints in.
fn game_of(code: &str) -> Option<(String, String)> {
    let code = SheetCode::parse(code).ok()?;
    let request = GameRequest::from_code(&code).ok()?;
    Some((request.code().ok()?, code.lang().to_string()))
}

/// Codes as sheets print them: every code of the corpus made again with
/// seeds of every kind (numbers, words, a pack member's, a seed holding
/// `/~`), in English and German.
fn printed_codes() -> Vec<String> {
    let corpus = include_str!("../fixtures/code_corpus.txt");
    let seeds: Vec<Seed> = [
        "42",
        "5B spring",
        "Room 12",
        "room/~12",
        "x/~1+2",
        "Zimmer 7 – Gruppe ä",
    ]
    .iter()
    .map(|s| Seed::new(s).unwrap())
    .chain(
        ["Anna", "Smith, Jo", "李雷"]
            .iter()
            .map(|n| Seed::hashed_member("5B spring", n).unwrap()),
    )
    .chain((0..8).map(|k| Seed::new(&format!("{}", 1000 + 7919 * k)).unwrap()))
    .collect();
    let mut out = Vec::new();
    for line in corpus.lines() {
        let Some((_, code)) = line.split_once(' ') else {
            continue;
        };
        let Ok(request) = SheetCode::parse(code)
            .map_err(|_| ())
            .and_then(|c| GameRequest::from_code(&c).map_err(|_| ()))
        else {
            continue;
        };
        for seed in &seeds {
            let code = request.with_seed(seed.clone()).code().unwrap();
            for lang in ["en", "de"] {
                out.push(SheetCode::text_with_lang(&code, lang));
            }
        }
    }
    out
}

/// One random slip of the kinds people make typing a code.
fn typo(code: &str, rng: &mut impl Rng) -> String {
    const TYPED: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:-+/~ ,.";
    let mut chars: Vec<char> = code.chars().collect();
    let at = rng.gen_range(0..chars.len());
    let any = |rng: &mut dyn rand::RngCore| TYPED[rng.gen_range(0..TYPED.len())] as char;
    match rng.gen_range(0..5) {
        0 => chars[at] = any(rng),
        1 => chars.insert(rng.gen_range(0..=chars.len()), any(rng)),
        2 => {
            chars.remove(at);
        }
        3 if at + 1 < chars.len() => chars.swap(at, at + 1),
        _ => {
            let c = chars[at];
            chars[at] = if c.is_uppercase() {
                c.to_lowercase().next().unwrap()
            } else {
                c.to_uppercase().next().unwrap()
            };
        }
    }
    chars.into_iter().collect()
}

#[test]
fn a_million_single_typos_of_printed_codes_make_another_game_at_most_once() {
    let codes = printed_codes();
    assert!(codes.len() > 2000, "{} codes", codes.len());
    let made: Vec<_> = codes
        .iter()
        .map(|c| game_of(c).expect("a printed code reads"))
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(58);
    let (mut changed, mut other_game) = (0, Vec::new());
    while changed < TYPOS {
        let k = rng.gen_range(0..codes.len());
        let typed = typo(&codes[k], &mut rng);
        if typed == codes[k] {
            continue;
        }
        changed += 1;
        if let Some(game) = game_of(&typed)
            && game != made[k]
        {
            other_game.push(format!("{} typed {typed}", codes[k]));
        }
    }
    println!(
        "{changed} typos of {} printed codes: {} made another game",
        codes.len(),
        other_game.len()
    );
    assert!(other_game.len() <= 1, "{other_game:#?}");
}
