// The saved layout, read back: one an older version saved carries its fixed list width (420 px) on any
// change, which kept the list at 420 px at full screen; it now follows the window, and nothing the user
// set (a dragged width, the request's share, a maximised response) is lost.

import { describe, expect, it } from 'vitest';
import { prefsFrom, prefsJson, treeWidthIn } from './layout';

describe('saved layouts', () => {
  it('reads an older version\'s default list width as the default: 560 px at 1,400, the request\'s share and maximised kept', () => {
    const old = prefsFrom(JSON.stringify({ tree: 420, request: 0.7, maximised: true }));
    expect(old).toEqual({ tree: undefined, request: 0.7, maximised: true });
    expect(treeWidthIn(old.tree, 1400)).toBe(560);
    expect(treeWidthIn(old.tree, 900)).toBe(420);
  });

  it('keeps an older version\'s dragged width, and a width this version saved, 420 px included', () => {
    expect(prefsFrom(JSON.stringify({ tree: 396, request: 0.6, maximised: false })).tree).toBe(396);
    const dragged = prefsFrom(prefsJson({ tree: 420, request: 0.5, maximised: false }));
    expect(dragged).toEqual({ tree: 420, request: 0.5, maximised: false });
    expect(treeWidthIn(dragged.tree, 1400)).toBe(420);
    // Saved again after a migration: still the default, now marked as this version's.
    expect(JSON.parse(prefsJson(prefsFrom(JSON.stringify({ tree: 420, request: 0.7, maximised: false }))))).toEqual({ v: 2, request: 0.7, maximised: false });
  });

  it('reads nothing saved, or a stray value, as the defaults', () => {
    for (const json of [null, '', 'not json', 'null', '7', '"x"'])
      expect(prefsFrom(json), String(json)).toEqual({ tree: undefined, request: 0.6, maximised: false });
  });
});
