//! The structure tree (tagged PDF, PDF/UA-1): the page model's roles become
//! elements in reading order, each page's elements gathered with the
//! following pages' into compressed object streams; what no role claims is
//! decoration (an artifact) when it is a shape, a paragraph when it is text.

use pdf_writer::types::{StructRole, TableHeaderScope};
use pdf_writer::writers::{StructElement, StructTreeRoot};
use pdf_writer::{Content, Finish, Name, Ref, TextStr};
use std::io::{self, Write};

use super::objects::{DOCUMENT, Objects, STRUCT_ROOT, compact};
use crate::sheet::{Role, Tag};

/// The tagged-PDF name of a role (never asked for an artifact, which has none).
fn struct_role(role: Role) -> StructRole {
    match role {
        Role::Heading(1) => StructRole::H1,
        Role::Heading(2) => StructRole::H2,
        Role::Heading(3) => StructRole::H3,
        Role::Heading(4) => StructRole::H4,
        Role::Heading(5) => StructRole::H5,
        Role::Heading(_) => StructRole::H6,
        Role::Paragraph => StructRole::P,
        Role::List => StructRole::L,
        Role::ListItem => StructRole::LI,
        Role::Label => StructRole::Lbl,
        Role::ListBody => StructRole::LBody,
        Role::Table => StructRole::Table,
        Role::Row => StructRole::TR,
        Role::ColumnHeader | Role::RowHeader => StructRole::TH,
        Role::Cell => StructRole::TD,
        Role::Figure => StructRole::Figure,
        Role::Span => StructRole::Span,
        Role::Section => StructRole::Sect,
        // Decoration never becomes an element (see `Tags::open`).
        Role::Artifact => StructRole::NonStruct,
    }
}

/// How a run of drawn content is marked: decoration, or content of an element.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Mark {
    Artifact,
    Content(usize),
}

enum Kid {
    Node(usize),
    Mcid(i32),
}

/// One structure element of the page being made.
struct Node {
    tag: Tag,
    parent: Option<usize>,
    kids: Vec<Kid>,
}

/// The structure of the page being made, built as its content is written:
/// element 0 is the page's section.
pub(super) struct Tags {
    nodes: Vec<Node>,
    /// The elements open now, innermost last; None for decoration.
    open: Vec<Option<usize>>,
    /// How many of the open ones are decoration.
    artifacts: usize,
    /// The element each marked content (by MCID) belongs to.
    mcids: Vec<usize>,
    /// The marked content open in the content stream.
    marked: Option<Mark>,
    /// The paragraph that text outside any element goes to, until the structure changes.
    loose: Option<usize>,
}

impl Tags {
    pub(super) fn new() -> Tags {
        Tags {
            nodes: vec![Node {
                tag: Tag::new(Role::Section),
                parent: None,
                kids: Vec::new(),
            }],
            open: Vec::new(),
            artifacts: 0,
            mcids: Vec::new(),
            marked: None,
            loose: None,
        }
    }

    fn current(&self) -> usize {
        self.open.iter().rev().find_map(|n| *n).unwrap_or(0)
    }

    fn add(&mut self, tag: Tag) -> usize {
        let parent = self.current();
        let id = self.nodes.len();
        self.nodes.push(Node {
            tag,
            parent: Some(parent),
            kids: Vec::new(),
        });
        self.nodes[parent].kids.push(Kid::Node(id));
        id
    }

    pub(super) fn open(&mut self, tag: &Tag) {
        self.loose = None;
        if tag.role == Role::Artifact {
            self.artifacts += 1;
            self.open.push(None);
        } else {
            let id = self.add(tag.clone());
            self.open.push(Some(id));
        }
    }

    pub(super) fn close(&mut self) {
        self.loose = None;
        if let Some(None) = self.open.pop() {
            self.artifacts -= 1;
        }
    }

    /// Where drawn content goes: a figure takes all it holds; shapes
    /// elsewhere are decoration; text outside any element makes a paragraph.
    pub(super) fn target(&mut self, text: bool) -> Mark {
        if self.artifacts > 0 {
            return Mark::Artifact;
        }
        let figure = self
            .open
            .iter()
            .flatten()
            .find(|n| self.nodes[**n].tag.role == Role::Figure);
        if let Some(figure) = figure {
            return Mark::Content(*figure);
        }
        if !text {
            return Mark::Artifact;
        }
        let at = self.current();
        if at != 0
            && !matches!(
                self.nodes[at].tag.role,
                Role::Section | Role::List | Role::Table | Role::Row
            )
        {
            return Mark::Content(at);
        }
        let paragraph = match self.loose {
            Some(p) => p,
            None => self.add(Tag::new(Role::Paragraph)),
        };
        self.loose = Some(paragraph);
        Mark::Content(paragraph)
    }

    /// Opens marked content for `mark`, closing what was open unless it is the same.
    pub(super) fn mark(&mut self, c: &mut Content, mark: Mark) {
        if self.marked == Some(mark) {
            return;
        }
        self.end(c);
        match mark {
            Mark::Artifact => {
                c.begin_marked_content(Name(b"Artifact"));
            }
            Mark::Content(n) => {
                let mcid = self.mcids.len() as i32;
                self.mcids.push(n);
                self.nodes[n].kids.push(Kid::Mcid(mcid));
                c.begin_marked_content_with_properties(struct_role(self.nodes[n].tag.role).to_name())
                    .properties()
                    .identify(mcid);
            }
        }
        self.marked = Some(mark);
    }

