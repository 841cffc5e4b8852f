// Request and response models of Spring MVC and JAX-RS endpoints, from source (issue 3):
// every parameter kind, bodies, wrappers unwrapped, views, context paths.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { writeFiles } from '../write-files';

const J = 'src/main/java/com/acme/';

async function scan(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-request-'));
  writeFiles(root, files);
  return scanProject(root);
}

function endpoint(endpoints: Endpoint[], member: string): Endpoint {
  const e = endpoints.find((x) => x.source.member === member);
  if (!e) throw new Error(`no endpoint ${member}: ${endpoints.map((x) => x.source.member).join(', ')}`);
  return e;
}

/** name:in:required[=default] for compact, exact comparison. */
const params = (e: Endpoint) => e.request!.params.map((p) => `${p.name}:${p.in}:${p.required ? 'required' : 'optional'}${p.default !== undefined ? `=${p.default}` : ''}`);

const DTOS = {
  [`${J}UserForm.java`]: `package com.acme;
import jakarta.validation.constraints.NotBlank;
/** A user to create. */
@lombok.Data
public class UserForm {
  /** Login name. */
  @NotBlank private String name;
  private Integer age;
}`,
  [`${J}UserVO.java`]: `package com.acme;
public class UserVO { private Long id; private String name; }`,
  [`${J}Result.java`]: `package com.acme;
public class Result<T> { private int code; private String message; private T data; }`,
  [`${J}Filter.java`]: `package com.acme;
public class Filter { private String q; private Integer limit; public void setQ(String q) {} public void setLimit(Integer limit) {} }`,
};

describe('Spring MVC request model', () => {
  it('reads every parameter kind with names, locations, required flags and defaults', async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}UserController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
import org.springframework.data.domain.Pageable;
import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
@RestController @RequestMapping("/users")
public class UserController {
  /**
   * Lists users.
   * @param tenant the tenant header
   * @param status filter by status
   */
  @GetMapping
  public Result<java.util.List<UserVO>> list(@RequestHeader("X-Tenant") String tenant,
      @RequestParam(value = "status", defaultValue = "ACTIVE") String status,
      @RequestParam(required = false) Integer limit, @CookieValue("sid") String sid,
      Pageable pageable, HttpServletRequest request, Principal principal) { return null; }

  @GetMapping("/{id}")
  public UserVO get(@PathVariable("id") Long userId, String plain) { return null; }

  @PostMapping
  public Result<UserVO> create(@RequestBody UserForm form) { return null; }

  @GetMapping("/search")
  public void search(@ModelAttribute Filter filter) {}

  @GetMapping(value = "/cond", params = {"type=card", "debug", "!legacy"}, headers = "X-Api=2")
  public void cond() {}
}`,
    });
    const list = endpoint(endpoints, 'list');
    expect(params(list)).toEqual([
      'X-Tenant:header:required',
      'status:query:optional=ACTIVE',
      'limit:query:optional',
      'sid:cookie:required',
      'page:query:optional=0',
      'size:query:optional=20',
      'sort:query:optional',
    ]);
    expect(list.request!.params[0]!.description).toBe('the tenant header');
    expect(list.request!.params[1]!.description).toBe('filter by status');
    expect(list.request!.body).toBeUndefined();
    expect(list.response!.contentType).toBe('application/json');
    expect(list.response!.schema!['x-java-type']).toBe('com.acme.Result<java.util.List<com.acme.UserVO>>');

    const get = endpoint(endpoints, 'get');
    expect(params(get)).toEqual(['id:path:required', 'plain:query:optional']);
    expect(get.request!.params[0]!.schema).toMatchObject({ type: 'integer', format: 'int64' });

    const create = endpoint(endpoints, 'create');
    expect(create.request!.body).toMatchObject({ contentType: 'application/json', required: true });
    expect(create.request!.body!.schema).toMatchObject({ type: 'object', required: ['name'] });
    expect(create.request!.body!.example).toMatchObject({ name: expect.any(String) });
    expect(create.request!.consumes).toEqual(['application/json']);

    expect(params(endpoint(endpoints, 'search'))).toEqual(['q:query:optional', 'limit:query:optional']);
    expect(endpoint(endpoints, 'search').response).toMatchObject({ description: 'No body.' });

    const cond = endpoint(endpoints, 'cond');
    expect(params(cond)).toEqual(['type:query:required', 'debug:query:required', 'X-Api:header:required']);
    expect(cond.request!.params[0]!.schema).toEqual({ type: 'string', enum: ['card'] });
  });

  it('names bound bean parameters the Java way and body properties the Jackson way', async () => {
    const { endpoints } = await scan({
      [`${J}Query.java`]: `package com.acme;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@lombok.Data public class Query { @JsonProperty("q") private String searchText; private Integer pageSize; }`,
      [`${J}QueryController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class QueryController {
  @GetMapping("/find") public void find(Query query) {}
  @PostMapping("/find") public void post(@RequestBody Query query) {}
}`,
    });
    expect(params(endpoint(endpoints, 'find'))).toEqual(['searchText:query:optional', 'pageSize:query:optional']);
    // In Jackson's order: the property @JsonProperty renames after the others.
    expect(Object.keys(endpoint(endpoints, 'post').request!.body!.schema.properties!)).toEqual(['page_size', 'q']);
  });

  it('reads multipart uploads and form bindings', async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}FileController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.multipart.MultipartFile;
@RestController
public class FileController {
  @PostMapping("/upload")
  public void upload(@RequestPart("file") MultipartFile file, @RequestPart("meta") UserForm meta, @RequestParam String note) {}
  @PostMapping(value = "/form", consumes = "application/x-www-form-urlencoded")
  public void form(@jakarta.validation.Valid UserForm form) {}
  @PostMapping("/many")
  public void many(@RequestParam("files") MultipartFile[] files) {}
}`,
    });
    const upload = endpoint(endpoints, 'upload');
    expect(params(upload)).toEqual(['file:form:required', 'meta:form:required', 'note:query:required']);
    expect(upload.request!.params[0]).toMatchObject({ file: true, schema: { type: 'string', format: 'binary' } });
    expect(upload.request!.consumes).toEqual(['multipart/form-data']);
    // @Valid: Spring checks the @NotBlank, so name is required.
    expect(params(endpoint(endpoints, 'form'))).toEqual(['name:form:required', 'age:form:optional']);
    expect(endpoint(endpoints, 'many').request!.params[0]!.schema).toEqual({ type: 'array', items: { type: 'string', format: 'binary' } });
  });

  it('binds a bean holding a MultipartFile from a multipart form: every property a form part, the file a file part', async () => {
    const { endpoints } = await scan({
      [`${J}ImportForm.java`]: `package com.acme;
import org.springframework.web.multipart.MultipartFile;
import jakarta.validation.constraints.NotNull;
@lombok.Data
public class ImportForm {
  @NotNull private MultipartFile file;
  private Boolean overwrite;
  private java.util.List<MultipartFile> attachments;
}`,
      [`${J}ImportController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class ImportController {
  @PostMapping("/import")
  public void importFile(@jakarta.validation.Valid ImportForm form, @RequestParam("dryRun") boolean dryRun) {}
}`,
    });
    const e = endpoint(endpoints, 'importFile');
    expect(params(e)).toEqual(['file:form:required', 'overwrite:form:optional', 'attachments:form:optional', 'dryRun:query:required']);
    expect(e.request!.params[0]).toMatchObject({ file: true, schema: { type: 'string', format: 'binary' } });
    expect(e.request!.params[2]).toMatchObject({ file: true, schema: { type: 'array', items: { type: 'string', format: 'binary' } } });
    expect(e.request!.params[1]!.file).toBeUndefined();
    expect(e.request!.consumes).toEqual(['multipart/form-data']);
  });

  it('makes a constrained property of a bound bean required only when the handler validates the bean', async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}SearchController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
import org.springframework.validation.annotation.Validated;
@RestController
public class SearchController {
  @GetMapping("/plain") public void plain(UserForm filter) {}
  @GetMapping("/valid") public void valid(@jakarta.validation.Valid UserForm filter) {}
  @GetMapping("/validated") public void validated(@Validated @ModelAttribute UserForm filter) {}
}`,
    });
    expect(params(endpoint(endpoints, 'plain'))).toEqual(['name:query:optional', 'age:query:optional']);
    expect(params(endpoint(endpoints, 'valid'))).toEqual(['name:query:required', 'age:query:optional']);
    expect(params(endpoint(endpoints, 'validated'))).toEqual(['name:query:required', 'age:query:optional']);
  });

  it('sends a @RequestBody String as plain text, raw, unless the mapping says what it consumes', async () => {
    const { endpoints } = await scan({
      [`${J}MailController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class MailController {
  @PostMapping("/reset") public void reset(@RequestBody String mail) {}
  @PostMapping(value = "/raw", consumes = "application/xml") public void raw(@RequestBody String xml) {}
  @PostMapping("/names") public void names(@RequestBody String[] names) {}
}`,
    });
    const reset = endpoint(endpoints, 'reset');
    expect(reset.request!.body).toMatchObject({ contentType: 'text/plain', schema: { type: 'string' } });
    expect(reset.request!.consumes).toEqual(['text/plain']);
    expect(endpoint(endpoints, 'raw').request!.body!.contentType).toBe('application/xml');
    expect(endpoint(endpoints, 'names').request!.body!.contentType).toBe('application/json');
  });

  it("takes the body of a Response / ResponseEntity<?> from the declared success response's content", async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}DocumentedController.java`]: `package com.acme;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.*;
import io.swagger.v3.oas.annotations.media.*;
import io.swagger.v3.oas.annotations.responses.*;
@RestController
public class DocumentedController {
  @GetMapping("/users")
  @ApiResponses({@ApiResponse(responseCode = "400", description = "Bad filter", content = @Content(schema = @Schema(implementation = Result.class))),
                 @ApiResponse(responseCode = "200", description = "The users", content = @Content(mediaType = "application/json", array = @ArraySchema(schema = @Schema(implementation = UserVO.class))))})
  public ResponseEntity<?> users() { return null; }
  @GetMapping("/user")
  @ApiResponse(responseCode = "200", description = "One user", content = @Content(schema = @Schema(implementation = UserVO.class)))
  public ResponseEntity<UserForm> typed() { return null; }
  @GetMapping("/legacy")
  @io.swagger.annotations.ApiResponses(@io.swagger.annotations.ApiResponse(code = 200, message = "Users", response = UserVO.class, responseContainer = "List"))
  public Object legacy() { return null; }
}`,
      [`${J}UserResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.*;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
@Path("/rs/users")
public class UserResource {
  @GET
  @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = UserVO.class, type = SchemaType.ARRAY)))
  public Response list() { return null; }
  @DELETE
  @APIResponse(responseCode = "204", description = "Deleted")
  public Response remove() { return null; }
}`,
    });
    const users = endpoint(endpoints, 'users').response!;
    expect(users).toMatchObject({ contentType: 'application/json', description: 'The users', schema: { type: 'array', items: { 'x-java-type': 'com.acme.UserVO' } } });
    expect(users.example).toEqual([{ id: 0, name: 'name' }]);
    // A return type that names its body wins over the annotation.
    expect(endpoint(endpoints, 'typed').response!.schema!['x-java-type']).toBe('com.acme.UserForm');
    // Swagger 2: response = X.class with responseContainer = "List".
    expect(endpoint(endpoints, 'legacy').response).toMatchObject({ description: 'Users', schema: { type: 'array', items: { 'x-java-type': 'com.acme.UserVO' } } });
    expect(endpoint(endpoints, 'list').response!.schema).toMatchObject({ type: 'array', items: { 'x-java-type': 'com.acme.UserVO' } });
    expect(endpoint(endpoints, 'remove').response).toEqual({ contentType: 'application/json', description: 'Deleted' });
  });

  it('takes the body of a handler returning JSON as text, or any object, from the declared success response', async () => {
    // Apache Fineract: `public String retrieveOne(..)` returns the JSON it serialized itself and declares its class.
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}OfficesResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import io.swagger.v3.oas.annotations.media.*;
import io.swagger.v3.oas.annotations.responses.*;
@Path("offices") @Produces("application/json")
public class OfficesResource {
  @GET @Path("{id}")
  @ApiResponses({@ApiResponse(responseCode = "200", description = "OK", content = @Content(schema = @Schema(implementation = UserVO.class)))})
  public String retrieveOne(@PathParam("id") Long id) { return ""; }
  @GET @Path("template")
  @ApiResponse(responseCode = "200", description = "OK")
  public String template() { return ""; }
  @GET @Path("any")
  @ApiResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = Object.class)))
  public String any() { return ""; }
  @DELETE @Path("{id}")
  @ApiResponse(responseCode = "204", description = "Deleted")
  public String remove(@PathParam("id") Long id) { return ""; }
}`,
      [`${J}OfficeController.java`]: `package com.acme;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.web.bind.annotation.*;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.*;
