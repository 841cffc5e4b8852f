// Groovy sources that declare endpoints: apiscout reads Java and Kotlin only, so a Groovy
// controller's endpoints are missing from the scan. The walk lists `.groovy` files with the
// sources (a name check, nothing more where there are none), the read looks at their bytes for
// a controller annotation, and the scan says once per module which of them it cannot list.

import type { Diagnostic } from '../model/endpoint';

/**
 * Annotations that put a class's endpoints in the API: Spring MVC/WebFlux stereotypes and
 * mappings. `@ControllerAdvice` is not among them (the byte after the name must end it).
 */
const SPRING = ['RestController', 'Controller', 'RequestMapping'].map((name) => Buffer.from(name, 'latin1'));
/**
 * JAX-RS `@Path`, which a Groovy file must import (`javax.ws.rs`, `jakarta.ws.rs`): Retrofit's
 * `@Path("id")` marks a parameter of an HTTP client, which serves nothing.
 */
const JAX_RS_PATH = Buffer.from('Path', 'latin1');
const JAX_RS_PACKAGE = Buffer.from('.ws.rs.', 'latin1');
/** A Feign client is an interface of mappings that calls an API: it serves none. */
const CLIENT = Buffer.from('@FeignClient', 'latin1');

/** Whether a Groovy file's bytes declare a controller (a cheap byte search, as describeFile's for Java). */
export function declaresEndpoints(b: Buffer): boolean {
  if (b.indexOf(CLIENT) >= 0) return false;
  if (SPRING.some((needle) => hasAnnotation(b, needle))) return true;
  return b.indexOf(JAX_RS_PACKAGE) >= 0 && hasAnnotation(b, JAX_RS_PATH);
}

/**
 * `@Name` or `@a.b.Name`, followed by no identifier byte: `@Path` is not `@PathVariable`, and
 * `import a.b.Name` no annotation.
 */
function hasAnnotation(b: Buffer, name: Buffer): boolean {
  for (let k = b.indexOf(name); k >= 0; k = b.indexOf(name, k + name.length)) {
    if (isIdentByte(b[k + name.length] ?? 0x20)) continue;
    let i = k - 1;
    if (b[i] === DOT) while (i > 0 && (b[i] === DOT || isIdentByte(b[i]!))) i--;
    if (b[i] === AT) return true;
  }
  return false;
}

/**
 * `src/<set>/groovy|java|kotlin/...` of a test source set (anything but `main` and `...Main`):
 * the walk leaves a set out by its java/ or kotlin/ folder, which a Groovy-only set
 * (`src/functionalTest/groovy`) has not, and a re-scan hears of files the walk never lists.
 * Told by the path, so the walk pays nothing for it.
 */
export function inTestSourceSet(rel: string): boolean {
  const m = /(?:^|\/)src\/([^/]+)\/(?:groovy|java|kotlin)\//.exec(rel);
  return m !== null && m[1] !== 'main' && !m[1]!.endsWith('Main');
}

/** Names shown in a diagnostic before "and N more". */
const SHOWN = 3;

/**
 * One diagnostic per module holding Groovy controllers, on its first such file, in file order. `files`:
 * the paths (relative) of the Groovy files that declare endpoints; `moduleOf`: a path's module name.
 */
export function groovyDiagnostics(files: Iterable<string>, moduleOf: (path: string) => string): Diagnostic[] {
  const byModule = new Map<string, string[]>();
  for (const path of files) {
    const module = moduleOf(path);
    const list = byModule.get(module);
    if (list) list.push(path);
    else byModule.set(module, [path]);
  }
  const out: Diagnostic[] = [];
  for (const [module, list] of byModule) {
    list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const names = list.slice(0, SHOWN).map((p) => p.slice(p.lastIndexOf('/') + 1));
    const more = list.length > SHOWN ? ` and ${list.length - SHOWN} more` : '';
    const message =
      list.length === 1
        ? `a Groovy source in module ${module} declares a controller: apiscout reads Java and Kotlin only, so its endpoints are not listed`
        : `${list.length} Groovy sources in module ${module} declare controllers (${names.join(', ')}${more}): apiscout reads Java and Kotlin only, so their endpoints are not listed`;
    out.push({ file: list[0]!, message });
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

const AT = 0x40;
const DOT = 0x2e;

function isIdentByte(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x24 || c > 0x7f;
}
