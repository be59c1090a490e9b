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
//!
//! No step of a table takes long, so a search using it sees its deadline
//! in time: growing moves the entries to the larger slot array a few at a
//! time, at each insertion after the growth, while lookups still search
//! the old array for the entries not moved yet; and keys, counts and
//! hashes live in blocks of fixed size, never copied to a larger vector.
//! (Rehashing a million entries at once, and copying their keys, took up
//! to 100 ms on a loaded machine.)

/// The most memory one table takes (keys, counts, hashes and slots).
pub(super) const MAX_BYTES: usize = 256 << 20;

/// Entries per block of keys, counts and hashes.
const BLOCK: usize = 1 << 12;

/// Entries moved to the new slot array at each insertion while a growth
/// is under way: more than one, so the move ends before the next growth
/// (which comes after as many insertions as there are entries).
const MOVES_PER_INSERT: usize = 4;

/// Slots of an open-addressing array: each empty (0) or the high half of
/// the key's hash and the entry's number plus one in the low half.
struct Slots {
    slots: Vec<u64>,
    mask: usize,
}

impl Slots {
    fn new(size: usize) -> Slots {
        Slots {
            slots: vec![0; size],
            mask: size - 1,
        }
    }

    /// Puts entry `e` of hash `h` in the first empty slot of its probe.
    fn place(&mut self, h: u64, e: usize) {
        let mut s = h as usize & self.mask;
        while self.slots[s] != 0 {
            s = (s + 1) & self.mask;
        }
        self.slots[s] = (h & !0xFFFF_FFFF) | (e as u64 + 1);
    }
}

