// Words found in one pass over their capitals: the same answer as a search for each word.
import { describe, expect, it } from 'vitest';
import { ByteWords } from './byte-words';

const WORDS = ['Servlet', 'SpringApplicationBuilder', 'setDefaultProperties', 'System.setProperty', 'WebServerFactory', 'addSecuritySchemes', 'addSecurityItem'];

describe('ByteWords', () => {
  const words = new ByteWords(WORDS);
  const find = (text: string) => words.found(Buffer.from(text, 'latin1')).sort();
  const each = (text: string) => WORDS.filter((w) => text.includes(w)).sort();

  it('finds what a search for each word finds, at the start and end of the text and overlapping', () => {
    const texts = [
      '',
      'Servlet',
      'SpringApplicationBuilder b; // Sprin',
      'app.setDefaultProperties(Map.of("server.port", "8081"))',
      'System.setPropert',
      'ConfigurableWebServerFactory f',
      'WebServerFactor',
      'new Components().addSecuritySchemes("basic", s).addSecurityItem(r)',
      'addSecuritySchemeS addSecurityIte SSSS ServletS',
      'x'.repeat(100) + 'System.setProperty',
      'SpringApplicationBuilderServletWebServerFactory',
    ];
    for (const text of texts) expect(find(text), text).toEqual(each(text));
  });

  it('finds a word ending with its capital, whatever follows it', () => {
    const ending = new ByteWords(['toX', 'Xml']);
    const find = (text: string) => ending.found(Buffer.from(text, 'latin1')).sort();
    expect(find('a.toX')).toEqual(['toX']);
    expect(find('toX(); toXml')).toEqual(['Xml', 'toX']);
    expect(find('X Xm tox')).toEqual([]);
  });

  it('wants a capital letter in every word', () => {
    expect(() => new ByteWords(['jackson'])).toThrow();
  });
});