import io.swagger.v3.oas.annotations.responses.*;
@RestController
public class OfficeController {
  @GetMapping("/text") @ApiResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = UserVO.class)))
  public String text() { return ""; }
  @GetMapping("/bag") @Operation(responses = @ApiResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = UserVO.class))))
  public Map<String, Object> bag() { return null; }
  @GetMapping("/node") @ApiResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = UserVO.class)))
  public JsonNode node() { return null; }
  @GetMapping("/counts") @ApiResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = UserVO.class)))
  public Map<String, Long> counts() { return null; }
}`,
    });
    for (const name of ['retrieveOne', 'text', 'bag', 'node']) {
      const r = endpoint(endpoints, name).response!;
      expect(r, name).toMatchObject({ contentType: 'application/json', schema: { 'x-java-type': 'com.acme.UserVO' } });
      expect(r.example, name).toEqual({ id: 0, name: 'name' });
    }
    // Declared without content, as any object or as no content, or returning a typed map: what the code says stays.
    for (const name of ['template', 'any', 'remove']) expect(endpoint(endpoints, name).response!.schema, name).toEqual({ type: 'string' });
    expect(endpoint(endpoints, 'counts').response!.schema).toMatchObject({ type: 'object', additionalProperties: { type: 'integer' } });
  });

  it("takes a text or any-object @RequestBody as the class Swagger's method-level @RequestBody declares", async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}CommandController.java`]: `package com.acme;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.web.bind.annotation.*;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.*;
@RestController @RequestMapping("/commands")
public class CommandController {
  @PostMapping("/text")
  @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(schema = @Schema(implementation = UserForm.class)))
  public void text(@RequestBody String json) { }
  @PostMapping("/bag")
  @Operation(summary = "Bag", requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(schema = @Schema(implementation = UserForm.class))))
  public void bag(@RequestBody Map<String, Object> body) { }
  @PostMapping("/node")
  @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(schema = @Schema(implementation = UserForm.class)))
  public void node(@RequestBody JsonNode node) { }
  @PostMapping("/any")
  @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(schema = @Schema(implementation = UserForm.class)))
  public void any(@RequestBody Object body) { }
  @PostMapping("/typed")
  @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(schema = @Schema(implementation = UserForm.class)))
  public void typed(@RequestBody UserVO user) { }
  @PostMapping("/raw")
  public void raw(@RequestBody String text) { }
  @PostMapping("/beside")
  public void beside(@io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(schema = @Schema(implementation = UserForm.class))) @RequestBody String json) { }
  @PostMapping("/vague")
  @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(schema = @Schema(implementation = Object.class)))
  public void vague(@RequestBody Map<String, Object> body) { }
}`,
    });
    for (const name of ['text', 'bag', 'node', 'any', 'beside']) {
      const body = endpoint(endpoints, name).request!.body!;
      expect(body, name).toMatchObject({ contentType: 'application/json', schema: { 'x-java-type': 'com.acme.UserForm' } });
      expect(Object.keys(body.schema.properties ?? {}), name).toEqual(['name', 'age']);
    }
    // A parameter of a class of its own says what Jackson reads; an undeclared String stays raw text.
    expect(endpoint(endpoints, 'typed').request!.body!.schema['x-java-type']).toBe('com.acme.UserVO');
    expect(endpoint(endpoints, 'raw').request!.body).toMatchObject({ contentType: 'text/plain', schema: { type: 'string' } });
    // `implementation = Object.class` says less than the parameter's map (Apache Fineract's credit report).
    expect(endpoint(endpoints, 'vague').request!.body!.schema).toMatchObject({ type: 'object', additionalProperties: {} });
  });

  it("describes a bound parameter with the @ApiImplicitParam of its name whose paramType contradicts the binding", async () => {
    // dinky: `@ApiImplicitParam(name = "id", value = "user id", paramType = "path")` on `@RequestParam("id") Integer id`.
    const { endpoints } = await scanProject(fileURLToPath(new URL('../fixtures/spring-mvc/swagger2-implicit-params', import.meta.url)));
    const remove = endpoint(endpoints, 'remove');
    expect(remove.request!.params.map((p) => [p.name, p.in, p.description])).toEqual([['id', 'query', 'Ticket id'], ['reason', 'query', 'Why']]);
    // A location holding a parameter of its own stays where the annotation puts it.
    expect(params(endpoint(endpoints, 'list'))).toContain('X-Tenant:header:required');
  });

  it('unwraps response wrappers, streams and views', async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}AsyncController.java`]: `package com.acme;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.*;
