//! What the tool does, as library calls with typed inputs and results: take
//! what was asked for (one input step for both doors, [`input`]), make a
//! game's document, plan and write a class pack, run a game's action. The
//! command line (`cli`) and the web page (`serve`) are thin adapters over
//! these, and neither imports the other. Layer: above the games, class packs,
//! settings files and renderers; below the two adapters.

pub mod document;
pub mod input;
pub mod pack;

pub use document::{
    Format, TextOptions, Written, document_file_name, per_page_note, texts, write_document, write_imposed_pdf,
    write_pdf,
};
pub use input::{DocumentInput, DocumentSpec, EntryInput, PACK_FIELDS, PackInput};
pub use pack::{PackSpec, Students, pack_file_name, plan_pack, split_pdfs, write_split};
