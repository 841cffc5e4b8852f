// The framework registry. The orchestrator loops over it and never names a framework.
// Each call builds fresh scanners: they learn custom annotations per scan.

import type { FrameworkScanner } from './framework';
import { createActuatorScanner } from './actuator';
import { createGrpcScanner } from './grpc';
import { createJaxRsScanner } from './jax-rs';
import { createSpringMvcScanner } from './spring-mvc';
import { createSpringFunctionalScanner } from './spring-functional';
import { GeneratedApis } from './openapi-generated';

export interface FrameworkOptions {
  /** Recognise Spring Boot actuator endpoint classes (spec §2.6: off by default). */
  actuator?: boolean;
}

export function createFrameworkScanners(opts: FrameworkOptions = {}): FrameworkScanner[] {
  // Spec-first interfaces serve either framework: one reading of the build files and specs for both.
  const generated = new GeneratedApis();
  const scanners = [createSpringMvcScanner(generated), createSpringFunctionalScanner(), createJaxRsScanner(generated), createGrpcScanner()];
  if (opts.actuator) scanners.push(createActuatorScanner());
  return scanners;
}
