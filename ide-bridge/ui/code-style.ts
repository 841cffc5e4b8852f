// The colours of highlighted code (the request body, the response body, the source view): those of
// CodeMirror's default style, each through a CSS variable (app.css) that a dark theme sets to a
// colour readable on its background. The default style alone is for a light page: its dark red
// strings and dark green numbers could hardly be read on Darcula.

import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';

/** The default style's colours and the variable each goes through (`--code-<name>`). */
const VARIABLES: Record<string, string> = {
  '#404740': 'meta',
  '#708': 'keyword',
  '#219': 'atom',
  '#164': 'literal',
  '#a11': 'string',
  '#e40': 'regexp',
  '#00f': 'definition',
  '#30a': 'local',
  '#085': 'type',
  '#167': 'class',
  '#256': 'macro',
  '#00c': 'property',
  '#940': 'comment',
  '#f00': 'invalid',
};

/** The default style with every colour a variable, the default colour its fallback. */
export const codeHighlighting = syntaxHighlighting(
  HighlightStyle.define(defaultHighlightStyle.specs.map((spec) => (typeof spec.color === 'string' && VARIABLES[spec.color] ? { ...spec, color: `var(--code-${VARIABLES[spec.color]}, ${spec.color})` } : spec))),
);
