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

  it('reads the bodies of a file parsed from a text in hand from that text, while the index keeps parsed texts', () => {
    const index = indexOf({ 'com/acme/OrderController.java': CONTROLLER, 'com/acme/Other.java': CONTROLLER.replace('OrderController', 'Other') });
    index.keepParsedTexts(true);
    const entry = index.files.get('com/acme/OrderController.java')!;
    entry.text = CONTROLLER; // as a scan's read keeps an endpoint file's text until its parse
    const type = index.typeByFqn('com.acme.OrderController')!;
    // Gone from disk before any body was read: the text it was parsed from answers.
    rmSync(entry.abs);
    expect(entry.text).toBeUndefined();
    expect(index.parsedText(entry)).toBe(CONTROLLER);
    expect(readMethodBody(index, type, type.methods[1]!)?.text.trim()).toBe('return body.strip();');
    // A file parsed from disk is not kept: its bodies are read from disk, as before.
    const other = index.typeByFqn('com.acme.Other')!;
    expect(index.parsedText(index.files.get('com/acme/Other.java')!)).toBeUndefined();
    expect(readMethodBody(index, other, other.methods[0]!)?.text.trim()).toBe('return body.trim();');
    // Let go at the end of the scan's endpoint pass.
    index.keepParsedTexts(false);
    expect(index.parsedText(entry)).toBeUndefined();
  });
});