import reactor.core.publisher.*;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
@RestController
public class AsyncController {
  @GetMapping("/a") public ResponseEntity<UserVO> a() { return null; }
  @GetMapping("/b") public Mono<ResponseEntity<UserVO>> b() { return null; }
  @GetMapping("/c") public Flux<UserVO> c() { return null; }
  @GetMapping("/d") public CompletableFuture<Optional<UserVO>> d() { return null; }
  @GetMapping("/e") public ResponseEntity<Void> e() { return null; }
  @GetMapping("/f") public ResponseEntity<?> f() { return null; }
  @GetMapping(value = "/g", produces = "text/csv") public String g() { return null; }
  @GetMapping("/h") public String h() { return null; }
  @GetMapping("/i") public org.springframework.web.servlet.ModelAndView i() { return null; }
}`,
      [`${J}PageController.java`]: `package com.acme;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.*;
@Controller
public class PageController {
  @GetMapping("/home") public String home() { return "home"; }
  @GetMapping("/api/me") @ResponseBody public UserVO me() { return null; }
  // Spring MVC streams these without @ResponseBody: no view is rendered.
  @GetMapping("/chat/stream") public reactor.core.publisher.Flux<String> stream() { return null; }
  @GetMapping("/events") public org.springframework.web.servlet.mvc.method.annotation.SseEmitter events() { return null; }
  @GetMapping("/entity") public org.springframework.http.ResponseEntity<UserVO> entity() { return null; }
  @GetMapping("/later") public reactor.core.publisher.Mono<String> later() { return null; }
  @GetMapping("/download/{key}") public ResponseEntity<org.springframework.core.io.Resource> download(@PathVariable String key) { return null; }
}`,
    });
    const schemaType = (m: string) => endpoint(endpoints, m).response!.schema?.['x-java-type'];
    expect(schemaType('a')).toBe('com.acme.UserVO');
    expect(schemaType('b')).toBe('com.acme.UserVO');
    expect(endpoint(endpoints, 'c').response!.schema).toMatchObject({ type: 'array', items: { 'x-java-type': 'com.acme.UserVO' } });
    expect(schemaType('d')).toBe('com.acme.UserVO');
    expect(endpoint(endpoints, 'e').response!.schema).toBeUndefined();
    expect(endpoint(endpoints, 'f').response!.schema).toMatchObject({ 'x-unresolved': true });
    expect(endpoint(endpoints, 'g').response).toMatchObject({ contentType: 'text/csv', schema: { type: 'string' } });
    expect(endpoint(endpoints, 'h').response!.contentType).toBe('text/plain');
    expect(endpoint(endpoints, 'home').response).toMatchObject({ contentType: 'text/html' });
    expect(endpoint(endpoints, 'home').response!.schema).toBeUndefined();
    // A ModelAndView is rendered by its view even in a @RestController: no JSON of the object itself.
    expect(endpoint(endpoints, 'i').response).toMatchObject({ contentType: 'text/html' });
    expect(endpoint(endpoints, 'i').response!.schema).toBeUndefined();
    expect(schemaType('me')).toBe('com.acme.UserVO');
    expect(endpoint(endpoints, 'stream').response).toMatchObject({ contentType: 'application/json', schema: { type: 'array', items: { type: 'string' } } });
    expect(endpoint(endpoints, 'events').response!.contentType).not.toBe('text/html');
    expect(schemaType('entity')).toBe('com.acme.UserVO');
    // A Mono's value is the view name, as a String return is.
    expect(endpoint(endpoints, 'later').response!.contentType).toBe('text/html');
    // A download is raw bytes of the resource's own type, not JSON.
    expect(endpoint(endpoints, 'download').response).toMatchObject({ contentType: 'application/octet-stream', schema: { type: 'string', format: 'binary' } });
  });

  it('resolves generic base-controller methods with the arguments the subclass fixes', async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}CrudController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
public abstract class CrudController<T, ID> {
  @GetMapping("/{id}") public Result<T> get(@PathVariable ID id) { return null; }
  @PostMapping public T save(@RequestBody T body) { return null; }
}`,
      [`${J}UserCrud.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController @RequestMapping("/crud/users")
public class UserCrud extends CrudController<UserVO, Long> {}`,
    });
    const get = endpoint(endpoints, 'get');
    expect(get.request!.params[0]!.schema).toMatchObject({ type: 'integer', format: 'int64' });
    expect(get.response!.schema!['x-java-type']).toBe('com.acme.Result<com.acme.UserVO>');
    expect(endpoint(endpoints, 'save').request!.body!.schema['x-java-type']).toBe('com.acme.UserVO');
  });

  it('stores the context path on the module and keeps the path as declared', async () => {
    const result = await scan({
      ...DTOS,
      'pom.xml': '<project><artifactId>users</artifactId></project>',
      'src/main/resources/application.yml': 'server:\n  servlet:\n    context-path: /svc\n',
      [`${J}PingController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class PingController { @GetMapping("/ping") public String ping() { return "pong"; } }`,
    });
    expect(result.endpoints[0]!.path).toBe('/ping');
    expect(result.modules).toEqual([{ name: 'users', dir: '', build: 'maven', contextPath: '/svc' }]);
  });

  it('requires a bound bean property only where Spring validates it, and lists a parameter two beans share once', async () => {
    const { endpoints } = await scan({
      [`${J}Person.java`]: `package com.acme;
import jakarta.validation.constraints.NotBlank;
@lombok.Data public class Person {
  private Integer id; @NotBlank private String lastName;
  @io.swagger.v3.oas.annotations.media.Schema(example = "10", required = true) private Integer pageSize;
}`,
      [`${J}PetType.java`]: `package com.acme;
import jakarta.validation.constraints.NotBlank;
@lombok.Data public class PetType { private Integer id; @NotBlank private String name; }`,
      [`${J}Pet.java`]: `package com.acme;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
@lombok.Data public class Pet { private Integer id; @NotBlank private String name; private PetType type; @Valid private PetType kind; }`,
      [`${J}OwnerController.java`]: `package com.acme;
import jakarta.validation.Valid;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.*;
@Controller public class OwnerController {
  @GetMapping("/owners") public String find(@RequestParam(defaultValue = "1") int page, Person owner) { return "list"; }
  @PostMapping("/owners/new") public String create(@Valid Person owner) { return "redirect:/owners"; }
  @PostMapping("/owners/{ownerId}/pets/new") public String addPet(Person owner, @Valid Pet pet) { return "redirect:/owners"; }
}`,
    });
    // No @Valid: the binder checks nothing, so a search form takes any subset of the fields.
    // One the declaration itself requires (@Schema(required = true)) stays required.
    expect(params(endpoint(endpoints, 'find'))).toEqual(['page:query:optional=1', 'id:query:optional', 'lastName:query:optional', 'pageSize:query:required']);
    const create = endpoint(endpoints, 'create');
    expect(params(create)).toEqual(['id:query:optional', 'lastName:query:required', 'pageSize:query:required']);
    // A required field carries a value: an empty one is what @NotBlank refuses.
    expect(create.request!.params[1]!.example).toBe('lastName');
    // `id` is bound into both beans from one request parameter; a nested bean is validated only through @Valid.
    expect(params(endpoint(endpoints, 'addPet'))).toEqual([
      'id:query:optional',
      'lastName:query:optional',
      'pageSize:query:required',
      'name:query:required',
      'type.id:query:optional',
      'type.name:query:optional',
      'kind.id:query:optional',
      'kind.name:query:required',
      'ownerId:path:required',
    ]);
  });

  it("sends a form bean's initializers, but not one its own constraint refuses (a Kotlin = \"\" under @NotEmpty)", async () => {
    const { endpoints } = await scan({
      'src/main/kotlin/com/acme/OwnerForm.kt': `package com.acme
import jakarta.validation.constraints.NotEmpty
class OwnerForm {
    @field:NotEmpty var lastName: String = ""
    var city: String = ""
    @field:NotEmpty var country: String = "NL"
}`,
      'src/main/kotlin/com/acme/OwnerController.kt': `package com.acme
import org.springframework.stereotype.Controller
import org.springframework.web.bind.annotation.*
@Controller
class OwnerController {
    @PostMapping("/owners/new")
    fun create(owner: OwnerForm): String = "redirect:/owners"
}`,
    });
    const e = endpoint(endpoints, 'create');
    expect(e.request!.params.map((p) => [p.name, p.default, p.example])).toEqual([
      ['lastName', undefined, 'lastName'],
      ['city', '', undefined],
      ['country', 'NL', undefined],
    ]);
  });

  it("writes a returned HttpStatus as Jackson does, its constant's name (eladmin's ResponseEntity<HttpStatus>)", async () => {
    const { endpoints } = await scan({
      [`${J}LogController.java`]: `package com.acme;
import org.springframework.http.*;
import org.springframework.web.bind.annotation.*;
@RestController
public class LogController {
  @DeleteMapping("/logs") public ResponseEntity<HttpStatus> clear() { return new ResponseEntity<>(HttpStatus.OK); }
  @GetMapping("/code") public HttpStatusCode code() { return HttpStatus.OK; }
}`,
    });
    for (const m of ['clear', 'code']) {
      const schema = endpoint(endpoints, m).response!.schema!;
      expect(schema.type).toBe('string');
      expect(schema.enum).toEqual(expect.arrayContaining(['OK', 'NOT_FOUND', 'I_AM_A_TEAPOT', 'INTERNAL_SERVER_ERROR']));
    }
    expect(endpoint(endpoints, 'clear').response!.example).toMatch(/^[A-Z_]+$/);
  });

  it("gives a Java bean's constant field initializers as the parameters' defaults (a paging base class)", async () => {
    const { endpoints } = await scan({
      [`${J}PageParam.java`]: `package com.acme;
import java.util.List;
@lombok.Data
public class PageParam {
    public static final Integer PAGE_NO = 1;
    private static final String PREFIX = "created";
    /** Page number, from 1. */
    private Integer pageNo = PAGE_NO;
    private Integer pageSize = 10;
    private String sort = PREFIX + "_at", order = "desc";
    private Boolean asc = false;
    private String keyword = null;
    private List<String> tags = new java.util.ArrayList<>();
    private Long since = System.currentTimeMillis();
}`,
      [`${J}UserQuery.java`]: `package com.acme;
@lombok.Data
public class UserQuery extends PageParam {
    private String name = "a" + 'b' + 1;
    private int limit = -5;
}`,
      [`${J}UserController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class UserController {
  @GetMapping("/users") public String list(UserQuery query) { return ""; }
}`,
    });
    expect(params(endpoint(endpoints, 'list'))).toEqual([
      'pageNo:query:optional=1',
      'pageSize:query:optional=10',
      'sort:query:optional=created_at',
      'order:query:optional=desc',
      'asc:query:optional=false',
      'keyword:query:optional',
      'tags:query:optional',
      'since:query:optional',
      'name:query:optional=ab1',
      'limit:query:optional=-5',
    ]);
  });
});

