import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canMatchFile, isIgnoreFile, outsideWalk, rebaseGitignore, walkProject, WalkScope } from './files';
import { MAX_SOURCE_BYTES } from './source-files';

const EXTS = ['.java', '.kt', '.proto'] as const;
let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-walk-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function write(rel: string, text = 'class X {}\n'): void {
  const abs = path.join(root, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

function paths(opts: { includeTests?: boolean } = {}): string[] {
  return walkProject(root, { extensions: EXTS, ...opts }).files.map((f) => f.path);
}

/** As root, permission bits do not bind; drop to `nobody` for the call so they do. */
function asUnprivileged<T>(fn: () => T): T {
  if (process.geteuid?.() !== 0) return fn();
  fs.chmodSync(root, 0o755);
  process.setegid!(65534);
  process.seteuid!(65534);
  try {
    return fn();
  } finally {
    process.seteuid!(0);
    process.setegid!(0);
  }
}

describe('walkProject', () => {
  it('lists wanted files with relative, absolute path and size, sorted', () => {
    write('b/src/main/java/com/x/B.java', 'class B {}\n');
    write('a/src/main/kotlin/A.kt', 'class A\n');
    write('a/src/main/proto/svc.proto', 'syntax = "proto3";\n');
    write('a/README.md');
    write('a/src/main/resources/application.yml');
    const { files, diagnostics } = walkProject(root, { extensions: EXTS });
    expect(files).toEqual([
      { path: 'a/src/main/kotlin/A.kt', abs: path.join(root, 'a/src/main/kotlin/A.kt'), size: 8 },
      { path: 'a/src/main/proto/svc.proto', abs: path.join(root, 'a/src/main/proto/svc.proto'), size: 19 },
      { path: 'b/src/main/java/com/x/B.java', abs: path.join(root, 'b/src/main/java/com/x/B.java'), size: 11 },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('only returns the extensions asked for', () => {
    write('A.java');
    write('B.kt');
    expect(walkProject(root, { extensions: ['.kt'] }).files.map((f) => f.path)).toEqual(['B.kt']);
  });

  it('collects build files, including those without sources beside them', () => {
    write('pom.xml', '<project/>');
    write('api/pom.xml', '<project/>');
    write('g/build.gradle.kts');
    write('g/settings.gradle.kts');
    write('h/build.gradle');
    write('h/settings.gradle');
    write('h/gradle.properties');
    write('target/pom.xml');
    expect(walkProject(root, { extensions: EXTS }).buildFiles).toEqual([
      'api/pom.xml',
      'g/build.gradle.kts',
      'g/settings.gradle.kts',
      'h/build.gradle',
      'h/settings.gradle',
      'pom.xml',
    ]);
  });

  it('skips tool and build-output folders', () => {
    write('src/main/java/Keep.java');
    for (const dir of ['.git', 'node_modules/x', '.gradle', '.idea', '.apiscout', 'target', 'build', 'out', 'app/target/generated-sources/annotations', 'app/build/generated/sources']) {
      write(`${dir}/Skip.java`);
    }
    write('src/main/java/generated-sources/Skip.java');
    expect(paths()).toEqual(['src/main/java/Keep.java']);
  });

  it('walks build/out/target folders that are packages inside a source root', () => {
    write('app/src/main/java/com/acme/build/BuildController.java');
    write('app/src/main/java/com/acme/out/Out.java');
    write('app/src/main/kotlin/target/Target.kt');
    write('app/src/main/java/com/acme/build/generated/Gen.java');
    write('app/src/main/resources/build/NotSource.java');
    write('app/build/Skip.java');
    expect(paths()).toEqual([
      'app/src/main/java/com/acme/build/BuildController.java',
      'app/src/main/java/com/acme/build/generated/Gen.java',
      'app/src/main/java/com/acme/out/Out.java',
      'app/src/main/kotlin/target/Target.kt',
    ]);
  });

  it('walks build/out/target folders that are proto packages inside a proto root', () => {
    write('src/main/protobuf/build/farm/v1/farm.proto', 'syntax = "proto3";\n');
    write('api/src/main/proto/out/v1/out.proto', 'syntax = "proto3";\n');
    write('api/build/extracted-protos/main/x.proto', 'syntax = "proto3";\n');
    expect(paths()).toEqual(['api/src/main/proto/out/v1/out.proto', 'src/main/protobuf/build/farm/v1/farm.proto']);
    expect(outsideWalk('src/main/protobuf/build/farm/v1/farm.proto')).toBe(false);
  });

  it('leaves out test sources unless includeTests', () => {
    write('src/main/java/Main.java');
    write('src/test/java/MainTest.java');
    write('m/src/testFixtures/java/Fixture.java');
    write('m/src/integrationTest/kotlin/It.kt');
    write('m/src/it/java/It2.java');
    write('m/src/main/java/com/test/NotATest.java');
    expect(paths()).toEqual(['m/src/main/java/com/test/NotATest.java', 'src/main/java/Main.java']);
    expect(paths({ includeTests: true })).toEqual([
      'm/src/integrationTest/kotlin/It.kt',
      'm/src/it/java/It2.java',
      'm/src/main/java/com/test/NotATest.java',
      'm/src/testFixtures/java/Fixture.java',
      'src/main/java/Main.java',
      'src/test/java/MainTest.java',
    ]);
  });

  it('treats any Gradle source set other than main as test code, but not KMP main sets or an Ant layout', () => {
    write('k/src/kafkaStreamTest/java/com/acme/StreamIT.java');
    write('k/src/jmh/kotlin/Bench.kt');
    write('k/src/jvmMain/kotlin/Server.kt');
    write('k/src/main/java/App.java');
    write('ant/src/com/acme/Legacy.java');
    expect(paths()).toEqual(['ant/src/com/acme/Legacy.java', 'k/src/jvmMain/kotlin/Server.kt', 'k/src/main/java/App.java']);
    expect(paths({ includeTests: true })).toContain('k/src/kafkaStreamTest/java/com/acme/StreamIT.java');
  });

  describe('.gitignore', () => {
    it('honours the root file: globs, folders, anchors and negation', () => {
      write('.gitignore', '# comment\n*.gen.java\nlegacy/\n/Top.java\n!keep.gen.java\n');
      write('A.java');
      write('Top.java');
      write('sub/Top.java');
      write('x/Y.gen.java');
      write('x/keep.gen.java');
      write('legacy/Old.java');
      write('a/legacy/Old.java');
      expect(paths()).toEqual(['A.java', 'sub/Top.java', 'x/keep.gen.java']);
    });

    it('applies nested files relative to their folder', () => {
      write('m/.gitignore', '/Local.java\ndeep/*.java\nAny.java\n');
      write('m/Local.java');
      write('m/x/Local.java');
      write('m/deep/D.java');
      write('m/x/deep/D.java');
      write('m/x/y/Any.java');
      write('Local.java');
      write('other/Any.java');
      expect(paths()).toEqual(['Local.java', 'm/x/Local.java', 'm/x/deep/D.java', 'other/Any.java']);
    });

    it('lets a nested negation override the parent, as git does', () => {
      write('.gitignore', '*.kt\nvendor/\n');
      write('k/.gitignore', '!Keep.kt\n');
      write('k/Keep.kt');
      write('k/Drop.kt');
      write('Keep.kt');
      // An excluded folder cannot be re-included from inside it.
      write('vendor/.gitignore', '!*.java\n');
      write('vendor/V.java');
      expect(paths()).toEqual(['k/Keep.kt']);
    });

    it('can re-include a folder the parent excluded by name', () => {
      write('.gitignore', 'gen/\n');
      write('m/.gitignore', '!gen/\n');
      write('m/gen/G.java');
      write('gen/G.java');
      expect(paths()).toEqual(['m/gen/G.java']);
    });

    it('hides build files too, and reads .git/info/exclude', () => {
      write('.git/info/exclude', 'scratch/\n');
      write('.gitignore', 'sandbox/\n');
      write('scratch/S.java');
      write('scratch/pom.xml');
      write('sandbox/pom.xml');
      write('pom.xml');
      const result = walkProject(root, { extensions: EXTS });
      expect(result.files).toEqual([]);
      expect(result.buildFiles).toEqual(['pom.xml']);
    });

    it('rebases patterns of a nested file onto the root', () => {
      expect(rebaseGitignore('a\n/b\nc/d\ne/\n!f\n# x\n\n**/g\n', 'm/n')).toEqual([
        'm/n/**/a',
        'm/n/b',
        'm/n/c/d',
        'm/n/**/e/',
        '!m/n/**/f',
        'm/n/**/g',
      ]);
      expect(rebaseGitignore('a\r\n/b\r\n', '')).toEqual(['a', '/b']);
    });

    it('tells which patterns could hide a kept file, so the others cost nothing per file', () => {
      const suffixes = ['.java', '.kt', 'pom.xml'];
      for (const p of ['*.java', 'Foo.java', 'm/**/gen/*', '!keep.kt', 'x/**', 'a', '*pom.xml', 'pom.xml', 'Foo?', '*.[jk]t']) {
        expect(canMatchFile(p, suffixes), p).toBe(true);
      }
      for (const p of ['target/', '*.iml', '.idea', 'HELP.md', '!gradle/wrapper/gradle-wrapper.jar', 'm/**/out/', 'build', '*.class  ']) {
        expect(canMatchFile(p, suffixes), p).toBe(false);
      }
    });

    it('keeps names no rule ends like without asking the matcher, and asks for all under a rule ending in a wildcard', () => {
      write('.gitignore', '**/*Generated.java\n!KeepGenerated.java\nlogs/\n');
      write('m/.gitignore', 'Draft*\n');
      write('OrderGenerated.java');
      write('KeepGenerated.java');
      write('Order.java');
      write('m/DraftOrder.java');
      write('m/Order.java');
      write('m/sub/XGenerated.java');
      write('m/logs/Log.java');
      write('n/Draft.java');
      expect(paths()).toEqual(['KeepGenerated.java', 'Order.java', 'm/Order.java', 'n/Draft.java']);
    });

    it('enters and skips folders as git does, with rules on folder names of every kind', () => {
      // Folders whose names no rule ends like are entered without asking the matcher: git itself
      // says which of these files a walk must find.
      write('.gitignore', 'target/\nout\n[Bb]uild/\n/docs/\n*.iml\n!keep.iml\n# note\nm/gen/\n');
      write('m/.gitignore', 'cache/\ntmp*/\n!tmpKeep/\n');
      write('m/sub/.gitignore', '/local\n**/deep/**\n');
      const folders = ['target', 'layout', 'out', 'checkout', 'Build', 'build', 'rebuild', 'docs', 'a/docs', 'x.iml', 'keep.iml', 'm/gen', 'gen', 'm/cache', 'm/a/cache',
        'cache', 'm/tmp1', 'm/tmpKeep', 'tmp2', 'm/sub/local', 'm/sub/x/local', 'm/sub/deep', 'm/sub/y/deep/z', 'deep', 'com/acme/api'];
      for (const f of folders) write(`${f}/F.java`);
      execFileSync('git', ['init', '-q'], { cwd: root });
      const git = execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.java'));
      expect(paths()).toEqual(git.sort());
      expect(paths()).toContain('layout/F.java');
      expect(paths()).not.toContain('m/tmp1/F.java');
    });

    it('still applies file rules that sit beside folder-only rules', () => {
      write('.gitignore', 'target/\n*.iml\n');
      write('sub/.gitignore', 'Gen*.java\n');
      write('sub/GenA.java');
      write('sub/B.java');
      write('GenC.java');
      expect(paths()).toEqual(['GenC.java', 'sub/B.java']);
    });
  });

  describe('WalkScope: the answer of the walk for one file', () => {
    it('answers for a file below a folder it may not search as the walk does (not listed), instead of throwing EACCES', () => {
      write('open/locked/sub/A.java');
      write('open/locked/B.java');
      fs.chmodSync(path.join(root, 'open/locked'), 0o000);
      try {
        asUnprivileged(() => {
          const scope = new WalkScope(root, { extensions: EXTS });
          expect(scope.entersFolder('open/locked/sub')).toBe(false);
          expect(scope.reaches('open/locked/sub/A.java')).toBe(false);
          expect(scope.linkProblem('open/locked/B.java')).toBeUndefined();
          expect(walkProject(root, { extensions: EXTS }).files).toEqual([]);
        });
      } finally {
        fs.chmodSync(path.join(root, 'open/locked'), 0o755);
      }
    });

    /** Every file under the root but in .git, relative. */
    function onDisk(dir = root): string[] {
      return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const abs = path.join(dir, e.name);
        if (e.isDirectory()) return e.name === '.git' ? [] : onDisk(abs);
        return [path.relative(root, abs).split(path.sep).join('/')];
      });
    }

    function agrees(includeTests: boolean): void {
      const walked = walkProject(root, { extensions: EXTS, includeTests });
      const listed = new Set([...walked.files.map((f) => f.path), ...walked.buildFiles]);
      const scope = new WalkScope(root, { extensions: EXTS, includeTests });
      for (const rel of onDisk()) expect(scope.reaches(rel), rel).toBe(listed.has(rel));
    }

    it('lists a file exactly when the walk does: ignore rules, build output, test sets, source roots', () => {
      write('.git/info/exclude', 'scratch/\n');
      write('.gitignore', '*.gen.java\nlegacy/\n/Top.java\n!keep.gen.java\ngen/\n**/*Generated.kt\nsandbox/\n');
      write('m/.gitignore', '/Local.java\ndeep/*.java\n!gen/\ntmp*/\n!tmpKeep/\nDraft*\n');
      write('vendor/.gitignore', '!*.java\n');
      write('.gitignore-not/A.java');
      for (const f of ['A.java', 'Top.java', 'sub/Top.java', 'x/Y.gen.java', 'x/keep.gen.java', 'legacy/Old.java', 'a/legacy/Old.java',
        'm/Local.java', 'm/x/Local.java', 'm/deep/D.java', 'm/x/deep/D.java', 'm/gen/G.java', 'gen/G.java', 'm/tmp1/T.java', 'm/tmpKeep/T.java',
        'm/DraftOrder.java', 'n/Draft.java', 'k/OrderGenerated.kt', 'k/Order.kt', 'scratch/S.java', 'scratch/pom.xml', 'sandbox/pom.xml', 'pom.xml',
        'm/pom.xml', 'vendor/V.java', 'target/classes/T.java', 'm/build/B.java', 'm/out/O.proto', 'm/src/main/java/com/acme/build/B.java',
        'm/src/main/proto/build/farm.proto', 'm/src/test/java/com/acme/T.java', 'm/src/it/java/I.java', 'm/src/jmh/java/J.java',
        'm/src/jvmMain/kotlin/K.kt', 'node_modules/x/N.java', 'm/src/main/java/com/acme/README.md', 'generated-sources/G.java']) {
        write(f);
      }
      agrees(false);
      agrees(true);
      expect(new WalkScope(root, { extensions: EXTS }).reaches('m/src/test/java/com/acme/T.java')).toBe(false);
      expect(new WalkScope(root, { extensions: EXTS }).reaches('m/x/Local.java')).toBe(true);
    });

    it('reads the rules again after forget(): an ignore file changed', () => {
      write('sandbox/S.java');
      const scope = new WalkScope(root, { extensions: EXTS });
      expect(scope.reaches('sandbox/S.java')).toBe(true);
      write('.gitignore', 'sandbox/\n');
      scope.forget();
      expect(scope.reaches('sandbox/S.java')).toBe(false);
    });

    it('tells ignore files by path', () => {
      for (const p of ['.gitignore', 'm/.gitignore', '.git/info/exclude']) expect(isIgnoreFile(p), p).toBe(true);
      for (const p of ['a.gitignore', '.gitignore/A.java', 'm/.git/info/exclude', '.dockerignore']) expect(isIgnoreFile(p), p).toBe(false);
    });
  });

  describe('symlinks', () => {
    it('follows links to folders and files outside the project, under their link path', () => {
      const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-walk-outside-'));
      try {
        fs.mkdirSync(path.join(outside, 'src'));
        fs.writeFileSync(path.join(outside, 'src/Shared.java'), 'class Shared {}\n');
        fs.writeFileSync(path.join(outside, 'Target.java'), 'class T {}\n');
        fs.mkdirSync(path.join(root, 'app'));
        fs.symlinkSync(path.join(outside, 'src'), path.join(root, 'app/linked'));
        fs.symlinkSync(path.join(outside, 'Target.java'), path.join(root, 'app/Link.java'));
        const { files, diagnostics } = walkProject(root, { extensions: ['.java'] });
        expect(diagnostics).toEqual([]);
        expect(files.map((f) => [f.path, f.size])).toEqual([
          ['app/Link.java', 11],
          ['app/linked/Shared.java', 16],
        ]);
        const scope = new WalkScope(root, { extensions: EXTS });
        expect(['app/Link.java', 'app/linked/Shared.java'].map((p) => scope.reaches(p))).toEqual([true, true]);
      } finally {
        fs.rmSync(outside, { recursive: true, force: true });
      }
    });

    it('lists a folder or file of the project once, at its own path: a link to it is not followed, and said', () => {
      write('shared/src/Shared.java', 'class Shared {}\n');
      write('Target.java', 'class T {}\n');
      fs.mkdirSync(path.join(root, 'app'));
      fs.symlinkSync(path.join(root, 'shared/src'), path.join(root, 'app/linked'));
      fs.symlinkSync('../Target.java', path.join(root, 'app/Link.java'));
      const { files, diagnostics } = walkProject(root, { extensions: ['.java'] });
      expect(files.map((f) => f.path)).toEqual(['Target.java', 'shared/src/Shared.java']);
      expect(diagnostics).toEqual([
        { file: 'app/Link.java', message: 'symlink to Target.java, a file the scan reads at its own path: not read again' },
        { file: 'app/linked', message: 'symlink to shared/src, a folder the scan reads at its own path: not followed, so its files are listed once' },
      ]);
      const scope = new WalkScope(root, { extensions: EXTS });
      expect(['app/Link.java', 'app/linked/Shared.java', 'shared/src/Shared.java'].map((p) => scope.reaches(p))).toEqual([false, false, true]);
    });

    it('follows a link to a folder of the project the walk skips at its own path (build output)', () => {
      write('build/gen/com/acme/Gen.java');
      fs.mkdirSync(path.join(root, 'src/main/java/com/acme'), { recursive: true });
      fs.symlinkSync('../../../../../build/gen/com/acme', path.join(root, 'src/main/java/com/acme/gen'));
      const { files, diagnostics } = walkProject(root, { extensions: EXTS });
      expect(files.map((f) => f.path)).toEqual(['src/main/java/com/acme/gen/Gen.java']);
      expect(diagnostics).toEqual([]);
      expect(new WalkScope(root, { extensions: EXTS }).reaches('src/main/java/com/acme/gen/Gen.java')).toBe(true);
    });

    it('does not follow a link to a folder holding the project (its parent): it would walk the project again and its neighbours', () => {
      write('a/A.java');
      fs.symlinkSync('../..', path.join(root, 'a/parent'));
      const { files, diagnostics } = walkProject(root, { extensions: EXTS });
      expect(files.map((f) => f.path)).toEqual(['a/A.java']);
      expect(diagnostics).toEqual([{ file: 'a/parent', message: `symlink to ${fs.realpathSync(path.dirname(root))}, a folder holding the project: not followed` }]);
      expect(new WalkScope(root, { extensions: EXTS }).reaches(`a/parent/${path.basename(root)}/a/A.java`)).toBe(false);
    });

    it('does not follow a link to the file system root, which holds the project too', () => {
      write('a/A.java');
      fs.symlinkSync('/', path.join(root, 'a/slash'));
      expect(new WalkScope(root, { extensions: EXTS }).entersFolder('a/slash')).toBe(false);
      const { files, diagnostics } = walkProject(root, { extensions: EXTS });
      expect(files.map((f) => f.path)).toEqual(['a/A.java']);
      expect(diagnostics).toEqual([{ file: 'a/slash', message: 'symlink to /, a folder holding the project: not followed' }]);
    });

    it('reports a link back to an ancestor once and goes on', () => {
      write('a/b/B.java');
      write('z/Z.java');
      fs.symlinkSync('../..', path.join(root, 'a/b/up'));
      fs.symlinkSync('.', path.join(root, 'a/self'));
      const { files, diagnostics } = walkProject(root, { extensions: EXTS });
      expect(files.map((f) => f.path)).toEqual(['a/b/B.java', 'z/Z.java']);
      expect(diagnostics.map((d) => d.file)).toEqual(['a/b/up', 'a/self']);
      expect(diagnostics[0]!.message).toMatch(/symlink loop: a\/b\/up/);
      expect(new WalkScope(root, { extensions: EXTS }).reaches('a/b/up/z/Z.java')).toBe(false);
    });

    it('lists two folders linking to each other once each', () => {
      write('a/A.java');
      write('b/B.java');
      fs.symlinkSync('../b', path.join(root, 'a/toB'));
      fs.symlinkSync('../a', path.join(root, 'b/toA'));
      const { files, diagnostics } = walkProject(root, { extensions: EXTS });
      expect(files.map((f) => f.path)).toEqual(['a/A.java', 'b/B.java']);
      expect(diagnostics.map((d) => d.file)).toEqual(['a/toB', 'b/toA']);
    });

    it('reports a broken link to a wanted file', () => {
      write('A.java');
      fs.symlinkSync('missing.java', path.join(root, 'Gone.java'));
      fs.symlinkSync('missing-dir', path.join(root, 'gone-dir'));
      const { files, diagnostics } = walkProject(root, { extensions: EXTS });
      expect(files.map((f) => f.path)).toEqual(['A.java']);
      expect(diagnostics).toEqual([{ file: 'Gone.java', message: expect.stringMatching(/broken symlink.*ENOENT/) }]);
    });
  });

  it('skips files over 2 MB with a diagnostic', () => {
    write('Big.java', 'x'.repeat(Math.round(3.1 * 1024 * 1024)));
    write('Edge.java', 'x'.repeat(MAX_SOURCE_BYTES));
    write('big.txt', 'x'.repeat(MAX_SOURCE_BYTES + 1));
    const { files, diagnostics } = walkProject(root, { extensions: EXTS });
    expect(files.map((f) => f.path)).toEqual(['Edge.java']);
    expect(diagnostics).toEqual([{ file: 'Big.java', message: 'skipped: 3.1 MB is over the 2 MB limit' }]);
  });

  it('reports unreadable folders and files and goes on', () => {
    write('ok/A.java');
    write('locked/B.java');
    write('secret/C.java');
    write('secret/D.java');
    fs.chmodSync(path.join(root, 'locked'), 0o000);
    fs.chmodSync(path.join(root, 'secret/C.java'), 0o000);
    try {
      const { files, diagnostics } = asUnprivileged(() => walkProject(root, { extensions: EXTS }));
      expect(files.map((f) => f.path)).toEqual(['ok/A.java', 'secret/D.java']);
      expect(diagnostics).toEqual([
        { file: 'locked', message: 'cannot read folder: permission denied (EACCES)' },
        { file: 'secret/C.java', message: 'cannot read file: permission denied (EACCES)' },
      ]);
    } finally {
      fs.chmodSync(path.join(root, 'locked'), 0o755);
    }
  });

  it('reports a missing root instead of throwing', () => {
    const result = walkProject(path.join(root, 'nope'), { extensions: EXTS });
    expect(result.files).toEqual([]);
    expect(result.diagnostics).toEqual([{ file: '.', message: expect.stringMatching(/cannot read the project folder .*ENOENT/) }]);
  });
});

describe('outsideWalk', () => {
  it('says which build files the walk can never list, as the walk itself finds them', () => {
    const paths = ['pom.xml', 'billing/pom.xml', 'billing/target/classes/META-INF/maven/com.acme/billing/pom.xml', 'build/pom.xml', 'web/node_modules/x/pom.xml', 'app/src/main/java/com/acme/build/pom.xml', 'app/.gradle/build.gradle'];
    for (const p of paths) {
      fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
      fs.writeFileSync(path.join(root, p), '<project/>');
    }
    const listed = new Set(walkProject(root, { extensions: EXTS }).buildFiles);
    expect(listed).toEqual(new Set(['pom.xml', 'billing/pom.xml', 'app/src/main/java/com/acme/build/pom.xml']));
    for (const p of paths) expect(outsideWalk(p), p).toBe(!listed.has(p));
  });
});
