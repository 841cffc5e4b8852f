// A String body the handler parses itself (core/scan/frameworks/body-parsed-in-code.ts) is sent as
// JSON of the class it parses into; the fixtures' expected.json check the examples.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

describe('a String body parsed in code', () => {
  it('is JSON of the parsed class, a raw String body stays text/plain', async () => {
    const { endpoints } = await scanProject(join(FIXTURES, 'spring-mvc/string-body-parsed'), { parseWorker: false });
    const body = (member: string) => endpoints.find((e) => e.source.member === member)!.request!.body!;
    expect(body('create')).toMatchObject({ contentType: 'application/json', schema: { 'x-java-type': 'com.acme.parsedbody.OrderForm' } });
    expect(body('check').contentType).toBe('application/json');
    expect(body('echo')).toMatchObject({ contentType: 'text/plain', schema: { type: 'string' } });
  });

  it('reads a Kotlin expression body as the handler\'s own, not the next function\'s block', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-parsed-kt-'));
    const src = join(dir, 'src/main/kotlin/com/acme');
    mkdirSync(src, { recursive: true });
    writeFileSync(
      join(src, 'HooksController.kt'),
      [
        'package com.acme',
        'import org.springframework.web.bind.annotation.*',
        'data class Ping(val id: Long)',
        'data class Other(val name: String)',
        '@RestController',
        'class HooksController(private val gson: com.google.gson.Gson) {',
        '    @PostMapping("/ping") fun ping(@RequestBody body: String) = gson.fromJson(body, Ping::class.java).id',
        '    @PostMapping("/raw") fun raw(@RequestBody body: String): String {',
        '        val other = gson.fromJson(body, Other::class.java)',
        '        return body',
        '    }',
        '}',
      ].join('\n'),
    );
    const { endpoints } = await scanProject(dir, { parseWorker: false });
    const body = (member: string) => endpoints.find((e) => e.source.member === member)!.request!.body!;
    expect(body('ping').schema).toMatchObject({ 'x-java-type': 'com.acme.Ping' });
    expect(body('raw').schema).toMatchObject({ 'x-java-type': 'com.acme.Other' });
  });
});
