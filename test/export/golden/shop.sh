#!/bin/sh
# Shop: cURL commands exported by apiscout

# ---------- catalog / Category management ----------

# Creates a category
# The parent must exist.
# POST /api/v1/catalog/categories
curl \
  -X POST \
  -g \
  '{{host}}/api/v1/catalog/categories' \
  -H 'Content-Type: application/json' \
  -d '{
  "name": "name",
  "parentId": 0,
  "position": 0
}'

# Counts the entities of this controller
# Cheap: served from a cached counter.
# GET /api/v1/catalog/categories/count
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/catalog/categories/count'

# Returns the category tree
# Roots first, children sorted by position.
# GET /api/v1/catalog/categories/tree
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/catalog/categories/tree'

# Fetches one category
# GET /api/v1/catalog/categories/{id}
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/catalog/categories/0'

# ---------- catalog / Products ----------

# List products
# Paged; filter by category and status.
# GET /api/v1/catalog/products
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/catalog/products?page=0&size=20'

# Create a product
# POST /api/v1/catalog/products
curl \
  -X POST \
  -g \
  '{{host}}/api/v1/catalog/products' \
  -H 'Content-Type: application/json' \
  -d '{
  "sku": "AAAA",
  "name": "name",
  "description": "description",
  "price": {
    "amount": 0,
    "currency": "CUR"
  },
  "status": "DRAFT",
  "categoryId": 0,
  "tags": [
    "tags"
  ]
}'

# Counts the entities of this controller
# Cheap: served from a cached counter.
# GET /api/v1/catalog/products/count
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/catalog/products/count'

# Looks up a product by its SKU
# SKUs are unique across the catalogue.
# GET /api/v1/catalog/products/sku/{sku}
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/catalog/products/sku/sku-1'

# Get a product
# GET /api/v1/catalog/products/{id}
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/catalog/products/0'

# Replaces a product
# Every field is overwritten; omitted ones are cleared.
# PUT /api/v1/catalog/products/{id}
curl \
  -X PUT \
  -g \
  '{{host}}/api/v1/catalog/products/0' \
  -H 'Content-Type: application/json' \
  -d '{
  "sku": "AAAA",
  "name": "name",
  "description": "description",
  "price": {
    "amount": 0,
    "currency": "CUR"
  },
  "status": "DRAFT",
  "categoryId": 0,
  "tags": [
    "tags"
  ]
}'

# delete
# DELETE /api/v1/catalog/products/{id}
curl \
  -X DELETE \
  -g \
  '{{host}}/api/v1/catalog/products/0'

# Changes the price of a product
# PATCH /api/v1/catalog/products/{id}/price
curl \
  -X PATCH \
  -g \
  '{{host}}/api/v1/catalog/products/0/price' \
  -H 'Content-Type: application/json' \
  -d '{
  "price": {
    "amount": 0,
    "currency": "CUR"
  },
  "effectiveAt": "2024-01-01T00:00:00Z"
}'

# ---------- catalog / Server-rendered storefront pages ----------

# The shop's home page
# GET /
curl \
  -X GET \
  -g \
  '{{host}}/'

# ---------- inventory / Reservations of one SKU ----------

# Lists the open reservations
# GET /rest/stock/{sku}/reservations
curl \
  -X GET \
  -g \
  '{{host}}/rest/stock/sku-1/reservations'

# Reserves stock for an order
# Fails when not enough is available.
# POST /rest/stock/{sku}/reservations
curl \
  -X POST \
  -g \
  '{{host}}/rest/stock/sku-1/reservations' \
  -H 'Content-Type: application/json' \
  -d '{
  "orderId": "orderId",
  "quantity": 1,
  "ttl": "PT1H"
}'

# Releases a reservation
# DELETE /rest/stock/{sku}/reservations/{reservationId}
curl \
  -X DELETE \
  -g \
  '{{host}}/rest/stock/sku-1/reservations/reservationId-1'

# ---------- inventory / Stock levels per SKU and warehouse ----------

# Lists stock levels
# Optionally for one warehouse only.
# GET /rest/stock
curl \
  -X GET \
  -g \
  '{{host}}/rest/stock'

# Stock level of one SKU over all warehouses
# GET /rest/stock/{sku}
curl \
  -X GET \
  -g \
  '{{host}}/rest/stock/sku-1'

# Adjusts the stock of a SKU
# Used for deliveries, returns and stocktaking.
# PUT /rest/stock/{sku}
curl \
  -X PUT \
  -g \
  '{{host}}/rest/stock/sku-1' \
  -H 'Content-Type: application/json' \
  -d '{
  "warehouse": "warehouse",
  "delta": 0,
  "reason": "DELIVERY"
}'

