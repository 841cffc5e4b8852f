// A rollup plugin that turns TypeScript into JavaScript file by file (typescript's transpileModule),
// with the compiler options of a tsconfig. It checks no types: `npm run typecheck` (tsc) does, and
// @rollup/plugin-typescript, which it replaces, type-checked every bundle's whole program again (the
// sidecar's and the parse worker's over the same core/), most of the build's time. The tsconfig sets
// isolatedModules, so each file compiles on its own to what the whole program would emit.

import { dirname, resolve } from 'node:path';
import ts from 'typescript';

/** Compiler options of a tsconfig file (its `extends` followed), or of `options` alone when tsconfig is false. */
function compilerOptions(tsconfig, options) {
  if (tsconfig === false) return ts.convertCompilerOptionsFromJson(options, process.cwd()).options;
  const file = resolve(tsconfig);
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) throw new Error(`${tsconfig}: ${ts.flattenDiagnosticMessageText(read.error.messageText, '\n')}`);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(file), options, file);
  const errors = parsed.errors.filter((e) => e.code !== 18003); // "no inputs found" does not matter here
  if (errors.length) throw new Error(`${tsconfig}: ${ts.flattenDiagnosticMessageText(errors[0].messageText, '\n')}`);
  return parsed.options;
}

/**
 * @param {{ tsconfig: string | false, compilerOptions?: Record<string, unknown> }} config
 *   tsconfig: path of the tsconfig whose options apply (false: only `compilerOptions`);
 *   compilerOptions: overrides, as in a tsconfig's JSON.
 */
export function transpile({ tsconfig, compilerOptions: overrides = {} }) {
  const options = {
    ...compilerOptions(tsconfig, { ...overrides, noEmit: false, declaration: false }),
    sourceMap: true,
    inlineSourceMap: false,
    inlineSources: false,
  };
  return {
    name: 'transpile-typescript',
    // Our sources import each other without a suffix ('./types'): find the .ts/.tsx file.
    async resolveId(source, importer, opts) {
      if (!importer || !/\.tsx?$/.test(importer) || importer.includes('/node_modules/') || !/^\.\.?\//.test(source) || /\.[cm]?[jt]sx?$/.test(source)) return null;
      for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) {
        const hit = await this.resolve(source + ext, importer, { ...opts, skipSelf: true });
        if (hit) return hit;
      }
      return null;
    },
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('/node_modules/') || id.endsWith('.d.ts')) return null;
      const out = ts.transpileModule(code, { compilerOptions: options, fileName: id, reportDiagnostics: true });
      // Syntax errors only (no types are checked): a file that does not parse stops the build.
      const syntax = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
      if (syntax.length) this.error(`${id}: ${ts.flattenDiagnosticMessageText(syntax[0].messageText, '\n')}`);
      const map = JSON.parse(out.sourceMapText);
      map.sources = [id];
      map.sourcesContent = [code];
      return { code: out.outputText.replace(/\n\/\/# sourceMappingURL=.*$/, ''), map };
    },
  };
}
