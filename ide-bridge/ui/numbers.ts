// Counts as English text groups them ("2,500"), without Intl: the first toLocaleString('en') of
// a page loads ICU's number formatting, 40-180 ms of the main thread, and the endpoint count is
// on the first screen. Same text as toLocaleString('en') for integers (explorer-model.test.ts).

export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en');
  return `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** Sizes and durations as the response panel shows them. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n.toLocaleString('en')} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
