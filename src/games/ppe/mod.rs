//! PPE: The Game, the dice game (rules text: seeds/002, RULES.md "PPE"). Six
//! "Pandemic blocks" carry 36 faces; a seeded assignment puts them on the dice.
//! `score` is the rule engine for one roll; `odds` enumerates all 6^6 rolls.

pub mod declare;
pub mod length;
pub mod odds;
pub mod sheets;

use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::error::{Error, Result};
use crate::seed::{Seed, SheetCode};

pub const GAME: &str = "ppe";

/// The game's messages: its refusals, verdicts and reports, in every language.
pub static MESSAGES: crate::message::Book = game_messages!();
/// Generator version: the dice-making algorithm a code names. It changes only
/// when a seed would give different dice; sheets always print in the current
/// design. Versions 1 and 2 make the same dice (2 once marked a sheet change).
pub const VERSION: u32 = 2;
pub const DICE: usize = 6;
pub const SIDES: usize = 6;

/// A face of a Pandemic block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    Virus,
    LongNosedMan,
    Vaccine,
    Ventilator,
    Heroes,
    FaceShield,
    Mask,
    SocialDistancing,
    HandSanitizer,
    Gloves,
}

impl Face {
    pub const ALL: [Face; 10] = [
        Face::Virus,
        Face::LongNosedMan,
        Face::Vaccine,
        Face::Ventilator,
        Face::Heroes,
        Face::FaceShield,
        Face::Mask,
        Face::SocialDistancing,
        Face::HandSanitizer,
        Face::Gloves,
    ];

    pub fn name(self) -> &'static str {
        [
            "virus",
            "long_nosed_man",
            "vaccine",
            "ventilator",
            "heroes",
            "face_shield",
            "mask",
            "social_distancing",
            "hand_sanitizer",
            "gloves",
        ][self as usize]
    }

    /// A face by its id (`long_nosed_man`) or by the name printed on the
    /// dice of any language the sheets are in (`Long-Nosed Man`, `Langnase`).
    pub fn parse(name: &str) -> Result<Face> {
        let n = face_key(name);
        let printed = |f: Face| printed_names(f).any(|p| face_key(p) == n);
        Face::ALL.into_iter().find(|f| f.name() == n || printed(*f)).ok_or_else(|| {
            let names: Vec<crate::message::Msg> = Face::ALL.iter().map(|f| face_words(*f)).collect();
            Error::msg(crate::msg!(
                MESSAGES, "ppe.unknown_face",
                face = crate::error::quote(name.trim()),
                faces = names
            ))
        })
    }

    /// The two BAD blocks; everything else is GOOD and scores a point unused.
    pub(crate) fn is_bad(self) -> bool {
        matches!(self, Face::Virus | Face::LongNosedMan)
    }
}

/// A face as the reader's language prints it on the dice.
pub(crate) fn face_words(face: Face) -> crate::message::Msg {
    use crate::msg;
    match face {
        Face::Virus => msg!(MESSAGES, "ppe.face.virus"),
        Face::LongNosedMan => msg!(MESSAGES, "ppe.face.long_nosed_man"),
        Face::Vaccine => msg!(MESSAGES, "ppe.face.vaccine"),
        Face::Ventilator => msg!(MESSAGES, "ppe.face.ventilator"),
        Face::Heroes => msg!(MESSAGES, "ppe.face.heroes"),
        Face::FaceShield => msg!(MESSAGES, "ppe.face.face_shield"),
        Face::Mask => msg!(MESSAGES, "ppe.face.mask"),
        Face::SocialDistancing => msg!(MESSAGES, "ppe.face.social_distancing"),
        Face::HandSanitizer => msg!(MESSAGES, "ppe.face.hand_sanitizer"),
        Face::Gloves => msg!(MESSAGES, "ppe.face.gloves"),
    }
}

