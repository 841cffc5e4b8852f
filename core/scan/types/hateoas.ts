// Spring HATEOAS' models as Spring Boot writes them: HAL is its default JSON rendering, so a
// `RepresentationModel` adds `_links` (relation -> link), an `EntityModel<T>` is T's properties
// unwrapped beside them, a `CollectionModel<T>` holds its content under `_embedded` by the
// collection relation of its element class, and a `PagedModel<T>` adds the `page` metadata.
// Before 1.0 the same classes were `ResourceSupport`, `Resource`, `Resources`, `PagedResources`.

import type { JsonSchema } from '../../model/request';
import type { ProjectIndex } from '../project-index';
import { findAnnotation } from '../source-model';
import { stringAttr } from './attribute';
import type { JavaType } from './java-type';

const PACKAGE = 'org.springframework.hateoas';

export type HalWrapper = 'entity' | 'collection' | 'paged';

const WRAPPERS = new Map<string, HalWrapper>([
  ['EntityModel', 'entity'],
  ['Resource', 'entity'],
  ['CollectionModel', 'collection'],
  ['Resources', 'collection'],
  ['PagedModel', 'paged'],
  ['PagedResources', 'paged'],
]);

const MODEL_BASES = new Set([`${PACKAGE}.RepresentationModel`, `${PACKAGE}.ResourceSupport`]);

/** What a Spring HATEOAS type by this qualified name wraps its first type argument into, if it is one. */
export function halWrapper(qualifiedName: string): HalWrapper | undefined {
  const dot = qualifiedName.lastIndexOf('.');
  return qualifiedName.slice(0, dot) === PACKAGE ? WRAPPERS.get(qualifiedName.slice(dot + 1)) : undefined;
}

/** Whether a class extending this library class is written with `_links`. */
export function isRepresentationModel(qualifiedName: string | undefined): boolean {
  return qualifiedName !== undefined && MODEL_BASES.has(qualifiedName);
}

/** `_links`: each relation's link; read-only, as a client never sends them. */
export function halLinks(): JsonSchema {
  return {
    type: 'object',
    description: 'HAL links, by relation',
    readOnly: true,
    additionalProperties: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
    examples: [{ self: { href: 'http://localhost:8080/' } }],
  };
}

/** A `PagedModel`'s `page`. */
export function halPage(): JsonSchema {
  const long: JsonSchema = { type: 'integer', format: 'int64' };
  return { type: 'object', readOnly: true, properties: { size: long, totalElements: long, totalPages: long, number: long } };
}

/**
 * The relation a collection of `element` is embedded under: `@Relation(collectionRelation)` on its
 * class, else Spring HATEOAS' default, the class's simple name uncapitalised with `List` appended.
 */
export function collectionRelation(index: ProjectIndex, element: JavaType): string {
  let t = element;
  while (t.kind === 'library' && halWrapper(t.name) === 'entity' && t.args[0]) t = t.args[0];
  if (t.kind === 'source') {
    const relation = findAnnotation(t.decl.annotations, 'Relation');
    const declared = relation && stringAttr(index, relation, 'collectionRelation', { type: t.decl, file: t.decl.file });
    if (declared) return declared;
  }
  const name = t.kind === 'source' ? t.decl.name : t.kind === 'library' ? t.name.slice(t.name.lastIndexOf('.') + 1) : t.kind === 'primitive' ? t.name : 'object';
  return `${name.charAt(0).toLowerCase()}${name.slice(1)}List`;
}

/** An entity model's schema: the content's properties with `_links` beside them. */
export function withLinks(content: JsonSchema): JsonSchema {
  if (content.type !== 'object' || content.$ref !== undefined) return content;
  return { ...content, properties: { ...(content.properties ?? {}), _links: halLinks() } };
}