describe('dates as the application configures Jackson', () => {
  const EVENT = {
    [`${J}Event.java`]: `package com.acme;
import java.util.Date;
import java.time.LocalDateTime;
import com.fasterxml.jackson.annotation.JsonFormat;
@lombok.Data public class Event {
  private Date createTime;
  private java.sql.Timestamp updatedAt;
  private LocalDateTime startsAt;
  @JsonFormat(pattern = "yyyy/MM/dd") private Date day;
}`,
    [`${J}EventController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class EventController {
  @PostMapping("/events") public Event create(@RequestBody Event e) { return e; }
}`,
  };
  const example = async (config: Record<string, string>) => {
    const { endpoints } = await scan({ ...EVENT, ...config });
    const e = endpoint(endpoints, 'create');
    return { body: e.request!.body!.example as Record<string, unknown>, schema: e.request!.body!.schema.properties! };
  };

  it('writes java.util.Date and Timestamp in spring.jackson.date-format, java.time types and @JsonFormat as declared', async () => {
    const { body, schema } = await example({ 'src/main/resources/application.yml': 'spring:\n  jackson:\n    date-format: yyyy-MM-dd HH:mm:ss\n    time-zone: GMT+8\n' });
    expect(body.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(schema.createTime).not.toHaveProperty('format');
    expect(body.startsAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(schema.startsAt!.format).toBe('date-time');
    expect(body.day).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
  });

  it('writes them as epoch milliseconds with write-dates-as-timestamps, and ISO 8601 by default or for a DateFormat class', async () => {
    const millis = await example({ 'src/main/resources/application.properties': 'spring.jackson.serialization.WRITE_DATES_AS_TIMESTAMPS=true\n' });
    expect(millis.schema.createTime).toMatchObject({ type: 'integer', format: 'int64' });
    expect(typeof millis.body.createTime).toBe('number');
    // Spring Boot 4 moved the setting with Jackson 3's DateTimeFeature.
    const boot4 = await example({ 'src/main/resources/application.properties': 'spring.jackson.datatype.datetime.write-dates-as-timestamps=true\n' });
    expect(boot4.schema.createTime).toMatchObject({ type: 'integer', format: 'int64' });
    for (const config of [{} as Record<string, string>, { 'src/main/resources/application.properties': 'spring.jackson.date-format=com.acme.config.MyDateFormat\n' }]) {
      const iso = await example(config);
      expect(iso.schema.createTime!.format).toBe('date-time');
      expect(iso.body.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
  });
});

describe('JAX-RS request model', () => {
  it('reads a parameter of a class built from its text (String constructor, valueOf, fromString) as a string', async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}Mode.java`]: `package com.acme;
public class Mode { private final String level; public Mode(String level) { this.level = level; } public String getLevel() { return level; } }`,
      [`${J}Window.java`]: `package com.acme;
public class Window { private int days; public static Window valueOf(String text) { return new Window(); } public int getDays() { return days; } }`,
      [`${J}AuditResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/audit")
public class AuditResource {
  @GET public String list(@QueryParam("mode") @DefaultValue("NONE") Mode mode, @HeaderParam("X-Window") Window window, @QueryParam("user") UserVO user) { return null; }
  // Signal-Server: a sealed interface's static valueOf (public without saying so), an Optional header.
  @HEAD @Path("/{who}") public void exists(@PathParam("who") @io.swagger.v3.oas.annotations.media.Schema(description = "Whose account") Identifier who, @HeaderParam("X-Mode") java.util.Optional<Mode> mode, @HeaderParam("If-None-Match") jakarta.ws.rs.core.EntityTag etag) { }
}`,
      [`${J}Identifier.java`]: `package com.acme;
public sealed interface Identifier permits UserId {
  java.util.UUID uuid();
  static Identifier valueOf(final String text) { return new UserId(java.util.UUID.fromString(text)); }
}`,
      [`${J}UserId.java`]: `package com.acme;
public record UserId(java.util.UUID uuid) implements Identifier {}`,
      [`${J}AuditController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class AuditController {
  @GetMapping("/spring/audit/{mode}") public String get(@PathVariable Mode mode, @RequestParam Window window) { return null; }
}`,
    });
    const rs = endpoint(endpoints, 'list').request!.params;
    expect(rs.map((p) => [p.name, p.schema.type, p.default])).toEqual([
      ['mode', 'string', 'NONE'],
      ['X-Window', 'string', undefined],
      ['user', 'object', undefined],
    ]);
    expect(rs[0]!.schema['x-java-type']).toBe('com.acme.Mode');
    expect(endpoint(endpoints, 'exists').request!.params.map((p) => [p.name, p.schema.type, p.schema['x-java-type']])).toEqual([
      ['who', 'string', 'com.acme.Identifier'],
      ['X-Mode', 'string', 'com.acme.Mode'],
      ['If-None-Match', 'string', 'jakarta.ws.rs.core.EntityTag'],
    ]);
    expect(endpoint(endpoints, 'exists').request!.params[0]!.description).toBe('Whose account');
    expect(endpoint(endpoints, 'get').request!.params.map((p) => [p.name, p.schema.type])).toEqual([['mode', 'string'], ['window', 'string']]);
  });

  it("takes a Response method's body from Swagger 2's @ApiOperation(response), kept by a bare @ApiResponse of its code", async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}PropertiesResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.Response;
import io.swagger.annotations.*;
@Path("/properties")
public class PropertiesResource {
  @GET @ApiOperation(value = "All users", response = UserVO.class, responseContainer = "List")
  @ApiResponses({@ApiResponse(code = 200, message = "OK"), @ApiResponse(code = 500, message = "Failed")})
  public Response list() { return null; }
  @GET @Path("/{name}") @ApiOperation(value = "One user", response = UserVO.class)
  public Response one(@PathParam("name") String name) { return null; }
  @GET @Path("/other") @ApiOperation(value = "Documented elsewhere", response = UserVO.class)
  @ApiResponses(@ApiResponse(code = 200, message = "OK", response = UserForm.class))
  public Response other() { return null; }
}`,
    });
    const list = endpoint(endpoints, 'list');
    expect(list.response!.schema).toMatchObject({ type: 'array', items: { title: 'UserVO' } });
    expect(list.response!.description).toBe('OK');
    expect(list.responses!.map((r) => r.status)).toEqual(['200', '500']);
    expect(endpoint(endpoints, 'one').response!.schema).toMatchObject({ title: 'UserVO' });
    expect(endpoint(endpoints, 'other').response!.schema).toMatchObject({ title: 'UserForm' });
  });

  it("leaves out the parameters a Jersey value provider of the project fills, by the annotation or type it names", async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}Session.java`]: `package com.acme;
import java.lang.annotation.*;
@Retention(RetentionPolicy.RUNTIME) @Target(ElementType.PARAMETER) public @interface Session {}`,
      [`${J}SessionContext.java`]: `package com.acme;
public class SessionContext { private String client; }`,
      [`${J}SessionProvider.java`]: `package com.acme;
import org.glassfish.jersey.server.internal.inject.AbstractValueParamProvider;
import org.glassfish.jersey.server.model.Parameter;
public class SessionProvider extends AbstractValueParamProvider {
  protected java.util.function.Function<org.glassfish.jersey.server.ContainerRequest, ?> createValueProvider(Parameter parameter) {
    if (!parameter.isAnnotationPresent(Session.class) && parameter.getRawType() != SessionContext.class) return null;
    return request -> new SessionContext();
  }
}`,
      [`${J}KeepAliveResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/keepalive")
public class KeepAliveResource {
  @GET public String ping(@Session SessionContext context) { return null; }
  @POST public String save(@Session SessionContext context, UserForm form) { return null; }
  @GET @Path("/named") public String named(SessionContext context, @HeaderParam("X-Session") SessionContext header) { return null; }
}`,
    });
    expect(endpoint(endpoints, 'ping').request!.body).toBeUndefined();
    // Where a JAX-RS annotation says where the value comes from, the provider does not fill it.
    expect(endpoint(endpoints, 'named').request!.body).toBeUndefined();
    expect(params(endpoint(endpoints, 'named'))).toEqual(['X-Session:header:optional']);
    expect(endpoint(endpoints, 'save').request!.body!.schema.title).toBe('UserForm');
  });

  it('reads every parameter kind, bean params, defaults and the entity body', async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}Paging.java`]: `package com.acme;
import jakarta.ws.rs.*;
public class Paging {
  @QueryParam("page") @DefaultValue("1") private int page;
  @HeaderParam("X-Trace") private String trace;
  private String ignored;
  @QueryParam("size") public void setSize(int size) {}
}`,
      [`${J}UserResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.*;
@Path("/users") @Produces("application/json")
public class UserResource {
  @GET @Path("/{id}")
  public UserVO get(@PathParam("id") long id, @QueryParam("expand") @DefaultValue("false") boolean expand,
      @CookieParam("sid") String sid, @MatrixParam("v") String v, @Context UriInfo info) { return null; }
  @GET public java.util.List<UserVO> list(@BeanParam Paging paging) { return null; }
  @POST @Consumes("application/json") public Response create(UserForm form) { return null; }
  @POST @Path("/login") public void login(@FormParam("user") String user, @FormParam("pass") String pass) {}
}`,
    });
    expect(params(endpoint(endpoints, 'get'))).toEqual(['id:path:required', 'expand:query:optional=false', 'sid:cookie:optional', 'v:path:optional']);
    expect(params(endpoint(endpoints, 'list'))).toEqual(['page:query:optional=1', 'X-Trace:header:optional', 'size:query:optional']);
    expect(endpoint(endpoints, 'list').response!.schema).toMatchObject({ type: 'array', items: { 'x-java-type': 'com.acme.UserVO' } });
    const create = endpoint(endpoints, 'create');
    expect(create.request!.body).toMatchObject({ contentType: 'application/json', schema: { 'x-java-type': 'com.acme.UserForm' } });
    expect(create.response!.schema).toMatchObject({ 'x-unresolved': true });
    expect(create.response!.schema!.description).toContain('Response');
    const login = endpoint(endpoints, 'login');
    expect(params(login)).toEqual(['user:form:optional', 'pass:form:optional']);
    expect(login.request!.consumes).toEqual(['application/x-www-form-urlencoded']);
    expect(login.response!.schema).toBeUndefined();
    // A void resource method answers 204 No Content (JAX-RS 3.3.3); a body-returning one 200.
    expect(login.status).toBe('204');
    expect(endpoint(endpoints, 'get').status).toBeUndefined();
  });

  it("takes a Response handler's body from its declared 2xx @Schema(type = \"string\") without an implementation (Kill Bill)", async () => {
    const { endpoints } = await scan({
      [`${J}TenantResource.java`]: `package com.acme;
import io.swagger.v3.oas.annotations.media.*;
import io.swagger.v3.oas.annotations.responses.*;
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.*;
@Path("/tenants") @Produces("application/json")
public class TenantResource {
  @GET @Path("/userKeyValue")
  @ApiResponses(value = {@ApiResponse(responseCode = "200", description = "Successful operation", content = @Content(schema = @Schema(type = "string"))),
                         @ApiResponse(responseCode = "400", description = "Invalid key")})
  public Response value() { return null; }
  @GET @Path("/catalog") @Produces("text/xml")
  @ApiResponse(responseCode = "200", description = "The catalog", content = @Content(mediaType = "text/xml", schema = @Schema(type = "string", format = "xml")))
  public Response catalog() { return null; }
  @GET @Path("/count")
  @ApiResponse(responseCode = "200", content = @Content(schema = @Schema(type = SchemaType.INTEGER)))
  public Response count() { return null; }
}`,
    });
    const value = endpoint(endpoints, 'value').response!;
    expect(value).toMatchObject({ contentType: 'application/json', schema: { type: 'string' }, description: 'Successful operation' });
    expect(typeof value.example).toBe('string');
    expect(endpoint(endpoints, 'catalog').response).toMatchObject({ contentType: 'text/xml', schema: { type: 'string', format: 'xml' } });
    expect(endpoint(endpoints, 'count').response!.schema).toEqual({ type: 'integer' });
  });

  it("reads Quarkus REST's @RestPath, @RestQuery, @RestHeader, @RestCookie, @RestForm and @RestMatrix as their JAX-RS namesakes, not as the body", async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}HelloResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import org.jboss.resteasy.reactive.*;
