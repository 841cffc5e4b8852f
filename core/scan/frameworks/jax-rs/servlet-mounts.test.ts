import { describe, expect, it } from 'vitest';
import { registrationMount } from './servlet-mounts';
import { cxfServers } from './cxf-servers';

/** A folder of the constants a test names, standing in for the project index. */
const constants = (values: Record<string, string>) => (arg: string) => /^"([^"]*)"$/.exec(arg.trim())?.[1] ?? values[arg.trim()];

describe('registrationMount', () => {
  it("takes the URL from the arguments after the servlet, not a string inside the servlet's construction", () => {
    const code = 'class C { @Bean Object b() { return new ServletRegistrationBean<>(new ServletContainer(new ResourceConfig().packages("com.acme")), "/api/*"); } }';
    expect(registrationMount(code)).toBe('/api');
  });

  it('reads a constant only through the folding it is given', () => {
    const code = 'class C { @Bean Object b() { return new ServletRegistrationBean<>(new CXFServlet(), true, Paths.API); } }';
    expect(registrationMount(code)).toBeUndefined();
    expect(registrationMount(code, constants({ 'Paths.API': '/services/*' }))).toBe('/services');
  });

  it('setUrlMappings(List.of(C)) and an embedded mapping named by constants', () => {
    expect(registrationMount('class C { @Bean ServletRegistrationBean<CXFServlet> b() { ServletRegistrationBean<CXFServlet> r = new ServletRegistrationBean<>(new CXFServlet()); r.setUrlMappings(List.of(API)); return r; } }', constants({ API: '/api/*' }))).toBe('/api');
    const tomcat = 'class S { void start() { Tomcat.addServlet(ctx, NAME, new ServletContainer(app)); ctx.addServletMappingDecoded(Paths.AUTHZ, NAME); } }';
    expect(registrationMount(tomcat, constants({ NAME: 'jersey', 'Paths.AUTHZ': '/authz/*' }))).toBe('/authz');
  });

  it("a Guice ServletModule's serve(..).with(JAX-RS servlet) or filter(..).through(GuiceContainer), not another servlet's", () => {
    expect(registrationMount('class M extends ServletModule { protected void configureServlets() { serve("/admin/*").with(AdminServlet.class); serve("/api/*").with(ServletContainer.class, params); } }')).toBe('/api');
    expect(registrationMount('class M extends JerseyServletModule { protected void configureServlets() { filter(ApiPaths.ROOT).through(GuiceContainer.class); } }', constants({ 'ApiPaths.ROOT': '/ws/*' }))).toBe('/ws');
    expect(registrationMount('class M extends ServletModule { protected void configureServlets() { serve("/metrics").with(MetricsServlet.class); filter("/*").through(AuthFilter.class); } }')).toBeUndefined();
  });

  it('a Guice URL in a local: a constant, or UriBuilder joining segments', () => {
    const built = 'class M extends ServletModule { void configureServlets() { String all = UriBuilder.fromPath(BASE).path("*").build().toString(); serve(all).with(ServletContainer.class, params); } }';
    expect(registrationMount(built, constants({ BASE: '/api/v1/' }))).toBe('/api/v1');
    expect(registrationMount(built)).toBeUndefined();
    const kotlin = 'class M : ServletModule() { override fun configureServlets() { val api: String = Paths.API\n serve(api).with(ServletContainer::class.java) } }';
    expect(registrationMount(kotlin, constants({ 'Paths.API': '/k/*' }))).toBe('/k');
  });
});

describe('cxfServers', () => {
  it('an address given as a constant', () => {
    const code = 'class R { Server s(ScimService svc) { JAXRSServerFactoryBean scim = new JAXRSServerFactoryBean(); scim.setAddress(Paths.SCIM); scim.setServiceBeans(List.of(svc)); return scim.create(); } }';
    expect(cxfServers(code)).toEqual([]);
    expect(cxfServers(code, constants({ 'Paths.SCIM': '/scim' }))).toEqual([{ address: '/scim', types: ['ScimService'] }]);
  });
});
