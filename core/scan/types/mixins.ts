// Jackson mix-ins: a class whose annotations Jackson reads as if written on another (the target),
// class-level ones and those of members of the same name. Spring Boot's `@JsonMixin(Target.class)`
// (2.7+), which its auto-configured ObjectMapper registers from the application's packages, then
// those registered in code (jackson-registrations.ts). The mix-in's own annotations win over the
// target's.

import { ProjectIndex } from '../project-index';
import type { Annotation, TypeDecl } from '../source-model';
import { findAnnotation } from '../source-model';
import { codeRegistrations } from './jackson-registrations';

/** Spring Boot's `@JsonMixin`, `@JacksonMixin` since Boot 4 (Jackson 3). */
const MIXIN_ANNOTATIONS = ['JsonMixin', 'JacksonMixin'];

/** The `@JsonMixin` class registered for `decl`, if any. */
export function mixinOf(index: ProjectIndex, decl: TypeDecl): TypeDecl | undefined {
  return mixinTable(index).get(decl) ?? codeRegistrations(index).mixins.get(decl);
}

/** The class-level annotations Jackson reads on `decl`: its mix-in's first. */
export function classAnnotations(index: ProjectIndex, decl: TypeDecl): readonly Annotation[] {
  const mixin = mixinOf(index, decl);
  return mixin ? [...mixin.annotations, ...decl.annotations] : decl.annotations;
}

/**
 * Every `@JsonMixin` of the project, by target. A file using the annotation is global (a
 * framework's `globalMarkers`): changing it re-scans every root, as the derived table needs.
 */
function mixinTable(index: ProjectIndex): ReadonlyMap<TypeDecl, TypeDecl> {
  return index.derived('jackson-mixins', () => {
    const out = new Map<TypeDecl, TypeDecl>();
    const entries = [...index.files.values()].filter((e) => MIXIN_ANNOTATIONS.some((a) => e.annotations.has(a))).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const entry of entries) {
      const file = index.parse(entry);
      if (!file) continue;
      for (const t of ProjectIndex.allTypes(file)) {
        const a = findAnnotation(t.annotations, 'JsonMixin') ?? findAnnotation(t.annotations, 'JacksonMixin');
        const targets = a?.args.value ?? a?.args.type;
        if (!targets) continue;
        for (const item of targets.kind === 'array' ? targets.items : [targets]) {
          if (item.kind !== 'class') continue;
          const target = index.resolveType(item.type.name, { type: t, file: t.file });
          if (target && !out.has(target)) out.set(target, t);
        }
      }
    }
    return out;
  });
}
