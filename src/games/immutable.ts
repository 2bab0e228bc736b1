/**
 * Helpers for structural sharing: engines copy a state shallowly and replace (never mutate) the arrays a
 * move changes, so `apply` stays cheap and never alters its input.
 */

/** `arr` with element `i` replaced by `value` (a new array). */
export function replaced<T>(arr: readonly T[], i: number, value: T): T[] {
  const out = arr.slice();
  out[i] = value;
  return out;
}

/** `arr` without the first occurrence of `item` (a new array). */
export function without<T>(arr: readonly T[], item: T): T[] {
  const out = arr.slice();
  const i = out.indexOf(item);
  if (i >= 0) out.splice(i, 1);
  return out;
}
