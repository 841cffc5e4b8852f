// Builds the IntelliJ plugin zip without Gradle: dist/apiscout-intellij-<version>.zip, laid out as
// IntelliJ installs from disk (Settings > Plugins > Install Plugin from Disk):
//   apiscout/lib/apiscout.jar   the plugin's adapters and bridge-client, compiled by Maven against
//                               intellij-shell/platform-api (the compile gate), with plugin.xml and icons
//   apiscout/sidecar/           the sidecar as scripts/stage-sidecar.mjs lays it out
// The Kotlin standard library, kotlinx.serialization and the platform are the IDE's: none is packed.
// Native modules are this machine's build: the zip runs on the platform it was built on.
//   usage: node scripts/package-intellij.mjs [--no-compile]   (after npm install and npm run build)
//   --no-compile  packs intellij-shell/plugin/target/classes and bridge-client/target/classes as they
//                 are (compiled by a run before)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shell = join(root, 'intellij-shell');
const classes = join(shell, 'plugin/target/classes');
/** bridge-client, compiled once in its own module (for its tests and for the plugin). */
const clientClasses = join(shell, 'bridge-client/target/classes');
const compile = !process.argv.includes('--no-compile');

function fail(message) {
  process.stderr.write(`package-intellij: ${message}\n`);
  process.exit(1);
}

for (const needed of ['dist/apiscout.mjs', 'dist/ui/index.html']) {
  if (!existsSync(join(root, needed))) fail(`${needed} is missing: run npm run build first`);
}
const pluginXml = readFileSync(join(shell, 'plugin/src/main/resources/META-INF/plugin.xml'), 'utf8');
const version = /<version>([^<]+)<\/version>/.exec(pluginXml)?.[1];
if (!version) fail('plugin.xml has no <version>');

const win = process.platform === 'win32';
if (compile) {
  // Offline when the local Maven repository has everything; a fresh machine downloads on the retry.
  const mvn = win ? 'mvn.cmd' : 'mvn';
  // The plugin and what it needs (platform-api, bridge-client's classes), without bridge-client's tests.
  const args = ['-B', '-q', '-f', join(shell, 'pom.xml'), '-pl', ':apiscout-intellij', '-am', 'compile'];
  let run = spawnSync(mvn, ['-o', ...args], { encoding: 'utf8' });
  if (run.error) fail(`cannot run Maven (${run.error.message}): install Maven and a JDK 17 or newer (.ci/run does)`);
  const output = () => `${run.stdout}${run.stderr}`;
  if (run.status !== 0 && /offline mode|has not been downloaded/.test(output())) run = spawnSync(mvn, args, { encoding: 'utf8' });
  if (run.status !== 0) fail(`the plugin does not compile against the declared platform API (mvn exit ${run.status}):\n${output()}`);
}
if (!existsSync(join(classes, 'META-INF/plugin.xml'))) fail(`${classes} holds no compiled plugin: run without --no-compile`);
if (!existsSync(join(clientClasses, 'dev/apiscout/bridge'))) fail(`${clientClasses} holds no compiled bridge-client: run without --no-compile`);

// An earlier zip goes first: dist/ is what the sidecar stage copies.
mkdirSync(join(root, 'dist'), { recursive: true });
for (const old of readdirSync(join(root, 'dist')).filter((f) => /^apiscout-intellij-.*\.zip$/.test(f))) rmSync(join(root, 'dist', old));
const stage = mkdtempSync(join(tmpdir(), 'apiscout-intellij-'));
try {
  const plugin = join(stage, 'apiscout');
  mkdirSync(join(plugin, 'lib'), { recursive: true });
  const jar = win ? 'jar.exe' : 'jar';
  // The JDK's jar tool (Maven needs the JDK anyway) writes both the jar and the zip.
  execFileSync(jar, ['--create', '--file', join(plugin, 'lib/apiscout.jar'), '-C', classes, '.', '-C', clientClasses, '.'], { stdio: 'pipe' });
  execFileSync(process.execPath, [join(root, 'scripts/stage-sidecar.mjs'), join(plugin, 'sidecar')], { stdio: 'pipe' });
  const zip = join(root, 'dist', `apiscout-intellij-${version}.zip`);
  execFileSync(jar, ['--create', '--no-manifest', '--file', zip, '-C', stage, 'apiscout'], { stdio: 'pipe' });
  process.stdout.write(`wrote ${zip} (${(statSync(zip).size / 1024 / 1024).toFixed(1)} MiB)\n`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
