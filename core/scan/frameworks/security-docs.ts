// What springdoc / Swagger 2 / MicroProfile annotations say about an operation's security:
// `@SecurityScheme(s)` and `@OpenAPIDefinition(security)` on any class (MicroProfile's
// `@SecurityScheme(securitySchemeName)` too), `@SecurityRequirement(s)` and `@Operation(security)`,
// Swagger 2 `@Api(authorizations)` / `@ApiOperation(authorizations)`, and springdoc's OpenAPI bean
// built in code (openapi-bean-security.ts). Responses the docs declare are declared-responses.ts's,
// those a handler shows by its code exception-responses.ts's.

import type { SecuritySchemeDecl } from '../../model/endpoint';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex, Scope } from '../project-index';
import { findAnnotation, simpleName } from '../source-model';
import type { Annotation, Expr, TypeDecl } from '../source-model';
import { stringAttr } from '../types/attribute';
import { annotationsNamed, arrayItems } from '../annotation-values';
import { codeSecurity, FLOWS, KEY_LOCATIONS, SCHEME_TYPES } from './openapi-bean-security';
import { guardedBy } from './jax-rs/dropwizard-auth';
import { documents, handlerOf, selects } from './springfox-security';
import { swaggerAnnotation } from './swagger-meta';
import type { SpringfoxDocket } from './springfox-security';
import type { ModuleInfo } from '../modules';
import { moduleDependencies } from '../module-dependencies';

/** The project's modules and its build files, to tell which modules build against a library module. */
export interface ModuleReach {
  modules: readonly ModuleInfo[];
  read?: (path: string) => string | undefined;
}

/** Class annotations that declare schemes or a global requirement: files using them are always read. */
export const SECURITY_DECLARATIONS = ['SecurityScheme', 'SecuritySchemes', 'OpenAPIDefinition'];


/** The `@SecurityScheme`s a class declares (directly or in `@SecuritySchemes`). */
export function securitySchemesOf(index: ProjectIndex, type: TypeDecl): SecuritySchemeDecl[] {
  const scope = { type, file: type.file };
  const out: SecuritySchemeDecl[] = [];
  for (const ann of annotationsNamed(type.annotations, 'SecurityScheme', 'SecuritySchemes')) {
    // MicroProfile OpenAPI names the scheme `securitySchemeName`.
    const name = stringAttr(index, ann, 'name', scope) ?? stringAttr(index, ann, 'securitySchemeName', scope);
    const type_ = SCHEME_TYPES[enumName(ann.args.type) ?? ''];
    if (!name || !type_) continue; // springdoc itself skips a scheme without a name or type
    const s: SecuritySchemeDecl = { name, type: type_ };
    const text = (key: string) => {
      const v = stringAttr(index, ann, key, scope);
      return v ? v : undefined;
    };
    const description = text('description');
    if (description) s.description = description;
    if (type_ === 'http') {
      s.scheme = text('scheme') ?? 'bearer';
      const format = text('bearerFormat');
      if (format) s.bearerFormat = format;
    } else if (type_ === 'apiKey') {
      s.in = KEY_LOCATIONS[enumName(ann.args.in) ?? ''] ?? 'header';
      s.paramName = text('paramName') ?? text('apiKeyName') ?? name;
    } else if (type_ === 'openIdConnect') {
      s.openIdConnectUrl = text('openIdConnectUrl') ?? '';
    } else {
      const flows = ann.args.flows?.kind === 'annotation' ? ann.args.flows.annotation : undefined;
      s.flows = {};
      for (const f of FLOWS) {
        const flow = flows?.args[f]?.kind === 'annotation' ? (flows.args[f] as { annotation: Annotation }).annotation : undefined;
        if (!flow) continue;
        const scopes: Record<string, string> = {};
        for (const item of arrayItems(flow.args.scopes)) {
          if (item.kind !== 'annotation') continue;
          const scopeName = stringAttr(index, item.annotation, 'name', scope);
          if (scopeName) scopes[scopeName] = stringAttr(index, item.annotation, 'description', scope) ?? '';
        }
        const entry: NonNullable<SecuritySchemeDecl['flows']>[string] = { scopes };
        for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
          const v = stringAttr(index, flow, key, scope);
          if (v) entry[key] = v;
        }
        s.flows[f] = entry;
      }
    }
    out.push(s);
  }
  return out;
}

