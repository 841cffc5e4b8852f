// A dependency jar in a temp local Maven repository, for the tests that read protos out of jars:
// built with the real `zip` tool (deflated entries), at the path Maven gives group:artifact:version.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Writes `files` (path in the jar -> text) as the jar of group:artifact:version in `repo`. */
export function writeJar(repo: string, group: string, artifact: string, version: string, files: Record<string, string>): void {
  const work = mkdtempSync(join(tmpdir(), 'apiscout-jar-src-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(work, name)), { recursive: true });
    writeFileSync(join(work, name), text);
  }
  const dir = join(repo, ...group.split('.'), artifact, version);
  mkdirSync(dir, { recursive: true });
  execFileSync('zip', ['-q', '-r', join(dir, `${artifact}-${version}.jar`), '.'], { cwd: work });
  rmSync(work, { recursive: true, force: true });
}

/**
 * What APISCOUT_MAVEN_REPO holds now: a suite that points it at a temp repository takes this when it
 * is declared and calls the returned function when it ends, which puts the setting back.
 */
export function mavenRepoSetting(): () => void {
  const saved = process.env.APISCOUT_MAVEN_REPO;
  return () => {
    if (saved === undefined) delete process.env.APISCOUT_MAVEN_REPO;
    else process.env.APISCOUT_MAVEN_REPO = saved;
  };
}
