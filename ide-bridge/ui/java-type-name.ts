// A Java/Kotlin type (or a protobuf message) as people say it in a narrow editor: each qualified
// name without its package ("Result<List<CategoryDto>>", "LedgerController.Ledger",
// "GetStockRequest"); the full name goes in a tooltip. Packages are the lower-case segments by the
// Java and protobuf conventions; a class's own segments stay.

export function simpleTypeName(type: string): string {
  return type.replace(/\b(?:[a-z_][\w$]*\.)+(?=[A-Z_$])/g, '');
}
