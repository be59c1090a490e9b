//! Where solver calls run, admitted by two bounded pools. The cheap pool
//! (answers in well under a millisecond: a chain, a 7x8 placement, a
//! check) runs its jobs right on the async threads: handing a job of a few
//! microseconds to another thread and back costs more than the job (two
//! thread switches; measured, it was half the server's CPU under load), so
//! routes price a request by the work its parsed input asks for and send
//! only small work there. The expensive pool (searches that run to their
//! time limit, large answers) runs its jobs in tokio's blocking threads,
//! off the async ones. Cheap requests never wait behind a search because
//! the two pools do not share slots.
//!
//! A pool lets a short queue wait for a slot: a bound in all and a bound
//! per peer address, past which a request is answered 503 with
//! Retry-After at once; a request that waits longer than the server's
//! time limit is answered the same. A freed slot goes to the waiting
//! request whose address runs the fewest jobs, then to the one whose
//! address was served longest ago, then to the oldest: one address
//! looping requests alternates with the others instead of holding every
//! slot (with 2 cores the expensive pool has one slot, and two clients
//! take turns on it).
//!
//! A search is cheap only when proven so by a work budget: [`Pools::search`]
//! tries it on the cheap pool with [`INLINE_NODES`] search nodes (about a
//! millisecond), and when they run out, runs it again on the expensive
//! pool with the request's own limits. Nodes, not the input's size, bound
//! the first try: a small hostile board can take seconds. An address whose
//! share of the expensive pool's queue is used up gets no first try: 503
//! at once.
//!
//! Every job gets a [`Stop`] flag. The handler holds a guard that raises it
//! when dropped: when a client disconnects or its request times out, hyper
//! or the timeout layer drops the handler's future, the guard raises the
//! flag, and the search returns early. The job's slot travels with the job,
//! so it is freed only when the search has really ended: the next request
//! waits for a slot that is truly free. On shutdown [`Pools::close`] raises
//! every running job's flag (they answer what they found, marked not
//! complete) and answers the waiting ones 503.

use crate::error::ApiError;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::oneshot;

/// A flag a search polls; raised when the request that started it is gone.
pub type Stop = Arc<AtomicBool>;

/// Search nodes a search may spend on the cheap pool, on the async
/// threads, before it moves to the expensive pool: a node of a hostile
/// Pips board of 6 x 6 costs 4 to 6 microseconds, so the try ends within
/// about a millisecond.
pub const INLINE_NODES: u64 = 200;

tokio::task_local! {
    /// The peer address of the request being served, set around each
    /// request by a layer of the app (see `lib.rs`): the pools share their
    /// slots out by it without every route passing it along.
    pub static PEER: IpAddr;
}

/// The peer of the request this task serves, when known.
fn current_peer() -> Option<IpAddr> {
    PEER.try_with(|peer| *peer).ok()
}

/// Which pool a job belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Work priced at about a millisecond or less: runs on the async
    /// threads.
    Cheap,
    /// Searches that may run to the request's time limit, and large work.
    Expensive,
}

/// How many requests may wait for a slot.
#[derive(Clone, Copy, Debug)]
pub struct Queues {
    /// Cheap jobs waiting, in all.
    pub cheap: usize,
    /// Expensive jobs waiting, in all.
    pub expensive: usize,
    /// Jobs of one peer address waiting in each pool.
    pub per_address: usize,
    /// The longest a request waits for a slot before a 503.
    pub wait: Duration,
}

/// One pool: its slots, its queue and who holds them.
pub struct Pool {
    capacity: usize,
    queue: usize,
    per_address: usize,
    wait: Duration,
    slots: Mutex<Slots>,
}

/// What a pool's lock guards.
#[derive(Default)]
struct Slots {
    running: usize,
    /// Addresses that run or wait (an address leaves the map when it has
    /// neither, so the map is bounded by the slots and the queue).
    peers: HashMap<Option<IpAddr>, PeerShare>,
    waiting: VecDeque<Waiter>,
    /// The stop flags of the running jobs, raised by [`Pool::close`].
    stops: HashMap<u64, Stop>,
    next_id: u64,
    grants: u64,
    closed: bool,
}

/// One address's share of a pool.
#[derive(Default)]
struct PeerShare {
    running: usize,
    waiting: usize,
    /// When it was last given a slot (a count of grants).
    served: u64,
}

/// A request waiting for a slot.
struct Waiter {
    id: u64,
    peer: Option<IpAddr>,
    stop: Stop,
    granted: oneshot::Sender<()>,
}

impl Slots {
    fn grant(&mut self, id: u64, peer: Option<IpAddr>, stop: Stop) {
        self.running += 1;
        self.grants += 1;
        let share = self.peers.entry(peer).or_default();
        share.running += 1;
        share.served = self.grants;
        self.stops.insert(id, stop);
    }

