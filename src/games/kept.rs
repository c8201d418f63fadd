//! Ratings and layouts kept for reuse. A layout is made and rated when it is
//! drawn, when its sheets are drawn and when a teacher key names it; a class
//! pack asks for every student's layout several times (its plan, its key,
//! its page map, its pages), on more than one core. Each game keeps what it
//! made by a digest of what decided it, for every thread and enough for the
//! largest pack.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// Most kept: every layout of a pack of 10,000 students, with the rated
/// draws that were turned down on the way.
pub const KEPT: usize = 32_768;

/// A digest of the text a value was made from: 16 bytes a value.
type Key = [u8; 16];

/// Values by key, and the keys in the order they were kept (the oldest
/// goes first when full).
type Kept<V> = (HashMap<Key, V>, VecDeque<Key>);

/// What a game keeps: made empty, filled as it is asked.
pub struct Store<V>(Mutex<Option<Kept<V>>>);

impl<V: Clone> Default for Store<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V: Clone> Store<V> {
    pub const fn new() -> Self {
        Store(Mutex::new(None))
    }

    /// The value kept for `text` (everything that decides it), or `make()`, kept.
    pub(crate) fn get_or_make(&self, text: &str, make: impl FnOnce() -> V) -> V {
        let key = digest(text);
        if let Some(v) = self.get(&key) {
            return v;
        }
        let v = make();
        self.put(key, v.clone());
        v
    }

    /// As [`Store::get_or_make`] for a value that may not be made; only a
    /// made one is kept.
    pub(crate) fn try_get_or_make<E>(&self, text: &str, make: impl FnOnce() -> Result<V, E>) -> Result<V, E> {
        let key = digest(text);
        if let Some(v) = self.get(&key) {
            return Ok(v);
        }
        let v = make()?;
        self.put(key, v.clone());
        Ok(v)
    }

    fn get(&self, key: &Key) -> Option<V> {
        let kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.as_ref().and_then(|(values, _)| values.get(key).cloned())
    }

    fn put(&self, key: Key, v: V) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let (values, order) = kept.get_or_insert_with(Default::default);
        if values.insert(key, v).is_some() {
            return;
        }
        order.push_back(key);
        if order.len() > KEPT
            && let Some(oldest) = order.pop_front()
        {
            values.remove(&oldest);
        }
    }
}

fn digest(text: &str) -> Key {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())[..16]
        .try_into()
        .expect("16 of 32 bytes")
}
