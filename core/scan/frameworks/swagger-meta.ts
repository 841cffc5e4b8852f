// springfox reads Swagger 2's `@Api`, `@ApiOperation` and `@ApiIgnore` with Spring's
// `AnnotationUtils.findAnnotation`, which also finds one carried by an annotation type the class or
// method carries: `@AdminApi` declared `@Api(tags = "admin")`. The annotation type may be the
// project's own or come from one of the organisation's own jars (the index reads those,
// jar/jar-types.ts); a framework's annotations are not looked into.

import type { ProjectIndex, Scope } from '../project-index';
import { findAnnotation, simpleName } from '../source-model';
import type { Annotation } from '../source-model';

/** How many annotation types deep a meta-annotation is looked for. */
const MAX_DEPTH = 3;
/** Annotations a controller or handler commonly carries that are never Swagger's meta-annotation holders: not resolved. */
const NOT_META = new Set([
  'RestController', 'Controller', 'RequestMapping', 'GetMapping', 'PostMapping', 'PutMapping', 'DeleteMapping', 'PatchMapping',
  'ResponseBody', 'ResponseStatus', 'CrossOrigin', 'Validated', 'Valid', 'Override', 'Deprecated', 'Transactional', 'PreAuthorize',
  'Secured', 'RolesAllowed', 'SuppressWarnings', 'Slf4j', 'Log4j2', 'RequiredArgsConstructor', 'AllArgsConstructor', 'Api', 'ApiOperation',
  'ApiIgnore', 'ApiImplicitParams', 'ApiImplicitParam', 'ApiResponses', 'ApiResponse', 'Operation', 'Tag', 'Hidden', 'Parameter', 'Parameters',
  'Path', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'Produces', 'Consumes',
]);

/** One of `names` carried by `anns` or by an annotation type they name, and the scope its values are read in; undefined when none is. */
export function swaggerAnnotation(index: ProjectIndex, anns: readonly Annotation[], scope: Scope, ...names: string[]): { annotation: Annotation; scope: Scope } | undefined {
  return find(index, anns, scope, names, 0, new Set());
}

function find(index: ProjectIndex, anns: readonly Annotation[], scope: Scope, names: readonly string[], depth: number, seen: Set<string>): { annotation: Annotation; scope: Scope } | undefined {
  const direct = findAnnotation(anns, ...names);
  if (direct) return { annotation: direct, scope };
  if (depth >= MAX_DEPTH) return undefined;
  for (const a of anns) {
    const simple = simpleName(a.name);
    if (NOT_META.has(simple) || seen.has(a.name)) continue;
    seen.add(a.name);
    const decl = index.resolveType(a.name, scope);
    if (decl?.kind !== 'annotation') continue;
    const found = find(index, decl.annotations, { type: decl, file: decl.file }, names, depth + 1, seen);
    if (found) return found;
  }
  return undefined;
}
