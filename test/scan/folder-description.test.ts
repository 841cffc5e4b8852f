// The folder's description, from the `@Tag` / `@Api` that names the folder: what springdoc shows
// beside a tag, carried to the exports' tags and folders (mall's @Tag(name = "CmsPrefrenceAreaController",
// description = "商品优选管理") reached none of them).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { writeFiles } from '../write-files';

const J = 'src/main/java/com/acme/';

it('reads @Tag and @Api descriptions as the folder description, only for the tag that names the folder', async () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-folder-description-'));
  const files: Record<string, string> = {
    [`${J}AreaController.java`]: `package com.acme;
import io.swagger.annotations.Api;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.*;
@RestController @RequestMapping("/area")
@Api(tags = "CmsPrefrenceAreaController")
@Tag(name = "CmsPrefrenceAreaController", description = "商品优选管理")
public class AreaController {
  @GetMapping("/listAll") public String listAll() { return ""; }
  @Operation(tags = "Other") @GetMapping("/other") public String other() { return ""; }
}`,
    [`${J}LegacyController.java`]: `package com.acme;
import io.swagger.annotations.Api;
import org.springframework.web.bind.annotation.*;
@RestController @Api(tags = {"Legacy"}, description = "Old endpoints")
public class LegacyController { @GetMapping("/legacy") public String get() { return ""; } }`,
    [`${J}PlainController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class PlainController { @GetMapping("/plain") public String get() { return ""; } }`,
    [`${J}BookResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
@Path("/books") @Tag(name = "Books", description = "The library's books")
public class BookResource { @GET public String list() { return ""; } }`,
  };
  writeFiles(root, files);
  const { endpoints } = await scanProject(root);
  const about = (path: string) => endpoints.find((e) => e.path === path)?.folderDescription;
  expect(about('/area/listAll')).toBe('商品优选管理');
  // An operation moved to another tag by @Operation(tags) does not take the class's description.
  expect(about('/area/other')).toBeUndefined();
  expect(about('/legacy')).toBe('Old endpoints');
  expect(about('/plain')).toBeUndefined();
  expect(about('/books')).toBe("The library's books");
});