/// A roll's outcome in the reader's words.
pub(crate) fn outcome_words(outcome: Outcome) -> crate::message::Msg {
    use crate::msg;
    match outcome {
        Outcome::Ok => msg!(MESSAGES, "ppe.outcome.ok"),
        Outcome::TurnOver => msg!(MESSAGES, "ppe.outcome.turn_over"),
        Outcome::Whammy => msg!(MESSAGES, "ppe.outcome.whammy"),
        Outcome::DoubleWhammy => msg!(MESSAGES, "ppe.outcome.double_whammy"),
        Outcome::TripleWhammy => msg!(MESSAGES, "ppe.outcome.triple_whammy"),
    }
}

/// A face name as compared: lower case, words joined by `_`.
fn face_key(name: &str) -> String {
    name.trim().to_lowercase().replace(['-', ' '], "_")
}

/// The names a face is printed with on the dice, one per language: its line
/// in each language's `ppe.tera` (`mask: Maske`).
fn printed_names(face: Face) -> impl Iterator<Item = &'static str> {
    let key = face.name();
    declare::TEXTS
        .iter()
        .filter(|(file, _)| file.ends_with("/ppe.tera"))
        .filter_map(move |(_, text)| {
            text.lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix(':').map(str::trim))
        })
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many of the 36 faces show each face. RULES.md: Virus 3, Long-Nosed Man 1,
/// Vaccine 3, Ventilator 3 from the text; the 26 it leaves open: Heroes 4, Face
/// Shield 4, Mask 5, Social Distancing 5, Hand Sanitizer 4, Gloves 4.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaceCounts(pub [u8; 10]);

impl Default for FaceCounts {
    fn default() -> FaceCounts {
        FaceCounts([3, 1, 3, 3, 4, 4, 5, 5, 4, 4])
    }
}

impl FaceCounts {
    pub fn get(&self, f: Face) -> u8 {
        self.0[f as usize]
    }

    /// Six dice of six distinct faces need exactly 36 faces and no face more
    /// than six times (one per die); with those, an assignment always exists.
    pub fn check(&self) -> Result<()> {
        let total: u32 = self.0.iter().map(|&n| n as u32).sum();
        if total != (DICE * SIDES) as u32 {
            return Err(Error::setting_msg("faces", crate::msg!(MESSAGES, "ppe.counts_total", total = total)));
        }
        if let Some(f) = Face::ALL.into_iter().find(|f| self.get(*f) as usize > DICE) {
            return Err(Error::setting_msg(
                "faces",
                crate::msg!(MESSAGES, "ppe.face_too_often", face = f.name(), n = self.get(f)),
            ));
        }
        Ok(())
    }

    /// Reads counts from TOML: face names as keys, at the top level or under `[faces]`.
    pub fn from_toml(text: &str) -> Result<FaceCounts> {
        let value: toml::Table =
            toml::from_str(text).map_err(|e| Error::setting_msg("faces", crate::game::toml_error(&e, text)))?;
        let table = match value.get("faces") {
            Some(toml::Value::Table(t)) => t.clone(),
            _ => value,
        };
        let mut counts = FaceCounts::default();
        for (key, v) in &table {
            let face = Face::parse(key).map_err(|e| Error::setting_msg("faces", e.msg))?;
            let n = v.as_integer().filter(|n| (0..=36).contains(n)).ok_or_else(|| {
                Error::setting_msg("faces", crate::msg!(MESSAGES, "ppe.count", face = key.as_str()))
            })?;
            counts.0[face as usize] = n as u8;
        }
        counts.check()?;
        Ok(counts)
    }

    /// The counts in the sheet code: `f` and ten numbers joined by '.'.
    pub fn code(&self) -> String {
        let parts: Vec<String> = self.0.iter().map(u8::to_string).collect();
        format!("f{}", parts.join("."))
    }

