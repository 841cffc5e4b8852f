// The framework registry. The orchestrator loops over it and never names a framework.
// Each call builds fresh scanners: they learn custom annotations per scan.

import type { FrameworkScanner } from './framework';
import { createJaxRsScanner } from './jax-rs';
import { createSpringMvcScanner } from './spring-mvc';

export function createFrameworkScanners(): FrameworkScanner[] {
  return [createSpringMvcScanner(), createJaxRsScanner()];
}
