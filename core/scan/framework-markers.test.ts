import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FrameworkMarkers } from './framework-markers';
import { createFrameworkScanners } from './frameworks';
import { ProjectScanner } from './project-scanner';

const header = (annotations: string[], supers: string[] = []) => ({ annotations: new Set(annotations), supers });

describe('FrameworkMarkers', () => {
  const markers = new FrameworkMarkers(createFrameworkScanners({ actuator: true }));

  it('makes a candidate of a file using a marker or extending a marking supertype', () => {
    expect(markers.isCandidate(header(['RestController']))).toBe(true);
    expect(markers.isCandidate(header(['Path']))).toBe(true);
    expect(markers.isCandidate(header(['GrpcService']))).toBe(true);
    expect(markers.isCandidate(header(['Endpoint']))).toBe(true);
    expect(markers.isCandidate(header([], ['GreeterImplBase']))).toBe(true);
    expect(markers.isCandidate(header([], ['WebMvcConfigurer']))).toBe(true);
    expect(markers.isCandidate(header(['Service', 'Autowired'], ['BaseService']))).toBe(false);
    expect(markers.isCandidate(header([]))).toBe(false);
  });

  it('keeps as text a file that may teach frameworks (meta-annotations) or change results project-wide', () => {
    expect(markers.isInteresting(header(['HttpMethod']))).toBe(true);
    expect(markers.isCandidate(header(['HttpMethod']))).toBe(false);
    expect(markers.isInteresting(header(['ApplicationPath']))).toBe(true);
    expect(markers.usesGlobalMarker(header(['ApplicationPath']))).toBe(true);
    expect(markers.usesGlobalMarker(header(['RestController']))).toBe(false);
    expect(markers.extendsGlobalSuper(header([], ['WebMvcConfigurer']))).toBe(true);
    expect(markers.extendsGlobalSuper(header([], ['GreeterImplBase']))).toBe(false);
    expect(markers.isInteresting(header(['Data', 'Entity']))).toBe(false);
  });

  it('is a snapshot: markers learned later need a new instance', () => {
    // Actuator off: its markers are not in the set.
    expect(new FrameworkMarkers(createFrameworkScanners({ actuator: false })).isCandidate(header(['Endpoint']))).toBe(false);
  });
});

describe('files that are controllers without a marker in their own header', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-markers-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (p: string, text: string) => {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  };
  const J = 'src/main/java/com/acme/';
  // A stereotype of the project's own, meta-annotated with @RestController, declared after its users by path.
  write(`${J}web/ZApi.java`, `package com.acme.web;
import java.lang.annotation.*;
import org.springframework.web.bind.annotation.*;
@Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE) @RestController @RequestMapping("/z")
public @interface ZApi {}`);
  // A composed mapping of its own, meta-annotated with @RequestMapping.
  write(`${J}web/Fetch.java`, `package com.acme.web;
import java.lang.annotation.*;
import org.springframework.web.bind.annotation.*;
@Retention(RetentionPolicy.RUNTIME) @RequestMapping(method = RequestMethod.GET)
public @interface Fetch { String[] value() default {}; }`);
  write(`${J}web/AOrders.java`, `package com.acme.web;
@ZApi
public class AOrders { @Fetch("/orders") public String list() { return ""; } }`);
  // JAX-RS: the resource class names no annotation at all; its interface carries @Path.
  write(`${J}rs/ShipmentApi.java`, `package com.acme.rs;
import javax.ws.rs.*;
@Path("/shipments")
public interface ShipmentApi { @GET @Path("/{id}") String get(@PathParam("id") String id); }`);
  write(`${J}rs/impl/ShipmentResource.java`, `package com.acme.rs.impl;
import com.acme.rs.ShipmentApi;
public class ShipmentResource implements ShipmentApi { public String get(String id) { return id; } }`);
  // A plain DTO with the words of markers in a comment and a string only.
  write(`${J}dto/Note.java`, `package com.acme.dto;
/** Not a @RestController, mapped by @Path elsewhere. */
public class Note { String text = "@GetMapping"; }`);

  it('are found: through a learned stereotype and composed mapping, and through an annotated interface', async () => {
    const result = await new ProjectScanner(root, { parseWorker: false }).scan();
    const found = result.endpoints.map((e) => `${e.method} ${e.path} ${e.className}`).sort();
    expect(found).toEqual(['GET /shipments/{id} com.acme.rs.impl.ShipmentResource', 'GET /z/orders com.acme.web.AOrders']);
  });
});
