//! A hash table from search states (fixed-length arrays of words) to
//! solution counts, for the counter. Keys live one after another in one
//! vector, so storing a state costs no allocation and a lookup compares a
//! few words; open addressing with linear probing, grown at half full.
//! Each slot keeps 32 bits of the key's hash beside the entry's number, so
//! a probe that meets another key almost never compares the keys (the
//! counter looks up a state for every branch it tries, and the
//! comparisons were most of its time). A table stops growing at
//! [`MAX_BYTES`]: past that, new states are not stored and the search goes
//! on without them (slower, the same answer), so a long count cannot
//! exhaust the machine's memory.

/// The most memory one table takes (keys, counts and slots).
pub(super) const MAX_BYTES: usize = 256 << 20;

pub(super) struct Memo {
    width: usize,
    keys: Vec<u64>,
    values: Vec<u128>,
    /// Empty (0) or the high half of the key's hash and the entry's
    /// number plus one in the low half.
    slots: Vec<u64>,
    mask: usize,
    /// Entries past this are not stored.
    max_entries: usize,
}

fn hash(key: &[u64]) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
    }
    // Mix once more so that the low bits (the slot) and the high bits
    // (the tag) both depend on every word.
    h ^= h >> 32;
    h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    h ^ h >> 32
}

impl Memo {
    /// An empty table for keys of `width` words.
    pub fn new(width: usize) -> Self {
        // Per entry: its key, its count, and up to two slots (the table
        // grows at half full).
        Self::with_limit(width, MAX_BYTES / (width * 8 + 16 + 16))
    }

    /// An empty table that stores at most `max_entries` states.
    pub fn with_limit(width: usize, max_entries: usize) -> Self {
        Memo {
            width,
            keys: Vec::new(),
            values: Vec::new(),
            slots: vec![0; 1024],
            mask: 1023,
            max_entries,
        }
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// The slot of `key` (or the empty slot where it would go), its entry
    /// if stored, and the tag its slot carries.
    fn find(&self, key: &[u64]) -> (usize, Option<usize>, u64) {
        let h = hash(key);
        let tag = h & !0xFFFF_FFFF;
        let mut s = h as usize & self.mask;
        loop {
            let slot = self.slots[s];
            if slot == 0 {
                return (s, None, tag);
            }
            if slot & !0xFFFF_FFFF == tag {
                let e = (slot & 0xFFFF_FFFF) as usize - 1;
                let stored = &self.keys[e * self.width..(e + 1) * self.width];
                if stored.iter().zip(key).all(|(a, b)| a == b) {
                    return (s, Some(e), tag);
                }
            }
            s = (s + 1) & self.mask;
        }
    }

    /// Adds `value` to the count of `key` (stored as 0 before); false when
    /// the key is new and the table is full (nothing is stored then).
    pub fn add(&mut self, key: &[u64], value: u128) -> bool {
        if let (_, Some(e), _) = self.find(key) {
            self.values[e] = self.values[e].saturating_add(value);
            return true;
        }
        if self.values.len() >= self.max_entries {
            return false;
        }
        self.insert(key, value);
        true
    }

    /// Every stored key with its count, in the order they were stored.
    pub fn entries(&self) -> impl Iterator<Item = (&[u64], u128)> + '_ {
        self.keys
            .chunks_exact(self.width)
            .zip(self.values.iter().copied())
    }

    pub fn get(&self, key: &[u64]) -> Option<u128> {
        self.find(key).1.map(|e| self.values[e])
    }

    pub fn insert(&mut self, key: &[u64], value: u128) {
        if self.values.len() >= self.max_entries {
            return;
        }
        if (self.values.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        match self.find(key) {
            (_, Some(e), _) => self.values[e] = value,
            (s, None, tag) => {
                self.keys.extend_from_slice(key);
                self.values.push(value);
                self.slots[s] = tag | self.values.len() as u64;
            }
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![0; size];
        self.mask = size - 1;
        for e in 0..self.values.len() {
            let h = hash(&self.keys[e * self.width..(e + 1) * self.width]);
            let mut s = h as usize & self.mask;
            while self.slots[s] != 0 {
                s = (s + 1) & self.mask;
            }
            self.slots[s] = (h & !0xFFFF_FFFF) | (e as u64 + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Memo;

    #[test]
    fn a_full_table_keeps_what_it_has_and_stores_nothing_more() {
        let mut memo = Memo::with_limit(2, 3000);
        for k in 0..5000u64 {
            memo.insert(&[k, k * 7], u128::from(k) + 1);
        }
        assert_eq!(memo.len(), 3000);
        for k in 0..3000u64 {
            assert_eq!(memo.get(&[k, k * 7]), Some(u128::from(k) + 1));
        }
        assert_eq!(memo.get(&[4000, 28000]), None);
        assert_eq!(memo.get(&[1, 8]), None);
    }
}
