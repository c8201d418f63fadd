//! Class packs: one unique, named, reproducible set of sheets per student.
//!
//! A pack is a list of entries (a game, its sheets and settings, for each
//! student or for each table of students). Every student gets a seed made from
//! the pack seed and their name, so a set stays the same when the roster is
//! reordered; two students with the same name get `#2`, `#3`. Layouts are
//! compared, and a student whose layout repeats another's is given the next
//! seed (`+1`, `+2` ...), so every layout in the pack is different.

use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use crate::error::{Error, Result};
use crate::fonts::{
    self,
    FontRole::{Bold, Regular},
};
use crate::games::request::GameRequest;
use crate::seed::{Seed, SheetCode};
use crate::sheet::impose::{Sharing, check_per_page, stamp};
use crate::sheet::{Align, Colour, DocumentInfo, Item, MARGIN_MM, Page, Paper, Role, Stroke, Style, Tag, script_lang};
use crate::text::Texts;

/// Who an entry's sheets are for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    Student,
    /// Each table of this many students (in roster order) shares one set.
    Group(usize),
}

/// One kind of sheet set in a pack.
pub struct Entry {
    /// The game request with the entry's settings; its seed is replaced per student.
    pub request: GameRequest,
    pub per: Per,
    /// The entry's game and settings, for a table's set made for as many
    /// players as sit at it.
    pub settings: Option<(&'static dyn crate::game::Game, crate::game::Common, crate::game::Values)>,
}

impl Entry {
    /// An entry of `game` with its settings, for each student or each table.
    pub fn new(
        game: &'static dyn crate::game::Game,
        common: crate::game::Common,
        values: crate::game::Values,
        per: Per,
    ) -> Result<Entry> {
        Ok(Entry {
            request: crate::game::request(game, &common, &values)?.into(),
            per,
            settings: Some((game, common, values)),
        })
    }

    /// The entry's request for a table of `players`: its game's own limits
    /// decide whether they can play.
    fn for_players(&self, players: usize) -> Result<GameRequest> {
        let Some((game, common, values)) = &self.settings else {
            return Ok(self.request.with_seed(self.request.seed().clone()));
        };
        let Some(setting) = game.players_setting() else {
            return Ok(self.request.with_seed(self.request.seed().clone()));
        };
        let mut values = values.clone();
        values.set(setting.name, crate::game::Value::One(players.to_string()));
        crate::game::request(*game, common, &values)
            .map(GameRequest::from)
            .map_err(|e| e.within(crate::msg!("pack.table_of", n = players)))
    }
}

/// Students at a table unless told: four, within the game's limits.
pub(crate) fn usual_table(game: &dyn crate::game::Game) -> usize {
    game.player_limits().map_or(4, |(fewest, most)| 4.clamp(fewest, most))
}

/// How `n` students sit at tables of about `size` in roster order: the
/// size of each table, the larger first, none below `fewest` or above `most`
/// players (the game's limits).
/// `games` names the games played at the tables, for the refusals.
pub(crate) fn table_sizes(n: usize, size: usize, (fewest, most): (usize, usize), games: &[&str]) -> Result<Vec<usize>> {
    let limits = match games {
        [one] => crate::msg!("pack.limits.one", game = *one, min = fewest, max = most),
        _ => {
            let joined = games
                .iter()
                .map(|g| crate::message::Arg::from(*g))
                .reduce(|a, b| crate::msg!("and", a = a, b = b).into());
            crate::msg!(
                "pack.limits.together",
                games = joined.unwrap_or_else(|| "".into()),
                min = fewest,
                max = most
            )
        }
    };
    if !(fewest..=most).contains(&size) {
        return Err(Error::setting_msg(
            "table-size",
            crate::msg!("pack.table_size", n = size, limits = limits),
        ));
    }
    if n < fewest {
        return Err(Error::setting_msg(
            "roster",
            crate::msg!("pack.class_too_small", n = n, limits = limits),
        ));
    }
    let mut tables = n.div_ceil(size);
    // Fewer tables while the smallest would seat too few, more while the largest seats too many.
    while tables > 1 && n / tables < fewest {
        tables -= 1;
    }
    while n.div_ceil(tables) > most {
        tables += 1;
    }
    let (base, extra) = (n / tables, n % tables);
    let sizes: Vec<usize> = (0..tables).map(|t| base + usize::from(t < extra)).collect();
    if sizes.iter().any(|s| !(fewest..=most).contains(s)) {
        return Err(Error::setting_msg(
            "roster",
            crate::msg!("pack.cannot_seat", n = n, min = fewest, max = most),
        ));
    }
    Ok(sizes)
}

/// A student (or a table of students): the name printed on their sheets,
/// and the name their seed is made from where that differs (a repeated
/// name's `#2`, a table's number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    seed_name: Option<Box<str>>,
    /// What the member's pages are stamped with, when not the name: a
    /// table's pages say "Table 1" (the key says who sits there), so the
    /// stamp stays legible at any table size.
    stamp: Option<Box<str>>,
}

impl Member {
    fn seed_name(&self) -> &str {
        self.seed_name.as_deref().unwrap_or(&self.name)
    }

    /// What each of the member's pages is stamped with.
    pub(crate) fn stamp(&self) -> &str {
        self.stamp.as_deref().unwrap_or(&self.name)
    }
}

/// The sheets of one entry for one member, with their printed code.
pub struct Assigned {
    pub request: GameRequest,
    pub code: String,
}

/// An entry as planned: its request, and for each member how many times
/// their seed was moved on (`+1`, `+2` ...) to give a layout no one else in
/// the pack has; nearly always 0. Seeds and codes are made again from these
/// when a member's pages are written, so a pack keeps a byte per member and
/// entry, not their requests.
struct PlannedEntry {
    request: GameRequest,
    bumps: Vec<u8>,
    /// For a table entry: each table's request, made for as many players as sit there.
    per_table: Vec<GameRequest>,
    /// The band every table's game was chosen from, where the game rates
    /// layouts and the pack evens them out.
    band: Option<(f64, f64)>,
}

