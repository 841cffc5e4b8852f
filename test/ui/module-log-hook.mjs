// Preloaded by first-page.test.ts (NODE_OPTIONS=--import=...): appends the URL of every ES module
// the process loads, one a line, to $APISCOUT_TEST_MODULE_LOG, before the module runs. The test
// reads it to see which of the bundle's chunks a process had loaded at a given moment.
import { register } from 'node:module';

const hook = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.APISCOUT_TEST_MODULE_LOG, url + '\\n');
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