@Path("/hello")
public class HelloResource {
  @GET public String get(@RestQuery String name) { return ""; }
  @GET @Path("/{id}")
  public UserVO one(@RestPath long id, @RestQuery("v") @DefaultValue("2") int version, @RestHeader String userAgent,
      @RestHeader("X-Tenant") String tenant, @RestCookie String session, @RestMatrix String lang) { return null; }
  @POST @Path("/login") public void login(@RestForm String user, @RestForm String pass) {}
  @POST public void create(@RestQuery boolean dryRun, UserForm form) {}
  @GET @Path("/greeting/{name}") public String greeting(String name) { return ""; }
  @PUT @Path("/{id: \\d+}") public void update(long id, UserForm form) {}
}`,
    });
    // Quarkus REST binds an unannotated parameter named as a path template to it; the rest is the body.
    const greeting = endpoint(endpoints, 'greeting');
    expect(params(greeting)).toEqual(['name:path:required']);
    expect(greeting.request!.body).toBeUndefined();
    const update = endpoint(endpoints, 'update');
    expect(params(update)).toEqual(['id:path:required']);
    expect(update.request!.body).toMatchObject({ schema: { 'x-java-type': 'com.acme.UserForm' } });
    const get = endpoint(endpoints, 'get');
    expect(params(get)).toEqual(['name:query:optional']);
    expect(get.request!.body).toBeUndefined();
    expect(params(endpoint(endpoints, 'one'))).toEqual(['id:path:required', 'v:query:optional=2', 'User-Agent:header:optional', 'X-Tenant:header:optional', 'session:cookie:optional', 'lang:path:optional']);
    const login = endpoint(endpoints, 'login');
    expect(params(login)).toEqual(['user:form:optional', 'pass:form:optional']);
    expect(login.request!.consumes).toEqual(['application/x-www-form-urlencoded']);
    const create = endpoint(endpoints, 'create');
    expect(params(create)).toEqual(['dryRun:query:optional']);
    expect(create.request!.body).toMatchObject({ schema: { 'x-java-type': 'com.acme.UserForm' } });
  });

  it("offers the values a parameter's Swagger annotation allows as its enum, with an allowed example", async () => {
    const { endpoints } = await scanProject(fileURLToPath(new URL('../fixtures/jax-rs/parameter-allowable-values', import.meta.url)));
    const byName = new Map(endpoint(endpoints, 'page').request!.params.map((p) => [p.name, p]));
    expect(byName.get('sort')).toMatchObject({ schema: { type: 'string', enum: ['title', 'description', 'id'] }, default: 'title', example: 'title' });
    expect(byName.get('order')).toMatchObject({ schema: { enum: ['asc', 'desc'] }, example: 'desc' });
    expect(byName.get('per_page')).toMatchObject({ schema: { type: 'integer', enum: [10, 50, 100] }, example: 10 });
    expect(byName.get('score')!.schema.enum).toBeUndefined();
    expect(byName.get('fields')).toMatchObject({ schema: { type: 'array', items: { type: 'string', enum: ['name', 'stats'] } }, example: ['name'] });
    const spring = await scan({
      [`${J}ReportController.java`]: `package com.acme;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import org.springframework.web.bind.annotation.*;