/**
 * What a scan's classes declare, by module: the `@SecurityScheme`s (first of a name wins) and the
 * `@OpenAPIDefinition(security)` requirement. One per framework scanner, fed from its `collect`.
 */
export class SecurityDeclarations {
  private readonly schemes = new Map<string, Map<string, SecuritySchemeDecl>>();
  private readonly global = new Map<string, string[]>();
  /** Dropwizard's auth filters by module (jax-rs/dropwizard-auth.ts). */
  private readonly guards = new Map<string, string[]>();
  /** Dropwizard's auth filters guarding a resource of another module its application registers, by the resource's name. */
  private readonly servedGuards = new Map<string, string[]>();
  /** The schemes of those filters, by the module of the resources they guard. */
  private readonly lent = new Map<string, SecuritySchemeDecl[]>();

  /**
   * springfox Dockets (springfox-security.ts), each applying to its module's controllers; one a
   * library module's configuration declares also to those of the modules building against it
   * that declare no Docket of their own (`users`): their applications' component scans load it.
   */
  private readonly dockets: Array<SpringfoxDocket & { users: string[] }> = [];

  /** Whether the `@Bean OpenAPI` code of the index has been read (once per scan, before any class). */
  private codeRead = false;

  /** The project's modules, to find the application documenting a library module (`documentedBy`). */
  private reach?: ModuleReach;
  /** `documentedBy`'s answers, cleared whenever a class adds schemes or a requirement. */
  private readonly documenting = new Map<string, string>();

  collect(index: ProjectIndex, type: TypeDecl, reach?: ModuleReach): void {
    if (!this.codeRead) this.collectCode(index, reach);
    if (reach) this.reach = reach;
    this.documenting.clear();
    const module = type.file.module;
    for (const s of securitySchemesOf(index, type)) {
      const byName = this.schemes.get(module) ?? this.schemes.set(module, new Map()).get(module)!;
      if (!byName.has(s.name)) byName.set(s.name, s);
    }
    const global = globalSecurityOf(index, type);
    if (global.length && !this.global.has(module)) this.global.set(module, global);
  }

  /** Schemes and the document-wide requirement springdoc's OpenAPI bean builds in code (openapi-bean-security.ts). */
  private collectCode(index: ProjectIndex, reach: ModuleReach | undefined): void {
    this.codeRead = true;
    const security = codeSecurity(index);
    const withDocket = new Set(security.flatMap((s) => s.dockets.map((d) => d.module)));
    for (const { module, schemes, global, guards, serves, dockets, alsoIn } of security) {
      for (const d of dockets) {
        const users = (reach?.modules ?? []).map((m) => m.name).filter((m) => !withDocket.has(m) && moduleDependencies(m, reach!.modules, reach!.read).has(d.module));
        for (const m of [d.module, ...users]) {
          const byName = this.schemes.get(m) ?? this.schemes.set(m, new Map()).get(m)!;
          for (const s of d.schemes) if (!byName.has(s.name)) byName.set(s.name, s);
        }
        this.dockets.push({ ...d, users });
      }
      // A shared module's base configuration reaches the applications whose classes inherit it.
      for (const m of [module, ...alsoIn]) {
        for (const s of schemes) {
          const byName = this.schemes.get(m) ?? this.schemes.set(m, new Map()).get(m)!;
          if (!byName.has(s.name)) byName.set(s.name, s);
        }
        if (global.length && !this.global.has(m)) this.global.set(m, global);
      }
      const held = this.guards.get(module) ?? this.guards.set(module, []).get(module)!;
      // A guard whose name an earlier file took for another scheme is not this filter.
      for (const g of guards) if (!held.includes(g) && this.schemes.get(module)?.get(g) === schemes.find((s) => s.name === g)) held.push(g);
      // The application's resources in other modules: its filters guard them there too.
      for (const fqn of serves) {
        const into = index.typeByFqn(fqn)?.file.module;
        if (into === undefined) continue;
        const names = this.servedGuards.get(fqn) ?? this.servedGuards.set(fqn, []).get(fqn)!;
        const lent = this.lent.get(into) ?? this.lent.set(into, []).get(into)!;
        for (const s of schemes.filter((s) => guards.includes(s.name))) {
          if (!names.includes(s.name)) names.push(s.name);
          if (!lent.some((l) => l.name === s.name)) lent.push(s);
        }
      }
    }
  }

