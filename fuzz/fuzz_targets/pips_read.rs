//! Fuzz target `pips_read`: the screenshot reader on any bytes (PNG and
//! JPEG headers come from the seeds): an answer or an error, never a
//! panic, and the decoder's limits keep memory bounded.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(reading) = domino::pips::read::read(data) {
        // A reading is always a whole puzzle, however unsure.
        assert!(!reading.puzzle.regions().is_empty());
    }
});
