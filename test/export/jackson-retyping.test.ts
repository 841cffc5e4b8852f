// A class Jackson reads as other types than it writes (spring-mvc/jackson-retyping): the OpenAPI
// export gives the request body a component of its own, so neither side describes the other.
// The consumers (redocly, openapi-generator) read the fixture in openapi-consumers.test.ts.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportMarkdown } from '../../core/export/markdown';
import { exportOpenApi } from '../../core/export/openapi';
import { scanProject } from '../../core/scan/scan';

const CASE = fileURLToPath(new URL('../fixtures/spring-mvc/jackson-retyping', import.meta.url));

type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };

describe('request and response schemas of one class in the exports', () => {
  it('OpenAPI: the request body refers to a request component, the response to the class; types shared both ways stay one component', async () => {
    const { endpoints } = await scanProject(CASE);
    for (const version of ['3.0.3', '3.1.0'] as const) {
      const doc = JSON.parse(exportOpenApi(endpoints, { openapi: { format: 'json', version } }).files[0]!.content) as Doc;
      const op = doc.paths['/orders']!.post;
      expect(op.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/OrderFormRequest' });
      expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/OrderForm' });
      const request = doc.components.schemas.OrderFormRequest.properties;
      const response = doc.components.schemas.OrderForm.properties;
      expect(request.settings.type).toBe('string');
      expect(response.settings.type).toBeUndefined();
      expect(request.id.type).toBe('integer');
      expect(response.id.type).toBe('string');
      expect(JSON.stringify(request.shipment)).toContain('"#/components/schemas/ParcelShipment"');
      expect(JSON.stringify(response.shipment)).toContain('"#/components/schemas/Shipment"');
      expect(JSON.stringify(request.detail)).toContain('"#/components/schemas/OrderDetail"');
      expect(JSON.stringify(response.detail)).toContain('"#/components/schemas/OrderSummary"');
      // Read through their builders: a request component each, named by the builder's properties.
      expect(Object.keys(doc.components.schemas.RefundRequest.properties)).toEqual(['cents', 'reason']);
      expect(Object.keys(doc.components.schemas.Refund.properties)).toEqual(['amountCents', 'reason']);
      expect(Object.keys(doc.components.schemas.VoucherRequest.properties)).toEqual(['code', 'isGift', 'uses', 'gift_note']);
      expect(Object.keys(doc.components.schemas.Voucher.properties)).toEqual(['code', 'uses', 'gift', 'gift_note']); // Jackson's order
      // Amount is written as text, read as its fields; the tags are read from text by their setter.
      expect(response.amount.type).toBe('string');
      expect(JSON.stringify(request.amount)).toContain('"#/components/schemas/Amount"');
      expect(request.tags.type).toBe('string');
      expect(response.tags.type).toBe('array');
      expect(Object.keys(doc.components.schemas).sort()).toEqual([
        'Amount', 'Attachment', 'FileAttachment', 'OrderDetail', 'OrderForm', 'OrderFormRequest', 'OrderSummary', 'ParcelShipment', 'Pet', 'Refund', 'RefundRequest', 'Shipment', 'Voucher', 'VoucherRequest',
      ]);
    }
  });

  it('Markdown: the request table and the response table each show their side', async () => {
    const { endpoints } = await scanProject(CASE);
    const md = exportMarkdown(endpoints, {}).files.map((f) => f.content).join('\n');
    expect(md).toContain('internalNote');
    expect(md).toContain('weightGrams');
  });
});