    pub fn from_code(code: &str) -> Result<FaceCounts> {
        let bad = || {
            let why = crate::msg!(MESSAGES, "ppe.code_counts", counts = crate::error::quote(code));
            Error::msg(why).within(crate::msg!("code.place"))
        };
        let nums: Vec<u8> = code
            .strip_prefix('f')
            .ok_or_else(bad)?
            .split('.')
            .map(|n| n.parse().map_err(|_| bad()))
            .collect::<Result<_>>()?;
        let counts = FaceCounts(nums.try_into().map_err(|_| bad())?);
        counts.check()?;
        Ok(counts)
    }
}

/// Six dice, six faces each.
pub type Dice = [[Face; SIDES]; DICE];

/// Deals the faces to the dice: first round-robin over the faces in order,
/// which never puts a face twice on one die, then 500 seeded swaps between dice
/// that keep every die's faces distinct.
pub fn generate(counts: &FaceCounts, seed: &Seed) -> Dice {
    let faces: Vec<Face> = Face::ALL
        .into_iter()
        .flat_map(|f| std::iter::repeat_n(f, counts.get(f) as usize))
        .collect();
    let mut dice: Dice = [[Face::Virus; SIDES]; DICE];
    for (i, f) in faces.iter().enumerate() {
        dice[i % DICE][i / DICE] = *f;
    }
    let mut rng = seed.stream("dice", 0);
    for _ in 0..500 {
        let (a, b) = (rng.gen_range(0..DICE), rng.gen_range(0..DICE));
        let (i, j) = (rng.gen_range(0..SIDES), rng.gen_range(0..SIDES));
        let (fa, fb) = (dice[a][i], dice[b][j]);
        if a != b && !dice[b].contains(&fa) && !dice[a].contains(&fb) {
            dice[a][i] = fb;
            dice[b][j] = fa;
        }
    }
    for die in dice.iter_mut() {
        die.sort();
    }
    dice.shuffle(&mut rng);
    dice
}

/// What a roll does, worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Ok,
    TurnOver,
    Whammy,
    DoubleWhammy,
    TripleWhammy,
}

impl Outcome {
    pub const ALL: [Outcome; 5] = [
        Outcome::Ok,
        Outcome::TurnOver,
        Outcome::Whammy,
        Outcome::DoubleWhammy,
        Outcome::TripleWhammy,
    ];

    pub fn name(self) -> &'static str {
        ["ok", "turn_over", "whammy", "double_whammy", "triple_whammy"][self as usize]
    }
}

/// The result of one roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub points: u32,
    pub outcome: Outcome,
    pub lose_next_turn: bool,
    /// A Ventilator countered a Virus (it costs the next turn; so does a
    /// double whammy, counted apart).
    pub ventilator_used: bool,
    pub lose_game_total: bool,
    pub out: bool,
}

/// The rule engine for one roll (RULES.md "PPE" and its decisions): every unused
/// good face scores 1. Each Long-Nosed Man is countered by one Heroes, else the
/// turn is over and the roll scores 0. Each Virus is countered by a Vaccine, or
/// when the Vaccines run out by a Ventilator; a Ventilator used costs the next
/// turn. Unmatched Viruses: 1 whammy (roll and game total lost), 2 double whammy
/// (also the next turn), 3 or more triple whammy (out of the game). When several
/// apply, the outcome is the worst and all their effects apply.
pub fn score(roll: &[Face]) -> Score {
    let n = |f: Face| roll.iter().filter(|x| **x == f).count() as u32;
    let (viruses, men) = (n(Face::Virus), n(Face::LongNosedMan));
    let heroes_used = men.min(n(Face::Heroes));
    let vaccines_used = viruses.min(n(Face::Vaccine));
    let ventilators_used = (viruses - vaccines_used).min(n(Face::Ventilator));
    let unmatched = viruses - vaccines_used - ventilators_used;
    let good = roll.iter().filter(|f| !f.is_bad()).count() as u32;
    let outcome = match unmatched {
        0 if men > heroes_used => Outcome::TurnOver,
        0 => Outcome::Ok,
        1 => Outcome::Whammy,
        2 => Outcome::DoubleWhammy,
        _ => Outcome::TripleWhammy,
    };
    let out = outcome == Outcome::TripleWhammy;
    Score {
        points: if outcome == Outcome::Ok {
            good - heroes_used - vaccines_used - ventilators_used
        } else {
            0
        },
        outcome,
        lose_next_turn: !out && (ventilators_used > 0 || outcome == Outcome::DoubleWhammy),
        ventilator_used: !out && ventilators_used > 0,
        lose_game_total: unmatched > 0,
        out,
    }
}

