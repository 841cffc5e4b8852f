// The script API (spec §2.4), as source run inside each fresh isolated-vm context before the user's
// script. It receives plain copies of the request, the response's metadata and the stored
// localStorage values, plus a few host callbacks (log lines, response bodies on demand, saveBody),
// then removes those names from the global object so scripts reach the host only through the API.
// Everything a run changes is collected here and copied out by `__apiscout_result()`; the host
// checks it again, so a script that tampers with built-ins can break only its own run.

/**
 * Runs the user's code (indirect eval, so it sees only the global scope) and hands back plain
 * strings: a value thrown by the script never crosses into the host as an object, since
 * isolated-vm reads an error's `message`/`stack` getters while copying it, outside any time limit.
 */
export const RUN_FUNCTION = '__apiscout_run';

export const PRELUDE = String.raw`
(function (global) {
  'use strict';
  const input = global.$in;
  const host = { log: global.$log, save: global.$save, text: global.$text, bytes: global.$bytes };
  for (const name of ['$in', '$log', '$save', '$text', '$bytes']) delete global[name];
  // WebAssembly memory is not counted by the isolate's heap limit: scripts get none.
  delete global.WebAssembly;
  const indirectEval = global.eval;
  const { freeze, defineProperty, entries } = Object;
  const parseJson = JSON.parse;
  const toJson = JSON.stringify;
  const isArray = Array.isArray;
  const S = String;
  const lower = (s) => S(s).toLowerCase();
  const TOKEN = /^[!#$%&'*+.^_${'`'}|~0-9A-Za-z-]+$/;

  function describe(v) {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return v.name + ': ' + v.message;
    try {
      const json = toJson(v);
      return json === undefined ? S(v) : json;
    } catch (e) {
      return S(v);
    }
  }
  function logAt(level) {
    return function () {
      // Built by concatenation of primitives, never with patchable Array methods; the host
      // checks the type and measures the length again anyway.
      let text = '';
      for (let i = 0; i < arguments.length; i++) text += (i ? ' ' : '') + S(describe(arguments[i]));
      host.log(level, text);
    };
  }
  const logger = freeze({ debug: logAt('debug'), info: logAt('info'), log: logAt('info'), warn: logAt('warn'), error: logAt('error') });
  const console = freeze({ debug: logger.debug, info: logger.info, log: logger.info, warn: logger.warn, error: logger.error });

  const json = freeze({
    parse(text) { return parseJson(S(text)); },
    stringify(value) { return toJson(value); },
    pretty(value) { return toJson(value, null, 2); },
  });

  // localStorage: values are JSON data, copied in and out so later changes to an object do not leak.
  const store = new Map(entries(input.storage));
  const ops = [];
  const localStorage = freeze({
    get(key) { key = S(key); return store.has(key) ? parseJson(toJson(store.get(key))) : null; },
    set(key, value) {
      key = S(key);
      if (value === undefined) throw new TypeError('localStorage.set("' + key + '"): the value is undefined; use remove');
      const text = toJson(value);
      if (text === undefined) throw new TypeError('localStorage.set("' + key + '"): the value cannot be stored as JSON');
      store.set(key, parseJson(text));
      ops.push({ op: 'set', key: key, value: parseJson(text) });
    },
    remove(key) { key = S(key); const had = store.delete(key); ops.push({ op: 'remove', key: key }); return had; },
    keys() { return Array.from(store.keys()); },
    getItem(key) { return this.get(key); },
    setItem(key, value) { this.set(key, value); },
    removeItem(key) { this.remove(key); },
  });

  function checkHeader(name, value) {
    if (!TOKEN.test(name)) throw new TypeError('not a header name: ' + toJson(name));
    if (/[\r\n\0]/.test(value)) throw new TypeError('header ' + name + ': the value must not contain line breaks');
  }
  function headerApi(list) {
    return {
      header(name) { const n = lower(name); for (const h of list) if (lower(h.name) === n) return h.value; return null; },
      headers() { return list.map((h) => ({ name: h.name, value: h.value })); },
    };
  }

  // Query strings are edited pair by pair: untouched pairs keep their exact spelling.
  function splitUrl(url) {
    const hashAt = url.indexOf('#');
    const hash = hashAt < 0 ? '' : url.slice(hashAt);
    const rest = hashAt < 0 ? url : url.slice(0, hashAt);
    const q = rest.indexOf('?');
    const base = q < 0 ? rest : rest.slice(0, q);
    const query = q < 0 ? '' : rest.slice(q + 1);
    const pairs = query === '' ? [] : query.split('&').map((raw) => {
      const eq = raw.indexOf('=');
      return { raw: raw, name: decode(eq < 0 ? raw : raw.slice(0, eq)), value: eq < 0 ? '' : decode(raw.slice(eq + 1)) };
    });
    return { base: base, pairs: pairs, hash: hash, hadQuery: q >= 0 };
  }
  function decode(s) {
    try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch (e) { return s; }
  }
  function joinUrl(parts) {
    const query = parts.pairs.map((p) => p.raw).join('&');
    return parts.base + (parts.pairs.length ? '?' + query : '') + parts.hash;
  }

  const req = {
    method: S(input.request.method),
    url: S(input.request.url),
    headers: input.request.headers.map((h) => ({ name: S(h.name), value: S(h.value) })),
    body: input.request.body === null ? null : S(input.request.body),
  };
  const sent = input.phase !== 'before';
  function writable(what) {
    if (sent) throw new Error('request.' + what + '(): the request was already sent; an after-script can only read it');
  }
  const request = freeze(Object.assign(headerApi(req.headers), {
    method() { return req.method; },
    setMethod(method) {
      writable('setMethod');
      method = S(method).toUpperCase();
      if (!TOKEN.test(method)) throw new TypeError('not an HTTP method: ' + toJson(method));
      req.method = method;
    },
    url() { return req.url; },
    setUrl(url) { writable('setUrl'); url = S(url); if (url === '') throw new TypeError('request.setUrl(): the URL is empty'); req.url = url; },
    setHeader(name, value) {
      writable('setHeader');
      name = S(name); value = S(value);
      checkHeader(name, value);
      const n = lower(name);
      const at = req.headers.findIndex((h) => lower(h.name) === n);
      const kept = req.headers.filter((h) => lower(h.name) !== n);
      kept.splice(at < 0 ? kept.length : at, 0, { name: name, value: value });
      req.headers.length = 0;
      for (const h of kept) req.headers.push(h);
    },
    addHeader(name, value) { writable('addHeader'); name = S(name); value = S(value); checkHeader(name, value); req.headers.push({ name: name, value: value }); },
    removeHeader(name) {
      writable('removeHeader');
      const n = lower(name);
      const kept = req.headers.filter((h) => lower(h.name) !== n);
      const removed = kept.length !== req.headers.length;
      req.headers.length = 0;
      for (const h of kept) req.headers.push(h);
      return removed;
    },
    query(name) { name = S(name); for (const p of splitUrl(req.url).pairs) if (p.name === name) return p.value; return null; },
    queries() { return splitUrl(req.url).pairs.map((p) => ({ name: p.name, value: p.value })); },
    setQuery(name, value) {
      writable('setQuery');
      name = S(name);
      const parts = splitUrl(req.url);
      const raw = encodeURIComponent(name) + '=' + encodeURIComponent(S(value));
      const at = parts.pairs.findIndex((p) => p.name === name);
      parts.pairs = parts.pairs.filter((p) => p.name !== name);
      parts.pairs.splice(at < 0 ? parts.pairs.length : at, 0, { raw: raw, name: name, value: S(value) });
      req.url = joinUrl(parts);
    },
    removeQuery(name) {
      writable('removeQuery');
      name = S(name);
      const parts = splitUrl(req.url);
      const before = parts.pairs.length;
      parts.pairs = parts.pairs.filter((p) => p.name !== name);
      req.url = joinUrl(parts);
      return parts.pairs.length !== before;
    },
    body() { return req.body; },
    setBody(body) {
      writable('setBody');
      req.body = body === null || body === undefined ? null : typeof body === 'string' ? body : toJson(body);
    },
    json() { return req.body === null ? null : parseJson(req.body); },
  }));

  let response;
  let pm;
  if (input.response) {
    const meta = input.response;
    let text;
    const body = () => (text === undefined ? (text = host.text()) : text);
    response = freeze(Object.assign(headerApi(meta.headers), {
      code() { return meta.status; },
      body: body,
      bytes() { return meta.isText ? null : new Uint8Array(host.bytes()); },
      contentType() { return this.header('content-type'); },
      json() { return parseJson(body()); },
      saveBody(path) {
        if (path === null || path === undefined || S(path) === '') throw new TypeError('response.saveBody(path): a path is required');
        return host.save(S(path));
      },
    }));
    pm = freeze({
      response: freeze({
        responseSize: meta.size,
        code: meta.status,
        text: body,
        json: response.json,
        headers: response.headers,
      }),
    });
  }

  const api = { request: request, logger: logger, console: console, json: json, localStorage: localStorage };
  if (response) { api.response = response; api.pm = pm; }
  for (const name of Object.keys(api)) defineProperty(global, name, { value: api[name], writable: false, configurable: false, enumerable: false });

  // A thrown text is cut before it is copied out (the host cuts it again to what it shows).
  const apply = Reflect.apply;
  const sliceString = String.prototype.slice;
  const cut = (t) => (t.length > 65536 ? apply(sliceString, t, [0, 65536]) : t);
  // Reads a property of a thrown value as a string; getters run here, under the run's time limit.
  function field(value, key) {
    try {
      const v = value[key];
      return v === undefined || v === null ? '' : cut(typeof v === 'string' ? v : S(v));
    } catch (e) {
      return '';
    }
  }
  function thrownOutcome(e) {
    if (e === null || (typeof e !== 'object' && typeof e !== 'function')) {
      let text = '';
      try { text = cut(S(e)); } catch (x) { text = typeof e; }
      return { thrown: 'value', text: text };
    }
    let isError = false;
    try { isError = e instanceof Error; } catch (x) { isError = false; }
    const message = field(e, 'message');
    const stack = field(e, 'stack');
    if (!isError && message === '' && stack === '') {
      let text = '';
      try { text = cut(S(describe(e))); } catch (x) { text = 'an object'; }
      return { thrown: 'value', text: text };
    }
    return { thrown: 'error', name: field(e, 'name'), message: message, stack: stack };
  }
  // The outcome leaves as one JSON string: a primitive, so nothing the script touched (getters,
  // patched prototypes) can run while isolated-vm copies it out. The host checks its shape.
  defineProperty(global, '${RUN_FUNCTION}', {
    value: function (code) {
      let outcome;
      try {
        indirectEval(code);
        outcome = { thrown: '', request: { method: req.method, url: req.url, headers: req.headers.map((h) => ({ name: h.name, value: h.value })), body: req.body }, ops: ops };
      } catch (e) {
        outcome = thrownOutcome(e);
      }
      try {
        const text = toJson(outcome);
        if (typeof text === 'string') return text;
      } catch (e) {
        // a toJSON the script planted threw: report that the run failed, not what it threw
      }
      return '{"thrown":"value","text":"a value that cannot be turned into JSON"}';
    },
    writable: false, configurable: false, enumerable: false,
  });
})(globalThis);
`;
