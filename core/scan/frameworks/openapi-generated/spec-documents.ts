// Parsed OpenAPI documents, one parse per spec file and text. A spec is read by the generated
// interfaces (operations), by the generated models of its own configuration and, through `$ref`s,
// by the models of other configurations (gravitee's management specs name each other's schemas):
// parsing a 400 KB YAML spec is the costly part of each read. Readers never change a document,
// so one parse serves all of them; a changed text is parsed again.

import { parseSpecYaml } from '../../../config/yaml-lib';

export class SpecDocuments {
  private readonly parsed = new Map<string, { text: string; doc?: unknown; error?: unknown }>();

  /** The document of `file` (JSON by its extension, else YAML); throws what the parser threw. */
  parse(text: string, file: string): unknown {
    let hit = this.parsed.get(file);
    if (hit?.text !== text) {
      hit = { text };
      try {
        hit.doc = this.parseText(text, file);
      } catch (e) {
        hit.error = e;
      }
      this.parsed.set(file, hit);
    }
    if (hit.error !== undefined) throw hit.error;
    return hit.doc;
  }

  /** The one parse of a spec's text. */
  protected parseText(text: string, file: string): unknown {
    return file.endsWith('.json') ? JSON.parse(text) : parseSpecYaml(text);
  }
}
