// Types of bench/gen-endpoints.mjs for the tests that generate with it.
export function generateEndpoints(
  out: string,
  opts?: { endpoints?: number; perClass?: number; modules?: number },
): { endpoints: number; classes: number; modules: number };
