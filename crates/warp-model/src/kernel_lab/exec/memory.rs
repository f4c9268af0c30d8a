//! The memory units: global loads and stores (bounds, and transactions by the coalescing
//! panel's rule), shared loads and stores (bounds, wavefronts and conflicts by the banks
//! panel's rule), the race shadow of shared words, and (for a challenge's check) of global ones.

use super::result::{GlobalRace, Race, RaceSide, RunError, Sched, SharedLine, ELEM_BYTES};
use super::state::{Buffer, GlobalAccess, Machine, Warp};
use super::value::{lanes, Lanes, Val};
use crate::coalescing::access::TRANSACTION_BYTES;
use crate::kernel_lab::parse::{brackets, Ty};
use crate::LANE_SLOTS;

// A transaction's segment is a line of four sectors: `hierarchy::sectors_of` reads the sectors
// off the transactions' segments.
const _: () = assert!(TRANSACTION_BYTES == crate::memory::hierarchy::LINE_BYTES);

/// An out-of-bounds access by lane `l` of `w` on `line`: message `key` filled with `what`
/// and the lane's place (its thread, its block, the lane), for global and shared memory alike.
fn out_of_bounds(
    w: &Warp,
    l: usize,
    line: usize,
    key: crate::i18n::Msg,
    what: &[(&str, &dyn std::fmt::Display)],
) -> RunError {
    let t = w.tid[l];
    let mut args = what.to_vec();
    args.extend([
        ("lane", &l as &dyn std::fmt::Display),
        ("tx", &t.0),
        ("ty", &t.1),
        ("tz", &t.2),
        ("bx", &w.block.0),
        ("by", &w.block.1),
    ]);
    RunError {
        line,
        message: crate::i18n::fill(key, &args),
    }
}

impl Buffer {
    /// Element `k` as its type reads it.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    pub(super) fn get(&self, k: usize) -> Val {
        let x = self.data.get(k).copied().unwrap_or(0.0);
        match self.ty {
            Ty::Float => Val::F(x as f32),
            Ty::Unsigned => Val::U(x as i64 as u32),
            _ => Val::I(x as i64),
        }
    }
    /// Stores `v` into element `k`, converted to the element type.
    #[allow(clippy::cast_precision_loss)]
    pub(super) fn put(&mut self, k: usize, v: Val) {
        let x = match self.ty {
            Ty::Float => f64::from(v.as_f()),
            Ty::Unsigned => f64::from(v.as_u()),
            _ => v.as_i() as f64,
        };
        if let Some(slot) = self.data.get_mut(k) {
            *slot = x;
        }
    }
}

