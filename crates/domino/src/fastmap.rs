//! A hash map for integer keys with a one-multiply hasher. The standard
//! hasher (SipHash) resists attackers but costs several times more per key;
//! compressing a million domino values into dense indices is on every hot
//! path here, and the keys come from the user's own file.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Multiply-and-rotate hasher for integer keys (Fibonacci hashing).
#[derive(Default, Clone, Copy)]
pub struct IntHasher(u64);

impl Hasher for IntHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_i64(&mut self, x: i64) {
        self.write_u64(x as u64);
    }

    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// Builds [`IntHasher`]s.
pub type IntBuild = BuildHasherDefault<IntHasher>;

/// A `HashMap` keyed by integers (or tuples of them), hashed by [`IntHasher`].
pub type IntMap<K, V> = HashMap<K, V, IntBuild>;

/// An empty [`IntMap`] with room for `capacity` keys.
pub fn int_map_with_capacity<K, V>(capacity: usize) -> IntMap<K, V> {
    IntMap::with_capacity_and_hasher(capacity, BuildHasherDefault::default())
}
