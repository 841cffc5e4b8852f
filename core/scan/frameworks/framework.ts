// The contract between the scan orchestrator and one framework, plus the context they share.
// The orchestrator never names a framework; it asks each registered scanner what to parse
// and which types serve endpoints.

import type { Diagnostic, Endpoint, FrameworkId, SecuritySchemeDecl } from '../../model/endpoint';
import type { ProjectIndex } from '../project-index';
import type { ModuleInfo } from '../modules';
import type { ProtoIndex } from '../proto/proto-index';
import type { Scope } from '../project-index';
import type { Annotation, TypeDecl } from '../source-model';
import type { SchemaBuilder } from '../types/type-schema';
import type { SpecDocuments } from './openapi-generated/spec-documents';

export interface ScanContext {
  index: ProjectIndex;
  diagnostics: Diagnostic[];
  modules: readonly ModuleInfo[];
  /** Types to JSON Schema, shared by the whole scan (it reports cached reads to the index's tracking). */
  schemas: SchemaBuilder;
  /** The same with Java property names: how Spring binds form fields and query parameters to a bean. */
  beanSchemas: SchemaBuilder;
  /** Resolve each endpoint's request and response models (off for a quick endpoint list). */
  requestModels: boolean;
  /** The project's .proto files, parsed on first use. */
  protos: ProtoIndex;
  /** A Spring Boot property set in any module's application.yml/properties (relaxed names), read on first use. */
  appProperty?: (key: string) => string | undefined;
  /** A file of the project (path relative to the root) as text, undefined when absent. */
  readProjectFile?: (path: string) => string | undefined;
  /** OpenAPI specs as parsed by whichever reader came first (generated interfaces and models share them). */
  specDocuments?: SpecDocuments;
}

/** Supertype names that mark a file: whole names, or names ending so. */
export interface SuperMarkers {
  names: readonly string[];
  suffixes?: readonly string[];
}

export interface FrameworkScanner {
  id: FrameworkId;
  /**
   * Annotation simple names that make a file worth parsing. Grows as `learnAnnotation`
   * discovers meta-annotated custom annotations.
   */
  markers(): Iterable<string>;
  /**
   * Supertype simple names (as file headers list them after extends/implements) that make a
   * file worth parsing without any marker annotation: gRPC's generated `XxxImplBase`, say. Data,
   * not a predicate: the parse worker applies the markers too (framework-markers.ts).
   */
  superMarkers?(): SuperMarkers;
  /**
   * Library names whose mention in the code (`FileEntry.mentions`, found by the header read)
   * makes a file worth parsing without any marker annotation: functional routes.
   */
  mentionMarkers?(): readonly string[];
  /** Annotation names whose use on an annotation type may define a custom marker. */
  metaMarkers(): Iterable<string>;
  /**
   * Annotation names that change results project-wide (`@ApplicationPath`): files using them
   * are always parsed and collected, and a change to one recomputes every root.
   */
  globalMarkers?(): Iterable<string>;
  /**
   * Supertype simple names whose implementations change results project-wide (a
   * WebMvcConfigurer adding path prefixes): a change to one recomputes every root.
   */
  globalSupers?(): readonly string[];
  /**
   * Shown every annotation type declared in a parsed file whose annotations include a marker.
   * Returns true when it learned a new marker (a custom stereotype, verb or mapping).
   */
  learnAnnotation(decl: TypeDecl, ctx: ScanContext): boolean;
  /**
   * Supertype simple names whose subclasses may teach new markers (a RequestMappingHandlerMapping
   * whose `isHandler` accepts a custom annotation): their files are shown to `learnFromFile` in the
   * learn step, before candidates are chosen. List them in `globalSupers` too, so an edit re-learns.
   */
  teacherSupers?(): readonly string[];
  /** Shown each file naming a `teacherSupers` supertype; true when it learned a new marker. */
  learnFromFile?(file: { path: string; abs: string }, ctx: ScanContext): boolean;
  /** springdoc `@SecurityScheme`s collected, by module name. */
  securitySchemes?(): ReadonlyMap<string, readonly SecuritySchemeDecl[]>;
  /** Shown every type of every parsed candidate file before any endpoint is built. */
  collect?(type: TypeDecl, ctx: ScanContext): void;
  /**
   * An abstract type or interface whose implementations (found by the orchestrator through the
   * supertype headers) may serve endpoints without carrying any annotation themselves.
   */
  wantsImplementations?(type: TypeDecl, ctx: ScanContext): boolean;
  /**
   * Whether the endpoints depend on the modules a type's module builds against (gRPC binds a
   * service to the proto its module can see): a build-file edit that changes a module's
   * dependencies recomputes this framework's endpoints of that module and its dependents.
   */
  readsModuleDependencies?: boolean;
  /**
   * Whether the endpoints depend on the modules building against a type's module (a war's web.xml
   * mounts the resources of the jar it packs): a build-file edit that changes a module's
   * dependencies recomputes this framework's endpoints of the modules it builds against.
   */
  readsServingModules?: boolean;
  /** Endpoints served by a concrete type; [] when it serves none. */
  endpoints(type: TypeDecl, ctx: ScanContext): Endpoint[];
}

export type { Annotation, Scope, TypeDecl };