/// Everything a pack prints, decided before anything is written.
pub struct Pack {
    pub seed: Seed,
    pub paper: Paper,
    /// Standard or large print (the students' sheets; the teacher key is standard).
    pub style: Style,
    pub date: Option<String>,
    pub per_page: usize,
    pub students: Vec<Member>,
    pub groups: Vec<Member>,
    /// The entries printed for each student, and for each table.
    student_entries: Vec<PlannedEntry>,
    group_entries: Vec<PlannedEntry>,
    /// The language, written into the sheet codes.
    lang: String,
    pub code: String,
    /// The students (by index) at each table, when an entry is printed per table.
    pub tables: Vec<Vec<usize>>,
}

/// Reads a roster: a `.csv` file with a header row holding a `name` column, or
/// any other file as one name per line. Empty lines are skipped.
pub fn read_roster(path: &Path) -> Result<Vec<String>> {
    let text = crate::config::read_text_as(path, MAX_ROSTER_BYTES, roster_place)?;
    let is_csv = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    roster_from_text(path.display().to_string().into(), &text, is_csv)
}

/// A roster, as refusals name it: `roster FILE`.
fn roster_place(file: impl Into<crate::message::Arg>) -> crate::message::Msg {
    crate::msg!("pack.roster", file = file)
}

/// Reads a roster's text (`what` names it in messages): CSV with a `name`
/// column, or one name per line.
pub(crate) fn roster_from_text(what: crate::message::Arg, text: &str, is_csv: bool) -> Result<Vec<String>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Names are checked as they are read, so a huge roster stops at the cap.
    let mut names: Vec<String> = Vec::new();
    let mut add = |raw: &str| -> Result<()> {
        let name: String = raw.trim().chars().filter(|c| !c.is_control()).collect();
        if name.is_empty() {
            return Ok(());
        }
        if names.len() == MAX_STUDENTS {
            let many = crate::msg!("pack.roster_too_long", most = MAX_STUDENTS);
            return Err(Error::msg(many).within(roster_place(what.clone())));
        }
        if name.chars().count() > MAX_NAME_CHARS {
            let long = crate::msg!(
                "pack.name_too_long",
                name = crate::error::quote(&name),
                most = MAX_NAME_CHARS
            );
            return Err(Error::msg(long).within(roster_place(what.clone())));
        }
        names.push(name);
        Ok(())
    };
    if is_csv {
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(text.as_bytes());
        let headers = reader
            .headers()
            .map_err(|e| Error::msg(csv_error(&e)).within(roster_place(what.clone())))?
            .clone();
        let column = headers
            .iter()
            .position(|h| h.trim().eq_ignore_ascii_case("name"))
            .ok_or_else(|| Error::msg(crate::msg!("pack.no_name_column")).within(roster_place(what.clone())))?;
        for (i, record) in reader.records().enumerate() {
            let record = record.map_err(|e| {
                let row = crate::msg!("pack.roster_row", file = what.clone(), row = i + 2);
                Error::msg(csv_error(&e)).within(row)
            })?;
            add(record.get(column).unwrap_or(""))?;
        }
    } else {
        text.lines().try_for_each(&mut add)?;
    }
    if names.is_empty() {
        return Err(Error::msg(crate::msg!("pack.no_names")).within(roster_place(what.clone())));
    }
    Ok(names)
}

/// What the CSV reader found wrong, by its kind; a rarer kind in the
/// reader's own English words, which no key can word.
fn csv_error(e: &csv::Error) -> crate::message::Msg {
    match e.kind() {
        csv::ErrorKind::Utf8 { .. } => crate::msg!("file.not_utf8"),
        csv::ErrorKind::UnequalLengths { expected_len, len, .. } => {
            crate::msg!("pack.csv_fields", n = *len, want = *expected_len)
        }
        csv::ErrorKind::Io(e) => crate::error::io_reason(e),
        _ => crate::msg!("word", word = e.to_string()),
    }
}

/// Most students in one pack, as for `--count`.
pub const MAX_STUDENTS: usize = 10_000;
/// Longest name printed on a sheet.
pub const MAX_NAME_CHARS: usize = 100;
/// Largest roster file: 10,000 names of up to 100 characters fit.
pub const MAX_ROSTER_BYTES: u64 = 4 * 1024 * 1024;

/// Students' names the fonts cannot draw: (name, missing characters).
pub fn undrawable(names: &[String]) -> Vec<(String, Vec<char>)> {
    names
        .iter()
        .map(|n| (n.clone(), fonts::missing_glyphs(n)))
        .filter(|(_, missing)| !missing.is_empty())
        .collect()
}

/// One line about the names the fonts cannot draw, however many there are.
pub fn undrawable_warning(names: &[String]) -> Option<crate::message::Msg> {
    let bad = undrawable(names);
    let (first, missing) = bad.first()?;
    let chars: String = missing.iter().take(10).collect();
    let first = crate::error::quote(first);
    let who = match bad.len() {
        1 => crate::msg!("pack.undrawable.one", name = first),
        n => crate::msg!("pack.undrawable.many", n = n, name = first),
    };
    let chars = crate::error::quote(&chars);
    Some(crate::msg!("pack.undrawable", who = who, chars = chars))
}

