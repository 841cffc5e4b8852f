// How a call that found nothing listening is reported, HTTP or gRPC alike.

/** A refused connection to `host` (`host:port`): the server is most likely not started. */
export function refusedBy(host: string): string {
  return `connection refused by ${host}: is the server running?`;
}