    fn forget_if_idle(&mut self, peer: Option<IpAddr>) {
        if self
            .peers
            .get(&peer)
            .is_some_and(|share| share.running == 0 && share.waiting == 0)
        {
            self.peers.remove(&peer);
        }
    }

    /// Gives free slots to waiting requests, fairly.
    fn hand_on(&mut self, capacity: usize) {
        while self.running < capacity {
            let share = |peer: &Option<IpAddr>| {
                self.peers
                    .get(peer)
                    .map_or((0, 0), |share| (share.running, share.served))
            };
            let Some(next) = self
                .waiting
                .iter()
                .enumerate()
                .min_by_key(|(index, waiter)| (share(&waiter.peer), *index))
                .map(|(index, _)| index)
            else {
                return;
            };
            let Some(waiter) = self.waiting.remove(next) else {
                return;
            };
            if let Some(share) = self.peers.get_mut(&waiter.peer) {
                share.waiting -= 1;
            }
            self.grant(waiter.id, waiter.peer, waiter.stop);
            // The waiting request holds its receiver while it is queued
            // (its guard takes it out of the queue before letting go), so
            // this cannot fail; if it ever did, the slot is taken back.
            if waiter.granted.send(()).is_err() {
                self.take_back(waiter.id, waiter.peer);
            }
        }
    }

    fn take_back(&mut self, id: u64, peer: Option<IpAddr>) {
        self.running -= 1;
        self.stops.remove(&id);
        if let Some(share) = self.peers.get_mut(&peer) {
            share.running -= 1;
        }
        self.forget_if_idle(peer);
    }
}

/// A slot of a pool, held by a job until it ends (dropped: the slot goes
/// to the next request waiting).
pub struct Slot {
    pool: Arc<Pool>,
    id: u64,
    peer: Option<IpAddr>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.pool.release(self.id, self.peer);
    }
}

/// A request in the queue: leaving it (the client went away, the wait
/// ran out) takes it out, or gives back the slot it was just granted.
struct Waiting<'a> {
    pool: &'a Arc<Pool>,
    id: u64,
    peer: Option<IpAddr>,
    granted: oneshot::Receiver<()>,
    taken: bool,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if self.taken {
            return;
        }
        let mut slots = self.pool.lock();
        if let Some(index) = slots.waiting.iter().position(|w| w.id == self.id) {
            slots.waiting.remove(index);
            if let Some(share) = slots.peers.get_mut(&self.peer) {
                share.waiting -= 1;
            }
            slots.forget_if_idle(self.peer);
        } else if self.granted.try_recv().is_ok() {
            slots.take_back(self.id, self.peer);
            slots.hand_on(self.pool.capacity);
        }
    }
}

impl Pool {
    fn new(capacity: usize, queue: usize, per_address: usize, wait: Duration) -> Pool {
        Pool {
            capacity: capacity.max(1),
            queue,
            per_address,
            wait,
            slots: Mutex::new(Slots::default()),
        }
    }

