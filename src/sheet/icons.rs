//! Small drawn symbols shared by the games' sheets: a symbol and a word
//! carry each meaning, never colour alone.

use super::{Colour, Page, Stroke};

/// A toilet roll seen from the end: two circles.
pub(crate) fn tp_roll(page: &mut Page, cx: f32, cy: f32, r: f32) {
    page.circle(cx, cy, r, Some(Stroke::solid(1.0)), Some(Colour::WHITE));
    page.circle(cx, cy, r * 0.35, Some(Stroke::solid(0.8)), Some(Colour::Grey(0.6)));
}

/// An arrow pointing up into the board, its tip above (cx, base).
pub fn arrow(page: &mut Page, cx: f32, base: f32, size: f32) {
    let (w, h) = (size * 0.5, size);
    page.polygon(
        vec![
            (cx, base - h),
            (cx + w, base - h * 0.5),
            (cx + w * 0.4, base - h * 0.5),
            (cx + w * 0.4, base),
            (cx - w * 0.4, base),
            (cx - w * 0.4, base - h * 0.5),
            (cx - w, base - h * 0.5),
        ],
        Some(Stroke::solid(0.8)),
        Some(Colour::Grey(0.25)),
    );
}

/// The Virus: a ball with eight spikes.
pub fn virus(page: &mut Page, cx: f32, cy: f32, r: f32) {
    for i in 0..8 {
        let a = std::f32::consts::PI * i as f32 / 4.0;
        let (s, c) = a.sin_cos();
        page.line(
            (cx + c * r, cy + s * r),
            (cx + c * r * 1.45, cy + s * r * 1.45),
            Stroke::solid(1.2),
        );
        page.circle(cx + c * r * 1.5, cy + s * r * 1.5, r * 0.15, None, Some(Colour::BLACK));
    }
    page.circle(cx, cy, r, Some(Stroke::solid(1.2)), Some(Colour::Grey(0.8)));
}

/// The Dog: a paw print.
pub(crate) fn paw(page: &mut Page, cx: f32, cy: f32, r: f32) {
    page.circle(cx, cy + r * 0.35, r * 0.55, None, Some(Colour::BLACK));
    for (dx, dy) in [(-0.62, -0.35), (-0.22, -0.72), (0.22, -0.72), (0.62, -0.35)] {
        page.circle(cx + dx * r, cy + dy * r, r * 0.22, None, Some(Colour::BLACK));
    }
}

/// A Sneeze: a spray of droplets.
pub(crate) fn droplets(page: &mut Page, cx: f32, cy: f32) {
    for (dx, dy, r) in [
        (0.0, 0.0, 1.2),
        (3.0, -2.0, 0.9),
        (3.5, 1.5, 0.8),
        (6.0, -0.5, 0.7),
        (5.5, 3.0, 0.6),
    ] {
        page.circle(cx + dx - 3.0, cy + dy, r, None, Some(Colour::BLACK));
    }
}
