//! Where solver calls run, admitted by two bounded pools. The cheap pool
//! (answers in microseconds: a chain, a 7x8 placement, a check) may queue
//! a bounded number of requests and runs its jobs right on the async
//! threads: handing a job of a few microseconds to another thread and back
//! costs more than the job (two thread switches; measured, it was half the
//! server's CPU under load), so routes send only inputs of bounded size
//! there. The expensive pool (searches that run to their time limit)
//! queues none and runs its jobs in tokio's blocking threads, off the
//! async ones. A full pool answers 503 at once, so memory and latency stay
//! bounded under any load, and cheap requests never wait behind a search
//! because the two pools do not share permits.
//!
//! A search is cheap only when proven so by a work budget: [`Pools::search`]
//! tries it on the cheap pool with [`INLINE_NODES`] search nodes, and when
//! they run out, runs it again on the expensive pool with the request's
//! own limits. Nodes, not the input's size, bound the first try: a small
//! hostile board can take seconds.
//!
//! Every job gets a [`Stop`] flag. The handler holds a guard that raises it
//! when dropped: when a client disconnects, hyper drops the handler's
//! future, the guard raises the flag, and the search returns early. The
//! permit travels with the job, so it is released only when the search has
//! really ended.

use crate::error::ApiError;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// A flag a search polls; raised when the request that started it is gone.
pub type Stop = Arc<AtomicBool>;

/// Search nodes a search may spend on the cheap pool, on the async
/// threads, before it moves to the expensive pool: a node costs about 3
/// microseconds (a Pips board of 6 x 6), so the try ends within about
/// 15 ms.
pub const INLINE_NODES: u64 = 5_000;

/// Which pool a job belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Bounded by the input's size: parse, check, small solves.
    Cheap,
    /// Searches that may run to the request's time limit.
    Expensive,
}

/// One pool: `running` permits (jobs at work) and an admission bound
/// (jobs at work plus jobs waiting).
pub struct Pool {
    running: Arc<Semaphore>,
    admitted: AtomicUsize,
    capacity: usize,
    max_admitted: usize,
}

impl Pool {
    fn new(capacity: usize, queue: usize) -> Pool {
        let capacity = capacity.max(1);
        Pool {
            running: Arc::new(Semaphore::new(capacity)),
            admitted: AtomicUsize::new(0),
            capacity,
            max_admitted: capacity + queue,
        }
    }

    /// Jobs at work right now (a job whose client left counts until its
    /// search has noticed the stop flag).
    pub fn running(&self) -> usize {
        self.capacity - self.running.available_permits()
    }

    /// Jobs that may run at once.
    pub fn capacity(&self) -> usize {
        self.capacity
    }
}

/// Releases an admission slot when the job ends (or is never started).
struct Admission<'a>(&'a Pool);

impl Drop for Admission<'_> {
    fn drop(&mut self) {
        self.0.admitted.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Raises the stop flag when the request's future is dropped.
struct StopOnDrop(Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The two pools of a server.
pub struct Pools {
    pub cheap: Pool,
    pub expensive: Pool,
}

impl Pools {
    /// `workers` jobs of each kind at once; the expensive pool takes at
    /// most half the workers (at least one) so searches leave cores for
    /// cheap requests; `queue` cheap jobs may wait.
    pub fn new(workers: usize, queue: usize) -> Pools {
        Pools {
            cheap: Pool::new(workers, queue),
            expensive: Pool::new(workers.div_ceil(2), 0),
        }
    }

    fn pool(&self, cost: Cost) -> &Pool {
        match cost {
            Cost::Cheap => &self.cheap,
            Cost::Expensive => &self.expensive,
        }
    }

    /// Runs `job` once its pool admits it (a cheap job on this thread, an
    /// expensive one on a blocking thread); 503 at once when the pool is
    /// full. The job gets the request's stop flag.
    pub async fn run<T, F>(&self, cost: Cost, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Stop) -> T + Send + 'static,
    {
        let pool = self.pool(cost);
        if pool.admitted.fetch_add(1, Ordering::Relaxed) >= pool.max_admitted {
            pool.admitted.fetch_sub(1, Ordering::Relaxed);
            return Err(ApiError::busy());
        }
        let _admission = Admission(pool);
        let permit = Arc::clone(&pool.running)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::busy())?;
        let stop: Stop = Arc::new(AtomicBool::new(false));
        if cost == Cost::Cheap {
            let _permit = permit;
            return Ok(job(stop));
        }
        let _guard = StopOnDrop(Arc::clone(&stop));
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job(stop)
        });
        handle.await.map_err(ApiError::from_join)
    }

    /// Runs a search: first, when `inline`, on the cheap pool with a
    /// budget of [`INLINE_NODES`] nodes, then, when the job answers
    /// `Ok(None)` (its budget ran out before it could answer), on the
    /// expensive pool without one. `job(stop, budget)` answers `Ok(None)`
    /// only when given a budget.
    pub async fn search<T, F>(&self, inline: bool, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: Fn(Stop, Option<u64>) -> Result<Option<T>, ApiError> + Send + Sync + 'static,
    {
        let job = Arc::new(job);
        if inline {
            let first = Arc::clone(&job);
            if let Some(answer) = self
                .run(Cost::Cheap, move |stop| first(stop, Some(INLINE_NODES)))
                .await??
            {
                return Ok(answer);
            }
        }
        self.run(Cost::Expensive, move |stop| job(stop, None))
            .await??
            .ok_or_else(|| {
                ApiError::new(
                    axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                    "internal error: a search without a budget gave no answer (a bug)",
                )
            })
    }
}
