/** The generated petstore-like OpenAPI 3.0 document (the first `tagCount` of its 12 tags). */
export function openApiDocument(tagCount?: number): { openapi: string; paths: Record<string, Record<string, unknown>>; tags: { name: string }[]; [key: string]: unknown };
