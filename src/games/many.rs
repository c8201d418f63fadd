//! Plays many games for a rating, shared out over the cores.

/// `runs(range)` for the ranges of consecutive numbers that make up
/// `0..n`, each on a core of its own when `n` is at least
/// `parallel_from` (one range otherwise), the results read back in order:
/// the same results whatever the number of cores. Each range may set up
/// what its games share (a table of routes) once.
pub(crate) fn in_order<T: Send>(
    n: u32,
    parallel_from: u32,
    runs: impl Fn(std::ops::Range<u32>) -> Vec<T> + Sync,
) -> Vec<T> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    let parts = if n >= parallel_from { cores.clamp(1, 8) } else { 1 };
    if parts == 1 {
        return runs(0..n);
    }
    let per_part = n.div_ceil(parts);
    std::thread::scope(|scope| {
        let runs = &runs;
        let handles: Vec<_> = (0..parts)
            .map(|r| {
                let range = (r * per_part).min(n)..((r + 1) * per_part).min(n);
                scope.spawn(move || runs(range))
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a simulated game does not panic"))
            .collect()
    })
}
