import { describe, expect, it } from 'vitest';
import { schemas } from './testing';

// genie's controllers return EntityModel / PagedModel of its DTOs; hawkbit's DTOs extend RepresentationModel.
const FILES = {
  'com/acme/Application.java': `package com.acme;
public class Application {
    private String id;
    private String name;
}`,
  'com/acme/Tagged.java': `package com.acme;
import org.springframework.hateoas.server.core.Relation;
@Relation(collectionRelation = "tags")
public class Tagged {
    private String tag;
}`,
  'com/acme/Target.java': `package com.acme;
import org.springframework.hateoas.RepresentationModel;
public class Target extends RepresentationModel<Target> {
    private String controllerId;
}`,
  'com/acme/Api.java': `package com.acme;
import org.springframework.hateoas.CollectionModel;
import org.springframework.hateoas.EntityModel;
import org.springframework.hateoas.PagedModel;
interface Api {}`,
};

const LINKS = expect.objectContaining({ type: 'object', readOnly: true, additionalProperties: expect.objectContaining({ properties: { href: { type: 'string', format: 'uri' } } }) });

describe('Spring HATEOAS models', () => {
  it("writes an EntityModel as its content's properties with _links", () => {
    const s = schemas(FILES);
    const schema = s.schema('EntityModel<Application>', 'com.acme.Api');
    expect(schema).toMatchObject({ type: 'object', title: 'EntityModel<Application>', 'x-java-type': 'org.springframework.hateoas.EntityModel<com.acme.Application>' });
    expect(Object.keys(schema.properties!)).toEqual(['id', 'name', '_links']);
    expect(schema.properties!._links).toEqual(LINKS);
    expect(schema['x-unresolved']).toBeUndefined();
  });

  it('embeds a collection under its relation, with page metadata for a PagedModel', () => {
    const s = schemas(FILES);
    const paged = s.schema('PagedModel<EntityModel<Application>>', 'com.acme.Api');
    expect(Object.keys(paged.properties!)).toEqual(['_embedded', '_links', 'page']);
    const embedded = paged.properties!._embedded!;
    expect(Object.keys(embedded.properties!)).toEqual(['applicationList']);
    expect(embedded.properties!.applicationList!.items!.properties).toHaveProperty('_links');
    expect(Object.keys(paged.properties!.page!.properties!)).toEqual(['size', 'totalElements', 'totalPages', 'number']);
    // @Relation(collectionRelation) names it.
    const tags = s.schema('CollectionModel<Tagged>', 'com.acme.Api');
    expect(Object.keys(tags.properties!._embedded!.properties!)).toEqual(['tags']);
    expect(tags.properties!.page).toBeUndefined();
  });

  it('knows the types imported on demand (`import org.springframework.hateoas.*`)', () => {
    const s = schemas({
      ...FILES,
      'com/acme/Wild.java': `package com.acme;
import org.springframework.hateoas.*;
public class Wild extends RepresentationModel<Wild> {
    private String name;
}`,
    });
    expect(Object.keys(s.schema('EntityModel<Application>', 'com.acme.Wild').properties!)).toEqual(['id', 'name', '_links']);
    expect(Object.keys(s.schema('Wild', 'com.acme.Wild').properties!)).toEqual(['name', '_links']);
  });

  it('gives a RepresentationModel subclass its _links, and knows the superclass', () => {
    const s = schemas(FILES);
    const schema = s.schema('Target', 'com.acme.Api');
    expect(Object.keys(schema.properties!)).toEqual(['controllerId', '_links']);
    expect(schema.properties!._links).toEqual(LINKS);
    expect(schema['x-unresolved-superclass']).toBeUndefined();
  });
});
