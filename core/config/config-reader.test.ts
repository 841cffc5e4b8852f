import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../model/endpoint';
import { parseConfigText, readConfig } from './config-reader';
import { writeFiles } from '../../test/write-files';

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-cfg-'));
  writeFiles(root, files);
  return root;
}

describe('parseConfigText', () => {
  it('reads key=value lines, skips comments, keeps repeated keys in order', () => {
    const values = parseConfigText('# rules\nhost = http://localhost:8080\n\nmethod.additional.header[@Auth]={name: "Authorization"}\nmethod.additional.header[@Auth]={name: "X-Tenant"}\nnot a pair\n');
    expect(values.get('host')).toEqual(['http://localhost:8080']);
    expect(values.get('method.additional.header[@Auth]')).toEqual(['{name: "Authorization"}', '{name: "X-Tenant"}']);
    expect(values.has('not a pair')).toBe(false);
  });

  it('joins a triple-backtick value spanning lines and drops the fences', () => {
    const text = [
      'http.call.before=groovy:```',
      '    httpClient.header("token", "a=b")',
      '    # not a comment inside a block',
      '```',
      'after=1',
      'inline=```one line```',
    ].join('\n');
    const values = parseConfigText(text);
    expect(values.get('http.call.before')).toEqual(['groovy:    httpClient.header("token", "a=b")\n    # not a comment inside a block']);
    expect(values.get('after')).toEqual(['1']);
    expect(values.get('inline')).toEqual(['one line']);
  });

  it('an unclosed block runs to the end of the file rather than swallowing nothing', () => {
    expect(parseConfigText('a=```\nx\ny').get('a')).toEqual(['```\nx\ny']);
  });
});

describe('readConfig', () => {
  it('orders sources: .apiscout/config.properties, legacy files nearest the module first, then Spring', () => {
    const root = project({
      '.apiscout/config.properties': 'token=from-apiscout\n',
      '.easy.api.config': 'token=from-root-legacy\nregion=eu\nshared=root\n',
      'services/orders/.easy.api.yml': 'shared: module\nnested:\n  key: yes-nested\n',
      'services/orders/src/main/resources/application.yml': 'server:\n  port: 8081\nshared: spring\n',
      'services/orders/src/main/resources/application.properties': 'server.port=9090\n',
      'services/other/.easy.api.config': 'region=not-ours\n',
    });
    const config = readConfig({ projectDir: root, moduleDir: 'services/orders' });
    expect(config.get('token')).toBe('from-apiscout');
    expect(config.get('region')).toBe('eu');
    expect(config.get('shared')).toBe('module');
    expect(config.get('nested.key')).toBe('yes-nested');
    expect(config.get('server.port')).toBe('9090'); // .properties beats .yml, as in Spring Boot
    expect(config.getAll('shared')).toEqual(['module', 'root', 'spring']);
    expect(config.sources.map((s) => s.kind)).toEqual(['apiscout', 'legacy', 'legacy', 'spring']);
    expect(config.get('nothing')).toBeUndefined();
  });

  it('does not walk above the project root', () => {
    const outer = project({ '.easy.api.config': 'leak=yes\n', 'inner/pom.xml': '<project/>' });
    const config = readConfig({ projectDir: join(outer, 'inner') });
    expect(config.get('leak')).toBeUndefined();
  });

  it('reads a yaml legacy file with a fenced script value', () => {
    const root = project({ '.easy.api.yaml': 'http:\n  call:\n    after: "groovy:```\\nlogger.info(response.code())\\n```"\n' });
    expect(readConfig({ projectDir: root }).get('http.call.after')).toBe('groovy:logger.info(response.code())');
  });

  it('reports a broken file and still reads the others', () => {
    const root = project({ '.easy.api.yml': 'a: [unclosed\n', '.easy.api.config': 'b=2\n' });
    const diagnostics: Diagnostic[] = [];
    const config = readConfig({ projectDir: root, diagnostics });
    expect(config.get('b')).toBe('2');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.file).toBe('.easy.api.yml');
  });
});