@RestController
public class ReportController {
  @GetMapping("/reports/{kind}")
  public String get(@Parameter(schema = @Schema(allowableValues = {"daily", "weekly"})) @PathVariable String kind,
      @Parameter(schema = @Schema(allowableValues = {"csv", "pdf"})) @RequestParam(defaultValue = "pdf") String format) { return ""; }
}`,
    });
    const report = endpoint(spring.endpoints, 'get').request!.params;
    expect(report[0]).toMatchObject({ name: 'kind', schema: { enum: ['daily', 'weekly'] }, example: 'daily' });
    expect(report[1]).toMatchObject({ name: 'format', schema: { enum: ['csv', 'pdf'] }, default: 'pdf' });
  });

  it("reads Jersey's multipart @FormDataParam parts and Quarkus REST's file uploads as file parts of a multipart body", async () => {
    const { endpoints } = await scan({
      [`${J}FormsResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import java.io.InputStream;
import org.glassfish.jersey.media.multipart.FormDataParam;
import org.glassfish.jersey.media.multipart.FormDataContentDisposition;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;
@Path("/")
public class FormsResource {
  @POST @Path("uploadFile") @Consumes("multipart/form-data")
  public String uploadFile(@FormDataParam("file") InputStream file, @FormDataParam("file") FormDataContentDisposition disposition,
      @FormDataParam("title") String title) { return ""; }
  @POST @Path("avatar") public void avatar(@RestForm FileUpload image, @RestForm String caption) {}
  @POST @Path("upload") @Consumes("multipart/form-data") public void upload(FormData form) {}
  @POST @Path("classic") @Consumes("multipart/form-data") public void classic(@org.jboss.resteasy.annotations.providers.multipart.MultipartForm FormData form) {}
}`,
      [`${J}FormData.java`]: `package com.acme;
import java.io.File;
import org.jboss.resteasy.reactive.PartType;
import org.jboss.resteasy.reactive.RestForm;
public class FormData {
  @RestForm("file") public File data;
  @RestForm @PartType("text/plain") public String filename;
}`,
    });
    const upload = endpoint(endpoints, 'uploadFile');
    expect(params(upload)).toEqual(['file:form:optional', 'title:form:optional']);
    expect(upload.request!.params[0]).toMatchObject({ file: true, schema: { type: 'string', format: 'binary' } });
    expect(upload.request!.body).toBeUndefined();
    const avatar = endpoint(endpoints, 'avatar');
    expect(params(avatar)).toEqual(['image:form:optional', 'caption:form:optional']);
    expect(avatar.request!.params.map((p) => p.file ?? false)).toEqual([true, false]);
    expect(avatar.request!.consumes).toEqual(['multipart/form-data']);
    // A form POJO is its parts (amazon-s3-quickstart's upload was sent as JSON under a multipart content type).
    for (const name of ['upload', 'classic']) {
      const e = endpoint(endpoints, name);
      expect(params(e)).toEqual(['file:form:optional', 'filename:form:optional']);
      expect(e.request!.params.map((p) => p.file ?? false)).toEqual([true, false]);
      expect(e.request!.body).toBeUndefined();
    }
  });

  it("takes a hidden text entity as the body, of the class Swagger's method-level @RequestBody declares", async () => {
    // Apache Fineract: `@RequestBody(content = @Content(schema = @Schema(implementation = X.class)))` and `@Parameter(hidden = true) String json`.
    const { endpoints } = await scan({
      [`${J}CentersResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
@Path("centers")
public class CentersResource {
  @POST @Consumes("application/json")
  @RequestBody(required = true, content = @Content(schema = @Schema(implementation = CenterRequest.class)))
  public String create(@Parameter(hidden = true) final String apiRequestBodyAsJson) { return ""; }
  @PUT @Path("{id}") @Consumes("application/json")
  @Operation(summary = "Update", requestBody = @RequestBody(content = @Content(schema = @Schema(implementation = CenterRequest.class))))
  public String update(@PathParam("id") long id, final String json, @Parameter(hidden = true) @QueryParam("debug") String debug) { return ""; }
  @POST @Path("notes") @Consumes("application/json")
  public String note(@Parameter(hidden = true) final String text) { return ""; }
  @POST @Path("beside") @Consumes("application/json")
  public String beside(@RequestBody(content = @Content(schema = @Schema(implementation = CenterRequest.class))) final String json) { return ""; }
}`,
      [`${J}CenterRequest.java`]: `package com.acme;
public class CenterRequest { public String name; public Long officeId; }`,
    });
    for (const name of ['create', 'update', 'beside']) {
      const e = endpoint(endpoints, name);
      expect(e.request!.body).toMatchObject({ contentType: 'application/json', schema: { title: 'CenterRequest' } });
      expect(Object.keys(e.request!.body!.schema.properties ?? {})).toEqual(['name', 'officeId']);
    }
    // A hidden bound parameter stays out; a hidden entity with no declared class is still text.
    expect(params(endpoint(endpoints, 'update'))).toEqual(['id:path:required']);
    expect(endpoint(endpoints, 'note').request!.body).toMatchObject({ schema: { type: 'string' } });
  });

  it('keeps an unannotated parameter whose class has a @PathParam setter but no form member as the JSON entity', async () => {
    // Apache Syncope's TOs: `@PathParam("key") setKey` lets the runtime fill the key, and they travel as JSON.
    const { endpoints } = await scan({
      [`${J}NotificationResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("notifications")
public class NotificationResource {
  @PUT @Path("{key}") @Consumes("application/json") public void update(NotificationTO notification) {}
}`,
      [`${J}NotificationTO.java`]: `package com.acme;
import jakarta.ws.rs.PathParam;
public class NotificationTO {
  private String key;
  private String subject;
  public String getKey() { return key; }
  @PathParam("key") public void setKey(String key) { this.key = key; }
  public String getSubject() { return subject; }
  public void setSubject(String subject) { this.subject = subject; }
}`,
    });
    const update = endpoint(endpoints, 'update');
    expect(params(update)).toEqual(['key:path:required']);
    expect(update.request!.body).toMatchObject({ contentType: 'application/json', schema: { title: 'NotificationTO' } });
    expect(Object.keys(update.request!.body!.schema.properties ?? {})).toEqual(['key', 'subject']);
  });

  it('reads an unannotated parameter whose class has @RestQuery fields as those query parameters (Quarkus REST needs no @BeanParam)', async () => {
    const { endpoints } = await scan({
      [`${J}ItemResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import java.util.List;
@Path("/items")
public class ItemResource {
  @GET public List<String> list(Filter filter) { return null; }
}`,
      [`${J}Filter.java`]: `package com.acme;
