import { describe, expect, it } from 'vitest';
import { includeRootsOf } from './proto-index';

describe('includeRootsOf', () => {
  it('offers the proto source root, the folder less the package path, the folder itself and the scan root', () => {
    expect(includeRootsOf('orders/src/main/proto/acme/orders/v1/orders.proto', 'acme.orders.v1')).toEqual([
      'orders/src/main/proto',
      'orders/src/main/proto/acme/orders/v1',
      '',
    ]);
    expect(includeRootsOf('api/acme/common/money.proto', 'acme.common')).toEqual(['api', 'api/acme/common', '']);
    expect(includeRootsOf('ping.proto', '')).toEqual(['']);
    expect(includeRootsOf('protos/v1/x.proto', 'other')).toEqual(['protos', 'protos/v1', '']);
  });
});