impl Machine<'_> {
    pub(super) fn access(
        &mut self,
        w: &Warp,
        name: &str,
        idx: &Lanes,
        mask: u32,
        line: usize,
        store: bool,
    ) -> Result<(), RunError> {
        let Some(buf) = self.buffers.get(name) else {
            return Err(RunError {
                line,
                message: crate::tr!("kernel.run.not-pointer", name),
            });
        };
        if store && buf.read_only {
            return Err(RunError {
                line,
                message: crate::tr!("kernel.run.const-store", name),
            });
        }
        let len = buf.data.len();
        let mut addrs = Vec::new();
        for l in lanes(mask) {
            let i = idx[l].as_i();
            if i < 0 || usize::try_from(i).map_or(true, |u| u >= len) {
                // One sentence per direction (the languages word them differently).
                let key = if store {
                    crate::msg!("kernel.run.out-of-bounds.store")
                } else {
                    crate::msg!("kernel.run.out-of-bounds.load")
                };
                return Err(out_of_bounds(
                    w,
                    l,
                    line,
                    key,
                    &[("name", &name), ("i", &i), ("len", &len)],
                ));
            }
            addrs.push(buf.base + u64::try_from(i).unwrap_or(0) * ELEM_BYTES);
        }
        // The coalescing panel's own rule (one home, issue 26): the segments the lanes'
        // 4-byte elements touch are the transactions; the bytes asked for are the useful ones.
        let reads: Vec<(u64, u64)> = lanes(mask)
            .map(|l| l as u64)
            .zip(addrs.iter().copied())
            .collect();
        let segments = crate::coalescing::access::segments_of(
            reads.iter().copied(),
            ELEM_BYTES,
            TRANSACTION_BYTES,
        );
        let t = segments.len() as u64;
        let useful: u64 = segments
            .iter()
            .map(crate::coalescing::access::Segment::used_bytes)
            .sum();
        if self.global_races && !self.atomic_now {
            for l in lanes(mask) {
                let index = usize::try_from(idx[l].as_i()).unwrap_or(0);
                self.global_touch(w, name, index, l, line, store);
            }
        }
        let stats = if store {
            &mut self.r.stores
        } else {
            &mut self.r.loads
        };
        stats.accesses += 1;
        stats.transactions += t;
        stats.useful_bytes += useful;
        #[cfg(test)]
        self.r.global_log.push((addrs.clone(), t));
        stats.moved_bytes += t * TRANSACTION_BYTES;
        // The same addresses through L1, L2 and DRAM in 32-byte sectors (the memory panel's
        // hierarchy, issue 68); an atomic is done at L2, as a store.
        // The sectors are read off the transactions' segments (a 128-byte segment is four
        // sectors): the lanes are gone over once.
        let before = self.hier.counts;
        let touched = crate::memory::hierarchy::sectors_of(&segments);
        let sectors = if store {
            self.hier.store_sectors(&touched).0
        } else {
            self.hier.load_sectors(&touched).len() as u64
        };
        let c = self.hier.counts;
        let e = self.r.lines.entry(line).or_default();
        e.transactions += t;
        e.sectors += sectors;
        e.l1_hits += c.l1_hits - before.l1_hits;
        e.l2_hits += c.l2_hits - before.l2_hits;
        e.dram_bytes += c.dram_bytes() - before.dram_bytes();
        if self.r.strided.is_none() && addrs.len() >= 2 {
            let d: Vec<i128> = addrs
                .windows(2)
                .map(|p| i128::from(p[1]) - i128::from(p[0]))
                .collect();
            if d.iter().all(|x| *x == d[0]) && d[0] > 4 {
                self.r.strided = u64::try_from(d[0] / 4).ok();
            }
        }
        Ok(())
    }

    /// A shared load or store by the lanes of `mask`: bounds, the bank rule, the race shadow.
    /// Returns each active lane's word in the block's shared memory.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn shared_access(
        &mut self,
        w: &mut Warp,
        array: usize,
        idx: &[Lanes],
        mask: u32,
        line: usize,
        store: bool,
    ) -> Result<[usize; LANE_SLOTS], RunError> {
        let kernel = self.kernel;
        let a = &kernel.shared[array];
        let mut words = [0usize; LANE_SLOTS];
        let mut addresses = [None; LANE_SLOTS];
        for l in lanes(mask) {
            let mut flat = 0usize;
            for (k, dim) in a.dims.iter().enumerate() {
                let i = idx.get(k).map_or(0, |v| v[l].as_i());
                let Some(i) = usize::try_from(i).ok().filter(|i| i < dim) else {
                    let shown = brackets(idx.iter().map(|v| v[l].as_i()));
                    let key = if store {
                        crate::msg!("kernel.run.shared-out-of-bounds.store")
                    } else {
                        crate::msg!("kernel.run.shared-out-of-bounds.load")
                    };
                    return Err(out_of_bounds(
                        w,
                        l,
                        line,
                        key,
                        &[("name", &a.name), ("index", &shown), ("shape", &a.shape())],
                    ));
                };
                flat = flat * dim + i;
            }
            words[l] = a.base + flat;
            addresses[l] = Some(words[l] as u64 * ELEM_BYTES);
        }
        let cost = crate::kernel_lab::banks::bank_cost(&addresses, ELEM_BYTES);
        let stats = if store {
            &mut self.r.shared_stores
        } else {
            &mut self.r.shared_loads
        };
        stats.requests += 1;
        stats.wavefronts += cost.wavefronts;
        stats.ideal += cost.ideal;
        // A conflict replays: one more cycle per extra wavefront.
        self.r.cycles += cost.conflicts;
        w.cycles += cost.conflicts;
        self.timed_memory(w, false, cost.conflicts, store);
        let e = self.r.lines.entry(line).or_default();
        e.shared_requests += 1;
        e.shared_wavefronts += cost.wavefronts;
        e.bank_conflicts += cost.conflicts;
        let worse = self
            .r
            .shared_lines
            .get(&line)
            .is_none_or(|s| cost.wavefronts > s.cost.wavefronts);
        if worse {
            let strided = strided(mask, &words, a.base);
            self.r.shared_lines.insert(
                line,
                SharedLine {
                    array: a.name.clone(),
                    store,
                    cost,
                    strided,
                },
            );
        }
        for l in lanes(mask) {
            self.shadow_touch(w.index, words[l], line, store, array);
        }
        Ok(words)
    }

    /// The race check of one lane's access to a shared word (an atomic's too, while
    /// `atomic_now`: it races with another warp's plain access, not with its atomics).
    pub(super) fn shadow_touch(
        &mut self,
        warp: u64,
        word: usize,
        line: usize,
        store: bool,
        array: usize,
    ) {
        let atomic = self.atomic_now;
        let Some(sh) = self.shadow.get_mut(word) else {
            return;
        };
        if sh.writer.is_none() && sh.readers[0].is_none() && sh.atomic.is_none() {
            self.touched.push(word);
        }
        let other_reader = sh
            .readers
            .iter()
            .flatten()
            .find(|(w, _)| *w != warp)
            .copied();
        let other_writer = sh.writer.filter(|(w, _)| *w != warp);
        // A plain access meets another warp's atomic as it would a store.
        let other_atomic = sh.atomic.filter(|(w, _)| *w != warp && !atomic);
        let hazard = match (store || atomic, other_writer.or(other_atomic), other_reader) {
            (_, Some((w0, l0)), _) => Some(RaceSide {
                warp: w0,
                line: l0,
                store: true,
            }),
            (true, None, Some((w0, l0))) => Some(RaceSide {
                warp: w0,
                line: l0,
                store: false,
            }),
            _ => None,
        };
        if atomic {
            sh.atomic = Some((warp, line));
        } else if store {
            sh.writer = Some((warp, line));
        } else {
            match sh.readers {
                [None, _] => sh.readers[0] = Some((warp, line)),
                [Some((w0, _)), None] if w0 != warp => sh.readers[1] = Some((warp, line)),
                _ => {}
            }
        }
        if let (Some(first), None) = (hazard, &self.r.race) {
            let a = &self.kernel.shared[array];
            let mut rest = word - a.base;
            let mut index = Vec::new();
            for dim in a.dims.iter().rev() {
                index.push(rest % dim);
                rest /= dim;
            }
            let shown = brackets(index.iter().rev());
            self.r.race = Some(Race {
                word: format!("{}{shown}", a.name),
                block: self.block,
                first,
                second: RaceSide { warp, line, store },
            });
        }
    }
}

