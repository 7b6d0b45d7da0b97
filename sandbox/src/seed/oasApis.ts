// Seed OAS-native APIs (one versioned, with a child version) and streams APIs.
import type { Json } from '../types.js';
import { SEED_API_IDS as ID, SEED_ORG_ID } from './ids.js';

function oasDocument(id: string, name: string, listenPath: string, upstream: string, paths: Json, versioning?: Json): Json {
  return {
    openapi: '3.0.3',
    info: { title: name, version: '1.0.0', description: `${name} (seed data of the Svc sandbox).` },
    servers: [{ url: `http://localhost:8080${listenPath}` }],
    security: [{ authToken: [] }],
    paths,
    components: { securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    'x-svc-api-gateway': {
      info: { id, name, orgId: SEED_ORG_ID, state: { active: true, internal: false }, ...(versioning ? { versioning } : {}) },
      upstream: { url: upstream, rateLimit: { enabled: true, rate: 50, per: 60 } },
      server: {
        listenPath: { value: listenPath, strip: true },
        authentication: { enabled: true, securitySchemes: { authToken: { enabled: true } } },
      },
      middleware: {
        global: { contextVariables: { enabled: true }, trafficLogs: { enabled: true } },
        // Operation settings only for operations the document has (the gateway ignores others).
        ...(hasOperation(paths, 'listItems') ? { operations: { listItems: { allow: { enabled: false } } } } : {}),
      },
    },
  };
}

function hasOperation(paths: Json, operationId: string): boolean {
  return Object.values(paths).some((item) => Object.values(item as Json).some((op) => (op as Json)?.operationId === operationId));
}

const itemPaths: Json = {
  '/items': {
    get: {
      operationId: 'listItems',
      summary: 'List items',
      responses: { '200': { description: 'The items', content: { 'application/json': { example: [{ id: 1 }] } } } },
    },
    post: {
      operationId: 'createItem',
      requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } } },
      responses: { '201': { description: 'Created' } },
    },
  },
};

export function seedOasApis(): Json[] {
  return [
    oasDocument(ID.paymentsOas, 'Payments', '/payments/', 'https://payments.example.com', {
      '/payments': { get: { operationId: 'listPayments', responses: { '200': { description: 'Payments' } } } },
    }),
    oasDocument(ID.inventoryOas, 'Inventory', '/inventory/', 'https://inventory.example.com', itemPaths, {
      enabled: true,
      name: 'v1',
      default: 'self',
      location: 'header',
      key: 'x-api-version',
      fallbackToDefault: true,
      stripVersioningData: false,
      versions: [{ id: ID.inventoryOasV2, name: 'v2' }],
    }),
    oasDocument(ID.inventoryOasV2, 'Inventory-v2', '/inventory-v2/', 'https://inventory.example.com/v2', itemPaths),
  ];
}

function streamsDocument(id: string, name: string, listenPath: string, streams: Json): Json {
  return {
    openapi: '3.0.3',
    info: { title: name, version: '1.0.0' },
    paths: {},
    'x-svc-api-gateway': {
      info: { id, name, orgId: SEED_ORG_ID, state: { active: true } },
      server: { listenPath: { value: listenPath, strip: true } },
      upstream: { url: '' },
    },
    'x-svc-streaming': { streams },
  };
}

export function seedStreamsApis(): Json[] {
  return [
    streamsDocument(ID.ordersStream, 'Order events', '/order-events/', {
      orders: {
        input: { kafka: { addresses: ['kafka.example.com:9092'], topics: ['orders'], consumer_group: 'svc-sandbox' } },
        output: { http_server: { path: '/sse', stream_path: '/stream', ws_path: '/ws' } },
      },
    }),
    streamsDocument(ID.telemetryStream, 'Device telemetry', '/telemetry/', {
      telemetry: {
        input: { mqtt: { urls: ['tcp://mqtt.example.com:1883'], topics: ['devices/+/telemetry'] } },
        pipeline: { processors: [{ mapping: 'root = this.merge({"received_at": now()})' }] },
        output: { http_server: { ws_path: '/ws' } },
      },
    }),
  ];
}
