//! Every integration test, in one binary: one link instead of one per file,
//! and the tests of every file share the threads. Each module's doc says
//! what it covers; `common` holds the helpers.

mod common;

mod browser;
mod code_corpus;
mod code_typos;
mod conventions_cli;
mod fuzz;
mod hardening_cli;
mod layers;
mod pack_cli;
mod panic_buy_cli;
mod particle_panic_cli;
mod ppe_cli;
mod readme_examples;
mod registry;
mod render_match;
mod serve_http;
mod sheet_standards;
mod tagged_pdf;
mod tp_hunt_cli;
