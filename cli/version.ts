import { readFileSync } from 'node:fs';

/** The version in package.json, one level above both dist/ and cli/. */
export function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
