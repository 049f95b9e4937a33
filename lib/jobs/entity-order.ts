/**
 * The order of a job's entity groups, chosen so that as many entity boundaries as possible fall on a
 * chunk cut (reads are metered). A chunk re-reads with one query per entity it holds, so
 * each boundary inside a chunk costs one metered read; a boundary on a cut costs none. A boundary
 * falls on a cut when the records before it are a multiple of the chunk size, so the best order puts
 * the groups in as many runs summing to a multiple of it as possible: a subset DP over the groups
 * (2^n · n steps; the service has 16 entity types, so at most ~1 M), alphabetical wherever no cut is won.
 */

/** Above this many groups the DP is not run (2^n): the plain order is kept. */
const MAX_GROUPS = 16;

/** Indices of `sizes` (groups in alphabetical order) in the order to lay them out. */
export function entityGroupOrder(sizes: readonly number[], chunkSize: number): number[] {
  const n = sizes.length;
  const plain = sizes.map((_, i) => i);
  if (n < 3 || n > MAX_GROUPS || chunkSize < 2) return plain;
  const full = (1 << n) - 1;
  const residue = new Int32Array(full + 1); // records in the mask's groups, mod chunkSize
  const best = new Int32Array(full + 1); // most cuts won by some order of the mask's groups
  for (let mask = 1; mask <= full; mask++) {
    const low = 31 - Math.clz32(mask & -mask);
    residue[mask] = (residue[mask & (mask - 1)]! + (sizes[low] ?? 0)) % chunkSize;
    let most = 0;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) most = Math.max(most, best[mask ^ (1 << i)]!);
    best[mask] = most + (residue[mask] === 0 ? 1 : 0);
  }
  // Back from the whole set: the last group is the latest in alphabetical order that keeps the best,
  // so with nothing to win the order stays alphabetical.
  const order: number[] = [];
  let mask = full;
  while (mask) {
    const need = best[mask]! - (residue[mask] === 0 ? 1 : 0);
    let last = -1;
    for (let i = n - 1; i >= 0 && last < 0; i--) if (mask & (1 << i) && best[mask ^ (1 << i)] === need) last = i;
    order.push(last);
    mask ^= 1 << last;
  }
  return order.reverse();
}
