import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigValues } from '../config/config-reader';
import type { VariableLookup } from '../model/environment';
import { EnvironmentStore } from './environments';
import { loadVariableLookup, placeholdersIn, substitute, substituteDeep, substituteJsonText, variableLookup } from './placeholders';

const vars: VariableLookup = (name) => ({ host: 'http://127.0.0.1:8080', id: '42', quote: 'say "hi"\n' })[name];

describe('substitute', () => {
  it('fills both placeholder styles, with or without inner spaces', () => {
    expect(substitute('{{host}}/users/${id}?x={{ id }}&y=${ id }', vars)).toBe('http://127.0.0.1:8080/users/42?x=42&y=42');
  });

  it('leaves unknown placeholders as written and reports them', () => {
    const missing = new Set<string>();
    expect(substitute('{{host}}/{{nope}}/${also.nope}', vars, missing)).toBe('http://127.0.0.1:8080/{{nope}}/${also.nope}');
    expect([...missing]).toEqual(['nope', 'also.nope']);
  });

  it('ignores things that only look similar', () => {
    expect(substitute('{{}} ${} {host} $host {{ }}', vars)).toBe('{{}} ${} {host} $host {{ }}');
  });

  it('lists placeholder names once each', () => {
    expect(placeholdersIn('{{a}} ${b} {{a}}')).toEqual(['a', 'b']);
  });
});

describe('substituteJsonText', () => {
  it('escapes values inside JSON strings and inserts them raw outside', () => {
    const text = '{"id": {{id}}, "note": "{{quote}}", "esc": "a\\"{{id}}", "{{id}}": "${missing}"}';
    const missing = new Set<string>();
    const out = substituteJsonText(text, vars, missing);
    expect(JSON.parse(out)).toEqual({ id: 42, note: 'say "hi"\n', esc: 'a"42', '42': '${missing}' });
    expect([...missing]).toEqual(['missing']);
  });

  it('keeps an unterminated string intact', () => {
    expect(substituteJsonText('{"a": "{{id}}', vars)).toBe('{"a": "42');
  });
});

describe('substituteDeep', () => {
  it('walks objects and arrays, keys included', () => {
    expect(substituteDeep({ '{{id}}': ['{{host}}', 1, null, { q: '${quote}' }] }, vars)).toEqual({ '42': ['http://127.0.0.1:8080', 1, null, { q: 'say "hi"\n' }] });
  });
});

describe('variableLookup', () => {
  it('looks in the environment first, then the config reader', () => {
    const config = new ConfigValues([{ file: 'x', kind: 'legacy', values: new Map([['host', ['from-config']], ['port', ['9090']]]) }]);
    const lookup = variableLookup({ environment: { name: 'dev', variables: [{ key: 'host', value: 'from-env' }] }, config });
    expect(lookup('host')).toBe('from-env');
    expect(lookup('port')).toBe('9090');
    expect(lookup('none')).toBeUndefined();
  });

  it('treats a secret without a value as missing', () => {
    const lookup = variableLookup({ environment: { name: 'dev', variables: [{ key: 'token', value: '', secret: true }] } });
    expect(lookup('token')).toBeUndefined();
  });

  it('resolves values that refer to other variables, and stops on cycles', () => {
    const config = new ConfigValues([{ file: 'x', kind: 'apiscout', values: new Map([['base', ['{{host}}/v1']], ['a', ['${b}']], ['b', ['${a}']]]) }]);
    const lookup = variableLookup({ environment: { name: 'dev', variables: [{ key: 'host', value: 'http://h' }] }, config });
    expect(lookup('base')).toBe('http://h/v1');
    expect(lookup('a')).toBe('${a}');
  });

  it("reads Spring's `${key:default}`: the key's value, else the default", () => {
    const config = new ConfigValues([{ file: 'x', kind: 'spring', values: new Map([['app.prefix', ['/api']], ['odd:name', ['whole']]]) }]);
    const lookup = variableLookup({ environment: { name: 'dev', variables: [{ key: 'version', value: 'v2' }] }, config });
    expect(substitute('${app.prefix:/x}/${version:v1}/${missing:none}/${odd:name}', lookup)).toBe('/api/v2/none/whole');
    expect(lookup('missing')).toBeUndefined();
  });
});

describe('loadVariableLookup', () => {
  it('uses the active environment, or the one named, then the project config', async () => {
    const projectDir = mkdtempSync(join(tmpdir(), 'apiscout-lookup-'));
    const userDir = mkdtempSync(join(tmpdir(), 'apiscout-user-'));
    mkdirSync(join(projectDir, 'api/src/main/resources'), { recursive: true });
    writeFileSync(join(projectDir, 'api/src/main/resources/application.properties'), 'server.port=8181\n');
    writeFileSync(join(projectDir, '.easy.api.config'), 'token=legacy-token\n');
    const store = new EnvironmentStore({ projectDir, userDir });
    await store.create('dev', [{ key: 'host', value: 'http://dev' }]);
    await store.create('prod', [{ key: 'host', value: 'http://prod' }, { key: 'token', value: 'prod-token', secret: true }]);

    const none = loadVariableLookup({ projectDir, userDir, moduleDir: 'api' });
    expect(none.environment).toBeUndefined();
    expect(substitute('{{host}} {{token}} ${server.port}', none.lookup)).toBe('{{host}} legacy-token 8181');

    await store.setActive('dev');
    expect(substitute('{{host}} {{token}}', loadVariableLookup({ projectDir, userDir }).lookup)).toBe('http://dev legacy-token');
    expect(substitute('{{host}} {{token}}', loadVariableLookup({ projectDir, userDir, environment: 'prod' }).lookup)).toBe('http://prod prod-token');
    expect(() => loadVariableLookup({ projectDir, userDir, environment: 'qa' })).toThrow(/no environment named 'qa' \(known: dev, prod\)/);
  });
});