/// Parses a roll written as face names separated by commas: exactly six.
pub fn parse_roll(text: &str) -> Result<Vec<Face>> {
    let faces: Vec<Face> = text
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(Face::parse)
        .collect::<Result<_>>()
        .map_err(|e| e.at("roll"))?;
    if faces.len() != DICE {
        return Err(Error::setting_msg(
            "roll",
            crate::msg!(MESSAGES, "ppe.roll_size", faces = faces.len()),
        ));
    }
    Ok(faces)
}

/// How a turn is played (RULES.md "PPE": two modes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The text's "suggested initial play": one roll a turn, target 19, whammies.
    Quick,
    /// The text's "second and more lengthy version": push your luck; a bust
    /// scores nothing for the turn (whammies only with the variant).
    Long,
}

impl Mode {
    pub const NAMES: [&'static str; 2] = ["quick", "long"];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Quick => "quick",
            Mode::Long => "long",
        }
    }

    pub fn parse(name: &str) -> Result<Mode> {
        match name.trim() {
            "quick" => Ok(Mode::Quick),
            "long" => Ok(Mode::Long),
            other => Err(crate::game::unknown_name("mode", other, &["quick", "long"])),
        }
    }

    /// The target when none is given: the text's 19 for the quick game, its
    /// 190 for the long one.
    pub(crate) fn default_target(self) -> u32 {
        match self {
            Mode::Quick => QUICK_TARGET,
            Mode::Long => 190,
        }
    }
}

/// The quick game's target, and the highest a new quick game takes: with
/// whammies costing the whole game total, few players ever reach more (at 190,
/// about 2%; the score pad of such a code says how many).
pub const QUICK_TARGET: u32 = 19;

/// The variant name that brings the whammy ladder into the long game.
pub const WHAMMIES: &str = "whammies";

/// Settings for a set of sheets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    pub players: u32,
    pub target: u32,
    pub mode: Mode,
    /// Whether unbeaten Viruses bring the whammy ladder (always in the quick
    /// game; the `whammies` variant in the long one).
    pub whammies: bool,
    pub faces: FaceCounts,
    /// The generator version that makes the dice (codes name it).
    pub version: u32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            players: 4,
            target: QUICK_TARGET,
            mode: Mode::Quick,
            whammies: true,
            faces: FaceCounts::default(),
            version: VERSION,
        }
    }
}

pub const MAX_PLAYERS: u32 = 12;
/// The highest target a game may set.
pub const MAX_TARGET: u32 = 1_000_000;

impl Params {
    pub fn check(&self) -> Result<()> {
        if !(1..=MAX_PLAYERS).contains(&self.players) {
            return Err(Error::setting_msg(
                "players",
                crate::game::out_of_range(self.players, 1, MAX_PLAYERS),
            ));
        }
        if !(1..=MAX_TARGET).contains(&self.target) {
            return Err(Error::setting_msg(
                "target",
                crate::game::out_of_range(self.target, 1, crate::message::big(MAX_TARGET.into())),
            ));
        }
        self.faces.check()
    }

    /// The rules a turn is played by.
    pub fn rules(&self) -> TurnRules {
        TurnRules {
            mode: self.mode,
            whammies: self.whammies,
        }
    }

