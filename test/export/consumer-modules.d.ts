// The few members the export tests use of two consumers that ship no type declarations.

declare module 'newman' {
  export interface NewmanRunSummary {
    run: { failures: { error: { message: string } }[]; stats: { requests: { total: number; failed: number } } };
  }
  export function run(
    options: { collection: string; environment?: string; workingDir?: string; reporters?: string[]; timeoutRequest?: number; envVar?: { key: string; value: string }[] },
    callback: (err: Error | null, summary: NewmanRunSummary) => void,
  ): void;
  const newman: { run: typeof run };
  export default newman;
}

declare module 'yapi-to-typescript/lib/cjs/Generator' {
  export class Generator {
    constructor(config: unknown[], options: { cwd: string });
    prepare(): Promise<void>;
    generate(): Promise<Record<string, { content: string }>>;
    destroy?(): void;
  }
}
