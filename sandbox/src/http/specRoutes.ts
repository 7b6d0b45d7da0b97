// The 24 method/path pairs of the management API spec (../shared/spec/management-api.md), in its
// numbering, written as the router's patterns. `startSandbox({ specOnly: true })` serves these and
// nothing else, so a client can be tested against a server built to the spec alone.
export const SPEC_ROUTES: readonly string[] = [
  'GET /svc/oauth/clients/:apiID/:keyName', // 1
  'PUT /svc/apis/:apiID', // 2
  'GET /svc/apis/oas/:apiID', // 3
  'POST /svc/apis/oas', // 4
  'POST /svc/keys/:keyID', // 5
  'POST /svc/org/keys/:keyID', // 6
  'GET /svc/policies', // 7
  'POST /svc/policies', // 8
  'PUT /svc/policies/:polID', // 9
  'GET /api/apis', // 10
  'PUT /api/apis/:apiId', // 11
  'PATCH /api/apis/streams/:apiId', // 12
  'PUT /api/apis/streams/:apiId', // 13
  'GET /api/apis/streams/:apiId', // 14
  'POST /api/apis/migrate', // 15
  'GET /api/examples/*location', // 16
  'PUT /api/apis/:apiID/keys/:keyID', // 17
  'GET /api/apis/:apiID/keys/:keyID', // 18
  'POST /api/keys/:keyId', // 19
  'POST /api/users', // 20
  'GET /api/activity/oauthid/:clientId/:startDay/:startMonth/:startYear/:endDay/:endMonth/:endYear', // 21
  'GET /api/hooks/:hookId', // 22
  'GET /api/hooks', // 23
  'PUT /admin/org/keys/:keyId', // 24
];

/** What a Go router answers for a route it does not have: plain text, not the families' JSON. */
export const NOT_FOUND_TEXT = '404 page not found\n';
