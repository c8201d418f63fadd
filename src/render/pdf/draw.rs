//! Drawing a page's items into its content stream, each run of them marked
//! as the structure around it says. Repeated page furniture (a grid, a
//! table, a legend: a shared group) becomes Form XObjects written once.

use pdf_writer::{Name, Rect, Ref};
use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::{Arc, Weak};

use super::content::Pen;
use super::font::Fonts;
use super::objects::Objects;
use super::tags::Tags;
use super::units::{pt, round};
use crate::sheet::{Group, Item, Tag};

/// A shared group as the pages draw it: its structure, and its drawn items
/// cut into runs wherever the structure changes, so each run lies wholly
/// inside one element (or is decoration) wherever the group is drawn.
enum Step {
    Open(Tag),
    Close,
    Run(Run),
}

/// Items of a group drawn as one: drawn in place the first time; from the
/// second on, a form if long. A short run is always drawn in place: a form
/// and its entry cost more than a few short lines of content drawn again.
struct Run {
    /// It shows text.
    text: bool,
    /// The items, until the run becomes a form.
    items: Vec<Item>,
    /// How long its content is, in bytes.
    bytes: usize,
    /// Its form's resource number (/G`form`).
    form: Option<usize>,
}

/// A run longer than this (in bytes) is a form from its second drawing on.
const INLINE_BYTES: usize = 160;

/// A shared group's steps, how often it was drawn, and its size for its forms.
struct Steps {
    steps: Vec<Step>,
    uses: usize,
    width: f32,
    height: f32,
    /// Keeps the address from being reused while the entry stands, without
    /// keeping the group's items in memory.
    group: Weak<Group>,
}

/// What drawing keeps from page to page: the glyphs used, the shared groups
/// drawn so far and the forms made of them.
pub(super) struct Drawing {
    pub(super) fonts: Fonts,
    /// Shared groups already drawn, by identity, with their steps.
    groups: HashMap<*const Group, Steps>,
    /// Groups drawn inside a form, written whole with their resource number.
    plain_groups: HashMap<*const Group, (usize, Weak<Group>)>,
    /// Object of each form, by resource number (/G0, /G1, ...).
    pub(super) forms: Vec<Ref>,
}

impl Drawing {
    pub(super) fn new() -> Drawing {
        Drawing {
            fonts: Fonts::new(),
            groups: HashMap::new(),
            plain_groups: HashMap::new(),
            forms: Vec::new(),
        }
    }

    /// Forgets groups no page holds any more: memory stays flat.
    pub(super) fn forget_unused_groups(&mut self) {
        self.groups.retain(|_, steps| steps.group.strong_count() > 0);
        self.plain_groups.retain(|_, (_, g)| g.strong_count() > 0);
    }

    /// Draws items into a page's content, marking each run of them as the
    /// structure around it says.
    pub(super) fn draw(
        &mut self,
        objects: &mut Objects<impl Write>,
        pen: &mut Pen,
        tags: &mut Tags,
        items: &[Item],
        h: f32,
    ) -> io::Result<()> {
        let mut run: Vec<&Item> = Vec::new();
        for item in items {
            match item {
                Item::Open(tag) => {
                    self.draw_run(objects, pen, tags, &mut run, h)?;
                    tags.open(tag);
                }
                Item::Close => {
                    self.draw_run(objects, pen, tags, &mut run, h)?;
                    tags.close();
                }
                Item::Group(g) => {
                    self.draw_run(objects, pen, tags, &mut run, h)?;
                    let mut entry = match self.groups.remove(&Arc::as_ptr(g)) {
                        Some(entry) if entry.group.strong_count() > 0 => entry,
                        _ => self.steps(objects, g)?,
                    };
                    entry.uses += 1;
                    for step in entry.steps.iter_mut() {
                        match step {
                            Step::Open(tag) => tags.open(tag),
                            Step::Close => tags.close(),
                            Step::Run(run) => {
                                if run.form.is_none() && entry.uses > 1 && run.bytes > INLINE_BYTES {
                                    let mut scratch = Pen::default();
                                    for item in &run.items {
                                        self.item(objects, &mut scratch, item, entry.height)?;
                                    }
                                    run.form = Some(self.form(objects, entry.width, entry.height, scratch)?);
                                    run.items = Vec::new();
                                }
                                let mark = tags.target(run.text);
                                tags.mark(&mut pen.content, mark);
                                match run.form {
                                    Some(form) => {
                                        pen.content
                                            .save_state()
                                            .x_object(Name(format!("G{form}").as_bytes()))
                                            .restore_state();
                                    }
                                    None => {
                                        for item in &run.items {
                                            self.item(objects, pen, item, entry.height)?;
                                        }
                                    }
                                }
                            }
                        }
                    }
                    self.groups.insert(Arc::as_ptr(g), entry);
                }
                Item::Placed { group, x, y, scale } => {
                    // Drawn in place, moved and scaled, so its structure joins the page's.
                    self.draw_run(objects, pen, tags, &mut run, h)?;
                    tags.end(&mut pen.content);
                    let saved = pen.state();
                    let s = round(*scale);
                    pen.content
                        .save_state()
                        .transform([s, 0.0, 0.0, s, pt(*x), pt(h - (y + scale * group.height))]);
                    self.draw(objects, pen, tags, &group.items, group.height)?;
                    tags.end(&mut pen.content);
                    pen.content.restore_state();
                    pen.restore(saved);
                }
                Item::WritingCell { .. } => {}
                drawn => run.push(drawn),
            }
        }
        self.draw_run(objects, pen, tags, &mut run, h)
    }