    pub(super) fn end(&mut self, c: &mut Content) {
        if self.marked.take().is_some() {
            c.end_marked_content();
        }
    }
}

/// The document's structure as far as the pages written: each page's
/// section, and the parent tree that finds the element of marked content.
#[derive(Default)]
pub(super) struct StructureTree {
    /// Each page's section of the structure tree, in page order.
    sections: Vec<Ref>,
    /// Each page's array of the elements its marked content belongs to, by the page's key.
    parent_tree: Vec<(i32, Ref)>,
}

impl StructureTree {
    /// Writes a page's structure elements and the array naming the element
    /// of each of its marked contents, in one object stream; returns the
    /// page's key in the parent tree (None for a page of decoration only).
    pub(super) fn write_page(
        &mut self,
        objects: &mut Objects<impl Write>,
        tags: &Tags,
        page: Ref,
        lang: Option<&str>,
    ) -> io::Result<Option<i32>> {
        if tags.mcids.is_empty() {
            return Ok(None);
        }
        // Elements with nothing to read are left out; children come after their parents.
        let mut keep = vec![false; tags.nodes.len()];
        for (i, node) in tags.nodes.iter().enumerate().rev() {
            keep[i] = node.tag.alt.is_some()
                || node.kids.iter().any(|k| match k {
                    Kid::Mcid(_) => true,
                    Kid::Node(n) => keep[*n],
                });
        }
        // A table keeps its shape: an empty cell of a row read aloud is still a cell.
        for (i, node) in tags.nodes.iter().enumerate() {
            let cell = matches!(node.tag.role, Role::Cell | Role::ColumnHeader | Role::RowHeader);
            if cell && node.parent.is_some_and(|p| keep[p]) {
                keep[i] = true;
            }
        }
        let refs: Vec<Option<Ref>> = keep.iter().map(|k| k.then(|| objects.reserve())).collect();
        let mut elements = Vec::new();
        for (i, node) in tags.nodes.iter().enumerate() {
            let Some(id) = refs[i] else { continue };
            let mut chunk = compact();
            let mut elem = chunk.indirect(id).start::<StructElement>();
            elem.kind(struct_role(node.tag.role));
            elem.parent(node.parent.and_then(|p| refs[p]).unwrap_or(DOCUMENT));
            if node.kids.iter().any(|k| matches!(k, Kid::Mcid(_))) {
                elem.page(page);
            }
            let kids: Vec<&Kid> = node
                .kids
                .iter()
                .filter(|k| !matches!(k, Kid::Node(n) if refs[*n].is_none()))
                .collect();
            match kids[..] {
                // One marked content, as most elements have: a number, not an array.
                [Kid::Mcid(m)] => {
                    elem.pair(Name(b"K"), *m);
                }
                _ => {
                    let mut list = elem.children();
                    for kid in kids {
                        match kid {
                            Kid::Mcid(m) => list.marked_content_id(*m),
                            Kid::Node(n) => list.struct_element(refs[*n].expect("kept")),
                        };
                    }
                }
            }
            if let Some(alt) = &node.tag.alt {
                elem.alt(TextStr(alt));
            }
            let lang = if i == 0 { lang } else { node.tag.lang.as_deref() };
            if let Some(lang) = lang {
                elem.lang(TextStr(lang));
            }
            let scope = match node.tag.role {
                Role::ColumnHeader => Some(TableHeaderScope::Column),
                Role::RowHeader => Some(TableHeaderScope::Row),
                _ => None,
            };
            if let Some(scope) = scope {
                elem.attributes().push().table().scope(scope);
            }
            elem.finish();
            elements.push((id, chunk));
        }
        let owners = objects.reserve();
        let mut chunk = compact();
        chunk.indirect(owners).array().items(
            tags.mcids
                .iter()
                .map(|n| refs[*n].expect("an element with content is kept")),
        );
        elements.push((owners, chunk));
        objects.object_stream(&elements)?;
        let key = self.parent_tree.len() as i32;
        self.parent_tree.push((key, owners));
        self.sections
            .push(refs[0].expect("a page with content keeps its section"));
        Ok(Some(key))
    }

    /// Writes the structure tree's root, its document element holding each
    /// page's section, and the parent tree, in one object stream.
    pub(super) fn write_root(&self, objects: &mut Objects<impl Write>) -> io::Result<()> {
        let mut chunk = compact();
        let mut root = chunk.indirect(STRUCT_ROOT).start::<StructTreeRoot>();
        root.child(DOCUMENT);
        let mut tree = root.parent_tree();
        let mut nums = tree.nums();
        for (key, owners) in &self.parent_tree {
            nums.insert(*key, *owners);
        }
        nums.finish();
        tree.finish();
        root.parent_tree_next_key(self.parent_tree.len() as i32);
        root.finish();
        let mut document = compact();
        document
            .indirect(DOCUMENT)
            .start::<StructElement>()
            .kind(StructRole::Document)
            .parent(STRUCT_ROOT)
            .children()
            .items(self.sections.iter().copied());
        objects.object_stream(&[(STRUCT_ROOT, chunk), (DOCUMENT, document)])?;
        objects.flush_object_stream()?;
        objects.pump(true)
    }
}
