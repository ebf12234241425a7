/** Cuts a string or byte array at the given positions (taken modulo its length, in any order, repeats ignored). */
export function cutAt<T extends string | Uint8Array>(whole: T, cuts: readonly number[]): T[] {
  const points = [...new Set(cuts.map((cut) => cut % (whole.length + 1)))].sort((a, b) => a - b);
  const pieces: T[] = [];
  let from = 0;
  for (const point of [...points, whole.length]) {
    pieces.push(whole.slice(from, point) as T);
    from = point;
  }
  return pieces;
}
