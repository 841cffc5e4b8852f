// Export to the eight channels and the copy actions. The composition (settings under the caller's
// choices, the environment, the pre-request scripts, safe file writes) is the one the CLI's
// `export` uses: core/export/setup, scripts-sandbox/export-requests, core/export/write.

import { isAbsolute, resolve } from 'node:path';
import { callSecrets, maskedLogs } from '../core/call/received-secrets';
import { maskSecrets } from '../core/call/sent-secrets';
import { userConfigDir } from '../core/config/user-dir';
import { ScriptError } from '../core/errors';
import { copyApiUrls, copyAsCurl, copyPaths, EXPORTERS, selectEndpoints } from '../core/export/index';
import { credentialDraft } from '../core/export/copy';
import type { ExportOptions } from '../core/export/index';
import { scriptedRequestOf, scriptedRequestOfDraft } from '../core/export/curl';
import { hostPlan } from '../core/export/host';
import { exportSetup } from '../core/export/setup';
import type { ExportSetup } from '../core/export/setup';
import { writeExportFiles } from '../core/export/write';
import type { Endpoint } from '../core/model/endpoint';
import type { HttpRequestDraft } from '../core/model/request-state';
import { RequestStateStore } from '../core/store/request-state';
import { scriptedRequests } from '../scripts-sandbox/export-requests';
import { BridgeError, cancellable } from './bridge-error';
import type { HandlerKit, Handlers } from './handlers';
import type { ProjectSession } from './project-session';
import { ErrorCodes } from './protocol';

type Methods = 'export/run' | 'copy/text';

export function exportHandlers(kit: HandlerKit): Pick<Handlers, Methods> {
  return {
    'export/run': async (p, token) => {
      const s = kit.session(p.project);
      const endpoints = selectEndpoints(await cancellable(s.all(), token), p.selection);
      const setup = exportSetup({
        projectDir: s.root,
        userDir: userConfigDir(),
        modules: s.modules(),
        endpoints,
        environment: p.environment,
        title: p.title,
        curl: p.curl,
        render: p.render,
        runScripts: p.runScripts,
        openapi: p.openapi,
        warn: kit.ctx.log,
      });
      const warnings: string[] = [];
      if (p.channel === 'curl' && setup.runScripts) warnings.push(...(await runScripts(s, endpoints, setup)));
      const { files, summary } = EXPORTERS[p.channel](endpoints, setup.options);
      const outcome = { selected: summary.selected, exported: summary.exported, skipped: summary.skipped, warnings: [...warnings, ...summary.warnings] };
      if (p.destination.kind === 'text') {
        // A template for the user to fill in (the .http private environment file) is left out of a text export.
        const shown = files.filter((f) => !f.keepExisting);
        if (shown.length > 1) {
          throw new BridgeError(ErrorCodes.BadInput, `the ${p.channel} export writes ${shown.length} files here (${shown.map((f) => f.path).join(', ')}): export it to a directory`);
        }
        return { files: [], text: shown[0]?.content ?? '', ...outcome };
      }
      const dir = isAbsolute(p.destination.directory) ? p.destination.directory : resolve(s.root, p.destination.directory);
      return { files: writeExportFiles(files, dir), ...outcome };
    },

    'copy/text': async ({ project, ids, what, environment, render }, token) => {
      const s = kit.session(project);
      const endpoints = selectEndpoints(await cancellable(s.all(), token), { kind: 'ids', ids });
      if (what === 'apiUrl') return { text: copyApiUrls(endpoints, { modules: s.modules() }), warnings: [] };
      if (what === 'path') return { text: copyPaths(endpoints, { modules: s.modules() }), warnings: [] };
      const setup = exportSetup({ projectDir: s.root, userDir: userConfigDir(), modules: s.modules(), endpoints, environment, render, warn: kit.ctx.log });
      const drafts = new Map<string, HttpRequestDraft>();
      if (setup.settings['curl.copySource'] === 'edited') {
        const state = new RequestStateStore({ projectDir: s.root, warn: kit.ctx.log });
        for (const e of endpoints) {
          // A request sent but never edited follows the source.
          const draft = e.protocol === 'http' && state.editedFlag(e.id) !== false ? state.load(e.id) : undefined;
          if (draft) drafts.set(e.id, draft);
        }
      }
      const logs = setup.runScripts ? await runScripts(s, endpoints, setup, drafts) : [];
      const { text, warnings } = copyAsCurl(endpoints, setup.options, drafts);
      return { text, warnings: [...logs, ...warnings] };
    },
  };
}

/**
 * The pre-request scripts over each HTTP endpoint's request (from its saved edits when given);
 * sets options.scripted and returns what the scripts logged, one line each. A failing script
 * stops the export with ScriptFailed, naming the script.
 */
async function runScripts(s: ProjectSession, endpoints: readonly Endpoint[], setup: ExportSetup, drafts?: ReadonlyMap<string, HttpRequestDraft>): Promise<string[]> {
  const options: ExportOptions = setup.options;
  const hosts = hostPlan(endpoints, options);
  // What the scripts log comes back as warnings: the secrets known once they ran show masked.
  const secretsOf = () => callSecrets({ environment: options.environment, projectDir: s.root });
  try {
    const scripted = await scriptedRequests(
      endpoints,
      options,
      { projectDir: s.root, config: setup.config, settings: setup.settings },
      {
        // Copy as cURL of one endpoint also runs its endpoint-level script (spec §4.6.6).
        single: drafts !== undefined && endpoints.length === 1,
        start: (e) => {
          const draft = drafts?.get(e.id);
          return draft ? scriptedRequestOfDraft(credentialDraft(e, draft, options).draft, options) : scriptedRequestOf(e, options, hosts);
        },
      },
    );
    options.scripted = scripted.requests;
    return scripted.logs.map((l) => `[${l.script}] ${l.level}: ${maskSecrets(l.text, secretsOf())}`);
  } catch (e) {
    if (e instanceof ScriptError) {
      throw new BridgeError(ErrorCodes.ScriptFailed, maskSecrets(e.message, secretsOf()), {
        logs: maskedLogs(
          e.logs.map((l) => ({ script: e.script, level: l.level, text: l.text })),
          secretsOf(),
        ),
      });
    }
    throw e;
  }
}
