// In the parse worker, once the scanner's parse phase is done: a second scanner computing the far
// share of the roots (root-split.ts has the scanner's side). It sets itself up as the scanner did,
// from the same inputs (build files, the index's entries, the protos, the path prefix rules):
// modules and their properties, learned annotations, the endpoint files' parses (those this
// thread made used as they are, the scanner's decoded from the scan cache's encodings it sent,
// else parsed again), collected framework state. It must find the very roots the scanner found,
// in the same order, and the same module settings, or it gives up.
// Then it claims roots from the last down until it meets the scanner, and sends each root's
// result with what computing it read (journal entries, config files) and reported (the index's
// diagnostics), which the scanner adds to its own.

import { hash } from 'node:crypto';
import { yamlLibFailed } from '../config/yaml-lib';
import { decodeParse, encodeParse, relinkParse } from './parse-codec';
import { CLAIMED_BY_WORKER, DONE, IDLE, RESERVED } from './parse-protocol';
import type { ParseResult, RootReply, ShareSetup } from './parse-protocol';
import type { FileEntry, ParseCache } from './project-index';
import { useLocalCaches } from './proto/jar-protos';
import { ProjectScanner } from './project-scanner';
import { InputJournal, withJournal } from './scan-inputs';
import { workerDelay } from './test-timing';

/**
 * Computes roots of `setup` from the last down while the scanner has not claimed them; `kept`: the
 * parses this thread made, by path, unlinked by their encoding (taken as they are used); `read`:
 * the entries of the files it read, by path, without their texts. Never throws: a failure sets the share's failure
 * flag and the scanner computes the rest.
 */
export function computeShare(setup: ShareSetup, kept: Map<string, ParseResult>, read: Map<string, FileEntry>, post: (reply: RootReply) => void): void {
  const states = new Int32Array(setup.states);
  const count = setup.keys.length;
  const progressSlot = count;
  const failedSlot = count + 1;
  const progress = () => void Atomics.add(states, progressSlot, 1);
  const free = (i: number) => {
    const s = Atomics.load(states, i);
    return s === IDLE || s === RESERVED;
  };
  const sent = setup.parses && new Map(setup.parses);
  // With a scan cache, the parses made on this thread go to it with the roots' replies: this
  // share's own (encoded and hashed here), and those parsed ahead before it (their path alone:
  // the scanner has their texts among the replies it did not take). Else the next scan parses them again.
  const madeHere: NonNullable<RootReply['parses']> = [];
  const parses: ParseCache = {
    get(entry) {
      const own = kept.get(entry.path);
      if (own) {
        kept.delete(entry.path);
        if (setup.cached) madeHere.push([entry.path]);
        return relinkParse(own);
      }
      const text = sent?.get(entry.path);
      if (text === undefined) return undefined;
      sent!.delete(entry.path);
      return decodeParse(text);
    },
    put(entry, result) {
      if (!setup.cached) return;
      const text = encodeParse(result);
      relinkParse(result); // it is used on
      madeHere.push([entry.path, text, hash('sha1', text, 'base64')]);
    },
  };
  const journal = setup.journal ? new InputJournal() : undefined;
  useLocalCaches(setup.caches);
  try {
    withJournal(journal, () => {
      const entries = setup.entries.map((e) => {
        if (typeof e !== 'string') return e;
        const entry = read.get(e);
        if (!entry) throw new Error(`the worker did not read ${e}`);
        return entry;
      });
      const scanner = new ProjectScanner(setup.root, { ...setup.options, parseWorker: false });
      // While the scanner has not reached the last root, the set-up is worth finishing.
      const share = scanner.shareOf({ ...setup, entries }, parses, () => {
        workerDelay('setup');
        progress();
        return count > 0 && free(count - 1);
      });
      if (!share) return;
      if (share.keys.length !== count || share.keys.some((k, i) => k !== setup.keys[i])) throw new Error('the worker found other roots than the scanner');
      // Its modules' paths and ports come from config files it read itself: read otherwise (a file changed since), its results would differ.
      if (share.modules !== setup.modules) throw new Error('the worker read other module settings than the scanner');
      if (yamlLibFailed()) throw new Error('the worker could not load a YAML parser');
      for (let i = count - 1; i >= 0; i--) {
        if (Atomics.compareExchange(states, i, IDLE, CLAIMED_BY_WORKER) !== IDLE && Atomics.compareExchange(states, i, RESERVED, CLAIMED_BY_WORKER) !== RESERVED) break;
        if (setup.exitAfter === count - 1 - i) process.exit(1);
        workerDelay('root');
        const got = share.compute(i);
        // Without its YAML parsers it read config files or specs as unreadable, the scanner not: not a result to send.
        if (yamlLibFailed()) throw new Error('the worker could not load a YAML parser');
        post({ root: i, ...(got.result ? { result: got.result } : {}), journal: journal?.takeNew() ?? [], ...(journal?.volatile !== undefined ? { volatile: journal.volatile } : {}), configReads: got.configReads, diagnostics: got.diagnostics, ...(madeHere.length ? { parses: madeHere.splice(0) } : {}) });
        // The reply is in the scanner's queue before the state says so: a waiting scanner finds it.
        Atomics.store(states, i, DONE);
        Atomics.notify(states, i);
        progress();
      }
    });
  } catch {
    Atomics.store(states, failedSlot, 1);
    for (let i = 0; i < count; i++) Atomics.notify(states, i);
  }
}