    /// The settings part of a code: `p4-t19-quick`, `p6-t190-long`,
    /// `p6-t190-long-whammies`, then the face counts when not the default.
    pub fn code(&self) -> String {
        let mut s = format!("p{}-t{}-{}", self.players, self.target, self.mode.name());
        if self.mode == Mode::Long && self.whammies {
            s.push('-');
            s.push_str(WHAMMIES);
        }
        if self.faces != FaceCounts::default() {
            s.push('-');
            s.push_str(&self.faces.code());
        }
        s
    }

    /// Reads the settings part of a code. Codes printed before the two modes
    /// (`p6-t190`) have no mode: they were printed as the quick game, with
    /// whammies, and read so, whatever their target.
    pub fn from_code(code: &str) -> Result<Params> {
        let bad = || crate::seed::settings_not_in_form("PPE", code, "p4-t19-quick");
        let parts: Vec<&str> = code.split('-').collect();
        let num = |s: &str, pre: char| s.strip_prefix(pre).and_then(|v| v.parse().ok()).ok_or_else(bad);
        let [p, t, rest @ ..] = parts.as_slice() else {
            return Err(bad());
        };
        let mut params = Params {
            players: num(p, 'p')?,
            target: num(t, 't')?,
            ..Params::default()
        };
        let mut rest = rest;
        if let [mode @ ("quick" | "long"), more @ ..] = rest {
            params.mode = Mode::parse(mode)?;
            params.whammies = params.mode == Mode::Quick;
            rest = more;
            if params.mode == Mode::Long
                && let [WHAMMIES, more @ ..] = rest
            {
                params.whammies = true;
                rest = more;
            }
        }
        match rest {
            [] => {}
            [f] => params.faces = FaceCounts::from_code(f)?,
            _ => return Err(bad()),
        }
        params.check()?;
        Ok(params)
    }
}

/// The rules a turn is played by: the mode, and whether unbeaten Viruses
/// bring the whammy ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnRules {
    pub mode: Mode,
    pub whammies: bool,
}

/// What a roll does to a turn in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RollEffect {
    /// The roll scores these points (at least one): the player may stop or go on.
    Scores(u32),
    /// The turn is over and scores nothing: a bad face nobody beat, or a roll
    /// that scored nothing. With whammies, `outcome` says what more it costs.
    Bust(Outcome),
}

/// What a roll of some of the dice does under `rules`, and whether it uses a
/// Ventilator (which costs the next turn, whatever else happens).
pub(crate) fn roll_effect(roll: &[Face], rules: TurnRules) -> (RollEffect, Score) {
    let s = score(roll);
    let effect = match s.outcome {
        Outcome::Ok if s.points > 0 => RollEffect::Scores(s.points),
        Outcome::Whammy | Outcome::DoubleWhammy | Outcome::TripleWhammy if !rules.whammies => {
            RollEffect::Bust(Outcome::TurnOver)
        }
        outcome => RollEffect::Bust(outcome),
    };
    (effect, s)
}

/// Every set of dice the player may roll again after a scoring roll of the
/// dice in `rolled` (die numbers 0 to 5, in the order of `roll`): with no bad
/// face showing, all six blocks show good faces again and all six may be
/// rolled (the text: "if you roll 6 GOOD blocks"; RULES.md: after any
/// re-roll). Otherwise the bad dice and the dice that beat them: a Heroes for
/// each Long-Nosed Man, Vaccines for Viruses before Ventilators (the scoring
/// ruling). When more dice show a beating face than are needed, the player
/// chooses which: each choice is one set. Bits: die `d` is `1 << d`.
pub(crate) fn reroll_choices(rolled: &[usize], roll: &[Face]) -> Vec<u8> {
    let at = |f: Face| -> Vec<u8> {
        (0..roll.len())
            .filter(|&i| roll[i] == f)
            .map(|i| 1u8 << rolled[i])
            .collect()
    };
    let (viruses, men) = (at(Face::Virus), at(Face::LongNosedMan));
    if viruses.is_empty() && men.is_empty() {
        return vec![ALL_DICE];
    }
    let bad: u8 = viruses.iter().chain(&men).fold(0, |m, d| m | d);
    let (vaccines, ventilators, heroes) = (at(Face::Vaccine), at(Face::Ventilator), at(Face::Heroes));
    // (dice showing the beating face, how many of them beat something)
    let vaccines_used = viruses.len().min(vaccines.len());
    let groups = [
        (heroes, men.len()),
        (vaccines, vaccines_used),
        (ventilators, viruses.len() - vaccines_used),
    ];
    let mut sets = vec![bad];
    for (dice, need) in groups {
        let need = need.min(dice.len());
        let picks = subsets_of_size(&dice, need);
        sets = sets.iter().flat_map(|s| picks.iter().map(move |p| s | p)).collect();
    }
    sets.sort_unstable();
    sets.dedup();
    sets
}

