//! The exact search's memory of positions already searched: an open
//! addressing table keyed by the set of remaining pieces (bitset words),
//! growing by doubling up to a memory cap. At the cap it becomes a lossy
//! cache (a full probe window overwrites one entry): the search then
//! repeats some work but stays exact and never runs out of memory.
//!
//! [`SharedTable`] splits the table into shards, each behind its own lock,
//! so threads seldom wait for each other.

use std::sync::{Mutex, PoisonError};

const PROBES: usize = 8;

pub(crate) struct Table {
    words: usize,
    hashes: Vec<u64>,
    keys: Vec<u64>,
    len: usize,
    max_slots: usize,
}

impl Table {
    pub fn new(words: usize, memory_bytes: usize) -> Table {
        let per_slot = (words + 1) * 8;
        let max_slots = (memory_bytes / per_slot).max(PROBES * 2);
        let max_slots = 1usize << (usize::BITS - 1 - max_slots.leading_zeros());
        let slots = max_slots.min(1 << 8);
        Table {
            words,
            hashes: vec![0; slots],
            keys: vec![0; slots * words],
            len: 0,
            max_slots,
        }
    }

    /// Records the position; false when it was already there.
    pub fn insert(&mut self, hash: u64, key: &[u64]) -> bool {
        let hash = hash.max(1);
        if self.len * 2 > self.hashes.len() && self.hashes.len() * 2 <= self.max_slots {
            self.grow();
        }
        let mask = self.hashes.len() - 1;
        let home = (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize;
        let mut free = None;
        for i in 0..PROBES {
            let slot = (home + i) & mask;
            let h = self.hashes[slot];
            if h == 0 {
                free = free.or(Some(slot));
                break;
            }
            if h == hash && &self.keys[slot * self.words..(slot + 1) * self.words] == key {
                return false;
            }
        }
        let slot = match free {
            Some(slot) => {
                self.len += 1;
                slot
            }
            None => (home + (hash as usize >> 7) % PROBES) & mask,
        };
        self.hashes[slot] = hash;
        self.keys[slot * self.words..(slot + 1) * self.words].copy_from_slice(key);
        true
    }

    fn grow(&mut self) {
        let old_hashes = std::mem::take(&mut self.hashes);
        let old_keys = std::mem::take(&mut self.keys);
        self.hashes = vec![0; old_hashes.len() * 2];
        self.keys = vec![0; old_hashes.len() * 2 * self.words];
        self.len = 0;
        for (slot, &h) in old_hashes.iter().enumerate() {
            if h != 0 {
                self.insert(h, &old_keys[slot * self.words..(slot + 1) * self.words]);
            }
        }
    }
}

/// Shards of [`SharedTable`] (a power of two); with a few threads, two of
/// them rarely want the same shard at once.
const SHARDS: usize = 64;

/// A [`Table`] for several threads: the memory cap split over shards chosen
/// by the hash's top bits (the slot inside a shard comes from other bits).
pub(crate) struct SharedTable {
    shards: Vec<Mutex<Table>>,
}

impl SharedTable {
    pub fn new(words: usize, memory_bytes: usize) -> SharedTable {
        SharedTable {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(Table::new(words, memory_bytes / SHARDS)))
                .collect(),
        }
    }

    /// Records the position; false when it was already there.
    pub fn insert(&self, hash: u64, key: &[u64]) -> bool {
        let shard = &self.shards[(hash >> 58) as usize % SHARDS];
        shard
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(hash, key)
    }
}