pub(super) struct Memo {
    width: usize,
    /// Entries stored.
    len: usize,
    /// Blocks of [`BLOCK`] keys, one after another in each block.
    keys: Vec<Vec<u64>>,
    values: Vec<Vec<u128>>,
    /// Each entry's full hash, so that growing never hashes a key again.
    hashes: Vec<Vec<u64>>,
    slots: Slots,
    /// While a growth is under way: the previous slot array, which still
    /// finds the entries numbered from `moved` up to `to_move`.
    old: Option<Slots>,
    moved: usize,
    to_move: usize,
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
        // Per entry: its key, its count, its hash, and up to six slots
        // (four in the array just grown from half full, two in the old one
        // while its entries move).
        Self::with_limit(width, MAX_BYTES / (width * 8 + 16 + 8 + 48))
    }

    /// An empty table that stores at most `max_entries` states.
    pub fn with_limit(width: usize, max_entries: usize) -> Self {
        Memo {
            width,
            len: 0,
            keys: Vec::new(),
            values: Vec::new(),
            hashes: Vec::new(),
            slots: Slots::new(1024),
            old: None,
            moved: 0,
            to_move: 0,
            max_entries,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes the table may hold by its next insertion: its blocks
    /// (allocated whole) and its slot arrays, counted as during a growth
    /// (the array, twice as large, beside the old one), so that a check
    /// before an insertion is never overrun by the growth it triggers.
    pub fn bytes(&self) -> usize {
        let per_entry = self.width * 8 + 16 + 8;
        self.values.len() * BLOCK * per_entry + self.slots.slots.len() * 3 * 8
    }

    fn key(&self, e: usize) -> &[u64] {
        let at = e % BLOCK * self.width;
        &self.keys[e / BLOCK][at..at + self.width]
    }

    fn value(&mut self, e: usize) -> &mut u128 {
        &mut self.values[e / BLOCK][e % BLOCK]
    }

    /// Forgets every entry but keeps the memory, so a table used once per
    /// step of a layered count is allocated once.
    pub fn clear(&mut self) {
        if self.len > 0 {
            self.len = 0;
            // The first blocks are kept for the next use.
            for blocks in [&mut self.keys, &mut self.hashes] {
                blocks.truncate(1);
                blocks.iter_mut().for_each(Vec::clear);
            }
            self.values.truncate(1);
            self.values.iter_mut().for_each(Vec::clear);
            self.slots.slots.fill(0);
            self.old = None;
            self.moved = 0;
        }
    }

    /// The entry holding `key` in `slots`, looked up by its hash `h`, or
    /// the empty slot where it would go.
    fn probe(&self, slots: &Slots, key: &[u64], h: u64) -> Result<usize, usize> {
        let tag = h & !0xFFFF_FFFF;
        let mut s = h as usize & slots.mask;
        loop {
            let slot = slots.slots[s];
            if slot == 0 {
                return Err(s);
            }
            if slot & !0xFFFF_FFFF == tag {
                let e = (slot & 0xFFFF_FFFF) as usize - 1;
                if self.key(e) == key {
                    return Ok(e);
                }
            }
            s = (s + 1) & slots.mask;
        }
    }

    /// The entry holding `key`, if stored.
    fn find(&self, key: &[u64], h: u64) -> Option<usize> {
        if let Ok(e) = self.probe(&self.slots, key, h) {
            return Some(e);
        }
        let old = self.old.as_ref()?;
        self.probe(old, key, h)
            .ok()
            .filter(|&e| e >= self.moved && e < self.to_move)
    }

    /// Adds `value` to the count of `key` (stored as 0 before); false when
    /// the key is new and the table is full (nothing is stored then).
    pub fn add(&mut self, key: &[u64], value: u128) -> bool {
        let h = hash(key);
        if let Some(e) = self.find(key, h) {
            let stored = self.value(e);
            *stored = stored.saturating_add(value);
            return true;
        }
        if self.len >= self.max_entries {
            return false;
        }
        self.push(key, h, value);
        true
    }

    /// Every stored key with its count, in the order they were stored.
    pub fn entries(&self) -> impl Iterator<Item = (&[u64], u128)> + '_ {
        let keys = self.keys.iter().flat_map(|b| b.chunks_exact(self.width));
        keys.zip(self.values.iter().flatten().copied())
    }

    pub fn get(&self, key: &[u64]) -> Option<u128> {
        self.find(key, hash(key))
            .map(|e| self.values[e / BLOCK][e % BLOCK])
    }

    pub fn insert(&mut self, key: &[u64], value: u128) {
        let h = hash(key);
        match self.find(key, h) {
            Some(e) => *self.value(e) = value,
            None if self.len < self.max_entries => self.push(key, h, value),
            None => {}
        }
    }

    /// Stores a new entry, growing the slot array at half full and moving
    /// a few entries of a growth under way.
    fn push(&mut self, key: &[u64], h: u64, value: u128) {
        self.step_growth();
        if (self.len + 1) * 2 > self.slots.slots.len() {
            self.finish_growth();
            let bigger = Slots::new(self.slots.slots.len() * 2);
            self.old = Some(std::mem::replace(&mut self.slots, bigger));
            (self.moved, self.to_move) = (0, self.len);
            self.step_growth();
        }
        let e = self.len;
        if self.values.len() == e / BLOCK {
            self.keys.push(Vec::with_capacity(BLOCK * self.width));
            self.values.push(Vec::with_capacity(BLOCK));
            self.hashes.push(Vec::with_capacity(BLOCK));
        }
        self.keys[e / BLOCK].extend_from_slice(key);
        self.values[e / BLOCK].push(value);
        self.hashes[e / BLOCK].push(h);
        self.len += 1;
        self.slots.place(h, e);
    }

    /// Moves the next few entries of a growth under way to the new slots.
    fn step_growth(&mut self) {
        if self.old.is_none() {
            return;
        }
        let end = (self.moved + MOVES_PER_INSERT).min(self.to_move);
        for e in self.moved..end {
            self.slots.place(self.hashes[e / BLOCK][e % BLOCK], e);
        }
        self.moved = end;
        if self.moved == self.to_move {
            self.old = None;
        }
    }

    /// Moves every entry left of a growth under way.
    fn finish_growth(&mut self) {
        while self.old.is_some() {
            self.step_growth();
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

    #[test]
    fn every_entry_is_found_while_the_table_grows() {
        let mut memo = Memo::with_limit(1, usize::MAX);
        for k in 0..20_000u64 {
            assert!(memo.add(&[k * 3], 1));
            // Every earlier entry, whether moved to the new slots or not.
            if k % 997 == 0 || k < 3000 {
                for j in 0..=k {
                    assert_eq!(memo.get(&[j * 3]), Some(1), "{j} after {k}");
                }
            }
            assert_eq!(memo.get(&[k * 3 + 1]), None);
        }
        for k in 0..20_000u64 {
            assert!(memo.add(&[k * 3], 2));
        }
        assert_eq!(memo.len(), 20_000);
        assert!(memo.entries().all(|(_, v)| v == 3));
        memo.clear();
        assert_eq!(memo.get(&[3]), None);
        assert!(memo.add(&[3], 5));
        assert_eq!(memo.get(&[3]), Some(5));
    }
}