  /** The Dropwizard filters guarding the class's methods: its module's application's, else those of the application registering it. */
  private guardsOf(type: TypeDecl): string[] | undefined {
    const own = this.guards.get(type.file.module);
    return own?.length ? own : this.servedGuards.get(type.fqn);
  }

  /**
   * The module whose documented security is a module's own: itself when it declares schemes or a
   * requirement; else the one module declaring them that builds against it, as the application whose
   * component scan serves a library module's controllers (RuoYi's ruoyi-admin and its OpenAPI bean
   * for ruoyi-generator's). Several that declare different ones leave the library its own (none).
   */
  private documentedBy(module: string): string {
    const known = this.documenting.get(module);
    if (known !== undefined) return known;
    let found = module;
    if (!this.schemes.has(module) && !this.global.has(module) && this.reach) {
      const { modules, read } = this.reach;
      const declaring = [...new Set([...this.schemes.keys(), ...this.global.keys()])];
      const servers = declaring.filter((m) => m !== module && moduleDependencies(m, modules, read).has(module));
      const security = (m: string) => JSON.stringify([[...(this.schemes.get(m)?.values() ?? [])], this.global.get(m)]);
      if (servers.length > 0 && servers.every((m) => security(m) === security(servers[0]!))) found = servers[0]!;
    }
    this.documenting.set(module, found);
    return found;
  }

  byModule(): Map<string, SecuritySchemeDecl[]> {
    const out = new Map([...this.schemes].map(([m, byName]) => [m, [...byName.values()]]));
    // A library module served by an application: that application's schemes describe its controllers.
    for (const { name } of this.reach?.modules ?? []) {
      const from = out.has(name) ? name : this.documentedBy(name);
      if (from !== name && out.has(from)) out.set(name, [...out.get(from)!]);
    }
    // A filter guarding another module's resources is a scheme of that module's document too.
    for (const [m, lent] of this.lent) {
      const list = out.get(m) ?? out.set(m, []).get(m)!;
      for (const s of lent) if (!list.some((l) => l.name === s.name)) list.push(s);
    }
    return out;
  }

  names(module: string): string[] {
    return [...(this.schemes.get(this.documentedBy(module))?.keys() ?? [])];
  }

  globalOf(module: string): string[] | undefined {
    return this.global.get(this.documentedBy(module));
  }

  /**
   * The schemes an operation needs: its own or its class's `@SecurityRequirement`; else, where the
   * module declares schemes, JSR-250's `@PermitAll` is public and `@RolesAllowed` needs a signed-in
   * caller (the `@OpenAPIDefinition` requirement, else any declared scheme); else the module
   * default. JAX-RS reads JSR-250, and so does Spring Security with `jsr250Enabled`. Where the
   * module registers Dropwizard's auth feature, the methods it guards need its filters' schemes.
   * Where a springfox Docket declaring schemes documents the class (its module's, or a library's
   * the module builds against), the first of its security
   * contexts selecting the operation's `path` (its request mapping pattern) names the schemes it
   * needs; none selecting it, it needs none.
   */
  requiredBy(index: ProjectIndex, type: TypeDecl, chain: readonly MethodSite[], path?: string): string[] | undefined {
    const declared = operationSecurity(index, type, chain);
    if (declared) return declared;
    const module = type.file.module;
    const handler = path === undefined ? undefined : handlerOf(index, type, chain);
    const docket = handler && this.dockets.find((d) => (d.module === module || d.users.includes(module)) && d.schemes.length > 0 && documents(d, handler, path!));
    // Springfox leaves an operation no context selects without security: public, where schemes are declared.
    if (docket) return docket.contexts.find((c) => selects(c.selector, path!))?.refs ?? [];
    // Dropwizard's auth feature: its filters guard the methods it picks, `@PermitAll` ones too.
    const guards = this.guardsOf(type);
    if (guards?.length && guardedBy(type, chain)) return guards;
    const global = this.globalOf(module);
    const known = this.names(module);
    if (known.length) {
      for (const anns of [...chain.map((s) => s.method.annotations), ...[type, ...index.ancestors(type)].map((t) => t.annotations)]) {
        if (findAnnotation(anns, 'PermitAll')) return [];
        if (findAnnotation(anns, 'RolesAllowed')) return global ?? known;
      }
    }
    return global;
  }

