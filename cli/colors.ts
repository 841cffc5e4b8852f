// Terminal colours for HTTP methods (spec §2.1: GET blue, POST green, PUT orange, DELETE red,
// PATCH cyan, gRPC purple). Plain text when the stream is not a terminal or NO_COLOR is set.

const METHOD_COLORS: Record<string, string> = {
  GET: '\x1b[34m',
  POST: '\x1b[32m',
  PUT: '\x1b[38;5;208m',
  DELETE: '\x1b[31m',
  PATCH: '\x1b[36m',
  gRPC: '\x1b[35m',
};
const RESET = '\x1b[0m';

export interface Painter {
  method(method: string, text?: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

export function painterFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Painter {
  // Conventions: NO_COLOR (no-color.org) and FORCE_COLOR count when set and non-empty.
  const forced = env.FORCE_COLOR ? env.FORCE_COLOR !== '0' : undefined;
  const on = forced ?? (!env.NO_COLOR && stream.isTTY === true);
  if (!on) return { method: (_m, t) => t ?? _m, dim: (t) => t, bold: (t) => t };
  return {
    method: (m, t = m) => (METHOD_COLORS[m] ? `${METHOD_COLORS[m]}${t}${RESET}` : t),
    dim: (t) => `\x1b[2m${t}${RESET}`,
    bold: (t) => `\x1b[1m${t}${RESET}`,
  };
}