# ---------- inventory / Warehouse robots' stock service ----------

# Current stock of one SKU over all warehouses
# gRPC /acme.shop.inventory.v1.StockService/GetStock
grpcurl \
  -plaintext \
  -import-path inventory/src/main/proto \
  -import-path common/src/main/proto \
  -proto acme/shop/inventory/v1/stock_service.proto \
  -d '{
  "sku": "sku"
}' \
  localhost:9090 \
  acme.shop.inventory.v1.StockService/GetStock

# A robot's session: it reports picks and receives pick orders
# gRPC /acme.shop.inventory.v1.StockService/PickSession
grpcurl \
  -plaintext \
  -import-path inventory/src/main/proto \
  -import-path common/src/main/proto \
  -proto acme/shop/inventory/v1/stock_service.proto \
  -d '{
  "orderId": "orderId",
  "pickedSku": "pickedSku"
}' \
  localhost:9090 \
  acme.shop.inventory.v1.StockService/PickSession

# Counts from a stocktaking run, streamed by the scanner; answers with a summary
# gRPC /acme.shop.inventory.v1.StockService/RecordCounts
grpcurl \
  -plaintext \
  -import-path inventory/src/main/proto \
  -import-path common/src/main/proto \
  -proto acme/shop/inventory/v1/stock_service.proto \
  -d '{
  "sku": "sku",
  "warehouse": "warehouse",
  "counted": 0
}' \
  localhost:9090 \
  acme.shop.inventory.v1.StockService/RecordCounts

# Every change to the stock of the given SKUs, as it happens
# gRPC /acme.shop.inventory.v1.StockService/WatchStock
grpcurl \
  -plaintext \
  -import-path inventory/src/main/proto \
  -import-path common/src/main/proto \
  -proto acme/shop/inventory/v1/stock_service.proto \
  -d '{
  "skus": [
    "skus"
  ]
}' \
  localhost:9090 \
  acme.shop.inventory.v1.StockService/WatchStock

# ---------- inventory / Warehouses ----------

# List warehouses
# GET /rest/warehouses
curl \
  -X GET \
  -g \
  '{{host}}/rest/warehouses'

# Get a warehouse
# Warehouse codes are three upper-case letters.
# GET /rest/warehouses/{code}
curl \
  -X GET \
  -g \
  '{{host}}/rest/warehouses/code-1'

# ---------- orders / CartController ----------

# get
# GET /api/v1/carts/{cartId}
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/carts/cartId-1'

# Adds an item to a cart
# Adding an item already in the cart increases its quantity.
# POST /api/v1/carts/{cartId}/items
curl \
  -X POST \
  -g \
  '{{host}}/api/v1/carts/cartId-1/items' \
  -H 'Content-Type: application/json' \
  -d '{
  "sku": "sku",
  "quantity": 1
}'

# Removes an item from a cart
# DELETE /api/v1/carts/{cartId}/items/{sku}
curl \
  -X DELETE \
  -g \
  '{{host}}/api/v1/carts/cartId-1/items/sku-1'

# ---------- orders / Customer orders ----------

# Lists the caller's orders
# Newest first.
# GET /api/v1/orders
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/orders?page=0&size=20'

# Places an order
# Stock is reserved before payment is taken.
# POST /api/v1/orders
curl \
  -X POST \
  -g \
  '{{host}}/api/v1/orders' \
  -H 'Content-Type: application/json' \
  -d '{
  "lines": [
    {
      "sku": "sku",
      "quantity": 1
    }
  ],
  "shippingAddress": {
    "recipient": "recipient",
    "street": "street",
    "postalCode": "postalCode",
    "city": "city",
    "country": "CO"
  },
  "billingAddress": {
    "recipient": "recipient",
    "street": "street",
    "postalCode": "postalCode",
    "city": "city",
    "country": "CO"
  },
  "paymentMethod": "CARD",
  "couponCode": "couponCode"
}'

# Fetches one order
# GET /api/v1/orders/{orderId}
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/orders/orderId-1'

# Cancels an order that has not shipped yet
# POST /api/v1/orders/{orderId}/cancel
curl \
  -X POST \
  -g \
  '{{host}}/api/v1/orders/orderId-1/cancel' \
  -H 'Content-Type: application/json' \
  -d '{
  "reason": "CHANGED_MIND",
  "comment": "comment"
}'

# Downloads the receipt as PDF
# GET /api/v1/orders/{orderId}/receipt
curl \
  -X GET \
  -g \
  '{{host}}/api/v1/orders/orderId-1/receipt'

# Downloads the receipt as PDF
# HEAD /api/v1/orders/{orderId}/receipt
curl \
  -I \
  -g \
  '{{host}}/api/v1/orders/orderId-1/receipt'
