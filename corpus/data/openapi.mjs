// A petstore-like OpenAPI 3.0 document, generated and deterministic: 12 tags of 8 operations
// (96 operations) over 36 schemas with descriptions, enums, formats, examples, nested objects and
// arrays; served at /data/openapi.json for the API-doc apps of the corpus (?tags=N: the first N tags).

const kResources = [
  ['pet', 'Pets', 'Everything about your pets: adoption status, medical records and photos.'],
  ['store', 'Stores', 'Physical and online stores, opening hours and stock.'],
  ['order', 'Orders', 'Purchase orders placed in a store, their lines and their status.'],
  ['user', 'Users', 'Customer and staff accounts, sessions and preferences.'],
  ['vet', 'Veterinarians', 'Veterinarians, their specialties and their schedules.'],
  ['appointment', 'Appointments', 'Visits booked with a veterinarian for a pet.'],
  ['payment', 'Payments', 'Card and wallet payments, refunds and disputes.'],
  ['shipment', 'Shipments', 'Parcels sent to customers, carriers and tracking events.'],
  ['review', 'Reviews', 'Ratings and written reviews of products and stores.'],
  ['supplier', 'Suppliers', 'Suppliers of food, toys and accessories, with their contracts.'],
  ['product', 'Products', 'The catalogue: categories, prices, variants and images.'],
  ['report', 'Reports', 'Sales, inventory and adoption reports, generated asynchronously.'],
];
const kStatuses = ['available', 'pending', 'sold', 'archived'];
const cap = word => word[0].toUpperCase() + word.slice(1);

function schemaFor(name, index) {
  const Name = cap(name);
  const properties = {
    id: { type: 'integer', format: 'int64', example: 10 + index, description: `Unique identifier of the ${name}.`, readOnly: true },
    name: { type: 'string', example: `${Name} ${index}`, description: `Display name of the ${name}, shown in lists and receipts.`, maxLength: 120 },
    status: { type: 'string', enum: kStatuses, description: `Lifecycle status of the ${name}.`, example: kStatuses[index % 4] },
    createdAt: { type: 'string', format: 'date-time', description: 'When it was created (UTC).', readOnly: true },
    updatedAt: { type: 'string', format: 'date-time', description: 'When it was last changed (UTC).', readOnly: true },
    tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' }, description: 'Free-form labels used for search and filtering.' },
    owner: { $ref: '#/components/schemas/Owner' },
    price: { type: 'number', format: 'double', minimum: 0, example: 19.99 + index, description: 'Price in the store currency, taxes included.' },
    notes: { type: 'string', nullable: true, description: 'Internal notes; never shown to customers.' },
  };
  for (let extra = 0; extra < 3 + index % 5; extra++)
    properties[`${name}Field${extra}`] = { type: extra % 2 ? 'boolean' : 'string', description: `Resource-specific attribute ${extra} of the ${name}, documented for integrators.` };
  return { type: 'object', required: ['name', 'status'], properties, description: `A ${name} as the API returns it.` };
}

