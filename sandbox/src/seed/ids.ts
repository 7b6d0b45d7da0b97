// Fixed ids of the seed data, so every data folder starts from the same recognisable gateway
// (and tests can name them). Secrets (keys, client secrets) are random per data folder.
import { stableHex } from '../http/ids.js';

export const SEED_ORG_ID = '5e9d9544a1dcd60001d0ed20';

export const SEED_API_IDS = {
  petstoreClassic: stableHex('seed:petstore-classic'),
  weatherClassic: stableHex('seed:weather-classic'),
  ordersClassic: stableHex('seed:orders-classic'),
  partnerOauth: stableHex('seed:partner-oauth'),
  legacyTcp: stableHex('seed:legacy-tcp'),
  countriesGraphql: stableHex('seed:countries-graphql'),
  chatWebsocket: stableHex('seed:chat-websocket'),
  billingVersioned: stableHex('seed:billing-new-versioning'),
  billingV2: stableHex('seed:billing-v2'),
  paymentsOas: stableHex('seed:payments-oas'),
  inventoryOas: stableHex('seed:inventory-oas'),
  inventoryOasV2: stableHex('seed:inventory-oas-v2'),
  ordersStream: stableHex('seed:orders-stream'),
  telemetryStream: stableHex('seed:telemetry-stream'),
} as const;
