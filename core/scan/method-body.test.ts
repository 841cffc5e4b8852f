import { rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readMethodBody } from './method-body';
import { describeFile } from './project-index';
import { indexOf } from './types/testing';

const CONTROLLER = `package com.acme;
public class OrderController {
    public String create(String body) { return body.trim(); }
    public String update(String body) { return body.strip(); }
}`;

describe('readMethodBody', () => {
  it("reads a class's file once for all its handlers, and again once the index holds a new reading of it", () => {
    const index = indexOf({ 'com/acme/OrderController.java': CONTROLLER });
    const type = index.typeByFqn('com.acme.OrderController')!;
    const [create, update] = type.methods;
    expect(readMethodBody(index, type, create!)?.text.trim()).toBe('return body.trim();');
    // The file is gone from disk: the handlers after the first are read from the text already read.
    const abs = index.files.get(type.file.path)!.abs;
    rmSync(abs);
    expect(readMethodBody(index, type, update!)?.text.trim()).toBe('return body.strip();');
    // A re-scan reads the changed file into a new entry: its text, not the one kept.
    const changed = CONTROLLER.replace('body.trim()', 'body.toUpperCase()');
    writeFileSync(abs, changed);
    index.add(describeFile(changed, type.file.path, abs, 'm', 'java'));
    const again = index.typeByFqn('com.acme.OrderController')!;
    expect(readMethodBody(index, again, again.methods[0]!)?.text.trim()).toBe('return body.toUpperCase();');
  });
});