import org.jboss.resteasy.reactive.RestQuery;
public class Filter {
  @RestQuery public String name;
  @RestQuery public int page;
}`,
    });
    const list = endpoint(endpoints, 'list');
    // It was taken as a JSON body of a GET, with no query parameter.
    expect(params(list)).toEqual(['name:query:optional', 'page:query:optional']);
    expect(list.request!.body).toBeUndefined();
  });

  it("takes no injected context (RoutingContext, UriInfo, HttpServletRequest, Dropwizard's @Auth principal) for the entity body, with or without @Context", async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}LoginResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.UriInfo;
import io.vertx.ext.web.RoutingContext;
import io.dropwizard.auth.Auth;
import jakarta.servlet.http.HttpServletRequest;
@Path("/")
public class LoginResource {
  @POST @Path("login") public void login(@BeanParam Paging paging, RoutingContext ctx) {}
  @POST @Path("users") public void create(UriInfo uri, UserForm form, HttpServletRequest request) {}
  @POST @Path("requests") public void file(Request request) {}
  @GET @Path("secret") public String secret(@io.dropwizard.auth.Auth UserVO user) { return ""; }
  @POST @Path("notes") public void note(@Auth java.util.Optional<UserVO> user, jakarta.servlet.http.HttpSession session, UserForm form) {}
}`,
      [`${J}Paging.java`]: `package com.acme;
import jakarta.ws.rs.*;
public class Paging { @QueryParam("page") private int page; }`,
      // A DTO of the project's own that shares a context type's name is the entity.
      [`${J}Request.java`]: `package com.acme;
public class Request { private String subject; }`,
    });
    expect(endpoint(endpoints, 'file').request!.body).toMatchObject({ schema: { 'x-java-type': 'com.acme.Request' } });
    const login = endpoint(endpoints, 'login');
    expect(params(login)).toEqual(['page:query:optional']);
    expect(login.request!.body).toBeUndefined();
    expect(endpoint(endpoints, 'create').request!.body).toMatchObject({ schema: { 'x-java-type': 'com.acme.UserForm' } });
    // Dropwizard's @Auth principal is no body: dropwizard-example's GET /protected was exported with a JSON User body.
    expect(endpoint(endpoints, 'secret').request).toEqual({ params: [], consumes: [] });
    expect(endpoint(endpoints, 'note').request!.body).toMatchObject({ schema: { 'x-java-type': 'com.acme.UserForm' } });
  });

  it("unwraps Mutiny's Uni and Quarkus REST's RestResponse, and reads Multi and RestMulti as arrays", async () => {
    const { endpoints } = await scan({
      ...DTOS,
      [`${J}ReactiveResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import io.smallrye.mutiny.*;
import org.jboss.resteasy.reactive.RestResponse;
import org.jboss.resteasy.reactive.RestMulti;
@Path("/reactive")
public class ReactiveResource {
  @GET @Path("/one") public Uni<UserVO> one() { return null; }
  @GET @Path("/all") public Multi<UserVO> all() { return null; }
  @GET @Path("/list") public Uni<java.util.List<UserVO>> list() { return null; }
  @GET @Path("/rest") public RestResponse<UserVO> rest() { return null; }
  @GET @Path("/stream") public RestMulti<UserVO> stream() { return null; }
  @DELETE @Path("/gone") public Uni<Void> gone() { return null; }
}`,
    });
    const response = (m: string) => endpoint(endpoints, m).response!.schema;
    expect(response('one')).toMatchObject({ 'x-java-type': 'com.acme.UserVO' });
    expect(response('all')).toMatchObject({ type: 'array', items: { 'x-java-type': 'com.acme.UserVO' } });
    expect(response('list')).toMatchObject({ type: 'array', items: { 'x-java-type': 'com.acme.UserVO' } });
    expect(response('rest')).toMatchObject({ 'x-java-type': 'com.acme.UserVO' });
    expect(response('stream')).toMatchObject({ type: 'array', items: { 'x-java-type': 'com.acme.UserVO' } });
    expect(response('gone')).toBeUndefined();
  });

  it("takes class-level @Produces / @Consumes from the superclasses (they are @Inherited) and from the interface carrying the @Path, as Jersey does (helix-rest)", async () => {
    const { endpoints } = await scan({
      [`${J}AbstractResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.MediaType;
@Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN})
@Consumes({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN})
public class AbstractResource {}`,
      [`${J}AbstractClusterResource.java`]: `package com.acme;
public class AbstractClusterResource extends AbstractResource {}`,
      [`${J}ClusterAccessor.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/clusters")
public class ClusterAccessor extends AbstractClusterResource {
  @GET public String list() { return ""; }
  @PUT @Path("{id}") public String create(@PathParam("id") String id, String manifest) { return ""; }
  @GET @Path("{id}/xml") @Produces("application/xml") public String asXml(@PathParam("id") String id) { return ""; }
}`,
      [`${J}Described.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Produces("text/csv")
public interface Described {}`,
      [`${J}ReportApi.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/reports") @Produces("application/yaml")
public interface ReportApi {
  @GET String report();
}`,
      [`${J}ReportResource.java`]: `package com.acme;
public class ReportResource implements ReportApi, Described {
  public String report() { return ""; }
}`,
      [`${J}ExportResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/exports")
public class ExportResource implements Described {
  @GET public String export() { return ""; }
}`,
    });
    const list = endpoint(endpoints, 'list');
    expect(list.produces).toEqual(['application/json', 'text/plain']);
    expect(list.response!.contentType).toBe('application/json');
    expect(endpoint(endpoints, 'create').request!.consumes).toEqual(['application/json', 'text/plain']);
    expect(endpoint(endpoints, 'asXml').produces).toEqual(['application/xml']);
    expect(endpoint(endpoints, 'report').produces).toEqual(['application/yaml']);
    // An interface that does not carry the resource's @Path passes nothing on (not @Inherited).
    expect(endpoint(endpoints, 'export').produces).toBeUndefined();
  });

  it('carries parameters bound by sub-resource locators and resource fields into sub-resource methods', async () => {
    const { endpoints } = await scan({
      [`${J}OrderResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/orders") public class OrderResource {
  @HeaderParam("X-Tenant") private String tenant;
  @Path("{orderId}/lines") public LinesResource lines(@PathParam("orderId") String orderId) { return null; }
}`,
      [`${J}LinesResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
public class LinesResource {
  @GET public String all(@QueryParam("limit") int limit) { return null; }
  @GET @Path("{lineNo}") public String one(@PathParam("lineNo") int lineNo) { return null; }
}`,
    });
    expect(params(endpoint(endpoints, 'all'))).toEqual(['X-Tenant:header:optional', 'orderId:path:required', 'limit:query:optional']);
    expect(params(endpoint(endpoints, 'one'))).toEqual(['X-Tenant:header:optional', 'orderId:path:required', 'lineNo:path:required']);
  });

  it('describes a byte[] download as binary, not base64', async () => {
    const { endpoints } = await scan({
      [`${J}FileResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/files") public class FileResource { @GET @Produces("application/pdf") public byte[] pdf() { return null; } }`,
    });
    expect(endpoint(endpoints, 'pdf').response).toMatchObject({ contentType: 'application/pdf', schema: { type: 'string', format: 'binary' } });
  });

  it('show the entries the static factory a resource method returns puts into a map response', async () => {
    const { endpoints } = await scan({
      [`${J}ApiResult.java`]: `package com.acme;
import java.util.HashMap;
public class ApiResult extends HashMap<String, Object> {
  public static final String DATA_KEY = "data";
  public static ApiResult ok(Object data) { ApiResult r = ok(); r.put(DATA_KEY, data); return r; }
  public static ApiResult ok() { ApiResult r = new ApiResult(); r.put("code", 0); return r; }
  public ApiResult message(String message) { this.put("message", message); return this; }
}`,
      [`${J}TeamResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/teams") @Produces("application/json")
public class TeamResource {
  @GET @Path("{id}") public ApiResult get(@PathParam("id") Long id) { return ApiResult.ok(id); }
  @DELETE @Path("{id}") public ApiResult delete(@PathParam("id") Long id) { return ApiResult.ok().message("deleted"); }
  @GET public ApiResult list() { ApiResult r = new ApiResult(); return r; }
}`,
    });
    const get = endpoint(endpoints, 'get').response!;
    expect(get.schema!.properties).toEqual({ code: { type: 'integer', examples: [0] }, data: {} });
    expect(get.example).toMatchObject({ code: 0 });
    expect(Object.keys(endpoint(endpoints, 'delete').response!.schema!.properties!)).toEqual(['code', 'message']);
    // A map built in the resource method itself: no factory to read.
    expect(endpoint(endpoints, 'list').response!.schema!.properties).toBeUndefined();
  });
});

/** A Spring configuration `name` registering ToStringSerializer for Long: ids written as JSON strings. */
const longAsString = (name: string) => `package com.acme.config;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
@Configuration
public class ${name} {
  @Bean public SimpleModule longAsString() {
    SimpleModule module = new SimpleModule();
    module.addSerializer(Long.class, ToStringSerializer.instance);
    module.addSerializer(Long.TYPE, ToStringSerializer.instance);
    return module;
  }
}`;

describe('Spring MVC parameters read from text', () => {
  it("ignore Jackson's serializers and names: a Long written as a JSON string is still an integer in the query and the path", async () => {
    const { endpoints } = await scan({
      [`${J}config/WebConfig.java`]: longAsString('WebConfig'),
      [`${J}Team.java`]: `package com.acme;
public class Team { private Long id; public Long getId() { return id; } }`,
      [`${J}TeamController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController @RequestMapping("/teams")
public class TeamController {
  @GetMapping("/{id}") public Team get(@PathVariable Long id, @RequestParam long owner, Long parent, @RequestHeader("X-Org") Long org) { return null; }
}`,
    });
    const e = endpoint(endpoints, 'get');
    const byName = Object.fromEntries(e.request!.params.map((p) => [p.name, p.schema]));
    for (const name of ['id', 'owner', 'parent', 'X-Org']) expect(byName[name], name).toMatchObject({ type: 'integer', format: 'int64' });
    // The JSON the application writes still carries the registered serializer.
    expect(e.response!.schema!.properties!.id).toMatchObject({ type: 'string' });
  });
});

describe('JAX-RS parameters read from text', () => {
  it("ignore Jackson's serializers: a Long written as a JSON string is still an integer in the path, query, header, bean and resource fields", async () => {
    const { endpoints } = await scan({
      [`${J}config/JacksonConfig.java`]: longAsString('JacksonConfig'),
      [`${J}Team.java`]: `package com.acme;
public class Team { private Long id; public Long getId() { return id; } }`,
      [`${J}Paging.java`]: `package com.acme;
import jakarta.ws.rs.QueryParam;
public class Paging { @QueryParam("after") Long after; }`,
      [`${J}TeamResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/teams/{org}")
public class TeamResource {
  @PathParam("org") Long org;
  @GET @Path("/{id}") public Team get(@PathParam("id") Long id, @QueryParam("owner") long owner, @HeaderParam("X-Parent") Long parent, @BeanParam Paging paging) { return null; }
}`,
    });
    const e = endpoint(endpoints, 'get');
    const byName = Object.fromEntries(e.request!.params.map((p) => [p.name, p.schema]));
    for (const name of ['org', 'id', 'owner', 'X-Parent', 'after']) expect(byName[name], name).toMatchObject({ type: 'integer', format: 'int64' });
    // The JSON the application writes still carries the registered serializer.
    expect(e.response!.schema!.properties!.id).toMatchObject({ type: 'string' });
  });
});

describe('Spring MVC responses of project classes', () => {
  it("read a project class sharing a library wrapper's name as the body, and a class extending a map as the map's entries", async () => {
    const { endpoints } = await scan({
      [`${J}RestResponse.java`]: `package com.acme;
import java.util.HashMap;
public class RestResponse extends HashMap<String, Object> {
  private String ignored;
  public static RestResponse success(Object data) { RestResponse r = new RestResponse(); r.put("data", data); return r; }
}`,
      [`${J}Counts.java`]: `package com.acme;
public class Counts extends java.util.LinkedHashMap<String, Long> {}`,
      [`${J}Flow.java`]: `package com.acme;
public class Flow { private String name; public String getName() { return name; } }`,
      [`${J}FlowController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController @RequestMapping("/flows")
public class FlowController {
  @PostMapping("/dashboard") public RestResponse dashboard() { return RestResponse.success(null); }
  @GetMapping("/counts") public Counts counts() { return null; }
  @GetMapping("/{id}") public Flow get(@PathVariable String id) { return null; }
}`,
    });
    expect(endpoint(endpoints, 'dashboard').response!.schema).toMatchObject({ type: 'object', title: 'RestResponse', additionalProperties: {} });
    // Its declared field is not written; the entry its factory puts is.
    expect(Object.keys(endpoint(endpoints, 'dashboard').response!.schema!.properties ?? {})).toEqual(['data']);
    expect(endpoint(endpoints, 'counts').response!.schema).toMatchObject({ type: 'object', additionalProperties: { type: 'integer', format: 'int64' } });
    expect(endpoint(endpoints, 'get').response!.schema).toMatchObject({ type: 'object', title: 'Flow', properties: { name: { type: 'string' } } });
  });

  it('show the entries the static factory a handler returns puts into a map response (streampark\'s RestResponse)', async () => {
    const { endpoints } = await scan({
      [`${J}ResponseCode.java`]: `package com.acme;
public interface ResponseCode { Long CODE_SUCCESS = 200L; }`,
      [`${J}RestResponse.java`]: `package com.acme;
import java.util.HashMap;
public class RestResponse extends HashMap<String, Object> {
  public static final String STATUS_KEY = "status";
  public static final String CODE_KEY = "code";
  public static final String MESSAGE_KEY = "message";
  public static final String DATA_KEY = "data";
  public static RestResponse success(Object data) {
    RestResponse resp = success();
    resp.put(DATA_KEY, data);
    return resp;
  }
  public static RestResponse success() {
    RestResponse resp = new RestResponse();
    resp.put(STATUS_KEY, "success");
    resp.put(CODE_KEY, ResponseCode.CODE_SUCCESS);
    return resp;
  }
  public RestResponse message(String message) { this.put(MESSAGE_KEY, message); return this; }
  public RestResponse data(Object data) { this.put(DATA_KEY, data); return this; }
  // put(key, value) returns this for chaining: its own keys are not constants.
  @Override public RestResponse put(String key, Object value) { super.put(key, value); return this; }
}`,
      [`${J}TeamController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController @RequestMapping("/teams")
public class TeamController {
  @GetMapping("/{id}") public RestResponse get(@PathVariable Long id) { return RestResponse.success(id); }
  @DeleteMapping("/{id}") public RestResponse delete(@PathVariable Long id) { return RestResponse.success().message("deleted"); }
  @GetMapping public RestResponse list() { RestResponse r = new RestResponse(); return r; }
  @PostMapping("/check") public RestResponse check() {
    RestResponse resp = RestResponse.success();
    if (System.nanoTime() > 0) { resp.data(true); }
    return resp;
  }
}`,
    });
    const get = endpoint(endpoints, 'get').response!;
    expect(get.schema!.properties).toEqual({ status: { type: 'string', examples: ['success'] }, code: { type: 'integer', examples: [200] }, data: {} });
    expect(get.example).toMatchObject({ status: 'success', code: 200 });
    expect(Object.keys(endpoint(endpoints, 'delete').response!.schema!.properties!)).toEqual(['status', 'code', 'message']);
    // Built in a local the handler fills, then returns.
    expect(Object.keys(endpoint(endpoints, 'check').response!.schema!.properties!)).toEqual(['status', 'code', 'data']);
    // A map built in the handler itself: no factory to read.
    expect(endpoint(endpoints, 'list').response!.schema!.properties).toBeUndefined();
  });

  it('read a factory putting escaped or concatenated strings without failing the scan', async () => {
    const { endpoints } = await scan({
      [`${J}RestResponse.java`]: `package com.acme;
import java.util.HashMap;
public class RestResponse extends HashMap<String, Object> {
  public static RestResponse fail(String reason) {
    RestResponse resp = new RestResponse();
    resp.put("status", "can\\'t \\"go\\"");
    resp.put("message", "failed: " + reason);
    resp.put("hint" + "s", "none");
    return resp;
  }
}`,
      [`${J}TeamController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class TeamController {
  @GetMapping("/teams") public RestResponse list() { return RestResponse.fail("closed"); }
}`,
    });
    // Java's \' is no JSON escape and a concatenation no one literal: the scan threw on both.
    expect(endpoint(endpoints, 'list').response!.schema!.properties).toEqual({ status: { type: 'string', examples: ['can\'t "go"'] }, message: {} });
  });

  it('read a class named with a `$` and its locals named with one, built by `new` or by its factory', async () => {
    const { endpoints } = await scan({
      [`${J}Rest$Response.java`]: `package com.acme;
import java.util.HashMap;
public class Rest$Response extends HashMap<String, Object> {
  public static Rest$Response success() { Rest$Response resp = new Rest$Response(); resp.put("status", "success"); return resp; }
  public Rest$Response data(Object data) { this.put("data", data); return this; }
  public Rest$Response message(String message) { this.put("message", message); return this; }
}`,
      [`${J}TeamController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class TeamController {
  @GetMapping("/teams") public Rest$Response list() {
    Rest$Response $r = Rest$Response.success();
    $r.data(1);
    return $r;
  }
  @GetMapping("/teams/new") public Rest$Response fresh() {
    Rest$Response r = new Rest$Response();
    r.message("made");
    return r;
  }
}`,
    });
    expect(Object.keys(endpoint(endpoints, 'list').response!.schema!.properties!)).toEqual(['status', 'data']);
    expect(Object.keys(endpoint(endpoints, 'fresh').response!.schema!.properties!)).toEqual(['message']);
  });

  it('read a nested class extending a map, named through its outer class', async () => {
    const { endpoints } = await scan({
      [`${J}Api.java`]: `package com.acme;
import java.util.HashMap;
public class Api {
  public static class Result extends HashMap<String, Object> {
    public static Result ok() { Result resp = new Result(); resp.put("status", "ok"); return resp; }
    public Result data(Object data) { this.put("data", data); return this; }
  }
}`,
      [`${J}TeamController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class TeamController {
  @GetMapping("/teams") public Api.Result list() {
    Api.Result r = Api.Result.ok();
    r.data(1);
    return r;
  }
  @GetMapping("/teams/new") public Api.Result fresh() {
    Api.Result r = new Api.Result();
    r.data(2);
    return r;
  }
  @GetMapping("/teams/made") public Api.Result made() { return new com.acme.Api.Result().data(3); }
}`,
    });
    expect(Object.keys(endpoint(endpoints, 'list').response!.schema!.properties!)).toEqual(['status', 'data']);
    expect(Object.keys(endpoint(endpoints, 'fresh').response!.schema!.properties!)).toEqual(['data']);
    // Made by a qualified `new` and chained, no local on the way.
    expect(Object.keys(endpoint(endpoints, 'made').response!.schema!.properties!)).toEqual(['data']);
  });
});