    /// The lock; a job that panicked never holds it (the critical sections
    /// run no job), so a poisoned lock still guards consistent counts.
    fn lock(&self) -> MutexGuard<'_, Slots> {
        self.slots
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Jobs at work right now (a job whose client left counts until its
    /// search has noticed the stop flag).
    pub fn running(&self) -> usize {
        self.lock().running
    }

    /// Requests waiting for a slot.
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    /// Jobs that may run at once.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// A slot for the request this task serves: at once when one is free
    /// and nobody waits, else after a wait in the queue; 503 when the
    /// queue (in all or for the address) is full, the wait runs out, or
    /// the server is shutting down.
    async fn acquire(self: &Arc<Pool>, stop: &Stop) -> Result<Slot, ApiError> {
        let peer = current_peer();
        let (id, granted) = {
            let mut slots = self.lock();
            if slots.closed {
                return Err(ApiError::closing());
            }
            let id = slots.next_id;
            slots.next_id += 1;
            if slots.running < self.capacity && slots.waiting.is_empty() {
                slots.grant(id, peer, Arc::clone(stop));
                return Ok(Slot {
                    pool: Arc::clone(self),
                    id,
                    peer,
                });
            }
            let queued = slots.waiting.len();
            let share = slots.peers.entry(peer).or_default();
            if queued >= self.queue || share.waiting >= self.per_address {
                slots.forget_if_idle(peer);
                return Err(ApiError::busy());
            }
            share.waiting += 1;
            let (sender, receiver) = oneshot::channel();
            slots.waiting.push_back(Waiter {
                id,
                peer,
                stop: Arc::clone(stop),
                granted: sender,
            });
            (id, receiver)
        };
        let mut waiting = Waiting {
            pool: self,
            id,
            peer,
            granted,
            taken: false,
        };
        match tokio::time::timeout(self.wait, &mut waiting.granted).await {
            Ok(Ok(())) => {
                waiting.taken = true;
                Ok(Slot {
                    pool: Arc::clone(self),
                    id,
                    peer,
                })
            }
            // The sender went with the queue: the server is shutting down.
            Ok(Err(_)) => Err(ApiError::closing()),
            Err(_) => Err(ApiError::busy()),
        }
    }

    /// Whether a request of `peer` would be let in now (run or wait): the
    /// pool is open and the queue, in all and for the address, has room.
    fn has_room(&self, peer: Option<IpAddr>) -> bool {
        let slots = self.lock();
        if slots.closed {
            return false;
        }
        if slots.running < self.capacity && slots.waiting.is_empty() {
            return true;
        }
        let waiting = slots.peers.get(&peer).map_or(0, |share| share.waiting);
        slots.waiting.len() < self.queue && waiting < self.per_address
    }

    fn release(&self, id: u64, peer: Option<IpAddr>) {
        let mut slots = self.lock();
        slots.take_back(id, peer);
        slots.hand_on(self.capacity);
    }

    /// Stops the pool: no more jobs, every running job's stop flag raised,
    /// the waiting requests answered 503.
    fn close(&self) {
        let mut slots = self.lock();
        slots.closed = true;
        for stop in slots.stops.values() {
            stop.store(true, Ordering::Relaxed);
        }
        for waiter in std::mem::take(&mut slots.waiting) {
            if let Some(share) = slots.peers.get_mut(&waiter.peer) {
                share.waiting -= 1;
            }
            slots.forget_if_idle(waiter.peer);
        }
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
    pub cheap: Arc<Pool>,
    pub expensive: Arc<Pool>,
}

impl Pools {
    /// `workers` cheap jobs at once; the expensive pool takes at most half
    /// the workers (at least one) so searches leave cores for cheap
    /// requests; `queues` bound who may wait, and how long.
    pub fn new(workers: usize, queues: Queues) -> Pools {
        Pools {
            cheap: Arc::new(Pool::new(
                workers,
                queues.cheap,
                queues.per_address.max(queues.cheap),
                queues.wait,
            )),
            expensive: Arc::new(Pool::new(
                workers.div_ceil(2),
                queues.expensive,
                queues.per_address,
                queues.wait,
            )),
        }
    }

    fn pool(&self, cost: Cost) -> &Arc<Pool> {
        match cost {
            Cost::Cheap => &self.cheap,
            Cost::Expensive => &self.expensive,
        }
    }

    /// Shutting down: the running searches are told to stop (they answer
    /// what they found, not complete), the waiting requests and any new
    /// one are answered 503 with Retry-After.
    pub fn close(&self) {
        self.cheap.close();
        self.expensive.close();
    }

    /// Runs `job` once its pool gives it a slot (a cheap job on this
    /// thread, an expensive one on a blocking thread); 503 when the pool's
    /// queue is full. The job gets the request's stop flag, and keeps its
    /// slot until it returns, whether or not its request is still there.
    pub async fn run<T, F>(&self, cost: Cost, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Stop) -> T + Send + 'static,
    {
        let stop: Stop = Arc::new(AtomicBool::new(false));
        let _guard = StopOnDrop(Arc::clone(&stop));
        let slot = self.pool(cost).acquire(&stop).await?;
        if cost == Cost::Cheap {
            let _slot = slot;
            return Ok(job(stop));
        }
        let handle = tokio::task::spawn_blocking(move || {
            let _slot = slot;
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
        // An address that has used up its share of the expensive pool gets
        // no inline try either: a client looping hostile searches would
        // otherwise spend a millisecond of the async threads on each
        // request before its 503.
        if !self.expensive.has_room(current_peer()) {
            return Err(if self.expensive.lock().closed {
                ApiError::closing()
            } else {
                ApiError::busy()
            });
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(capacity: usize, queue: usize, per_address: usize) -> Arc<Pool> {
        Arc::new(Pool::new(
            capacity,
            queue,
            per_address,
            Duration::from_secs(60),
        ))
    }

    fn stop() -> Stop {
        Arc::new(AtomicBool::new(false))
    }

    async fn acquire_as(pool: &Arc<Pool>, peer: [u8; 4]) -> Result<Slot, ApiError> {
        PEER.scope(IpAddr::from(peer), pool.acquire(&stop())).await
    }

    #[tokio::test]
    async fn a_freed_slot_goes_to_the_address_served_longest_ago() {
        let pool = pool(1, 8, 4);
        let a = [127, 0, 0, 1];
        let b = [127, 0, 0, 2];
        let first = acquire_as(&pool, a).await.ok();
        // A (served) queues two more, then B one: B, never served, goes
        // first, then A's in their order.
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut waiting = Vec::new();
        for (name, peer) in [("a2", a), ("a3", a), ("b1", b)] {
            let (shared, order) = (Arc::clone(&pool), Arc::clone(&order));
            waiting.push(tokio::spawn(async move {
                let slot = acquire_as(&shared, peer).await;
                order.lock().unwrap_or_else(|e| e.into_inner()).push(name);
                drop(slot);
            }));
            while pool.waiting() < waiting.len() {
                tokio::task::yield_now().await;
            }
        }
        drop(first);
        for task in waiting {
            assert!(task.await.is_ok());
        }
        let order = order.lock().unwrap_or_else(|e| e.into_inner()).clone();
        assert_eq!(order, ["b1", "a2", "a3"]);
        assert_eq!((pool.running(), pool.waiting()), (0, 0));
        assert!(pool.lock().peers.is_empty());
    }

    #[tokio::test]
    async fn the_queue_is_bounded_per_address_and_in_all() {
        let pool = pool(1, 2, 1);
        let held = acquire_as(&pool, [10, 0, 0, 1]).await.ok();
        let queued = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { acquire_as(&pool, [10, 0, 0, 1]).await.is_ok() })
        };
        while pool.waiting() < 1 {
            tokio::task::yield_now().await;
        }
        // The address has one waiting already: refused.
        let refused = acquire_as(&pool, [10, 0, 0, 1]).await.err();
        assert_eq!(refused.map(|e| e.status.as_u16()), Some(503));
        let other = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { acquire_as(&pool, [10, 0, 0, 2]).await.is_ok() })
        };
        while pool.waiting() < 2 {
            tokio::task::yield_now().await;
        }
        // Two wait in all: a third address is refused too.
        let full = acquire_as(&pool, [10, 0, 0, 3]).await.err();
        assert_eq!(full.map(|e| e.status.as_u16()), Some(503));
        drop(held);
        assert!(queued.await.unwrap_or(false));
        assert!(other.await.unwrap_or(false));
    }

    #[tokio::test]
    async fn an_address_past_its_share_gets_no_inline_try() {
        let pools = Pools::new(
            2,
            Queues {
                cheap: 8,
                expensive: 8,
                per_address: 1,
                wait: Duration::from_secs(60),
            },
        );
        let a = [10, 0, 0, 1];
        // The address runs one search and has one waiting: its share.
        let held = acquire_as(&pools.expensive, a).await.ok();
        let waiting = {
            let pool = Arc::clone(&pools.expensive);
            tokio::spawn(async move { acquire_as(&pool, a).await.is_ok() })
        };
        while pools.expensive.waiting() < 1 {
            tokio::task::yield_now().await;
        }
        let tried = Arc::new(AtomicBool::new(false));
        let job = |tried: Arc<AtomicBool>| {
            move |_: Stop, _: Option<u64>| {
                tried.store(true, Ordering::Relaxed);
                Ok(Some(1))
            }
        };
        let refused = PEER
            .scope(IpAddr::from(a), pools.search(true, job(Arc::clone(&tried))))
            .await;
        assert_eq!(refused.err().map(|e| e.status.as_u16()), Some(503));
        assert!(!tried.load(Ordering::Relaxed));
        // Another address is tried inline, and answered.
        let answered = PEER
            .scope(
                IpAddr::from([10, 0, 0, 2]),
                pools.search(true, job(Arc::clone(&tried))),
            )
            .await;
        assert_eq!(answered.ok(), Some(1));
        assert!(tried.load(Ordering::Relaxed));
        drop(held);
        assert!(waiting.await.unwrap_or(false));
    }

    #[tokio::test]
    async fn closing_raises_the_running_flags_and_answers_the_queue() {
        let pool = pool(1, 4, 4);
        let flag = stop();
        let held = PEER
            .scope(IpAddr::from([10, 0, 0, 1]), pool.acquire(&flag))
            .await
            .ok();
        let queued = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { acquire_as(&pool, [10, 0, 0, 2]).await.err() })
        };
        while pool.waiting() < 1 {
            tokio::task::yield_now().await;
        }
        pool.close();
        assert!(flag.load(Ordering::Relaxed));
        let answer = queued.await.ok().flatten();
        assert_eq!(answer.map(|e| e.status.as_u16()), Some(503));
        drop(held);
        assert_eq!(pool.running(), 0);
        let late = acquire_as(&pool, [10, 0, 0, 3]).await.err();
        assert_eq!(late.map(|e| e.status.as_u16()), Some(503));
    }
}
