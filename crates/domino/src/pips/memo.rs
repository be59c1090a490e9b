//! A hash table from search states (fixed-length arrays of words) to
//! solution counts, for the counter. Keys live one after another in one
//! vector, so storing a state costs no allocation and a lookup compares a
//! few words; open addressing with linear probing, grown at half full.

pub(super) struct Memo {
    width: usize,
    keys: Vec<u64>,
    values: Vec<u128>,
    slots: Vec<u32>,
    mask: usize,
}

fn hash(key: &[u64]) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64;
    for &w in key {
        h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
    }
    h
}

impl Memo {
    /// An empty table for keys of `width` words.
    pub fn new(width: usize) -> Self {
        Memo {
            width,
            keys: Vec::new(),
            values: Vec::new(),
            slots: vec![0; 1024],
            mask: 1023,
        }
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    fn find(&self, key: &[u64]) -> (usize, Option<usize>) {
        let mut s = hash(key) as usize & self.mask;
        loop {
            let e = self.slots[s] as usize;
            if e == 0 {
                return (s, None);
            }
            let at = (e - 1) * self.width;
            if &self.keys[at..at + self.width] == key {
                return (s, Some(e - 1));
            }
            s = (s + 1) & self.mask;
        }
    }

    pub fn get(&self, key: &[u64]) -> Option<u128> {
        self.find(key).1.map(|e| self.values[e])
    }

    pub fn insert(&mut self, key: &[u64], value: u128) {
        if (self.values.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        match self.find(key) {
            (_, Some(e)) => self.values[e] = value,
            (s, None) => {
                self.keys.extend_from_slice(key);
                self.values.push(value);
                self.slots[s] = self.values.len() as u32;
            }
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![0; size];
        self.mask = size - 1;
        for e in 0..self.values.len() {
            let key = &self.keys[e * self.width..(e + 1) * self.width];
            let mut s = hash(key) as usize & self.mask;
            while self.slots[s] != 0 {
                s = (s + 1) & self.mask;
            }
            self.slots[s] = e as u32 + 1;
        }
    }
}
