// Kotlin's name rules where they differ from Java's, for the project index: a file's package
// line has no `;`, its top-level properties belong to a facade class Java code names
// (`ApiPathsKt.BASE`) while Kotlin code names them bare, from the same package or through
// an import (`import com.acme.web.BASE`), and `import a.Paths.API` imports a member.

import type { FileEntry, ProjectIndex, Scope } from '../project-index';
import type { FieldDecl, TypeDecl } from '../source-model';
import { simpleName } from '../source-model';
import { facadeName } from './kotlin-source';

const PACKAGE = /^[ \t]*package[ \t]+([\w$.` \t]+?)[ \t]*;?[ \t]*\r?$/m;
const ANNOTATION_CLASS = /\bannotation\s+class\b/;
const JVM_NAME = /@file\s*:\s*JvmName\s*\(\s*"([\w$]+)"\s*\)/;
/** A property declared at the start of a line: top-level, as files are normally formatted. */
const TOP_LEVEL_PROPERTY = /^(?:(?:public|internal|private|const|lateinit|@[\w.]+(?:\([^)\n]*\))?)[ \t]+)*va[lr][ \t]+`?([\w$]+)/gm;

/** Completes a Kotlin file's cheap header: package, annotation classes, facade class name, top-level property names. */
export function kotlinHeader(bytes: Buffer, entry: FileEntry): void {
  const text = bytes.toString('latin1');
  if (ANNOTATION_CLASS.test(text)) entry.declaresAnnotation = true;
  entry.pkg = PACKAGE.exec(text)?.[1]?.replace(/[\s`]+/g, '') ?? '';
  entry.declares.push(JVM_NAME.exec(text)?.[1] ?? facadeName(entry.path));
  const topLevel: string[] = [];
  for (const m of text.matchAll(TOP_LEVEL_PROPERTY)) topLevel.push(m[1]!);
  if (topLevel.length) entry.topLevel = topLevel;
}

/** A bare name Kotlin code can see that Java scoping did not find. */
export function kotlinField(index: ProjectIndex, name: string, scope: Scope): { field: FieldDecl; owner: TypeDecl } | undefined {
  const file = scope.file;
  const facade = file.types.find((t) => t.facade);
  const own = facade?.fields.find((f) => f.name === name);
  if (facade && own) return { field: own, owner: facade };
  for (const imp of file.imports) {
    if (imp.wildcard || (imp.alias ?? simpleName(imp.name)) !== name) continue;
    const dot = imp.name.lastIndexOf('.');
    if (dot < 0) continue;
    const parent = imp.name.slice(0, dot);
    const member = imp.name.slice(dot + 1);
    const owner = index.typeByFqn(parent, file.module);
    const hit = owner ? index.fieldOf(owner, member) : index.topLevelField(parent, member, file.module);
    if (hit) return hit;
  }
  const samePackage = index.topLevelField(file.pkg, name, file.module);
  if (samePackage) return samePackage;
  for (const imp of file.imports) {
    if (!imp.wildcard) continue;
    const owner = index.typeByFqn(imp.name, file.module);
    const hit = owner ? index.fieldOf(owner, name) : index.topLevelField(imp.name, name, file.module);
    if (hit) return hit;
  }
  return undefined;
}
