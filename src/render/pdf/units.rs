//! Lengths in PDF points, from the page model's millimetres.

const MM_TO_PT: f32 = 72.0 / 25.4;

/// A length in points, rounded to a hundredth: finer is invisible and only
/// makes the file longer.
pub(super) fn pt(mm: f32) -> f32 {
    round(mm * MM_TO_PT)
}

pub(super) fn round(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_rounded_to_a_hundredth_of_a_point() {
        assert_eq!(pt(210.0), 595.28);
        assert_eq!(round(0.004), 0.0);
        assert_eq!(round(-2.054), -2.05);
    }
}