/// A member's seed: `PACK/NAME`. The seed is printed in every sheet code, so a
/// name the fonts cannot draw is replaced by a short hash of it, and a long
/// one is cut and given a hash, so that the printed code can be typed again.
fn member_seed(pack: &Seed, name: &str) -> Result<Seed> {
    let hash = crate::seed::member_hash(pack.text(), name);
    // The rule seeds were made by before names in other scripts printed:
    // a name with letters DejaVu Sans lacks is hashed, so packs made again
    // give every student the same layout as before. Its code names the
    // student as typed (`PACK/~NAME`) where the fonts draw the name, and only
    // the hash where they cannot.
    let regular = fonts::metrics(fonts::FontRole::Regular);
    if !name.chars().all(|c| regular.has_glyph(c)) {
        if fonts::missing_glyphs(name).is_empty() {
            return Ok(Seed::hashed_member(pack.text(), name)?);
        }
        return Ok(Seed::new(&format!("{pack}/~{hash}"))?);
    }
    let text = format!("{pack}/{name}");
    if text.chars().count() <= crate::seed::MAX_SEED_CHARS {
        return Ok(Seed::new(&text)?);
    }
    let short = |s: &str, n: usize| s.chars().take(n).collect::<String>();
    Ok(Seed::new(&format!(
        "{}/{}~{hash}",
        short(pack.text(), 36),
        short(name, 30)
    ))?)
}

/// Names made unique for seeding: the second "Ann" is "Ann #2".
fn distinct(names: &[String]) -> Vec<String> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    names
        .iter()
        .map(|n| {
            let k = seen.entry(n.as_str()).or_insert(0);
            *k += 1;
            if *k == 1 { n.clone() } else { format!("{n} #{k}") }
        })
        .collect()
}

/// A digest of the layout without its seed, code or rating: what makes two
/// sheets the same (a digest, so 10,000 students' keys stay small).
fn layout_key(request: &GameRequest) -> Result<[u8; 16]> {
    let mut layout = request.layout()?;
    if let Some(obj) = layout.as_object_mut() {
        for k in ["seed", "code", "rating"] {
            obj.remove(k);
        }
    }
    let digest = Sha256::digest(layout.to_string().as_bytes());
    let mut key = [0; 16];
    key.copy_from_slice(&digest[..16]);
    Ok(key)
}

/// How a pack is printed.
pub struct Options {
    pub seed: Seed,
    pub paper: Paper,
    pub style: Style,
    /// Printed on the teacher key when given.
    pub date: Option<String>,
    /// Small sheets per page: 1, 2 or 4.
    pub per_page: usize,
    /// The word for a table of students, in the pack's language.
    pub group_word: String,
    /// The language, written into the sheet codes on the key.
    pub lang: String,
    /// Tables' games as their seeds deal them, however far apart their
    /// difficulty (a teacher who wants a spread); otherwise every table's
    /// game is chosen from one band of its level.
    pub spread: bool,
}