/// All six dice.
pub const ALL_DICE: u8 = (1 << DICE) - 1;

/// Every union of `k` of the given single-die bits.
fn subsets_of_size(dice: &[u8], k: usize) -> Vec<u8> {
    if k == 0 {
        return vec![0];
    }
    let mut out = Vec::new();
    for (i, d) in dice.iter().enumerate() {
        for rest in subsets_of_size(&dice[i + 1..], k - 1) {
            out.push(d | rest);
        }
    }
    out
}

/// A set of dice as JSON.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DiceJson {
    pub seed: String,
    pub code: String,
    pub dice: Vec<Vec<Face>>,
}

/// One request for PPE output.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub params: Params,
    pub seed: Seed,
    pub paper: crate::sheet::Paper,
    /// Standard or large print: how the sheets are drawn, never the game.
    pub style: crate::sheet::Style,
    pub sheets: Vec<sheets::SheetKind>,
    /// The players' names, where they write.
    pub seats: crate::game::Seats,
    /// The sheets the code names when fewer of them print (a sheet of a
    /// set printed again alone): every page carries the set's code.
    pub code_sheets: Option<Vec<sheets::SheetKind>>,
}

impl Request {
    pub fn code(&self, sheets: &str) -> SheetCode {
        SheetCode::new(
            GAME,
            self.params.version,
            self.params.code(),
            self.paper,
            sheets,
            &self.seed,
        )
    }

    pub fn from_code(code: &SheetCode) -> Result<Request> {
        // Every earlier version's codes still make their dice.
        if !(1..VERSION).contains(&code.version) {
            code.check_version("PPE", VERSION)?;
        }
        Ok(Request {
            seats: Default::default(),
            params: Params {
                version: code.version,
                ..Params::from_code(&code.params)?
            },
            seed: code.seed.clone(),
            paper: code.paper()?,
            style: crate::sheet::Style::Standard,
            sheets: sheets::SheetKind::parse_list(&code.sheets)?,
            code_sheets: None,
        })
    }

    pub fn dice(&self) -> Result<Dice> {
        self.params.check()?;
        Ok(generate(&self.params.faces, &self.seed))
    }

    /// The sheets of the set the code names: every page of it carries
    /// the set's code, also when it prints alone.
    pub fn set(&self) -> &[sheets::SheetKind] {
        self.code_sheets.as_deref().unwrap_or(&self.sheets)
    }

    pub fn json(&self) -> Result<String> {
        let dice = self.dice()?;
        let j = DiceJson {
            seed: self.seed.text().to_string(),
            code: self.code(&sheets::SheetKind::code_list(self.set())).to_string(),
            dice: dice.iter().map(|d| d.to_vec()).collect(),
        };
        Ok(crate::games::readable_json(&j))
    }