export function openApiDocument(tagCount = kResources.length) {
  const resources = kResources.slice(0, tagCount);
  const paths = {};
  const schemas = {
    Tag: { type: 'object', properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string', example: 'friendly' } } },
    Owner: { type: 'object', required: ['email'], properties: { id: { type: 'integer' }, email: { type: 'string', format: 'email', example: 'ada@example.com' }, phone: { type: 'string', example: '+44 20 7946 0958' }, address: { $ref: '#/components/schemas/Address' } } },
    Address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string', example: 'Lyon' }, zip: { type: 'string', pattern: '^[0-9]{5}$' }, country: { type: 'string', enum: ['FR', 'DE', 'GB', 'US', 'JP'] } } },
    Error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer', format: 'int32', example: 404 }, message: { type: 'string', example: 'Not found' }, details: { type: 'array', items: { type: 'string' } } } },
  };
  resources.forEach(([name, tag], index) => {
    const Name = cap(name);
    schemas[Name] = schemaFor(name, index);
    schemas[`${Name}Input`] = { type: 'object', required: ['name'], properties: { name: schemas[Name].properties.name, status: schemas[Name].properties.status, tags: schemas[Name].properties.tags, notes: schemas[Name].properties.notes } };
    schemas[`${Name}Page`] = { type: 'object', properties: { items: { type: 'array', items: { $ref: `#/components/schemas/${Name}` } }, total: { type: 'integer' }, next: { type: 'string', format: 'uri', nullable: true } } };
    const ref = schema => ({ $ref: `#/components/schemas/${schema}` });
    const json = schema => ({ content: { 'application/json': { schema: ref(schema) } } });
    const errors = {
      400: { description: 'Invalid input', ...json('Error') },
      404: { description: `${Name} not found`, ...json('Error') },
      default: { description: 'Unexpected error', ...json('Error') },
    };
    const idParam = { name: `${name}Id`, in: 'path', required: true, description: `ID of the ${name}`, schema: { type: 'integer', format: 'int64' } };
    const paging = [
      { name: 'limit', in: 'query', description: 'Page size (at most 100).', schema: { type: 'integer', default: 20, maximum: 100 } },
      { name: 'cursor', in: 'query', description: 'Cursor returned by the previous page.', schema: { type: 'string' } },
      { name: 'status', in: 'query', description: 'Only items with this status.', schema: { type: 'string', enum: kStatuses } },
    ];
    const base = `/${name}s`;
    const op = (verb, summary, extra) => ({ tags: [tag], summary, operationId: `${verb}${Name}${summary.length}`, description: `${summary}. Requires the \`${name}:write\` scope for changes; read operations need \`${name}:read\`. Rate limited to 100 requests a minute per key.`, ...extra });
    paths[base] = {
      get: op('list', `List ${name}s`, { parameters: paging, responses: { 200: { description: 'A page of results', ...json(`${Name}Page`) }, ...errors } }),
      post: op('create', `Create a ${name}`, { requestBody: { required: true, ...json(`${Name}Input`) }, responses: { 201: { description: 'Created', ...json(Name) }, ...errors } }),
    };
    paths[`${base}/{${name}Id}`] = {
      get: op('get', `Find a ${name} by ID`, { parameters: [idParam], responses: { 200: { description: 'successful operation', ...json(Name) }, ...errors } }),
      put: op('replace', `Replace a ${name}`, { parameters: [idParam], requestBody: { required: true, ...json(`${Name}Input`) }, responses: { 200: { description: 'Replaced', ...json(Name) }, ...errors } }),
      patch: op('update', `Update some fields of a ${name}`, { parameters: [idParam], requestBody: { ...json(`${Name}Input`) }, responses: { 200: { description: 'Updated', ...json(Name) }, ...errors } }),
      delete: op('delete', `Delete a ${name}`, { parameters: [idParam, { name: 'api_key', in: 'header', schema: { type: 'string' } }], responses: { 204: { description: 'Deleted' }, ...errors } }),
    };
    paths[`${base}/search`] = {
      get: op('search', `Search ${name}s by tag or text`, { parameters: [{ name: 'q', in: 'query', required: true, description: 'Text to look for in names and notes.', schema: { type: 'string' } }, { name: 'tags', in: 'query', style: 'form', explode: true, schema: { type: 'array', items: { type: 'string' } } }, ...paging], responses: { 200: { description: 'Matches', ...json(`${Name}Page`) }, ...errors } }),
    };
    paths[`${base}/{${name}Id}/archive`] = {
      post: op('archive', `Archive a ${name}`, { parameters: [idParam], responses: { 202: { description: 'Archiving started' }, ...errors }, deprecated: index % 4 === 0 }),
    };
  });
  return {
    openapi: '3.0.3',
    info: {
      title: 'Swagger Petstore — Enterprise', version: '2.4.0',
      description: 'A petstore-like API generated for the stagewright benchmark corpus: stores, orders, veterinarians, payments and the rest, each with list, create, read, replace, update, delete, search and archive operations.',
      contact: { email: 'api@example.com' }, license: { name: 'Apache 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0.html' },
    },
    servers: [{ url: 'https://petstore.example.com/api/v2', description: 'Production' }, { url: 'https://staging.petstore.example.com/api/v2', description: 'Staging' }],
    tags: resources.map(([, tag, description]) => ({ name: tag, description })),
    paths,
    components: {
      schemas,
      securitySchemes: { api_key: { type: 'apiKey', name: 'api_key', in: 'header' }, oauth: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://petstore.example.com/oauth/authorize', scopes: Object.fromEntries(resources.flatMap(([name]) => [[`${name}:read`, `read ${name}s`], [`${name}:write`, `modify ${name}s`]])) } } } },
    },
    security: [{ api_key: [] }, { oauth: [] }],
  };
}