impl Pack {
    /// Decides every member's sheets. `names` are the roster (or numbered
    /// students); `entries` what each gets.
    pub fn plan(options: Options, names: &[String], entries: &[Entry]) -> Result<Pack> {
        let Options {
            seed,
            paper,
            style,
            date,
            per_page,
            group_word,
            lang,
            spread,
        } = options;
        check_per_page(per_page)?;
        let students: Vec<Member> = names
            .iter()
            .zip(distinct(names))
            .map(|(name, unique)| Member {
                seed_name: (unique != *name).then(|| unique.into_boxed_str()),
                name: name.clone(),
                stamp: None,
            })
            .collect();
        let table_size = entries
            .iter()
            .filter_map(|e| match e.per {
                Per::Group(n) => Some(n),
                Per::Student => None,
            })
            .max();
        let tables: Vec<Vec<usize>> = match table_size {
            Some(n) => {
                // Within every table entry's game's limits.
                let limits = entries
                    .iter()
                    .filter(|e| e.per != Per::Student)
                    .filter_map(|e| e.settings.as_ref().and_then(|(g, _, _)| g.player_limits()))
                    .fold((1, usize::MAX), |(lo, hi), (l, h)| (lo.max(l), hi.min(h)));
                let games: Vec<&str> = entries
                    .iter()
                    .filter(|e| e.per != Per::Student)
                    .filter_map(|e| e.settings.as_ref().map(|(g, _, _)| g.title()))
                    .collect();
                let mut first = 0;
                table_sizes(names.len(), n, limits, &games)?
                    .into_iter()
                    .map(|size| {
                        first += size;
                        (first - size..first).collect()
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        let groups: Vec<Member> = tables
            .iter()
            .enumerate()
            .map(|(i, seats)| Member {
                name: format!(
                    "{group_word} {}: {}",
                    i + 1,
                    seats.iter().map(|&s| names[s].as_str()).collect::<Vec<_>>().join(", ")
                ),
                seed_name: Some(format!("table {}", i + 1).into_boxed_str()),
                stamp: Some(format!("{group_word} {}", i + 1).into_boxed_str()),
            })
            .collect();
        let plan_entries = |members: &[Member], per_student: bool| -> Result<Vec<PlannedEntry>> {
            let mut out = Vec::new();
            for entry in entries.iter().filter(|e| (e.per == Per::Student) == per_student) {
                // 16 bytes of each layout's digest: two of 10,000 layouts
                // share them by chance with odds of about 1 in 10^30.
                let mut seen: HashSet<[u8; 16]> = HashSet::with_capacity(members.len());
                let mut bumps = Vec::with_capacity(members.len());
                // A table's set is for as many players as sit at it.
                let mut per_table: Vec<GameRequest> = match per_student {
                    true => Vec::new(),
                    false => tables
                        .iter()
                        .map(|seats| entry.for_players(seats.len()))
                        .collect::<Result<_>>()?,
                };
                // Every table a game of one difficulty, unless a spread is asked for.
                let evenness: Option<Vec<crate::game::Evenness>> = per_table.iter().map(|r| r.evenness()).collect();
                let band = match (spread, evenness) {
                    (false, Some(tables)) => crate::game::common_band(&tables),
                    _ => None,
                };
                if let Some((low, high)) = band {
                    per_table = per_table
                        .iter()
                        .map(|r| r.within(low, high).map(GameRequest::from))
                        .collect::<Result<_>>()?;
                }
                // Each member's own layout, on every core (making a layout
                // may rate it); a repeat is moved on in roster order after.
                let key = |k: usize, bump: u8| -> Result<[u8; 16]> {
                    let base = member_seed(&seed, members[k].seed_name())?;
                    let request = per_table.get(k).unwrap_or(&entry.request);
                    layout_key(&request.with_seed(bumped(&base, bump)?))
                };
                let own = crate::games::many::in_order(members.len() as u32, 2, |range| {
                    range.map(|k| key(k as usize, 0)).collect()
                });
                for (k, own) in own.into_iter().enumerate() {
                    let mut bump = 0u8;
                    let mut digest = own?;
                    while !seen.insert(digest) {
                        bump += 1;
                        if bump > 50 {
                            let alike = crate::msg!("pack.not_different", n = members.len());
                            return Err(Error::msg(alike).within(entry.request.game()));
                        }
                        digest = key(k, bump)?;
                    }
                    bumps.push(bump);
                }
                out.push(PlannedEntry {
                    request: entry.request.with_seed(seed.clone()),
                    bumps,
                    per_table,
                    band,
                });
            }
            Ok(out)
        };
        let student_entries = plan_entries(&students, true)?;
        let group_entries = plan_entries(&groups, false)?;
        let mut hash = Sha256::new();
        for n in names {
            hash.update(n.as_bytes());
            hash.update([0]);
        }
        let roster: String = hash.finalize()[..4].iter().map(|b| format!("{b:02x}")).collect();
        let games: Vec<String> = entries
            .iter()
            .map(|e| {
                let first = e.request.with_seed(seed.clone());
                let code = first.code().unwrap_or_default();
                // The game's settings part of its code, e.g. tp-hunt:1:g12-...:a4:map.
                code.rsplit_once(':').map(|(head, _)| head.to_string()).unwrap_or(code)
            })
            .collect();
        let code = format!("pack:1:r{}-n{}:{}:{seed}", roster, names.len(), games.join("+"));
        Ok(Pack {
            seed,
            paper,
            style,
            date,
            per_page,
            students,
            groups,
            student_entries,
            group_entries,
            lang,
            code,
            tables,
        })
    }

    /// Member `i`'s sheets (students first, then tables), one per entry, with
    /// their codes: made again from the member's name and the plan.
    pub(crate) fn assigned(&self, i: usize) -> Result<Vec<Assigned>> {
        let (entries, j) = match i.checked_sub(self.students.len()) {
            None => (&self.student_entries, i),
            Some(g) => (&self.group_entries, g),
        };
        let base = member_seed(&self.seed, self.member_at(i).seed_name())?;
        // The names of a table's students go where they write.
        let seats = crate::game::Seats {
            names: match i.checked_sub(self.students.len()) {
                Some(g) => self.tables[g].iter().map(|&s| self.students[s].name.clone()).collect(),
                None => Vec::new(),
            },
            in_pack: true,
        };
        entries
            .iter()
            .map(|e| {
                let request = e.per_table.get(j).unwrap_or(&e.request);
                let request = request.with_seed(bumped(&base, e.bumps[j])?).with_seats(&seats);
                let code = crate::seed::SheetCode::text_with_lang(&request.code()?, &self.lang);
                Ok(Assigned { request, code })
            })
            .collect()
    }

    /// Member `i`: students first, then tables.
    pub(crate) fn member_at(&self, i: usize) -> &Member {
        self.students
            .get(i)
            .unwrap_or_else(|| &self.groups[i - self.students.len()])
    }

    /// Whether member `i` has sheets of their own: at tables, a student's
    /// sheets may all print with their table's.
    pub(crate) fn has_sheets(&self, i: usize) -> bool {
        match i.checked_sub(self.students.len()) {
            None => !self.student_entries.is_empty(),
            Some(_) => !self.group_entries.is_empty(),
        }
    }

    /// Students and tables.
    pub fn members(&self) -> usize {
        self.students.len() + self.groups.len()
    }

    /// Who the first table is (its name, then its students'), or the first
    /// student where each takes a whole set home; and their member numbers,
    /// the table's shared sheets first.
    pub(crate) fn first_table(&self) -> (Vec<&str>, Vec<usize>) {
        let members: Vec<usize> = match self.tables.first() {
            Some(seats) => std::iter::once(self.students.len())
                .chain(seats.iter().copied())
                .collect(),
            None => vec![0],
        };
        let names = members.iter().map(|&i| self.member_at(i).name.as_str()).collect();
        (names, members)
    }
}

/// A member's seed moved on `bump` times: `SEED +1`, `SEED +2` ...
fn bumped(base: &Seed, bump: u8) -> Result<Seed> {
    if bump == 0 {
        Ok(base.clone())
    } else {
        Ok(Seed::new(&format!("{base} +{bump}"))?)
    }
}

impl Pack {
    fn common(texts: &Texts) -> Result<crate::text::Labels> {
        Ok(texts.labels("common", &tera::Context::new())?)
    }

    /// One member's pages, each with their name, together: with `per_page`
    /// 2 or 4 their small sheets share pages among themselves, each shared
    /// page at once when full, so nothing piles up.
    pub fn member(&self, texts: &Texts, i: usize, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<()> {
        let member = self.member_at(i);
        let sets = self.assigned(i)?;
        if self.per_page == 1 {
            // Whole sets, as a set prints alone (a score pad keeps the
            // reference card it has room for).
            for set in &sets {
                set.request.pages_imposed(texts, 1, Some(member.stamp()), emit)?;
            }
            return Ok(());
        }
        let common = Self::common(texts)?;
        let footer = |sheet: &mut Page| {
            crate::sheet::calibration_bar(sheet, &common.get("calibration"));
            crate::sheet::code_line(
                sheet,
                &format!(
                    "{}: {}",
                    common.get("code_label"),
                    sets.first().map(|s| s.code.as_str()).unwrap_or("")
                ),
            );
            stamp(sheet, member.stamp());
        };
        let mut sharing = Sharing::new(self.per_page, self.paper, &footer);
        for set in &sets {
            set.request
                .share_into(&mut sharing, texts, Some(member.stamp()), emit)?;
        }
        sharing.flush(emit)
    }

    /// The pages each member's sheets land on, numbered from `first`: the
    /// key's page map. Counted from each member's pages (members differ: a
    /// TP Hunt map may need more tracker pages than another), without
    /// writing them.
    fn page_spans(&self, texts: &Texts, first: usize) -> Result<Vec<(usize, usize)>> {
        let mut spans = Vec::with_capacity(self.members());
        let mut next = first;
        for i in 0..self.members() {
            let mut pages = 0;
            self.member(texts, i, &mut |_| {
                pages += 1;
                Ok(())
            })?;
            spans.push((next, next + pages - 1));
            next += pages;
        }
        Ok(spans)
    }

    /// The teacher key: every student's and table's name, table, pages in the
    /// pack (`page_map`: for the one-PDF pack) and sheet codes (with the
    /// deal's rating where the game rates layouts). Laid out twice: once to
    /// learn how many pages the key itself takes, so the page map can count them.
    pub(crate) fn key_pages(
        &self,
        texts: &Texts,
        page_map: bool,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<()> {
        let who = self.who_gets_what(texts)?;
        if !page_map {
            return self.key_layout(texts, &who, &|_| String::new(), emit).map(|_| ());
        }
        let key = self.key_layout(texts, &who, &|_| String::new(), &mut |_| Ok(()))?;
        let spans = self.page_spans(texts, key + 1)?;
        // A student whose sheets all print with their table's (a tracker with
        // their name) is shown at their table's pages.
        let pages_of = |row: usize| {
            let span = match spans.get(row) {
                Some(&(a, b)) if b >= a => Some((a, b)),
                _ => self
                    .table_of(row)
                    .and_then(|t| spans.get(self.students.len() + t).copied()),
            };
            match span {
                Some((a, b)) if a == b => a.to_string(),
                Some((a, b)) => format!("{a}-{b}"),
                None => String::new(),
            }
        };
        self.key_layout(texts, &who, &pages_of, emit).map(|_| ())
    }

    /// The table student `i` sits at, when the class sits at tables.
    fn table_of(&self, i: usize) -> Option<usize> {
        self.tables.iter().position(|seats| seats.contains(&i))
    }

    /// How the class sits: "30 students at 8 tables: 6 of 4, 2 of 3."
    fn seating(&self, l: &crate::text::Labels) -> String {
        let mut sizes: Vec<(usize, usize)> = Vec::new();
        for seats in &self.tables {
            match sizes.last_mut() {
                Some((n, size)) if *size == seats.len() => *n += 1,
                _ => sizes.push((1, seats.len())),
            }
        }
        let sizes: Vec<String> = sizes
            .iter()
            .map(|(n, size)| {
                l.get("tables_of")
                    .replace("{n}", &n.to_string())
                    .replace("{size}", &size.to_string())
            })
            .collect();
        l.get("seated")
            .replace("{students}", &self.students.len().to_string())
            .replace("{tables}", &self.tables.len().to_string())
            .replace("{sizes}", &sizes.join(", "))
    }

    /// For each game played at tables, what the table shares and what each
    /// student writes on, as the game declares it.
    fn who_gets_what(&self, texts: &Texts) -> Result<Vec<String>> {
        let l = texts.labels("pack", &tera::Context::new())?;
        let mut lines = Vec::new();
        for entry in &self.group_entries {
            let game = crate::games::find(entry.request.game())?;
            let words = texts.labels(&format!("{}-web", game.name()), &tera::Context::new())?;
            // Only the sheets that print (a race has no tally), told by the first layout.
            let mut sheets = Vec::new();
            for sheet in entry.request.sheet_names() {
                let mut pages = 0;
                entry.request.with_sheets(sheet)?.pages(texts, &mut |_| {
                    pages += 1;
                    Ok(())
                })?;
                if pages > 0 {
                    sheets.push(sheet);
                }
            }
            let named = |own: bool| -> Vec<String> {
                sheets
                    .iter()
                    .filter(|s| game.player_sheets().contains(s) == own)
                    .map(|s| words.get(&format!("sheet.{}.{s}", game.name())))
                    .collect()
            };
            let (shared, own) = (named(false), named(true));
            let mut line = l
                .get("at_table")
                .replace("{game}", game.title())
                .replace("{shared}", &shared.join(", "));
            if !own.is_empty() {
                line = format!("{line} {}", l.get("own_sheet").replace("{own}", &own.join(", ")));
            }
            // What the teacher should know of the game's sheets, where it says.
            if let Some(note) = words.all().get(&format!("key_note.{}", game.name())) {
                line = format!("{line} {note}");
            }
            lines.push(line);
            // Each table's game is set for its players: say so where sizes
            // differ, and whether more than the player count differs (a level's
            // hand limit or house rules), told by the settings in the codes.
            if self.tables.iter().any(|t| t.len() != self.tables[0].len()) {
                let settings = |r: &GameRequest| -> Result<Vec<String>> {
                    let code = SheetCode::parse(&r.code()?)?;
                    Ok(code.params.split('-').map(str::to_string).collect())
                };
                let first = settings(&entry.request)?;
                let mut rules_differ = false;
                for table in &entry.per_table {
                    let other = settings(table)?;
                    rules_differ |= other.iter().filter(|s| !first.contains(s)).count() > 1;
                }
                let key = if rules_differ {
                    "mixed_sizes"
                } else {
                    "mixed_sizes_same"
                };
                lines.push(l.get(key).replace("{game}", game.title()));
            }
            if let Some((low, high)) = entry.band {
                let common = Self::common(texts)?;
                let percent = |x: f64| common.number(x * 100.0, 0);
                lines.push(
                    l.get("even_tables")
                        .replace("{game}", game.title())
                        .replace("{low}", &percent(low))
                        .replace("{high}", &percent(high))
                        .replace("{points}", &percent(high - low)),
                );
            }
        }
        Ok(lines)
    }

    /// Lays out the key with `who_gets_what` under the seating and
    /// `pages_of(row)` in the page column; returns its page count.
    fn key_layout(
        &self,
        texts: &Texts,
        who_gets_what: &[String],
        pages_of: &dyn Fn(usize) -> String,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<usize> {
        let l = texts.labels("pack", &tera::Context::new())?;
        let common = Self::common(texts)?;
        // Each code, with the layout's rating on a line of its own under it.
        let code_lines = |i: usize| -> Result<Vec<String>> {
            // A student whose sheets all print with their table's: the
            // table's codes, which print their sheet again with `--name`.
            if !self.has_sheets(i)
                && let Some(t) = self.table_of(i)
            {
                return Ok(self
                    .assigned(self.students.len() + t)?
                    .into_iter()
                    .map(|s| s.code)
                    .collect());
            }
            Ok(self
                .assigned(i)?
                .into_iter()
                .flat_map(|s| {
                    let rating = s.request.rating_note(texts).map(|note| format!("    {note}"));
                    std::iter::once(s.code).chain(rating)
                })
                .collect())
        };
        let students = self.students.len();
        // Number and table of row `i`: students are numbered, tables are not.
        let row_of = |i: usize| match i.checked_sub(students) {
            None => (
                (i + 1).to_string(),
                self.table_of(i).map(|t| (t + 1).to_string()).unwrap_or_default(),
            ),
            // A table's row names its table already: its number in the table
            // column would read as one more name.
            Some(_) => (String::new(), String::new()),
        };
        // Made row by row as the key is laid out: a pack of thousands does not
        // hold every row at once.
        let rows = (0..self.members()).map(|i| -> Result<_> {
            let (num, table) = row_of(i);
            Ok((num, self.member_at(i).name.as_str(), table, code_lines(i)?))
        });
        // The key is the teacher's: printed in the standard style, also in a large-print pack.
        let blank = || Page::new(self.paper);
        let mut page = blank();
        let mut pages = 0;
        let mut y = 0.0;
        let mut first = true;
        let left = MARGIN_MM + 2.0;
        let width = page.width - 2.0 * left;
        // The table column only where students sit at tables.
        let tables = !self.tables.is_empty();
        let (num_w, name_w, pages_w) = (9.0, 46.0, 17.0);
        let table_w = if tables { 12.0 } else { 0.0 };
        let codes_x = left + num_w + name_w + table_w + pages_w;
        let start = |page: &mut Page, first: bool| -> f32 {
            crate::sheet::calibration_bar(page, &common.get("calibration"));
            crate::sheet::code_line(page, &format!("{}: {}", l.get("pack_code"), self.code));
            let title = if first {
                l.get("title")
            } else {
                format!("{} ({})", l.get("title"), l.get("continued"))
            };
            page.role(Role::Heading(1), |p| {
                p.text(p.width / 2.0, MARGIN_MM + 10.0, 16.0, Bold, Align::Centre, &title)
            });
            let mut y = MARGIN_MM + 18.0;
            if first {
                page.fitted(
                    left,
                    y,
                    width,
                    8.5,
                    Regular,
                    Align::Left,
                    &format!("{}: {}", l.get("pack_code"), self.code),
                );
                y += 5.0;
                if let Some(d) = &self.date {
                    page.text(left, y, 8.5, Regular, Align::Left, &format!("{}: {d}", l.get("date")));
                    y += 5.0;
                }
                let regen = if tables && self.student_entries.is_empty() {
                    "regen_tables"
                } else {
                    "regen"
                };
                y = page.paragraph(left, y, width, 8.0, Regular, &l.get(regen)) + 2.0;
                if !self.tables.is_empty() {
                    y = page.paragraph(left, y, width, 8.0, Regular, &self.seating(&l)) + 2.0;
                    for line in who_gets_what {
                        y = page.paragraph(left, y, width, 8.0, Regular, line) + 2.0;
                    }
                }
            }
            page.rect(left, y, width, 6.0, None, Some(Colour::Grey(0.9)));
            let head = [
                (left + 1.0, l.get("number")),
                (left + num_w, l.get("student")),
                (
                    left + num_w + name_w,
                    if tables { l.get("group") } else { String::new() },
                ),
                (left + num_w + name_w + table_w, l.get("pages")),
                (codes_x, l.get("codes")),
            ];
            // The students as a table, one row each, closed before the page goes out.
            page.items.push(Item::Open(Box::new(Tag::new(Role::Table))));
            page.role(Role::Row, |page| {
                for (x, text) in head.into_iter().filter(|(_, text)| !text.is_empty()) {
                    page.role(Role::ColumnHeader, |p| {
                        p.text(x, y + 4.2, 8.0, Bold, Align::Left, &text)
                    });
                }
            });
            y + 6.0
        };
        let bottom = page.height - MARGIN_MM - 18.0;
        for (row, item) in rows.enumerate() {
            let (num, name, table, codes) = item?;
            let name_lines = crate::fonts::wrap(name, Bold, 8.0, name_w - 2.0);
            let h = 4.4 * codes.len().max(name_lines.len()).max(1) as f32 + 1.8;
            if first || y + h > bottom {
                if !first {
                    page.items.push(Item::Close);
                    emit(std::mem::replace(&mut page, blank()))?;
                    pages += 1;
                }
                y = start(&mut page, first);
                first = false;
            }
            page.items.push(Item::Open(Box::new(Tag::new(Role::Row))));
            page.role(Role::Cell, |p| {
                p.text(left + 1.0, y + 4.2, 8.0, Regular, Align::Left, &num)
            });
            // The name in its own language where its script shows one.
            page.tagged(Tag::new(Role::Cell).with_lang(script_lang(name)), |page| {
                for (k, line) in name_lines.iter().enumerate() {
                    page.fitted(
                        left + num_w,
                        y + 4.2 + 4.4 * k as f32,
                        name_w - 2.0,
                        8.0,
                        Bold,
                        Align::Left,
                        line,
                    );
                }
            });
            if tables {
                page.role(Role::Cell, |p| {
                    p.text(left + num_w + name_w, y + 4.2, 8.0, Regular, Align::Left, &table)
                });
            }
            // Fitted to its column, so a long page range never runs into the codes.
            page.role(Role::Cell, |p| {
                p.fitted(
                    left + num_w + name_w + table_w,
                    y + 4.2,
                    pages_w - 1.5,
                    8.0,
                    Regular,
                    Align::Left,
                    &pages_of(row),
                )
            });
            page.role(Role::Cell, |page| {
                for (k, code) in codes.iter().enumerate() {
                    page.fitted(
                        codes_x,
                        y + 4.2 + 4.4 * k as f32,
                        left + width - codes_x,
                        7.0,
                        Regular,
                        Align::Left,
                        code,
                    );
                }
            });
            page.items.push(Item::Close);
            y += h;
            page.line((left, y), (left + width, y), Stroke::solid(0.3));
        }
        page.items.push(Item::Close);
        emit(page)?;
        Ok(pages + 1)
    }
    /// The whole pack: the teacher key, each student's sheets, then each table's.
    pub fn pages(&self, texts: &Texts, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<DocumentInfo> {
        self.key_pages(texts, true, emit)?;
        for i in 0..self.members() {
            self.member(texts, i, emit)?;
        }
        let l = texts.labels("pack", &tera::Context::new())?;
        Ok(DocumentInfo {
            title: format!("{}: {}", l.get("title"), self.code),
            subject: self.code.clone(),
            id_source: self.code.clone(),
        })
    }

    /// The manifest: the pack code, and per student their name, code and
    /// layout (the first entry's; `sheets` lists every entry's). Written a
    /// member at a time, so a pack of 10,000 students stays flat in memory.
    pub(crate) fn write_manifest(&self, w: &mut dyn std::io::Write) -> Result<()> {
        let member = |i: usize| -> Result<serde_json::Value> {
            let sheets: Vec<serde_json::Value> = self
                .assigned(i)?
                .iter()
                .map(|s| {
                    Ok(serde_json::json!({"game": s.request.game(), "code": s.code, "layout": s.request.layout()?}))
                })
                .collect::<Result<_>>()?;
            let first = sheets.first().cloned().unwrap_or_default();
            let mut item = serde_json::json!({
                "name": self.member_at(i).name,
                "code": first.get("code").cloned().unwrap_or_default(),
                "layout": first.get("layout").cloned().unwrap_or_default(),
                "sheets": sheets,
            });
            // Who sits where, as data: a student's table (numbered as
            // printed), a table's students (their places in "students").
            let table = match i.checked_sub(self.students.len()) {
                Some(g) => Some(g),
                None => self.table_of(i),
            };
            if let Some(t) = table {
                item["table"] = serde_json::json!(t + 1);
            }
            if let Some(g) = i.checked_sub(self.students.len()) {
                let members: Vec<serde_json::Value> = self.tables[g]
                    .iter()
                    .map(|&s| serde_json::json!({"index": s, "name": self.students[s].name}))
                    .collect();
                item["members"] = serde_json::Value::Array(members);
            }
            Ok(item)
        };
        let io = |e: std::io::Error| Error::io(crate::msg!("pack.manifest", why = crate::error::io_reason(&e)));
        let text = |v: &str| serde_json::Value::String(v.to_string()).to_string();
        write!(
            w,
            "{{\n  \"code\": {},\n  \"seed\": {}",
            text(&self.code),
            text(self.seed.text())
        )
        .map_err(io)?;
        let students = self.students.len();
        for (key, range) in [("students", 0..students), ("groups", students..self.members())] {
            if key == "groups" && range.is_empty() {
                continue;
            }
            write!(w, ",\n  \"{key}\": ").map_err(io)?;
            if range.is_empty() {
                write!(w, "[]").map_err(io)?;
                continue;
            }
            writeln!(w, "[").map_err(io)?;
            let last = range.end - 1;
            for i in range {
                let item = crate::games::readable_json_at(&member(i)?, 2);
                write!(w, "    {item}{}", if i == last { "\n" } else { ",\n" }).map_err(io)?;
            }
            write!(w, "  ]").map_err(io)?;
        }
        writeln!(w, "\n}}").map_err(io)
    }

    /// The manifest as text.
    pub fn manifest(&self) -> Result<String> {
        let mut out = Vec::new();
        self.write_manifest(&mut out)?;
        Ok(String::from_utf8(out).expect("JSON is UTF-8"))
    }
}

/// A file name for a member: their position, then their name in lower case
/// with anything but letters and digits made '-' (so "../../x" stays inside).
pub fn file_name(index: usize, width: usize, name: &str) -> String {
    let slug = crate::output::slug(name, 40);
    let slug = if slug.is_empty() { "student".to_string() } else { slug };
    format!("{index:0width$}-{slug}.pdf")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// TP Hunt's default request for `seed`, and a pack's options in English on A4.
    fn tp_hunt_plan(seed: &Seed) -> (GameRequest, Options) {
        let game = crate::games::find("tp-hunt").unwrap();
        let request = GameRequest::from(
            game.request(&crate::game::Common::for_seed(seed.clone()), &Default::default())
                .unwrap(),
        );
        let options = Options {
            seed: seed.clone(),
            paper: Paper::A4,
            style: Style::Standard,
            date: None,
            per_page: 1,
            group_word: "Table".into(),
            lang: "en".into(),
            spread: false,
        };
        (request, options)
    }

    #[test]
    fn file_names_stay_in_the_folder_and_differ() {
        assert_eq!(file_name(3, 3, "../../x"), "003-x.pdf");
        assert_eq!(file_name(1, 3, "Zoë O'Brien"), "001-zoë-o-brien.pdf");
        assert_eq!(file_name(2, 3, "李雷"), "002-李雷.pdf");
        // Whole graphemes: a vowel sign or a combining mark stays with its letter.
        assert_eq!(file_name(5, 3, "प्रिया शर्मा"), "005-प्रिया-शर्मा.pdf");
        assert_eq!(file_name(1, 3, "Zoe\u{308} O'Brien"), "001-zoe\u{308}-o-brien.pdf");
        assert_eq!(file_name(7, 3, "///"), "007-student.pdf");
        for name in ["../../x", "a/b", "..", "C:\\evil", "con"] {
            let f = file_name(1, 3, name);
            assert!(!f.contains('/') && !f.contains('\\') && !f.starts_with('.'), "{f}");
        }
    }

    #[test]
    fn same_names_get_distinct_seeds() {
        let names: Vec<String> = ["Ann", "Bo", "Ann", "Ann"].iter().map(|s| s.to_string()).collect();
        assert_eq!(distinct(&names), ["Ann", "Bo", "Ann #2", "Ann #3"]);
    }

    /// A table's pages are stamped with the table alone: six long names in
    /// the corner shrank to 4 pt.
    #[test]
    fn a_tables_pages_are_stamped_legibly_with_the_table() {
        let (request, options) = tp_hunt_plan(&Seed::new("5B").unwrap());
        let names: Vec<String> = (1..=6).map(|i| format!("Maximiliane Oberndorfer-Schulz {i}")).collect();
        let entries = [Entry {
            request,
            per: Per::Group(6),
            settings: None,
        }];
        let pack = Pack::plan(options, &names, &entries).unwrap();
        assert_eq!(pack.member_at(6).stamp(), "Table 1");
        assert_eq!(pack.member_at(0).stamp(), names[0]);
        let texts = crate::games::english();
        let mut pages = 0;
        pack.member(&texts, 6, &mut |page| {
            pages += 1;
            assert!(page.standards_broken().is_empty(), "{:?}", page.standards_broken());
            Ok(())
        })
        .unwrap();
        assert!(pages > 1);
    }

    #[test]
    fn members_keep_names_and_their_sheets_are_made_again_from_the_plan() {
        let seed = Seed::new("5B").unwrap();
        let (request, options) = tp_hunt_plan(&seed);
        let names: Vec<String> = ["Ann", "Bo", "Ann", "Cy", "Di"].iter().map(|s| s.to_string()).collect();
        let entries = [
            Entry {
                request: request.with_seed(seed.clone()),
                per: Per::Student,
                settings: None,
            },
            Entry {
                request,
                per: Per::Group(2),
                settings: None,
            },
        ];
        let pack = Pack::plan(options, &names, &entries).unwrap();
        assert_eq!(pack.members(), 5 + 3);
        assert_eq!(pack.member_at(2).name, "Ann");
        assert_eq!(pack.member_at(6).name, "Table 2: Ann, Cy");
        let code = |i: usize| pack.assigned(i).unwrap().remove(0).code;
        // A repeated name seeds as "#2"; tables by their number.
        assert!(code(2).ends_with(":5B/Ann #2"), "{}", code(2));
        assert!(code(6).ends_with(":5B/table 2"), "{}", code(6));
        let mut codes: Vec<String> = (0..pack.members()).map(code).collect();
        assert_eq!(
            codes,
            (0..pack.members()).map(code).collect::<Vec<_>>(),
            "made again alike"
        );
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), 8, "every layout differs");
        assert_eq!(bumped(&seed, 0).unwrap(), seed);
        assert_eq!(bumped(&seed, 2).unwrap().text(), "5B +2");
    }

    #[test]
    fn seeds_print_and_stay_short() {
        let pack = Seed::new("5B spring").unwrap();
        assert_eq!(member_seed(&pack, "Zoë").unwrap().text(), "5B spring/Zoë");
        let cjk = member_seed(&pack, "李雷").unwrap();
        assert!(cjk.text().starts_with("5B spring/~") && fonts::missing_glyphs(cjk.text()).is_empty());
        let long = member_seed(&pack, &"x".repeat(120)).unwrap();
        assert!(long.text().chars().count() <= crate::seed::MAX_SEED_CHARS);
    }

    #[test]
    fn rosters_read_csv_with_quotes_and_plain_lists() {
        let dir = std::env::temp_dir().join(format!("pp-roster-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let csv = dir.join("c.csv");
        std::fs::write(&csv, "id,Name,note\n1,\"Smith, Anna\",x\n2,,y\n3,Bo,\"a, b\"\n").unwrap();
        assert_eq!(read_roster(&csv).unwrap(), ["Smith, Anna", "Bo"]);
        let txt = dir.join("c.txt");
        std::fs::write(&txt, "\u{feff}Ann\n\n  Bo  \n").unwrap();
        assert_eq!(read_roster(&txt).unwrap(), ["Ann", "Bo"]);
        std::fs::write(&csv, "first,last\nA,B\n").unwrap();
        assert!(read_roster(&csv).unwrap_err().message.contains("no 'name' column"));
        std::fs::write(&txt, "\n\n").unwrap();
        assert!(read_roster(&txt).unwrap_err().message.contains("no names"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
