/**
 * Card buttons laid out in rows: at most `perRow` a row and `maxRows` rows, a new row started where the group (the
 * suit; trumps are a group of their own) changes whenever the cards left still fit the rows left — so a hand reads
 * suit by suit as far as Discord's five rows allow, and never needs more rows than plain filling would.
 */

/**
 * Split `items` (already in display order) into rows for `groupOf`'s groups: each row at most `perRow` items, at most
 * `maxRows` rows (and never more than `ceil(n / perRow)` when that is more than `maxRows`: the caller's limit check
 * catches an impossible hand). Returns the rows, each non-empty.
 */
export function cardRows<T>(items: readonly T[], groupOf: (item: T) => string, perRow: number, maxRows: number): T[][] {
  const rows: T[][] = [];
  let row: T[] = [];
  items.forEach((item, i) => {
    const rowsLeft = maxRows - rows.length - 1; // rows after the current one
    const left = items.length - i;
    const prev = items[i - 1];
    const groupChange = row.length > 0 && prev !== undefined && groupOf(prev) !== groupOf(item);
    if (row.length === perRow || (groupChange && Math.ceil(left / perRow) <= rowsLeft)) {
      rows.push(row);
      row = [];
    }
    row.push(item);
  });
  if (row.length) rows.push(row);
  return rows;
}