/// (stride, byte offset of lane 0 modulo 128, lanes) when lanes 0…k−1 are the active ones and
/// lane l touches element `first + l·stride` (stride ≥ 0).
pub(super) fn strided(
    mask: u32,
    words: &[usize; LANE_SLOTS],
    base: usize,
) -> Option<(u64, u64, u64)> {
    let k = mask.count_ones();
    if mask.trailing_ones() != k {
        return None;
    }
    let first = words[0].checked_sub(base)?;
    let stride = if k >= 2 {
        words[1].checked_sub(words[0])?
    } else {
        1
    };
    let linear = (0..k as usize).all(|l| words[l] == words[0] + l * stride);
    // The banks panel's limits and its 32-word bank row.
    let row = crate::banks::rule::BANKS * ELEM_BYTES;
    (linear && stride as u64 <= crate::MAX_STRIDE).then_some((
        stride as u64,
        (first as u64 * ELEM_BYTES) % row,
        u64::from(k),
    ))
}

impl Machine<'_> {
    /// The byte address of element `index` of buffer `name` (0 for no such buffer).
    pub(super) fn global_address(&self, name: &str, index: usize) -> u64 {
        self.buffers.get(name).map_or(0, |b| b.base) + index as u64 * ELEM_BYTES
    }

    /// The thread of lane `lane` of warp `w`, as a number over the launch.
    pub(super) fn thread_of(&self, w: &Warp, lane: usize) -> u64 {
        (self.block * self.launch.block.warps() + w.index) * crate::WARP_SIZE + lane as u64
    }

    /// The race check of one lane's plain access to global word `name[index]`: a race when
    /// another thread touched it, one of the two storing, with nothing ordering them (a
    /// `__syncthreads()` between them in one block; lanes of one warp under `sched=stack`,
    /// which run in lockstep) and no lock held by both.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn global_touch(
        &mut self,
        w: &Warp,
        name: &str,
        index: usize,
        lane: usize,
        line: usize,
        store: bool,
    ) {
        let thread = self.thread_of(w, lane);
        let now = GlobalAccess {
            thread,
            block: self.block,
            warp: w.index,
            lane,
            epoch: self.epoch,
            line,
            store,
            locks: self.held.get(&thread).cloned().unwrap_or_default(),
        };
        let lockstep = self.launch.sched == Sched::Stack;
        let ordered = |a: &GlobalAccess| {
            a.thread == now.thread
                || (a.block == now.block
                    && (a.epoch != now.epoch || (lockstep && a.warp == now.warp)))
        };
        let races = |a: &GlobalAccess| {
            !ordered(a) && (a.store || now.store) && !a.locks.iter().any(|l| now.locks.contains(l))
        };
        let addr = self.global_address(name, index);
        let shadow = self.global_shadow.entry(addr).or_default();
        let earlier = shadow
            .writer
            .iter()
            .chain(shadow.readers.iter().filter(|_| store))
            .find(|a| races(a))
            .cloned();
        if store {
            shadow.writer = Some(now.clone());
            shadow.readers.clear();
        } else if !shadow.readers.iter().any(|a| a.thread == thread) {
            if shadow.readers.len() == 2 {
                shadow.readers.remove(0);
            }
            shadow.readers.push(now.clone());
        }
        if let (Some(a), None) = (earlier, &self.r.global_race) {
            let in_block = |x: &GlobalAccess| thread_in_block(x.warp, x.lane);
            self.r.global_race = Some(GlobalRace {
                word: format!("{name}[{index}]"),
                first: (a.block, in_block(&a), a.line, a.store),
                second: (now.block, in_block(&now), now.line, now.store),
                same_step: false,
            });
        }
    }
}

