// The active environment in sight (issue 20): its name on the request line, and under it each
// {{variable}} the host and path use, highlighted, with its value on hover; a variable the
// environment does not define is marked before Send says so.

import { credentialHint, credentialPlanFrom } from '../../core/call/send-auth';
import type { CredentialCandidate } from '../../core/call/send-auth';
import type { HttpRequestDraft } from '../../core/model/request-state';
import type { ResultOf } from '../protocol';

export type EnvironmentList = ResultOf<'env/list'>;

/** The variables `{{name}}` and `${name}` written in a text, in order, each once. */
export function variablesIn(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(/\{\{\s*([^{}]+?)\s*\}\}|\$\{([^{}]+)\}/g)) out.add((m[1] ?? m[2])!.trim());
  return [...out];
}

export function EnvironmentChip({ environments, onOpen }: { environments: EnvironmentList | undefined; onOpen?(): void }) {
  const name = environments?.active;
  return (
    <button class={`env-chip${name ? '' : ' none'}`} onClick={onOpen} title={name ? `Active environment: ${name} (open Environments)` : 'No active environment (open Environments)'} aria-label={name ? `Environment ${name}` : 'No environment'}>
      {name ?? 'No environment'}
    </button>
  );
}

export function VariablesLine({ environments, texts }: { environments: EnvironmentList | undefined; texts: string[] }) {
  const names = variablesIn(...texts);
  if (!names.length) return null;
  const env = environments?.environments.find((e) => e.name === environments.active);
  return (
    <p class="variables-line" aria-label="Variables in the request line">
      {names.map((n) => {
        const v = env?.variables.find((x) => x.key === n);
        const shown = v ? (v.secret ? '••••••' : v.value) : undefined;
        return (
          <span key={n} class={`var${v ? '' : ' unknown'}`} title={v ? `${n} = ${shown}` : `${n} is not defined in ${env ? `environment ${env.name}` : 'any environment (none is active)'}`}>
            {`{{${n}}}`}
            {v ? <span class="var-value"> = {shown}</span> : <span class="var-value"> not defined</span>}
          </span>
        );
      })}
    </p>
  );
}

/**
 * A secured endpoint's credential: the variable(s) Send adds it from and where it goes, or why it
 * adds none (defined neither in the active environment nor in the config files, the request sets
 * it itself, or its row is unticked). Decided by Send's own function (credentialPlanFrom). A hint,
 * never the value.
 */
export function CredentialLine({ environments, candidates, configDefined, draft }: { environments: EnvironmentList | undefined; candidates: readonly CredentialCandidate[] | undefined; configDefined?: readonly string[] | undefined; draft: HttpRequestDraft }) {
  if (!candidates?.length) return null;
  const env = environments?.environments.find((e) => e.name === environments.active);
  const plan = credentialPlanFrom(candidates, draft, env, configDefined ?? []);
  if (!plan) return null;
  const state = plan.userSet ? 'own' : plan.declined ? 'declined' : plan.missing.length ? 'missing' : 'sent';
  const others = candidates.filter((c) => c.scheme !== plan.scheme).map((c) => c.scheme);
  return (
    <p class={`credential-line ${state}`} aria-label="Credential" title={others.length ? `The endpoint also accepts ${others.join(', ')}` : undefined}>
      {credentialHint(plan)}
    </p>
  );
}
