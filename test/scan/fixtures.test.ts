// One test per fixture case folder under test/fixtures/<framework>/. The cases every framework
// shares run through the conformance suite first; the framework's own cases follow.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameworkId } from '../../core/model/endpoint';
import type { ScanOptions } from '../../core/scan/scan';
import { SCANNER_CASES, runTest } from '../conformance/scanner.case';
import { FIXTURES, caseFolders, checkFixtureCase } from './fixture-case';

const FRAMEWORKS: FrameworkId[] = ['spring-mvc', 'jax-rs', 'grpc', 'actuator'];
const shared = new Set(SCANNER_CASES.map((c) => c.name));
/** Actuator endpoints are recognised only when the setting is on (spec §2.6). */
const OPTIONS: Partial<Record<FrameworkId, ScanOptions>> = { actuator: { actuator: true } };
const GRPC_SKIPS: Record<string, string> = {
  'path-joining': 'RPC paths are /package.Service/Method from the proto: nothing to join',
  'regex-templates': 'RPC paths have no templates',
  'method-defaults': 'every RPC is method gRPC; which methods are RPCs is covered by streaming-kinds',
  'constant-paths': 'RPC paths come from the proto, not from constants',
  'interface-mappings': 'covered by abstract-bases: gRPC bases are generated classes, AsyncService by imports-across-folders',
  'abstract-base': 'covered by generated-traps (a user abstract base between the generated ImplBase and the service)',
  'client-interfaces': 'generated stubs and ImplBase classes are the gRPC traps, covered by generated-traps',
  'names-javadoc': 'covered by streaming-kinds, which also falls back to the proto comments',
};
const ACTUATOR_SKIPS: Record<string, string> = {
  'path-joining': 'paths are <base>/<id>/{selector}: covered by selectors',
  'regex-templates': 'selectors are plain parameter names',
  'method-defaults': 'the verb is fixed by the operation annotation: covered by selectors',
  'constant-paths': 'covered by selectors (an id from a constant)',
  'interface-mappings': 'operations inherited from a base class are covered by selectors',
  'abstract-base': 'covered by selectors',
  'client-interfaces': 'the traps are @JmxEndpoint and Spring-WS @Endpoint, covered by traps',
  'names-javadoc': 'covered by selectors',
};
const SKIPS: Partial<Record<FrameworkId, Record<string, string>>> = { grpc: GRPC_SKIPS, actuator: ACTUATOR_SKIPS };

for (const framework of FRAMEWORKS) {
  runTest({ framework, skip: SKIPS[framework] ?? {} });

  describe(`${framework} fixtures`, () => {
    const cases = caseFolders(framework);

    it('every case folder has an expected.json', () => {
      expect(cases.filter((c) => !existsSync(join(FIXTURES, framework, c, 'expected.json')))).toEqual([]);
    });

    for (const name of cases.filter((c) => !shared.has(c))) {
      it(name, async () => {
        await checkFixtureCase(join(FIXTURES, framework, name), framework, OPTIONS[framework]);
      });
    }
  });
}
