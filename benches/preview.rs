//! A one-page PNG preview of a TP Hunt map in a warm process (as the web page
//! makes them): the map generated, its page laid out, rendered to SVG and to
//! PNG by resvg. Prints the median and range of 30 runs in milliseconds.
//!
//!     cargo bench --bench preview

use panicpress::games::request::GameRequest;
use panicpress::render::svg;
use panicpress::seed::SheetCode;
use std::time::Instant;

fn main() {
    let texts = panicpress::games::english();
    let dpi: u32 = std::env::var("DPI").ok().and_then(|v| v.parse().ok()).unwrap_or(96);
    let mut times = Vec::new();
    for run in 0..31 {
        let start = Instant::now();
        let code = SheetCode::parse(&format!("tp-hunt:1:g12-s12-a10-d7-p4:a4:map:preview {run}")).unwrap();
        let request = GameRequest::from_code(&code).unwrap();
        let mut png = Vec::new();
        request
            .pages(&texts, &mut |page| {
                png = svg::page_png(&page, dpi).map_err(panicpress::Error::msg)?;
                Ok(())
            })
            .unwrap();
        assert!(png.len() > 1000);
        if run > 0 {
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "map page PNG preview at {dpi} dpi, warm process: median {:.1} ms (min {:.1}, max {:.1}, 30 runs)",
        times[times.len() / 2],
        times[0],
        times[times.len() - 1]
    );
}
