// The error a handler throws to answer with a JSON-RPC error code. Its own module: the handler
// groups throw it and handlers.ts imports the groups, so importing it from there would be a cycle.

/** An error with its JSON-RPC code; the server turns it into the error response. */
export class BridgeError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
