// Counts as English text groups them ("2,500"), without Intl: the first toLocaleString('en') of
// a page loads ICU's number formatting, 40-180 ms of the main thread, and the endpoint count is
// on the first screen. Same text as toLocaleString('en') for integers (explorer-model.test.ts).

export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en');
  return `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}