  /** Whether a call may also go without the credentials `requiredBy` names (Dropwizard's `@Auth Optional<User>`). */
  optionalBy(index: ProjectIndex, type: TypeDecl, chain: readonly MethodSite[]): boolean {
    return !!this.guardsOf(type)?.length && !operationSecurity(index, type, chain) && guardedBy(type, chain) === 'optional';
  }
}

/** `@OpenAPIDefinition(security = @SecurityRequirement(name = ...))` on a class: the module-wide requirement. */
export function globalSecurityOf(index: ProjectIndex, type: TypeDecl): string[] {
  const def = findAnnotation(type.annotations, 'OpenAPIDefinition');
  return def ? requirementNames(index, def.args.security, { type, file: type.file }) : [];
}

/**
 * The scheme names an operation needs: the method's own declaration wins over its class's
 * (springdoc's rule); undefined when neither declares one.
 */
export function operationSecurity(index: ProjectIndex, type: TypeDecl, chain: readonly MethodSite[]): string[] | undefined {
  for (const { method, owner } of chain) {
    const found = declaredOn(index, method.annotations, { type: owner, file: owner.file });
    if (found) return found;
  }
  for (const t of [type, ...index.ancestors(type)]) {
    const found = declaredOn(index, t.annotations, { type: t, file: t.file });
    if (found) return found;
  }
  return undefined;
}

function declaredOn(index: ProjectIndex, anns: readonly Annotation[], scope: Scope): string[] | undefined {
  const names: string[] = [];
  let declared = false;
  // An empty `@SecurityRequirements` declares the operation public.
  if (findAnnotation(anns, 'SecurityRequirements')) declared = true;
  for (const ann of annotationsNamed(anns, 'SecurityRequirement', 'SecurityRequirements')) {
    declared = true;
    names.push(...requirementNames(index, { kind: 'annotation', annotation: ann }, scope));
  }
  const op = findAnnotation(anns, 'Operation');
  if (op?.args.security) {
    declared = true;
    names.push(...requirementNames(index, op.args.security, scope));
  }
  // Swagger 2: @Api(authorizations = @Authorization("x")), @ApiOperation(authorizations = ...).
  // Also carried by an annotation type (swagger-meta.ts), as springfox finds it.
  const api = swaggerAnnotation(index, anns, scope, 'ApiOperation', 'Api');
  for (const item of arrayItems(api?.annotation.args.authorizations)) {
    if (item.kind !== 'annotation') continue;
    const name = stringAttr(index, item.annotation, 'value', api!.scope);
    declared = true;
    if (name) names.push(name);
  }
  return declared ? [...new Set(names)] : undefined;
}

function requirementNames(index: ProjectIndex, e: Expr | undefined, scope: Scope): string[] {
  const out: string[] = [];
  for (const item of arrayItems(e)) {
    if (item.kind !== 'annotation') continue;
    const a = item.annotation;
    if (simpleName(a.name) === 'SecurityRequirements') out.push(...requirementNames(index, a.args.value, scope));
    else {
      const name = stringAttr(index, a, 'name', scope);
      if (name) out.push(name);
    }
  }
  return out;
}


function enumName(e: Expr | undefined): string | undefined {
  if (e?.kind !== 'name') return undefined;
  return e.name.slice(e.name.lastIndexOf('.') + 1).toUpperCase();
}
