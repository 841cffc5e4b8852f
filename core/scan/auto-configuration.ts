// Whether a library module declares Spring Boot auto-configuration: a
// META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports naming a class,
// or a META-INF/spring.factories listing EnableAutoConfiguration. Every application with the
// library on its classpath loads it, whatever that application's component scan reaches: Nacos'
// auth plugin registers its controllers so in nacos-server and in the console, though neither
// scans its package.

import type { ModuleInfo } from './modules';

type Read = (path: string) => string | undefined;

const IMPORTS = 'META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports';
const FACTORIES = 'META-INF/spring.factories';

/** A file that may declare one: its change reads the module config again. */
export const AUTO_CONFIGURATION_FILE = /(?:^|\/)src\/main\/resources\/META-INF\/(?:spring\/org\.springframework\.boot\.autoconfigure\.AutoConfiguration\.imports|spring\.factories)$/;

/** Whether `m`'s main resources declare an auto-configuration. */
export function declaresAutoConfiguration(m: ModuleInfo, read: Read): boolean {
  const at = (file: string) => [m.dir, 'src/main/resources', file].filter(Boolean).join('/');
  const imports = read(at(IMPORTS));
  if (imports !== undefined && imports.split('\n').some((line) => /^\s*[A-Za-z_]/.test(line))) return true;
  const factories = read(at(FACTORIES));
  return factories !== undefined && /^\s*org\.springframework\.boot\.autoconfigure\.EnableAutoConfiguration\s*[=:]/m.test(factories);
}
