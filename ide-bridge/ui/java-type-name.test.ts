import { describe, expect, it } from 'vitest';
import { simpleTypeName } from './java-type-name';

describe('simpleTypeName', () => {
  it('drops the packages of every name in the type, generics and nested classes included', () => {
    expect(simpleTypeName('com.acme.shop.catalog.dto.CreateProductRequest')).toBe('CreateProductRequest');
    expect(simpleTypeName('com.acme.shop.common.api.Result<java.util.List<com.acme.shop.catalog.dto.CategoryDto>>')).toBe('Result<List<CategoryDto>>');
    expect(simpleTypeName('com.acme.poly.LedgerController.Ledger')).toBe('LedgerController.Ledger');
    expect(simpleTypeName('com.acme.poly.Animal$Cat')).toBe('Animal$Cat');
    expect(simpleTypeName('java.util.Map<java.lang.String, com.acme.Item[]>')).toBe('Map<String, Item[]>');
    expect(simpleTypeName('acme.shop.inventory.v1.GetStockRequest')).toBe('GetStockRequest');
  });

  it('keeps a name with no package, and a primitive, as they are', () => {
    expect(simpleTypeName('Order')).toBe('Order');
    expect(simpleTypeName('int')).toBe('int');
  });
});
