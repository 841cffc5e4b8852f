import { describe, expect, it } from 'vitest';
import { libraryConstant } from './library-constants';

describe('libraryConstant', () => {
  it('reads media types, header names and the JDK constants by the name the source writes', () => {
    expect(libraryConstant('MediaType.APPLICATION_JSON_VALUE')).toBe('application/json');
    expect(libraryConstant('org.springframework.http.MediaType.TEXT_PLAIN_VALUE')).toBe('text/plain');
    expect(libraryConstant('MimeTypeUtils.APPLICATION_JSON_VALUE')).toBe('application/json');
    expect(libraryConstant('org.springframework.util.MimeTypeUtils.TEXT_HTML_VALUE')).toBe('text/html');
    expect(libraryConstant('APPLICATION_JSON')).toBe('application/json');
    expect(libraryConstant('HttpHeaders.ACCEPT_LANGUAGE')).toBe('Accept-Language');
    expect(libraryConstant('Integer.MAX_VALUE')).toBe('2147483647');
    expect(libraryConstant('Owner.UNKNOWN')).toBeUndefined();
  });

  it("knows Spring HATEOAS' media types, qualified or statically imported", () => {
    expect(libraryConstant('MediaTypes.HAL_JSON_VALUE')).toBe('application/hal+json');
    expect(libraryConstant('org.springframework.hateoas.MediaTypes.HAL_FORMS_JSON_VALUE')).toBe('application/prs.hal-forms+json');
    expect(libraryConstant('HAL_JSON_VALUE')).toBe('application/hal+json');
    expect(libraryConstant('MediaTypes.APPLICATION_JSON_VALUE')).toBeUndefined();
  });

  it("knows Prometheus' exposition content types (Lavalink's /metrics produces one)", () => {
    expect(libraryConstant('TextFormat.CONTENT_TYPE_004')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(libraryConstant('io.prometheus.client.exporter.common.TextFormat.CONTENT_TYPE_OPENMETRICS_100')).toMatch(/^application\/openmetrics-text;/);
  });

  it("knows MicroProfile LRA's header names, qualified or statically imported (Helidon's LRA example)", () => {
    expect(libraryConstant('LRA_HTTP_CONTEXT_HEADER')).toBe('Long-Running-Action');
    expect(libraryConstant('LRA.LRA_HTTP_ENDED_CONTEXT_HEADER')).toBe('Long-Running-Action-Ended');
    expect(libraryConstant('org.eclipse.microprofile.lra.annotation.ws.rs.LRA.LRA_HTTP_PARENT_CONTEXT_HEADER')).toBe('Long-Running-Action-Parent');
    expect(libraryConstant('Other.LRA_HTTP_CONTEXT_HEADER')).toBeUndefined();
  });
});