    /// Draws a run of items that share one place in the structure.
    fn draw_run(
        &mut self,
        objects: &mut Objects<impl Write>,
        pen: &mut Pen,
        tags: &mut Tags,
        run: &mut Vec<&Item>,
        h: f32,
    ) -> io::Result<()> {
        if run.is_empty() {
            return Ok(());
        }
        let mark = tags.target(run.iter().any(|i| matches!(i, Item::Text { .. })));
        tags.mark(&mut pen.content, mark);
        for item in run.drain(..) {
            self.item(objects, pen, item, h)?;
        }
        Ok(())
    }

    /// Draws one item as it looks, ignoring structure (inside a form).
    fn item(&mut self, objects: &mut Objects<impl Write>, pen: &mut Pen, item: &Item, h: f32) -> io::Result<()> {
        match item {
            Item::Group(g) => {
                let name = self.plain_group(objects, g)?;
                pen.content
                    .save_state()
                    .x_object(Name(format!("G{name}").as_bytes()))
                    .restore_state();
            }
            Item::Placed { group, x, y, scale } => {
                let name = self.plain_group(objects, group)?;
                let s = round(*scale);
                pen.content
                    .save_state()
                    .transform([s, 0.0, 0.0, s, pt(*x), pt(h - (y + scale * group.height))])
                    .x_object(Name(format!("G{name}").as_bytes()))
                    .restore_state();
            }
            other => pen.draw(&mut self.fonts, other, h),
        }
        Ok(())
    }

    /// A shared group cut into steps.
    fn steps(&mut self, objects: &mut Objects<impl Write>, g: &Arc<Group>) -> io::Result<Steps> {
        let mut steps = Steps {
            steps: Vec::new(),
            uses: 0,
            width: g.width,
            height: g.height,
            group: Arc::downgrade(g),
        };
        let mut run = Vec::new();
        self.group_steps(objects, &g.items, &mut steps, &mut run)?;
        self.end_run(objects, &mut steps, &mut run)?;
        Ok(steps)
    }

    fn group_steps<'i>(
        &mut self,
        objects: &mut Objects<impl Write>,
        items: &'i [Item],
        steps: &mut Steps,
        run: &mut Vec<&'i Item>,
    ) -> io::Result<()> {
        for item in items {
            match item {
                Item::Open(tag) => {
                    self.end_run(objects, steps, run)?;
                    steps.steps.push(Step::Open((**tag).clone()));
                }
                Item::Close => {
                    self.end_run(objects, steps, run)?;
                    steps.steps.push(Step::Close);
                }
                // A group inside a group is drawn in the same place: its items join in.
                Item::Group(inner) => self.group_steps(objects, &inner.items, steps, run)?,
                Item::WritingCell { .. } => {}
                drawn => run.push(drawn),
            }
        }
        Ok(())
    }

    /// Ends a run of a group's items, measuring its content.
    fn end_run(
        &mut self,
        objects: &mut Objects<impl Write>,
        steps: &mut Steps,
        run: &mut Vec<&Item>,
    ) -> io::Result<()> {
        if run.is_empty() {
            return Ok(());
        }
        let text = run.iter().any(|i| matches!(i, Item::Text { .. }));
        let mut pen = Pen::default();
        for item in run.iter() {
            self.item(objects, &mut pen, item, steps.height)?;
        }
        let items = run.drain(..).cloned().collect();
        steps.steps.push(Step::Run(Run {
            text,
            items,
            bytes: pen.content.len(),
            form: None,
        }));
        Ok(())
    }

    /// Writes what `pen` drew as a form `width` x `height` mm; returns its resource number.
    fn form(&mut self, objects: &mut Objects<impl Write>, width: f32, height: f32, pen: Pen) -> io::Result<usize> {
        let id = objects.reserve();
        let bbox = Rect::new(0.0, 0.0, pt(width), pt(height));
        objects.enqueue_stream(id, Some(bbox), pen.content.finish().into_vec())?;
        self.forms.push(id);
        Ok(self.forms.len() - 1)
    }

    /// The resource number of a group drawn whole inside a form, written the first time.
    fn plain_group(&mut self, objects: &mut Objects<impl Write>, g: &Arc<Group>) -> io::Result<usize> {
        if let Some((name, weak)) = self.plain_groups.get(&Arc::as_ptr(g))
            && weak.strong_count() > 0
        {
            return Ok(*name);
        }
        let mut pen = Pen::default();
        for item in &g.items {
            self.item(objects, &mut pen, item, g.height)?;
        }
        let name = self.form(objects, g.width, g.height, pen)?;
        self.plain_groups.insert(Arc::as_ptr(g), (name, Arc::downgrade(g)));
        Ok(name)
    }
}