impl Machine<'_> {
    /// The race check of one warp's plain store to global buffer `name`: two of its lanes
    /// storing different values to one element in the same step (lane `l` stores `values[l]`
    /// to element `idx[l]`). The same value from every lane (`flag[0] = 1`) is no race.
    pub(super) fn same_step_stores(
        &mut self,
        w: &Warp,
        name: &str,
        idx: &Lanes,
        values: &[(usize, Val)],
        line: usize,
    ) {
        if !self.global_races || self.atomic_now || self.r.global_race.is_some() {
            return;
        }
        let clash = values.iter().enumerate().find_map(|(k, &(b, vb))| {
            values[..k]
                .iter()
                .find(|&&(a, va)| idx[a].as_i() == idx[b].as_i() && va != vb)
                .map(|&(a, _)| (a, b))
        });
        if let Some((a, b)) = clash {
            let in_block = |lane: usize| thread_in_block(w.index, lane);
            self.r.global_race = Some(GlobalRace {
                word: format!("{name}[{}]", idx[a].as_i()),
                first: (self.block, in_block(a), line, true),
                second: (self.block, in_block(b), line, true),
                same_step: true,
            });
        }
    }
}

/// A thread's index in its block from its warp and lane: what a race names.
fn thread_in_block(warp: u64, lane: usize) -> u64 {
    warp * crate::WARP_SIZE + lane as u64
}
