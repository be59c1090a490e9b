//! A hint to the processor to start loading a value into the cache. The
//! Five Up decider walks per-number and per-play arrays far larger than
//! the caches in an order it knows a few steps ahead (a queue, the plays
//! in turn); asking for those lines early lets their loads overlap
//! instead of waiting for each in turn. On targets without a stable
//! prefetch instruction it does nothing.

/// Starts loading the cache line that holds `value`.
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` only hints the cache: it reads nothing into
    // the program and never faults, and the address comes from a
    // reference, so it is a valid one anyway. The intrinsic needs SSE,
    // which every x86_64 processor has.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