    pub fn preview(&self, texts: &crate::text::Texts) -> Result<String> {
        let dice = self.dice()?;
        let analysis = self.analysis(&dice);
        let t = self.texts(texts, &analysis)?;
        let mut s = format!(
            "{}: {}\n",
            t.common.get("code_label"),
            self.code(&sheets::SheetKind::code_list(self.set()))
        );
        for (i, d) in dice.iter().enumerate() {
            let names: Vec<&str> = d.iter().map(|f| f.name()).collect();
            s.push_str(&format!("die {}: {}\n", i + 1, names.join(", ")));
        }
        s.push_str(&format!(
            "expected points per roll: {:.3}\n",
            analysis.odds.expected_points()
        ));
        Ok(s)
    }

    /// The odds of the dice, and the stop rule when the reference card is printed.
    pub(crate) fn analysis(&self, dice: &Dice) -> odds::Analysis {
        odds::Analysis::of(dice, &self.params)
    }

    /// Everything that can fail on bad settings.
    pub fn check(&self, texts: &crate::text::Texts) -> Result<()> {
        let dice = self.dice()?;
        self.texts(texts, &self.analysis(&dice)).map(|_| ())
    }

    /// The document's texts, with these dice's odds in them.
    pub fn texts(
        &self,
        texts: &crate::text::Texts,
        analysis: &odds::Analysis,
    ) -> Result<std::rc::Rc<crate::text::GameTexts>> {
        let o = &analysis.odds;
        let common = texts.labels("common", &tera::Context::new())?;
        let mut ctx = tera::Context::new();
        ctx.insert("players", &self.params.players);
        ctx.insert("target", &self.params.target);
        ctx.insert("long", &(self.params.mode == Mode::Long));
        ctx.insert("whammies", &self.params.whammies);
        let length = &analysis.length;
        ctx.insert("rounds", &length.rounds);
        ctx.insert("rounds_mean", &common.number(length.mean_rounds.round(), 0));
        ctx.insert("reach_percent", &common.number(100.0 * length.reach, 0));
        ctx.insert("rolls", &common.number(o.total as f64, 0));
        ctx.insert("expected", &common.number(o.expected_points(), 2));
        ctx.insert(
            "lose_next",
            &common.number(100.0 * o.ventilator_rolls as f64 / o.total as f64, 1),
        );
        let worth = |f: fn(&odds::StopRule) -> f64| {
            analysis
                .rule
                .as_ref()
                .map_or(String::new(), |rule| common.number(f(rule), 2))
        };
        ctx.insert("turn", &worth(|r| r.turn_worth));
        ctx.insert("single", &worth(|r| r.single_roll));
        ctx.insert("optimum", &worth(|r| r.optimum));
        Ok(texts.game(GAME, &ctx)?)
    }

    pub fn pages(
        &self,
        texts: &crate::text::Texts,
        mut emit: impl FnMut(crate::sheet::Page) -> Result<()>,
    ) -> Result<crate::sheet::DocumentInfo> {
        let dice = self.dice()?;
        let analysis = self.analysis(&dice);
        let gt = self.texts(texts, &analysis)?;
        let mut ctx = sheets::Context::new(&self.params, self.paper, self.style, &gt, &analysis);
        ctx.seats = self.seats.clone();
        // The card shares the pad's last page where it fits there.
        let with_card = self.sheets.contains(&sheets::SheetKind::Reference);
        let code = self.code(&sheets::SheetKind::code_list(self.set()));
        let mut card_placed = false;
        for kind in &self.sheets {
            match kind {
                sheets::SheetKind::Scorepad => {
                    card_placed = ctx.scorepads(&code, with_card.then_some(&code), &mut emit)?;
                }
                sheets::SheetKind::Reference if card_placed => {}
                _ => ctx.pages(*kind, &dice, &code, &mut emit)?,
            }
        }
        let codes = crate::sheet::Codes::one(&code.to_string());
        Ok(crate::sheet::DocumentInfo::for_codes(&gt.game.get("game"), codes, ""))
    }

    pub fn document(&self, texts: &crate::text::Texts) -> Result<crate::sheet::Document> {
        crate::sheet::Document::collect(|emit| self.pages(texts, emit))
    }
}

#[cfg(test)]
mod tests;
